#!/usr/bin/python3
#
# Copyright (c) 2026 The nilsimsa-milter authors
#
# Permission to use, copy, modify, and distribute this software for any
# purpose with or without fee is hereby granted, provided that the above
# copyright notice and this permission notice appear in all copies.
#
# THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
# WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
# MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
# ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
# WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
# ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
# OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
#
"""zh.py: an independent Chinese-language site mail stream, as its MX sees it.

    /usr/bin/python3 tools/xsite/zh.py [-s SEED] OUTDIR

Writes OUTDIR/msg/NNNNNN.eml and OUTDIR/stream.tsv
(path t client helo sender rcpts class group), in time order.
Site: dhxy.edu.cn (a university with ~1,500 mailboxes), 14 days.
Prose: manpages-zh (zh_CN, zh_TW) and fortunes-zh, read from the installed
packages. Deterministic for a seed.

Written apart from the filter, by someone who had not read its rules,
to measure it on mail unlike the streams it was tuned on
(docs/replay.md, "Independent streams"); its mail habits are its own.
"""
import base64
import getopt
import glob
import gzip
import os
import quopri
import random
import re
import sys

DAYS = 14
NUSERS = 1500
SITE = "dhxy.edu.cn"
SITE_NET = "58.199.96"          # the site's own servers (announcements)
SITE_MAILHOST = SITE_NET + ".12"

# ---------------------------------------------------------------- prose

ROFF_ESC = [
    (re.compile(r"\\f(\[[^\]]*\]|\(..|.)"), ""),
    (re.compile(r"\\\((co|aq|dq|em|en|bu|lq|rq|oq|cq|hy|mi|tm|rg|de)"), " "),
    (re.compile(r"\\\*(\(..|\[[^\]]*\]|.)"), ""),
    (re.compile(r"\\s[-+]?\d"), ""),
    (re.compile(r"\\-"), "-"),
    (re.compile(r"\\e"), "\\\\"),
    (re.compile(r"\\[&/,|^ ~:%0]"), ""),
    (re.compile(r"\\\""), ""),
]
ANSI = re.compile(r"\x1b\[[0-9;]*m")
BAD_PARA = re.compile(r"T\{|allbox|tab\(|中文版|man 手册页|手冊頁|翻译|翻譯|维护人|維護人|Copyright|GPL|http|www\.|@|本页面|本頁面|跋")


def han_share(s):
    if not s:
        return 0
    return sum(1 for c in s if "\u4e00" <= c <= "\u9fff") / len(s)


def tw_reserved(fn):
    """zh_TW pages are conversions of the zh_CN ones: a page's text goes to
    one pool only (1 in 10 pages of zh_TW to the traditional pool)."""
    tw = fn.replace("/zh_CN/", "/zh_TW/")
    return os.path.exists(tw) and sum(os.path.basename(fn).encode()) % 10 == 0


def load_man(lang):
    paras = []
    for fn in sorted(glob.glob("/usr/share/man/%s/man*/*.gz" % lang)):
        if tw_reserved(fn.replace("/zh_TW/", "/zh_CN/")) != (lang == "zh_TW"):
            continue
        try:
            txt = gzip.open(fn).read().decode("utf-8", "replace")
        except Exception:
            continue
        cur = []
        for line in txt.split("\n"):
            if line.startswith(".") or line.startswith("'"):
                if line[:3] in (".PP", ".SH", ".SS", ".TP", ".LP", ".P", ".IP", ".sp", ".br") or line.startswith(".SH"):
                    if cur:
                        paras.append("".join(cur))
                    cur = []
                continue
            for rx, rep in ROFF_ESC:
                line = rx.sub(rep, line)
            line = line.strip()
            if not line:
                if cur:
                    paras.append("".join(cur))
                cur = []
                continue
            # joining roff lines: Chinese needs no space, Latin does
            if cur and re.match(r"[A-Za-z0-9]", line) and re.search(r"[A-Za-z0-9,.]$", cur[-1]):
                cur.append(" ")
            cur.append(line)
        if cur:
            paras.append("".join(cur))
    out = []
    for p in paras:
        p = re.sub(r"\s+", " ", p).strip()
        if len(p) >= 30 and han_share(p) >= 0.35 and not BAD_PARA.search(p):
            out.append(p)
    return out


def load_fortunes(name):
    fn = "/usr/share/games/fortunes/%s.u8" % name
    txt = ANSI.sub("", open(fn, encoding="utf-8", errors="replace").read())
    out = []
    for f in txt.split("\n%\n"):
        f = f.strip()
        if f and han_share(f) > 0.3:
            out.append(f)
    return out


class Prose:
    """Pools drawn without replacement (reshuffled when exhausted)."""

    def __init__(self, rng):
        self.rng = rng
        self.pools = {
            "cn": load_man("zh_CN"),
            "tw": load_man("zh_TW"),
            "fortune": load_fortunes("chinese")[0::2],    # spam's random text
            "fortune_h": load_fortunes("chinese")[1::2],  # ham digests' and newsletters' quotes
            "poem": load_fortunes("tang300") + load_fortunes("song100"),
        }
        self.idx = {}
        for k, v in self.pools.items():
            v = list(dict.fromkeys(v))
            rng.shuffle(v)
            self.pools[k] = v
            self.idx[k] = 0

    def take(self, kind):
        v = self.pools[kind]
        i = self.idx[kind]
        if i >= len(v):
            print("warning: prose pool %s reused" % kind, file=sys.stderr)
            self.rng.shuffle(v)
            i = 0
        self.idx[kind] = i + 1
        return v[i]

    def text(self, kind, lo, hi):
        """Paragraphs totalling about lo..hi characters; a paragraph cut
        short leaves its rest in the pool (for a later message)."""
        n = self.rng.randint(lo, hi)
        out, size = [], 0
        while size < n:
            p = self.take(kind)
            if size + len(p) > n + 40 and len(p) > 60:
                want = max(30, n - size)
                m = re.match(r"^.{%d,}?[。；！？]" % min(want, len(p) - 1), p, re.S)
                cut = m.end() if m and m.end() < len(p) - 20 else want
                rest = p[cut:].strip()
                p = p[:cut]
                if len(rest) >= 30:
                    v = self.pools[kind]
                    self.idx[kind] -= 1
                    v[self.idx[kind]] = rest
            out.append(p)
            size += len(p)
        return "\n\n".join(out)


# ---------------------------------------------------------------- people

SURN = [("王", "wang"), ("李", "li"), ("张", "zhang"), ("刘", "liu"), ("陈", "chen"), ("杨", "yang"),
        ("黄", "huang"), ("赵", "zhao"), ("吴", "wu"), ("周", "zhou"), ("徐", "xu"), ("孙", "sun"),
        ("马", "ma"), ("朱", "zhu"), ("胡", "hu"), ("郭", "guo"), ("何", "he"), ("高", "gao"),
        ("林", "lin"), ("罗", "luo"), ("郑", "zheng"), ("梁", "liang"), ("谢", "xie"), ("宋", "song"),
        ("唐", "tang"), ("许", "xu"), ("韩", "han"), ("冯", "feng"), ("邓", "deng"), ("曹", "cao"),
        ("彭", "peng"), ("曾", "zeng"), ("肖", "xiao"), ("田", "tian"), ("董", "dong"), ("潘", "pan"),
        ("袁", "yuan"), ("蔡", "cai"), ("蒋", "jiang"), ("余", "yu"), ("杜", "du"), ("叶", "ye"),
        ("程", "cheng"), ("魏", "wei"), ("苏", "su"), ("吕", "lv"), ("丁", "ding"), ("任", "ren"),
        ("沈", "shen"), ("姚", "yao"), ("卢", "lu"), ("钟", "zhong"), ("姜", "jiang"), ("崔", "cui"),
        ("谭", "tan"), ("陆", "lu"), ("范", "fan"), ("汪", "wang"), ("廖", "liao"), ("石", "shi"),
        ("金", "jin"), ("韦", "wei"), ("贾", "jia"), ("夏", "xia"), ("付", "fu"), ("方", "fang"),
        ("邹", "zou"), ("熊", "xiong"), ("白", "bai"), ("孟", "meng"), ("秦", "qin"), ("邱", "qiu"),
        ("侯", "hou"), ("江", "jiang"), ("尹", "yin"), ("薛", "xue"), ("闫", "yan"), ("段", "duan"),
        ("雷", "lei"), ("龙", "long"), ("黎", "li"), ("史", "shi"), ("陶", "tao"), ("贺", "he"),
        ("顾", "gu"), ("毛", "mao"), ("郝", "hao"), ("龚", "gong"), ("邵", "shao"), ("万", "wan")]
GIVN = [("伟", "wei"), ("芳", "fang"), ("娜", "na"), ("敏", "min"), ("静", "jing"), ("丽", "li"),
        ("强", "qiang"), ("磊", "lei"), ("军", "jun"), ("洋", "yang"), ("勇", "yong"), ("艳", "yan"),
        ("杰", "jie"), ("娟", "juan"), ("涛", "tao"), ("明", "ming"), ("超", "chao"), ("霞", "xia"),
        ("平", "ping"), ("刚", "gang"), ("华", "hua"), ("玉", "yu"), ("萍", "ping"), ("红", "hong"),
        ("文", "wen"), ("辉", "hui"), ("鹏", "peng"), ("晶", "jing"), ("宇", "yu"), ("浩", "hao"),
        ("然", "ran"), ("思", "si"), ("远", "yuan"), ("嘉", "jia"), ("怡", "yi"), ("子", "zi"),
        ("涵", "han"), ("轩", "xuan"), ("欣", "xin"), ("婷", "ting"), ("雪", "xue"), ("琳", "lin"),
        ("晨", "chen"), ("博", "bo"), ("帆", "fan"), ("倩", "qian"), ("颖", "ying"), ("佳", "jia"),
        ("建", "jian"), ("国", "guo"), ("志", "zhi"), ("海", "hai"), ("波", "bo"), ("峰", "feng"),
        ("亮", "liang"), ("凯", "kai"), ("瑞", "rui"), ("琪", "qi"), ("彤", "tong"), ("雯", "wen")]


def person(rng):
    s = rng.choice(SURN)
    g = [rng.choice(GIVN) for _ in range(rng.choice((1, 2, 2)))]
    return s[0] + "".join(x[0] for x in g), s[1], "".join(x[1] for x in g)


