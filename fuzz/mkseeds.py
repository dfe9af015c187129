#!/usr/bin/env python3
# mkseeds.py: writes the seed corpora fuzz/corpus/<harness>/ (committed;
# run again only to change them): python3 fuzz/mkseeds.py [SHARED]
# Canon seeds are synthetic MIME messages in many charsets and encodings,
# plus the first few KiB of some SpamAssassin unit-test messages
# (Apache-2.0, from SHARED/corpus/spamassassin-tdata) when SHARED is given.
import base64, json, os, quopri, struct, sys

top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

def put(h, name, data):
    d = os.path.join(top, h)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)

# ---------------------------------------------------------------- forms
# Canonical text as message.c holds it (lowercase, one space between
# words); byte 0 of each seed says which form's run comes first
# (fuzz_forms.c: 1 Zoom's, 2 Tencent Meeting's).
zoom_us = ("ann lee is inviting you to a scheduled zoom meeting. topic: thesis "
    "committee time: jun 7, 2026 02:00 pm https://us06web.zoom.us/j/85123456789?pwd=xy7 "
    "meeting id: 851 2345 6789 passcode: 934103 --- one tap mobile "
    "+16465588656,,85123456789#,,,,*934103# us (new york) +16469313860,,85123456789#,,,,*934103# us "
    "--- dial by your location \u2022 +1 646 558 8656 us (new york) \u2022 +1 646 931 3860 us "
    "\u2022 +1 301 715 8592 us (washington dc) \u2022 +1 312 626 6799 us (chicago) "
    "meeting id: 851 2345 6789 passcode: 934103 find your local number: https://us06web.zoom.us/u/kd3fx ")
put("forms", "zoom-us", b"\x01" + zoom_us.encode())
put("forms", "tencent", b"\x02" + ("\u9093\u6797 \u4f1a\u8bae\u4e3b\u9898:\u5468\u4f1a "
    "\u4f1a\u8bae\u65f6\u95f4:2026/06/03 15:00-16:00 (gmt+08:00) \u4e2d\u56fd\u6807\u51c6\u65f6\u95f4 - \u5317\u4eac "
    "\u70b9\u51fb\u94fe\u63a5\u5165\u4f1a,\u6216\u6dfb\u52a0\u81f3\u4f1a\u8bae\u5217\u8868: "
    "https://meeting.tencent.com/dm/abcd #\u817e\u8baf\u4f1a\u8bae:134-724-899 "
    "\u624b\u673a\u4e00\u952e\u62e8\u53f7\u5165\u4f1a +8675536550000,,134724899# (\u4e2d\u56fd\u5927\u9646) "
    "+85230018898,,,2,134724899# (\u4e2d\u56fd\u9999\u6e2f) ").encode())
put("forms", "teams-link", b"\x00" + (
    "microsoft teams meeting join on your computer, mobile app or room device click here to join "
    "the meeting<https://teams.microsoft.com/l/meetup-join/19%3ameeting_qkzt%40thread.v2/0?context="
    "%7b%22tid%22%3a%22b1c2%22%2c%22oid%22%3a%22a9e4%22%7d> meeting id: 879 133 601 927 ").encode())
put("forms", "bounce", b"\x00" + (
    "this is the mail system at host mx.far.example. i'm sorry to have to inform you that your "
    "message could not be delivered to one or more recipients. it's attached below. ").encode())
put("forms", "places", b"\x01" + ("+18005550100 your mailbox is full. +18005550101 confirm "
    "+18005550102 at mail.example +12345678 overtime: +1 234 567 +1 234 568 " * 4).encode())

# ---------------------------------------------------------------- rfc2047
# Header values with encoded-words (fuzz_rfc2047.c): byte 0 is the
# output's size less one.
put("rfc2047", "gb2312-b", b"\x4f=?GB2312?B?suLK1NPKvP4=?= =?gbk?Q?=D6=D0=CE=C4?= news")
put("rfc2047", "iso2022jp", b"\xff=?ISO-2022-JP?B?GyRCJUYlOSVIGyhC?=\r\n =?UTF-8*ja?Q?=E3=83=86?=")
put("rfc2047", "koi8-short", b"\x05Re: =?koi8-r?B?8NLJ18XU?= x =?x-nosuch?B?YQ==?=")
put("rfc2047", "broken", b"\x40=?UTF-8?Q?=4?= =?UTF-8?B?a*b?= =??Q?a?= =?UTF-8?Q?abc")

