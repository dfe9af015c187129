-- exempt.lua: once a campaign's cluster rejects, copies from whitelisted
-- clients, senders or to whitelisted recipients are only tagged; list
-- headers exempt nothing; copies without a whitelist are still rejected.
--   -D lib=... -D sock=... -D id=N (the rejecting cluster) -D first=K
--   -D word=pills -D wl_client=IP -D wl_sender=ADDR -D wl_rcpt=ADDR
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
	local cases = {
		{ "control copy", "reject", {} },
		{ "whitelisted client " .. wl_client, "tag", { ip = wl_client } },
		{ "whitelisted sender " .. wl_sender, "tag", { from = wl_sender } },
		{ "whitelisted recipient " .. wl_rcpt, "tag", { rcpt = { wl_rcpt } } },
		-- list headers are the sender's words: they exempt nothing
		{ "List-Id", "reject", { headers = { { "List-Id", "<offers.lists.e2e.test>" } } } },
		{ "List-Unsubscribe", "reject",
		    { headers = { { "List-Unsubscribe", "<mailto:leave@lists.e2e.test>" } } } },
		{ "Precedence: bulk", "reject", { headers = { { "Precedence", "bulk" } } } },
		{ "Precedence: list", "reject", { headers = { { "Precedence", "list" } } } },
		{ "Precedence: junk", "reject",
		    { headers = { { "Precedence", "junk" } } } },
		{ "control copy again", "reject", {} },
	}
	for _, case in ipairs(cases) do
		local what, want, o = case[1], case[2], case[3]
		local conn = L.session(sock, o.ip or string.format("10.77.%d.1", k % 250))
		local r = L.message(conn, {
			from = o.from or string.format("promo%d@sender%d.test", k, k),
			rcpt = o.rcpt or { string.format("user%d@example.test", k) },
			headers = o.headers, body = L.campaign_body(k, word or "pills"),
		})
		local c = L.cluster(conn)
		if want == "reject" then
			L.check(L.is_reject(conn, r, id) and c == nil, what .. ": rejected 550 5.7.1")
		else
			L.check(r == SMFIR_CONTINUE and c ~= nil and c.id == id and c.action == "tag",
			    what .. ": tagged, not rejected (" .. tostring(c and c.raw) .. ")")
		end
		mt.disconnect(conn)
		k = k + 1
	end
end)
