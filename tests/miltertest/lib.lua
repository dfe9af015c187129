-- lib.lua: helpers for the miltertest(8) scripts of tests/t-miltertest.sh
-- and tests/t-daemon.sh; loaded with dofile(lib).
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
--
-- Pitfalls of Debian's miltertest 2.11 that shape this file:
--  * a Lua error only gives exit status 1, no message: run() wraps the
--    test in pcall and prints the message with mt.echo;
--  * driving a step the filter negotiated off (SMFIP_NO*) fails silently:
--    every optional step is guarded with mt.test_option;
--  * MT_SMTPREPLY compares "code esc text" exactly: give all three.
--  * -D values arrive as strings.

local L = {}
L.failures = 0

function L.fail(msg)
	error(msg, 0)
end

-- A check that does not stop the script: counted, reported at the end.
function L.check(cond, what)
	if cond then
		mt.echo("PASS: " .. what)
	else
		mt.echo("FAIL: " .. what)
		L.failures = L.failures + 1
	end
	return cond
end

function L.num(v, default)
	if v == nil then return default end
	local n = tonumber(v)
	if n == nil then L.fail("not a number: " .. tostring(v)) end
	return n
end

function L.connect(sock)
	local conn = mt.connect(sock, 40, 0.25)
	if conn == nil then L.fail("mt.connect(" .. sock .. ") failed") end
	return conn
end

local function wants(conn, step)
	return not mt.test_option(conn, step)
end

local function expect(conn, code, what)
	local r = mt.getreply(conn)
	if r ~= code then
		L.fail(string.format("%s: milter replied %q, expected %q", what,
		    string.char(math.floor(r)), string.char(math.floor(code))))
	end
end

local function ok(rc, what)
	if rc ~= nil then L.fail(what .. " failed: " .. tostring(rc)) end
end

-- One SMTP connection to the filter, from client IP ip.
function L.session(sock, ip)
	local conn = L.connect(sock)
	if not mt.test_action(conn, SMFIF_ADDHDRS) then
		L.fail("the filter did not ask for SMFIF_ADDHDRS")
	end
	if wants(conn, SMFIP_NOCONNECT) then
		ok(mt.conninfo(conn, "client.e2e.test", ip or "192.0.2.1"), "conninfo")
		expect(conn, SMFIR_CONTINUE, "connect")
	end
	if wants(conn, SMFIP_NOHELO) then
		ok(mt.helo(conn, "client.e2e.test"), "helo")
		expect(conn, SMFIR_CONTINUE, "helo")
	end
	return conn
end