# ---------------------------------------------------------------- quotes
# Canonical text with the header blocks of quoted replies (fuzz_quotes.c).
put("quotes", "outlook-en", ("thanks, the figures agree. from: ann lee <ann@far.test> "
    "sent: monday, june 1, 2026 5:47 pm to: bob ray <bob@near.test>; cy dee <cy@near.test> "
    "cc: di fox <di@near.test> subject: re: budget 2027 please check the figures. ").encode())
put("quotes", "outlook-ko", ("\ub124, \ud655\uc778\ud588\uc2b5\ub2c8\ub2e4. "
    "\ubcf4\ub0b8 \uc0ac\ub78c: ann <ann@far.test> \ubcf4\ub0b8 \ub0a0\uc9dc: "
    "2026\ub144 6\uc6d4 3\uc77c \uc218\uc694\uc77c \uc624\uc804 2:24 "
    "\ubc1b\ub294 \uc0ac\ub78c: bob <bob@near.test> \uc81c\ubaa9: re: [\uc548\ub0b4] ").encode())
put("quotes", "outlook-zh", ("\u6536\u5230\u3002 \u53d1\u4ef6\u4eba: a <a@x.test> "
    "\u53d1\u9001\u65f6\u95f4: 2026\u5e746\u67084\u65e5 17:15 \u6536\u4ef6\u4eba: "
    "b <b@y.test>; c <c@y.test> \u6284\u9001: d <d@y.test> \u4e3b\u9898: \u5f02\u5e38\u5206\u6790 ").encode())
put("quotes", "gmail-line", ("yes. on mon, jun 1, 2026 at 5:47 pm ann lee <ann@far.test> "
    "wrote: shall we? ").encode())
put("quotes", "many-blocks", ("from: a@b.test to: buy@cheap.test subject: offer " * 40).encode())

# ---------------------------------------------------------------- canon
# Settings bytes (see fuzz_canon.c): whole message with its own headers,
# no added type or encoding.
WHOLE = bytes([0x04, 0x03, 0x00, 0x11])
text = "Dear friend, cheap Viagra! Ünïcödé «quotes» — 价格优惠 特价 ценa скидка\n"
texts = {
    "utf-8": text, "iso-8859-1": "Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e, na\u00efve\n",
    "windows-1252": "\u201cSmart quotes\u201d \u2014 \u20ac100 off\n",
    "iso-8859-2": "Za\u017c\u00f3\u0142\u0107 g\u0119\u015bl\u0105 ja\u017a\u0144\n",
    "koi8-r": "\u0421\u043a\u0438\u0434\u043a\u0430 50% \u043d\u0430 \u0432\u0441\u0451\n",
    "windows-1251": "\u0414\u0435\u0448\u0435\u0432\u044b\u0435 \u043b\u0435\u043a\u0430\u0440\u0441\u0442\u0432\u0430\n",
    "iso-8859-7": "\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac \u03ba\u03b5\u03af\u03bc\u03b5\u03bd\u03bf\n",
    "gb2312": "\u4ef7\u683c\u4f18\u60e0\uff0c\u7279\u4ef7\u4ea7\u54c1\n",
    "gbk": "\u53d1\u7968\u4ee3\u5f00 \u9280\u884c\n", "gb18030": "\u53d1\u7968 \U00020000 \u20ac\n",
    "big5": "\u5e73\u50f9\u5546\u54c1 \u512a\u60e0\u6d3b\u52d5\n",
    "shift_jis": "\u304a\u5f97\u306a\u60c5\u5831\u3067\u3059 \uff71\uff72\uff73\n",
    "euc-jp": "\u7121\u6599\u30b5\u30f3\u30d7\u30eb\u914d\u5e03\u4e2d\n",
    "iso-2022-jp": "\u672a\u627f\u8afe\u5e83\u544a\u203b \u51fa\u4f1a\u3044\n",
    "euc-kr": "\uad11\uace0 \ubb34\ub8cc \uc0c1\ud488\n", "iso-2022-kr": "\uad11\uace0 \ubb34\ub8cc\n",
    "utf-7": "Hi Mom -\u263a-! \u65e5\u672c\u8a9e\n", "utf-16": text, "utf-16le": text,
    "utf-16be": text, "utf-32": text, "tis-620": "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35\n",
    "hz": "\u4f60\u597d\u4e16\u754c\n", "iso-8859-15": "\u20ac \u0160\u0161\u017d\n",
    "cp932": "\u2460\u2461 \u9ad9\u6a4b\n", "koi8-u": "\u0491\u0454\u0456\u0457\n",
}
pyname = {"hz": "hz", "cp932": "cp932"}
n = 0
for cs, t in texts.items():
    body = (t * 3).encode(pyname.get(cs, cs))
    for cte in ("base64", "quoted-printable", "8bit"):
        if cte == "base64":
            enc = base64.encodebytes(body)
        elif cte == "quoted-printable":
            enc = quopri.encodestring(body)
        else:
            enc = body
        label = "hz-gb-2312" if cs == "hz" else cs
        msg = (b"From: a@example.com\nSubject: seed\nMIME-Version: 1.0\n"
               b"Content-Type: text/plain; charset=\"" + label.encode() +
               b"\"\nContent-Transfer-Encoding: " + cte.encode() + b"\n\n" + enc)
        if cte == "8bit" or cs in ("utf-8", "iso-2022-jp", "gbk", "big5", "utf-16"):
            put("canon", "cs-%s-%s" % (cs, cte), WHOLE + msg)
            n += 1

