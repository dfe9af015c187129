#!/usr/bin/env python3
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
"""mksite: a site's mail stream, as an MX sees it, for tools/site-replay.sh.

    tools/mksite.py [-s SEED] [-d DAYS] [-u USERS] [-c CORPUS] en|zh OUTDIR

Every message has an envelope as an MX receives it: the client address
(XCLIENT), HELO name, envelope sender and recipients among the site's
USERS users, and a time within DAYS days (the stream is in time order).

en   the shared corpus (../shared/corpus, or -c) as an English-language
     site receives it: personal ham to the user its correspondent writes
     to; each mailing list and newsletter (List-Id, else the sender's
     domain) to its subscribers at the site (1 to 60, one transaction);
     SpamAssassin spam and phishing_pot to 1-20 users each, drawn from the
     population; client address and sender from the message's own
     Received and Return-Path. Each source's time range is laid over DAYS.
zh   a Chinese-language site from Debian's free prose (fortunes-zh,
     manpages-zh): letters between people at webmail providers and
     companies (signatures, the company's confidentiality notice, replies
     quoting the letter before), daily newsletters to their subscribers
     (an ESP's few networks, VERP senders), notifications from services
     (a template with the recipient's details, from a few networks),
     and spam: campaigns of ads whose copies vary (names, numbers,
     inserted characters, a random classical poem, charset and encoding)
     from botnets and snowshoe networks with forged senders, and one-off
     spam. GB2312, GBK, GB18030, Big5, UTF-8; base64, quoted-printable,
     8bit; plain and multipart/alternative with HTML.

Writes OUTDIR/msg/*.eml and OUTDIR/stream.tsv, one message a line:
    path  t  client  helo  sender  rcpts  class  group
(t in seconds from the start; rcpts comma-separated; class ham or spam;
group names what the message belongs to: personal, list:ID, news:ID,
notice:ID, thread:ID, campaign:ID, single). Deterministic for a seed and
the installed packages; generated, never committed.
"""

import base64
import email
import email.policy
import getopt
import hashlib
import html
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mkmlstream as ml  # noqa: E402  (the prose readers and encoders)

SITE = "site.example"


class Stream:
    """The messages of a stream, written as they are made."""

    def __init__(self, out):
        self.out = out
        self.rows = []
        os.makedirs(out + "/msg", exist_ok=True)

    def add(self, t, client, helo, sender, rcpts, cls, group, raw):
        path = "msg/%06d.eml" % len(self.rows)
        with open(self.out + "/" + path, "wb") as f:
            f.write(raw)
        self.rows.append((t, path, client, helo, sender, ",".join(rcpts), cls, group))

    def close(self):
        self.rows.sort()
        with open(self.out + "/stream.tsv", "w") as f:
            f.write("path\tt\tclient\thelo\tsender\trcpts\tclass\tgroup\n")
            for t, path, client, helo, sender, rcpts, cls, group in self.rows:
                f.write("%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n" % (
                    path, t, client, helo, sender, rcpts, cls, group))
        ham = sum(1 for r in self.rows if r[6] == "ham")
        print("%d messages (%d ham, %d spam) in %s" % (
            len(self.rows), ham, len(self.rows) - ham, self.out), file=sys.stderr)


def user(i):
    return "user%d@%s" % (i, SITE)


def net24(rng):
    """A random public /24, as a.b.c."""
    while True:
        a = rng.randrange(1, 224)
        if a not in (10, 100, 127, 169, 172, 192, 198, 203, 0):
            return "%d.%d.%d" % (a, rng.randrange(256), rng.randrange(256))


def host(rng, net):
    return "%s.%d" % (net, rng.randrange(2, 254))


def log_uniform(rng, lo, hi):
    return int(round(lo * (hi / lo) ** rng.random()))


# ------------------------------------------------------------------ en

PUBLIC_IP = re.compile(rb"[\[(](\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})[\])]")


