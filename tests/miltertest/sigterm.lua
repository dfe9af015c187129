-- sigterm.lua: SIGTERM while a session is open. The first copy of a
-- campaign goes through; the second copy is sent whole, then `stop` runs
-- (a shell command that sends SIGTERM and waits until the milter logs
-- that it is stopping), then EOM. libmilter's worker pool serves no idle
-- session after SIGTERM, so EOM may get no reply (the MTA then defers);
-- if it gets one, it is a verdict in the first copy's cluster at count 2.
-- Prints "copy2=joined" or "copy2=no-reply" for the calling script,
-- which checks the store after a restart.
--   miltertest -D lib=... -D sock=... -D stop='CMD' -s sigterm.lua
--
-- Copyright (c) 2026 The nilsimsa-milter authors
--
-- Permission to use, copy, modify, and distribute this software for any
-- purpose with or without fee is hereby granted, provided that the above
-- copyright notice and this permission notice appear in all copies.
--
-- THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
-- WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
-- MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
-- ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
-- WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
-- ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
-- OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.

local L = dofile(lib)

L.run(function()
	local conn = L.session(sock, "198.51.100.7")
	local r = L.message(conn, { qid = "TERM1", body = L.campaign_body(1) })
	local c1 = L.cluster(conn)
	L.check(r == SMFIR_CONTINUE and c1 ~= nil and c1.count == 1,
	    "before SIGTERM: copy 1 starts a cluster (" .. tostring(c1 and c1.raw) .. ")")
	local sent, r2 = pcall(L.message, conn, { qid = "TERM2",
	    body = L.campaign_body(2), from = "other@sender2.test", before_eom = stop })
	if sent then
		local c2 = L.cluster(conn)
		L.check(r2 == SMFIR_CONTINUE and c2 ~= nil and c1 ~= nil and
		    c2.id == c1.id and c2.count == 2,
		    "after SIGTERM: copy 2 joins the cluster, count 2 (" ..
		    tostring(c2 and c2.raw) .. ")")
		mt.echo("copy2=joined")
	else
		mt.echo("copy2=no-reply (" .. tostring(r2) .. ")")
	end
	pcall(mt.disconnect, conn)
	mt.echo(string.format("cluster id=%s", tostring(c1 and c1.id)))
end)