html = (b"<html><head><style>p{color:red}</style><script>var x='<p>';</script>"
        b"</head><body><p>V<b></b>iagra &amp; C&#105;alis &#x263a; &nbsp;"
        b"<!-- hidden text --><div>cheap</div><br/>&eacute;&bogus; &#0; &#xFFFFFFFF;"
        b"<a href=\"http://x\">link</a></body></html>\n")
put("canon", "html", WHOLE + b"Content-Type: text/html; charset=utf-8\n\n" + html)
put("canon", "html-unclosed-comment", WHOLE +
    b"Content-Type: text/html\n\n<p>before<!-- never closed <p>after\n")
put("canon", "html-cascade-html5", WHOLE + b"Content-Type: text/html\n\n"
    b"<style>.v{display:block !important}.v{display:none}.h{opacity:0}</style>"
    b"<div class=v style=\"display:none\">a</div><i style=\"display:block!important;"
    b"display:none\">b</i><a style=display:none>x<a>c</a><h1 hidden>y<h2>d</h2>"
    b"<table><tr hidden><td>z<tr><td>e</table><table hidden><tr><td>w</td></tr>f"
    b"</table><!-- g --!> h <button class=h>k<span><button>l</button>\n")
put("canon", "html-tree-html5", WHOLE + b"Content-Type: text/html\n\n"
    b"<a href=1 style=display:none>x<div>y<a href=2>c</a> d</div><ul><li>"
    b"<span hidden>z<li>e<li><div hidden>w<li>f</ul><table><tr><td><b hidden>v"
    b"<td>g</table><p><i hidden>u</p>t</i><div><x-a><span hidden>s</x-a>h</div>"
    b"<label><span hidden>r<div>q</label>p</div>o</span><dl><dt><em hidden>n<dd>"
    b"</body>m</dl>\n")
alt = (b"Content-Type: multipart/alternative; boundary=\"alt\"\n\npreamble\n"
       b"--alt\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
       b"Caf=C3=A9 soft=\nbreak =3D=20\n--alt\nContent-Type: text/html; charset=iso-8859-1\n"
       b"Content-Transfer-Encoding: base64\n\n" + base64.encodebytes(b"<p>Caf\xe9</p>") +
       b"--alt--\nepilogue\n")
put("canon", "alternative", WHOLE + alt)
nested = (b"Content-Type: multipart/mixed; boundary=\"outer\"\n\n--outer\n"
          b"Content-Type: multipart/related; boundary=\"inner\"\n\n--inner\n"
          b"Content-Type: text/plain\n\ninner text\n--inner\nContent-Type: image/png\n"
          b"Content-Transfer-Encoding: base64\n\niVBORw0KGgo=\n--inner--\n--outer\n"
          b"Content-Type: message/rfc822\n\nSubject: fwd\nContent-Type: text/plain; charset=koi8-r\n\n"
          b"\xf3\xcb\xc9\xc4\xcb\xc1\n--outer--\n")
put("canon", "nested", WHOLE + nested)
deep = b""
for i in range(10):
    deep += b"Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n" % (i, i)
deep += b"Content-Type: text/plain\n\ndeep\n"
put("canon", "deep", WHOLE + deep)
# loose multiparts (canon.h): past MAXDEPTH, a boundary over BND_MAX, one
# lost in a header cut at HDR_MAX; an encoded message/rfc822
loose = b"Content-Type: multipart/mixed; boundary=b0\n\n"
for i in range(12):
    loose += b"--b%d\nContent-Type: multipart/mixed; boundary=b%d\n\n" % (i, i + 1)
loose += (b"--b12\n\ndecoy\n--b12--\n--b11\nContent-Transfer-Encoding: base64\n\n"
          b"QnV5IGNoZWFwIHdhdGNoZXM=\n--b11--\n--b0--\n")