def client_of(raw):
    """The first public IPv4 address in the header block's Received lines,
    the host that handed the message to the site (as tools/nsm-replay)."""
    head = raw.split(b"\n\n", 1)[0]
    for m in PUBLIC_IP.finditer(head):
        a, b, c, d = (int(x) for x in m.groups())
        if max(a, b, c, d) > 255 or a in (0, 10, 127):
            continue
        if (a == 192 and b == 168) or (a == 172 and 16 <= b < 32):
            continue
        return "%d.%d.%d.%d" % (a, b, c, d)
    return None


def addr_of(v):
    if v is None:
        return None
    v = str(v)
    m = re.search(r"<([^<>@\s]*@[^<>\s]+)>", v) or re.search(r"([^<>\s\"]+@[^<>\s\"]+)", v)
    return m.group(1) if m else None


def list_key(msg):
    """Which list or newsletter a message came through, or None."""
    lid = msg.get("List-Id")
    if lid:
        lid = str(lid)
        m = re.search(r"<([^>]+)>", lid)
        return "list:" + (m.group(1) if m else lid.strip())[:60]
    for h in ("X-Mailing-List", "Mailing-List", "List-Post"):
        if msg.get(h):
            return "list:" + re.sub(r"\s+", "", str(msg.get(h)))[:60]
    prec = (msg.get("Precedence") or "").strip().lower()
    if prec in ("bulk", "list", "junk") or msg.get("List-Unsubscribe"):
        s = addr_of(msg.get("Return-Path")) or addr_of(msg.get("From")) or ""
        return "news:" + s.split("@")[-1].lower()
    return None