TITLES = ["老师", "教授", "主任", "经理", "总", "同学", "博士", "院长", "处长", "工"]
DEPTS = ["计算机学院", "外国语学院", "经济管理学院", "机械工程学院", "化学化工学院", "数学与统计学院",
         "物理学院", "文学院", "法学院", "马克思主义学院", "土木工程学院", "生命科学学院", "教务处",
         "研究生院", "科研处", "人事处", "财务处", "图书馆", "网络信息中心", "学生工作处", "国际交流处",
         "后勤保障处", "校医院", "档案馆", "校团委"]


class Local:
    def __init__(self, rng):
        self.users = []
        seen = set()
        for i in range(NUSERS):
            cn, s, g = person(rng)
            lp = rng.choice([s + g, s + g, s + "." + g, g + s, s + g[0]])
            base = lp
            k = 1
            while lp in seen:
                k += 1
                lp = "%s%d" % (base, k)
            seen.add(lp)
            self.users.append((cn, lp + "@" + SITE, rng.choice(DEPTS)))
        # some mailboxes are much more exposed (on the web site) than others
        self.weight = [rng.paretovariate(1.2) for _ in range(NUSERS)]

    def pick(self, rng, n=1):
        out = set()
        while len(out) < n:
            out.add(rng.choices(range(NUSERS), self.weight)[0])
        return sorted(out)

    def addr(self, i):
        return self.users[i][1]


# ---------------------------------------------------------------- networks

def span(a, b, lo, hi):
    return ["%d.%d.%d" % (a, b, c) for c in range(lo, hi + 1)]


PROVIDERS = {
    # domain: (/24s, helo pattern, mailer kind)
    "qq.com": (span(183, 3, 224, 255) + span(113, 96, 200, 223) + span(14, 18, 240, 251) +
               span(59, 36, 128, 135), "out{a}-{b}-{c}-{d}.mail.qq.com", "qq"),
    "163.com": (span(220, 181, 12, 15) + span(123, 126, 96, 99) + span(117, 135, 210, 217) +
                span(45, 254, 48, 51), "m{c}-{d}.163.com", "netease"),
    "126.com": (span(220, 181, 16, 17) + span(123, 58, 177, 180) + span(117, 135, 218, 219),
                "m{c}-{d}.126.com", "netease"),
    "sina.com": (span(202, 108, 3, 7) + span(123, 125, 104, 106) + span(180, 149, 134, 139),
                 "mail{c}-{d}.sinamail.sina.com.cn", "sina"),
    "139.com": (span(221, 176, 66, 67) + span(112, 33, 3, 4), "n{c}-{d}.mail.139.com", "coremail"),
    "sohu.com": (span(220, 181, 90, 91) + span(123, 125, 123, 124), "smtp{d}.mail.sohu.com", "sina"),
    "foxmail.com": (span(183, 3, 224, 255) + span(113, 96, 200, 223), "out{a}-{b}-{c}-{d}.mail.qq.com", "foxmail"),
}
WEBMAIL_W = [("qq.com", 40), ("163.com", 22), ("126.com", 12), ("sina.com", 8), ("139.com", 5),
             ("sohu.com", 3), ("foxmail.com", 10)]
CN_A = [58, 59, 60, 61, 101, 106, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122,
        123, 124, 125, 171, 175, 180, 182, 183, 202, 210, 211, 218, 219, 220, 221, 222, 223]


def cn_net(rng):
    return "%d.%d.%d" % (rng.choice(CN_A), rng.randrange(256), rng.randrange(256))


def any_net(rng):
    while True:
        a = rng.randrange(1, 224)
        if a not in (10, 127, 0, 100, 169, 172, 192, 198):
            return "%d.%d.%d" % (a, rng.randrange(256), rng.randrange(256))


def provider_client(rng, dom):
    nets, helo, _ = PROVIDERS[dom]
    net = rng.choice(nets)
    d = rng.randrange(2, 254)
    ip = "%s.%d" % (net, d)
    a, b, c = net.split(".")
    return ip, helo.format(a=a, b=b, c=c, d=d)


ORG_KIND = [("大学", "edu.cn"), ("学院", "edu.cn"), ("研究所", "ac.cn"), ("科技有限公司", "com"),
            ("信息技术股份有限公司", "com.cn"), ("集团有限公司", "com.cn"), ("出版社", "com.cn"),
            ("设计研究院", "com"), ("医院", "org.cn"), ("律师事务所", "com")]
CITIES = [("北京", "bj"), ("上海", "sh"), ("广州", "gz"), ("深圳", "sz"), ("杭州", "hz"), ("南京", "nj"),
          ("成都", "cd"), ("武汉", "wh"), ("西安", "xa"), ("天津", "tj"), ("重庆", "cq"), ("苏州", "su"),
          ("长沙", "cs"), ("郑州", "zz"), ("青岛", "qd"), ("厦门", "xm"), ("合肥", "hf"), ("济南", "jn"),
          ("台北", "tp"), ("新竹", "hc"), ("台中", "tc")]
WORDS = ["hua", "xin", "tong", "da", "zhong", "heng", "yuan", "kai", "sheng", "ming", "tian",
         "rui", "jie", "bo", "feng", "long", "an", "xing", "guang", "hai", "cheng", "de"]
ORG_MAILER = ["coremail", "exchange", "exchange", "foxmail", "coremail", "thunderbird"]


class Org:
    def __init__(self, rng, taiwan=False):
        city = rng.choice(CITIES[-3:] if taiwan else CITIES[:-3])
        kind = rng.choice(ORG_KIND)
        w = rng.choice(WORDS) + rng.choice(WORDS)
        self.cn = city[0] + ("".join(rng.choice("华信通达中恒远凯盛明天瑞捷博丰龙安兴光海诚德") for _ in range(2))
                             if "大学" not in kind[0] else rng.choice(["理工", "师范", "工业", "财经", "医科", "交通", ""])) + kind[0]
        tld = kind[1]
        if taiwan:
            tld = {"edu.cn": "edu.tw", "ac.cn": "org.tw", "com": "com.tw", "com.cn": "com.tw", "org.cn": "org.tw"}[tld]
        self.domain = city[1] + w + "." + tld
        self.nets = [cn_net(rng) if not taiwan else any_net(rng)]
        if rng.random() < 0.3:
            self.nets.append(cn_net(rng))
        self.hosts = ["%s.%d" % (n, rng.randrange(2, 254)) for n in self.nets]
        self.helo = rng.choice(["mail.", "mx.", "smtp.", "mail2.", "mta."]) + self.domain
        self.mailer = "outlook_big5" if taiwan else rng.choice(ORG_MAILER)
        self.taiwan = taiwan
        self.disclaimer = None
        if "公司" in kind[0] or "事务所" in kind[0] or rng.random() < 0.2:
            if rng.random() < 0.6:
                self.disclaimer = rng.choice(DISCLAIMER_T).format(org=self.cn)

    def client(self, rng):
        i = rng.randrange(len(self.hosts))
        return self.hosts[i], self.helo


DISCLAIMER_T = [
    "保密声明：本邮件及其附件含有{org}的保密信息，仅限于发送给上面地址中列出的个人或群组。"
    "禁止任何其他人以任何形式使用（包括但不限于全部或部分地泄露、复制、或散发）本邮件中的信息。"
    "如果您错收了本邮件，请您立即电话或邮件通知发件人并删除本邮件！",
    "【免责声明】本邮件（包括任何附件）可能含有机密资料并受法律保护。如您不是正确的收件人，"
    "请您立即删除本邮件。请不要将本电子邮件进行复制并用作任何其他用途、或透露本邮件之内容。"
    "{org}不对经由互联网传输的邮件内容的完整性和安全性承担责任。",
    "此邮件及其附件仅供{org}内部及指定收件人使用，可能包含商业秘密。未经许可，不得转发、"
    "复制或以其他方式使用。若您误收此邮件，请立即通知发件人并彻底删除。谢谢合作！",
]

# ---------------------------------------------------------------- MIME


def enc_text(text, cs):
    """Encode as a client would: upgrade the charset where a char won't fit."""
    chain = {"gb2312": ["gb2312", "gbk", "gb18030"], "gbk": ["gbk", "gb18030"],
             "gb18030": ["gb18030"], "big5": ["big5", "utf-8"], "utf-8": ["utf-8"]}[cs.lower()]
    for c in chain:
        try:
            return text.encode(c), c
        except UnicodeEncodeError:
            continue
    return text.encode("utf-8"), "utf-8"


def b64lines(b):
    s = base64.b64encode(b).decode()
    return "\n".join(s[i:i + 76] for i in range(0, len(s), 76)) + "\n"


def encode_body(b, cte):
    if cte == "base64":
        return b64lines(b).encode()
    if cte == "quoted-printable":
        return quopri.encodestring(b.replace(b"\r\n", b"\n"))
    return b if b.endswith(b"\n") else b + b"\n"


def hdr_word(s, cs, how="B"):
    """RFC 2047, split into words of whole characters."""
    if all(ord(c) < 128 for c in s):
        return s
    words, cur = [], ""
    for ch in s:
        if len((cur + ch).encode("utf-8")) > 36:
            words.append(cur)
            cur = ""
        cur += ch
    if cur:
        words.append(cur)
    out = []
    for w in words:
        b, c = enc_text(w, cs)
        if how == "B":
            out.append("=?%s?B?%s?=" % (c.upper() if cs != "gb18030" else c, base64.b64encode(b).decode()))
        else:
            q = "".join(chr(x) if (48 <= x <= 57 or 65 <= x <= 90 or 97 <= x <= 122) else
                        ("_" if x == 32 else "=%02X" % x) for x in b)
            out.append("=?%s?Q?%s?=" % (c, q))
    return "\n ".join(out)


def addr_hdr(name, addr, cs):
    if not name:
        return addr
    return '"%s" <%s>' % (hdr_word(name, cs), addr) if not name.isascii() else '"%s" <%s>' % (name, addr)


