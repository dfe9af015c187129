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
"""zhco.py: a Chinese company's inbound mail, written as an outside
evaluator would (helper-47, 2026-11-28, without reading mksite.py or
xsite/zh.py).

    /usr/bin/python3 tools/xsite/zhco.py [-s SEED] OUTDIR

Writes OUTDIR/stream.tsv (path t client helo sender rcpts class group)
and OUTDIR/msg/*.eml: two weeks of a Chinese electronics company's inbound
mail (about 480 staff, domain huaxin-ee.com.cn), ham and spam in time order.

Prose: Debian's Chinese documentation (debian-reference zh-cn/zh-tw,
debian-faq-zh-cn, debian-edu-doc-zh-cn, maint-guide-zh-cn, LibreOffice
help zh-CN/zh-TW) for the content of letters, fortunes-zh (sayings,
poems) and jieba's dictionary for the filler spammers use; business
phrases, templates, notices and spam texts are written here. Packages:
debian-reference-zh-cn debian-reference-zh-tw debian-faq-zh-cn
debian-edu-doc-zh-cn maint-guide-zh-cn libreoffice-help-zh-cn
libreoffice-help-zh-tw fortunes-zh python3-jieba. Deterministic for a
seed and the installed packages; OUTDIR/campaigns.tsv says how each
campaign was sent and dressed.
"""
import base64
import datetime
import getopt
import glob
import hashlib
import html
import os
import quopri
import random
import re
import sys

SITE = "huaxin-ee.com.cn"
SITE_CN = "浙江华芯电子科技有限公司"
SITE_EN = "Zhejiang Huaxin Electronics Technology Co., Ltd."
SITE_NET = "218.108.46"            # the site's own public /24
SITE_WEBMAIL = SITE_NET + ".10"   # webmail / submission relay
SITE_OA = SITE_NET + ".12"        # OA system
SITE_HR = SITE_NET + ".15"        # HR / payroll system
T0 = datetime.datetime(2026, 6, 1, 8, 0, 0)   # = 00:00 UTC, Beijing time
DAYS = 14

# ---------------------------------------------------------------- prose

def cjk(s):
    return sum(1 for c in s if "\u4e00" <= c <= "\u9fff")


def html_paras(path):
    t = open(path, encoding="utf-8", errors="replace").read()
    out = []
    for m in re.finditer(r"<p\b[^>]*>(.*?)</p>", t, re.S):
        s = re.sub(r"<[^>]+>", "", m.group(1))
        s = html.unescape(s)
        s = re.sub(r"\s+", " ", s).strip()
        n = cjk(s)
        if n >= 25 and n > 0.45 * len(s):
            out.append(s)
    return out


def load_docs(globs):
    seen, out = set(), []
    for g in globs:
        for f in sorted(glob.glob(g, recursive=True)):
            for p in html_paras(f):
                if p not in seen:
                    seen.add(p)
                    out.append(p)
    return out


def load_fortunes():
    out = []
    for f in ("chinese.u8", "tang300.u8", "song100.u8"):
        p = "/usr/share/games/fortunes/" + f
        if not os.path.exists(p):
            continue
        t = open(p, encoding="utf-8", errors="replace").read()
        for e in t.split("\n%\n"):
            e = re.sub(r"\x1b\[[0-9;]*m", "", e)
            e = re.sub(r"\n\s*--.*$", "", e, flags=re.S)
            e = "\n".join(l.strip() for l in e.splitlines() if l.strip())
            if cjk(e) >= 12 and "eth0" not in e and "/etc" not in e:
                out.append(e)
    return out


def load_words():
    """jieba's dictionary: words by part of speech."""
    pos = {}
    p = "/usr/lib/python3/dist-packages/jieba/dict.txt"
    for line in open(p, encoding="utf-8"):
        w, f, t = line.split()
        if int(f) < 20 or not all("\u4e00" <= c <= "\u9fff" for c in w):
            continue
        pos.setdefault(t, []).append(w)
    return pos