def stream_en(args, rng, st):
    corpus, days, users = args["corpus"], args["days"], args["users"]
    span = days * 86400
    rows = []
    with open(corpus + "/index.tsv") as f:
        next(f)
        for line in f:
            c = line.rstrip("\n").split("\t")
            path, cls, t = c[0], c[1], c[2]
            if cls not in ("ham", "spam"):
                continue
            src = path.split("/")[0] + "/" + path.split("/")[1]
            rows.append((src, int(t) if t else None, path, cls))
    # each source's 1st-99th percentile of time laid over the stream's span
    bysrc = {}
    for r in rows:
        bysrc.setdefault(r[0], []).append(r)
    subs = {}
    for src, rs in sorted(bysrc.items()):
        ts = sorted(r[1] for r in rs if r[1] is not None)
        lo, hi = ts[len(ts) // 100], ts[len(ts) * 99 // 100]
        for _, t, path, cls in rs:
            raw = open(corpus + "/" + path, "rb").read()
            if raw.startswith(b"From "):
                raw = raw.split(b"\n", 1)[1]
            msg = email.message_from_bytes(raw.split(b"\n\n", 1)[0] + b"\n\n",
                                           policy=email.policy.compat32)
            if t is None:
                t = hi
            when = int(min(max(t - lo, 0), hi - lo) * span / max(hi - lo, 1))
            sender = addr_of(msg.get("Return-Path")) or addr_of(msg.get("From")) or ""
            if not sender.isascii() or not re.fullmatch(r"[^@\s]+@[A-Za-z0-9.-]+", sender):
                sender = ""     # what the MTA would have refused: a bounce
            # no public address in its Received lines: the sender's own
            # network, the same for all its mail
            client = client_of(raw) or "%d.%d.%d.%d" % tuple(
                hashlib.md5(sender.split("@")[-1].lower().encode()).digest()[:4])
            if cls == "ham":
                key = list_key(msg)
                if key:
                    if key not in subs:
                        n = log_uniform(rng, 1, 60)
                        subs[key] = [user(i) for i in rng.sample(range(users), n)]
                    rcpts, group = subs[key], key
                else:
                    h = int(hashlib.md5((addr_of(msg.get("From")) or path).lower()
                                        .encode()).hexdigest(), 16)
                    rcpts, group = [user(h % users)], "personal"
            else:
                k = rng.random()
                n = 1 if k < 0.6 else rng.randint(2, 5) if k < 0.9 else rng.randint(6, 20)
                rcpts = [user(i) for i in rng.sample(range(users), n)]
                group = "spam:" + src.split("/")[-1]
            helo = "mail.%s" % (sender.split("@")[-1] or "unknown.example")
            st.add(when, client, helo, sender or "<>", rcpts, cls, group, raw)


# ------------------------------------------------------------------ zh

SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
GIVEN = "伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉兰萍红建华文辉力鹏晶宇浩然思远嘉怡梓涵子轩雨欣"
WEBMAIL = [("qq.com", 10), ("163.com", 6), ("126.com", 4), ("sina.com", 3),
           ("sohu.com", 2), ("gmail.com", 8), ("outlook.com", 8), ("aliyun.com", 2)]
COMPANY_KIND = ["科技有限公司", "贸易有限公司", "大学", "研究所", "实业集团", "信息技术股份有限公司",
                "律师事务所", "会计师事务所", "设计院", "医院"]
CITIES = [c for c in re.findall("..", "北京上海广州深圳杭州南京成都武汉西安天津重庆苏州长沙郑州青岛厦门")]
DISCLAIMERS = [
    "本邮件及其附件含有{co}的保密信息，仅限于发送给上面地址中列出的个人或群组。"
    "禁止任何其他人以任何形式使用（包括但不限于全部或部分地泄露、复制、或散发）本邮件中的信息。"
    "如果您错收了本邮件，请您立即电话或邮件通知发件人并删除本邮件！",
    "保密声明：此邮件及其附件仅供指定收件人使用，可能包含{co}的机密或受法律保护的信息。"
    "若您并非指定收件人，请勿阅读、使用、复制或转发，并请立即通知发件人并删除此邮件。",
    "免责声明：本邮件所载信息仅供参考，{co}不对其准确性或完整性作任何保证。"
    "本邮件内容不代表{co}的正式意见。",
    "This email and any attachments are confidential and intended solely for the addressee. "
    "本邮件为{co}内部通讯，未经许可不得转发。",
]
NEWS_NAMES = ["科技前沿周报", "财经早知道", "读书会通讯", "校友会简报", "开源社区月刊", "健康生活",
              "旅行攻略", "职场充电站", "设计灵感日报", "投资者关系通讯"]
NOTICES = [
    ("bank-example.com.cn", "【{co}】尊敬的{name}客户：您尾号{n4}的信用卡于{date}消费人民币{amt}元，"
     "当前可用额度{amt2}元。如非本人操作，请立即致电客服热线95{n3}。本邮件由系统自动发送，请勿直接回复。"),
    ("express-example.cn", "亲爱的{name}，您的快递单号{n12}已由{city}转运中心发出，预计{date}送达。"
     "您可以登录官网或关注公众号查询物流详情。感谢您选择{co}，祝您生活愉快！"),
    ("shop-example.cn", "{name}，您好！您在{co}购买的商品（订单号：{n12}）已付款成功，实付金额{amt}元。"
     "我们将尽快为您安排发货，发货后会通过短信和邮件通知您。如有疑问请联系在线客服。"),
    ("air-example.com.cn", "尊敬的{name}旅客：您预订的{date}从{city}出发的航班{fl}已出票，票号{n12}。"
     "请至少提前90分钟到达机场办理乘机手续，携带有效身份证件。祝您旅途愉快！"),
    ("gov-example.cn", "{name}同志：您于{date}提交的业务申请（受理编号{n12}）已办结，"
     "办理结果为：准予受理。请携带本人身份证原件于五个工作日内到{city}政务服务中心领取。"),
]
ADS = [
    "您好！本公司长期代开各地增值税普通发票、专用发票，点数优惠，可先验票后付款。"
    "联系人：{name}经理，电话：1{n10}，微信同号。",
    "【企业管理培训】{city}站报名开始！中层干部执行力与团队建设高级研修班，名额有限，"
    "报名请致电{name}老师：1{n10}，回复本邮件索取课程大纲。",
    "网站优化推广，百度首页排名，不上首页不收费！专业团队十年经验，咨询热线：1{n10}（{name}）",
    "急用钱？无抵押信用贷款，最高额度50万，当天放款，利息低至0.{n2}%，详询{name}：1{n10}",
    "{city}高端商务会所开业酬宾，会员充值送豪礼，预约电话：1{n10}，地址：{city}市中心{n3}号。",
    "尊敬的用户：您的邮箱容量已满，请立即点击以下链接验证账户，否则将在24小时内停用："
    "http://mail-verify-{n4}.example/login 系统管理员",
    "恭喜您获得本月幸运用户大奖，奖品为苹果手机一部，请于三日内登录 http://prize{n4}.example 领取，"
    "领奖码{n6}。咨询：{name} 1{n10}",
    "外贸客户开发软件，海关数据精准获客，一键群发开发信，免费试用七天！联系{name}：1{n10}",
    "出售各类办公设备：复印机、打印机、投影仪，全新正品，全国包邮，批发价优惠，{name} 1{n10}",
    "网上兼职，日结工资，每天两小时在家也能赚三百元，无需经验，加QQ：{n9} 备注兼职",
    "股票内幕消息，专家一对一指导，上个月会员平均收益百分之{n2}，免费加入VIP群：{n9}",
    "{city}学历提升，成人高考、自考、网络教育，国家承认学历，学信网可查，咨询{name}老师1{n10}",
]


def name(rng):
    return rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(rng.randint(1, 2)))


