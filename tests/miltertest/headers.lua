-- headers.lua: X-Nilsimsa and X-Nilsimsa-Cluster on accepted mail, short
-- bodies, and forged copies of our headers removed; more than 64 of them
-- refused (with -D shadow=1, a milter in Mode shadow: accepted, nothing
-- removed or added).
--   miltertest -D lib=tests/miltertest/lib.lua -D sock=inet:PORT@127.0.0.1 -s headers.lua
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

local body = "Hello Alice,\n\n" ..
	"the minutes of Tuesday's meeting of the allotment committee are attached.\n" ..
	"We agreed to move the compost bins behind the shed, and Bob offered to\n" ..
	"repair the water butt before the end of the month. Next meeting: the 14th.\n\n" ..
	"Cheers,\nCarol\n"

local other = "Pancakes for four: whisk 200 g flour, 2 eggs, 300 ml milk and a\n" ..
	"pinch of salt into a smooth batter; rest it for half an hour. Heat a\n" ..
	"heavy pan, wipe it with butter, pour a thin layer and tilt. Turn once the\n" ..
	"edges curl, about a minute a side. Serve with lemon and sugar.\n"

L.run(function()
	local conn = L.session(sock, "192.0.2.10")

	-- 1. an ordinary message: both headers, a new cluster, accepted
	local r = L.message(conn, { body = body })
	L.check(r == SMFIR_CONTINUE, "ordinary message: continue at end of message")
	local hex = mt.getheader(conn, "X-Nilsimsa", 0)
	L.check(hex ~= nil and string.match(hex, "^%x+$") and #hex == 64,
	    "X-Nilsimsa is 64 hex digits (" .. tostring(hex) .. ")")
	local c = L.cluster(conn)
	L.check(c ~= nil, "X-Nilsimsa-Cluster added")
	-- a new cluster has no score to show
	L.check(c and c.raw == string.format("id=%d; score=new; count=1; action=accept",
	    c.id or -1),
	    "X-Nilsimsa-Cluster has the form id=N; score=new; count=1; action=accept (" ..
	    tostring(c and c.raw) .. ")")
	L.check(not mt.eom_check(conn, MT_HDRDELETE), "nothing removed from a clean message")

	-- 2. the same body again: the same code, the same cluster, 2 recipients
	r = L.message(conn, { body = body, from = "other@e2e.test" })
	L.check(r == SMFIR_CONTINUE, "exact copy: continue")
	L.check(mt.getheader(conn, "X-Nilsimsa", 0) == hex, "exact copy: the same X-Nilsimsa")
	local c2 = L.cluster(conn)
	L.check(c2 and c.id and c2.id == c.id and c2.count == 2 and c2.score == 128,
	    "exact copy joins cluster " .. tostring(c.id) .. " with score 128, count 2 (" ..
	    tostring(c2 and c2.raw) .. ")")

	-- 3. an unrelated text: another code, another cluster
	r = L.message(conn, { body = other })
	local hex3 = mt.getheader(conn, "X-Nilsimsa", 0)
	local c3 = L.cluster(conn)
	L.check(r == SMFIR_CONTINUE and hex3 ~= nil and hex3 ~= hex,
	    "unrelated text: another X-Nilsimsa")
	L.check(c3 and c3.id ~= c.id and c3.count == 1 and c3.action == "accept",
	    "unrelated text: a new cluster (" .. tostring(c3 and c3.raw) .. ")")

	-- 4. a body shorter than MinBodyBytes is not clustered, still tagged as such
	r = L.message(conn, { body = "ok\n" })
	local cs = mt.getheader(conn, "X-Nilsimsa-Cluster", 0)
	L.check(r == SMFIR_CONTINUE and cs == "none; action=accept",
	    "short body: X-Nilsimsa-Cluster: none; action=accept (" .. tostring(cs) .. ")")

	-- 5. forged copies of our headers from outside are removed, ours added
	r = L.message(conn, { body = body .. "\nP.S. see you there\n", headers = {
		{ "X-Nilsimsa", string.rep("0", 64) },
		{ "X-Nilsimsa-Cluster", "id=1; score=128; count=1; action=accept" },
		{ "X-Nilsimsa", "second forged copy" },
		{ "X-Nilsimsa-Note", "not ours, stays" },
	} })
	L.check(r == SMFIR_CONTINUE, "forged headers: continue")
	L.check(mt.eom_check(conn, MT_HDRDELETE, "X-Nilsimsa"), "forged X-Nilsimsa removed")
	L.check(mt.eom_check(conn, MT_HDRDELETE, "X-Nilsimsa-Cluster"),
	    "forged X-Nilsimsa-Cluster removed")
	L.check(not mt.eom_check(conn, MT_HDRDELETE, "X-Nilsimsa-Note"),
	    "X-Nilsimsa-Note (not ours) kept")
	local h5 = mt.getheader(conn, "X-Nilsimsa", 0)
	L.check(h5 ~= nil and #h5 == 64 and h5 ~= string.rep("0", 64),
	    "our own X-Nilsimsa added after the forged ones went (" .. tostring(h5) .. ")")
	L.check(L.cluster(conn) ~= nil, "our own X-Nilsimsa-Cluster added")

	-- 6. more forged copies than the milter removes (64): refused, or in
	-- shadow mode accepted as it came
	local many = {}
	for i = 1, 65 do many[i] = { "X-Nilsimsa", "00" } end
	r = L.message(conn, { body = other, headers = many })
	if shadow then
		L.check(r == SMFIR_CONTINUE, "65 forged X-Nilsimsa, shadow: continue")
		L.check(not mt.eom_check(conn, MT_HDRDELETE, "X-Nilsimsa"),
		    "65 forged X-Nilsimsa, shadow: none removed")
		L.check(not mt.eom_check(conn, MT_HDRADD, "X-Nilsimsa"),
		    "65 forged X-Nilsimsa, shadow: none added")
	else
		L.check(r == SMFIR_REPLYCODE, "65 forged X-Nilsimsa: refused with a reply code")
		L.check(mt.eom_check(conn, MT_SMTPREPLY, "550", "5.7.1",
		    "Message carries 65 X-Nilsimsa headers, more than the 64 this filter removes"),
		    "65 forged X-Nilsimsa: 550 5.7.1 naming them")
	end
	-- 64 are still removed, and the message delivered with ours
	for i = 65, 65 do many[i] = nil end
	r = L.message(conn, { body = other, headers = many })
	L.check(r == SMFIR_CONTINUE, "64 forged X-Nilsimsa: continue")
	L.check(mt.eom_check(conn, MT_HDRDELETE, "X-Nilsimsa"), "64 forged X-Nilsimsa removed")

	mt.disconnect(conn)
end)
