-- campaign.lua: copies of one text with a varying line, each from another
-- envelope sender; checks the action of every copy against the plan the
-- calling script derived from the thresholds of its configuration.
--   -D lib=... -D sock=...
--   -D first=K -D last=N     copies K..N (default 1..10)
--   -D rcpts=R               recipients per copy (default 1)
--   -D first_tag=T           first copy tagged (0: none before the rejects)
--   -D first_reject=J        first copy rejected (0: never)
--   -D word=pills|lottery    which text
--   -D net=many|one          each copy from a /24 of its own, or all from one
--   -D id=N                  the cluster the copies must join (default:
--                            the one copy K starts or joins)
--   -D count=C               the cluster's count before copy K (default:
--                            0 when K is 1, else unchecked for copy K)
-- Prints "cluster id=N count=C" for the last accepted copy.
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
	local first, last = L.num(_G.first, 1), L.num(_G.last, 10)
	local rcpts = L.num(_G.rcpts, 1)
	local first_tag, first_reject = L.num(_G.first_tag, 0), L.num(_G.first_reject, 0)
	local w = _G.word or "pills"
	local id = L.num(_G.id, nil)
	local count = L.num(_G.count, nil)
	if count == nil and first == 1 then count = 0 end

	for k = first, last do
		local ip = (_G.net == "one") and string.format("10.99.99.%d", k % 250 + 1)
		    or string.format("10.%d.%d.7", k // 250, k % 250)
		local conn = L.session(sock, ip)
		local rl = {}
		for i = 1, rcpts do rl[i] = string.format("user%d.%d@example.test", k, i) end
		local r = L.message(conn, {
			from = string.format("promo%d@sender%d.test", k, k),
			rcpt = rl, subject = "Offer " .. k,
			body = L.campaign_body(k, w),
		})
		local want = "accept"
		if first_reject > 0 and k >= first_reject then want = "reject"
		elseif first_tag > 0 and k >= first_tag then want = "tag" end

		local c = L.cluster(conn)
		if want == "reject" then
			L.check(id ~= nil and L.is_reject(conn, r, id),
			    string.format("copy %d: 550 5.7.1 %q", k, L.reject_text(id or 0)))
			L.check(c == nil, string.format("copy %d: rejected, no header added", k))
		else
			if id == nil and c ~= nil then id = c.id end
			L.check(r == SMFIR_CONTINUE and c ~= nil and c.id == id and
			    c.action == want and c.count ~= nil and
			    (count == nil or c.count == count + rcpts),
			    string.format("copy %d: action=%s in cluster %s, count up by %d (%s)",
			    k, want, tostring(id), rcpts, tostring(c and c.raw)))
			if c ~= nil then count = c.count end
		end
		if want == "reject" then count = count and count + rcpts end
		mt.disconnect(conn)
	end
	mt.echo(string.format("cluster id=%s count=%s", tostring(id), tostring(count)))
end)