def digits(rng, n):
    return "".join(rng.choice("0123456789") for _ in range(n))


def spam_domain(rng):
    """A throwaway domain of its own (registered, not a subdomain)."""
    return "%s%s.%s" % (rng.choice(["shop", "mail", "vip", "cn", "hao", "xin"]), digits(rng, 5),
                        rng.choice(["com", "cn", "net", "top", "xyz", "com.cn"]))


def fill(rng, tpl, co=""):
    return tpl.format(name=name(rng), co=co, city=rng.choice(CITIES),
                      n2=digits(rng, 2), n3=digits(rng, 3), n4=digits(rng, 4),
                      n6=digits(rng, 6), n9=digits(rng, 9), n10=digits(rng, 10),
                      n12=digits(rng, 12), amt="%d.%02d" % (rng.randint(5, 9999), rng.randint(0, 99)),
                      amt2="%d.00" % rng.randint(1000, 99999),
                      date="%d月%d日" % (rng.randint(1, 12), rng.randint(1, 28)),
                      fl="%s%d" % (rng.choice(["CA", "MU", "CZ", "HU", "ZH"]), rng.randint(1000, 9999)))


def han_share(text):
    """The share of a text's non-space characters that are Han."""
    chars = [c for c in text if not c.isspace()]
    return sum(1 for c in chars if "\u4e00" <= c <= "\u9fff") / max(1, len(chars))


COLOPHON = re.compile(r"\[中文版(维护人|維護人|最新更新)\]|跋$|本(页面|頁面)中文版由|"
                      r"《中(国|國) ?(L|l)inux")


