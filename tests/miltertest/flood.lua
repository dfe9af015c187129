-- flood.lua: messages as fast as one session sends them, each its own
-- text (a campaign copy of its own number, a few joining one another),
-- until -D last or until the milter goes away; replies are not checked.
-- For tests/t-crash-load.sh, which kills the milter while several of
-- these run.
--   -D lib=... -D sock=... -D first=K -D last=N -D word=pills|lottery
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
	local first = L.num(_G.first, 1)
	local last = L.num(_G.last, first + 1000000)
	for k = first, last do
		local conn = L.session(sock, string.format("10.%d.%d.9", k // 250 % 250, k % 250))
		L.message(conn, {
			from = string.format("flood%d@sender%d.test", k, k % 97),
			rcpt = { string.format("user%d@example.test", k) },
			subject = "Flood " .. k,
			body = L.campaign_body(k, _G.word),
		})
		mt.disconnect(conn)
	end
end)