class Pool:
    """Paragraphs handed out once each (then again, reshuffled)."""

    def __init__(self, rng, items):
        self.rng = rng
        self.items = list(items)
        rng.shuffle(self.items)
        self.i = 0

    def take(self):
        if self.i >= len(self.items):
            self.rng.shuffle(self.items)
            self.i = 0
        self.i += 1
        return self.items[self.i - 1]

    def text(self, lo, hi):
        """Paragraphs until lo..hi characters."""
        want = self.rng.randint(lo, hi)
        out, n = [], 0
        while n < want:
            p = self.take()
            if n + len(p) > hi * 1.3 and out:
                sents = re.findall(r"[^。！？]*[。！？]", p) or [p]
                p = "".join(sents[:max(1, len(sents) // 2)])
            out.append(p)
            n += len(p)
        return "\n\n".join(out)

# ---------------------------------------------------------------- names

SURN = ("王wang 李li 张zhang 刘liu 陈chen 杨yang 黄huang 赵zhao 吴wu 周zhou 徐xu 孙sun 马ma 朱zhu 胡hu "
        "郭guo 何he 高gao 林lin 罗luo 郑zheng 梁liang 谢xie 宋song 唐tang 许xu 韩han 冯feng 邓deng 曹cao "
        "彭peng 曾zeng 肖xiao 田tian 董dong 袁yuan 潘pan 于yu 蒋jiang 蔡cai 余yu 杜du 叶ye 程cheng 苏su "
        "魏wei 吕lv 丁ding 任ren 沈shen 姚yao 卢lu 姜jiang 崔cui 钟zhong 谭tan 陆lu 汪wang 范fan 金jin "
        "石shi 廖liao 贾jia 夏xia 韦wei 付fu 方fang 白bai 邹zou 孟meng 熊xiong 秦qin 邱qiu 江jiang 尹yin "
        "薛xue 闫yan 段duan 雷lei 侯hou 龙long 史shi 陶tao 黎li 贺he 顾gu 毛mao 郝hao 龚gong 邵shao 万wan "
        "钱qian 严yan 武wu 戴dai 莫mo 孔kong 向xiang 汤tang").split()
GIVEN = ("伟wei 芳fang 娜na 敏min 静jing 丽li 强qiang 磊lei 军jun 洋yang 勇yong 艳yan 杰jie 娟juan 涛tao "
         "明ming 超chao 秀xiu 霞xia 平ping 刚gang 英ying 华hua 玉yu 兰lan 萍ping 红hong 鹏peng 飞fei 辉hui "
         "斌bin 宇yu 浩hao 凯kai 健jian 俊jun 帆fan 旭xu 宁ning 龙long 林lin 欢huan 佳jia 阳yang 晨chen "
         "婷ting 雪xue 琳lin 晶jing 瑶yao 慧hui 颖ying 倩qian 峰feng 亮liang 建jian 国guo 志zhi 文wen "
         "海hai 波bo 成cheng 东dong 春chun 梅mei 新xin 丹dan 鑫xin 博bo 哲zhe 思si 雨yu 欣xin 怡yi 子zi "
         "涵han 睿rui 泽ze 晓xiao 天tian 一yi 诗shi 嘉jia 铭ming 昊hao 然ran 远yuan 立li 振zhen 德de "
         "永yong 胜sheng 忠zhong 广guang 云yun 少shao 金jin 家jia 松song 清qing 宏hong 卫wei 冰bing "
         "璐lu 蕾lei 薇wei 琪qi 珊shan 悦yue 妍yan 航hang 楠nan 凡fan 毅yi 军jun 鸿hong 兴xing 利li "
         "安an 福fu 盛sheng 达da 源yuan 通tong 信xin 瑞rui 恒heng 联lian 创chuang 科ke 泰tai 诚cheng").split()
SURN = [(s[0], s[1:]) for s in SURN]
GIVEN = [(s[0], s[1:]) for s in GIVEN]
PLACES = ("深圳shenzhen 上海shanghai 苏州suzhou 杭州hangzhou 宁波ningbo 东莞dongguan 广州guangzhou 北京beijing "
          "南京nanjing 无锡wuxi 厦门xiamen 成都chengdu 武汉wuhan 西安xian 合肥hefei 青岛qingdao 天津tianjin "
          "佛山foshan 珠海zhuhai 常州changzhou 嘉兴jiaxing 绍兴shaoxing 温州wenzhou 昆山kunshan 重庆chongqing").split()
PLACES = [(s[:2], s[2:]) for s in PLACES]
TW_PLACES = [("台北", "taipei"), ("新竹", "hsinchu"), ("台中", "taichung"), ("桃园", "taoyuan"), ("台南", "tainan")]
INDUSTRY = ["电子科技", "精密机械", "贸易", "信息技术", "半导体", "物流", "新材料", "自动化设备", "光电科技",
            "电气", "智能科技", "检测技术", "包装材料", "电子元器件", "软件", "模具", "通信技术", "化工"]
DEPTS = ["研发部", "市场部", "销售部", "财务部", "人力资源部", "行政部", "采购部", "质量部", "生产部", "信息技术部",
         "供应链管理部", "总经办"]
TITLES = ["经理", "工程师", "主管", "专员", "总监", "助理", "高级工程师", "副总经理", "采购员", "会计"]
HONOR = ["经理", "总", "工", "老师", "主任", "姐", "哥", "主管", "博士", "老板", "总监"]


class Person:
    def __init__(self, rng, female=None):
        s = rng.choice(SURN)
        g = [rng.choice(GIVEN) for _ in range(rng.choice((1, 2, 2)))]
        self.surname = s[0]
        self.name = s[0] + "".join(c for c, _ in g)
        self.py_s = s[1]
        self.py_g = "".join(p for _, p in g)
        self.honor = s[0] + rng.choice(HONOR)
        self.mobile = "1%d%d%08d" % (rng.choice((3, 5, 7, 8, 9)), rng.randint(0, 9), rng.randint(0, 99999999))

    def local(self, rng, style=None):
        style = style or rng.choice(("full", "full", "dot", "init", "gdot"))
        if style == "full":
            return self.py_s + self.py_g
        if style == "dot":
            return self.py_g + "." + self.py_s
        if style == "init":
            return self.py_s + "".join(x[0] for x in re.findall(r"[bcdfghjklmnpqrstwxyz]*h?[aeiouv]+n?g?", self.py_g))
        return self.py_s + "." + self.py_g

# ---------------------------------------------------------------- networks

PROVIDERS = {
    # name: (networks, helo pattern)
    "qq": (["183.3.226", "183.3.255", "113.96.223", "113.96.208", "14.18.180", "59.36.132", "43.155.65",
            "43.154.221", "54.254.200", "162.62.57", "162.62.58", "203.205.221"], "out{a}-{b}-{c}-{d}.mail.qq.com"),
    "exmail": (["183.62.39", "14.17.41", "59.37.97", "119.147.193", "43.155.80", "203.205.251", "101.32.222"],
               "smtpbg{d}.qq.com"),
    "163": (["220.181.12", "220.181.13", "220.181.15", "123.126.96", "123.126.97", "117.135.210", "45.254.50",
             "103.129.252", "106.75.220"], "m{c}-{d}.163.com"),
    "qiye163": (["220.197.31", "45.254.49", "106.75.1", "101.71.155"], "mail-m{c}{d}.qiye.163.com"),
    "aliyun": (["115.124.28", "115.124.30", "47.88.44", "140.205.0", "121.197.200", "47.90.199"],
               "out30-{d}.freemail.mail.aliyun.com"),
    "sina": (["202.108.3", "180.149.134", "123.125.104"], "mail3-{d}.sinamail.sina.com.cn"),
    "139": (["221.176.66", "111.22.67", "120.232.169"], "n{c}{d}.mail.139.com"),
    "gmail": (["209.85.128", "209.85.166", "209.85.208", "209.85.210", "209.85.214", "209.85.216", "209.85.218",
               "209.85.219", "209.85.221", "209.85.160", "209.85.161", "209.85.167"], "mail-{x}.google.com"),
    "outlook": (["40.92.18", "40.92.19", "40.92.40", "40.92.52", "40.92.99", "40.92.107", "52.103.4", "52.103.7"],
                "{x}.outbound.protection.outlook.com"),
    "m365": (["40.107.255", "40.107.215", "52.101.128", "40.107.117", "104.47.110", "52.101.129"],
             "{x}.outbound.protection.outlook.com"),
    "google-groups": (["209.85.219", "209.85.160", "209.85.222", "209.85.128", "209.85.166"],
                      "mail-{x}.google.com"),
}


def pick_ip(rng, nets):
    return "%s.%d" % (rng.choice(nets), rng.randint(2, 250))


def helo_for(rng, prov, ip):
    a, b, c, d = ip.split(".")
    x = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(8))
    return PROVIDERS[prov][1].format(a=a, b=b, c=c, d=d, x=x)


def rand_pub_net(rng):
    while True:
        a = rng.choice([1, 14, 27, 36, 39, 42, 49, 58, 59, 60, 61, 101, 103, 106, 110, 111, 112, 113, 114, 115,
                        116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 171, 175, 180, 182, 183, 186, 187, 189,
                        190, 191, 200, 201, 211, 218, 219, 220, 221, 222, 223, 177, 179, 45, 5, 31, 37, 41, 77,
                        78, 85, 88, 94, 95, 102, 105, 109, 151, 176, 178, 181, 188, 197, 196, 2])
        b = rng.randint(0, 255)
        if (a, b) not in ((218, 108),):
            return "%d.%d.%d" % (a, b, rng.randint(0, 255))

# ---------------------------------------------------------------- MIME

def enc_text(text, cs):
    """(label, bytes): as a client writes it; a GB2312 label on GBK bytes, as Outlook and Foxmail do."""
    text = text.replace("\r\n", "\n")
    py = {"gb2312": "gb2312", "gbk": "gbk", "gb18030": "gb18030", "big5": "big5", "utf-8": "utf-8"}[cs]
    try:
        return cs, text.encode(py)
    except UnicodeEncodeError:
        if cs == "gb2312":
            try:
                return "gb2312", text.encode("gbk")
            except UnicodeEncodeError:
                return "gb18030", text.encode("gb18030")
        if cs == "big5":
            try:
                return "big5", text.encode("cp950")
            except UnicodeEncodeError:
                return "utf-8", text.encode("utf-8")
        return "gb18030", text.encode("gb18030")


def b64lines(data):
    s = base64.b64encode(data).decode()
    return "\r\n".join(s[i:i + 76] for i in range(0, len(s), 76)).encode() + b"\r\n"


def qpenc(data):
    return quopri.encodestring(data).replace(b"\r\n", b"\n").replace(b"\n", b"\r\n") + b"\r\n"


def crlf(data):
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def ew(s, cs="utf-8", q=False):
    """An encoded-word header value (split so no word passes 75 chars)."""
    if all(ord(c) < 128 for c in s):
        return s
    label, _ = enc_text(s, cs)
    py = {"gb2312": "gbk", "gbk": "gbk", "gb18030": "gb18030", "big5": "cp950", "utf-8": "utf-8"}[label]
    words, cur = [], ""
    for ch in s:
        if len((cur + ch).encode(py, "replace")) > 36:
            words.append(cur)
            cur = ""
        cur += ch
    if cur:
        words.append(cur)
    out = []
    for w in words:
        b = w.encode(py, "replace")
        if q:
            e = "".join(chr(c) if (48 <= c < 58 or 65 <= c < 91 or 97 <= c < 123) else "=%02X" % c for c in b)
            out.append("=?%s?Q?%s?=" % (label, e))
        else:
            out.append("=?%s?B?%s?=" % (label, base64.b64encode(b).decode()))
    return "\r\n ".join(out)


def addr_hdr(name, addr, cs="utf-8", quoted=True):
    if not name:
        return addr
    if all(ord(c) < 128 for c in name):
        return '"%s" <%s>' % (name, addr) if quoted else "%s <%s>" % (name, addr)
    return '%s <%s>' % (ew(name, cs), addr)


class Part:
    def __init__(self, headers, body):
        self.headers = headers   # list of str
        self.body = body         # bytes


def text_part(text, cs, cte, subtype="plain", cs_quote=True):
    label, raw = enc_text(text, cs)
    ct = 'text/%s; charset=%s' % (subtype, '"%s"' % label if cs_quote else label)
    if cte == "base64":
        body = b64lines(raw)
    elif cte == "quoted-printable":
        body = qpenc(raw)
    else:
        body = crlf(raw) + b"\r\n"
        cte = "8bit"
    return Part(["Content-Type: " + ct, "Content-Transfer-Encoding: " + cte], body)


def bin_part(rng, ctype, filename, size, cs="utf-8", cid=None, inline=False, data=None):
    if data is None:
        data = fake_file(rng, ctype, size)
    fn = ew(filename, cs)
    h = ['Content-Type: %s; name="%s"' % (ctype, fn), "Content-Transfer-Encoding: base64",
         'Content-Disposition: %s; filename="%s"' % ("inline" if inline else "attachment", fn)]
    if cid:
        h.append("Content-ID: <%s>" % cid)
    return Part(h, b64lines(data))


def fake_file(rng, ctype, size):
    head = {"application/pdf": b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n",
            "image/png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
            "image/jpeg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": b"PK\x03\x04\x14\x00\x06\x00",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document": b"PK\x03\x04\x14\x00\x06\x00",
            "application/zip": b"PK\x03\x04\x14\x00\x00\x00",
            "text/calendar": b""}.get(ctype, b"")
    return head + rng.randbytes(max(16, size - len(head)))


def multipart(sub, parts, rng):
    bnd = "----=_Part_%d_%d.%d" % (rng.randint(1, 99999), rng.randint(10 ** 8, 10 ** 9), rng.randint(10 ** 12, 10 ** 13))
    if rng.random() < 0.4:
        bnd = "----=_NextPart_%012X_%08X" % (rng.getrandbits(48), rng.getrandbits(32))
    body = b"This is a multi-part message in MIME format.\r\n\r\n" if rng.random() < 0.5 else b""
    for p in parts:
        body += ("--%s\r\n" % bnd).encode() + "\r\n".join(p.headers).encode() + b"\r\n\r\n" + p.body
        if not p.body.endswith(b"\r\n"):
            body += b"\r\n"
    body += ("--%s--\r\n" % bnd).encode()
    return Part(['Content-Type: multipart/%s;\r\n\tboundary="%s"' % (sub, bnd)], body)


def rfc822_part(raw):
    return Part(["Content-Type: message/rfc822", "Content-Disposition: attachment"], raw)


def date_hdr(t):
    d = T0 + datetime.timedelta(seconds=t)
    return d.strftime("%a, %d %b %Y %H:%M:%S +0800")


def finish(headers, top):
    h = "\r\n".join("%s: %s" % (k, v) for k, v in headers if v is not None)
    return h.encode("utf-8") + b"\r\nMIME-Version: 1.0\r\n" + "\r\n".join(top.headers).encode() + b"\r\n\r\n" + top.body

# ---------------------------------------------------------------- text to HTML per client

OUTLOOK_STYLE = ("<style><!--\r\n/* Font Definitions */\r\n@font-face\r\n\t{font-family:宋体;\r\n\tpanose-1:2 1 6 0 3 1 1 1 1 1;}\r\n"
                 "@font-face\r\n\t{font-family:\"Cambria Math\";\r\n\tpanose-1:2 4 5 3 5 4 6 3 2 4;}\r\n@font-face\r\n\t{font-family:等线;\r\n\tpanose-1:2 1 6 0 3 1 1 1 1 1;}\r\n"
                 "@font-face\r\n\t{font-family:微软雅黑;\r\n\tpanose-1:2 11 5 3 2 2 4 2 2 4;}\r\n/* Style Definitions */\r\n"
                 "p.MsoNormal, li.MsoNormal, div.MsoNormal\r\n\t{margin:0cm;\r\n\ttext-align:justify;\r\n\ttext-justify:inter-ideograph;\r\n\tfont-size:10.5pt;\r\n\tfont-family:等线;}\r\n"
                 "a:link, span.MsoHyperlink\r\n\t{mso-style-priority:99;\r\n\tcolor:#0563C1;\r\n\ttext-decoration:underline;}\r\n"
                 "span.EmailStyle17\r\n\t{mso-style-type:personal-compose;\r\n\tfont-family:等线;\r\n\tcolor:windowtext;}\r\n"
                 ".MsoChpDefault\r\n\t{mso-style-type:export-only;\r\n\tfont-family:等线;}\r\n/* Page Definitions */\r\n"
                 "@page WordSection1\r\n\t{size:612.0pt 792.0pt;\r\n\tmargin:72.0pt 90.0pt 72.0pt 90.0pt;}\r\ndiv.WordSection1\r\n\t{page:WordSection1;}\r\n--></style>")


def to_html(text, mua):
    """The HTML alternative a client writes for a plain text (quoted lines as blockquote)."""
    lines = text.split("\n")
    out, inq = [], False
    for l in lines:
        q = l.startswith(">")
        if q and not inq:
            out.append('<blockquote style="margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex">')
            inq = True
        if not q and inq:
            out.append("</blockquote>")
            inq = False
        l = l.lstrip("> ") if q else l
        e = html.escape(l) or "<br>"
        if mua == "outlook":
            out.append('<p class="MsoNormal"><span style="font-size:10.5pt;font-family:微软雅黑,sans-serif">%s<o:p></o:p></span></p>' % (e if l else "&nbsp;"))
        elif mua in ("qqweb", "foxmail"):
            out.append('<div><font face="%s">%s</font></div>' % ("微软雅黑" if mua == "qqweb" else "宋体", e))
        elif mua == "netease":
            out.append('<div style="margin:0;">%s</div>' % e)
        elif mua == "coremail":
            out.append('<div>%s</div>' % e)
        else:
            out.append('<div>%s</div>' % e)
    if inq:
        out.append("</blockquote>")
    body = "\r\n".join(out)
    if mua == "outlook":
        return ('<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
                'xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" '
                'xmlns="http://www.w3.org/TR/REC-html40"><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312">'
                '<meta name="Generator" content="Microsoft Word 15 (filtered medium)">' + OUTLOOK_STYLE +
                '</head><body lang="ZH-CN" link="#0563C1" vlink="#954F72" style="text-justify-trim:punctuation">'
                '<div class="WordSection1">\r\n' + body + '\r\n</div></body></html>')
    if mua == "qqweb":
        return '<meta http-equiv="Content-Type" content="text/html; charset=GB18030">' + body
    if mua == "netease":
        return ('<div style="line-height:1.7;color:#000000;font-size:14px;font-family:Arial">' + body +
                '</div><br><br><span title="neteasefooter"><p>&nbsp;</p></span>')
    if mua == "gmail":
        return '<div dir="ltr">' + body + '</div>'
    if mua == "foxmail":
        return ('<html><head><meta http-equiv="content-type" content="text/html; charset=gb2312"><style>body { line-height: 1.5; }'
                'blockquote { margin-top: 0px; margin-bottom: 0px; margin-left: 0.5em; }body { font-size: 14px; font-family: '
                '"Microsoft YaHei UI"; color: rgb(0, 0, 0); line-height: 1.5; }</style></head><body>\r\n' + body + '\r\n</body></html>')
    return '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body>' + body + '</body></html>'


MUAS = {
    # mua: (charset choices, cte choices, alternative share, X-Mailer)
    "outlook": (["gb2312"], ["base64", "base64", "quoted-printable"], 1.0, "Microsoft Outlook 16.0"),
    "foxmail": (["gb2312"], ["base64"], 1.0, "Foxmail 7.2.25.228[cn]"),
    "qqweb": (["gb18030"], ["base64"], 1.0, None),
    "netease": (["utf-8", "gbk"], ["base64"], 1.0, "Coremail Webmail Server Version XT5.0.14 build 20230109(dcb5de15)"),
    "coremail": (["gbk", "utf-8"], ["base64"], 1.0, "Coremail Webmail Server Version 2023.1-cmXT5 build 20231205(4ab1b4c5)"),
    "gmail": (["utf-8"], ["base64", "quoted-printable"], 1.0, None),
    "apple": (["utf-8"], ["quoted-printable", "8bit"], 0.3, "Apple Mail (2.3774.600.62)"),
    "iphone": (["utf-8"], ["quoted-printable", "base64"], 0.0, "iPhone Mail (21F90)"),
    "outlook-tw": (["big5"], ["base64", "quoted-printable", "8bit"], 1.0, "Microsoft Outlook 16.0"),
    "thunderbird": (["utf-8", "gb18030"], ["8bit", "base64"], 0.0, None),
}


def render(rng, mua, text, attachments=(), html_override=None, cs=None):
    """The body of a letter written in mua: (Part)."""
    css, ctes, alt, _ = MUAS[mua]
    cs = cs or rng.choice(css)
    cte = rng.choice(ctes)
    plain = text_part(text, cs, cte)
    if html_override is not None or rng.random() < alt:
        hcte = "base64" if cte == "8bit" and cs != "utf-8" else cte
        hp = text_part(html_override or to_html(text, "outlook" if mua == "outlook-tw" else mua), cs, hcte, "html")
        body = multipart("alternative", [plain, hp], rng)
    else:
        body = plain
    if attachments:
        body = multipart("mixed", [body] + list(attachments), rng)
    return body


def msgid(rng, domain, mua=None):
    if mua in ("outlook", "outlook-tw"):
        return "<%s$%s$%s@%s>" % (rng.getrandbits(48), rng.getrandbits(40), rng.getrandbits(32), domain)
    if mua == "gmail":
        return "<CA%s@mail.gmail.com>" % base64.b64encode(rng.randbytes(30)).decode().replace("/", "_")
    if mua == "qqweb":
        return "<tencent_%032X@qq.com>" % rng.getrandbits(128)
    return "<%d.%s@%s>" % (rng.getrandbits(40), "".join(rng.choice("abcdef0123456789") for _ in range(12)), domain)

# ---------------------------------------------------------------- business text

BIZ = [
    "{附件是|附上|随信附上|发您|这是}{prod}的{最新|更新后的|修订版|}{报价|报价单|价格表}，{请查收|请查阅|供参考|请您看一下}。",
    "{关于|至于|}{prod}的交期，{我们这边|我司|工厂那边}{最快|最早|估计}{可以|能}在{date}{发货|出货|安排发出}。",
    "样品{已于|}{今天上午|昨天下午|今天}{通过|用|走}{顺丰|顺丰快递|德邦|中通}寄出，{单号|运单号|快递单号}{sf}，{请注意查收|收到后麻烦告知一下|请留意}。",
    "{请|麻烦|烦请}{帮忙|您}确认一下{proj}的{技术要求|具体需求|验收标准}，{我们好安排下一步工作|以便我们尽快推进|我们这边好排计划}。",
    "合同{已盖章|已经签好|已走完流程}，{扫描件见附件|附件是扫描件|电子版先发您}，原件{今天|明天|这两天}{快递给您|寄出}。",
    "{上次|前天|周一}{会议|开会|电话会}{提到的|讨论的|说的}{几个|那几个|}问题，我{整理了一下|汇总了一下|做了个清单}，{见下文|见附件|您看看}。",
    "{麻烦您|请|烦请}把{month}月{份|}的对账单发我{一下|一份|}，{财务这边要核对|我们月底要对账|财务在催}。",
    "发票{已开具|已经开好|开出来了}，金额{amt}元，{请注意查收|已随货寄出|电子版见附件}。",
    "我们{这边|实验室|产线}{测试发现|验证时发现|反馈}{prod}{在高温下|在低温环境下|长时间运行后|批量使用时}{有异常|不太稳定|出现失效}，{具体数据见附件|数据我整理在附件里|详细情况见报告}。",
    "请问{贵司|你们}{能否|可不可以|有没有可能}在{date}之前{提供|交付|备好}{qty}{片|个|件|套}{prod}？",
    "{关于付款方式|付款这块|账期方面}，我们{建议|希望|倾向于}{按30%预付、70%货到付款|月结60天|款到发货}。",
    "{下周二|下周三|周四|这周五}{我和同事|我们领导和我|我们一行三人}想去贵司{拜访一下|交流一下|看看产线}，{不知道您是否方便|请问您那边时间是否合适|麻烦帮忙安排一下}？",
    "{会议纪要|今天的会议记录|纪要}见附件，{如有遗漏请补充|有不对的地方请指出|请各位确认}。",
    "{今天|上午|昨天}电话里{说的|谈的|提到的}事情，我{跟领导汇报过了|和老板沟通了|内部讨论了一下}，{原则上同意|基本没问题|还需要再评估}。",
    "这批货的{包装|外箱|标签}{有些破损|有问题|不符合要求}，{照片见附件|我拍了照片|具体见图}，{请协助处理|请尽快给个处理意见|麻烦跟进一下}。",
    "新版{规格书|说明书|技术协议}{已更新|改好了|出来了}，{主要修改了|这次改了|变化在}第{三|四|五}章的{电气参数|尺寸|测试方法}。",
    "{请|麻烦}在{系统|SRM系统|平台}里{帮我们|给我们}{开通|注册}{供应商账号|账号}，谢谢。",
    "{proj}的{验收|评审|上线}时间{初步定在|暂定|计划在}{date}，{请提前准备相关资料|相关文件请提前准备好|届时请派人参加}。",
    "{上次提供的|您发来的|这版}图纸有{几个|两个|个别}尺寸需要确认，我{已经在附件里标注出来了|用红色标出来了|列在下面了}。",
    "请问{prod}的{最小起订量|MOQ|起订量}是多少？{包装方式是怎样的|交期多久|有没有现货}？",
    "我们{这边的|今年的|}需求量{大概|预计|估计}是每{月|季度}{qty}{件|个|套}，{后续可能会增加|明年会翻倍|比较稳定}。",
    "{报价|价格}有效期{为|是}{30|15|60}天，{含13%增值税和运费|不含运费|含税含运}。",
    "关于{质量问题|客诉|这次不良}的{8D报告|改善报告|分析报告}，{请在本周五之前回复|请尽快提供|最晚下周一给我们}。",
    "{这个事情|这件事|这单}{比较急|很急|客户在催}，{麻烦尽快处理一下|请优先安排|今天能给个答复吗}。",
    "我{下周|这两天|明天开始}在{city}出差，有事{可以打我手机|微信联系|电话联系}。",
    "{培训|会议|评审}时间{改到|调整为|推迟到}{date}{下午两点|上午十点|下午三点半}，{地点不变|地点另行通知|线上进行}。",
    "{请把|麻烦发我|能否提供}最新的{BOM清单|物料清单|图纸|软件版本}{一份|}。",
    "{之前的问题|上次说的那个问题|故障}{已经解决了|找到原因了|处理好了}，{谢谢您的帮助|多谢支持|辛苦各位}。",
    "{请确认|核对一下|麻烦确认}收货地址：{city}市{高新区|开发区|工业园区}{科技路|创新路|园区路}{n}号。",
    "{proj}的预算{已经批下来了|审批通过了|下来了}，{可以启动采购流程|可以下单了|下周开始招标}。",
    "我们内部{讨论后|评估后|开会}决定{先小批量试产|暂缓|分两期实施}。",
    "请您在{date}之前{填写|完成|回传}附件中的{供应商调查表|自评表|问卷}。",
    "{关于退货的事情|退货这个事|这批不良品}，我们{同意按照合同条款处理|可以接受|需要先确认数量}。",
    "{这次的|今年的|}审核结果{不错|还可以|总体良好}，只有{两项|一项|三项}{轻微不符合|观察项|需要整改}。",
    "{您提到的方案|这个方案|你们的思路}我觉得可行，但{成本方面|时间上|人力上}还需要再{核算|评估|确认}一下。",
    "我们{已经安排|会派|计划安排}{工程师|技术人员|两位同事}{date}去{现场支持|现场调试|现场}。",
    "我把{项目进度表|计划表|甘特图}更新了一下，{红色部分是有风险的节点|请大家看看各自的任务|有几个节点延后了}。",
    "{请问上次的款项|那笔货款|上个月的款}什么时候能{安排|支付|付}？{已经超期两周了|财务在催|麻烦帮忙问一下}。",
    "我看了一下，{这个问题|这个现象|这个报错}{应该是|可能是|估计是}{固件版本|驱动|配置文件|供电}的原因。",
    "{如果没有问题的话|没问题的话|您确认后}，我们就{按这个方案走了|下单了|安排生产了}。",
    "{周五之前|明天下班前|这两天}能否给个{初步答复|回复|结论}？",
    "有几个{技术细节|问题|点}想跟您{当面沟通一下|电话沟通|开个短会聊一下}。",
    "{上周寄的样品|寄过去的样品}{收到了吗|到了没有}？{测试情况如何|测试结果怎么样|有什么问题吗}？",
    "{请帮忙看一下|麻烦您审一下|请法务看一下}这份合同的第{五|六|三}条和第{八|九|十}条。",
]
CLOSE = ["谢谢！", "祝好！", "此致\n敬礼！", "顺祝商祺！", "辛苦了，谢谢！", "期待您的回复。", "如有疑问请随时联系。", "Best regards", "谢谢配合！",
         "祝工作顺利！", "有问题随时沟通。", "多谢！", "祝商祺", "Thanks & Best Regards"]
PRODUCTS = ["XH-3021型电源模块", "贴片电容0603 10uF", "主控板V2.3", "LED驱动芯片", "温湿度传感器", "铝合金外壳", "锂电池组", "继电器模块",
            "工业网关", "PCB板", "连接器", "步进电机", "变频器", "光耦", "伺服驱动器", "显示屏模组", "射频模块", "电磁阀", "散热片", "保险丝",
            "充电桩控制板", "电流互感器", "蓝牙模块", "MCU开发板", "电源适配器"]
PROJECTS = ["智慧园区二期", "新产线改造项目", "MES系统升级", "储能柜开发", "海外认证", "年度降本项目", "新品导入", "自动化测试平台",
            "ERP切换", "实验室扩建", "供应商审核", "车规级认证", "5G模组适配", "仓储物流优化"]
SUBJ_P = ["关于{prod}的报价", "{proj}进度确认", "回复：样品测试结果", "{prod}交期确认", "合同盖章版", "发票已寄出", "下周拜访安排", "{proj}会议纪要",
          "技术问题咨询", "关于付款事宜", "{month}月对账单", "资料请查收", "{prod}规格书", "测试报告", "{proj}需求说明", "质量问题反馈",
          "供应商调查表", "价格调整", "{prod}样品", "图纸确认", "验收资料", "关于{proj}", "培训安排", "请确认", "急！{prod}缺料", "{prod}异常分析",
          "技术方案", "周报", "出货计划", "请协助"]


def spin(rng, s):
    while True:
        m = re.search(r"\{([^{}]*\|[^{}]*)\}", s)
        if not m:
            return s
        s = s[:m.start()] + rng.choice(m.group(1).split("|")) + s[m.end():]


def fill(rng, s, **kw):
    s = spin(rng, s)
    d = {"prod": rng.choice(PRODUCTS), "proj": rng.choice(PROJECTS), "date": "%d月%d日" % (6, rng.randint(2, 30)),
         "date2": "%d月%d日" % (7, rng.randint(1, 10)), "month": rng.randint(3, 5), "amt": "%d,%03d.%02d" % (rng.randint(1, 980), rng.randint(0, 999), rng.randint(0, 99)),
         "qty": rng.choice((50, 100, 200, 500, 1000, 2000, 5000, 10000)), "sf": "SF%013d" % rng.randint(0, 10 ** 13 - 1),
         "city": rng.choice(PLACES)[0], "n": rng.randint(1, 300)}
    d.update(kw)
    return s.format(**d)

# ---------------------------------------------------------------- the world

DISCLAIMERS = [
    ("本邮件及其附件含有{cn}的保密信息，仅限于发送给上面地址中列出的个人或群组。禁止任何其他人以任何形式使用（包括但不限于全部或部分地泄露、复制、或散发）"
     "本邮件中的信息。如果您错收了本邮件，请您立即电话或邮件通知发件人并删除本邮件！\nThis e-mail and its attachments contain confidential information from {en}, "
     "which is intended only for the person or entity whose address is listed above. Any use of the information contained herein in any way (including, but not "
     "limited to, total or partial disclosure, reproduction, or dissemination) by persons other than the intended recipient(s) is prohibited. If you receive "
     "this e-mail in error, please notify the sender by phone or email immediately and delete it!"),
    ("【免责声明】本邮件（包括附件）可能含有保密信息，仅供指定收件人使用。如果您不是指定收件人，请立即通知发件人并删除本邮件，不得使用、复制、转发或披露本邮件的任何内容。"
     "{cn}不对本邮件内容在传输过程中可能出现的错误、遗漏、延误或病毒承担任何责任。邮件内容仅代表发件人个人观点，不代表公司立场。"),
    ("温馨提示：{cn}从未授权任何个人以个人账户收取货款。凡涉及付款、变更收款账户等事宜，请务必通过电话与我司财务部核实，谨防诈骗！"),
    ("保密声明：此邮件及附件所含信息属{cn}商业秘密，受法律保护，仅供收件人使用。未经许可，任何人不得阅读、复制、转发或以其他方式使用。如误收此邮件，请即删除并告知发件人。\n"
     "CONFIDENTIALITY NOTICE: The information in this email is confidential and may be legally privileged. It is intended solely for the addressee."),
]
DISCL_TW = ("本電子郵件及附件所載資訊均為{cn}之保密資訊，僅限指定收件人使用。如您並非指定收件人，請立即通知寄件人並刪除本郵件，嚴禁任何形式之使用、複製或散佈。"
            "\nThis message may contain confidential information. If you are not the intended recipient, please notify the sender and delete it.")
def own_disclaimer(rng, o):
    """A company's own notice, in its own words."""
    return spin(rng, ("{【{保密|免责|法律}声明】|{保密|免责}声明：|注意：|--\n}"
                "{本邮件|此邮件|该电子邮件}{及其附件|（含附件）|和任何附件}{仅供|只供|专供}{收件人|指定收件人|邮件中列明的收件人}{使用|阅读|参考}，{可能包含|含有|或涉及}{{cn}的|}{商业秘密|保密信息|机密资料|受法律保护的信息}。"
                "{如果您不是|若您并非|如您不是}{指定的|}收件人，{请勿|严禁|不得}{阅读|使用|传播}、{复制|转发|披露}{本邮件|其中内容|任何内容}，{并请立即|请即|请尽快}{通知发件人|回复告知}{并删除|后删除|，同时删除}{本邮件|此邮件|原件}{。|！}"
                "{{cn}对通过互联网传输的邮件的安全性不作保证。|互联网通讯无法保证安全或无误。|邮件内容不构成任何要约或承诺。|}"
                "{ 请在打印前考虑环保。| Please consider the environment before printing this email.|}").replace("{cn}", o.cn))


MOBILE_FOOT = {"qq": ["发自我的iPhone", "——来自QQ邮箱", "发自我的华为手机", "来自我的小米手机"],
               "163": ["发自网易邮箱大师", "发自我的iPhone", "来自网易邮箱手机版"],
               "other": ["发自我的iPhone", "Sent from my iPhone", "发自我的华为Mate", "发自我的荣耀手机"]}


class Contact:
    pass


class World:
    def __init__(self, rng, words, docs, docs_tw, fort):
        self.rng = rng
        self.words = words
        self.docs = Pool(rng, docs)
        self.docs_tw = Pool(rng, docs_tw)
        self.fort = fort
        self.users = []
        used = set()
        for i in range(480):
            p = Person(rng)
            loc = p.local(rng, "full" if rng.random() < 0.7 else "gdot")
            while loc in used:
                loc += str(rng.randint(1, 9))
            used.add(loc)
            p.addr = "%s@%s" % (loc, SITE)
            p.dept = rng.choice(DEPTS)
            p.title = rng.choice(TITLES)
            self.users.append(p)
        self.role = {r: "%s@%s" % (r, SITE) for r in ("hr", "sales", "info", "finance", "purchase", "service", "admin", "market", "zhaopin")}
        self.orgs = [self.make_org(i) for i in range(160)]
        self.indiv = [self.make_indiv() for _ in range(320)]

    def company(self):
        rng = self.rng
        tw = rng.random() < 0.08
        place = rng.choice(TW_PLACES if tw else PLACES)
        g = [rng.choice(GIVEN) for _ in range(2)]
        zihao = "".join(c for c, _ in g)
        ind = rng.choice(INDUSTRY)
        cn = place[0] + ("市" if not tw and rng.random() < 0.6 else "") + zihao + ind + ("股份有限公司" if tw else "有限公司")
        py = "".join(p for _, p in g)
        dom = rng.choice([py + ".com", py + "-tech.com", place[1][:2] + py + ".com", py + ".com.cn", py + "group.com",
                          "".join(p[0] for _, p in g) + rng.choice(("dz", "tech", "kj", "jx")) + ".com"])
        if tw:
            dom = py + ".com.tw"
        en = "%s %s %s Co., Ltd." % (place[1].title(), py.title(), rng.choice(("Electronics", "Technology", "Trading", "Precision", "Materials")))
        return cn, en, dom, tw, place

    def make_org(self, i):
        rng = self.rng
        o = Contact()
        o.cn, o.en, o.domain, o.tw, o.place = self.company()
        r = rng.random()
        if o.tw:
            o.host = "own"
            o.nets = [rand_pub_net(rng)]
            o.mua = "outlook-tw"
        elif r < 0.35:
            o.host, o.mua = "exmail", rng.choice(("foxmail", "qqweb", "outlook", "foxmail"))
        elif r < 0.50:
            o.host, o.mua = "aliyun", rng.choice(("foxmail", "outlook", "netease"))
        elif r < 0.62:
            o.host, o.mua = "qiye163", rng.choice(("netease", "foxmail", "outlook"))
        elif r < 0.72:
            o.host, o.mua = "m365", "outlook"
        else:
            o.host, o.mua = "own", rng.choice(("outlook", "coremail", "foxmail", "coremail"))
        if o.host == "own":
            o.nets = [rand_pub_net(rng)]
            o.ips = ["%s.%d" % (o.nets[0], rng.randint(2, 250)) for _ in range(rng.choice((1, 1, 2)))]
        else:
            o.nets = PROVIDERS[o.host][0]
        o.discl = None
        r = rng.random()
        if o.tw and r < 0.4:
            o.discl = DISCL_TW.format(cn=o.cn, en=o.en)
        elif r < 0.12:
            # the widely copied notice, with the company's name
            o.discl = DISCLAIMERS[0].format(cn=o.cn, en=o.en)
        elif r < 0.18:
            o.discl = rng.choice(DISCLAIMERS[1:]).format(cn=o.cn, en=o.en)
        elif r < 0.32:
            o.discl = own_disclaimer(rng, o)
        o.phone = "0%d-%d" % (rng.choice((755, 21, 512, 571, 574, 769, 20, 10, 25, 510, 592, 28, 27)), rng.randint(20000000, 89999999))
        o.addrline = "%s%s区%s路%d号" % (o.place[0], rng.choice(("高新", "工业园", "经济开发", "南山", "滨江", "浦东")), rng.choice(self.words.get("ns", ["科技"])[:3000]), rng.randint(1, 999))
        o.people = []
        for _ in range(rng.choice((1, 1, 2, 2, 3, 4, 6))):
            p = Person(rng)
            c = Contact()
            c.person = p
            c.org = o
            c.addr = "%s@%s" % (p.local(rng), o.domain)
            c.mua = o.mua if rng.random() < 0.85 else rng.choice(("outlook", "foxmail", "iphone"))
            c.title = rng.choice(TITLES + ["销售经理", "业务经理", "技术支持", "项目经理", "总经理"])
            c.mobile_share = 0.15
            o.people.append(c)
        return o

    def make_indiv(self):
        rng = self.rng
        p = Person(rng)
        c = Contact()
        c.person = p
        c.org = None
        r = rng.random()
        if r < 0.38:
            c.prov = "qq"
            c.addr = ("%d@qq.com" % rng.randint(10000, 3999999999)) if rng.random() < 0.7 else "%s@foxmail.com" % p.local(rng)
            c.mua = rng.choice(("qqweb", "qqweb", "foxmail", "iphone"))
        elif r < 0.62:
            c.prov = "163"
            c.addr = "%s%s@%s" % (p.local(rng), rng.choice(("", str(rng.randint(1, 999)), str(rng.randint(1960, 2005)))), rng.choice(("163.com", "163.com", "126.com", "yeah.net")))
            c.mua = rng.choice(("netease", "netease", "iphone"))
        elif r < 0.70:
            c.prov = "sina"
            c.addr = "%s@sina.com" % p.local(rng)
            c.mua = "coremail"
        elif r < 0.74:
            c.prov = "139"
            c.addr = "%s@139.com" % p.mobile
            c.mua = "coremail"
        elif r < 0.80:
            c.prov = "aliyun"
            c.addr = "%s@aliyun.com" % p.local(rng)
            c.mua = "netease"
        elif r < 0.91:
            c.prov = "gmail"
            c.addr = "%s@gmail.com" % p.local(rng, "gdot")
            c.mua = rng.choice(("gmail", "gmail", "apple", "iphone"))
        else:
            c.prov = "outlook"
            c.addr = "%s@%s" % (p.local(rng), rng.choice(("outlook.com", "hotmail.com", "live.cn")))
            c.mua = "outlook"
        c.title = None
        c.mobile_share = 0.3
        return c

    def client_of(self, c):
        """(ip, helo) of a message c sends."""
        rng = self.rng
        if c.org is None:
            ip = pick_ip(rng, PROVIDERS[c.prov][0])
            return ip, helo_for(rng, c.prov, ip)
        o = c.org
        if o.host == "own":
            ip = rng.choice(o.ips) if hasattr(o, "ips") else "%s.%d" % (o.nets[0], 25)
            return ip, "mail." + o.domain
        ip = pick_ip(rng, o.nets)
        return ip, helo_for(rng, o.host, ip)

    def signature(self, c):
        rng = self.rng
        p = c.person
        if c.org is None:
            return rng.choice(["", "", p.name, "%s\n%s" % (p.name, p.mobile)])
        o = c.org
        if o.tw:
            lines = ["%s %s" % (p.name, c.title), o.cn, "TEL: %s ext.%d" % (o.phone, rng.randint(100, 999)), "E-mail: " + c.addr]
        else:
            lines = rng.choice([
                ["%s | %s" % (p.name, c.title), o.cn, "电话：%s  手机：%s" % (o.phone, p.mobile), "地址：" + o.addrline, "网址：www." + o.domain],
                ["%s" % p.name, c.title, o.cn, o.en, "Tel: %s  Mob: %s" % (o.phone, p.mobile), "Add: " + o.addrline],
                ["————————————", p.name + "  " + c.title, o.cn, "M：" + p.mobile, "E：" + c.addr],
            ])
        return "\n".join(lines)

    def letter_text(self, c, greet_to=None, lo=80, hi=900, prose=0.75):
        """A letter from contact c: greeting, business sentences, content, closing, signature, footers."""
        rng = self.rng
        parts = []
        if greet_to is not None:
            parts.append(rng.choice(["{n}，您好！", "{n}您好：", "{n}好，", "Hi {n}，", "{n}：", "您好！", "{n}，你好。", "Dear {n}，"]).format(n=greet_to))
        nb = rng.choice((1, 1, 2, 2, 3, 4))
        parts.append("".join(fill(rng, rng.choice(BIZ)) for _ in range(nb)))
        if rng.random() < prose:
            pool = self.docs_tw if (c.org is not None and c.org.tw) else self.docs
            parts.append(pool.text(lo, hi))
        if rng.random() < 0.8:
            parts.append(rng.choice(CLOSE))
        body = "\n\n".join(parts)
        if c.org is not None and c.org.tw:
            body = to_tw(body)
        sig = self.signature(c)
        if sig:
            body += "\n\n" + sig
        if c.org is not None and c.org.discl:
            body += "\n\n" + c.org.discl
        if rng.random() < c.mobile_share:
            k = "qq" if c.org is None and getattr(c, "prov", "") == "qq" else "163" if getattr(c, "prov", "") == "163" else "other"
            body += "\n\n" + rng.choice(MOBILE_FOOT[k])
        return body


TW_MAP = str.maketrans("这们个为来时说对会发关于还经进过问题请您书样开报价资确认单发货测试电话传处理网络应该后续联系谢谢项目会议纪录系统",
                       "這們個為來時說對會發關於還經進過問題請您書樣開報價資確認單發貨測試電話傳處理網絡應該後續聯係謝謝項目會議紀錄係統")


def to_tw(s):
    return s.translate(TW_MAP)

# ---------------------------------------------------------------- the stream

class Stream:
    def __init__(self, out):
        self.out = out
        self.rows = []
        os.makedirs(out + "/msg", exist_ok=True)

    def add(self, t, client, helo, sender, rcpts, cls, group, raw):
        t = max(0, min(int(t), DAYS * 86400 - 1))
        rcpts = list(dict.fromkeys(r.lower() for r in rcpts))
        self.rows.append([t, client, helo, sender or "<>", ",".join(rcpts), cls, group, raw])

    def close(self):
        self.rows.sort(key=lambda r: r[0])
        with open(self.out + "/stream.tsv", "w") as f:
            f.write("path\tt\tclient\thelo\tsender\trcpts\tclass\tgroup\n")
            for i, (t, client, helo, sender, rcpts, cls, group, raw) in enumerate(self.rows):
                path = "msg/%06d.eml" % i
                with open(self.out + "/" + path, "wb") as g:
                    g.write(raw)
                f.write("%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n" % (path, t, client, helo, sender, rcpts, cls, group))
        ham = sum(1 for r in self.rows if r[5] == "ham")
        print("%d messages (%d ham, %d spam) in %s" % (len(self.rows), ham, len(self.rows) - ham, self.out), file=sys.stderr)


def worktime(rng, day=None, evening=0.1):
    """Seconds from T0 (Monday 08:00 Beijing) of a working-hours moment."""
    if day is None:
        while True:
            day = rng.randrange(DAYS)
            if rng.random() < (1.0 if day % 7 < 5 else 0.3):
                break
    if rng.random() < evening:
        h = rng.uniform(18, 23.5)
    else:
        h = rng.choice((rng.uniform(8.5, 12), rng.uniform(13.5, 18), rng.uniform(9, 17.5)))
    return int(day * 86400 + (h - 8) * 3600)


def anytime(rng, lo=0, hi=DAYS * 86400):
    return rng.randint(lo, hi - 1)


def cn_date(t, style):
    d = T0 + datetime.timedelta(seconds=t)
    wk = "一二三四五六日"[d.weekday()]
    if style == "outlook":
        return "%d年%d月%d日 %d:%02d" % (d.year, d.month, d.day, d.hour, d.minute)
    if style == "qq":
        return "%d年%d月%d日(星期%s) %s%d:%02d" % (d.year, d.month, d.day, wk, "上午" if d.hour < 12 else "下午", d.hour if d.hour <= 12 else d.hour - 12, d.minute)
    if style == "coremail":
        return "%s (星期%s)" % (d.strftime("%Y-%m-%d %H:%M:%S"), wk)
    if style == "gmail":
        return "%d年%d月%d日周%s %02d:%02d" % (d.year, d.month, d.day, wk, d.hour, d.minute)
    return d.strftime("%Y-%m-%d %H:%M:%S")


def quote_block(mua, frm_name, frm_addr, t, to_list, cc_list, subject, body):
    """The original under a reply, as mua quotes it."""
    to_s = "; ".join("%s <%s>" % (n, a) for n, a in to_list)
    cc_s = "; ".join("%s <%s>" % (n, a) for n, a in cc_list)
    if mua in ("outlook", "outlook-tw"):
        h = ["________________________________", "发件人: %s <%s>" % (frm_name, frm_addr), "发送时间: " + cn_date(t, "outlook"), "收件人: " + to_s]
        if cc_s:
            h.append("抄送: " + cc_s)
        h.append("主题: " + subject)
        return "\n".join(h) + "\n\n" + body
    if mua in ("qqweb", "iphone-qq"):
        h = ["------------------ 原始邮件 ------------------", '发件人: "%s"<%s>;' % (frm_name, frm_addr), "发送时间: " + cn_date(t, "qq"),
             "收件人: " + "; ".join('"%s"<%s>' % (n, a) for n, a in to_list) + ";"]
        if cc_s:
            h.append("抄送: " + "; ".join('"%s"<%s>' % (n, a) for n, a in cc_list) + ";")
        h.append("主题: " + subject)
        return "\n\n".join(["\n".join(h), body])
    if mua == "foxmail":
        h = ["发件人： " + frm_name, "发送时间： " + cn_date(t, "plain")[:16], "收件人： " + ", ".join(n for n, a in to_list)]
        if cc_s:
            h.append("抄送： " + ", ".join(n for n, a in cc_list))
        h.append("主题： " + subject)
        return "\n".join(h) + "\n" + body
    if mua == "coremail":
        h = ["-----原始邮件-----", '发件人:"%s" <%s>' % (frm_name, frm_addr), "发送时间:" + cn_date(t, "coremail"), "收件人:" + to_s, "抄送:" + cc_s, "主题:" + subject]
        return "\n".join(h) + "\n\n" + body
    qb = "\n".join("> " + l if l else ">" for l in body.split("\n"))
    if mua == "gmail":
        return "%s <%s> 于%s写道：\n\n%s" % (frm_name, frm_addr, cn_date(t, "gmail"), qb)
    if mua == "netease":
        return '在 %s，"%s" <%s> 写道：\n%s' % (cn_date(t, "plain"), frm_name, frm_addr, qb)
    return "> 在 %s，%s <%s> 写道：\n>\n%s" % (cn_date(t, "outlook"), frm_name, frm_addr, qb)


class Gen:
    def __init__(self, rng, w, st):
        self.rng, self.w, self.st = rng, w, st
        self.counts = {}
        self.truth = []

    def gid(self, kind):
        self.counts[kind] = self.counts.get(kind, 0) + 1
        return "%s:%d" % (kind, self.counts[kind])

    def headers(self, t, frm, to, subject, cs, mua=None, cc=None, mid=None, extra=()):
        rng = self.rng
        dom = frm.split("@")[-1].strip(">")
        h = [("Date", date_hdr(t)), ("From", frm), ("To", to)]
        if cc:
            h.append(("Cc", cc))
        h.append(("Subject", ew(subject, cs, q=rng.random() < 0.15)))
        h.append(("Message-ID", mid or msgid(rng, dom, mua)))
        if mua and MUAS.get(mua, (0, 0, 0, None))[3]:
            h.append(("X-Mailer", MUAS[mua][3]))
        h.extend(extra)
        return h

    def sendas(self, c, t, rcpts, subject, text, group, to_hdr=None, cc_hdr=None, attach=(), extra=(), sender=None, client=None):
        rng = self.rng
        cs = MUAS[c.mua][0][0]
        frm = addr_hdr(c.person.name, c.addr, cs)
        body = render(rng, c.mua, text, attach)
        hdr = self.headers(t, frm, to_hdr or ", ".join(rcpts[:1]), subject, cs, c.mua, cc_hdr, extra=extra)
        raw = finish(hdr, body)
        ip, helo = client or self.w.client_of(c)
        self.st.add(t, ip, helo, sender or c.addr, rcpts, "ham", group, raw)
        return raw

    def attach_for(self, subject):
        rng = self.rng
        if rng.random() < 0.35:
            kind = rng.choice([("application/pdf", ".pdf"), ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx"),
                               ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx"), ("image/jpeg", ".jpg"),
                               ("application/zip", ".zip")])
            base = re.sub(r"[：:！!？?/ ]", "", subject)[:12] or "附件"
            return [bin_part(rng, kind[0], base + kind[1], rng.randint(20000, 400000))]
        return []

    # ------------------------------------------------------------ ham kinds

    def personal(self, n):
        """One-off letters and short exchanges from partners and individuals to site users."""
        rng, w = self.rng, self.w
        for _ in range(n):
            c = rng.choice(w.orgs).people[0] if rng.random() < 0.62 else rng.choice(w.indiv)
            if c.org is not None:
                c = rng.choice(c.org.people)
            u = rng.choice(w.users)
            rc = [u]
            if rng.random() < 0.2:
                rc += rng.sample(w.users, rng.randint(1, 3))
            t = worktime(rng, evening=0.2 if c.org is None else 0.06)
            subj = fill(rng, rng.choice(SUBJ_P))
            if rng.random() < 0.12:
                text = rng.choice(["收到，谢谢！", "好的，收到。", "已阅，谢谢", "OK，没问题。", "谢谢您，辛苦了！", "收到，我们尽快处理。", "好的，我明天给您回复。"])
                text += "\n\n" + w.signature(c) if rng.random() < 0.6 else ""
                if c.org is not None and c.org.discl and rng.random() < 0.8:
                    text += "\n\n" + c.org.discl
                subj = "回复：" + subj
            else:
                text = w.letter_text(c, u.honor if rng.random() < 0.8 else u.name, 60, rng.choice((300, 600, 1200)))
            to = ", ".join(addr_hdr(x.name, x.addr, "utf-8") for x in rc[:1])
            cc = ", ".join(addr_hdr(x.name, x.addr, "utf-8") for x in rc[1:]) or None
            self.sendas(c, t, [x.addr for x in rc], subj, text, self.gid("personal"), to, cc, self.attach_for(subj))

    def threads(self, n):
        """Threads among partners and site staff: reply-all, each reply quoting the whole thread."""
        rng, w = self.rng, self.w
        for _ in range(n):
            g = self.gid("thread")
            orgs = rng.sample(w.orgs, rng.choice((1, 1, 1, 2, 2, 3, 4)))
            ext = []
            for o in orgs:
                ext += rng.sample(o.people, min(len(o.people), rng.choice((1, 1, 2))))
            if rng.random() < 0.3:
                ext.append(rng.choice(w.indiv))
            site = rng.sample(w.users, rng.choice((1, 2, 2, 3, 4, 6, 8)))
            parts = [("ext", c) for c in ext] + [("site", u) for u in site]
            subj = fill(rng, rng.choice(SUBJ_P))
            t = worktime(rng)
            prev = None
            nmsg = rng.choice((2, 3, 3, 4, 5, 6, 8, 10))
            who = rng.choice([p for p in parts if p[0] == "ext"])
            for k in range(nmsg):
                kind, c = who
                if kind == "ext":
                    name, addr, mua = c.person.name, c.addr, c.mua
                else:
                    name, addr, mua = c.name, c.addr, rng.choice(("coremail", "outlook", "foxmail"))
                others = [p for p in parts if p[1] is not c]
                to_l = [(p[1].person.name if p[0] == "ext" else p[1].name, p[1].addr) for p in others]
                newtext = ""
                if k > 0 and rng.random() < 0.3:
                    newtext = rng.choice(["收到，谢谢！", "同意。", "好的，按这个来。", "补充一点：" + fill(rng, rng.choice(BIZ)), "+1", "没问题，我这边配合。"])
                else:
                    if kind == "ext":
                        newtext = w.letter_text(c, rng.choice(["各位", "大家", to_l[0][0][0] + "工", "各位领导"]), 50, rng.choice((200, 500, 900)), prose=0.6)
                    else:
                        newtext = "各位好，\n\n" + "".join(fill(rng, rng.choice(BIZ)) for _ in range(rng.randint(1, 3)))
                        if rng.random() < 0.5:
                            newtext += "\n\n" + w.docs.text(60, 500)
                        newtext += "\n\n%s\n%s %s\n%s\n电话：0571-8688%04d" % (rng.choice(CLOSE), c.name, c.dept, SITE_CN, rng.randint(0, 9999))
                s = subj if k == 0 else rng.choice(("回复：", "Re: ", "RE: ", "答复: ")) + subj
                body = newtext
                if prev is not None:
                    body += "\n\n" + quote_block(mua, prev[0], prev[1], prev[2], prev[3][:6], prev[3][6:], prev[4], prev[5])
                site_rc = [p[1].addr for p in others if p[0] == "site"]
                if site_rc:
                    to_hdr = ", ".join('"%s" <%s>' % (n_, a) for n_, a in to_l[:4])
                    cc_hdr = ", ".join('"%s" <%s>' % (n_, a) for n_, a in to_l[4:]) or None
                    attach = self.attach_for(s) if k == 0 else []
                    if kind == "ext":
                        c2 = c
                        if c2.mua != mua:
                            pass
                        self.sendas(c2, t, site_rc, s, body, g, to_hdr, cc_hdr, attach)
                    else:
                        fake = Contact()
                        fake.person = c
                        fake.addr = c.addr
                        fake.mua = mua
                        self.sendas(fake, t, site_rc, s, body, g, to_hdr, cc_hdr, attach, client=(SITE_WEBMAIL, "mail." + SITE))
                prev = (name, addr, t, to_l, s, body)
                t += rng.choice((rng.randint(300, 3600), rng.randint(3600, 6 * 3600), rng.randint(20000, 90000)))
                who = rng.choice(others)

    def internal(self, n):
        """Colleagues' letters through the site's own webmail relay."""
        rng, w = self.rng, self.w
        for _ in range(n):
            a = rng.choice(w.users)
            rc = rng.sample(w.users, rng.choice((1, 1, 1, 2, 3, 5)))
            t = worktime(rng)
            subj = fill(rng, rng.choice(SUBJ_P + ["周报-{month}月第%d周" % rng.randint(1, 4), "请假申请", "报销单", "会议通知", "午饭？", "打印机又坏了"]))
            if rng.random() < 0.2:
                text = rng.choice(["收到", "好的", "我下午过来找你", "已处理", "谢谢！", "ok"])
            else:
                text = "%s：\n\n%s\n\n%s" % (rc[0].honor if rng.random() < 0.5 else rc[0].name[1:], "".join(fill(rng, rng.choice(BIZ)) for _ in range(rng.randint(1, 3))),
                                            w.docs.text(40, rng.choice((200, 500, 1000))) if rng.random() < 0.7 else "")
                text += "\n\n%s\n%s | %s\n%s" % (rng.choice(CLOSE), a.name, a.dept, SITE_CN)
            c = Contact()
            c.person, c.addr, c.mua = a, a.addr, rng.choice(("coremail", "outlook", "foxmail"))
            self.sendas(c, t, [x.addr for x in rc], subj, text, self.gid("internal"),
                        ", ".join('"%s" <%s>' % (x.name, x.addr) for x in rc), None, self.attach_for(subj), client=(SITE_WEBMAIL, "mail." + SITE))

    def notices(self):
        """Internal notices from the OA server: all staff (all@ list, or many recipients) and departments."""
        rng, w = self.rng, self.w
        kinds = [
            ("关于{y}年端午节放假安排的通知", "根据国务院办公厅通知精神，结合公司实际情况，现将{y}年端午节放假安排通知如下：6月19日（星期五）至21日（星期日）放假调休，共3天。"
             "放假期间，请各部门做好值班安排和安全检查工作，关好门窗、切断电源。如遇突发事件，请及时报告值班领导。"),
            ("关于开展{y}年“安全生产月”活动的通知", "为深入贯彻落实安全生产工作部署，进一步增强全员安全意识，公司决定在6月份开展安全生产月活动。各部门要高度重视，认真组织学习，开展隐患排查治理。"),
            ("信息技术部：邮件系统升级维护通知", "为提升邮件系统的稳定性和安全性，信息技术部将于本周六晚22:00至次日02:00对邮件系统进行升级维护，期间邮件收发可能中断。请大家提前做好安排。"
             "另外提醒各位同事：近期钓鱼邮件较多，请勿点击来历不明的链接，不要在任何网页中输入邮箱密码。"),
            ("关于规范差旅费报销的通知", "为进一步规范公司差旅费管理，经总经理办公会研究决定，自7月1日起执行新的差旅费报销标准。"),
            ("{y}年上半年员工体检安排", "公司组织全体员工进行年度健康体检，体检机构为{city}爱康国宾体检中心。请各位同事按照部门安排的时间前往体检，体检前一天晚上十点后禁食。"),
            ("关于食堂就餐时间调整的通知", "自下周一起，公司食堂午餐时间调整为11:30至13:00，晚餐时间为17:30至18:30。请各部门错峰就餐。"),
            ("第二季度优秀员工评选结果公示", "经各部门推荐、评审委员会评议，现将第二季度优秀员工评选结果予以公示，公示期为五个工作日。如有异议，请向人力资源部反映。"),
            ("关于防范电信网络诈骗的提醒", "近期有不法分子冒充公司领导通过微信、QQ添加员工好友，并以各种理由要求转账。请各位同事提高警惕，凡涉及资金往来，一律电话或当面核实。"),
            ("停电通知", "接园区通知，因供电线路检修，{date}上午8:00至下午16:00停电。请各部门提前保存好电脑资料，关闭非必要设备。"),
            ("关于召开{y}年年中工作会议的通知", "公司定于{date}在三楼大会议室召开年中工作会议，请各部门负责人准备上半年工作总结及下半年工作计划，会议时间约三小时。"),
            ("ISO9001内审计划", "根据质量管理体系要求，质量部将于{date}开始进行年度内部审核，审核范围覆盖所有部门，请各部门配合并提前准备相关记录。"),
            ("新员工入职介绍", "欢迎以下新同事加入华芯大家庭！请大家在工作中多多帮助和支持他们。"),
        ]
        senders = [("行政部", "admin"), ("人力资源部", "hr"), ("信息技术部", "it"), ("总经办", "office"), ("质量部", "quality")]
        ng = 0
        for k in range(34):
            title, lead = kinds[k % len(kinds)]
            title = title.format(y=2026)
            lead = fill(rng, lead, y=2026)
            dn, loc = rng.choice(senders)
            body = "各部门、全体员工：\n\n" + lead + "\n\n" + w.docs.text(150, 900) + "\n\n特此通知。\n\n%s\n%s\n2026年6月%d日" % (SITE_CN, dn, rng.randint(1, 14))
            g = self.gid("notice")
            t = worktime(rng, evening=0)
            r = rng.random()
            if r < 0.5:
                rc = ["all@" + SITE]
            elif r < 0.75:
                rc = [u.addr for u in w.users]
            else:
                rc = [u.addr for u in rng.sample(w.users, rng.randint(20, 120))]
            c = Contact()
            p = Person(rng)
            p.name = dn
            c.person, c.addr, c.mua = p, "%s@%s" % (loc, SITE), rng.choice(("coremail", "outlook"))
            att = [bin_part(rng, "application/pdf", title + ".pdf", rng.randint(80000, 300000))] if rng.random() < 0.4 else []
            self.sendas(c, t, rc, title, body, g, "全体员工 <all@%s>" % SITE if len(rc) == 1 else "undisclosed-recipients:;", None, att, client=(SITE_OA, "oa." + SITE))
            # department heads forward it to their teams
            if rng.random() < 0.3:
                for _ in range(rng.randint(1, 4)):
                    h = rng.choice(w.users)
                    team = rng.sample(w.users, rng.randint(5, 25))
                    fc = Contact()
                    fc.person, fc.addr, fc.mua = h, h.addr, rng.choice(("coremail", "outlook", "foxmail"))
                    txt = rng.choice(["请大家注意。", "转发给大家，请按要求执行。", "各位请知悉。", "请相关同事认真阅读。"]) + "\n\n" + quote_block(fc.mua, dn, c.addr, t, [("全体员工", "all@" + SITE)], [], title, body)
                    self.sendas(fc, t + rng.randint(600, 30000), [x.addr for x in team], "转发：" + title, txt, g,
                                ", ".join(x.addr for x in team[:3]), None, client=(SITE_WEBMAIL, "mail." + SITE))

    def payslips(self):
        """The payroll system's salary slip, one per employee, on pay day."""
        rng, w = self.rng, self.w
        t = 9 * 86400 + 2 * 3600
        g = self.gid("payslip")
        items = ["基本工资", "岗位工资", "绩效工资", "加班费", "交通补贴", "餐费补贴", "通讯补贴", "高温补贴", "全勤奖", "应发合计", "养老保险", "医疗保险",
                 "失业保险", "住房公积金", "个人所得税", "事假扣款", "实发工资"]
        for u in w.users:
            vals = [rng.randint(0, 20000) + rng.randint(0, 99) / 100 for _ in items]
            rows = "".join("<tr><td style='border:1px solid #999;padding:4px'>%s</td><td style='border:1px solid #999;padding:4px;text-align:right'>%.2f</td></tr>" % (a, b) for a, b in zip(items, vals))
            htm = ("<html><body><p>%s，您好：</p><p>以下是您2026年5月的工资明细，请核对。如有疑问，请在三个工作日内联系人力资源部薪酬组（分机8012）。</p>"
                   "<table style='border-collapse:collapse'><tr><th>员工编号</th><td>HX%05d</td></tr><tr><th>部门</th><td>%s</td></tr>%s</table>"
                   "<p style='color:#888'>本邮件由系统自动发送，请勿直接回复。工资信息属个人隐私，请注意保密。</p><p>%s 人力资源部</p></body></html>") % (
                u.name, rng.randint(1, 99999), u.dept, rows, SITE_CN)
            txt = re.sub(r"<[^>]+>", " ", htm)
            body = multipart("alternative", [text_part(txt, "utf-8", "base64"), text_part(htm, "utf-8", "base64", "html")], rng)
            hdr = [("Date", date_hdr(t)), ("From", addr_hdr("人力资源部", "hr-system@" + SITE)), ("To", u.addr), ("Subject", ew("%s的2026年5月工资条" % u.name, "utf-8")),
                   ("Message-ID", msgid(rng, SITE))]
            self.st.add(t, SITE_HR, "hr." + SITE, "hr-system@" + SITE, [u.addr], "ham", g, finish(hdr, body))
            t += rng.randint(1, 8)

    def newsletters(self):
        """Newsletters from ESPs, one copy per subscriber (VERP), each issue new content."""
        rng, w = self.rng, self.w
        spec = [("36氪早报", "36kr.com", "sendcloud", 1, 10), ("电子发烧友周刊", "elecfans.com", "own", 7, 30), ("CSDN技术周刊", "csdn.net", "aliyun-dm", 7, 20),
                ("半导体行业观察", "semiinsights.com", "sendcloud", 1, 12), ("中国电子报·每日快讯", "cena.com.cn", "own", 1, 6), ("得到·每周精选", "igetget.com", "tencent-ses", 7, 15),
                ("领英职业周报", "linkedin.com", "own-us", 7, 20), ("立创商城·新品速递", "szlcsc.com", "aliyun-dm", 7, 30), ("知乎日报精选", "zhihu.com", "own", 1, 6),
                ("贸泽电子新品快讯", "mouser.cn", "own-us", 7, 15), ("财新周刊导读", "caixin.com", "sendcloud", 7, 8), ("京东618大促", "jd.com", "jd", 3, 30)]
        esp_nets = {"sendcloud": ["106.75.98", "106.75.99", "117.50.6"], "aliyun-dm": ["47.88.44", "115.124.20", "8.209.230"], "tencent-ses": ["43.154.101", "162.62.52"],
                    "own-us": None, "own": None, "jd": ["111.13.28", "120.52.148", "106.39.169", "111.202.67"]}
        for name, dom, esp, period, nsub in spec:
            nets = esp_nets[esp] or [rand_pub_net(rng) for _ in range(rng.choice((1, 1, 2)))]
            subs = rng.sample(w.users, nsub)
            gid = self.gid("news")
            items_per = rng.randint(3, 6)
            tmpl_head = "%s | %s" % (name, rng.choice(["每天早上8点，与你分享昨日要闻", "精选本周最值得一读的内容", "您订阅的资讯已送达"]))
            foot = ("您之所以收到这封邮件，是因为您订阅了%s。如果不想再收到此类邮件，请点击退订：https://%s/unsubscribe?u={token}\n"
                    "客服邮箱：service@%s  本邮件由系统自动发出，请勿直接回复。\n© 2026 %s 版权所有" % (name, dom, dom, dom))
            day = rng.randrange(period)
            while day < DAYS:
                if period == 1 and day % 7 >= 5 and rng.random() < 0.7:
                    day += 1
                    continue
                items = []
                for _ in range(items_per):
                    p = w.docs.take()
                    ttl = re.split(r"[，。：；]", p)[0][:24]
                    items.append((ttl, w.docs.text(60, 260)))
                t = int(day * 86400 + rng.uniform(-0.3, 2) * 3600)
                subj = "%s：%s" % (name, items[0][0]) if rng.random() < 0.7 else "%s 2026-06-%02d" % (name, day + 1)
                for u in subs:
                    if rng.random() < 0.03:
                        continue
                    token = "%x" % rng.getrandbits(64)
                    txt = "%s\n\nHi %s，\n\n" % (tmpl_head, u.name) + "\n\n".join("【%s】\n%s\n阅读全文 >> https://%s/p/%d" % (a, b, dom, rng.randint(10 ** 6, 10 ** 7)) for a, b in items) + "\n\n" + foot.format(token=token)
                    htm = "<html><body><table width='600' align='center'><tr><td><img src='https://%s/logo.png'></td></tr>" % dom + \
                          "<tr><td><p>Hi %s，</p>" % html.escape(u.name) + "".join("<h3><a href='https://%s/p/%d?utm_source=email'>%s</a></h3><p>%s</p>" % (dom, rng.randint(10 ** 6, 10 ** 7), html.escape(a), html.escape(b)) for a, b in items) + \
                          "</td></tr><tr><td style='font-size:12px;color:#999'>%s</td></tr></table><img src='https://%s/open/%s.gif' width=1 height=1></body></html>" % (html.escape(foot.format(token=token)).replace("\n", "<br>"), dom, token)
                    cs = rng.choice(("utf-8", "utf-8", "gbk"))
                    body = multipart("alternative", [text_part(txt, cs, "base64"), text_part(htm, cs, "base64", "html")], rng)
                    ip = pick_ip(rng, nets)
                    vsender = "bounce+%s-%s=%s@%s" % (token[:8], u.addr.split("@")[0], SITE, "sendcloud.org" if esp == "sendcloud" else "mail." + dom)
                    hdr = [("Date", date_hdr(t)), ("From", addr_hdr(name, "newsletter@" + dom)), ("To", u.addr), ("Subject", ew(subj, cs)),
                           ("Message-ID", msgid(rng, "mail." + dom)), ("List-Unsubscribe", "<https://%s/unsubscribe?u=%s>" % (dom, token)),
                           ("Precedence", "bulk")]
                    self.st.add(t, ip, "mail%d.%s" % (rng.randint(1, 9), dom), vsender, [u.addr], "ham", gid, finish(hdr, body))
                    t += rng.randint(0, 5)
                day += period

    def notifications(self):
        """Transactional mail: a template and per-recipient data, from the service's networks."""
        rng, w = self.rng, self.w
        M = lambda: rng.choice(PRODUCTS) + " " + rng.choice(["2个装", "黑色", "标准版", "Pro", "10片/包", "全新原装"])
        price = lambda: "%.2f" % rng.uniform(9, 3000)

        def jd(u):
            o = rng.randint(10 ** 11, 10 ** 12)
            lines = "\n".join("%s  x%d  ¥%s" % (M(), rng.randint(1, 5), price()) for _ in range(rng.randint(1, 4)))
            return ("您的订单%d已出库" % o, "尊敬的%s：\n\n您好！您在京东购买的商品已出库，正在配送途中。\n\n订单编号：%d\n%s\n配送方式：京东快递  预计送达：6月%d日\n收货地址：浙江省杭州市滨江区%s\n\n"
                    "您可以在“我的订单”中查看物流详情。京东不会以任何理由要求您点击链接进行退款，请注意防范诈骗。\n\n本邮件由系统自动发出，请勿回复。客服热线：400-606-5500\n京东JD.COM 多快好省" % (u.name, o, lines, rng.randint(2, 20), rng.choice(w.words["ns"][:2000]) + "路%d号" % rng.randint(1, 500)))

        def taobao(u):
            return ("您的宝贝已发货", "亲爱的%s，您好！\n\n您购买的宝贝“%s”卖家已发货，物流公司：%s，运单号：%d。\n\n实付款：¥%s\n下单时间：2026-06-%02d %02d:%02d\n\n"
                    "温馨提示：淘宝网不会通过电话、短信、邮件等方式要求您提供银行卡号和密码，谨防受骗。\n\n此邮件由淘宝网系统发出，请勿直接回复。" % (u.name, M(), rng.choice(("中通快递", "圆通速递", "韵达快递", "申通快递", "顺丰速运")), rng.randint(10 ** 11, 10 ** 14), price(), rng.randint(1, 14), rng.randint(0, 23), rng.randint(0, 59)))

        def cmb(u):
            tx = "\n".join("06/%02d  %s  %s" % (rng.randint(1, 5), rng.choice(["财付通-美团外卖", "支付宝-滴滴出行", "京东商城", "中国石化加油站", "财付通-微信红包", "星巴克", "盒马鲜生", "携程旅行网", "支付宝-天猫", "中国移动话费", "全家便利店", "肯德基"]), price()) for _ in range(rng.randint(3, 18)))
            return ("招商银行信用卡电子账单", "尊敬的%s%s：\n\n您好！以下是您的招商银行信用卡2026年06月电子账单。\n\n本期账单金额：¥%s  最低还款额：¥%s  到期还款日：2026年06月%02d日\n信用额度：¥%d\n\n交易明细：\n%s\n\n"
                    "温馨提示：请在到期还款日前存入足额款项。招商银行不会以任何理由要求您提供密码或验证码。\n客服热线：95555  招商银行信用卡中心" % (u.name[0], rng.choice(("先生", "女士")), price(), price(), rng.randint(18, 28), rng.choice((20000, 35000, 50000, 80000)), tx))

        def didi(u):
            return ("滴滴出行电子发票及行程报销单", "尊敬的滴滴用户，您好：\n\n您申请开具的电子发票已开具成功，共%d笔行程，合计金额%s元。电子发票及行程报销单见附件，请查收。\n\n"
                    "如有疑问，请拨打客服电话400-000-0999。\n本邮件为系统自动发送，请勿回复。\n\n滴滴出行" % (rng.randint(1, 12), price()))

        def rail(u):
            return ("网上购票系统-用户支付通知", "尊敬的%s女士/先生：\n\n您好！您于2026年06月%02d日在中国铁路客户服务中心网站(12306.cn)成功购买了1张车票，票款共计%s元，订单号码E%d。所购车票信息如下：\n"
                    "1.%s，2026年06月%02d日%02d:%02d开，%s站-%s站，%s次列车，%d车%02d%s号，%s，%s票，票价%s元。\n\n为了确保旅客顺利出行，请您提前到车站办理乘车手续。\n\n按购票时所使用的有效身份证件原件办理乘车。\n\n本邮件由系统自动发送，请勿直接回复。" % (
                u.name, rng.randint(1, 14), price(), rng.randint(10 ** 8, 10 ** 9), u.name, rng.randint(2, 28), rng.randint(6, 21), rng.randint(0, 59), rng.choice(("杭州东", "宁波", "上海虹桥")), rng.choice(("北京南", "深圳北", "南京南", "合肥南", "苏州")),
                rng.choice(("G", "D")) + str(rng.randint(1, 7999)), rng.randint(1, 16), rng.randint(1, 20), rng.choice("ABCDF"), "二等座", "成人", price()))

        def sf(u):
            return ("顺丰速运：您的快件已签收", "尊敬的客户：\n\n您好！您的快件%s已于06月%02d日 %02d:%02d 签收，签收人：%s。\n\n感谢您使用顺丰速运，如有疑问请致电95338。" % ("SF%013d" % rng.randint(0, 10 ** 13), rng.randint(1, 14), rng.randint(8, 20), rng.randint(0, 59), rng.choice(("前台", "本人", "快递柜", "门卫"))))

        def einv(u):
            seller = w.company()[0]
            return ("您收到一张电子发票【发票号码：%d】" % rng.randint(10 ** 19, 10 ** 20), "尊敬的客户您好：\n\n%s为您开具了一张电子发票，信息如下：\n发票号码：%d\n开票日期：2026年06月%02d日\n购买方：%s\n价税合计：¥%s\n\n"
                    "请点击下方链接下载发票文件，或查看附件。电子发票与纸质发票具有同等法律效力，可支持报销入账。\n下载地址：https://inv.nuonuo.com/%s\n\n【诺诺网】本邮件由系统自动发送，请勿回复。" % (seller, rng.randint(10 ** 19, 10 ** 20), rng.randint(1, 14), SITE_CN, price(), "%x" % rng.getrandbits(64)))

        def zhaopin(u):
            return ("【智联招聘】应聘%s-%s" % (rng.choice(("硬件工程师", "嵌入式软件工程师", "销售代表", "会计", "采购专员", "测试工程师", "行政助理")), Person(rng).name),
                    "尊敬的HR，您好！\n\n您发布的职位收到了一份新简历。\n\n应聘者：%s  %s  %d岁  %s  %s\n工作经验：%d年\n期望月薪：%d-%d元\n最近工作：%s\n\n登录智联招聘企业版查看完整简历并与候选人沟通：https://rd5.zhaopin.com/\n\n本邮件由智联招聘系统自动发出。" % (
                        Person(rng).name, rng.choice("男女"), rng.randint(21, 45), rng.choice(("本科", "硕士", "大专")), rng.choice(("浙江大学", "杭州电子科技大学", "浙江工业大学", "宁波大学", "中国计量大学", "江南大学")), rng.randint(0, 15),
                        rng.randint(5, 15) * 1000, rng.randint(16, 30) * 1000, w.company()[0]))

        def dingtalk(u):
            return ("钉钉：您有%d条待办审批" % rng.randint(1, 9), "%s，您好：\n\n%s 提交的%s等待您审批。\n申请事由：%s\n金额：%s元\n\n请登录钉钉及时处理。\n\n—— 钉钉 DingTalk" % (
                u.name, rng.choice(w.users).name, rng.choice(("报销申请", "采购申请", "请假申请", "出差申请", "用印申请")), fill(rng, rng.choice(BIZ))[:30], price()))

        def tmeeting(u):
            org = rng.choice(w.users + [c for o in w.orgs for c in o.people][:100])
            nm = org.name if hasattr(org, "name") else org.person.name
            mid = "%03d-%03d-%03d" % (rng.randint(100, 999), rng.randint(0, 999), rng.randint(0, 999))
            return ("腾讯会议：%s邀请您参加会议" % nm, "%s 邀请您参加腾讯会议\n会议主题：%s\n会议时间：2026/06/%02d %02d:00-%02d:00 (GMT+08:00) 中国标准时间 - 北京\n\n点击链接入会，或添加至会议列表：\nhttps://meeting.tencent.com/dm/%s\n\n"
                    "#腾讯会议：%s\n会议密码：%04d\n\n手机一键拨号入会\n+8675536550000,,%s# (中国大陆)\n+85230018898,,,2,,%s# (中国香港)\n\n根据您的位置拨号\n+8675536550000 (中国大陆)\n+85230018898 (中国香港)\n\n复制该信息，打开手机腾讯会议即可参与" % (
                        nm, fill(rng, rng.choice(SUBJ_P)), rng.randint(2, 14), rng.randint(9, 17), rng.randint(10, 18), "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789") for _ in range(12)),
                        mid, rng.randint(0, 9999), mid.replace("-", ""), mid.replace("-", "")))

        def github(u):
            r = rng.choice(("huaxin/fw-core", "huaxin/hx-tools", "openbmc/openbmc", "zephyrproject-rtos/zephyr", "espressif/esp-idf"))
            n = rng.randint(100, 9999)
            return ("Re: [%s] %s (Issue #%d)" % (r, rng.choice(("Build fails on arm64", "Add support for new sensor", "Fix memory leak in parser", "Docs: update install guide")), n),
                    "%s\n\n-- \nReply to this email directly, view it on GitHub:\nhttps://github.com/%s/issues/%d#issuecomment-%d\nYou are receiving this because you were mentioned.\n\nMessage ID: <%s/issues/%d/%d@github.com>" % (
                        w.docs.text(40, 300), r, n, rng.randint(10 ** 9, 10 ** 10), r, n, rng.randint(10 ** 9, 10 ** 10)))

        def alipay(u):
            return ("支付宝：您的账户有一笔支出", "尊敬的%s：\n\n您的支付宝账户于2026-06-%02d %02d:%02d向%s付款%s元。\n如非本人操作，请立即拨打95188。\n\n支付宝（中国）网络技术有限公司" % (
                u.name, rng.randint(1, 14), rng.randint(0, 23), rng.randint(0, 59), w.company()[0], price()))

        def ctrip(u):
            return ("携程旅行：酒店预订确认", "尊敬的%s：\n\n您预订的%s%s酒店已确认。\n入住日期：2026-06-%02d  离店日期：2026-06-%02d  房型：%s  %d间\n订单号：%d  房费合计：¥%s\n\n请于入住当天14:00后办理入住。如需修改或取消订单，请登录携程APP。\n\n携程旅行网 客服电话95010" % (
                u.name, rng.choice(PLACES)[0], rng.choice(("全季", "亚朵", "汉庭", "希尔顿欢朋", "如家", "维也纳")), rng.randint(2, 20), rng.randint(21, 28), rng.choice(("高级大床房", "商务双床房", "标准间")), rng.randint(1, 3), rng.randint(10 ** 10, 10 ** 11), price()))

        svc = [  # name, sender, domain, nets, n, fn, recipients
            ("京东", "jd@jd.com", "jd.com", ["111.13.28", "120.52.148", "106.39.169", "111.202.67", "101.124.20"], 140, jd, None),
            ("淘宝网", "service@mail.taobao.com", "mail.taobao.com", ["140.205.94", "140.205.53", "106.11.248"], 110, taobao, None),
            ("招商银行信用卡", "ccsvc@message.cmbchina.com", "message.cmbchina.com", ["183.62.134", "117.144.245"], 60, cmb, None),
            ("滴滴出行", "invoice@didiglobal.com", "didiglobal.com", ["116.85.1", "116.85.2", "103.27.24"], 90, didi, None),
            ("中国铁路12306", "12306@rails.com.cn", "rails.com.cn", ["114.251.94", "113.31.156"], 45, rail, None),
            ("顺丰速运", "noreply@sf-express.com", "sf-express.com", ["183.6.252", "116.6.2"], 70, sf, None),
            ("诺诺网", "fapiao@nuonuo.com", "nuonuo.com", ["47.97.205", "118.31.232"], 80, einv, "finance"),
            ("智联招聘", "resume@zhaopinmail.com", "zhaopinmail.com", ["211.151.247", "124.254.60", "124.254.61"], 90, zhaopin, "hr"),
            ("钉钉", "noreply@dingtalk.com", "dingtalk.com", ["203.119.206", "47.246.137"], 60, dingtalk, None),
            ("腾讯会议", "noreply@meeting.tencent.com", "meeting.tencent.com", ["43.137.23", "203.205.220"], 50, tmeeting, None),
            ("GitHub", "notifications@github.com", "github.com", ["140.82.112", "140.82.114", "192.30.252"], 70, github, None),
            ("支付宝", "service@mail.alipay.com", "mail.alipay.com", ["110.75.132", "110.76.1"], 55, alipay, None),
            ("携程旅行", "ctrip@ctrip.com", "ctrip.com", ["140.206.211", "101.226.248"], 40, ctrip, None),
        ]
        for name, sender, dom, nets, n, fn, role in svc:
            gid = self.gid("notify")
            pool = rng.sample(w.users, min(len(w.users), max(8, n // 2)))
            for _ in range(n):
                u = rng.choice(pool)
                rcpt = w.role[role] if role else u.addr
                subj, txt = fn(u)
                cs = rng.choice(("utf-8", "gbk", "gb2312")) if name not in ("GitHub",) else "utf-8"
                if name == "GitHub":
                    body = text_part(txt, "utf-8", "quoted-printable")
                else:
                    htm = "<html><body style='font-family:微软雅黑'><table width='640'><tr><td>%s</td></tr></table></body></html>" % "".join("<p>%s</p>" % html.escape(l) for l in txt.split("\n") if l)
                    body = multipart("alternative", [text_part(txt, cs, "base64"), text_part(htm, cs, "base64", "html")], rng)
                    if name in ("滴滴出行", "诺诺网"):
                        body = multipart("mixed", [body, bin_part(rng, "application/pdf", "电子发票.pdf", rng.randint(40000, 120000))], rng)
                t = worktime(rng, evening=0.3) if name not in ("招商银行信用卡",) else int(rng.randint(3, 5) * 86400 + rng.uniform(0, 20000))
                hdr = [("Date", date_hdr(t)), ("From", addr_hdr(name, sender)), ("To", rcpt), ("Subject", ew(subj, cs)), ("Message-ID", msgid(rng, dom))]
                ip = pick_ip(rng, nets)
                self.st.add(t, ip, "mx%d.%s" % (rng.randint(1, 20), dom), sender if rng.random() < 0.5 else "bounce-%x@%s" % (rng.getrandbits(32), dom), [rcpt], "ham", gid, finish(hdr, body))

    def lists(self):
        """Mailing lists: posts from members, delivered by the list server with its footer; replies quote."""
        rng, w = self.rng, self.w
        spec = [("debian-chinese-gb", "lists.debian.org", "mailman", ["82.195.75"], 6, 60),
                ("hz-embedded", "googlegroups.com", "ggroups", None, 14, 45),
                ("cesa-members", "lists.cesa.org.cn", "mailman", [rand_pub_net(rng)], 9, 20),
                ("zju-alumni-hz", "lists.zju.edu.cn", "coremail", ["210.32.0"], 12, 35),
                ("openharmony-dev", "openharmony.io", "mailman", ["116.205.174"], 5, 70),
                ("rtthread-users", "googlegroups.com", "ggroups", None, 7, 40)]
        for lname, ldom, kind, nets, nsub, nposts in spec:
            subs = rng.sample(w.users, nsub)
            members = [rng.choice(w.indiv) for _ in range(25)] + [rng.choice(rng.choice(w.orgs).people) for _ in range(15)]
            gid = self.gid("list")
            posts = []
            for k in range(nposts):
                m = rng.choice(members)
                t = worktime(rng, evening=0.3)
                if posts and rng.random() < 0.55:
                    p = rng.choice(posts[-8:])
                    subj = "Re: " + p[2].replace("Re: ", "")
                    txt = w.docs.text(40, rng.choice((150, 400, 800))) + "\n\n" + quote_block(rng.choice(("gmail", "netease", "apple")), p[0], p[1], p[3], [(lname, lname + "@" + ldom)], [], p[2], p[4])
                    t = max(t, p[3] + rng.randint(600, 20000))
                else:
                    subj = rng.choice(["请教：", "[求助] ", "【分享】", "", "关于"]) + re.split(r"[，。：；]", w.docs.take())[0][:22]
                    txt = w.docs.text(80, rng.choice((300, 700, 1500)))
                txt += "\n\n" + m.person.name
                if kind == "ggroups":
                    foot = ("--\n您收到此邮件是因为您订阅了 Google 网上论坛上的“%s”群组。\n要退订此群组并停止接收此群组的电子邮件，请发送电子邮件到 %s+unsubscribe@googlegroups.com。\n"
                            "要在网络上查看此讨论，请访问 https://groups.google.com/d/msgid/%s/%s。" % (lname, lname, lname, "%x" % rng.getrandbits(64)))
                elif kind == "mailman":
                    foot = "_______________________________________________\n%s mailing list\n%s@%s\nhttps://%s/mailman/listinfo/%s" % (lname, lname, ldom, ldom, lname)
                else:
                    foot = "-----------------------------------\n%s 邮件列表\n退订请发送邮件至 %s-leave@%s" % (lname, lname, ldom)
                full = txt + "\n" + foot
                posts.append((m.person.name, m.addr, subj, t, txt))
                cs = rng.choice(("utf-8", "gb18030", "gbk")) if kind != "ggroups" else "utf-8"
                body = text_part(full, cs, rng.choice(("base64", "quoted-printable", "8bit")))
                hdr = [("Date", date_hdr(t)), ("From", addr_hdr(m.person.name, m.addr, cs) if kind != "ggroups" else "%s <%s>" % (ew(m.person.name, cs), m.addr)),
                       ("To", "%s@%s" % (lname, ldom)), ("Subject", ew("[%s] %s" % (lname, subj), cs)), ("Message-ID", msgid(rng, m.addr.split("@")[1])),
                       ("List-Id", "<%s.%s>" % (lname, ldom)), ("Precedence", "list")]
                raw = finish(hdr, body)
                sender = "%s-bounces@%s" % (lname, ldom) if kind != "ggroups" else "%s+bncBD%s@googlegroups.com" % (lname, "%X" % rng.getrandbits(60))
                # the list server delivers in one or a few transactions
                chunks = [subs] if rng.random() < 0.7 else [subs[:len(subs) // 2], subs[len(subs) // 2:]]
                for ch in chunks:
                    if not ch:
                        continue
                    if kind == "ggroups":
                        ip = pick_ip(rng, PROVIDERS["google-groups"][0])
                        helo = helo_for(rng, "google-groups", ip)
                    else:
                        ip, helo = "%s.%d" % (nets[0], 5 + int(hashlib.md5(lname.encode()).hexdigest(), 16) % 200), ldom
                    self.st.add(t + rng.randint(5, 120), ip, helo, sender, [u.addr for u in ch], "ham", gid, raw)

    def autoreplies(self):
        rng, w = self.rng, self.w

        def ooo_text(c):
            if not hasattr(c, "ooo"):
                d1, d2 = rng.randint(1, 12), rng.randint(13, 20)
                if rng.random() < 0.15:
                    c.ooo = "I am out of the office from June %d to June %d%s. %s" % (d1, d2, rng.choice((" with limited access to email", "", " on business travel")),
                                                                                 rng.choice(("For urgent matters please contact %s." % Person(rng).py_s.title(), "I will reply when I am back.", "")))
                else:
                    c.ooo = "".join(x for x in (
                        rng.choice(("您好！", "你好，", "您好，", "尊敬的发件人：", "感谢您的来信。", "", "Hi，")),
                        spin(rng, rng.choice(("我于{6月|}%d日至{6月|}%d日{出差|休假|外出参加培训|休年假|参加展会}，" % (d1, d2), "本人%d号-%d号{出差在外|请假|不在公司}，" % (d1, d2),
                                              "我目前{不在办公室|在外地出差|正在休假}，", "%d日到%d日我在%s{出差|参加展会}，" % (d1, d2, rng.choice(PLACES)[0]), "我正在休产假，"))),
                        rng.choice(("期间邮件回复可能不及时", "无法及时查看邮件", "只能通过手机偶尔查看邮件", "回复会有延迟", "期间不能及时回复")) + rng.choice(("。", "，", "；")),
                        spin(rng, rng.choice(("如有急事，请致电%s。" % c.person.mobile, "紧急事务请联系%s（%s）。" % (Person(rng).name, Person(rng).local(rng) + "@" + c.addr.split("@")[1]),
                                              "急事请打我手机%s{，或加微信|}。" % c.person.mobile, "业务问题请联系%s，电话%s。" % (Person(rng).name, Person(rng).mobile),
                                              "{请联系我的同事|可以找}%s。" % Person(rng).name, "", "我会在%d日返回后尽快回复您。" % (d2 + 1)))),
                        rng.choice(("谢谢！", "给您带来不便，敬请谅解。", "谢谢理解！", "祝好", "", "Thanks!")),
                    ))
            return c.ooo

        """Auto-replies to site users' mail: vacation replies, many after a mass mail by HR or sales."""
        qq_default = "这是来自QQ邮箱的假期自动回复邮件。\n\n您好，我最近正在休假中，无法亲自回复您的邮件。我将在假期结束后，尽快给您回复。"
        net_default = "您好，您的来信我已收到，我会尽快给您回复。"

        def one(t, to_user, subj_orig, group):
            c = rng.choice(w.indiv) if rng.random() < 0.55 else rng.choice(rng.choice(w.orgs).people)
            if getattr(c, "prov", None) == "qq" and rng.random() < 0.7:
                txt, subj = qq_default, "自动回复: " + subj_orig
            elif getattr(c, "prov", None) == "163" and rng.random() < 0.5:
                txt, subj = net_default, "自动回复:" + subj_orig
            else:
                txt = ooo_text(c)
                subj = rng.choice(("自动答复: ", "Automatic reply: ", "【自动回复】", "自动回复：")) + subj_orig
            if c.org is not None and c.org.discl and rng.random() < 0.5:
                txt += "\n\n" + c.org.discl
            null = rng.random() < 0.6
            cs = MUAS[c.mua][0][0]
            body = render(rng, c.mua, txt)
            hdr = self.headers(t, addr_hdr(c.person.name, c.addr, cs), to_user, subj, cs, c.mua,
                               extra=[("Auto-Submitted", "auto-replied"), ("X-Auto-Response-Suppress", "All")])
            ip, helo = w.client_of(c)
            self.st.add(t, ip, helo, None if null else c.addr, [to_user], "ham", group, finish(hdr, body))

        for _ in range(60):
            u = rng.choice(w.users)
            one(worktime(rng), u.addr, fill(rng, rng.choice(SUBJ_P)), self.gid("autoreply"))
        # HR's interview invitations and sales' mass mail: a burst of auto-replies to one address
        for who, subj, n in ((w.role["zhaopin"], "华芯电子面试邀请", 12), (w.role["sales"], "华芯电子新品推介：XH系列电源模块", 18), (rng.choice(w.users).addr, "关于2026年供应商大会的邀请", 9)):
            g = self.gid("autoreply")
            t0 = worktime(rng, evening=0)
            for _ in range(n):
                one(t0 + rng.randint(5, 7200), who, subj, g)

    def bounces(self):
        """Non-delivery reports with the returned message: sporadic ones, and bursts after a site mass mail."""
        rng, w = self.rng, self.w

        def returned(u_addr, u_name, subj, text, t):
            body = text_part(text, "gbk", "base64")
            hdr = [("Date", date_hdr(t)), ("From", addr_hdr(u_name, u_addr)), ("To", "customer@example.cn"), ("Subject", ew(subj, "gbk")), ("Message-ID", msgid(rng, SITE, "coremail"))]
            return finish(hdr, body)

        def dsn(t, to_addr, orig, rcpt_bad, group):
            kind = rng.choice(("postfix", "exchange", "qq", "163", "coremail", "exim"))
            if kind == "postfix":
                mta, ip, helo = "mail." + rcpt_bad.split("@")[1], None, None
                txt = ("This is the mail system at host %s.\n\nI'm sorry to have to inform you that your message could not\nbe delivered to one or more recipients. It's attached below.\n\n"
                       "For further assistance, please send mail to postmaster.\n\nIf you do so, please include this problem report. You can\ndelete your own text from the attached returned message.\n\n"
                       "                   The mail system\n\n<%s>: host %s said: 550 5.1.1 <%s>: Recipient address rejected: User unknown in virtual mailbox table (in reply to RCPT TO command)" % (mta, rcpt_bad, mta, rcpt_bad))
                frm = "MAILER-DAEMON@" + mta
                subj = "Undelivered Mail Returned to Sender"
            elif kind == "exchange":
                txt = ("无法将邮件传递到以下收件人或组:\n\n%s\n找不到电子邮件地址 %s。请检查收件人的电子邮件地址，然后尝试重新发送邮件。如果问题仍然存在，请联系你的电子邮件管理员。\n\n"
                       "要获取电子邮件管理员的诊断信息:\n\n生成服务器: %s\nRemote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'" % (rcpt_bad, rcpt_bad, "HK0PR01MB%04d.apcprd01.prod.exchangelabs.com" % rng.randint(1000, 9999)))
                frm = "postmaster@" + rcpt_bad.split("@")[1]
                subj = "无法传递: " + orig[1]
            elif kind == "qq":
                txt = ("很抱歉您发送的邮件被退回，以下是该邮件的相关信息：\n\n被退回的邮件：\n主题：%s\n时间：%s\n收件人：%s\n\n退信原因：\n收件人邮箱地址不存在。请检查收件人的邮箱地址是否正确。\n\n此邮件为系统自动发送，请勿回复。" % (orig[1], cn_date(t, "qq"), rcpt_bad))
                frm = "MAILER-DAEMON@qq.com"
                subj = "退信：" + orig[1]
            elif kind == "163":
                txt = ("系统退信\n\n您发送到 %s 的邮件被退回。\n退信原因：对方邮箱不存在或已被停用 (550 User not found)\n\n发件人：%s\n主题：%s\n\n建议：请核实收件人邮箱地址后重新发送。" % (rcpt_bad, to_addr, orig[1]))
                frm = "postmaster@163.com"
                subj = "系统退信"
            elif kind == "coremail":
                txt = ("您好，您发送的邮件未能成功投递。\n\n收件人：%s\n退信原因：552 Mailbox quota exceeded，收件人邮箱已满。\n\n-----原始邮件信息-----\n主题：%s" % (rcpt_bad, orig[1]))
                frm = "postmaster@" + rcpt_bad.split("@")[1]
                subj = "退信通知：" + orig[1]
            else:
                txt = ("This message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its\nrecipients. This is a permanent error. The following address(es) failed:\n\n  %s\n    host %s [%s]\n    SMTP error from remote mail server after RCPT TO:<%s>:\n    550 No such user here" % (rcpt_bad, "mx." + rcpt_bad.split("@")[1], "%s.%d" % (rand_pub_net(rng), rng.randint(2, 250)), rcpt_bad))
                frm = "Mail Delivery System <Mailer-Daemon@%s>" % ("mx." + rcpt_bad.split("@")[1])
                subj = "Mail delivery failed: returning message to sender"
            rep = Part(['Content-Type: message/delivery-status'], ("Reporting-MTA: dns; mx.%s\r\n\r\nFinal-Recipient: rfc822; %s\r\nAction: failed\r\nStatus: 5.1.1\r\n" % (rcpt_bad.split("@")[1], rcpt_bad)).encode())
            top = multipart("report; report-type=delivery-status", [text_part(txt, "utf-8", rng.choice(("8bit", "base64"))), rep, rfc822_part(orig[0])], rng)
            hdr = [("Date", date_hdr(t)), ("From", frm), ("To", to_addr), ("Subject", ew(subj, "utf-8")), ("Message-ID", msgid(rng, "mx." + rcpt_bad.split("@")[1])), ("Auto-Submitted", "auto-replied")]
            if kind in ("qq", "163"):
                ip = pick_ip(rng, PROVIDERS[kind][0])
                helo = helo_for(rng, kind, ip)
            elif kind == "exchange":
                ip = pick_ip(rng, PROVIDERS["m365"][0])
                helo = helo_for(rng, "m365", ip)
            else:
                ip = "%s.%d" % (rand_pub_net(rng), rng.randint(2, 250))
                helo = "mx." + rcpt_bad.split("@")[1]
            self.st.add(t, ip, helo, None, [to_addr], "ham", group, finish(hdr, top))

        for _ in range(50):
            u = rng.choice(w.users)
            t = worktime(rng)
            c = Contact()
            c.person, c.addr, c.mua, c.org, c.mobile_share = u, u.addr, "coremail", None, 0
            subj = fill(rng, rng.choice(SUBJ_P))
            orig = (returned(u.addr, u.name, subj, w.letter_text(c, Person(rng).honor, 80, 600), t - 30), subj)
            bad = "%s@%s" % (Person(rng).local(rng), rng.choice(w.orgs).domain)
            dsn(t, u.addr, orig, bad, self.gid("bounce"))
        # a site mass mail: the same letter comes back from many receivers
        for who, subj, n in ((w.role["sales"], "华芯电子新品推介：XH系列电源模块", 22), (w.role["market"], "邀请函：2026华芯电子技术研讨会（杭州）", 16)):
            g = self.gid("bounce")
            t0 = worktime(rng, evening=0)
            text = ("尊敬的客户：\n\n您好！感谢您一直以来对%s的支持与信任。\n\n" % SITE_CN) + w.docs.text(400, 900) + "\n\n" + \
                   "如您对我们的产品感兴趣，欢迎联系我们的销售团队获取样品和报价。\n\n%s 市场部\n电话：0571-86880000\n网址：www.%s" % (SITE_CN, SITE)
            orig = (returned(who, "华芯电子", subj, text, t0), subj)
            for _ in range(n):
                bad = "%s@%s" % (Person(rng).local(rng), rng.choice([o.domain for o in w.orgs] + ["qq.com", "163.com", "126.com", "sina.com"]))
                dsn(t0 + rng.randint(20, 10800), who, orig, bad, g)

    def forwards(self):
        """Official documents forwarded by several outside people to site staff."""
        rng, w = self.rng, self.w
        titles = ["关于做好2026年安全生产月活动的通知", "关于开展企业研发费用加计扣除政策宣讲的通知", "关于申报2026年度省级专精特新中小企业的通知",
                  "关于进一步加强园区消防安全管理的通知", "关于组织参加2026中国国际电子元器件博览会的函", "关于2026年度高新技术企业认定工作的通知",
                  "关于开展出口管制合规培训的通知", "关于调整2026年度社会保险缴费基数的通知"]
        for title in titles:
            g = self.gid("forward")
            issuer = rng.choice(["杭州市经济和信息化局", "滨江区安全生产委员会办公室", "浙江省科学技术厅", "杭州高新区管委会", "中国电子元件行业协会", "杭州市人力资源和社会保障局"])
            doc = "%s\n\n各有关单位：\n\n%s\n\n%s\n\n附件：1.%s申报表\n      2.联系人及联系方式\n\n%s\n2026年5月%d日" % (
                title, w.docs.text(300, 700), w.docs.text(300, 900), title[2:10], issuer, rng.randint(10, 31))
            t = worktime(rng)
            for _ in range(rng.choice((1, 1, 2, 2, 3, 3, 4, 5))):
                c = rng.choice(w.indiv) if rng.random() < 0.35 else rng.choice(rng.choice(w.orgs).people)
                rc = [u.addr for u in rng.sample(w.users, rng.choice((1, 1, 2, 3)))]
                note = rng.choice(["转发给您，请查阅。", "各位领导好，转发园区通知，请贵司按要求报送。", "您好，这个文件您看一下，跟我们上次聊的有关。", "FYI", "请知悉，有问题随时联系。",
                                   "转给贵司参考，截止日期比较紧，请抓紧准备。"])
                body = note + "\n\n" + w.signature(c) + "\n\n" + quote_block(c.mua, issuer, "office@gov.example.cn", t - 86400, [("各有关单位", "all@gov.example.cn")], [], title, doc)
                att = [bin_part(rng, "application/pdf", title[:20] + ".pdf", rng.randint(100000, 500000))] if rng.random() < 0.6 else []
                self.sendas(c, t, rc, "转发：" + title, body, g, ", ".join(rc), None, att)
                t += rng.randint(1800, 2 * 86400)

    def broadcasts(self):
        """A partner's announcement to all its contacts at the site (Bcc, or one by one by mail merge), and one person's
        mail merge from a big provider."""
        rng, w = self.rng, self.w
        for k in range(22):
            o = rng.choice(w.orgs)
            c = rng.choice(o.people)
            g = self.gid("bcast")
            subj, txt = rng.choice([
                ("%s端午节放假通知" % o.cn, "尊敬的客户及合作伙伴：\n\n根据国家法定节假日安排，%s端午节放假时间为6月19日至6月21日，6月22日正常上班。放假期间如有紧急事宜，请联系值班人员：%s %s。\n\n" % (o.cn, c.person.name, c.person.mobile)),
                ("关于%s办公地址变更的通知" % o.cn, "尊敬的客户：\n\n因公司业务发展需要，%s自2026年6月15日起搬迁至新址办公：%s。公司电话、传真及银行账户信息保持不变。\n\n" % (o.cn, o.addrline)),
                ("%s产品价格调整通知" % o.cn, "尊敬的客户：\n\n受原材料价格持续上涨影响，经公司研究决定，自2026年7月1日起对部分产品价格进行调整，具体调整幅度请咨询对应的业务人员。\n\n"),
                ("邀请函：%s新品发布会" % o.cn, "尊敬的合作伙伴：\n\n%s诚挚邀请您参加于6月%d日在%s举行的新品发布会。\n\n" % (o.cn, rng.randint(16, 30), o.place[0])),
            ])
            txt += w.docs.text(100, 500) + "\n\n特此通知，敬请谅解！\n\n" + o.cn + "\n2026年6月"
            if o.discl:
                txt += "\n\n" + o.discl
            rc = [u.addr for u in rng.sample(w.users, rng.randint(3, 14))]
            t = worktime(rng, evening=0)
            if rng.random() < 0.55:
                self.sendas(c, t, rc, subj, txt, g, "undisclosed-recipients:;")
            else:
                for r in rc:
                    self.sendas(c, t, [r], subj, txt, g, r)
                    t += rng.randint(10, 240)
        # one person at a big provider mails the same letter to many site users, one by one
        for prov_mua, subj in (("163", "邀请参加“智能传感器前沿技术”学术报告会"), ("qq", "校友会：2026年杭州校友夏季联谊活动报名"), ("gmail", "Invitation: IEEE Hangzhou Section technical seminar / 技术讲座邀请")):
            c = next(x for x in w.indiv if getattr(x, "prov", "") == prov_mua)
            g = self.gid("bcast")
            txt = "%s，您好！\n\n" + w.docs.text(300, 700) + "\n\n报名请回复本邮件，谢谢！\n\n" + c.person.name
            t = worktime(rng, evening=0)
            for u in rng.sample(w.users, rng.randint(18, 30)):
                self.sendas(c, t, [u.addr], subj, txt % u.name, g, u.addr)
                t += rng.randint(20, 200)

    def invites(self):
        """Meeting invitations pasted by outside organizers into their own letters (Tencent Meeting, DingTalk, Teams)."""
        rng, w = self.rng, self.w
        for _ in range(45):
            c = rng.choice(rng.choice(w.orgs).people) if rng.random() < 0.8 else rng.choice(w.indiv)
            rc = [u.addr for u in rng.sample(w.users, rng.choice((1, 2, 3, 4, 6)))]
            topic = fill(rng, rng.choice(SUBJ_P))
            t = worktime(rng, evening=0)
            d = T0 + datetime.timedelta(seconds=t + rng.randint(1, 4) * 86400)
            kind = rng.choice(("tencent", "tencent", "tencent", "dingtalk", "teams"))
            if kind == "tencent":
                mid = "%03d-%03d-%03d" % (rng.randint(100, 999), rng.randint(0, 999), rng.randint(0, 999))
                inv = ("%s 邀请您参加腾讯会议\n会议主题：%s\n会议时间：%s %02d:00-%02d:00 (GMT+08:00) 中国标准时间 - 北京\n\n点击链接入会，或添加至会议列表：\nhttps://meeting.tencent.com/dm/%s\n\n"
                       "#腾讯会议：%s\n%s\n手机一键拨号入会\n+8675536550000,,%s# (中国大陆)\n+85230018898,,,2,,%s# (中国香港)\n\n根据您的位置拨号\n+8675536550000 (中国大陆)\n+85230018898 (中国香港)\n\n"
                       "复制该信息，打开手机腾讯会议即可参与" % (c.person.name, topic, d.strftime("%Y/%m/%d"), d.hour, d.hour + 1, "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789") for _ in range(12)),
                                                      mid, "会议密码：%04d\n" % rng.randint(0, 9999) if rng.random() < 0.5 else "", mid.replace("-", ""), mid.replace("-", "")))
            elif kind == "dingtalk":
                inv = ("%s邀请你参加视频会议\n会议主题：%s\n开始时间：%s %02d:30\n入会链接：https://meeting.dingtalk.com/j/%s\n会议号：%d\n\n在钉钉中点击链接即可入会" % (
                    c.person.name, topic, d.strftime("%m月%d日"), d.hour, "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(10)), rng.randint(10 ** 8, 10 ** 9)))
            else:
                inv = ("________________________________________________________________________________\nMicrosoft Teams 会议\n在计算机、移动应用或会议室设备上加入\n单击此处加入会议<https://teams.microsoft.com/l/meetup-join/19%%3ameeting_%s>\n会议 ID: %d %d %d\n密码: %s\n"
                       "下载 Teams<https://www.microsoft.com/microsoft-teams/download-app> | 在网页上加入<https://www.microsoft.com/microsoft-teams/join-a-meeting>\n了解详细信息<https://aka.ms/JoinTeamsMeeting> | 会议选项<https://teams.microsoft.com/meetingOptions/>\n"
                       "________________________________________________________________________________" % (base64.b64encode(rng.randbytes(24)).decode(), rng.randint(100, 999), rng.randint(100, 999), rng.randint(100, 999), "".join(rng.choice("abcdefghijkmnpqrstuvwxyz23456789") for _ in range(6))))
            head = rng.choice(["各位好，\n\n", "您好，\n\n", "", "%s，\n\n" % rng.choice(w.users).honor]) + rng.choice(["", "约个会议讨论一下%s，请准时参加。\n\n" % topic, "会议信息如下：\n\n", "请大家准时参加，谢谢！\n\n"])
            txt = head + inv + "\n\n" + w.signature(c) + (("\n\n" + c.org.discl) if c.org is not None and c.org.discl else "")
            self.sendas(c, t, rc, "会议邀请：" + topic, txt, self.gid("invite"), ", ".join(rc), None)

    def applications(self):
        """Job applications to the site's HR in graduation season; a share written on the same model letters found online."""
        rng, w = self.rng, self.w
        models = [
            "尊敬的HR您好！\n\n我是{school}{major}专业的2026届应届毕业生{name}，从{src}上看到贵公司招聘{job}的信息，非常希望能加入贵公司。在校期间，我系统学习了专业知识，"
            "成绩优良，并多次获得奖学金。我性格开朗，具有较强的学习能力和团队合作精神，能够吃苦耐劳。附件是我的个人简历，希望能有机会参加面试，期待您的回复！\n\n此致\n敬礼！\n\n求职人：{name}\n联系电话：{tel}",
            "您好！\n\n感谢您在百忙之中阅读我的求职信。我叫{name}，毕业于{school}{major}专业。得知贵公司正在招聘{job}，我怀着十分激动的心情写下这封信。我熟悉相关专业知识，"
            "有较强的动手能力，在校期间参与过多个项目实践。如能得到贵公司的青睐，我一定会尽心尽力做好本职工作。随信附上个人简历，恳请您给我一个面试的机会。\n\n{name}\n{tel}",
        ]
        schools = ["浙江大学", "杭州电子科技大学", "浙江工业大学", "宁波大学", "中国计量大学", "浙江理工大学", "南京理工大学", "合肥工业大学", "江南大学", "温州大学"]
        majors = ["电子信息工程", "通信工程", "自动化", "计算机科学与技术", "微电子", "电气工程及其自动化", "会计学", "市场营销"]
        jobs = ["硬件工程师", "嵌入式软件工程师", "测试工程师", "销售助理", "会计", "采购专员"]
        g = self.gid("apply")
        for _ in range(75):
            c = rng.choice(w.indiv)
            p = c.person
            kw = dict(school=rng.choice(schools), major=rng.choice(majors), name=p.name, src=rng.choice(("智联招聘", "前程无忧", "BOSS直聘", "学校就业网", "贵公司官网")),
                      job=rng.choice(jobs), tel=p.mobile)
            if rng.random() < 0.35:
                txt = rng.choice(models).format(**kw)
            else:
                txt = "HR您好，\n\n我是%s，%s%s专业。%s\n\n%s\n\n简历见附件，谢谢！\n%s %s" % (p.name, kw["school"], kw["major"], rng.choice(["应聘贵公司" + kw["job"] + "岗位。", "想申请贵司的" + kw["job"] + "职位。"]),
                                                                      w.docs.text(60, 400), p.name, p.mobile)
            att = [bin_part(rng, rng.choice(("application/pdf", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")), "%s-%s-简历%s" % (p.name, kw["job"], rng.choice((".pdf", ".docx"))), rng.randint(60000, 500000))]
            self.sendas(c, worktime(rng, evening=0.35), [w.role["zhaopin"] if rng.random() < 0.6 else w.role["hr"]], "应聘%s-%s-%s" % (kw["job"], p.name, kw["school"]), txt, g, w.role["zhaopin"], None, att)

    # ------------------------------------------------------------ spam

    def spam(self, total):
        rng, w = self.rng, self.w
        fort = self.w.fort
        made = 0

        def spin(s):
            while True:
                m = re.search(r"\{([^{}]*\|[^{}]*)\}", s)
                if not m:
                    return s
                s = s[:m.start()] + rng.choice(m.group(1).split("|")) + s[m.end():]

        def phone():
            return "1%d%d%s" % (rng.choice((3, 5, 8, 9)), rng.randint(0, 9), "".join(str(rng.randint(0, 9)) for _ in range(8)))

        def garnish(s, level):
            """Insert symbols or spaces between characters, as Chinese spam does."""
            if level == 0:
                return s
            sym = rng.choice(["★", "☆", "◆", " ", "※", "·", "♀", "〓"])
            out = []
            for ch in s:
                out.append(ch)
                if "\u4e00" <= ch <= "\u9fff" and rng.random() < 0.25 * level:
                    out.append(sym)
            return "".join(out)

        def filler(n):
            kind = rng.random()
            if kind < 0.5:
                return "\n".join(rng.choice(fort) for _ in range(n))
            ws = w.words.get("n", []) + w.words.get("v", [])
            return "".join(rng.choice(ws) for _ in range(n * 25))

        FAPIAO = ("{您好|你好|老板您好|尊敬的{财务|负责人|经理}}！\n\n本公司{长期|常年|专业}{代开|代理开具}{全国各地|本地及外地}{增值税专用发票|增值税普通发票|各类正规发票}，{票点低|点数优惠|价格从优}，"
                  "{可验证后付款|可先查验后付款|网上可查验真伪}。\n{开票范围|业务范围}：{建筑安装、运输、广告、服务、餐饮、住宿、材料、设备|办公用品、劳务、咨询、工程、会议、培训、钢材、电子产品}等。\n\n"
                  "联系人：{name}  {电话|手机|热线}：{phone}（{微信同号|可加微信}）\nQ Q：{qq}\n\n{诚信经营，欢迎来电咨询！|此信息长期有效，敬请保留！|如有打扰，敬请谅解！}")
        TRAIN = ("{尊敬的|}{name}{经理|总|老师}：\n\n【{课程|公开课}】{《卓越中层管理者领导力提升》|《非财务经理的财务管理》|《销售精英实战特训营》|《精益生产与现场管理》}\n\n"
                 "【时间地点】2026年{6|7}月{d}-{d2}日 {上海|深圳|杭州|苏州|北京}\n【课程费用】{3800|4200|4800|5600}元/人（含教材、午餐、茶点、证书）\n【参加对象】{企业总经理、部门经理、中层管理人员|财务总监、销售经理、生产主管}\n\n"
                 "【课程背景】\n{body}\n\n【报名咨询】{name2} {phone}  {0755|021|0571}-{tel}\n\n（如不需要此类信息，请回复“TD”退订）")
        SEO = ("{外贸企业|工厂老板|做外贸的朋友}{您好|请注意}：\n\n{还在为找客户发愁吗？|询盘少、订单少怎么办？|海关数据帮您精准开发客户！}\n\n{我们提供|本公司专业提供}：\n"
               "1、{全球海关数据查询|全球买家数据}，覆盖{200多个国家|180个国家和地区}\n2、{谷歌SEO优化|独立站建设}，{关键词排名首页|精准询盘}\n3、{邮件营销|社媒引流}，{日发百万|高到达率}\n\n"
               "{免费试用三天！|现在咨询送海关数据试用！}联系{微信|电话}：{phone}  {name}")
        LOAN = ("{急用钱？|资金周转困难？|企业经营贷款}\n\n{无抵押|免抵押}{信用贷款|经营贷}，{最高|额度}{50|100|200|300}万，{当天放款|最快2小时到账}，月息低至{0.3|0.35|0.4}%。\n"
                "{房产抵押|车辆抵押|公积金|社保|保单}均可办理。\n{咨询热线|联系电话}：{phone}（{name}）")
        STOCK = ("{您好|老股民朋友您好}！\n\n{明日|下周}{必涨|有望翻倍|重点关注}的{黑马股|牛股}已{出炉|锁定}！{资深|十年}操盘手{name}{老师|}每日免费分享{内参|涨停板预测}。\n"
                 "{添加|加入}{微信|QQ群}：{qq}，{免费领取|即可获取}{三只|五只}{金股|潜力股}。\n\n{股市有风险，投资需谨慎。|}")
        BANZHENG = ("{办理|代办}{各类证件|毕业证、学位证、资格证|驾驶证、身份证|职称证书}，{网上可查|学信网可查|真实有效}，{保过|快速}拿证。\n{联系人|咨询}：{name} {phone}\n"
                    "{另有|同时}{代办社保|代缴公积金|工商注册|代理记账|商标注册}业务。")
        GAMBLE = ("{澳门|威尼斯人|金沙|葡京}{官方|线上}{娱乐城|棋牌}{开业大酬宾|新用户福利}，{注册即送|首充送}{88|188|288}元，{日返水|每日返利}{1.2|1.5}%。\n{网址|地址}：{url}")
        PHISH_MB = ("{尊敬的用户|亲爱的用户|各位同事}：\n\n{您的邮箱|您的企业邮箱账号}{即将到期|存储空间已满|存在安全风险|需要进行年度验证}，{为避免邮箱停用|为保障您的正常使用|根据信息安全管理要求}，"
                    "请{在24小时内|于今日内|尽快}点击下方链接{完成验证|进行升级|重新登录}：\n\n{url}\n\n{逾期未验证的账号将被冻结|过期将无法收发邮件|如未按时完成将影响您的正常办公}。\n\n{系统管理员|信息技术部|邮件中心}\n{date}")
        PHISH_SUB = ("{关于发放|关于申领}2026年{上半年|第二季度}{个人劳动补贴|企业员工补贴|高温补贴|个税补贴}的通知\n\n{各位同事|全体员工}：\n\n"
                     "根据{财政部|人社部|国务院}{最新|2026年}文件精神，{符合条件的员工|全体在职员工}可申领{补贴|补助}{1600|2600|3600}元，请于{date}前扫描附件中的二维码{完成登记|进行申领}，逾期{视为自动放弃|不予办理}。\n\n{财务部|人力资源部}")
        PHISH_TAX = ("{尊敬的纳税人|您好}：\n\n{税务局|国家税务总局}{电子发票服务平台|电子税务局}已为您{开具|推送}电子发票{（{n}张）|}，请{点击下载|及时查收}：{url}\n\n{下载密码|提取码}：{code}\n\n"
                     "{国家税务总局|电子税务局}")
        EXPO = ("{尊敬的企业负责人|您好}：\n\n{2026第{n}届|2026}{中国（深圳）国际电子展|长三角智能制造博览会|全球跨境电商交易会}将于{7|8|9}月{d}日在{深圳|上海|杭州}隆重举行，{现诚邀贵司参展|展位火热预订中}。\n\n"
                "{body}\n\n{标准展位|特装展位}{9800|12800}元/个，{早鸟优惠|提前预订}{八折|享优惠}。\n联系人：{name} {phone}")
        ENG = ("Dear {friend|customer|sir},\n\n{We are a professional manufacturer of|Our factory produces} {LED lights|PCB boards|packaging boxes|CNC parts} with {competitive price|best quality}. "
               "{Please check our catalog|Samples are available}.\n\n{Best regards|Regards},\n{name}\nWhatsApp: +86 {phone}")
        fams = [("fapiao", FAPIAO, 13), ("train", TRAIN, 5), ("seo", SEO, 5), ("loan", LOAN, 3), ("stock", STOCK, 3), ("banzheng", BANZHENG, 3),
                ("gamble", GAMBLE, 3), ("phish-mailbox", PHISH_MB, 4), ("phish-subsidy", PHISH_SUB, 3), ("phish-tax", PHISH_TAX, 2), ("expo", EXPO, 2), ("english", ENG, 3)]
        campaigns = []
        for fam, tmpl, nc in fams:
            for _ in range(nc):
                campaigns.append((fam, tmpl))
        single_n = int(total * 0.07)
        per = (total - single_n) / len(campaigns)

        for fam, tmpl in campaigns:
            gid = self.gid("campaign")
            size = max(10, int(rng.lognormvariate(-0.18, 0.6) * per))
            mode = rng.choice(("botnet", "botnet", "snowshoe", "compromised")) if fam not in ("train", "expo") else "snowshoe"
            if fam.startswith("phish-subsidy"):
                mode = "compromised"
            t0 = anytime(rng, 0, DAYS * 86400 - 86400)
            dur = rng.choice((3 * 3600, 12 * 3600, 86400, 3 * 86400))
            targets = rng.sample(w.users, rng.randint(60, 400))
            garn = rng.choice((0, 0, 1, 2))
            fillp = rng.choice((0, 0.5, 1.0))
            image = fam in ("gamble", "phish-subsidy") or rng.random() < 0.15
            hidden = rng.random() < 0.3
            subj_base = {"fapiao": "{代开发票|开票|发票代开|有票}{{name}|}", "train": "{课程|公开课}：{《卓越中层管理者领导力提升》|《销售精英实战特训营》|《精益生产》}",
                         "seo": "{外贸客户开发|海关数据|询盘太少？}", "loan": "{企业贷款|资金周转}", "stock": "{明日金股|牛股推荐}", "banzheng": "{办证|证件办理}",
                         "gamble": "{注册送{88|188}|澳门娱乐}", "phish-mailbox": "{【重要】邮箱升级通知|您的邮箱即将停用|系统通知：账号验证}",
                         "phish-subsidy": "关于2026年{个人劳动补贴|员工补贴}申领的通知", "phish-tax": "{电子发票|税务通知}【{n}】", "expo": "{参展邀请|展会邀请函}",
                         "english": "{Inquiry|Quotation|New products} {from China|catalog}"}[fam]
            self.truth.append((gid, fam, mode, size, garn, fillp, int(image), int(hidden)))
            snow = [rand_pub_net(rng) for _ in range(rng.randint(2, 4))]
            snow_doms = ["%s%s.%s" % (rng.choice(("hx", "zx", "yd", "jt", "qc", "mk", "sl")), "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 6))), rng.choice(("com", "cn", "net", "top", "xyz", "com.cn"))) for _ in range(rng.randint(5, 25))]
            comp_orgs = [w.company() for _ in range(40)]
            url_dom = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(5, 10))) + rng.choice((".com", ".top", ".xyz", ".cn", ".cc"))
            fixed_body = w.fort and "\n\n".join(rng.choice(fort) for _ in range(3))
            sent = 0
            while sent < size:
                t = t0 + int(rng.random() ** 1.5 * dur)
                rc = rng.sample(targets, rng.choice((1, 1, 1, 2, 3, 5)))
                nm = Person(rng).name
                vals = dict(name=nm, name2=Person(rng).name, phone=phone(), qq=rng.randint(10 ** 7, 3 * 10 ** 9), d=rng.randint(1, 25), d2=rng.randint(26, 28), tel=rng.randint(20000000, 89999999),
                            url="http://%s.%s/%s" % ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(rng.randint(3, 8))), url_dom, "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(rng.randint(4, 12)))),
                            date="2026年6月%d日" % rng.randint(1, 14), n=rng.randint(1, 99), code="%04d" % rng.randint(0, 9999), friend="friend", body=fixed_body)
                s = spin(tmpl)
                for k, v in vals.items():
                    s = s.replace("{%s}" % k, str(v))
                s = spin(s)
                s = garnish(s, garn)
                if rng.random() < fillp:
                    s += "\n\n" + ("\n" * rng.randint(3, 12)) + filler(rng.randint(1, 4))
                subj = spin(subj_base)
                for k, v in vals.items():
                    subj = subj.replace("{%s}" % k, str(v))
                subj = spin(subj)
                if rng.random() < 0.4:
                    subj += rng.choice([" ", "-", "", "_"]) + rng.choice(["".join(rng.choice(w.words.get("n", ["的"])) for _ in range(rng.randint(1, 3))), str(rng.randint(100, 99999)), Person(rng).name])
                cs = rng.choice(("gb2312", "gbk", "utf-8", "gb18030", "big5" if rng.random() < 0.1 else "utf-8"))
                if fam == "english":
                    cs = "utf-8"
                cte = rng.choice(("base64", "base64", "quoted-printable", "8bit"))
                parts = []
                if image:
                    cid = "%x@img" % rng.getrandbits(40)
                    short = s.split("\n")[0][:40] if rng.random() < 0.6 else ""
                    hid = ("<div style='display:none'>%s</div>" % html.escape(filler(2))) if hidden else ""
                    htm = "<html><body><p>%s</p><a href='%s'><img src='cid:%s' width=600></a>%s</body></html>" % (html.escape(short), vals["url"], cid, hid)
                    alt = multipart("related", [text_part(htm, cs, "base64", "html"), bin_part(rng, "image/jpeg" if rng.random() < 0.5 else "image/png", "%d.jpg" % rng.randint(1, 9999), rng.randint(20000, 90000), cid=cid, inline=True)], rng)
                    top = alt
                elif rng.random() < 0.5:
                    htm = "<html><body>" + "".join("<p>%s</p>" % html.escape(l) for l in s.split("\n") if l)
                    if hidden:
                        htm += "<div style='font-size:0px;color:#ffffff'>%s</div>" % html.escape(filler(2))
                    htm += "</body></html>"
                    top = multipart("alternative", [text_part(s, cs, cte), text_part(htm, cs, "base64", "html")], rng) if rng.random() < 0.6 else text_part(htm, cs, cte, "html")
                else:
                    top = text_part(s, cs, cte)
                if fam == "phish-tax" and rng.random() < 0.5:
                    top = multipart("mixed", [top, bin_part(rng, "application/zip", "电子发票%d.zip" % rng.randint(1, 999), rng.randint(30000, 90000))], rng)
                # who sends it
                if mode == "botnet":
                    ip = "%s.%d" % (rand_pub_net(rng), rng.randint(2, 250))
                    fromdom = rng.choice(("qq.com", "163.com", "126.com", "sina.com", "yahoo.com.tw", "hotmail.com", SITE,
                                          "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(4, 9))) + rng.choice((".com", ".cn", ".net", ".com.cn"))))
                    local = rng.choice(("%d" % rng.randint(10 ** 5, 10 ** 10), Person(rng).local(rng), "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(4, 10)))))
                    helo = rng.choice((ip, "[%s]" % ip, "User", "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(8)), "win-%x" % rng.getrandbits(24), "localhost"))
                    if fam.startswith("phish-mailbox") and rng.random() < 0.5:
                        fromdom, local = SITE, rng.choice(("admin", "postmaster", "system", "it-support"))
                elif mode == "snowshoe":
                    net = rng.choice(snow)
                    ip = "%s.%d" % (net, rng.randint(2, 250))
                    fromdom = rng.choice(snow_doms)
                    local = rng.choice(("info", "service", "kefu", "hr", Person(rng).local(rng)))
                    helo = "mail." + fromdom
                else:  # compromised accounts at hosted providers
                    prov = rng.choice(("exmail", "qiye163", "aliyun", "qq", "163", "m365"))
                    ip = pick_ip(rng, PROVIDERS[prov][0])
                    helo = helo_for(rng, prov, ip)
                    if prov in ("qq", "163"):
                        fromdom = "qq.com" if prov == "qq" else "163.com"
                        local = str(rng.randint(10 ** 5, 10 ** 10)) if prov == "qq" else Person(rng).local(rng)
                    else:
                        cn, en, fromdom, tw, place = rng.choice(comp_orgs)
                        local = Person(rng).local(rng)
                frm_addr = "%s@%s" % (local, fromdom)
                disp = rng.choice(("", nm, "财务部", "系统管理员", "客服中心", "人力资源部")) if fam.startswith("phish") else rng.choice(("", nm, local))
                hdr = [("Date", date_hdr(t + rng.randint(-7200, 600))), ("From", addr_hdr(disp, frm_addr, cs)), ("To", rc[0].addr if len(rc) == 1 or rng.random() < 0.5 else "undisclosed-recipients:;"),
                       ("Subject", ew(subj, cs, q=rng.random() < 0.2)), ("Message-ID", "<%x.%x@%s>" % (rng.getrandbits(48), rng.getrandbits(24), fromdom))]
                if rng.random() < 0.3:
                    hdr.append(("X-Mailer", rng.choice(("Foxmail 7, 2, 5, 140[cn]", "Microsoft Outlook Express 6.00.2900.5512", "Microsoft Office Outlook 12.0", "Mail.ru"))))
                env = frm_addr if rng.random() < 0.85 else "%s@%s" % ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(7)), fromdom)
                self.st.add(t, ip, helo, env, [u.addr for u in rc], "spam", gid, finish(hdr, top))
                sent += 1
                made += 1
        # one-off spam
        g = "single:1"
        for _ in range(single_n):
            fam, tmpl = rng.choice(campaigns)
            s = spin(tmpl)
            for k, v in dict(name=Person(rng).name, name2=Person(rng).name, phone=phone(), qq=rng.randint(10 ** 7, 3 * 10 ** 9), d=3, d2=27, tel=rng.randint(20000000, 89999999), url="http://%x.top/" % rng.getrandbits(24),
                             date="2026年6月9日", n=7, code="1234", friend="friend", body=w.docs.text(100, 300)).items():
                s = s.replace("{%s}" % k, str(v))
            s = spin(s) + "\n\n" + filler(rng.randint(0, 3))
            ip = "%s.%d" % (rand_pub_net(rng), rng.randint(2, 250))
            fd = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6)) + ".com"
            u = rng.choice(w.users)
            cs = rng.choice(("gb2312", "utf-8", "gbk"))
            hdr = [("Date", date_hdr(0)), ("From", "%s@%s" % ("sales", fd)), ("To", u.addr), ("Subject", ew(s.split("\n")[0][:30], cs)), ("Message-ID", "<%x@%s>" % (rng.getrandbits(48), fd))]
            self.st.add(anytime(rng), ip, ip, "sales@" + fd, [u.addr], "spam", "single:%d" % rng.randint(1, 1), finish(hdr, text_part(s, cs, "base64")))
            made += 1
        return made


def main():
    opts, args = getopt.getopt(sys.argv[1:], "s:")
    seed = 1
    for k, v in opts:
        if k == "-s":
            seed = int(v)
    if len(args) != 1:
        sys.exit("usage: gen.py [-s SEED] OUTDIR")
    rng = random.Random(seed)
    docs = load_docs(["/usr/share/debian-reference/*.zh-cn.html", "/usr/share/doc/debian/FAQ/zh-cn/*.html",
                      "/usr/share/doc/debian-edu-doc-zh-cn/*bookworm*.html", "/usr/share/doc/maint-guide-zh-cn/html/*.html",
                      "/usr/share/libreoffice/help/zh-CN/text/**/*.html"])
    docs_tw = load_docs(["/usr/share/debian-reference/*.zh-tw.html", "/usr/share/libreoffice/help/zh-TW/text/**/*.html"])
    fort = load_fortunes()
    words = load_words()
    print("prose: %d zh-CN paragraphs, %d zh-TW, %d fortunes" % (len(docs), len(docs_tw), len(fort)), file=sys.stderr)
    w = World(rng, words, docs, docs_tw, fort)
    st = Stream(args[0])
    g = Gen(rng, w, st)
    g.personal(680)
    g.threads(110)
    g.internal(330)
    g.notices()
    g.payslips()
    g.newsletters()
    g.notifications()
    g.lists()
    g.autoreplies()
    g.bounces()
    g.forwards()
    g.broadcasts()
    g.applications()
    g.invites()
    nham = len(st.rows)
    g.spam(4000)
    st.close()
    with open(args[0] + "/campaigns.tsv", "w") as f:
        f.write("group\tfamily\tmode\tsize\tgarnish\tfiller\timage\thidden\n")
        for r in g.truth:
            f.write("\t".join(str(x) for x in r) + "\n")


if __name__ == "__main__":
    main()