def zh_prose(rng):
    """Paragraph runs of Chinese prose: man pages and the Chinese fortunes,
    simplified and traditional; each a different text."""
    texts = []
    for d in ("zh_CN", "zh_TW"):
        for path, _, paras in ml.man_pages(d):
            # prose, not the roff leftovers and option lists many pages
            # share, nor the translators' colophon under 1,261 of them
            # (maintainer, last update, the project's credits): a letter
            # cut from a short page's end was that colophon alone
            end = next((i for i, p in enumerate(paras) if COLOPHON.match(p.strip())),
                       len(paras))
            paras = [p for p in paras[:end] if han_share(p) >= 0.3]
            if not paras:
                continue
            start = rng.randrange(max(1, len(paras) // 2))
            texts.append((d, "\n\n".join(ml.wrap(p, 38) for p in paras[start:start + 12])))
    for src, f in ml.fortunes(["/usr/share/games/fortunes/chinese"]):
        texts.append(("zh_CN", f))
    poems = [f for _, f in ml.fortunes(["/usr/share/games/fortunes/tang300",
                                        "/usr/share/games/fortunes/song100"])]
    rng.shuffle(texts)
    return texts, poems


def cut(rng, text, lo=150, hi=2500):
    want = log_uniform(rng, lo, hi)
    b = text.encode()
    if len(b) <= want:
        return text
    return b[:want].decode("utf-8", "ignore").rsplit("\n", 1)[0] or b[:want].decode("utf-8", "ignore")


ZH_CHARSETS = [("gb2312", "base64", 5), ("gbk", "base64", 3), ("gb18030", "8bit", 1),
               ("utf-8", "base64", 3), ("utf-8", "quoted-printable", 1)]
TW_CHARSETS = [("big5", "base64", 5), ("utf-8", "base64", 2), ("big5", "8bit", 1)]


def b_word(s, charset):
    try:
        raw = s.encode(charset)
    except (UnicodeEncodeError, LookupError):
        charset, raw = "utf-8", s.encode()
    return "=?%s?B?%s?=" % (charset, base64.b64encode(raw).decode())


def mime(rng, text, charsets, subject, from_, to, msgid, date, html_too=None, extra=""):
    """A message: text/plain, or multipart/alternative with an HTML part."""
    cs, cte, _ = rng.choices(charsets, [c[2] for c in charsets])[0]
    cs, cte, body = ml.encode_body(text, cs, cte)
    head = ("From: %s\nTo: %s\nSubject: %s\nDate: %s\nMessage-ID: <%s>\nMIME-Version: 1.0\n%s"
            % (from_, to, b_word(subject, cs), date, msgid, extra))
    if html_too is None:
        html_too = rng.random() < 0.4
    if not html_too:
        return (head + "Content-Type: text/plain; charset=%s\nContent-Transfer-Encoding: %s\n\n"
                % (cs, cte)).encode() + body
    hb = "<html><body>" + "".join("<p>%s</p>" % html.escape(p).replace("\n", "<br>")
                                  for p in text.split("\n\n")) + "</body></html>"
    hcs, hcte, hbody = ml.encode_body(hb, cs, "base64")
    bnd = "----=_Part_%s" % digits(rng, 12)
    return (head + 'Content-Type: multipart/alternative; boundary="%s"\n\n' % bnd
            + "--%s\nContent-Type: text/plain; charset=%s\nContent-Transfer-Encoding: %s\n\n"
            % (bnd, cs, cte)).encode() + body + (
        "\n--%s\nContent-Type: text/html; charset=%s\nContent-Transfer-Encoding: %s\n\n"
        % (bnd, hcs, hcte)).encode() + hbody + ("\n--%s--\n" % bnd).encode()


def date_hdr(t):
    d, s = divmod(t, 86400)
    return "Mon, %d Jun 2026 %02d:%02d:%02d +0800" % (1 + d % 28, s // 3600, s // 60 % 60, s % 60)


def work_time(rng, days):
    return rng.randrange(days) * 86400 + rng.randint(8 * 3600, 22 * 3600)


def stream_zh(args, rng, st):
    days, users = args["days"], args["users"]
    texts, poems = zh_prose(rng)
    tx = iter(texts)

    def next_text():
        return next(tx, None) or rng.choice(texts)

    # providers and companies, each with its networks
    webmail = {d: [net24(rng) for _ in range(n)] for d, n in WEBMAIL}
    companies = []
    for i in range(120):
        co = rng.choice(CITIES) + name(rng)[1:] + rng.choice(COMPANY_KIND)
        companies.append((co, "corp%d-example.cn" % i, net24(rng), rng.choice(DISCLAIMERS)
                          if rng.random() < 0.6 else None))
    senders = []
    for i in range(500):
        if rng.random() < 0.6:
            dom = rng.choice(list(webmail))
            senders.append({"addr": "%s%d@%s" % (rng.choice(["lee", "wang", "zh", "chen", "x"]), i, dom),
                            "nets": webmail[dom], "co": None, "disc": None})
        else:
            co, dom, net, disc = rng.choice(companies)
            senders.append({"addr": "u%d@%s" % (i, dom), "nets": [net], "co": co, "disc": disc})
        s = senders[-1]
        s["name"] = name(rng)
        s["sig"] = ("\n\n-- \n%s\n%s\n电话：0%s-%s" % (s["name"], s["co"] or "", digits(rng, 2),
                                                     digits(rng, 8))) if rng.random() < 0.5 else ""
        s["tw"] = rng.random() < 0.15
        s["peers"] = rng.sample(range(users), rng.randint(1, 4))
        s["weight"] = 1.0 / (1 + i % 50)

    def letter(s, text, t, rcpts, group, quote=None):
        body = rng.choice(["%s，你好：\n\n", "%s您好！\n\n", "Hi %s,\n\n", ""])
        body = (body % name(rng)[1:] if "%s" in body else body) + text + s["sig"]
        if s["disc"]:
            body += "\n\n" + s["disc"].format(co=s["co"])
        if quote:
            body += "\n\n------------------ 原始邮件 ------------------\n" + quote
        raw = mime(rng, body, TW_CHARSETS if s["tw"] else ZH_CHARSETS,
                   ("回复：" if quote else "") + text.strip().split("\n")[0][:16],
                   "%s <%s>" % (s["name"], s["addr"]), ", ".join(rcpts),
                   "%s.%d@%s" % (digits(rng, 10), t, s["addr"].split("@")[1]), date_hdr(t))
        net = rng.choice(s["nets"])
        st.add(t, host(rng, net), "mx.%s" % s["addr"].split("@")[1], s["addr"], rcpts, "ham",
               group, raw)
        return body

    # letters, and threads of replies quoting the letter before
    wts = [s["weight"] for s in senders]
    for i in range(2200):
        s = rng.choices(senders, wts)[0]
        n = 1 if rng.random() < 0.8 else rng.randint(2, 4)
        rcpts = [user(u) for u in rng.sample(s["peers"], min(n, len(s["peers"])))]
        letter(s, cut(rng, next_text()[1]), work_time(rng, days), rcpts, "personal")
    for i in range(120):
        a, b = rng.sample(senders, 2)
        t = work_time(rng, days)
        rcpts = [user(u) for u in rng.sample(range(users), rng.randint(1, 12))]
        quote = None
        for k in range(rng.randint(2, 6)):
            s = a if k % 2 == 0 else b
            quote = letter(s, cut(rng, next_text()[1], 20, 600), t, rcpts, "thread:%d" % i, quote)
            t += rng.randint(600, 86400)

    # newsletters: one issue a day to the site's subscribers, from an ESP
    for i, nn in enumerate(NEWS_NAMES):
        nets = [net24(rng) for _ in range(rng.randint(1, 3))]
        dom = "news%d-example.cn" % i
        subs = rng.sample(range(users), log_uniform(rng, 2, 40))
        footer = ("\n\n————————————\n您收到这封邮件是因为您订阅了《%s》。如不想继续收到，请点击退订。\n"
                  "%s · 地址：%s市%s路%s号 · 客服邮箱 service@%s" % (nn, nn, rng.choice(CITIES),
                                                         name(rng)[1:], digits(rng, 3), dom))
        verp = rng.random() < 0.7
        for d in range(days):
            t = d * 86400 + rng.randint(6 * 3600, 9 * 3600)
            body = "《%s》第%d期\n\n" % (nn, 100 + d) + "\n\n".join(
                "【%d】%s" % (k + 1, cut(rng, next_text()[1], 150, 700)) for k in range(3)) + footer
            raw = mime(rng, body, ZH_CHARSETS, "《%s》第%d期" % (nn, 100 + d),
                       "%s <editor@%s>" % (nn, dom), "subscribers@%s" % dom,
                       "%d.%d@%s" % (i, d, dom), date_hdr(t), html_too=True,
                       extra="List-Unsubscribe: <mailto:unsub@%s>\n" % dom)
            if verp:
                for k, u in enumerate(subs):
                    st.add(t + k, host(rng, rng.choice(nets)), "mta.%s" % dom,
                           "bounce-%d-%d@%s" % (d, u, dom), [user(u)], "ham", "news:%d" % i, raw)
            else:
                st.add(t, host(rng, nets[0]), "mta.%s" % dom, "list@%s" % dom,
                       [user(u) for u in subs], "ham", "news:%d" % i, raw)

    # notifications: a template with each recipient's details
    for i, (dom, tpl) in enumerate(NOTICES):
        nets = [net24(rng) for _ in range(rng.randint(2, 5))]
        co = name(rng)[0] + rng.choice(["银行", "速运", "商城", "航空", "政务服务网"])
        for k in range(log_uniform(rng, 20, 160)):
            t = rng.randrange(days * 86400)
            u = rng.randrange(users)
            raw = mime(rng, fill(rng, tpl, co), ZH_CHARSETS, "%s通知" % co,
                       "%s <noreply@%s>" % (co, dom), user(u), "%d.%d@%s" % (i, k, dom),
                       date_hdr(t), html_too=True)
            st.add(t, host(rng, rng.choices(nets, [4] + [1] * (len(nets) - 1))[0]),
                   "smtp.%s" % dom, "noreply@%s" % dom, [user(u)], "ham", "notice:%d" % i, raw)

    # spam campaigns: an ad, varied per copy, from many networks
    for c in range(70):
        ad = rng.choice(ADS)
        base = cut(rng, next_text()[1], 100, 800) if rng.random() < 0.5 else ""
        snowshoe = [net24(rng) for _ in range(rng.randint(3, 8))] if rng.random() < 0.3 else None
        start = rng.randrange(days * 86400)
        dur = log_uniform(rng, 3600, 3 * 86400)
        copies = log_uniform(rng, 8, 400)
        pool = list(ad)
        for k in range(copies):
            text = fill(rng, ad)
            if base:
                text = base + "\n\n" + text
            if rng.random() < 0.5:      # a classical poem, different each copy
                text += "\n\n\n" + rng.choice(poems)
            kind = rng.choice(["orig", "ins10", "rep10", "buster", "ins10+buster"])
            text = ml.variant(text, kind, pool, rng)
            t = start + rng.randrange(dur)
            net = rng.choice(snowshoe) if snowshoe else net24(rng)
            fdom = rng.choice(list(webmail)) if rng.random() < 0.5 else spam_domain(rng)
            faddr = "%s%s@%s" % (rng.choice("abcdefghijk"), digits(rng, 6), fdom)
            rcpts = [user(u) for u in rng.sample(range(users), 1 if rng.random() < 0.7
                                                 else rng.randint(2, 8))]
            raw = mime(rng, text, ZH_CHARSETS, text.strip().split("\n")[0][:14], faddr,
                       rcpts[0], "%s@%s" % (digits(rng, 14), fdom), date_hdr(t))
            st.add(t, host(rng, net), "pc-%s" % digits(rng, 5), faddr, rcpts, "spam",
                   "campaign:%d" % c, raw)
    # one-off spam
    for k in range(900):
        text = fill(rng, rng.choice(ADS)) + "\n\n" + cut(rng, next_text()[1], 50, 600)
        t = rng.randrange(days * 86400)
        fdom = spam_domain(rng)
        faddr = "%s@%s" % (digits(rng, 7), fdom)
        rcpts = [user(rng.randrange(users))]
        raw = mime(rng, text, ZH_CHARSETS, text[:12], faddr, rcpts[0],
                   "%s@%s" % (digits(rng, 14), fdom), date_hdr(t))
        st.add(t, host(rng, net24(rng)), "pc-%s" % digits(rng, 5), faddr, rcpts, "spam",
               "single", raw)


def main():
    args = {"seed": 1, "days": 14, "users": 2000,
            "corpus": os.environ.get("NSM_SHARED", os.path.dirname(os.path.abspath(__file__))
                                     + "/../../shared") + "/corpus"}
    opts, rest = getopt.getopt(sys.argv[1:], "s:d:u:c:")
    for o, v in opts:
        key = {"-s": "seed", "-d": "days", "-u": "users", "-c": "corpus"}[o]
        args[key] = v if o == "-c" else int(v)
    if len(rest) != 2 or rest[0] not in ("en", "zh"):
        sys.exit("usage: mksite.py [-s SEED] [-d DAYS] [-u USERS] [-c CORPUS] en|zh OUTDIR")
    rng = random.Random(args["seed"])
    st = Stream(rest[1])
    {"en": stream_en, "zh": stream_zh}[rest[0]](args, rng, st)
    st.close()


if __name__ == "__main__":
    main()