put("canon", "loose-deep", WHOLE + loose)
put("canon", "loose-long-boundary", WHOLE + b"Content-Type: multipart/mixed; boundary=\"" +
    b"x" * 300 + b"\"\n\n--" + b"x" * 300 + b"\nContent-Type: text/plain\n\nbuy now\n--" +
    b"x" * 300 + b"--\n")
put("canon", "loose-padded-ctype", WHOLE + b"Content-Type: multipart/mixed; x=\"" + b"y" * 5000 +
    b"\"; boundary=p\n\n--p\nContent-Type: text/plain; charset=utf-8\n"
    b"Content-Transfer-Encoding: quoted-printable\n\nbuy =E2=82=AC now\n--p--\n")
put("canon", "rfc822-base64", WHOLE + b"Content-Type: multipart/mixed; boundary=o\n\n--o\n"
    b"Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n"
    b"U3ViamVjdDogeAoKSW5uZXIgdGV4dAo=\n--o--\n")
put("canon", "rfc2231", WHOLE +
    b"Content-Type: multipart/mixed;\n boundary*0=\"abc\";\n boundary*1=\"def\"\n\n--abcdef\n"
    b"Content-Type: text/plain;\n charset*=utf-8''%E2%82%AC;\n name*=iso-8859-1'en'%E9t%E9\n"
    b"Content-Disposition: inline; filename*0*=utf-8''a%20b; filename*1=c\n\nrfc 2231 \xe2\x82\xac\n--abcdef--\n")
put("canon", "badb64", WHOLE + b"Content-Transfer-Encoding: base64\n\nSGVsbG8@@==\n===\nV29y\nbGQ\n")
put("canon", "badqp", WHOLE + b"Content-Transfer-Encoding: quoted-printable\n\n=ZZ=4=\r\n=C3=\n=A9 tail=")
put("canon", "crlf", WHOLE + b"Subject: x\r\nContent-Type: text/plain\r\n\r\nline one\r\nline\rtwo\r\n\r\n")
put("canon", "nul", WHOLE + b"Content-Type: text/plain\n\nnul\x00byte\x01ctl \xc2\x85 \xef\xbb\xbf\xe2\x80\x8b\n")
put("canon", "longhdr", WHOLE + b"Content-Type: text/plain; x=\"" + b"a" * 5000 + b"\"\n\nbody\n")
put("canon", "folded", WHOLE + b"Content-Type:\n text/plain;\n\tcharset=\n \"utf-8\"\n\nfolded\n")
put("canon", "noboundary", WHOLE + b"Content-Type: multipart/mixed; boundary=zz\n\nno boundary ever\n")
put("canon", "hidden", WHOLE + b"Content-Type: text/html\n\n<style><!-- .h, p.k {display:none"
    b" !important} /* .c{display:none} */ @media x { .m{display:none} } --></style>"
    b"a<span style=\"font-size:0px;color:#fff\">b</span><p class='z h'>c<p hidden>d"
    b"<td style=font-size:0><div style='font-size:14px'>e</div></td>"
    b"<div style=\"DISPLAY : NONE\">" + b"f " * 600 + b"</div>g\n")
put("canon", "hidden-images", WHOLE + "Content-Type: text/html; charset=utf-8\n\n"
    "<img src=a.png><p>Buy now</p><div style=display:none>\u5df2\u9690\u85cf "
    "<b>x</b>{}</div><span hidden>{}</span>\n".format("\u00e9" * 1500,
    "\u4e2d" * 1000).encode())
put("canon", "attr-entities", WHOLE + b"Content-Type: text/html\n\n<style>.h{display:none}</style>"
    b"<p style='display&#58;none'>a</p><p style=display&colon none>b</p><p class=\"h&#0;\">c</p>"
    b"<p style=\"a&quot=;display:none\">d</p><p style='display:&#x0000000000000000000000000000006e;one'>e"
    b"</p>&#111ne &euro &eacute &#99999999999999999999999999999999999; &colon;&semi;\n")
put("canon", "lookalikes", WHOLE + "Content-Type: text/plain; charset=utf-8\n\n"
    "\u043effer P\u0410YP\u0410L \u0440\u0430\u0443 \u0430 B\u0430\u0448 \u0448a\u043d\u0441 "
    "Ve\u0301ry \u202eabc \U0001d405\U0001d42b\u24d5\U0001f170 \u05e9\u05b8\u05dc\n".encode())
