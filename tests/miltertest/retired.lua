-- retired.lua: sessions left open across reloads each hold the
-- configuration they started with; however many, the next reload is
-- still taken (found by review: from the seventeenth on, reloads were
-- refused until the sessions closed). Opens n sessions, running
-- `reload` (a shell command that sends SIGUSR1 and waits for the
-- daemon's answer) after each, then closes them all.
--   miltertest -D lib=... -D sock=... -D n=N -D reload='CMD' -s retired.lua
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
	local held = {}
	for i = 1, L.num(n) do
		held[i] = L.session(sock, string.format("192.0.2.%d", 100 + i))
		os.execute(reload)
	end
	for i = 1, #held do
		mt.disconnect(held[i])
	end
end)
