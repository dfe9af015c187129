-- reload.lua: a reload between two messages of one connection applies to
-- the second, client whitelist included. The script sends a copy, then
-- a duplicate, runs `reload` (a shell command that swaps the config and
-- sends SIGUSR1), and sends a third copy over the same connection.
--   miltertest -D lib=... -D sock=... -D ip=ADDR -D reload='CMD' -s reload.lua
--
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

local body = "Quarterly statement: your account summary is ready to view online.\n" ..
	"Log in with your customer number to see the balance, the payments\n" ..
	"received this quarter and the charges due before the end of the month.\n"

L.run(function()
	local conn = L.session(sock, ip)
	-- each copy to someone new, as a campaign's copies go
	for i = 1, 2 do
		L.message(conn, { qid = "RELOAD" .. i, body = body,
		    rcpt = { "rcpt" .. i .. "@example.test" } })
	end
	os.execute(reload)
	L.message(conn, { qid = "RELOAD3", body = body, rcpt = { "rcpt3@example.test" } })
	mt.disconnect(conn)
end)