def to_html(text, style):
    esc = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    paras = esc.split("\n")
    if style == "qq":
        body = "".join("<div>%s</div>" % (p or "<br>") for p in paras)
        return ('<meta http-equiv="Content-Type" content="text/html; charset=GB18030">'
                '<div><font face="微软雅黑" size="3">%s</font></div>' % body)
    if style == "netease":
        body = "<br>".join(paras)
        return ('<div style="line-height:1.7;color:#000000;font-size:14px;font-family:Arial">'
                '<div>%s</div></div><br><br><span title="neteasefooter"><p>&nbsp;</p></span>' % body)
    if style == "outlook":
        body = "".join('<p class=MsoNormal><span style=\'font-family:"微软雅黑",sans-serif\'>%s'
                       '<o:p></o:p></span></p>\n' % (p or "&nbsp;") for p in paras)
        return ('<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>'
                '<meta http-equiv=Content-Type content="text/html; charset=gb2312">'
                '<style><!-- p.MsoNormal {margin:0cm;font-size:10.5pt;font-family:等线;} --></style>'
                '</head><body lang=ZH-CN><div class=WordSection1>\n%s</div></body></html>' % body)
    body = "<br>\n".join(paras)
    return "<html><body><div>%s</div></body></html>" % body


MAILERS = {
    # kind: (charset, cte, subject charset, structure, x-mailer, html style)
    "qq": ("gb18030", "base64", "gb18030", "alt", None, "qq"),
    "foxmail": ("gb2312", "base64", "gb2312", "alt", "Foxmail 7.2.25.228[cn]", "qq"),
    "netease": ("GBK", "base64", "GBK", "alt", "Coremail Webmail Server Version XT5.0.14 build 20230109(dcb5de15)", "netease"),
    "sina": ("GBK", "base64", "GBK", "alt", None, "plain"),
    "coremail": ("UTF-8", "base64", "UTF-8", "alt", "Coremail Webmail Server Version 2.1.1-mailtech_7 build 20220316", "netease"),
    "exchange": ("gb2312", "quoted-printable", "gb2312", "alt", "Microsoft Outlook 16.0", "outlook"),
    "thunderbird": ("UTF-8", "8bit", "UTF-8", "plain", None, None),
    "iphone": ("utf-8", "quoted-printable", "utf-8", "plain", "iPhone Mail (20F66)", None),
    "huawei": ("UTF-8", "base64", "UTF-8", "plain", None, None),
    "outlook_big5": ("big5", "quoted-printable", "big5", "alt", "Microsoft Outlook 16.0", "outlook"),
    "oldgbk": ("gbk", "8bit", None, "raw", "Microsoft Outlook Express 6.00.2900.5512", None),
}


def part(text, cs, cte, ctype="text/plain"):
    b, c = enc_text(text, cs)
    h = 'Content-Type: %s; charset="%s"\nContent-Transfer-Encoding: %s\n\n' % (ctype, c, cte)
    return h.encode() + encode_body(b, cte)


def boundary(rng):
    return "----=_Part_%d_%d.%d" % (rng.randrange(10**6), rng.randrange(10**9), rng.randrange(10**12))


def build(rng, kind, t, frm_name, frm, to_list, subject, text, html=None, attach=None,
          extra_hdrs="", msgid_dom=None, html_only=False):
    cs, cte, scs, struct, xm, hstyle = MAILERS[kind]
    hdrs = []
    hdrs.append("Received: from %s by mx.%s (Postfix) with ESMTP id %X" % (
        frm.split("@")[1], SITE, rng.randrange(16**10)))
    hdrs.append("Date: " + date_hdr(t))
    sc = scs or "gbk"
    if struct == "raw":
        # old client: 8-bit GBK headers and body, no MIME labels
        h = "\n".join(hdrs) + "\nFrom: %s <%s>\nTo: %s\nSubject: %s\n" % (
            frm_name, frm, ", ".join(to_list), subject)
        h += "Message-ID: <%s@%s>\nX-Mailer: %s\n%s\n" % (
            "%012X$%08x" % (rng.randrange(16**12), rng.randrange(16**8)), frm.split("@")[1], xm, extra_hdrs)
        return h.encode("gbk", "replace") + text.replace("\n", "\r\n").encode("gbk", "replace") + b"\r\n"
    hdrs.append("From: " + addr_hdr(frm_name, frm, sc))
    hdrs.append("To: " + ", ".join(to_list))
    hdrs.append("Subject: " + hdr_word(subject, sc, "Q" if kind == "iphone" and rng.random() < 0.3 else "B"))
    hdrs.append("Message-ID: <%s@%s>" % ("%x.%d" % (rng.randrange(16**16), rng.randrange(10**6)), msgid_dom or frm.split("@")[1]))
    if xm:
        hdrs.append("X-Mailer: " + xm)
    hdrs.append("MIME-Version: 1.0")
    if extra_hdrs:
        hdrs.append(extra_hdrs.rstrip("\n"))
    if html_only:
        body_ct = part(html or to_html(text, hstyle or "plain"), cs, cte, "text/html")
    elif struct == "alt" or html is not None:
        bnd = boundary(rng)
        body_ct = ('Content-Type: multipart/alternative;\n\tboundary="%s"\n\n' % bnd).encode()
        body_ct += b"This is a multi-part message in MIME format.\n\n--" + bnd.encode() + b"\n"
        body_ct += part(text, cs, cte) + b"\n--" + bnd.encode() + b"\n"
        body_ct += part(html or to_html(text, hstyle or "plain"), cs, cte, "text/html")
        body_ct += b"\n--" + bnd.encode() + b"--\n"
    else:
        body_ct = part(text, cs, cte)
    if attach:
        fname, ctype, data = attach
        bnd = boundary(rng)
        outer = ('Content-Type: multipart/mixed;\n\tboundary="%s"\n\n--%s\n' % (bnd, bnd)).encode()
        outer += body_ct + ("\n--%s\nContent-Type: %s;\n\tname=\"%s\"\nContent-Disposition: attachment;\n"
                            "\tfilename=\"%s\"\nContent-Transfer-Encoding: base64\n\n" % (
                                bnd, ctype, hdr_word(fname, sc), hdr_word(fname, sc))).encode()
        outer += b64lines(data).encode() + ("\n--%s--\n" % bnd).encode()
        body_ct = outer
    return ("\n".join(hdrs) + "\n").encode("ascii", "replace") + body_ct