-- Send one message over conn and run end of message.
--   m.from, m.rcpt (list), m.headers (list of {name, value}), m.body,
--   m.qid. Returns the reply code at end of message.
L.qid = 0
function L.message(conn, m)
	L.qid = L.qid + 1
	mt.macro(conn, SMFIC_MAIL, "i", m.qid or string.format("E2E%04d", L.qid))
	ok(mt.mailfrom(conn, "<" .. (m.from or "sender@e2e.test") .. ">"), "mailfrom")
	expect(conn, SMFIR_CONTINUE, "MAIL FROM")
	if wants(conn, SMFIP_NORCPT) then
		for _, r in ipairs(m.rcpt or { "rcpt@example.test" }) do
			ok(mt.rcptto(conn, "<" .. r .. ">"), "rcptto")
			expect(conn, SMFIR_CONTINUE, "RCPT TO")
		end
	end
	if wants(conn, SMFIP_NOHDRS) then
		local hdrs = m.headers or {}
		local base = {
			{ "From", "<" .. (m.from or "sender@e2e.test") .. ">" },
			{ "To", "<rcpt@example.test>" },
			{ "Subject", m.subject or "e2e test" },
		}
		for _, h in ipairs(base) do ok(mt.header(conn, h[1], h[2]), "header") end
		for _, h in ipairs(hdrs) do ok(mt.header(conn, h[1], h[2]), "header") end
	end
	if wants(conn, SMFIP_NOEOH) then ok(mt.eoh(conn), "eoh") end
	if wants(conn, SMFIP_NOBODY) then
		-- in two chunks, CRLF line ends as an MTA sends them
		local body = string.gsub(m.body or "", "\r?\n", "\r\n")
		local cut = math.floor(#body / 2)
		ok(mt.bodystring(conn, string.sub(body, 1, cut)), "body")
		ok(mt.bodystring(conn, string.sub(body, cut + 1)), "body")
	end
	-- m.before_eom: a shell command run with the message all sent but EOM
	if m.before_eom then os.execute(m.before_eom) end
	ok(mt.eom(conn), "eom")
	return mt.getreply(conn)
end

-- The X-Nilsimsa-Cluster header added at end of message, parsed:
-- { raw=, id=, score=, count=, action= } or nil when none was added.
function L.cluster(conn)
	if not mt.eom_check(conn, MT_HDRADD, "X-Nilsimsa-Cluster") then return nil end
	local v = mt.getheader(conn, "X-Nilsimsa-Cluster", 0)
	local c = { raw = v }
	c.id = tonumber(string.match(v, "id=(%d+)"))
	c.score = tonumber(string.match(v, "score=(%-?%d+)"))
	c.count = tonumber(string.match(v, "count=(%d+)"))
	c.action = string.match(v, "action=([%a-]+)")
	return c
end

function L.reject_text(id)
	return string.format("Message rejected as bulk mail (nilsimsa cluster %d)", id)
end

-- Is the reply at end of message the bulk reject for cluster id?
function L.is_reject(conn, reply, id)
	return reply == SMFIR_REPLYCODE and
	    mt.eom_check(conn, MT_SMTPREPLY, "550", "5.7.1", L.reject_text(id))
end

-- A campaign copy: the same text with a varying line (the shell's
-- campaign_body; kept identical so that both sides build the same text).
function L.campaign_body(n, word)
	word = word or "pills"
	if word == "pills" then
		return "Dear valued customer,\n\n" ..
		"We are delighted to announce our exclusive spring offer on premium health\n" ..
		"products. For a limited time only you can order our best selling items at a\n" ..
		"fraction of the usual price, shipped discreetly to your door within three\n" ..
		"working days, with no prescription and no questions asked.\n\n" ..
		string.format("Your personal reference for this offer is %d-%d-A%d.\n\n",
		    n, n * 7919 % 10007, n * 31) ..
		"Thousands of satisfied customers have already taken advantage of these\n" ..
		"prices. Do not miss out: stocks are limited and the offer ends this Friday.\n" ..
		"Reply to this message or visit our online shop to place your order today,\n" ..
		"and receive a free gift with every purchase above fifty dollars.\n\n" ..
		"Best regards,\nThe Customer Care Team\n"
	end
	return "CONGRATULATIONS!\n\n" ..
	"Your e-mail address was selected in the international online lottery draw\n" ..
	"held last week by the promotion committee. You have won the sum of one\n" ..
	"million two hundred thousand euros, to be paid out by our fiduciary agent.\n\n" ..
	string.format("Winning ticket number: %d batch %d serial %d\n\n",
	    n * 104729 % 1000003, n, n * 13) ..
	"To claim your prize, send your full name, address, telephone number and a\n" ..
	"copy of your passport to the claims officer before the end of the month.\n" ..
	"Keep this notice confidential until your claim has been processed, to avoid\n" ..
	"double claims and unwarranted abuse of this programme.\n\n" ..
	"Yours faithfully,\nMrs. Maria Gonzales, Promotions Manager\n"
end

-- Run main() under pcall; exit status 1 on an error or a failed check.
function L.run(main)
	local passed, err = pcall(main)
	if not passed then
		mt.echo("FAIL: " .. tostring(err))
		error(err)
	end
	if L.failures > 0 then
		error(L.failures .. " check(s) failed")
	end
end

return L