put("canon", "spaced-letters", WHOLE + "Content-Type: text/plain; charset=utf-8\n\n"
    "{} f r e e m o n e y\nF R E E  M O N E Y v.i.a.g.r.a c-h-e-a-p \u514d \u8d39 \u53d1 "
    "\u7968 \u0438 \u0432 \u0430 a b e.g. x y z f\nr\ne f. r. e.\n".format("y" * 4080).encode())
put("canon", "digit-letters", WHOLE + b"Content-Type: text/html; charset=utf-8\n\n"
    b"<p>FR33 m0n3y, v14gr4 cl1ck 5ave 7oday 2026 h264 10:30 b2b 3x a4 12ab F<b> </b>R E&#32;E "
    + b"a1" * 40 + b"</p>\n")
put("canon", "raw", bytes([0x07, 0x03, 0x00, 0x05]) + b"Subject: r\n\nraw body\r\nline\r\n")
put("canon", "raw-body", bytes([0x03, 0x03, 0x85, 0x22]) + b"raw body only\r\n.\r\n")
put("canon", "body-b64-gbk", bytes([13 << 3, 0x04, 0x00, 0x07]) +
    base64.encodebytes("\u53d1\u7968\u4ee3\u5f00".encode("gbk") * 5))
put("canon", "body-qp-2022jp", bytes([19 << 3, 0x08, 0x00, 0x09]) +
    quopri.encodestring("\u672a\u627f\u8afe\u5e83\u544a".encode("iso-2022-jp")))
put("canon", "body-utf7", bytes([22 << 3, 0x00, 0x00, 0x0b]) + "\u263a\u65e5 x".encode("utf-7"))
put("canon", "body-utf16", bytes([23 << 3, 0x01, 0x00, 0x0d]) + "<p>\u4f60\u597d</p>".encode("utf-16"))
put("canon", "body-multipart", bytes([0x00, 0x02, 0x00, 0x0f]) +
    b"--=b\nContent-Type: text/plain; charset=big5\n\n" + "\u5e73\u50f9".encode("big5") + b"\n--=b--\n")
put("canon", "body-truncated", bytes([1 << 3, 0x00, 0x81, 0x13]) + text.encode() * 4)

# The milter's way: header fields through canon_header(), then the body.
MILTER = bytes([0x00, 0x13, 0x00, 0x2b])
for name, msg in (("alternative", alt), ("nested", nested), ("rfc2231",
        b"Content-Type: multipart/mixed;\r\n boundary*0=\"abc\";\r\n\tboundary*1=def\r\n\r\n"
        b"--abcdef\nContent-Type: text/plain; charset*=utf-8''%E2%82%AC\n\n\xe2\x82\xac\n--abcdef--\n"),
        ("html", b"Subject: x\nContent-Type: text/html;\n charset=windows-1251\n\n" + html),
        ("b64", b"Content-Transfer-Encoding: base64\nContent-Type: text/plain; charset=gbk\n\n" +
         base64.encodebytes("\u53d1\u7968".encode("gbk") * 9))):
    put("canon", "milter-" + name, MILTER + msg)

if len(sys.argv) > 1:
    td = os.path.join(sys.argv[1], "corpus", "spamassassin-tdata")
    for rel in ("nice/cjk", "nice/mime1", "nice/mime3", "nice/mime5", "nice/mime9",
                "nice/unicode1", "nice/unicode2", "nice/crlf-endings", "nice/base64.txt",
                "spam/badctype1", "spam/badmime.txt", "spam/badmime3.txt",
                "spam/base64.txt", "spam/extracttext"):
        p = os.path.join(td, rel)
        if os.path.isfile(p):
            with open(p, "rb") as f:
                put("canon", "sa-" + rel.replace("/", "-"), WHOLE + f.read(6144))
    for sub in ("nice/cjk",):
        p = os.path.join(td, sub)
        if os.path.isdir(p):
            for name in sorted(os.listdir(p))[:8]:
                with open(os.path.join(p, name), "rb") as f:
                    put("canon", "sa-cjk-" + name, WHOLE + f.read(6144))