def date_hdr(t):
    days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    d = int(t // 86400)
    s = int(t % 86400)
    # 2026-06-01 is a Monday
    return "%s, %d Jun 2026 %02d:%02d:%02d +0800" % (days[d % 7], d + 1, s // 3600, s % 3600 // 60, s % 60)


def cdate(t):
    t = max(t, 1800)
    d = int(t // 86400)
    s = int(t % 86400)
    return "2026年6月%d日 %02d:%02d" % (d + 1, s // 3600, s % 3600 // 60)


def work_t(rng, day=None):
    if day is None:
        day = rng.randrange(DAYS)
    wk = day % 7 >= 5
    h = rng.choices(range(24), [1, 1, 0, 0, 0, 0, 1, 3, 8, 12, 12, 10, 5, 6, 11, 12, 11, 9, 5, 5, 6, 6, 4, 2])[0]
    if wk and rng.random() < 0.5:
        h = rng.randrange(9, 23)
    return day * 86400 + h * 3600 + rng.randrange(3600)


def fake_docx(rng, n):
    """A .docx-like zip: PK header, then incompressible bytes."""
    return b"PK\x03\x04\x14\x00\x06\x00\x08\x00" + b"[Content_Types].xml" + rng.randbytes(n)


# ---------------------------------------------------------------- stream

class Stream:
    def __init__(self, out):
        self.out = out
        self.rows = []
        os.makedirs(out + "/msg", exist_ok=True)

    def add(self, t, client, helo, sender, rcpts, cls, group, raw):
        t = max(0, min(int(t), DAYS * 86400 - 1))
        self.rows.append([t, len(self.rows), client, helo, sender, rcpts, cls, group, raw])

    def close(self):
        self.rows.sort(key=lambda r: (r[0], r[1]))
        with open(self.out + "/stream.tsv", "w") as f:
            f.write("path\tt\tclient\thelo\tsender\trcpts\tclass\tgroup\n")
            for i, (t, _, client, helo, sender, rcpts, cls, group, raw) in enumerate(self.rows):
                path = "msg/%06d.eml" % i
                with open(self.out + "/" + path, "wb") as g:
                    g.write(raw)
                f.write("%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n" % (
                    path, t, client, helo, sender or "<>", ",".join(rcpts), cls, group))
        ham = sum(1 for r in self.rows if r[6] == "ham")
        print("%d messages (%d ham, %d spam) in %s" % (len(self.rows), ham, len(self.rows) - ham, self.out),
              file=sys.stderr)


# ---------------------------------------------------------------- ham pieces

GREET = ["{n}{t}，您好：", "{n}{t}：", "{n}{t}好！", "Hi {n}，", "{n}，", "尊敬的{n}{t}：", "亲爱的{n}：", "{n}{t}您好，"]
OPEN = ["上次见面时说到的事情，我又仔细想了想。", "来信收到，谢谢！", "很久没有联系了，近来可好？",
        "关于上周讨论的问题，补充几点如下。", "按您的要求整理了一下，请过目。", "打扰了，有件事想请教您。",
        "", "", "", "附上我这边的一些想法。", "先把情况简单说明一下："]
CLOSE = ["祝好！", "此致\n敬礼！", "谢谢！", "盼复。", "祝工作顺利！", "顺颂商祺！", "有问题随时联系。", "Best regards,", ""]
MOBILE = ["发自我的iPhone", "发自我的华为手机", "来自网易邮箱大师", "发自我的小米手机", "Sent from my iPhone",
          "来自我的荣耀手机", "发自我的 iPad", "——来自QQ邮箱手机版"]
SHORT = ["好的，谢谢！", "收到。", "收到，谢谢。", "好的，我周一前发给您。", "没问题，按您说的办。", "谢谢老师！",
         "收到，我看一下再回复您。", "好的，明天上午我过去找您。", "已收到，辛苦了！", "可以的。", "好，周三见。",
         "材料已收到，谢谢！", "好的，已经转给相关同事了。", "OK，谢谢。", "嗯嗯，好的。", "收到，马上处理。"]
SUBJ_P = ["关于{x}的事", "{x}", "回复：{x}", "请教一个问题", "近况", "资料", "周末聚会", "{x}（修改稿）",
          "项目进展", "论文修改意见", "合作事宜", "会议纪要", "请查收", "好久不见", "一些想法", "Re: {x}"]
TOPICS = ["课程安排", "实验数据", "毕业论文", "项目申报", "合同", "报价单", "评审意见", "答辩时间", "出差报销",
          "样品测试", "调研报告", "访问交流", "书稿", "年会", "招聘", "系统升级", "采购", "预算", "文献",
          "学术讲座", "暑期实践", "招生宣传", "软件安装", "服务器迁移"]


def sig(rng, cn, org=None, title=True):
    lines = ["", "--", cn]
    if org:
        lines.append(org.cn)
        if rng.random() < 0.7:
            lines.append("电话：0%d-%d  手机：1%d" % (rng.randrange(10, 999), rng.randrange(10**7, 10**8),
                                                 rng.randrange(3 * 10**9, 9 * 10**9)))
    return "\n".join(lines) if rng.random() < 0.8 else ""


class Correspondent:
    def __init__(self, rng, local, orgs):
        self.cn, s, g = person(rng)
        if rng.random() < 0.55:
            self.dom = rng.choices([d for d, _ in WEBMAIL_W], [w for _, w in WEBMAIL_W])[0]
            self.org = None
            if self.dom in ("qq.com", "foxmail.com") and rng.random() < 0.7:
                lp = str(rng.randrange(10**5, 3 * 10**9))
            else:
                lp = rng.choice([s + g, g + s, s + g + str(rng.randrange(60, 2005)), s + "_" + g])
            self.addr = lp + "@" + self.dom
            self.kind = PROVIDERS[self.dom][2]
        else:
            self.org = rng.choice(orgs)
            self.dom = self.org.domain
            self.addr = rng.choice([s + g, s + "." + g, g[0] + s, s + g[0]]) + "@" + self.dom
            self.kind = self.org.mailer
        self.contacts = local.pick(rng, rng.choice((1, 1, 1, 2, 2, 3)))
        self.mobile = rng.random() < 0.25
        self.taiwan = self.org is not None and self.org.taiwan

    def client(self, rng):
        if self.org:
            return self.org.client(rng)
        return provider_client(rng, self.dom)


def quote_block(rng, style, who, addr, t, subj, text):
    if style == "qq":
        return ("\n\n------------------&nbsp;原始邮件&nbsp;------------------\n".replace("&nbsp;", " ") +
                "发件人: \"%s\"<%s>;\n发送时间: %s\n主题: %s\n\n%s" % (who, addr, cdate(t), subj, text))
    if style == "outlook":
        return ("\n\n发件人: %s <%s>\n发送时间: %s\n主题: %s\n\n%s" % (who, addr, cdate(t), subj, text))
    if style == "netease":
        return "\n\n在 %s，\"%s\" <%s> 写道：\n%s" % (cdate(t), who, addr, "\n".join(">" + l for l in text.split("\n")))
    return "\n\n%s, %s wrote:\n%s" % (date_hdr(t), who, "\n".join("> " + l for l in text.split("\n")))


QSTYLE = {"qq": "qq", "foxmail": "qq", "netease": "netease", "sina": "netease", "coremail": "netease",
          "exchange": "outlook", "outlook_big5": "outlook", "thunderbird": "mutt", "iphone": "mutt",
          "huawei": "netease", "oldgbk": "outlook"}


def gen(seed, out):
    rng = random.Random(seed)
    P = Prose(rng)
    L = Local(rng)
    st = Stream(out)
    orgs = [Org(rng) for _ in range(140)] + [Org(rng, taiwan=True) for _ in range(12)]
    corr = [Correspondent(rng, L, orgs) for _ in range(900)]

    def who(i):
        return L.users[i][0]

    def letter_text(c, i, long=True, kind="cn"):
        cn = who(i)
        g = rng.choice(GREET).format(n=cn[0] if rng.random() < 0.5 else cn, t=rng.choice(TITLES))
        body = P.text("tw" if c.taiwan else kind, 80, 600 if long else 300)
        parts = [g, "", rng.choice(OPEN), body, "", rng.choice(CLOSE), c.cn]
        s = "\n".join(p for p in parts)
        s += sig(rng, c.cn, c.org)
        if c.org and c.org.disclaimer:
            s += "\n\n" + c.org.disclaimer
        return s

    def send_personal(c, t, rcpts, subj, text, group, attach=None, kind=None):
        kind = kind or c.kind
        if c.mobile and rng.random() < 0.6:
            text += "\n\n" + rng.choice(MOBILE)
            kind = "iphone" if rng.random() < 0.6 else "huawei"
        if c.taiwan:
            kind = "outlook_big5"
        ip, helo = c.client(rng)
        raw = build(rng, kind, t, c.cn, c.addr, [L.addr(i) for i in rcpts], subj, text, attach=attach)
        st.add(t, ip, helo, c.addr, [L.addr(i) for i in rcpts], "ham", group, raw)

    # -- personal letters (~1,150), some with cc to colleagues; some old 8-bit clients
    for k in range(1150):
        c = rng.choice(corr)
        t = work_t(rng)
        rc = [rng.choice(c.contacts)]
        if rng.random() < 0.15:
            rc = sorted(set(rc + L.pick(rng, rng.randint(1, 4))))
        subj = rng.choice(SUBJ_P).format(x=rng.choice(TOPICS))
        kind = "oldgbk" if rng.random() < 0.03 and not c.taiwan else None
        src = "cn"
        send_personal(c, t, rc, subj, letter_text(c, rc[0], kind=src), "personal", kind=kind)

    # -- short replies (~320) quoting what the local user wrote
    for k in range(320):
        c = rng.choice(corr)
        i = rng.choice(c.contacts)
        t = work_t(rng)
        orig_subj = rng.choice(TOPICS)
        mine = "%s，你好：\n\n%s\n\n%s" % (c.cn, P.text("cn", 40, 250), who(i))
        text = rng.choice(SHORT)
        if rng.random() < 0.3:
            text += "\n" + c.cn
        if rng.random() < 0.8:
            text += quote_block(rng, QSTYLE[c.kind], who(i), L.addr(i), t - rng.randrange(600, 200000),
                                orig_subj, mine)
        send_personal(c, t, [i], ("回复：" if c.kind != "exchange" else "答复: ") + orig_subj, text, "reply")

    # -- letters with an attachment and one line of text (~150)
    ATT = [("报告.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
           ("报价单.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
           ("照片.jpg", "image/jpeg"), ("论文初稿.pdf", "application/pdf"), ("数据.zip", "application/zip"),
           ("申请表.doc", "application/msword")]
    LINE1 = ["附件是{x}，请查收。", "{x}见附件。", "请查收附件中的{x}，谢谢！", "您好，{x}已发附件，有问题再联系。",
             "老师好，这是我的{x}。", "{x}，请审阅。"]
    for k in range(150):
        c = rng.choice(corr)
        i = rng.choice(c.contacts)
        t = work_t(rng)
        x = rng.choice(TOPICS)
        fn, ct = rng.choice(ATT)
        data = fake_docx(rng, rng.randrange(4000, 30000)) if "openxml" in ct else rng.randbytes(rng.randrange(3000, 30000))
        text = rng.choice(LINE1).format(x=x) + ("\n\n" + c.cn if rng.random() < 0.5 else "")
        send_personal(c, t, [i], x, text, "attach", attach=(x + "_" + fn, ct, data))

    # -- threads: two or three outside parties and local people, reply-all, each quoting the last (~260)
    for th in range(45):
        parties = rng.sample(corr, rng.choice((1, 2, 2, 3)))
        locals_ = L.pick(rng, rng.randint(1, 6))
        subj = rng.choice(TOPICS) + rng.choice(["讨论", "安排", "方案", "进度", ""])
        t = work_t(rng, rng.randrange(DAYS - 3))
        history, last_who, last_addr = "", None, None
        for k in range(rng.randint(3, 9)):
            c = rng.choice(parties)
            if rng.random() < 0.4 and history:
                # a local person's reply in between (outbound, unseen) becomes part of what's quoted
                li = rng.choice(locals_)
                mine = rng.choice(SHORT) + "\n" + P.text("cn", 0, 200) + "\n" + who(li)
                history = mine + quote_block(rng, "outlook", last_who, last_addr, t - 3000, subj, history)
                last_who, last_addr = who(li), L.addr(li)
            new = "%s\n\n%s\n\n%s" % (rng.choice(["各位好，", "大家好：", "补充一下：", "同意。", "收到，", ""]),
                                      P.text("tw" if c.taiwan else "cn", 40, 350), c.cn)
            text = new + (quote_block(rng, QSTYLE[c.kind], last_who, last_addr, t - 2000, subj, history) if history else "")
            send_personal(c, t, locals_, ("回复：" if history else "") + subj, text, "thread:%d" % th)
            history, last_who, last_addr = text, c.cn, c.addr
            t += rng.randrange(1200, 60000)

    # -- out-of-office auto-replies: the system's template, many people (~70)
    OOO = {
        "qq": ("这是来自QQ邮箱的假期自动回复邮件。\n\n您好，我最近正在休假中，无法亲自回复您的邮件。"
               "我将在假期结束后，尽快给您回复。", "自动回复: {s}"),
        "netease": ("您好！您的来信已收到，我现在不在办公室，将在返回后尽快回复您。谢谢！\n\n"
                    "（此邮件为网易邮箱自动回复）", "自动回复：{s}"),
        "exchange": ("您好，\n\n我于{d1}至{d2}外出，期间查看邮件不便，回复可能不及时。如有急事，"
                     "请联系{o}，电话{p}。\n\n谢谢！\n{n}", "自动答复: {s}"),
        "coremail": ("您好，我目前正在休假，{d2}返回学校。您的邮件我已收到，返回后会第一时间处理。"
                     "紧急事务请致电{p}。\n{n}", "自动回复：{s}"),
    }
    for k in range(70):
        c = rng.choice([x for x in corr if x.kind in ("qq", "netease", "exchange", "coremail", "foxmail")])
        kind = "qq" if c.kind == "foxmail" else c.kind
        tpl, stpl = OOO[kind]
        d = rng.randrange(DAYS)
        txt = tpl.format(d1="6月%d日" % (d + 1), d2="6月%d日" % (d + rng.randint(3, 10)), o=person(rng)[0],
                         p="1%d" % rng.randrange(3 * 10**9, 9 * 10**9), n=c.cn)
        i = rng.choice(c.contacts)
        t = work_t(rng, d)
        ip, helo = c.client(rng)
        raw = build(rng, c.kind, t, c.cn, c.addr, [L.addr(i)], stpl.format(s=rng.choice(TOPICS)), txt,
                    extra_hdrs="Auto-Submitted: auto-replied\nX-Autoreply: yes")
        st.add(t, ip, helo, "", [L.addr(i)], "ham", "ooo:" + kind, raw)

    # -- the site's own announcements to hundreds of local users (one transaction or batches of 50)
    ANN = ["关于{y}期间校园网络维护的通知", "关于开展{y}工作的通知", "关于{y}放假安排的通知", "关于举办{y}的通知",
           "关于做好{y}的通知", "{y}报名通知", "关于调整{y}的通知"]
    YS = ["端午节", "2026年暑期社会实践", "教职工体检", "消防安全检查", "研究生学位论文抽检", "图书馆系统升级",
          "统一身份认证改造", "第二十届校运会", "师德师风建设", "实验室安全培训", "邮件系统迁移", "科研经费报销",
          "教学质量评估", "新进教师培训", "校园一卡通更换"]
    annos = []
    for a in range(16):
        unit = rng.choice(DEPTS[12:])
        title = rng.choice(ANN).format(y=rng.choice(YS))
        body = "各学院、各部门，全体教职工：\n\n%s\n\n特此通知。\n\n%s\n2026年6月%d日" % (
            P.text("cn", 300, 1400), unit, rng.randrange(1, DAYS))
        annos.append((unit, title, body))
        rc = L.pick(rng, rng.randint(150, 900))
        t = work_t(rng)
        sender = rng.choice(["notice", "xxb", "jwc", "office", "admin"]) + "@" + SITE
        kind = rng.choice(["coremail", "exchange"])
        batches = [rc] if rng.random() < 0.5 else [rc[x:x + 50] for x in range(0, len(rc), 50)]
        for b in batches:
            raw = build(rng, kind, t, unit, sender, ["undisclosed-recipients:;"], title, body)
            st.add(t, SITE_MAILHOST, "mail." + SITE, sender, [L.addr(i) for i in b], "ham", "announce:%d" % a, raw)
            t += rng.randrange(5, 90)

    # -- a notice forwarded by several departments (internal) to their own people
    for a in range(2):
        unit, title, body = annos[a]
        t = work_t(rng) + 3600
        for dep in rng.sample(DEPTS[:12], rng.randint(4, 8)):
            intro = rng.choice(["各位老师：\n\n转发学校通知，请认真阅读并按要求执行。", "请各位老师知悉。", "转发，请大家留意截止时间。",
                                "各位老师、同学：\n\n现将学校通知转发给大家，有疑问请联系学院办公室。", ""])
            text = "%s\n\n%s\n\n-------- 转发的邮件 --------\n发件人: %s <notice@%s>\n日期: %s\n主题: %s\n\n%s" % (
                intro, dep + "办公室", unit, SITE, cdate(t - 7200), title, body)
            rc = L.pick(rng, rng.randint(20, 120))
            sender = "office%d@%s" % (rng.randrange(1, 40), SITE)
            raw = build(rng, rng.choice(["coremail", "exchange", "foxmail"]), t, dep, sender, [L.addr(i) for i in rc], "转发：" + title, text)
            st.add(t, SITE_MAILHOST, "mail." + SITE, sender, [L.addr(i) for i in rc], "ham", "fwd:int%d" % a, raw)
            t += rng.randrange(600, 30000)
    # ... and a provincial notice forwarded by outside organisations to their contacts here
    for a in range(2):
        title = rng.choice(["关于组织申报2026年度省自然科学基金项目的通知", "关于举办全省高校教师教学创新大赛的通知",
                            "关于开展2026年度省级重点实验室评估工作的通知"])
        body = "各有关单位：\n\n%s\n\n附件：1. 申报书模板\n2. 汇总表\n\n省科学技术厅\n2026年6月%d日" % (P.text("cn", 400, 1200), 2 + a)
        t = work_t(rng, 1 + a * 5)
        for o in rng.sample(orgs[:140], rng.randint(6, 10)):
            cn = person(rng)[0]
            text = "%s\n\n%s\n%s\n\n---------- 转发邮件信息 ----------\n主题：%s\n\n%s" % (
                rng.choice(["各位合作老师好，转发省厅通知供参考。", "您好！转发一则通知，贵校老师如有意向可联合申报。",
                            "转给您看看，截止时间比较紧。", ""]), cn, o.cn, title, body)
            rc = L.pick(rng, rng.randint(1, 5))
            addr = "%s@%s" % (rng.choice(["kyc", "office", "keyan", "zhangl", "liuy"]), o.domain)
            ip, helo = o.client(rng)
            raw = build(rng, o.mailer, t, cn, addr, [L.addr(i) for i in rc], "转发：" + title, text)
            st.add(t, ip, helo, addr, [L.addr(i) for i in rc], "ham", "fwd:ext%d" % a, raw)
            t += rng.randrange(1800, 90000)

    # -- meeting invitations from many organisations and people (~90)
    def tencent(n, subj, t):
        mid = "%03d-%03d-%03d" % (rng.randrange(1000), rng.randrange(1000), rng.randrange(1000))
        return ("%s 邀请您参加腾讯会议\n会议主题：%s\n会议时间：2026/06/%02d %02d:00-%02d:00 (GMT+08:00) 中国标准时间 - 北京\n\n"
                "点击链接入会，或添加至会议列表：\nhttps://meeting.tencent.com/dm/%s\n\n#腾讯会议：%s\n%s"
                "\n手机一键拨号入会\n+8675536550000,,%s# (中国大陆)\n+85230018898,,,2,%s# (中国香港)\n\n"
                "根据您的位置拨号\n+8675536550000 (中国大陆)\n+85230018898 (中国香港)\n\n复制该信息，打开手机腾讯会议即可参与" % (
                    n, subj, t // 86400 + 1 + rng.randrange(1, 4), 9 + rng.randrange(8), 10 + rng.randrange(8),
                    "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789") for _ in range(12)),
                    mid, "会议密码：%04d\n" % rng.randrange(10000) if rng.random() < 0.6 else "",
                    mid.replace("-", ""), mid.replace("-", "")))

    def dingtalk(n, subj, t):
        return ("%s邀请你参加钉钉视频会议\n会议主题：%s\n会议时间：06月%02d日 %02d:30\n会议号：%d\n"
                "入会链接：https://meeting.dingtalk.com/j/%s\n\n使用钉钉扫码或点击链接加入会议" % (
                    n, subj, t // 86400 + 2, 9 + rng.randrange(8), rng.randrange(10**8, 10**9),
                    "".join(rng.choice("abcdefghijkmnpqrstuvwxyz0123456789") for _ in range(10))))

    def outlook_inv(n, subj, t):
        return ("时间: 2026年6月%d日 %02d:00-%02d:30 (UTC+08:00) 北京，重庆，香港特别行政区，乌鲁木齐。\n地点: %s\n\n"
                "%s\n\n议程：\n1. %s\n2. %s\n3. 其他事项\n\n%s" % (
                    t // 86400 + 2, 9 + rng.randrange(8), 10 + rng.randrange(8),
                    rng.choice(["第三会议室", "行政楼302", "线上", "B座5楼大会议室"]), P.text("cn", 30, 200),
                    rng.choice(TOPICS), rng.choice(TOPICS), n))
    for k in range(90):
        c = rng.choice(corr)
        t = work_t(rng)
        subj = rng.choice(["%s讨论会", "%s评审会", "%s线上交流", "%s工作例会", "%s启动会"]) % rng.choice(TOPICS)
        f = rng.choices([("tencent", tencent), ("dingtalk", dingtalk), ("outlook", outlook_inv)], [60, 15, 25])[0]
        text = f[1](c.cn, subj, t)
        if rng.random() < 0.4:
            text = rng.choice(["各位好，会议信息如下：", "您好，邀请您参加线上会议：", "请准时参加。"]) + "\n\n" + text
        rc = sorted(set([rng.choice(c.contacts)] + (L.pick(rng, rng.randint(1, 5)) if rng.random() < 0.4 else [])))
        send_personal(c, t, rc, "会议邀请：" + subj if f[0] != "outlook" else subj, text, "invite:" + f[0])

    # -- services: verification codes, orders, banks, newsletters, digests
    def service(domain, nnets, helo):
        nets = [cn_net(rng) for _ in range(nnets)]
        hosts = ["%s.%d" % (n, rng.randrange(2, 254)) for n in nets for _ in range(2)]
        return domain, hosts, helo

    def svc_send(svc, t, sender_lp, rcpt, group, subj, text, html, cs="utf-8", cte="base64", html_only=True, name=""):
        dom, hosts, helo = svc
        ip = rng.choice(hosts)
        b, c = enc_text(html if html_only else text, cs)
        bnd = boundary(rng)
        env = "%s@%s" % (sender_lp, dom)
        hdr = ("Date: %s\nFrom: %s\nTo: %s\nSubject: %s\nMessage-ID: <%x@%s>\nMIME-Version: 1.0\n" % (
            date_hdr(t), addr_hdr(name, "no-reply@" + dom, cs), L.addr(rcpt), hdr_word(subj, cs), rng.randrange(16**20), dom))
        if html_only:
            raw = hdr.encode() + part(html, cs, cte, "text/html")
        else:
            raw = hdr.encode() + ('Content-Type: multipart/alternative; boundary="%s"\n\n--%s\n' % (bnd, bnd)).encode()
            raw += part(text, cs, cte) + ("\n--%s\n" % bnd).encode() + part(html, cs, cte, "text/html") + ("\n--%s--\n" % bnd).encode()
        st.add(t, ip, helo.format(n=rng.randrange(1, 30)), env, [L.addr(rcpt)], "ham", group, raw)

    def wrap_html(inner, brand, look):
        """Each sender's own skeleton: colours, layout and footer differ by brand."""
        color, layout, footer = look
        if layout == 0:
            return ('<!DOCTYPE html><html><head><meta charset="utf-8"><style>td{font-size:14px;color:#333}</style></head>'
                    '<body><table width="600" align="center"><tr><td style="background:%s;color:#fff">%s</td></tr>'
                    '<tr><td>%s</td></tr><tr><td style="color:#999;font-size:12px">%s</td></tr></table></body></html>' % (
                        color, brand, inner, footer))
        if layout == 1:
            return ('<html><body style="margin:0;background:#f5f5f5"><div style="width:640px;margin:0 auto;background:#fff">'
                    '<div style="height:60px;border-bottom:3px solid %s"><img src="https://img.%s/logo.png" alt="%s"></div>'
                    '<div style="padding:20px;line-height:24px">%s</div><div style="padding:10px;font-size:12px;color:#888;'
                    'border-top:1px solid #eee">%s</div></div></body></html>' % (color, brand, brand, inner, footer))
        return ('<html><head><title>%s</title></head><body><center><table border="0" cellpadding="0" cellspacing="0" width="700">'
                '<tr><td bgcolor="%s" height="8"></td></tr><tr><td><font size="2" face="宋体">%s</font></td></tr>'
                '<tr><td><font size="1" color="#666666">%s</font></td></tr></table></center></body></html>' % (
                    brand, color, inner, footer))

    # verification codes
    VER = [("学信网", "chsi.com.cn", 2, "您正在进行邮箱验证，验证码为：{c}，10分钟内有效。如非本人操作，请忽略本邮件。",
            ("#1e5fa8", 0, "本邮件由学信网系统自动发出，请勿回复。客服电话：010-67410388")),
           ("中国知网", "cnki.net", 2, "您好，您正在找回知网个人账号密码，验证码：{c}。请勿将验证码告知他人。",
            ("#a5282c", 2, "同方知网（北京）技术有限公司 京ICP证040431号")),
           ("阿里云", "aliyun.com", 3, "尊敬的用户：您的验证码为 {c}，该验证码5分钟内有效，请勿泄露于他人。",
            ("#ff6a00", 1, "阿里云计算有限公司 此为系统邮件，请勿回复")),
           ("码云Gitee", "gitee.com", 1, "您好 {u}，\n您正在重置密码，请点击下方链接完成操作：\nhttps://gitee.com/password/edit?reset_token={tok}\n链接24小时内有效。若非本人操作，请忽略。",
            ("#c71d23", 1, "Gitee - 基于 Git 的代码托管和研发协作平台"))]
    for nm, dom, nn, tpl, look in VER:
        svc = service(dom, nn, "mail{n}." + dom)
        for k in range(rng.randint(25, 55)):
            i = L.pick(rng)[0]
            t = rng.randrange(DAYS * 86400)
            txt = tpl.format(c="%06d" % rng.randrange(10**6), u=L.users[i][1].split("@")[0],
                             tok="%x" % rng.randrange(16**24))
            svc_send(svc, t, "no-reply", i, "verify:" + dom, "【%s】验证码" % nm, txt,
                     wrap_html(txt.replace("\n", "<br>"), nm, look), html_only=rng.random() < 0.5, name=nm)

    # e-commerce orders and shipping: each shop its own wording and skeleton, from several of its networks
    SHOPS = [("淘宝网", "taobao.com", 6, ("#ff5000", 1, "本邮件由淘宝网系统发送，请勿直接回复。如有疑问请联系阿里小蜜。"),
              "亲，您的订单已创建成功！\n订单编号：{oid}\n宝贝：{items}\n实付款：￥{amt}.00\n卖家会尽快发货，请耐心等待哦~\n收货人：{who}，{city}",
              "亲，您购买的宝贝已发货啦！\n{carrier} 运单号：{bill}\n宝贝：{items}\n打开手机淘宝-我的淘宝-物流，随时查看包裹动态。"),
             ("京东", "jd.com", 7, ("#e1251b", 0, "此为系统邮件，请勿回复。京东客服热线 400-606-5500  京公网安备11000002000088号"),
              "尊敬的京东用户{who}：\n您好！您的订单{oid}已支付成功，订单金额{amt}.00元。\n商品清单：{items}\n我们将在24小时内为您出库，"
              "配送地址：{city}。\n感谢您在京东购物，欢迎再次光临！",
              "您的京东订单{oid}已出库，由{carrier}配送，运单号{bill}，预计{days}天内送达。配送员会在送货前与您电话联系，请保持手机畅通。"),
             ("当当", "dangdang.com", 3, ("#3aa843", 2, "当当网 全球最大的中文网上书店 Copyright (C) 当当 2004-2026"),
              "亲爱的{who}：\n\n感谢您在当当网订购图书，您的订单号为{oid}。\n订购商品：\n{items_nl}\n商品金额合计：{amt}.00元（含运费）\n"
              "我们会尽快安排发货。您可以登录“我的当当”查看订单状态。",
              "亲爱的{who}：\n您在当当网的订单{oid}已经交由{carrier}发出（运单{bill}）。\n如有缺货或需要退换，请在收到商品7天内联系客服。"),
             ("苏宁易购", "suning.com", 5, ("#ffaa00", 0, "苏宁易购 · 正品行货 · 全国联保 | 退订邮件请点击此处"),
              "【苏宁易购】尊敬的会员：您的订单{oid}已提交，应付金额￥{amt}.00。商品：{items}。请在30分钟内完成支付，逾期订单将自动取消。",
              "【苏宁易购】您的订单{oid}中的商品已由{carrier}揽收，运单号{bill}。查看物流请打开苏宁易购App-我的订单。")]
    GOODS = ["无线蓝牙耳机", "机械键盘 87键 青轴", "保温杯 500ml", "《深入理解计算机系统》第3版", "儿童绘本套装", "USB-C 扩展坞",
             "羽毛球拍 碳素", "空气炸锅 4.5L", "学生台灯 护眼", "移动硬盘 2TB", "运动鞋 男款 42码", "洗发水 750ml*2",
             "A4复印纸 5包", "投影仪幕布", "办公椅 人体工学", "猫粮 10kg", "电动牙刷", "笔记本支架", "茶叶 龙井 250g",
             "《活着》余华", "《三体》全集", "《明朝那些事儿》", "数据线 1米 2条装", "雨伞 折叠", "瑜伽垫", "电热水壶 1.7L"]
    CARRIERS = ["顺丰速运", "中通快递", "圆通速递", "韵达快递", "京东物流", "EMS", "申通快递"]
    for nm, dom, nn, look, t_order, t_ship in SHOPS:
        svc = service(dom, nn, "mta{n}.mail." + dom)
        buyers = L.pick(rng, rng.randint(30, 55))
        for b in buyers:
            for o in range(rng.choice((1, 1, 1, 2))):
                t = rng.randrange(DAYS * 86400 - 3 * 86400)
                items = rng.sample(GOODS, rng.randint(1, 3))
                v = dict(oid="%d" % rng.randrange(10**17, 10**18), amt=sum(rng.randrange(19, 899) for _ in items),
                         items="、".join(items), items_nl="\n".join("  %s  x%d" % (g, rng.randint(1, 2)) for g in items),
                         who=L.users[b][0], city=rng.choice(CITIES[:-3])[0] + "市" + rng.choice(["海淀区", "西湖区", "南山区", "江宁区", "洪山区"]) + "***",
                         carrier=rng.choice(CARRIERS), bill="%s%d" % (rng.choice(["SF", "YT", "JT", "ZT", ""]), rng.randrange(10**11, 10**13)),
                         days=rng.randint(1, 4))
                txt1 = t_order.format(**v)
                svc_send(svc, t, "order", b, "order:" + dom, "您在%s的订单已提交（订单号：%s）" % (nm, v["oid"]), txt1,
                         wrap_html(txt1.replace("\n", "<br>"), nm, look),
                         cs=rng.choice(["utf-8", "gbk"]), html_only=dom != "dangdang.com", name=nm)
                t += rng.randrange(3600, 2 * 86400)
                txt2 = t_ship.format(**v)
                svc_send(svc, t, "delivery", b, "order:" + dom, "您的订单已发货", txt2,
                         wrap_html(txt2.replace("\n", "<br>"), nm, look), html_only=True, name=nm)

    # bank statements (monthly, each customer once; html only): each bank its own statement layout
    MERCH = ["财付通-美团", "支付宝-饿了么", "中国石化", "滴滴出行", "京东商城", "携程旅行网", "星巴克", "医院挂号", "中国移动缴费",
             "永辉超市", "国家电网", "拼多多", "盒马鲜生", "12306铁路", "瑞幸咖啡", "华润万家"]
    BANKS = [("招商银行信用卡", "cmbchina.com", 2, ("#c7000b", 0, "招商银行信用卡中心 客服热线 400-820-5555 本邮件由系统自动发送"),
              "尊敬的{who}{sex}：<br>您好！感谢您使用招商银行信用卡，以下是您{m}月的账单。<br>本期账单日：2026/06/{d1:02d}  到期还款日：2026/07/{d2:02d}"
              "<br>本期应还总额：RMB {due}<br>本期最低还款额：RMB {min}<br>信用额度：RMB {lim}<br><table>{rows}</table>"),
             ("中国工商银行", "icbc.com.cn", 1, ("#b50000", 2, "中国工商银行牡丹卡中心 95588 温馨提示：请勿向任何人透露您的密码与验证码"),
              "{who}{sex}，您好：<br>您的工银牡丹信用卡（尾号{tail}）{m}月对账单如下。<br>账单周期 05/{d1:02d}-06/{d1:02d}，"
              "人民币本期应还款额 {due}，最低还款额 {min}，到期还款日 07/{d2:02d}。<br>交易明细：<table>{rows}</table>"),
             ("交通银行", "bankcomm.com", 2, ("#004b9b", 1, "交通银行太平洋信用卡中心 · 买单吧App · 客服 400-800-9888"),
              "亲爱的{who}{sex}：<br>交通银行太平洋信用卡电子对账单（{m}月）已生成。<br>● 本期欠款：{due} 元<br>● 最低还款：{min} 元"
              "<br>● 还款日：7月{d2}日<br>● 积分余额：{pts}<br><table>{rows}</table>")]
    for nm, dom, nn, look, tpl in BANKS:
        svc = service(dom, nn, "mail{n}." + dom)
        for b in L.pick(rng, rng.randint(30, 60)):
            t = rng.randrange(DAYS) * 86400 + rng.randrange(2 * 3600, 6 * 3600)
            rows = "".join("<tr><td>06/%02d</td><td>%s</td><td>%d.%02d</td></tr>" % (
                rng.randrange(1, 28), rng.choice(MERCH), rng.randrange(5, 3000), rng.randrange(100))
                for _ in range(rng.randint(4, 25)))
            inner = tpl.format(who=L.users[b][0][0], sex=rng.choice(["先生", "女士"]), m=rng.choice([5, 6]), d1=rng.randrange(1, 28),
                               d2=rng.randrange(1, 28), due="%d.%02d" % (rng.randrange(100, 30000), rng.randrange(100)),
                               min="%d.00" % rng.randrange(10, 1500), lim=rng.choice([20000, 50000, 80000, 120000]),
                               tail=rng.randrange(1000, 10000), pts=rng.randrange(100, 90000), rows=rows)
            svc_send(svc, t, "statement", b, "bank:" + dom, "%s电子账单" % nm, "", wrap_html(inner, nm, look), cs="gb2312", name=nm)
    # newsletters: daily issues to the same subscribers (one transaction, or one per recipient with VERP)
    NEWS = [("科技前沿日报", "36kr-mail.com", True), ("每日财经简报", "yicai-news.com", False), ("读书日历", "douban-mail.com", True),
            ("开源中国资讯", "oschina.net", False), ("学术动态速递", "sciencenet.cn", True), ("健康生活早报", "dxy-mail.cn", False)]
    for nm, dom, verp in NEWS:
        svc = service(dom, rng.randint(1, 2), "edm{n}." + dom)
        nlook = (rng.choice(["#333", "#0a7", "#369", "#c60"]), rng.randrange(3), "%s · 退订 · 隐私政策" % nm)
        subs = L.pick(rng, rng.randint(6, 40) if not verp else rng.randint(5, 18))
        for d in range(DAYS):
            t = d * 86400 + rng.randrange(6 * 3600, 8 * 3600)
            items = [P.text(rng.choice(["cn", "fortune_h"]), 60, 200) for _ in range(rng.randint(3, 6))]
            txt = "%s · 2026年6月%d日\n\n%s\n\n退订请点击：https://%s/unsub" % (
                nm, d + 1, "\n\n".join("【%d】%s" % (k + 1, x) for k, x in enumerate(items)), dom)
            html = wrap_html(txt.replace("\n", "<br>"), nm, nlook)
            if verp:
                for s in subs:
                    svc_send(svc, t, "bounce-%x-%s" % (rng.randrange(16**8), L.addr(s).replace("@", "=")), s,
                             "news:" + dom, nm + "（%d月%d日）" % (6, d + 1), txt, html, html_only=False, name=nm)
                    t += rng.randrange(1, 20)
            else:
                dom_, hosts, helo = svc
                raw = build(rng, "coremail", t, nm, "news@" + dom, ["subscribers@" + dom], nm + "（6月%d日）" % (d + 1), txt,
                            html=html, extra_hdrs="List-Unsubscribe: <https://%s/unsub>" % dom)
                st.add(t, rng.choice(hosts), helo.format(n=1), "news@" + dom, [L.addr(s) for s in subs], "ham", "news:" + dom, raw)

    # WeChat-style digests: per-user selections from the day's articles (overlap between users)
    for nm, dom in [("微信公众号精选", "weixin-digest.qq.com"), ("知乎日报", "zhihu-mail.com")]:
        svc = service(dom, 2, "mail{n}." + dom)
        look = (rng.choice(["#07c160", "#0084ff"]), rng.randrange(3), "%s 每日推荐 · 取消订阅" % nm)
        subs = L.pick(rng, rng.randint(8, 14))
        for d in range(DAYS):
            pool = [(rng.choice(["深度", "观点", "科普", "职场", "教育", "读书"]) + "｜" + P.take("cn")[:rng.randint(10, 22)],
                     P.text(rng.choice(["cn", "fortune_h"]), 80, 200)) for _ in range(12)]
            for s in subs:
                pick = rng.sample(pool, rng.randint(4, 6))
                txt = "%s 今日为你推荐\n\n%s\n\n你收到此邮件是因为订阅了%s。" % (
                    nm, "\n\n".join("%s\n%s\n阅读原文" % p for p in pick), nm)
                svc_send(svc, d * 86400 + rng.randrange(18 * 3600, 21 * 3600), "digest", s, "digest:" + dom,
                         "%s · %d月%d日" % (nm, 6, d + 1), txt, wrap_html(txt.replace("\n", "<br>"), nm, look), html_only=True, name=nm)

    # mailing lists: threads with '>' quoting, through one list server, to its subscribers here
    LISTS = [("cn-linux-users", "lists.linux-cn.org"), ("gis-forum", "list.gischina.org"),
             ("hist-cn", "lists.hist-cn.net"), ("ml-reading", "groups.mlreading.cn")]
    for lid, ldom in LISTS:
        lnet = cn_net(rng)
        lip = "%s.%d" % (lnet, rng.randrange(2, 254))
        subs = L.pick(rng, rng.randint(5, 40))
        posters = [person(rng) for _ in range(25)]
        for th in range(rng.randint(12, 20)):
            t = work_t(rng, rng.randrange(DAYS - 2))
            subj = "[%s] %s" % (lid, rng.choice(TOPICS) + rng.choice(["的问题", "求助", "讨论", "：一点经验", ""]))
            prev = None
            for k in range(rng.randint(1, 8)):
                p = rng.choice(posters)
                text = P.text("cn", 60, 400) + "\n\n-- \n" + p[0]
                if prev:
                    qp = prev.split("\n\n_______________________________________________")[0]
                    text = "在 %s，%s 写道：\n%s\n\n%s" % (cdate(t - 3600), prev_who,
                                                         "\n".join("> " + l for l in qp.split("\n")[:40]), text)
                text += "\n\n_______________________________________________\n%s mailing list\n%s@%s\nhttps://%s/mailman/listinfo/%s" % (
                    lid, lid, ldom, ldom, lid)
                paddr = "%s%s@%s" % (p[1], p[2], rng.choice(["gmail.com", "qq.com", "163.com", "outlook.com"]))
                raw = build(rng, "thunderbird", t, p[0], paddr, ["%s@%s" % (lid, ldom)], ("Re: " if prev else "") + subj, text,
                            extra_hdrs="List-Id: <%s.%s>\nPrecedence: list" % (lid, ldom))
                st.add(t, lip, "mail." + ldom, "%s-bounces@%s" % (lid, ldom), [L.addr(s) for s in subs], "ham",
                       "list:" + lid, raw)
                prev, prev_who = text, p[0]
                t += rng.randrange(1800, 86400)

    nham = len(st.rows)

    # ---------------------------------------------------------------- spam
    spam(rng, P, L, st)
    return st, nham


# ---------------------------------------------------------------- spam

ADS = {
    "invoice": ["您好！\n\n本公司因进项较多，现有部分{city}{co}增值税专用发票、普通发票可优惠代开（{rate}点），"
                "可先验证后付款，真实有效，全国可查。\n\n联系人：{name}\n手机：{phone}（微信同号）\nQQ：{qq}\n\n{co2}",
                "{name}经理：\n\n您好！我司长期代开各类正规发票：增值税、建筑、运输、广告、餐饮、服务、材料等，"
                "点数优惠，可上网查验，满意后付款。\n\n详询：{phone} {name2}\n{co2}财务部"],
    "seo": ["{name}您好：\n\n我们是{city}专业网络推广团队，百度首页排名{days}天见效，关键词包月{price}元起，不上首页不收费。"
            "另提供网站建设、小程序开发、抖音短视频代运营、企业百科创建。\n\n咨询热线：{phone}（{name2}）\nQQ：{qq}\n网址：{url}",
            "贵公司网站在百度搜索中几乎没有排名，每天流失大量客户！\n\n我们的整站优化方案：\n1. 核心关键词首页保证\n2. 按天扣费，无效不收费\n"
            "3. 免费诊断网站\n\n联系：{name} {phone}"],
    "loan": ["急用钱找{name2}！\n\n无抵押信用贷款，最高{amount}万，当天审批当天放款，月息低至{rate}厘。上班族、个体户、企业主、"
             "有房有车有保单均可申请，征信花、负债高也能办。\n\n联系{name}：{phone}（微信同号）",
             "【{co2}】尊敬的客户，您已获得{amount}万元授信额度，年化利率{rate}%起，随借随还。点击领取：{url} 回复TD退订"],
    "gamble": ["{site}娱乐城盛大开业！新会员注册即送{price}元体验金，首存一百送一百，百家乐、真人视讯、体育投注、电子游艺，"
               "日提款无上限，{days}分钟到账。\n\n官方网址：{url}\n客服QQ：{qq}",
               "老板您好，{site}国际现推出VIP专属返水{rate}%，天天返利，大额无忧。\n\n备用网址：{url}\n专属客服：{name} {phone}"],
    "course": ["{city}{month}月公开课：《{course}》\n\n主讲：{name}老师（{co}高级顾问）\n时间：2026年{month}月{days}日-{d2}日\n"
               "地点：{city}·{hotel}\n费用：{price}元/人（含资料、午餐、证书）\n\n课程收益：\n一、{b1}\n二、{b2}\n三、{b3}\n\n"
               "报名热线：{phone} {name2}\n如不需要此类信息，请回复退订。",
               "尊敬的企业负责人：\n\n《{course}》高级研修班{month}月在{city}开课，限额{days}人，请速报名！\n\n"
               "{b1}；{b2}；{b3}。\n\n联系人：{name2} 手机{phone}"],
    "trade": ["外贸人必备！海关数据精准查询，一键获取全球{amount}万采购商邮箱，AI自动开发信，免费试用{days}天。\n\n"
              "联系：{name} {phone}  网址：{url}"],
    "shop": ["{city}{hotel}附近旺铺招租/转让，面积{amount}平米，适合餐饮、超市、教育培训，年租金{price}元。\n\n业主直租，电话{phone} {name}"],
}
COURSES = ["非人力资源经理的人力资源管理", "中层管理者领导力提升", "卓越班组长管理实战", "阿米巴经营模式落地", "销售团队打造与业绩倍增",
           "企业股权激励实务", "精益生产与5S管理", "金税四期下的税务筹划"]
BENEFITS = ["掌握绩效考核的核心方法", "学会高效沟通与团队激励", "降本增效，提升利润", "规避用工风险", "打造狼性团队", "建立标准化流程"]
HOTELS = ["希尔顿酒店", "万达广场", "国际会议中心", "凯悦酒店", "科技园", "高铁站"]
SITES = ["金沙", "威尼斯人", "葡京", "新濠", "太阳城", "永利", "银河"]


HANZI = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理"


def spam(rng, P, L, st):
    def phone():
        return "1" + rng.choice("35789") + "".join(rng.choice("0123456789") for _ in range(9))

    def fill(tpl, o):
        name = person(rng)[0]
        v = dict(city=rng.choice(CITIES[:-3])[0], co=rng.choice(["商贸", "建材", "物流", "科技", "实业"]) + "有限公司",
                 co2=rng.choice(CITIES[:-3])[0] + "".join(rng.choice("鑫华盛源达通宏泰") for _ in range(2)) + rng.choice(["商贸有限公司", "财税咨询有限公司", "科技公司", "金融服务"]),
                 rate=rng.choice(["1", "1.5", "2", "3", "4", "6"]), name=name, name2=person(rng)[0][0] + rng.choice(["经理", "小姐", "先生", "总"]),
                 phone=phone(), qq=str(rng.randrange(10**8, 3 * 10**9)), days=rng.randint(3, 30), d2=rng.randint(3, 30),
                 price=rng.choice([580, 880, 1280, 2800, 3600, 4800, 6800, 188, 888]), amount=rng.choice([5, 10, 20, 30, 50, 100, 200]),
                 url="http://%s.%s" % ("".join(rng.choice("abcdefghkmnpqrstuvwxyz0123456789") for _ in range(rng.randint(4, 8))),
                                       rng.choice(["com", "cc", "vip", "top", "xyz", "net", "cn"])),
                 site=rng.choice(SITES), month=rng.choice([6, 7]), course=o["course"], hotel=rng.choice(HOTELS),
                 b1=rng.choice(BENEFITS), b2=rng.choice(BENEFITS), b3=rng.choice(BENEFITS))
        return tpl.format(**v)

    def obfuscate(s, level):
        if level == 0:
            return s
        out = []
        for ch in s:
            out.append(ch)
            if "\u4e00" <= ch <= "\u9fff" and rng.random() < 0.08 * level:
                out.append(rng.choice(["·", " ", "丶", "*", "々", "|", "〓", "\u3000", "．"]))
        s = "".join(out)
        for a, b in [("发票", "發票"), ("贷款", "貸款"), ("发票", "发漂"), ("娱乐", "娯乐"), ("微信", "V信"), ("代开", "代.开")]:
            if rng.random() < 0.3 * level:
                s = s.replace(a, b)
        return s

    def forged_sender():
        r = rng.random()
        if r < 0.3:
            return "%d@qq.com" % rng.randrange(10**5, 3 * 10**9)
        if r < 0.45:
            return "%s@%s" % ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(5, 10))),
                              rng.choice(["163.com", "126.com", "sina.com", "yahoo.com.cn", "hotmail.com"]))
        if r < 0.55:
            return L.addr(L.pick(rng)[0])
        return "%s@%s.%s" % ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(rng.randint(4, 9))),
                             "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(4, 10))),
                             rng.choice(["com", "cn", "net", "com.cn", "top", "xyz"]))

    def bot_helo(ip):
        return rng.choice(["[%s]" % ip, "USER-PC", "PC-%d" % rng.randrange(10**6), "localhost", "WIN-%X" % rng.randrange(16**8),
                           "mail.qq.com", "smtp.163.com", "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8))])

    def appended():
        r = rng.random()
        if r < 0.35:
            return "\n\n" + P.take("poem")
        if r < 0.6:
            return "\n\n" + "\n".join(P.take("fortune") for _ in range(rng.randint(1, 3)))
        if r < 0.75:
            return "\n\n" + "".join(rng.choice(HANZI) for _ in range(rng.randint(30, 150)))
        return ""

    kinds = list(ADS)
    ncamp = 42
    sizes = [25 * (400 / 25) ** rng.random() for _ in range(ncamp)]
    sizes = [max(10, int(round(x * 5200 / sum(sizes)))) for x in sizes]  # about 5,200 campaign copies
    for cidx in range(ncamp):
        kind = rng.choice(kinds)
        tpl = rng.choice(ADS[kind])
        o = {"course": rng.choice(COURSES)}
        ncopies = sizes[cidx]
        mode = rng.choice(["botnet", "botnet", "snowshoe"])
        snow = [any_net(rng) for _ in range(rng.randint(3, 12))]
        snowdom = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(5, 9))) + "." + rng.choice(["com", "cn", "top", "net"])
                   for _ in range(len(snow))]
        level = rng.choice([0, 0, 1, 1, 2])
        fmt = rng.choice(["plain", "alt", "htmlonly"])
        charsets = rng.sample(["gb2312", "gbk", "gb18030", "utf-8", "big5"], rng.randint(1, 3))
        ctes = rng.sample(["base64", "quoted-printable", "8bit"], rng.randint(1, 2))
        start = rng.randrange(DAYS * 86400 - 86400)
        dur = rng.choice([3600 * 6, 86400, 3 * 86400, 7 * 86400])
        subj_base = {"invoice": ["代开发票", "优惠开票", "正规发票", "财务咨询"], "seo": ["网站优化", "百度首页排名", "网络推广"],
                     "loan": ["急用钱？", "您的额度已到账", "无抵押贷款"], "gamble": ["注册送彩金", "VIP返水", "最新网址"],
                     "course": ["公开课邀请", "高级研修班", "《%s》" % o["course"]], "trade": ["外贸客户开发", "海关数据"],
                     "shop": ["旺铺招租", "商铺转让"]}[kind]
        for k in range(ncopies):
            t = start + int(dur * rng.random() ** 1.5)
            body = obfuscate(fill(tpl, o), level) + appended()
            if mode == "botnet":
                net = any_net(rng)
                ip = "%s.%d" % (net, rng.randrange(2, 254))
                helo = bot_helo(ip)
                sender = forged_sender()
            else:
                j = rng.randrange(len(snow))
                ip = "%s.%d" % (snow[j], rng.randrange(2, 254))
                sender = "%s@%s" % (rng.choice(["info", "service", "admin", "sales", person(rng)[1]]), snowdom[j])
                helo = "mail%d.%s" % (rng.randrange(1, 99), snowdom[j])
            rc = L.pick(rng, rng.choice([1, 1, 1, 2, 3, 5, 8, 12, 20]))
            cs = rng.choice(charsets)
            cte = rng.choice(ctes)
            subj = obfuscate(rng.choice(subj_base), level) + rng.choice(["", "", " " + person(rng)[0], "（%d）" % rng.randrange(1000), "-" + phone()[-4:]])
            html = None
            if fmt != "plain":
                html = "<html><body><p>%s</p></body></html>" % body.replace("\n", "<br>")
            raw = spam_build(rng, t, sender, rc, L, subj, body, cs, cte, fmt, html)
            st.add(t, ip, helo, sender, [L.addr(i) for i in rc], "spam", "campaign:%d" % cidx, raw)
    # one-off spam
    for k in range(800):
        kind = rng.choice(kinds)
        o = {"course": rng.choice(COURSES)}
        body = fill(rng.choice(ADS[kind]), o) + appended()
        t = rng.randrange(DAYS * 86400)
        net = any_net(rng)
        ip = "%s.%d" % (net, rng.randrange(2, 254))
        rc = L.pick(rng, rng.choice([1, 1, 2, 4, 10]))
        fmt = rng.choice(["plain", "alt", "htmlonly"])
        html = "<html><body><div>%s</div></body></html>" % body.replace("\n", "<br>") if fmt != "plain" else None
        sender = forged_sender()
        raw = spam_build(rng, t, sender, rc, L, rng.choice(["您好", "合作", "诚邀", "资料", "通知"]), body,
                         rng.choice(["gb2312", "gbk", "utf-8", "big5"]), rng.choice(["base64", "8bit", "quoted-printable"]), fmt, html)
        st.add(t, ip, bot_helo(ip), sender, [L.addr(i) for i in rc], "spam", "single", raw)


