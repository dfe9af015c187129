-- partial.lua: a whitelisted recipient spares itself, not the others.
-- While cluster id rejects, a copy to the whitelisted recipient among
-- others is rejected for all (550: the sender is told); with
-- RejectAction discard (-D action=discard) it is accepted and the others
-- are removed (smfi_delrcpt). A copy to the whitelisted recipient alone
-- is tagged; a copy to others alone is rejected (discarded). In shadow
-- mode nothing is removed or rejected: all is tagged.
--   -D lib=... -D sock=... -D id=N (the rejecting cluster) -D first=K
--   -D word=pills -D wl_rcpt=ADDR -D mode=enforce|shadow
--   [-D action=reject|discard]
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

L.run(function()
	local id, k = L.num(_G.id), L.num(_G.first)
	local shadow = _G.mode == "shadow"
	local discard = _G.action == "discard"
	local wl = "<" .. wl_rcpt .. ">"
	local function other(n) return string.format("other%d-%d@example.test", k, n) end
	local cases = {
		{ "to " .. wl_rcpt .. " and two others", { other(1), wl_rcpt, other(2) } },
		{ "to " .. wl_rcpt .. " alone", { wl_rcpt } },
		{ "to two others alone", { other(3), other(4) } },
	}
	for i, case in ipairs(cases) do
		local what, rcpt = case[1], case[2]
		local conn = L.session(sock, string.format("10.78.%d.1", (k + i) % 250))
		L.check(mt.test_action(conn, SMFIF_DELRCPT),
		    what .. ": the filter asked for SMFIF_DELRCPT")
		local r = L.message(conn, {
			from = string.format("promo%d@sender%d.test", k + i, k + i),
			rcpt = rcpt, body = L.campaign_body(k + i, word or "pills"),
		})
		local c = L.cluster(conn)
		local removed = {}
		for _, a in ipairs(rcpt) do
			removed[a] = mt.eom_check(conn, MT_RCPTDELETE, "<" .. a .. ">")
		end
		local got = tostring(c and c.raw)
		if i == 1 and not shadow and discard then
			L.check(r == SMFIR_CONTINUE and c ~= nil and c.id == id and
			    c.action == "reject-partial", what .. ": accepted, action=reject-partial (" .. got .. ")")
			L.check(removed[other(1)] and removed[other(2)], what .. ": the others removed")
			L.check(not removed[wl_rcpt], what .. ": " .. wl .. " kept")
		elseif i == 3 and not shadow and discard then
			L.check(r == SMFIR_DISCARD, what .. ": discarded")
		elseif (i == 1 or i == 3) and not shadow then
			L.check(L.is_reject(conn, r, id) and c == nil, what .. ": rejected 550 5.7.1")
			for a, rm in pairs(removed) do
				L.check(not rm, what .. ": <" .. a .. "> not removed")
			end
		else
			L.check(r == SMFIR_CONTINUE and c ~= nil and c.id == id and c.action == "tag",
			    what .. ": tagged (" .. got .. ")")
			for a, rm in pairs(removed) do
				L.check(not rm, what .. ": <" .. a .. "> kept")
			end
		end
		mt.disconnect(conn)
	end
end)