# ---------------------------------------------------------------- config
confs = {
    "empty": "",
    "sample": "# sample\nSocket inet:8894@127.0.0.1\nUserID nobody:nogroup\nPidFile /tmp/x.pid\n"
              "UMask 007\nSyslog yes\nSyslogFacility mail\nStore /tmp/store\nMaxClusters 100000\n"
              "LogLevel info\nCanonicalization text\nMinBodyBytes 64\nMaxBodyBytes 1048576\n"
              "SimilarityThreshold 40\nTagThreshold 5\nRejectThreshold 20\nRejectMinNetworks 2\n"
              "RejectAction reject\nMode enforce\nListMail tag\nAddHeaders yes\n",
    "lists": "WhitelistClients 127.0.0.0/8, ::1, 10.1.2.3\nWhitelistSenders @example.com,a@b.c\n"
             "WhitelistRecipients <postmaster@example.org>\nSpamTrap file:list.txt\n",
    "include": "Include inc.conf\nRejectThreshold 50\n",
    "include-self": "Include fuzz.conf\n",
    "score": "ScoreMode reference\nProfile default\nSingletonTTL 3600\nBulkTTL 604800\n",
    "redis": "StoreBackend redis\nRedis unix:/tmp/redis.sock\n",
    "bad-cross": "TagThreshold 50\nRejectThreshold 10\n",
    "bad-repeat": "LogLevel debug\nloglevel error\n",
    "bad-unknown": "NoSuchKey 1\n",
    "bad-number": "MaxClusters 99999999999999999999999\nSimilarityThreshold -5\n",
    "comments": "  # indented comment\n\tLogLevel\tdebug # trailing\nMode shadow#not a comment\n",
    "crlf": "LogLevel debug\r\nMode shadow\r\n",
    "modes": "RejectAction quarantine\nSkipAuthenticated no\nSubjectSample yes\nTCPNoDelay yes\n",
    "socket6": "Socket inet6:8894@[::1]\n",
    "socket-unix": "Socket unix:/var/run/nsm.sock\nUMask 0777\n",
    "durations": "SingletonTTL 1d\nBulkTTL 2w\n",
    "noeol": "LogLevel debug",
    "longline": "Socket " + "x" * 5000 + "\n",
    "nul": "LogLevel de\0bug\n",
}
for k, v in confs.items():
    put("config", k, v.encode())
put("config", "repo-sample", open(os.path.join(os.path.dirname(top), "..", "conf",
    "nilsimsa-milter.conf"), "rb").read())

# ---------------------------------------------------------------- addrlist
NET, MAIL, FILE = 0, 1, 2
lists = [
    (NET, b"127.0.0.1", [b"127.0.0.1", b"\x7f\x00\x00\x01"]),
    (NET, b"10.0.0.0/8, 192.168.1.0/24,172.16.0.0/12", [b"10.9.8.7", b"192.168.2.1"]),
    (NET, b"::1, 2001:db8::/32, fe80::/10", [b"2001:db8::1", b"::ffff:127.0.0.1" + b"\0" * 16]),
    (NET, b"0.0.0.0/0,::/0", [b"1.2.3.4"]),
    (NET, b"1.2.3.4/33, 300.1.1.1", [b"1.2.3.4"]),
    (NET, b"::ffff:10.0.0.0/104", [b"10.1.1.1"]),
    (NET, b"10.0.0.1/32 , , 10.0.0.2", [b"10.0.0.2"]),
    (MAIL, b"user@example.com", [b"<User@Example.COM>", b"user@example.com"]),
    (MAIL, b"@example.org, a@b.c , <x@y.z>", [b"joe@example.org", b"joe@sub.example.org"]),
    (MAIL, b"@", [b"a@"]),
    (MAIL, b"no-at-sign", [b"no-at-sign"]),
    (MAIL, b"\"quoted local\"@example.com", [b"\"quoted local\"@example.com"]),
    (MAIL, b"a@b@c", [b"a@b@c", b"<>"]),
    (MAIL | FILE, b"# list\nuser@example.com\n@example.net # c\n\n  <x@y>  \n", [b"q@example.net"]),
    (NET | FILE, b"# nets\n10.0.0.0/8\n2001:db8::/48\n\n", [b"10.2.3.4"]),
    (NET | FILE, b"x" * 5000 + b"\n", []),
    (MAIL, b"", [b"a@b"]),
    (NET, b"", [b"1.1.1.1"]),
]
for i, (kind, value, probes) in enumerate(lists):
    put("addrlist", "l%02d" % i, bytes([kind]) + value + b"\0" + b"\0".join(probes))