def spam_build(rng, t, sender, rc, L, subj, body, cs, cte, fmt, html):
    hdr = ("Date: %s\nFrom: %s\nTo: %s\nSubject: %s\nMessage-ID: <%x@%s>\nMIME-Version: 1.0\nX-Mailer: %s\n" % (
        date_hdr(t), addr_hdr(person(rng)[0], sender, cs), L.addr(rc[0]), hdr_word(subj, cs, rng.choice("BQ")),
        rng.randrange(16**16), sender.split("@")[1], rng.choice(["Foxmail 6, 13, 102, 15 [cn]", "Microsoft Outlook Express 6.00.2900.2180",
                                                                 "DM Mailer 3.2", "Microsoft Office Outlook 12.0"])))
    if fmt == "plain":
        return hdr.encode() + part(body, cs, cte)
    if fmt == "htmlonly":
        return hdr.encode() + part(html, cs, cte, "text/html")
    bnd = boundary(rng)
    raw = hdr.encode() + ('Content-Type: multipart/alternative; boundary="%s"\n\n--%s\n' % (bnd, bnd)).encode()
    raw += part(body, cs, cte) + ("\n--%s\n" % bnd).encode() + part(html, cs, cte, "text/html") + ("\n--%s--\n" % bnd).encode()
    return raw


def main():
    seed = 1
    try:
        opts, args = getopt.getopt(sys.argv[1:], "s:")
    except getopt.GetoptError as e:
        sys.exit("zh.py: %s\nusage: zh.py [-s SEED] OUTDIR" % e)
    for o, a in opts:
        if o == "-s":
            seed = int(a)
    if len(args) != 1:
        sys.exit("usage: zh.py [-s SEED] OUTDIR")
    st, nham = gen(seed, args[0])
    st.close()


if __name__ == "__main__":
    main()
