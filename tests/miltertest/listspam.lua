-- listspam.lua: list headers do not spare a cluster marked spam. A first
-- copy starts a cluster; a copy to the spam trap alone is discarded and
-- marks it spam; the next copies, with List-Id or Precedence: bulk, are
-- rejected. A copy of a message learned with `nilsimsactl learn spam` is
-- rejected with List-Unsubscribe.
--   -D lib=... -D sock=... -D trap=ADDR
--   -D learned=FILE (the learned message's body) -D learned_id=N
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

local trap_body = "Dear beneficiary,\n\n" ..
    "Following the death of our late client, who left no will, the bank has\n" ..
    "resolved to transfer the sum of four million dollars held in his account\n" ..
    "to a foreign partner. Your name came up as his next of kin. Send us your\n" ..
    "full name, bank details and a copy of your passport, and the transfer\n" ..
    "will be completed within ten working days, free of all charges.\n\n" ..
    "Barrister James Okafor, Legal Department\n"

-- One copy from 10.79.NET.1; returns the reply and the connection.
local function send(net, rcpt, body, headers)
	local conn = L.session(sock, string.format("10.79.%d.1", net))
	local r = L.message(conn, {
		from = string.format("agent%d@bank%d.test", net, net),
		rcpt = rcpt, headers = headers, body = body,
	})
	return r, conn
end

L.run(function()
	local r, conn = send(1, { "victim0@example.test" }, trap_body)
	local c = L.cluster(conn)
	if r ~= SMFIR_CONTINUE or c == nil then L.fail("the first copy was not accepted") end
	local id = c.id
	mt.disconnect(conn)
	r, conn = send(2, { trap }, trap_body)
	L.check(r == SMFIR_DISCARD, "a copy to the spam trap alone: discarded")
	mt.disconnect(conn)
	for i, h in ipairs({ { "List-Id", "<news.bank.test>" }, { "Precedence", "bulk" } }) do
		r, conn = send(2 + i, { string.format("victim%d@example.test", i) }, trap_body, { h })
		L.check(L.is_reject(conn, r, id) and L.cluster(conn) == nil,
		    "trap-marked cluster " .. id .. ", " .. h[1] .. ": rejected 550 5.7.1")
		mt.disconnect(conn)
	end

	-- a mailing (five copies from one network and sender) is not marked
	-- by a trap copy from elsewhere; a copy of its own to the trap is
	local news = "Branch news: our Elm Street branch reopens on Monday after\n" ..
	    "its refit, with longer opening hours on Thursdays and a new advice\n" ..
	    "desk for small businesses. Savings rates are unchanged this month;\n" ..
	    "the mortgage team holds an open evening on the 14th at six.\n"
	local nid
	for i = 1, 5 do
		r, conn = send(20, { string.format("customer%d@example.test", i) }, news)
		c = L.cluster(conn)
		L.check(r == SMFIR_CONTINUE and c ~= nil, "newsletter copy " .. i .. ": accepted")
		nid = nid or (c and c.id)
		mt.disconnect(conn)
	end
	for i = 1, 2 do
		r, conn = send(21, { trap }, news)
		L.check(r == SMFIR_DISCARD, "newsletter text to the trap from another network (" ..
		    i .. "): discarded")
		mt.disconnect(conn)
	end
	r, conn = send(20, { "customer6@example.test" }, news)
	c = L.cluster(conn)
	L.check(r == SMFIR_CONTINUE and c ~= nil and c.id == nid,
	    "newsletter copy 6, after a trap copy from elsewhere: accepted, cluster " ..
	    tostring(nid) .. " (" .. tostring(c and c.raw) .. ")")
	mt.disconnect(conn)
	r, conn = send(20, { trap }, news)
	L.check(r == SMFIR_DISCARD, "the mailing's own copy to the trap: discarded")
	mt.disconnect(conn)
	r, conn = send(20, { "customer7@example.test" }, news)
	L.check(L.is_reject(conn, r, nid),
	    "newsletter copy 7, after its own copy reached the trap: rejected 550 5.7.1")
	mt.disconnect(conn)

	local f = io.open(learned, "r")
	if f == nil then L.fail("cannot read " .. learned) end
	local learned_body = f:read("*a")
	f:close()
	r, conn = send(9, { "victim9@example.test" }, learned_body,
	    { { "List-Unsubscribe", "<mailto:leave@bank.test>" } })
	L.check(L.is_reject(conn, r, L.num(learned_id)) and L.cluster(conn) == nil,
	    "learned spam cluster " .. learned_id .. ", List-Unsubscribe: rejected 550 5.7.1")
	mt.disconnect(conn)
end)