# ---------------------------------------------------------------- store_rec
def rec(id_, status=0, nreps=0, networks=0, senders=0, hist_start=0, subject=b"",
        first=1700000000, last=1700003600):
    r = bytearray(536)
    r[0] = 1; r[1] = status; r[2] = nreps
    struct.pack_into("<I", r, 4, networks)
    struct.pack_into("<Q", r, 8, id_)
    r[16:48] = bytes(range(32))
    struct.pack_into("<qqQQII", r, 48, first, last, 12, 40, 3, 1)
    for i in range(networks):
        struct.pack_into("<I", r, 88 + 4 * i, 0x1000 + i)
    struct.pack_into("<q", r, 216, hist_start)
    for i in range(24):
        struct.pack_into("<I", r, 224 + 4 * i, i)
    r[320:320 + len(subject)] = subject
    struct.pack_into("<I", r, 400, senders)
    for i in range(senders):
        struct.pack_into("<I", r, 404 + 4 * i, 0x2000 + i)
    for i in range(nreps):
        r[440 + 32 * i:472 + 32 * i] = bytes([i + 1] * 32)
    return bytes(r)
put("store_rec", "plain", rec(1))
put("store_rec", "full", rec(42, 1, 3, 32, 8, 472000, b"Cheap meds \xe2\x82\xac"))
put("store_rec", "ham", rec(7, 2, 1, 5, 2, -1, b"x" * 79))
put("store_rec", "hist-min", rec(9, 0, 0, 0, 0, -(2 ** 63)))
put("store_rec", "hist-max", rec(9, 0, 0, 0, 0, 2 ** 63 - 1))
put("store_rec", "bad-status", rec(3, 3))
put("store_rec", "bad-nreps", rec(3, 0, 4))
put("store_rec", "bad-networks", rec(3, 0, 0, 33))
put("store_rec", "bad-senders", rec(3, 0, 0, 0, 9))
put("store_rec", "bad-subject", rec(3, 0, 0, 0, 0, 0, b"y" * 80))
put("store_rec", "bad-version", b"\x02" + rec(3)[1:])
put("store_rec", "id-mismatch", rec(5) + struct.pack("<Q", 6))
put("store_rec", "id-zero", rec(0))
put("store_rec", "short", rec(1)[:100])
put("store_rec", "long", rec(1) + b"\0")

# ---------------------------------------------------------------- ctl_json
code = "0123456789abcdef" * 4
lines = [
    {"code": code},
    {"id": 17, "code": code, "status": "spam", "first_seen": 1700000000,
     "last_seen": 1700003600, "messages": 12, "recipients": 40, "networks": 2,
     "tagged": 3, "rejected": 1, "subject": "Cheap meds \u20ac", "nets": [1, 2],
     "senders": 1, "sender_domains": [99], "hist_start": 472000, "hist": [0] * 23 + [5],
     "reps": [code.upper()]},
    {"code": code, "status": "ham", "subject_hex": "ff00fe"},
    {"code": code, "status": "auto", "reps": [code, code, code]},
    {"code": code, "reps": [code] * 4},
    {"code": code, "nets": list(range(33))},
    {"code": code, "hist": list(range(25))},
    {"code": code, "networks": 3, "nets": [1]},
    {"code": code, "last_seen": 1, "first_seen": 2},
    {"code": code, "hist_start": -(2 ** 62)},
    {"code": code, "id": -1},
    {"code": code, "messages": 2 ** 63 - 1, "tagged": 2 ** 32},
    {"code": code, "subject": "a" * 100},
    {"code": code, "subject": "nul\u0000byte"},
    {"code": code, "subject": "x", "subject_hex": "78"},
    {"code": "xyz"},
    {"code": code, "unknown": 1},
    {"code": code, "status": 1},
    {"code": code, "nets": [4294967295, 0]},
    {"code": code, "sender_domains": [1, 2, 3, 4, 5, 6, 7, 8, 9]},
]
for i, l in enumerate(lines):
    put("ctl_json", "j%02d" % i, json.dumps(l, ensure_ascii=i % 2 == 0).encode())
put("ctl_json", "dup", ('{"code":"%s","code":"%s"}' % (code, code)).encode())
put("ctl_json", "array", b"[1,2,3]")
put("ctl_json", "bigint", ('{"code":"%s","messages":1e400}' % code).encode())
put("ctl_json", "deep", b"[" * 2000 + b"]" * 2000)

# ---------------------------------------------------------------- message
# fuzz_message.c: a settings byte (bit 0: the message whole; the rest
# seeds the chunks), the client address, the envelope sender, recipients
# up to an empty line, then the message. The harness trusts the
# authserv-ids mx.example.org and auth.example.
def msg(name, flags, client, sender, rcpts, headers, body):
    data = bytes([flags]) + ("%s\n%s\n%s\n\n" % (client, sender,
        "\n".join(rcpts))).encode() + headers.encode("utf-8") + b"\n" + body
    put("message", name, data)

ar = [
    "mx.example.org; dkim=pass header.d=news.example.com header.s=s1; spf=pass smtp.mailfrom=bounce@example.com",
    "mx.example.org; spf=pass smtp.mailfrom=user@Mail.Example.CO.UK",
    "mx.example.org; spf=pass smtp.helo=mail.example.net",
    "mx.example.org; dkim=pass (2048-bit key) header.i=@sub.example.org; dkim=fail header.d=evil.example",
    "mx.example.org 1; (comment (nested) more) dkim=pass header.d=\"quoted.example\"",
    "untrusted.example; dkim=pass header.d=forged.example",
    "auth.example; none",
    "mx.example.org; dkim=pass header.d=",
    "mx.example.org; dkim=pass header.d=a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.example",
    "mx.example.org; (unterminated comment dkim=pass header.d=x.example",
    "mx.example.org;;;; dkim = pass header.d = spaced.example ;",
    "MX.EXAMPLE.ORG; DKIM=PASS HEADER.D=UPPER.EXAMPLE",
]
body = b"Dear customer,\nyour account needs attention. Visit http://example.test/a?b=c now.\nRegards\n" * 4
for i, v in enumerate(ar):
    msg("authres-%02d" % i, 2 * i, "192.0.2.%d" % (i + 1), "<sender%d@example.com>" % i,
        ["<u%d@site.example>" % i], "Authentication-Results: %s\nSubject: test %d\n" % (v, i), body)
msg("lists", 0, "2001:db8::1", "<bounce-123-u=site.example@lists.example.org>",
    ["<u1@site.example>", "<u2@site.example>"],
    "List-Id: Announce <announce.lists.example.org>\nList-Unsubscribe: <mailto:unsub@example.org>\n"
    "Precedence: bulk\nSubject: =?utf-8?B?5Lu35qC85LyY5oOg?= =?iso-8859-1?Q?caf=E9?=\n", body)
msg("mime", 6, "198.51.100.7", "<a@b.example>", ["<postmaster@site.example>"],
    "MIME-Version: 1.0\nContent-Type: multipart/alternative;\n boundary=\"xx\"\n",
    b"--xx\nContent-Type: text/plain; charset=gb2312\nContent-Transfer-Encoding: base64\n\n"
    + base64.encodebytes("\u4ef7\u683c\u4f18\u60e0\uff0c\u7279\u4ef7\u4ea7\u54c1\n".encode("gb2312") * 8)
    + b"\n--xx\nContent-Type: text/html\n\n<p>hello <b>world</b></p>\n--xx--\n")
msg("whole", 1, "203.0.113.9", "<>", ["<u@site.example>"],
    "Authentication-Results: mx.example.org; dkim=pass header.d=whole.example\n"
    "Content-Type: text/plain; charset=koi8-r\n",
    "\u0421\u043a\u0438\u0434\u043a\u0430 50% \u043d\u0430 \u0432\u0441\u0451\n".encode("koi8-r") * 10)
msg("folded", 4, "not-an-address", "no-at-sign", ["", "<@>", "<a@>"],
    "Subject: folded\n\tacross\n lines\nAuthentication-Results: mx.example.org;\n dkim=pass\n header.d=folded.example\n"
    "X-Nilsimsa: forged\n", body)
# A delivery report whose form goes (lib/forms.c): Postfix's bounce, and
# the form twice over a campaign's text, in one part.
pf_form = ("This is the mail system at host mx.far.example.\n\n"
    "I'm sorry to have to inform you that your message could not\n"
    "be delivered to one or more recipients. It's attached below.\n\n"
    "For further assistance, please send mail to postmaster.\n\n"
    "If you do so, please include this problem report. You can\n"
    "delete your own text from the attached returned message.\n\n"
    "                   The mail system\n\n")
msg("bounce", 2, "198.51.100.25", "<>", ["<u@site.example>"],
    "Content-Type: multipart/report; report-type=delivery-status; boundary=\"B\"\n",
    ("--B\nContent-Type: text/plain\n\n" + pf_form +
     "<nobody@far.example>: host mx.far.example[198.51.100.26] said: 550 5.1.1\n"
     "    User unknown (in reply to RCPT TO command)\n\n--B\n"
     "Content-Type: message/delivery-status\n\nReporting-MTA: dns; mx.far.example\n\n--B\n"
     "Content-Type: message/rfc822\n\nFrom: u@site.example\nSubject: minutes\n\n"
     "The minutes of the board meeting are attached.\n--B--\n").encode())
msg("bounce-dressed", 3, "203.0.113.77", "<>", ["<u@site.example>"],
    "Subject: Undelivered Mail Returned to Sender\n",
    (pf_form * 2).encode() + body)
