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
"""zhuni.py -- independent site stream: two weeks of inbound mail at the MX of a
mainland-Chinese university (江淮理工大学, jhlg.edu.cn / stu.jhlg.edu.cn).

Written by an outside evaluator (helper-53, 2026-11-28), from general knowledge of Chinese university
mail, without reading the filter's sources or the project's other stream
generators.  Ham: personal letters and reply threads (Outlook, Foxmail, QQ Mail,
Coremail/163, Gmail, iPhone, Thunderbird reply styles), notices from the
university's own systems, lists and alerts, CFPs, meeting invitations,
auto-replies, DSNs, shop/bank/ticket/e-invoice notices, forwarded documents,
submission-system mail.  Spam: campaigns (代开发票, gambling, mailbox-upgrade and
subsidy phishing, 培训, SEO, loans, adult, predatory journals, B2B, English
scams, backscatter) from botnets, snowshoe /24s, compromised edu.cn and
free-mail accounts, with spinning, symbol insertion, hidden filler and images.

Packages used (Debian): python3 (stdlib), python3-jieba (word segmentation for
spam spinning / word salad); Chinese and English prose read from fortunes-zh,
debian-reference-zh-cn, debian-reference-zh-tw (+ its English pages),
debian-faq-zh-cn, debian-edu-doc-zh-cn, maint-guide-zh-cn, gimp-help-zh-cn,
libreoffice-help-zh-cn, libreoffice-help-zh-tw (whichever are installed).

Usage: /usr/bin/python3 tools/xsite/zhuni.py [-s SEED] OUTDIR
Writes OUTDIR/msg/NNNNNN.eml and OUTDIR/stream.tsv
(path t client helo sender rcpts class group). Deterministic for a seed and
the installed packages.
"""
import argparse, base64, datetime, glob, html, os, quopri, re, sys

import random

R = random.Random(1)
BJ = datetime.timezone(datetime.timedelta(hours=8))
START = datetime.datetime(2024, 3, 4, 0, 0, 0, tzinfo=BJ)      # a Monday
SPAN = 14 * 86400
DOM, SDOM, UNI = 'jhlg.edu.cn', 'stu.jhlg.edu.cn', '江淮理工大学'
MX = 'mx1.jhlg.edu.cn'
SITENET = '202.119.216'

# ----------------------------------------------------------------- utilities
def ch(seq): return seq[R.randrange(len(seq))]
def wch(pairs):
    tot = sum(w for _, w in pairs); x = R.uniform(0, tot)
    for v, w in pairs:
        x -= w
        if x <= 0: return v
    return pairs[-1][0]
def hx(n): return '%0*x' % (n, R.getrandbits(4 * n))
def HX(n): return hx(n).upper()
def digits(n): return ''.join(ch('0123456789') for _ in range(n))
def alnum(n, al='abcdefghijklmnopqrstuvwxyz0123456789'): return ''.join(ch(al) for _ in range(n))
def lognorm(mu, sig, lo, hi): return max(lo, min(hi, R.lognormvariate(mu, sig)))
def dt(t): return START + datetime.timedelta(seconds=t)
def rfcdate(t, tz=8):
    d = dt(t).astimezone(datetime.timezone(datetime.timedelta(hours=tz)))
    return d.strftime('%a, %d %b %Y %H:%M:%S ') + ('%+03d00' % tz)
def cdate(t, fmt): return dt(t).strftime(fmt)
WEEK = '一二三四五六日'
def qqdate(t):
    d = dt(t); h = d.hour; ap = '上午' if h < 12 else '下午'; h12 = h if h <= 12 else h - 12
    return '%d年%d月%d日(星期%s) %s%d:%02d' % (d.year, d.month, d.day, WEEK[d.weekday()], ap, h12, d.minute)
def outdate(t):
    d = dt(t); return '%d年%d月%d日 %d:%02d' % (d.year, d.month, d.day, d.hour, d.minute)
def ymd(t): d = dt(t); return '%d年%d月%d日' % (d.year, d.month, d.day)
HOURW = [2, 1, .6, .4, .3, .4, 1, 3, 7, 10, 10, 9, 5, 6, 9, 10, 10, 8, 5, 5, 6, 6, 5, 3]
def ham_time(lo=0, hi=SPAN, office=False):
    hi = max(hi, lo + 1)
    for _ in range(500):
        t = R.uniform(lo, hi); d = int(t // 86400) % 7; h = int(t % 86400 // 3600)
        w = HOURW[h] / 10.0 * (0.45 if d >= 5 else 1.0)
        if office and (d >= 5 or h < 8 or h > 18): w *= 0.08
        if R.random() < w: return int(t)
    return int(lo)

# ----------------------------------------------------------------- corpus
CJK = re.compile(r'[\u4e00-\u9fff]')
def _sents(text, cjk=True):
    out = []
    parts = re.split(r'(?<=[。！？；])', text) if cjk else re.split(r'(?<=[.!?])\s+', text)
    for s in parts:
        s = re.sub(r'\s+', ' ', s).strip()
        if cjk:
            if not (10 <= len(s) <= 140) or len(CJK.findall(s)) < len(s) * 0.5: continue
            if re.search(r'[<>{}\\|$#@_=]|http|/usr|\.\.\.|--', s): continue
        else:
            if not (30 <= len(s) <= 220) or CJK.search(s) or re.search(r'[<>{}\\|$#@_=/]|\(\)', s): continue
            if not s[0].isupper(): continue
        out.append(s)
    return out
def _html(p):
    try: d = open(p, encoding='utf-8', errors='replace').read()
    except OSError: return ''
    d = re.sub(r'(?is)<(script|style|pre|head|table)\b.*?</\1>', ' ', d)
    return html.unescape(re.sub(r'<[^>]+>', '', d))
class Corpus:
    def __init__(self):
        g = lambda pat: sorted(glob.glob(pat, recursive=True))
        self.cn, self.tw, self.en, self.fort, self.poem = [], [], [], [], []
        for p in (g('/usr/share/debian-reference/*.zh-cn.html') + g('/usr/share/doc/debian/FAQ/zh-cn/*.html')
                  + g('/usr/share/doc/debian-edu-doc-zh-cn/*.html') + g('/usr/share/doc/maint-guide-zh-cn/html/*.html')
                  + g('/usr/share/gimp/2.0/help/zh_CN/*.html') + g('/usr/share/libreoffice/help/zh-CN/text/**/*.html')):
            self.cn += _sents(_html(p))
        for p in g('/usr/share/debian-reference/*.zh-tw.html') + g('/usr/share/libreoffice/help/zh-TW/text/s*/**/*.html'):
            self.tw += _sents(_html(p))
        for p in g('/usr/share/debian-reference/*.en.html'):
            self.en += _sents(_html(p), cjk=False)
        for fn, dest in (('chinese', self.fort), ('tang300', self.poem), ('song100', self.poem)):
            try: d = open('/usr/share/games/fortunes/' + fn, encoding='utf-8', errors='replace').read()
            except OSError: continue
            d = re.sub(r'\x1b\[[0-9;]*m', '', d)
            for e in d.split('\n%\n'):
                if re.search('[│─┌└├]', e): continue
                if fn == 'chinese': dest += _sents(e.replace('\n', ''))
                else: dest += [l.strip() for l in e.split('\n') if CJK.search(l) and '作者' not in l and '《' not in l and len(l.strip()) >= 8]
        fb = ['请大家注意查收相关材料。', '具体安排以学校最新通知为准。', '如有疑问请及时与我们联系。', '相关工作正在有序推进中。']
        for a in ('cn', 'tw', 'fort', 'poem'):
            if not getattr(self, a): setattr(self, a, list(fb))
        if not self.en: self.en = ['Please find the attached file for your reference.', 'Let me know if you have any questions.']
        self.fort = [s for s in self.fort if not s.startswith('-')] or fb
    def zh(self, n=1): return ''.join(ch(self.cn) for _ in range(n))
    def zt(self, n=1): return ''.join(ch(self.tw) for _ in range(n))
    def en_(self, n=1): return ' '.join(ch(self.en) for _ in range(n))
C = None

# ----------------------------------------------------------------- names
SURN = [('王', 'wang'), ('李', 'li'), ('张', 'zhang'), ('刘', 'liu'), ('陈', 'chen'), ('杨', 'yang'), ('黄', 'huang'), ('赵', 'zhao'),
        ('吴', 'wu'), ('周', 'zhou'), ('徐', 'xu'), ('孙', 'sun'), ('马', 'ma'), ('朱', 'zhu'), ('胡', 'hu'), ('郭', 'guo'), ('何', 'he'),
        ('高', 'gao'), ('林', 'lin'), ('罗', 'luo'), ('郑', 'zheng'), ('梁', 'liang'), ('谢', 'xie'), ('宋', 'song'), ('唐', 'tang'),
        ('许', 'xu'), ('韩', 'han'), ('冯', 'feng'), ('邓', 'deng'), ('曹', 'cao'), ('彭', 'peng'), ('曾', 'zeng'), ('肖', 'xiao'),
        ('田', 'tian'), ('董', 'dong'), ('袁', 'yuan'), ('潘', 'pan'), ('蒋', 'jiang'), ('蔡', 'cai'), ('余', 'yu'), ('杜', 'du'),
        ('叶', 'ye'), ('程', 'cheng'), ('苏', 'su'), ('魏', 'wei'), ('吕', 'lv'), ('丁', 'ding'), ('任', 'ren'), ('沈', 'shen'),
        ('姚', 'yao'), ('卢', 'lu'), ('姜', 'jiang'), ('崔', 'cui'), ('钟', 'zhong'), ('谭', 'tan'), ('陆', 'lu'), ('汪', 'wang'),
        ('范', 'fan'), ('金', 'jin'), ('石', 'shi'), ('廖', 'liao'), ('贾', 'jia'), ('夏', 'xia'), ('方', 'fang'), ('孟', 'meng'),
        ('熊', 'xiong'), ('秦', 'qin'), ('邱', 'qiu'), ('江', 'jiang'), ('薛', 'xue'), ('段', 'duan'), ('雷', 'lei'), ('侯', 'hou'),
        ('欧阳', 'ouyang'), ('司马', 'sima')]
GIVEN = [('伟', 'wei'), ('芳', 'fang'), ('娜', 'na'), ('敏', 'min'), ('静', 'jing'), ('丽', 'li'), ('强', 'qiang'), ('磊', 'lei'),
         ('军', 'jun'), ('洋', 'yang'), ('勇', 'yong'), ('艳', 'yan'), ('杰', 'jie'), ('娟', 'juan'), ('涛', 'tao'), ('明', 'ming'),
         ('超', 'chao'), ('秀', 'xiu'), ('霞', 'xia'), ('平', 'ping'), ('刚', 'gang'), ('桂', 'gui'), ('文', 'wen'), ('华', 'hua'),
         ('建', 'jian'), ('国', 'guo'), ('志', 'zhi'), ('鹏', 'peng'), ('宇', 'yu'), ('浩', 'hao'), ('晨', 'chen'), ('欣', 'xin'),
         ('怡', 'yi'), ('子', 'zi'), ('涵', 'han'), ('梓', 'zi'), ('轩', 'xuan'), ('博', 'bo'), ('雨', 'yu'), ('思', 'si'), ('佳', 'jia'),
         ('琪', 'qi'), ('婷', 'ting'), ('颖', 'ying'), ('瑞', 'rui'), ('凯', 'kai'), ('晓', 'xiao'), ('海', 'hai'), ('峰', 'feng'),
         ('红', 'hong'), ('玲', 'ling'), ('斌', 'bin'), ('辉', 'hui'), ('俊', 'jun'), ('嘉', 'jia'), ('天', 'tian'), ('一', 'yi'),
         ('家', 'jia'), ('振', 'zhen'), ('宏', 'hong'), ('蕾', 'lei'), ('倩', 'qian'), ('立', 'li'), ('成', 'cheng'), ('新', 'xin')]
def mkname():
    s = ch(SURN) if R.random() < .97 else ch(SURN[-2:])
    g = [ch(GIVEN) for _ in range(1 if R.random() < .35 else 2)]
    return s[0] + ''.join(x[0] for x in g), s[1], ''.join(x[1] for x in g)
EN_FIRST = ['John', 'Michael', 'David', 'Sarah', 'Emily', 'James', 'Anna', 'Thomas', 'Laura', 'Peter', 'Maria', 'Daniel', 'Kenji',
            'Hiroshi', 'Yuki', 'Min-jun', 'Ji-woo', 'Lukas', 'Sophie', 'Marco', 'Elena', 'Raj', 'Priya', 'Ahmed', 'Olga']
EN_LAST = ['Smith', 'Johnson', 'Brown', 'Miller', 'Wilson', 'Taylor', 'Anderson', 'Martin', 'Tanaka', 'Suzuki', 'Kim', 'Park',
           'Müller', 'Schmidt', 'Rossi', 'Garcia', 'Kumar', 'Sharma', 'Hassan', 'Ivanova', 'Nguyen', 'Dubois', 'Lee', 'Wong']

class U:   # a mailbox
    __slots__ = ('name', 'addr', 'prov', 'cli', 'sig', 'lang', 'title', 'w', 'sur', 'given')
    def __init__(self, **k):
        self.sig = []; self.lang = 'zh'; self.title = ''; self.w = 1.0; self.prov = 'site'; self.cli = 'coremail'
        for a, v in k.items(): setattr(self, a, v)

DEPTS = ['计算机科学与技术学院', '机械工程学院', '材料科学与工程学院', '经济管理学院', '外国语学院', '电气与自动化工程学院',
         '化学化工学院', '土木与水利工程学院', '数学学院', '物理学院', '马克思主义学院', '人文与社会科学学院', '资源与环境工程学院']
TITLES = ['教授', '副教授', '讲师', '研究员', '副研究员', '助理研究员', '博士后', '工程师', '高级工程师']
ROLES = {'jwc': '教务处', 'yjsy': '研究生院', 'lib': '图书馆', 'nic': '网络与信息中心', 'xgb': '学生工作部', 'cwc': '财务处',
         'kyc': '科学技术研究院', 'rsc': '人事处', 'xb': '校长办公室', 'bwc': '保卫处', 'gjc': '国际合作与交流处', 'zsb': '招生办公室',
         'jyzx': '就业指导中心', 'tw': '校团委', 'gh': '校工会', 'sysc': '实验室与设备管理处', 'xwb': '党委宣传部'}
STAFF, STUD, ALL = [], [], []
def build_site():
    seen = {}
    def uniq(lp):
        n = seen.get(lp, 0); seen[lp] = n + 1
        return lp if n == 0 else lp + str(n + 1) if R.random() < .6 else lp + digits(2)
    for i in range(1500):
        cn, s, g = mkname()
        st = R.random()
        lp = s + g if st < .55 else (g + '.' + s if st < .65 else (s + ''.join(x[0] for x in [g]) if st < .8 else s + g + digits(2)))
        u = U(name=cn, addr=uniq(lp) + '@' + DOM, title=ch(TITLES), sur=cn[0], given=cn[1:])
        u.sig = [cn, '%s %s' % (ch(DEPTS), u.title), UNI, '电话：0551-6%s' % digits(6)]
        u.w = 1.0 / (1 + i) ** 0.35 * 10
        STAFF.append(u)
    for i in range(5200):
        cn, s, g = mkname()
        yr = ch(['2020', '2021', '2022', '2023', '2023'])
        lp = (yr + '%02d' % R.randint(1, 24) + digits(4)) if R.random() < .7 else uniq(s + g + yr[2:])
        u = U(name=cn, addr=lp + '@' + SDOM, title='学生', sur=cn[0], given=cn[1:])
        u.w = 1.0 / (1 + i) ** 0.25
        STUD.append(u)
    R.shuffle(STAFF); R.shuffle(STUD)
    ALL.extend(STAFF + STUD)
def pick(pool, k=None):
    out = []
    while len(out) < (k or 1):
        u = R.choices(pool, weights=[x.w for x in pool])[0] if len(pool) < 2000 else pool[int(len(pool) * R.random() ** 1.6)]
        if u not in out: out.append(u)
    return out if k else out[0]

# ----------------------------------------------------------------- sending infrastructure
def v4(pfx, lo=2, hi=250): return '%s.%d' % (pfx, R.randint(lo, hi))
PROV = {  # nets, helo, rdns
    'qq': (['162.62.57', '162.62.58', '43.163.200', '203.205.221', '54.254.200'], 'out{d}.mail.qq.com', 'out{d}.mail.qq.com'),
    'exmail': (['113.96.223', '54.206.16', '18.194.254', '43.154.221', '114.132.65'], 'smtpbg{n}.qq.com', 'smtpbg{n}.qq.com'),
    '163': (['220.181.12', '220.181.15', '123.126.97', '117.135.210', '220.197.31'], 'm{a}-{n}.163.com', 'm{a}-{n}.163.com'),
    '126': (['220.181.15', '123.126.96', '220.181.13'], 'm15-{n}.126.com', 'm15-{n}.126.com'),
    'qiye163': (['101.71.155', '106.75.127', '59.111.176'], 'mail-m{n}{a}.qiye.163.com', 'mail-m{n}{a}.qiye.163.com'),
    'sina': (['202.108.3', '202.108.7', '180.149.134'], 'smtp-5-{n}.smtpsmail.fmail.{a}.sinanode.com', 'smtp-5-{n}.smtpsmail.fmail.{a}.sinanode.com'),
    'aliyun': (['115.124.30', '115.124.28', '47.88.44', '140.205.0'], 'out30-{n}.freemail.mail.aliyun.com', 'out30-{n}.freemail.mail.aliyun.com'),
    'dm_aliyun': (['47.90.199', '115.124.61', '8.209.196'], 'out{n}.dm.aliyun.com', 'out{n}.dm.aliyun.com'),
    'm365': (['40.107.255', '40.107.117', '52.101.128', '40.107.215', '40.107.244'], '{P}.outbound.protection.outlook.com',
             'mail-{p}.outbound.protection.outlook.com'),
    'outlookcom': (['40.92.107', '40.92.53', '40.92.99'], '{P}.outbound.protection.outlook.com', 'mail-{p}.outbound.protection.outlook.com'),
    'gmail': (['209.85.210', '209.85.214', '209.85.216', '209.85.221', '209.85.167'], 'mail-{g}.google.com', 'mail-{g}.google.com'),
    'ses': (['54.240.27', '54.240.8', '23.251.234', '54.240.60', '54.240.48'], 'a{a}-{n}.smtp-out.{r}.amazonses.com',
            'a{a}-{n}.smtp-out.{r}.amazonses.com'),
    'sendcloud': (['106.75.248', '106.75.25', '118.193.12'], 'out{n}.sendcloud.net', 'out{n}.sendcloud.net'),
    'github': (['192.30.252', '140.82.112', '140.82.114'], 'out-{a}.smtp.github.com', 'out-{a}.smtp.github.com'),
    'sendgrid': (['167.89.100', '149.72.154', '168.245.62', '198.21.5'], 'o{n}.ptr{a}.sendgrid.net', 'o{n}.ptr{a}.sendgrid.net'),
    'cstnet': (['159.226.251', '159.226.240'], 'cstnet.cn', 'mail.cstnet.cn'),
}
def prov_src(key, ip=None):
    nets, hf, rf = PROV[key]
    if ip is None:
        if key == 'gmail' and R.random() < .35: ip = '2607:f8b0:%x::%x' % (ch([0x4864, 0x4000, 0x4001]), R.randint(0x100, 0x64f))
        elif key == 'm365' and R.random() < .3: ip = '2a01:111:f403:%x::%x' % (R.randint(0x2000, 0x7fff), R.randint(0x600, 0x83f))
        else: ip = v4(ch(nets))
    last = ip.split('.')[-1] if '.' in ip else str(R.randint(10, 250))
    p = '%s%02d%s%d' % (ch(['sgaapc', 'hkapc', 'jpnapc', 'tyzapc', 'eastasia']), R.randint(1, 99), 'on', R.randint(2000, 2199))
    P = '%s-%s-obe' % (ch(['APC01', 'HK2', 'JPN01', 'SG2', 'TYO']), ch(['SG2', 'HK2', 'PSA', 'TYZ', 'OS0']))
    f = dict(d=ip.replace('.', '-').replace(':', '-'), n=last, a=R.randint(1, 99), p=p, P=P,
             g=ch(['pl1', 'pf1', 'pj1', 'wr1', 'lf1', 'oi1', 'yb1']) + '-f%d' % R.randint(41, 199),
             r=ch(['us-west-2', 'us-east-1', 'ap-southeast-1', 'eu-west-1']))
    return ip, hf.format(**f), rf.format(**f)

UNIS = [('pku.edu.cn', '北京大学', '162.105.129'), ('tsinghua.edu.cn', '清华大学', '166.111.204'), ('zju.edu.cn', '浙江大学', '210.32.0'),
        ('sjtu.edu.cn', '上海交通大学', '202.120.2'), ('fudan.edu.cn', '复旦大学', '202.120.224'), ('nju.edu.cn', '南京大学', '210.28.129'),
        ('ustc.edu.cn', '中国科学技术大学', '202.38.64'), ('whu.edu.cn', '武汉大学', '202.114.64'), ('hust.edu.cn', '华中科技大学', '202.114.0'),
        ('xjtu.edu.cn', '西安交通大学', '202.117.0'), ('scut.edu.cn', '华南理工大学', '202.38.193'), ('seu.edu.cn', '东南大学', '58.192.114'),
        ('hfut.edu.cn', '合肥工业大学', '210.45.240'), ('ahu.edu.cn', '安徽大学', '210.45.192'), ('buaa.edu.cn', '北京航空航天大学', '219.224.128'),
        ('tju.edu.cn', '天津大学', '202.113.0'), ('sdu.edu.cn', '山东大学', '202.194.0'), ('csu.edu.cn', '中南大学', '202.197.64'),
        ('uestc.edu.cn', '电子科技大学', '222.197.164'), ('nwpu.edu.cn', '西北工业大学', '222.24.192'), ('cqu.edu.cn', '重庆大学', '202.202.0'),
        ('dlut.edu.cn', '大连理工大学', '202.118.64'), ('njust.edu.cn', '南京理工大学', '202.119.80'), ('ahpu.edu.cn', '安徽工程大学', '211.70.144')]
def uni_src(u):
    dom, _, net = u
    if R.random() < .12: ip = '2001:da8:%x:%x::%x' % (R.randint(0x8000, 0xa0ff), R.randint(1, 0xff), R.randint(2, 0x40))
    else: ip = v4(net, 10, 40)
    h = ch(['mail.', 'mx.', 'smtp.', '']) + dom
    return ip, h, 'mail.' + dom
TWU = [('ntu.edu.tw', '國立臺灣大學', '140.112.2'), ('nthu.edu.tw', '國立清華大學', '140.114.63'), ('ncku.edu.tw', '國立成功大學', '140.116.2')]
HKU = [('cuhk.edu.hk', 'The Chinese University of Hong Kong'), ('polyu.edu.hk', 'The Hong Kong Polytechnic University'), ('hku.hk', 'The University of Hong Kong')]
FORU = [('nus.edu.sg', 'National University of Singapore'), ('u-tokyo.ac.jp', 'The University of Tokyo'), ('tum.de', 'Technical University of Munich'),
        ('umich.edu', 'University of Michigan'), ('monash.edu', 'Monash University'), ('ed.ac.uk', 'The University of Edinburgh')]
COMP = [('huawei.com', '华为技术有限公司', 'huawei'), ('alibaba-inc.com', '阿里巴巴集团', 'aliyun'), ('iflytek.com', '科大讯飞股份有限公司', 'exmail'),
        ('cnpc.com.cn', '中国石油', 'm365'), ('sgcc.com.cn', '国家电网', 'exmail'), ('ict.ac.cn', '中国科学院计算技术研究所', 'cstnet'),
        ('iscas.ac.cn', '中国科学院软件研究所', 'cstnet'), ('nsfc.gov.cn', '国家自然科学基金委员会', 'exmail')]
EXT = []
def build_ext():
    for i in range(800):
        k = R.random(); cn, s, g = mkname(); lang = 'zh'
        if k < .22:
            prov = ch(['qq', 'qq', 'qq', '163', '163', '126', 'sina'])
            dom = {'qq': ch(['qq.com'] * 5 + ['foxmail.com']), '163': '163.com', '126': '126.com', 'sina': 'sina.com'}[prov]
            lp = digits(R.randint(8, 10)) if dom == 'qq.com' and R.random() < .7 else s + g + ch(['', digits(2), digits(4), '_' + digits(3)])
            cli = ch(['qqweb', 'qqweb', 'foxmail', 'iphone']) if prov == 'qq' else ch(['netease', 'netease', 'foxmail', 'iphone', 'netease_app'])
            u = U(name=cn, addr=lp + '@' + dom, prov=prov, cli=cli)
        elif k < .62:
            un = ch(UNIS); cli = ch(['coremail', 'coremail', 'coremail', 'foxmail', 'outlook', 'iphone', 'thunderbird'])
            u = U(name=cn, addr=ch([s + g, g + s, s + g[0] if g else s, g + '.' + s]) + '@' + ch(['', '', 'mail.', 'stu.']) + un[0],
                  prov=('uni', un), cli=cli, title=ch(TITLES))
            u.sig = [cn, ch(TITLES) + ' | ' + ch(DEPTS)[:-2] + '系', un[1]]
        elif k < .72:
            co = ch(COMP)
            u = U(name=cn, addr=s + g + ch(['', digits(1), '.' + digits(2)]) + '@' + co[0], prov=co[2], cli='outlook')
            u.sig = [cn, co[1], 'Mobile: +86 1%s' % digits(10)]
            u.title = co[1]
        elif k < .78:
            tw = ch(TWU); lang = 'tw'
            u = U(name=cn, addr=s + g + '@' + ch(['', 'ntu.', 'mail.']) + tw[0], prov=('tw', tw), cli=ch(['outlook_tw', 'outlook_tw', 'gmail']))
            u.sig = [cn, tw[1], ch(['資訊工程學系', '電機工程學系', '化學工程學系']) + ' ' + ch(['教授', '副教授', '助理教授'])]
        elif k < .84:
            hk = ch(HKU); lang = ch(['en', 'zh'])
            u = U(name='%s %s' % (s.capitalize(), g.capitalize()), addr='%s.%s@%s' % (g, s, hk[0]), prov='m365', cli='outlook_en')
            u.sig = ['%s %s' % (g.capitalize(), s.upper()), 'Department of Computer Science and Engineering', hk[1]]
        elif k < .92:
            fo = ch(FORU); fn_, ln = ch(EN_FIRST), ch(EN_LAST); lang = 'en'
            u = U(name='%s %s' % (fn_, ln), addr='%s.%s@%s' % (fn_.lower().replace('-', ''), ln.lower().replace('ü', 'ue'), fo[0]),
                  prov=ch(['m365', 'm365', 'gmail']), cli=ch(['outlook_en', 'gmail', 'apple_en']))
            u.sig = ['%s %s' % (fn_, ln), ch(['Professor', 'Associate Professor', 'Research Fellow', 'PhD candidate']), fo[1]]
        else:
            u = U(name=cn, addr=s + g + ch(['', '.', '_']) + digits(R.randint(0, 4)) + '@gmail.com', prov='gmail', cli='gmail')
            lang = ch(['zh', 'zh', 'en'])
        u.lang = lang; u.sur = cn[0] if lang != 'en' else u.name.split()[-1]; u.given = cn[1:]
        EXT.append(u)

def src_of(u):
    p = u.prov
    if isinstance(p, tuple):
        if p[0] == 'uni': return uni_src(p[1])
        if p[0] == 'tw': ip = v4(p[1][2], 10, 60); return ip, 'mail.' + p[1][0], 'mail%d.%s' % (R.randint(1, 9), p[1][0])
    if p == 'huawei': ip = v4('45.249.212', 30, 250); return ip, 'szxga0%d-in.huawei.com' % R.randint(1, 8), 'szxga0%d-in.huawei.com' % R.randint(1, 8)
    if p == 'site': return v4(SITENET, 10, 40), 'mail.' + DOM, 'mail.' + DOM
    return prov_src(p)

# ----------------------------------------------------------------- MIME
CODEC = {'gb2312': 'gbk', 'gbk': 'gbk', 'gb18030': 'gb18030', 'big5': 'cp950', 'utf-8': 'utf-8', 'us-ascii': 'ascii',
         'iso-8859-1': 'latin-1', 'hz-gb-2312': 'gbk'}
def cenc(s, cs): return s.encode(CODEC.get(cs.lower(), 'utf-8'), 'replace')
def ew(s, cs='utf-8', q=False, case=None):
    """RFC 2047 encoded words, folded."""
    if all(ord(c) < 128 for c in s): return s
    lab = case or cs
    words, cur = [], ''
    lim = 18 if q else 42
    for c in s:
        if cur and len(cenc(cur + c, cs)) > lim: words.append(cur); cur = c
        else: cur += c
    if cur: words.append(cur)
    out = []
    for w in words:
        b = cenc(w, cs)
        if q: out.append('=?%s?Q?%s?=' % (lab, ''.join(chr(x) if (chr(x).isalnum() and x < 128) else ('_' if x == 32 else '=%02X' % x) for x in b)))
        else: out.append('=?%s?B?%s?=' % (lab, base64.b64encode(b).decode()))
    return '\r\n '.join(out)
def addr(u_or_name, a=None, cs='utf-8', quoted=False, case=None):
    if a is None: name, a = u_or_name.name, u_or_name.addr
    else: name = u_or_name
    if not name: return '<%s>' % a if quoted else a
    if all(ord(c) < 128 for c in name): return '"%s" <%s>' % (name, a)
    e = ew(name, cs, case=case)
    return ('"%s" <%s>' if quoted else '%s <%s>') % (e, a)
def fold_list(items):
    out, line = [], ''
    for i, it in enumerate(items):
        s = it + (',' if i < len(items) - 1 else '')
        if line and len(line) + len(s) > 70: out.append(line); line = ' ' + s
        else: line = (line + ' ' + s) if line else s
    out.append(line)
    return '\r\n'.join(out)
def b64lines(b, w=76):
    s = base64.b64encode(b).decode()
    return '\r\n'.join(s[i:i + w] for i in range(0, len(s), w)) + '\r\n'
def enc_body(text, cs, cte):
    text = text.replace('\r\n', '\n')
    b = cenc(text, cs)
    if cte == 'base64': return b64lines(b, ch([76, 76, 76, 72])).encode()
    if cte == 'quoted-printable': return quopri.encodestring(b).replace(b'\r\n', b'\n').replace(b'\n', b'\r\n')
    lines = []
    for l in b.split(b'\n'):
        while len(l) > 900:
            cut = 900
            while cut > 0 and l[cut] >= 0x80 and cs.lower() != 'utf-8' and (cut % 2): cut -= 1
            if cs.lower() == 'utf-8':
                while cut > 0 and (l[cut] & 0xC0) == 0x80: cut -= 1
            lines.append(l[:cut]); l = l[cut:]
        lines.append(l)
    return b'\r\n'.join(lines) + b'\r\n'
class P:
    def __init__(self, ctype, body=None, cs=None, cte='base64', parts=None, bnd=None, hdrs=None, params=''):
        self.ctype, self.cs, self.cte, self.parts, self.hdrs, self.params = ctype, cs, cte, parts, hdrs or [], params
        self.bnd = bnd
        if parts is None:
            if isinstance(body, str): self.data = enc_body(body, cs or 'utf-8', cte)
            else:
                self.data = b64lines(body).encode() if cte == 'base64' else body
    def head(self):
        h = []
        if self.parts is not None:
            h.append('Content-Type: %s;\r\n\tboundary="%s"%s' % (self.ctype, self.bnd, self.params))
        else:
            ct = self.ctype + (';\r\n\tcharset="%s"' % self.cs if self.cs and self.ctype.startswith('text/') else '') + self.params
            h.append('Content-Type: ' + ct)
            h.append('Content-Transfer-Encoding: ' + self.cte)
        return h + self.hdrs
    def render(self, top=False):
        out = [] if top else [('\r\n'.join(self.head()) + '\r\n\r\n').encode()]
        if self.parts is None: out.append(self.data)
        else:
            if top: out.append(b'This is a multi-part message in MIME format.\r\n\r\n')
            for p in self.parts:
                out.append(('--%s\r\n' % self.bnd).encode()); out.append(p.render())
                if not out[-1].endswith(b'\r\n'): out.append(b'\r\n')
            out.append(('--%s--\r\n' % self.bnd).encode())
        return b''.join(out)
def bnd(style='plain'):
    if style == 'outlook': return '----=_NextPart_000_%04X_01DA%s.%s' % (R.getrandbits(16), HX(4), HX(8))
    if style == 'foxmail': return '----=_001_NextPart%s_=----' % digits(12)
    if style == 'qq': return '----=_NextPart_%s_%s_%s' % (HX(8), HX(8), HX(8))
    if style == 'coremail': return '----=_Part_%d_%d.%d' % (R.randint(100000, 999999), R.randint(10 ** 8, 10 ** 9), 1709500000000 + R.randint(0, 2 * 10 ** 9))
    if style == 'gmail': return '000000000000%s' % hx(16)
    if style == 'apple': return 'Apple-Mail-%s-%s-%s-%s-%s' % (HX(8), HX(4), HX(4), HX(4), HX(12))
    if style == 'java': return '----=_Part_%d_%d.%d' % (R.randint(1, 99999), R.randint(10 ** 8, 10 ** 9), 1709500000000 + R.randint(0, 2 * 10 ** 9))
    return '=_%s' % alnum(24, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')
MAGIC = {'pdf': b'%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'docx': b'PK\x03\x04\x14\x00\x06\x00\x08\x00', 'xlsx': b'PK\x03\x04\x14\x00\x06\x00\x08\x00',
         'pptx': b'PK\x03\x04\x14\x00\x06\x00', 'zip': b'PK\x03\x04\x14\x00\x00\x00\x08\x00', 'rar': b'Rar!\x1a\x07\x01\x00',
         'doc': b'\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', 'xls': b'\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', 'jpg': b'\xff\xd8\xff\xe0\x00\x10JFIF\x00',
         'png': b'\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR', 'gif': b'GIF89a'}
MIMET = {'pdf': 'application/pdf', 'docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
         'xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
         'zip': 'application/x-zip-compressed', 'rar': 'application/octet-stream', 'doc': 'application/msword', 'xls': 'application/vnd.ms-excel',
         'jpg': 'image/jpeg', 'png': 'image/png', 'gif': 'image/gif'}
def fake_file(ext, size=None, seed=None):
    rr = random.Random(seed) if seed is not None else R
    size = size or int(lognorm(9.3, .8, 1500, 60000))
    return MAGIC.get(ext, b'') + rr.randbytes(size)
def attach(fname, cs='utf-8', data=None, size=None, style='2047', cid=None):
    ext = fname.rsplit('.', 1)[-1].lower()
    data = data if data is not None else fake_file(ext, size)
    if style == '2231' and any(ord(c) > 127 for c in fname):
        from urllib.parse import quote
        fn = "*=%s''%s" % (cs, quote(fname.encode(CODEC.get(cs, 'utf-8'), 'replace')))
        nm, fnh = 'name%s' % fn, 'filename%s' % fn
    else:
        e = ew(fname, cs).replace('\r\n ', '')
        nm, fnh = 'name="%s"' % e, 'filename="%s"' % e
    hd = ['Content-Disposition: %s;\r\n\t%s' % ('inline' if cid else 'attachment', fnh)]
    if cid: hd.append('Content-ID: <%s>' % cid)
    return P(MIMET.get(ext, 'application/octet-stream'), data, cte='base64', hdrs=hd, params=';\r\n\t' + nm)
def h2t(s):  # html paragraphs from text
    return html.escape(s).replace('\n', '<br>\r\n')

# ----------------------------------------------------------------- stream
MSGS = []
def qid(): return alnum(ch([10, 11, 12]), '0123456789BCDFGHJKLMNPQRSTVWXYZ')
def emit(t, src, sender, rcpts, cls, group, hdrs, body, tls=True):
    """src=(ip, helo, rdns or None); hdrs list of 'Name: value' strings."""
    ip, helo, rdns = src
    rc = [r.addr if isinstance(r, U) else r for r in (rcpts if isinstance(rcpts, list) else [rcpts])]
    rc = list(dict.fromkeys(rc))
    t = max(0, min(SPAN - 1, int(t)))
    ipb = ('IPv6:' + ip) if ':' in ip else ip
    rcv = 'Received: from %s (%s [%s])\r\n\tby %s (Postfix) with %s id %s%s;\r\n\t%s' % (
        helo, rdns or 'unknown', ipb, MX, ch(['ESMTPS', 'ESMTPS', 'ESMTP']) if tls else 'SMTP', qid(),
        ('\r\n\tfor <%s>' % rc[0]) if len(rc) == 1 else '', rfcdate(t))
    if tls and R.random() < .8: rcv = rcv.replace(' id ', ' id ', 1)
    top = body.head()
    data = ('\r\n'.join([rcv] + hdrs + ['MIME-Version: 1.0'] + top) + '\r\n\r\n').encode() + body.render(top=True)
    MSGS.append((t, len(MSGS), ip, helo, sender, ','.join(rc), cls, group, data))

# ----------------------------------------------------------------- mail clients
class Node:
    def __init__(self, lines, sig=None, q=None, author=None, to=None, t=0, subj=''):
        self.lines, self.sig, self.q, self.author, self.to, self.t, self.subj = lines, sig or [], q, author, to or [], t, subj
def nm(u): return u.name if isinstance(u, U) else u
def qheader(cli, prev):
    a, t, s = prev.author, prev.t, prev.subj
    tos = [x for x in prev.to if isinstance(x, U)]
    tol = '; '.join('%s <%s>' % (x.name, x.addr) for x in tos[:4])
    if cli in ('outlook', 'outlook_tw', 'outlook_en'):
        if cli == 'outlook_en':
            return ['', 'From: %s <%s>' % (a.name, a.addr), 'Sent: %s' % dt(t).strftime('%A, %B %d, %Y %I:%M %p'), 'To: ' + tol, 'Subject: ' + s], False
        if cli == 'outlook_tw':
            d = dt(t); return ['', '寄件者: %s <%s>' % (a.name, a.addr), '寄件日期: %d年%d月%d日 %s %02d:%02d' % (d.year, d.month, d.day, '上午' if d.hour < 12 else '下午', (d.hour - 1) % 12 + 1, d.minute),
                               '收件者: ' + tol, '主旨: ' + s], False
        if R.random() < .5:
            return ['', '-----原始邮件-----', '发件人: %s <%s>' % (a.name, a.addr), '发送时间: ' + outdate(t), '收件人: ' + tol, '主题: ' + s], False
        return ['', '发件人: %s <%s>' % (a.name, a.addr), '发送时间: ' + outdate(t), '收件人: ' + tol, '主题: ' + s], False
    if cli == 'foxmail':
        return ['', '', '发件人： %s' % a.name, '发送时间： %s' % cdate(t, '%Y-%m-%d %H:%M'), '收件人： %s' % ', '.join(x.name for x in tos[:3]), '主题： %s' % s], False
    if cli == 'qqweb':
        return ['', '', '------------------ 原始邮件 ------------------', '发件人: "%s"<%s>;' % (a.name, a.addr), '发送时间: ' + qqdate(t),
                '收件人: %s;' % ';'.join('"%s"<%s>' % (x.name, x.addr) for x in tos[:3]), '', '主题: ' + s], False
    if cli == 'coremail':
        return ['', '', '-----原始邮件-----', '发件人:"%s" <%s>' % (a.name, a.addr), '发送时间:%s (星期%s)' % (cdate(t, '%Y-%m-%d %H:%M:%S'), WEEK[dt(t).weekday()]),
                '收件人:' + ', '.join('"%s" <%s>' % (x.name, x.addr) for x in tos[:3]), '主题:' + s], False
    if cli in ('netease', 'netease_app'):
        if R.random() < .3: return ['', '', '', 'At %s, "%s" <%s> wrote:' % (cdate(t, '%Y-%m-%d %H:%M:%S'), a.name, a.addr)], True
        return ['', '', '', '在 %s，"%s" <%s> 写道：' % (cdate(t, '%Y-%m-%d %H:%M:%S'), a.name, a.addr)], True
    if cli == 'gmail':
        d = dt(t)
        if a.lang == 'en' or R.random() < .3: return ['', 'On %s %s <%s> wrote:' % (d.strftime('%a, %b %d, %Y at %I:%M %p'), a.name, a.addr)], True
        return ['', '%s <%s> 于%d年%d月%d日周%s %d:%02d写道：' % (a.name, a.addr, d.year, d.month, d.day, WEEK[d.weekday()], d.hour, d.minute)], True
    if cli in ('iphone', 'apple_en'):
        d = dt(t)
        if cli == 'apple_en': return ['', '> On %s, at %s, %s <%s> wrote:' % (d.strftime('%b %d, %Y'), d.strftime('%H:%M'), a.name, a.addr), '> '], True
        return ['', '> 在 %d年%d月%d日，%02d:%02d，%s <%s> 写道：' % (d.year, d.month, d.day, d.hour, d.minute, a.name, a.addr), '> '], True
    return ['', '在 %s, %s 写道:' % (cdate(t, '%Y/%m/%d %H:%M'), a.name)], True
def plain(n, depth=0):
    s = '\n'.join(n.lines)
    if n.sig: s += '\n\n' + '\n'.join(n.sig)
    if n.q and depth < 9:
        hdr, prev, pref = n.q
        p = plain(prev, depth + 1)
        if pref: p = '\n'.join(('> ' + l) if l else '>' for l in p.split('\n'))
        s += '\n' + '\n'.join(hdr) + '\n' + p
    return s
def htmlr(n, cli, depth=0):
    if cli == 'outlook' or cli.startswith('outlook'):
        body = ''.join('<p class=MsoNormal><span lang=EN-US>%s<o:p></o:p></span></p>\r\n' % (h2t(l) or '&nbsp;') for l in n.lines)
    elif cli in ('coremail', 'netease', 'netease_app'):
        body = '<div style="line-height:1.7;color:#000000;font-size:14px;font-family:Arial">' + ''.join('<div>%s</div>' % (h2t(l) or '<br>') for l in n.lines)
    elif cli == 'gmail':
        body = '<div dir="ltr">' + '<br>'.join(h2t(l) for l in n.lines) + '</div>'
    else:
        body = ''.join('<div>%s</div>\r\n' % (h2t(l) or '<br>') for l in n.lines)
    if n.sig:
        if cli == 'foxmail': body += '<div><br></div><hr style="width: 210px; height: 1px;" color="#b5c4df" size="1" align="left">\r\n<div><span>%s</span></div>' % '<br>'.join(h2t(x) for x in n.sig)
        else: body += '<div><br></div><div style="color:#909090">%s</div>\r\n' % '<br>'.join(h2t(x) for x in n.sig)
    if n.q and depth < 9:
        hdr, prev, pref = n.q
        inner = htmlr(prev, cli, depth + 1)
        hh = '<br>'.join(h2t(x) for x in hdr if x.strip() not in ('', '>'))
        if pref: body += '<div><br></div><div>%s</div><blockquote style="margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex">%s</blockquote>\r\n' % (hh.replace('&gt; ', ''), inner)
        elif cli == 'qqweb': body += '<div><br></div><div style="font-size: 12px;font-family: Arial Narrow;padding:2px 0 2px 0;">%s</div><div><br></div>%s\r\n' % (hh, inner)
        else: body += '<div><br></div><div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm"><p>%s</p></div>\r\n%s' % (hh, inner)
    if cli == 'coremail' and depth == 0 or cli in ('netease', 'netease_app') and depth == 0: body += '</div>'
    return body
def htmldoc(body, cli, cs):
    if cli.startswith('outlook'):
        return ('<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" '
                'xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40"><head>'
                '<meta http-equiv=Content-Type content="text/html; charset=%s"><meta name=Generator content="Microsoft Word 15 (filtered medium)">'
                '<style><!--\r\n/* Font Definitions */\r\n@font-face\r\n\t{font-family:等线;\r\n\tpanose-1:2 1 6 0 3 1 1 1 1 1;}\r\n@font-face\r\n\t{font-family:"Cambria Math";}\r\n'
                'p.MsoNormal, li.MsoNormal, div.MsoNormal\r\n\t{margin:0cm;\r\n\ttext-align:justify;\r\n\ttext-justify:inter-ideograph;\r\n\tfont-size:10.5pt;\r\n\tfont-family:等线;}\r\n'
                '@page WordSection1\r\n\t{size:612.0pt 792.0pt;\r\n\tmargin:72.0pt 90.0pt 72.0pt 90.0pt;}\r\ndiv.WordSection1\r\n\t{page:WordSection1;}\r\n--></style></head>'
                '<body lang=ZH-CN link="#0563C1" vlink="#954F72" style=\'word-wrap:break-word;text-justify-trim:punctuation\'><div class=WordSection1>\r\n%s</div></body></html>' % (cs, body))
    if cli == 'foxmail':
        return ('<html><head><meta http-equiv="content-type" content="text/html; charset=%s"><style>body { line-height: 1.5; }blockquote { margin-top: 0px; margin-bottom: 0px; margin-left: 0.5em; }'
                'p { margin-top: 0px; margin-bottom: 0px; }body { font-size: 14px; font-family: \'Microsoft YaHei UI\'; color: rgb(0, 0, 0); line-height: 1.5; }</style></head>'
                '<body>\r\n<div><span></span></div>%s</body></html>' % (cs, body))
    if cli == 'qqweb':
        return '<meta http-equiv="Content-Type" content="text/html; charset=%s">%s' % (cs.upper(), body)
    if cli == 'gmail': return body
    return '<html><head><meta http-equiv="Content-Type" content="text/html; charset=%s"></head><body>%s</body></html>' % (cs, body)
MAILERS = {'outlook': ['Microsoft Outlook 16.0', 'Microsoft Office Outlook 12.0', 'Microsoft Outlook 15.0'],
           'foxmail': ['Foxmail 7.2.25.228[cn]', 'Foxmail 7.2.23.116[cn]', 'Foxmail 7.2.25.254[cn]', 'Foxmail 7, 2, 19, 158[cn]'],
           'coremail': ['Coremail Webmail Server Version XT5.0.13 build 20230607(b8fa5d72) Copyright (c) 2002-2024 www.mailtech.cn cnic.cn',
                        'Coremail Webmail Server Version XT6.0.4 build 20230815(5fd3ef4d) Copyright (c) 2002-2024 www.mailtech.cn cnic.cn'],
           'netease': ['Coremail Webmail Server Version XT5.0.14 build 20230109(dcb5de15) Copyright (c) 2002-2024 www.mailtech.cn 163com'],
           'netease_app': ['Netease Flash Mail 2.4.1.32'], 'qqweb': ['QQMail 2.x'], 'thunderbird': [], 'gmail': [], 'iphone': ['iPhone Mail (21D61)'], 'apple_en': []}
CLI_CS = {'outlook': [('gb2312', 8), ('utf-8', 2)], 'outlook_tw': [('big5', 7), ('utf-8', 3)], 'outlook_en': [('utf-8', 6), ('us-ascii', 1), ('gb2312', 1)],
          'foxmail': [('gb2312', 7), ('utf-8', 2), ('GB2312', 1)], 'qqweb': [('gb18030', 6), ('utf-8', 3)], 'coremail': [('GBK', 4), ('UTF-8', 6)],
          'netease': [('GBK', 6), ('UTF-8', 4)], 'netease_app': [('UTF-8', 1)], 'gmail': [('UTF-8', 1)], 'iphone': [('utf-8', 1)],
          'apple_en': [('utf-8', 1)], 'thunderbird': [('UTF-8', 1)]}
def msgid(cli, a, t):
    dom = a.split('@')[1]
    if cli.startswith('outlook'):
        if dom.endswith(('.hk', '.sg', '.edu', '.de', '.uk', '.jp')) or 'monash' in dom or R.random() < .2:
            x = '%s%dPR%02dMB%04d' % (ch(['SG2', 'TYZ', 'PSA', 'HK0', 'SEZ']), R.randint(0, 9), R.randint(1, 6), R.randint(1000, 9999))
            return '<%s%s@%s.apcprd06.prod.outlook.com>' % (x, HX(20), x)
        return '<%s$%s$%s$@%s>' % ('%012x' % R.getrandbits(40), hx(8), hx(8), dom)
    if cli == 'foxmail': return '<%s%s@%s>' % (cdate(t, '%Y%m%d%H%M%S'), digits(R.randint(6, 8)), dom)
    if cli == 'qqweb': return '<tencent_%s@qq.com>' % HX(40)
    if cli in ('coremail', 'netease'): return '<%s.%s.%s.Coremail.%s>' % (hx(8).lstrip('0'), hx(4).lstrip('0'), '18e' + hx(8), a)
    if cli == 'netease_app': return '<%s.%s.%s@%s>' % (hx(8), hx(8), hx(4), dom)
    if cli == 'gmail': return '<CA%s@mail.gmail.com>' % ''.join(ch('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+_-') for _ in range(R.randint(50, 60)))
    if cli in ('iphone', 'apple_en'): return '<%s-%s-%s-%s-%s@%s>' % (HX(8), HX(4), HX(4), HX(4), HX(12), dom)
    return '<%s-%s-%s-%s-%s@%s>' % (hx(8), hx(4), hx(4), hx(4), hx(12), dom)
REPLY = {'outlook': ['答复: ', '回复: ', 'RE: '], 'outlook_tw': ['回覆: ', 'RE: '], 'outlook_en': ['RE: ', 'Re: '], 'foxmail': ['回复: ', 'Re: ', '回复：'],
         'qqweb': ['回复：'], 'coremail': ['Re: ', '回复: ', 'Re:'], 'netease': ['Re:', '回复:'], 'netease_app': ['回复：'], 'gmail': ['Re: '],
         'iphone': ['回复：', 'Re: '], 'apple_en': ['Re: '], 'thunderbird': ['Re: ', '回复: ']}
FWD = {'outlook': '转发: ', 'outlook_tw': '轉寄: ', 'outlook_en': 'FW: ', 'foxmail': '转发: ', 'qqweb': '转发：', 'coremail': '转发：', 'netease': 'Fw:',
       'netease_app': '转发：', 'gmail': 'Fwd: ', 'iphone': '转发：', 'apple_en': 'Fwd: ', 'thunderbird': 'Fwd: '}
def strip_re(s):
    return re.sub(r'^((re|fw|fwd|回复|答复|转发|回覆|轉寄)\s*[:：]\s*)+', '', s, flags=re.I)
def compose(t, frm, to, cc, subj, node, cli=None, atts=(), extra=(), inrep=None, refs=None, prio=False):
    """returns (hdrs, body, msgid) for a person-written message."""
    cli = cli or frm.cli
    cs = wch(CLI_CS.get(cli, [('utf-8', 1)]))
    subcs = {'GBK': 'GBK', 'UTF-8': 'UTF-8', 'gb18030': 'gb18030'}.get(cs, cs)
    mid = msgid(cli, frm.addr, t)
    txt = plain(node)
    hp = cli.startswith('outlook') or cli in ('foxmail', 'qqweb', 'coremail', 'netease', 'gmail') or (cli == 'iphone' and R.random() < .5)
    lcs = cs.lower()
    if cli in ('qqweb', 'foxmail', 'coremail', 'netease', 'netease_app') or lcs in ('gb2312', 'gbk', 'big5', 'gb18030'): cte = 'base64'
    elif cli in ('iphone', 'apple_en'): cte = ch(['quoted-printable', 'base64'])
    elif cli == 'thunderbird': cte = '8bit'
    elif cli == 'gmail': cte = 'base64' if CJK.search(txt) else 'quoted-printable'
    else: cte = 'quoted-printable' if lcs in ('utf-8', 'us-ascii') else 'base64'
    if lcs == 'us-ascii' and CJK.search(txt): cs, lcs = 'utf-8', 'utf-8'
    bs = 'outlook' if cli.startswith('outlook') else {'foxmail': 'foxmail', 'qqweb': 'qq', 'coremail': 'coremail', 'netease': 'coremail',
                                                     'gmail': 'gmail', 'iphone': 'apple', 'apple_en': 'apple'}.get(cli, 'plain')
    tp = P('text/plain', txt, cs, cte, params=';\r\n\tformat=flowed' if cli == 'thunderbird' else '')
    if hp:
        hp_cte = 'quoted-printable' if cli in ('gmail', 'iphone') or (cli.startswith('outlook') and lcs == 'utf-8') else cte
        body = P('multipart/alternative', parts=[tp, P('text/html', htmldoc(htmlr(node, cli), cli, cs), cs, hp_cte)], bnd=bnd(bs))
    else: body = tp
    if atts:
        body = P('multipart/mixed', parts=[body] + [attach(f, 'gb2312' if lcs in ('gb2312', 'gbk') else 'utf-8' if lcs != 'big5' else 'big5',
                                                          style='2231' if cli == 'thunderbird' else '2047') for f in atts], bnd=bnd(bs))
    fq = cli in ('qqweb', 'foxmail')
    h = []
    if cli == 'qqweb': h.append('X-QQ-FEAT: %s' % alnum(60, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'))
    if frm.prov in ('qq', 'exmail', '163', '126', 'gmail', 'm365', 'sina', 'aliyun') or isinstance(frm.prov, tuple) and R.random() < .5:
        h.append(dkim(frm.addr.split('@')[1], ch(['s201512', 's110527', '20230601', 'selector1', 'default', 'dkim']), 'From:Subject:Date:Message-ID:To'))
    h.append('Date: ' + rfcdate(t - R.randint(2, 90), tz=0 if frm.lang == 'en' and R.random() < .5 else 8))
    h.append('From: ' + addr(frm, None, subcs, quoted=fq))
    h.append('To: ' + fold_list([addr(x, None, subcs, quoted=fq) if isinstance(x, U) else x for x in to]))
    if cc: h.append('Cc: ' + fold_list([addr(x, None, subcs, quoted=fq) if isinstance(x, U) else x for x in cc]))
    h.append('Subject: ' + ew(subj, subcs, q=(cli in ('thunderbird',) and R.random() < .5)))
    h.append('Message-ID: ' + mid)
    if inrep:
        h.append('In-Reply-To: ' + inrep)
        if refs: h.append('References: ' + '\r\n '.join(refs[-8:]))
    if cli.startswith('outlook'):
        h.append('Thread-Index: AQ' + alnum(R.randint(20, 60), 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') + '==')
        h.append('Content-Language: ' + ('zh-cn' if cli == 'outlook' else 'zh-tw' if cli == 'outlook_tw' else 'en-us'))
    if cli == 'foxmail': h += ['X-Priority: 3', 'X-GUID: %s-%s-%s-%s-%s' % (HX(8), HX(4), HX(4), HX(4), HX(12)), 'X-Has-Attach: %s' % ('yes' if atts else 'no')]
    if cli in ('coremail', 'netease'):
        h += ['X-Priority: 3', 'X-Originating-IP: [%s]' % (v4('10.%d.%d' % (R.randint(0, 255), R.randint(0, 255))) if cli == 'coremail' else v4(ch(['223.104.%d', '117.136.%d', '112.2.%d']) % R.randint(0, 255))),
              'X-CM-TRANSID:' + alnum(30, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), 'X-Coremail-Locale: zh_CN']
    if cli == 'qqweb': h += ['X-QQ-MIME: TCMime 1.0 by Tencent', 'X-QQ-Mailer: QQMail 2.x', 'X-QQ-mid: xmsezb%s-%s' % (digits(2), alnum(12))]
    if cli == 'thunderbird': h.append('User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Thunderbird/115.%d.0' % R.randint(3, 9))
    m = MAILERS.get(cli)
    if m: h.append('X-Mailer: ' + ch(m))
    if prio: h.append('X-Priority: 1')
    h += list(extra)
    return h, body, mid
def dkim(d, sel, hl):
    return ('DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=%s;\r\n\ts=%s; t=%d; bh=%s=;\r\n\th=%s;\r\n\tb=%s' %
            (d, sel, 1709500000 + R.randint(0, SPAN), base64.b64encode(R.randbytes(32)).decode()[:43], hl,
             '\r\n\t '.join(base64.b64encode(R.randbytes(192)).decode()[i:i + 64] for i in range(0, 256, 64))))

# ----------------------------------------------------------------- personal threads
JOURNALS = ['计算机学报', '软件学报', '自动化学报', '电子学报', '中国科学:信息科学', '计算机研究与发展', '机械工程学报', '材料导报', '化工学报',
            '管理科学学报', '控制与决策', '通信学报', '图学学报', '土木工程学报', '中国电机工程学报']
EJOURNALS = ['IEEE Transactions on Industrial Informatics', 'Pattern Recognition', 'Neurocomputing', 'Applied Energy', 'Journal of Cleaner Production',
             'IEEE Access', 'Knowledge-Based Systems', 'Chemical Engineering Journal', 'Automation in Construction', 'Information Sciences']
TOPICS = {
    'paper': (['论文修改稿', '关于{J}投稿的稿件', '审稿意见回复初稿', '论文第三章修改', '小论文初稿请审阅', '稿件格式问题'],
              ['附件是论文的修改稿，主要根据审稿意见修改了第三节和实验部分。', '审稿人提出的问题我们逐条做了回复，详见附件。', '实验部分补充了两组对比结果，表格已更新。',
               '参考文献格式按{J}的要求重新整理了一遍。', '摘要和引言我又改了一下，您看看是否合适。', '第二个审稿人的意见比较尖锐，我们商量一下怎么回复。',
               '图4的分辨率不够，我重新画了一下。', '查重结果是8%，应该没有问题。'], ['论文修改稿_v{n}.docx', 'response_letter.pdf', '修改说明.docx'], True),
    'project': (['国家自然科学基金申请书', '{Y}年度省重点研发计划项目申报', '横向课题合同', '项目中期检查材料', '关于联合申报项目的事宜', '项目预算表'],
                ['申报书初稿已经写完，麻烦您帮忙把关一下研究基础部分。', '预算部分按照新的管理办法做了调整，设备费压缩到了20%以内。', '合作单位的盖章页需要下周三前寄回。',
                 '研究内容和技术路线我觉得还可以再凝练一下。', '科研处要求本周五之前在系统里提交。', '合同里关于知识产权归属的条款需要再确认。'],
                ['申请书_{name}.docx', '预算表.xlsx', '合作协议.pdf'], False),
    'thesis': (['开题报告', '毕业论文进度', '学位论文送审', '答辩安排', '中期考核材料', '博士学位论文评阅邀请'],
               ['这周把第四章的实验做完了，结果基本符合预期。', '开题报告按您的意见修改了研究方案部分。', '学院要求下周提交中期考核表，需要导师签字。',
                '答辩时间暂定在5月下旬，具体等研究生院通知。', '盲审系统已经提交，预计一个月左右出结果。', '这是我的论文初稿，请老师批评指正。'],
               ['开题报告_{name}.docx', '中期考核表.doc', '学位论文_{name}.pdf'], True),
    'reimb': (['报销材料', '差旅费报销', '发票问题', '劳务费发放', '会议注册费发票'],
              ['发票抬头写的是学校全称，税号也核对过了。', '报销单已经在网上预约了，原件下周交到财务处。', '住宿发票丢了一张，不知道能不能补开。',
               '劳务费需要提供身份证号和银行卡号，请填一下附件表格。', '财务说电子发票需要打印出来并附上验真结果。'], ['报销明细.xlsx', '发票.pdf'], False),
    'meeting': (['下周组会安排', '学术报告时间', '会议日程', '关于周四讨论的时间', '请假'],
                ['下周组会改到周三下午两点，地点不变。', '报告时间大概40分钟，留一些时间讨论。', '我那天上午有课，下午三点以后都可以。', '会议室我已经预约好了，在实验楼B305。',
                 '线上的同学请用腾讯会议参加，会议号稍后发群里。'], ['会议日程.docx'], False),
    'recruit': (['报考{T}老师研究生的咨询', '{Y}年推免生自荐', '博士申请材料', '硕士研究生调剂咨询', '个人简历-{name}'],
                ['我是{U}{D}专业的大三学生，对您的研究方向非常感兴趣，希望能有机会加入您的课题组。', '我的本科成绩排名专业前10%，通过了英语六级。',
                 '附件是我的个人简历和成绩单，请老师查阅。', '冒昧打扰，不知道您今年是否还有招生名额？', '本科期间参加过大学生创新创业训练计划，发表了一篇会议论文。'],
                ['个人简历_{name}.pdf', '成绩单.pdf'], False),
    'purchase': (['设备报价单', '采购合同', '关于服务器配置的报价', '试剂订购'],
                 ['根据您的需求，我们推荐以下配置，报价见附件。', '该型号目前有现货，合同签订后两周内可以发货。', '价格已经是教育优惠价，含三年上门保修。',
                  '发票可以开增值税普通发票，开票信息请发给我。'], ['报价单.pdf', '配置清单.xlsx'], False),
    'server': (['服务器问题', '关于计算集群账号', '代码运行报错', '数据备份', '软件安装问题'],
               ['集群上的任务跑了一半就被杀掉了，不知道是不是内存超限。', '我按照文档重新配置了一遍，还是不行。', '日志我贴在下面了，麻烦帮忙看看。',
                '明天上午机房停电维护，服务器需要提前关机。'], ['error.log', 'config.zip'], True),
    'collab': (['合作研究', '学术访问邀请', '邀请做学术报告', '关于联合培养学生', '短期访问安排'],
               ['非常感谢您的邀请，我很乐意去贵校做一个报告。', '报告题目暂定，我这两天把摘要和个人简介发给您。', '住宿我们已经安排在学校的专家楼。',
                '我们课题组在这方面有一些前期积累，希望能够进一步合作。', '具体时间您看四月上旬是否方便？'], ['报告摘要.docx', '个人简介.docx'], False),
    'review': (['评审邀请', '学位论文评阅', '成果鉴定会', '项目结题评审'],
               ['受学院委托，诚邀您担任我院博士学位论文的评阅专家。', '评阅书请在两周内返回，评阅费将按学校标准发放。', '论文电子版已上传至评阅系统，账号密码见下。',
                '如您时间不便，烦请告知，我们另请专家。'], ['评阅书.doc', '论文摘要.pdf'], False),
}
EN_TOPICS = (['Re: our manuscript', 'Joint proposal', 'Visit in April', 'Data sharing', 'Invitation to give a talk', 'Revised draft', 'Quick question about the code'],
             ['Thanks for sending the revised version.', 'I have gone through the draft and left some comments in the attached file.',
              'Would next Tuesday at 9am Beijing time work for a call?', 'Sorry for the late reply, I was travelling last week.',
              'The reviewers seem generally positive, but we need to address the comments on the experiments.', 'Please find attached the latest results.'],
             ['draft_v{n}.pdf', 'comments.docx', 'results.xlsx'])
SHORT = ['收到，谢谢！', '好的，谢谢老师！', '收到。', '好的，没问题。', '已收到，我尽快处理。', '谢谢，我看一下再回复您。', '好的，那就按这个时间。', '可以的。',
         '附件已更新，请查收。', '同意。', '辛苦了！', '明白，我这边安排一下。', '不好意思，附件忘了加，补发一下。', '好的', '收到，马上改。', '嗯嗯，好的。',
         '谢谢您的意见，我们再修改一下。', '没问题，周三见。', '已转给相关老师了。', 'OK，谢谢。']
EN_SHORT = ['Thanks!', 'Sounds good, thanks.', 'Got it, thank you.', 'Great, see you then.', 'Thanks, I will take a look.', 'OK, no problem.']
CLOSE = ['谢谢！', '祝好！', '此致\n敬礼！', '祝工作顺利！', '顺颂商祺！', '期待您的回复！', '谢谢老师！', '祝好', '顺祝春安！', '']
MOBILE = ['发自我的iPhone', '发自我的华为手机', '发自我的小米手机', '来自 QQ邮箱 iPhone 版', '发自网易邮箱大师', 'Sent from my iPhone']
CONFID = ['本邮件及其附件含有{c}的保密信息，仅限于发送给上面地址中列出的个人或群组。禁止任何其他人以任何形式使用（包括但不限于全部或部分地泄露、复制、或散发）本邮件中的信息。如果您错收了本邮件，请您立即电话或邮件通知发件人并删除本邮件！',
          'This e-mail and its attachments contain confidential information from {c}, which is intended only for the person or entity whose address is listed above. Any use of the information contained herein in any way is prohibited. If you receive this e-mail in error, please notify the sender by phone or email immediately and delete it!']
def fmt(s, **k):
    k.setdefault('J', ch(JOURNALS)); k.setdefault('Y', '2024'); k.setdefault('n', R.randint(2, 5)); k.setdefault('U', ch(UNIS)[1]); k.setdefault('D', ch(DEPTS)[:-2])
    return re.sub(r'\{(\w)\}|\{name\}', lambda m: str(k.get(m.group(1) or 'name', m.group(0))), s)
def greet(frm, to, en=False):
    if en: return ch(['Dear Prof. %s,' % to.name.split()[-1] if to.name.isascii() else 'Dear Prof. %s,' % to.addr.split('@')[0].capitalize(), 'Hi %s,' % to.given or 'Hi,', 'Dear all,', 'Hello,'])
    if isinstance(frm, U) and frm.title == '学生' and to.title != '学生': return ch(['%s老师：' % to.sur, '%s老师好！' % to.sur, '尊敬的%s老师：' % to.sur, '%s老师您好，' % to.sur])
    if to.title == '学生': return ch(['%s：' % to.given, '%s同学：' % to.name, '%s，' % to.given, ''])
    return ch(['%s老师：' % to.sur, '%s老师，您好！' % to.sur, '尊敬的%s教授：' % to.sur, '%s老师好，' % to.sur, '%s：' % to.name, '您好！', ''])
def letter(topic, frm, to, k, en=False):
    if en:
        if k > 0 and R.random() < .45: return [ch(EN_SHORT), '', frm.name.split()[0]]
        body = [ch(EN_TOPICS[1]) for _ in range(R.randint(1, 3))]
        if R.random() < .6: body.append(C.en_(R.randint(1, 3)))
        return [greet(frm, to, True), ''] + [' '.join(body)] + ['', ch(['Best regards,', 'Best,', 'Cheers,', 'Thanks,']), frm.name.split()[0]]
    if k > 0 and R.random() < .5:
        return [ch(SHORT)] + ([] if R.random() < .5 else ['', frm.name if R.random() < .5 else frm.given])
    subs, pool, _, tech = TOPICS[topic]
    n = int(lognorm(.7, .7, 1, 9))
    paras, cur = [], []
    for i in range(n):
        cur.append(fmt(ch(pool), name=frm.name, T=to.sur))
        if tech and R.random() < .5 or R.random() < .15: cur.append(C.zh(R.randint(1, 3)))
        if R.random() < .4: paras.append(''.join(cur)); cur = []
    if cur: paras.append(''.join(cur))
    out = [greet(frm, to)] if R.random() < .9 else []
    for p in paras: out += ['　　' + p if R.random() < .3 else p, '']
    c = ch(CLOSE)
    if c: out += c.split('\n')
    out.append(frm.name if R.random() < .6 else frm.given)
    return out
def sig_of(u, cli):
    s = []
    if cli in ('iphone', 'apple_en', 'netease_app') and R.random() < .8: return [ch(MOBILE[:3] + MOBILE[4:5]) if cli != 'apple_en' else 'Sent from my iPhone']
    if u.sig and R.random() < .6: s = (['--'] if R.random() < .3 else []) + u.sig
    if u.prov in ('huawei', 'm365', 'exmail') and u.title and R.random() < .6:
        s += ['', fmt(ch(CONFID), name='').replace('{c}', u.title)]
    if cli == 'foxmail' and not s: s = ['', u.addr]
    return s

THREADN = [0]
def thread(first_t=None, topic=None, ext=None, owner=None, length=None):
    gid = 'thread:%d' % THREADN[0]; THREADN[0] += 1
    owner = owner or (pick(STAFF) if R.random() < .8 else pick(STUD))
    owner.cli = owner.cli if owner.cli != 'coremail' or R.random() < .55 else ch(['foxmail', 'foxmail', 'outlook', 'iphone', 'coremail'])
    en = False
    if topic is None: topic = wch([('paper', 14), ('project', 9), ('thesis', 8), ('reimb', 5), ('meeting', 8), ('recruit', 9), ('purchase', 5),
                                   ('server', 6), ('collab', 8), ('review', 5), ('en', 10)])
    if topic == 'en': en = True
    if ext is None:
        cands = [e for e in EXT if (e.lang == 'en') == en] or EXT
        if topic == 'recruit': cands = [e for e in EXT if e.prov in ('qq', '163', '126') or isinstance(e.prov, tuple) and e.prov[0] == 'uni']
        if topic == 'purchase': cands = [e for e in EXT if e.prov in ('exmail', 'qq', '163', 'aliyun')]
        ext = [ch(cands) for _ in range(1 if R.random() < .8 else R.randint(2, 3))]
        if topic == 'recruit': ext[0].title = '学生'
    ccs = [] if R.random() < .78 else pick(STAFF + STUD[:300], R.randint(2, 4))[1:]
    if length is None: length = wch([(1, 30), (2, 22), (3, 14), (4, 10), (5, 6), (6, 5), (8, 5), (10, 3), (14, 2), (20, 1.2), (30, .5)])
    t = first_t if first_t is not None else ham_time()
    base = fmt(ch(EN_TOPICS[0] if en else TOPICS[topic][0]), name=ext[0].name, T=owner.sur)
    subj = base; prev = None; refs = []
    extfirst = R.random() < .72
    atts_pool = EN_TOPICS[2] if en else TOPICS[topic][2]
    for k in range(length):
        inb = (k % 2 == 0) == extfirst
        frm = ch(ext) if inb else owner
        to_ = owner if inb else ext[0]
        cli = frm.cli if inb else owner.cli
        if k > 0:
            pre = ch(REPLY.get(cli, ['Re: ']))
            subj = (pre + subj) if (R.random() < .35 and len(subj) < 60) else pre + base
        lines = letter(topic if not en else None, frm, to_, k, en=en)
        sig = sig_of(frm, cli) if inb else ([] if R.random() < .5 else owner.sig)
        q = None
        if prev is not None and R.random() < .92:
            qh, pref = qheader(cli, prev); q = (qh, prev, pref)
        node = Node(lines, sig, q, author=frm, to=[to_] + (ext[1:] if inb else []) + ccs, t=t, subj=subj)
        atts = [fmt(ch(atts_pool), name=frm.name)] if R.random() < (.35 if k == 0 else .12) else []
        if inb:
            h, body, mid = compose(t, frm, [to_] + [e for e in ext if e is not frm] if len(ext) > 1 and R.random() < .5 else [to_], ccs, subj, node, cli, atts,
                                   inrep=refs[-1] if refs else None, refs=refs)
            emit(t, src_of(frm), frm.addr, [owner] + ccs, 'ham', gid, h, body)
        else: mid = msgid(cli, owner.addr, t)
        refs.append(mid); prev = node
        gap = lognorm(8.2, 1.4, 60, 5 * 86400)
        t = int(t + gap)
        if t >= SPAN: break
    return gid

# ----------------------------------------------------------------- automated mail helpers
def sysmail(t, src, env, frm, to, rcpts, subj, group, text=None, htm=None, cs='utf-8', cte='base64', atts=(), extra=(), mid=None,
            bs='java', scs=None, cls='ham', hcte=None, date_tz=8, dkimd=None):
    parts = []
    if text is not None: parts.append(P('text/plain', text, cs, cte))
    if htm is not None: parts.append(P('text/html', htm, cs, hcte or cte))
    body = parts[0] if len(parts) == 1 else P('multipart/alternative', parts=parts, bnd=bnd(bs))
    if atts: body = P('multipart/mixed', parts=[body] + list(atts), bnd=bnd(bs))
    dom = env.split('@')[-1] if '@' in env else DOM
    h = [dkim(dkimd, ch(['s1', 'default', 'dkim', 'k1', 'mail']), 'From:To:Subject:Date:Message-ID')] if dkimd else []
    h += ['Date: ' + rfcdate(t - R.randint(0, 20), date_tz), 'From: ' + frm, 'To: ' + to, 'Subject: ' + ew(subj, scs or cs),
          'Message-ID: ' + (mid or '<%s.%s@%s>' % (hx(16), digits(13), dom))] + list(extra)
    emit(t, src, env, rcpts, cls, group, h, body)
def site_src(host='notify'): return v4(SITENET, 41, 60), '%s.%s' % (host, DOM), '%s.%s' % (host, DOM)
def batches(users, size):
    users = list(users); R.shuffle(users)
    return [users[i:i + size] for i in range(0, len(users), size)]
def hpage(title, paras, foot='', color='#1a5fb4'):
    b = ''.join('<p style="text-indent:2em;line-height:1.8;font-size:15px">%s</p>\r\n' % h2t(p) for p in paras)
    return ('<html><head><meta charset="utf-8"><title>%s</title></head><body style="font-family:\'Microsoft YaHei\',SimSun,sans-serif">'
            '<div style="max-width:760px;margin:0 auto"><div style="background:%s;color:#fff;padding:12px 18px;font-size:18px">%s</div>\r\n'
            '<div style="padding:16px 18px">%s</div><div style="color:#888;font-size:12px;padding:10px 18px;border-top:1px solid #ddd">%s</div></div></body></html>'
            % (html.escape(title), color, html.escape(title), b, h2t(foot)))

# ----------------------------------------------------------------- university notices
NOTICES = [
    ('jwc', '关于做好{Y}年春季学期期中教学检查工作的通知', 'staff', ['期中教学检查以学院自查为主，学校抽查为辅。', '各学院应组织开展听课、评课和学生座谈会。', '请于3月29日前将自查报告报送教务处。']),
    ('jwc', '关于{Y}届本科毕业设计（论文）中期检查及查重工作的通知', 'stud', ['毕业设计（论文）查重使用“知网”大学生论文管理系统。', '文字复制比超过30%的论文不得参加答辩。', '请各位指导教师督促学生按时上传论文终稿。']),
    ('jwc', '关于公布{Y}年春季学期重修、补考安排的通知', 'stud', ['补考时间安排在开学第三周，具体考场安排请登录教务系统查询。', '学生须携带学生证和身份证参加考试。', '无故缺考者按旷考处理。']),
    ('jwc', '关于开展本科课程教学质量评价工作的通知', 'stud', ['评教时间为第4周至第6周。', '学生登录教务管理系统，进入“教学评价”模块完成评价。', '未完成评教的学生将无法查询本学期成绩。']),
    ('yjsy', '关于做好{Y}年上半年研究生学位论文答辩工作的通知', 'grad', ['学位论文须通过学术不端行为检测后方可送审。', '盲审结果返回后请在系统中提交答辩申请。', '答辩委员会组成须符合学校相关规定。']),
    ('yjsy', '关于开展{Y}年博士研究生招生“申请-考核”工作的通知', 'staff', ['申请人须具有硕士学位或应届硕士毕业生。', '各学院组织专家组对申请材料进行审核。', '综合考核包括专业知识、科研能力和外语水平。']),
    ('yjsy', '关于组织申报{Y}年度研究生教育教学改革研究项目的通知', 'staff', ['项目申报以学院为单位统一组织。', '每个学院推荐项目不超过3项。', '申报书电子版及纸质版请于截止日期前报送研究生院培养办。']),
    ('lib', '图书馆关于试用“{DB}”数据库的通知', 'all', ['试用期间全校师生可在校园网IP范围内免费访问。', '欢迎广大师生试用并提出宝贵意见。', '校外访问请使用VPN或CARSI登录。']),
    ('lib', '图书馆{Y}年春季学期“一小时讲座”安排', 'stud', ['讲座地点在图书馆三楼电子阅览室。', '讲座内容包括文献检索、论文写作与投稿、EndNote使用等。', '欢迎同学们踊跃参加，无需报名。']),
    ('nic', '关于校园网统一身份认证系统升级维护的通知', 'all', ['维护期间统一身份认证、信息门户、邮件系统将暂停服务。', '维护结束后请使用原账号密码登录。', '如遇问题请拨打信息中心服务电话。']),
    ('nic', '关于启用电子邮件系统二次验证的通知', 'all', ['为提升邮箱账号安全，学校邮件系统将启用二次验证功能。', '请勿轻信要求提供账号密码的邮件，学校不会通过邮件索要密码。', '使用客户端收发邮件的用户请设置客户端专用密码。']),
    ('nic', '关于正版软件服务平台新增软件的通知', 'all', ['平台新增正版操作系统、办公软件和杀毒软件。', '师生可通过统一身份认证登录平台下载安装。', '请勿使用盗版软件，以免造成安全隐患。']),
    ('nic', '关于防范钓鱼邮件的安全提醒', 'all', ['近期出现多起冒充学校部门发送“工资补贴”“邮箱升级”等钓鱼邮件的情况。', '请勿点击邮件中的不明链接或扫描二维码。', '如发现可疑邮件，请及时转发至信息中心。']),
    ('xgb', '关于开展{Y}年春季学期学生资助工作的通知', 'stud', ['家庭经济困难学生认定工作按学年开展。', '请各学院于规定时间内完成初审并公示。', '公示期不少于5个工作日。']),
    ('xgb', '关于做好清明节假期学生安全教育管理工作的通知', 'stud', ['假期离校学生须在系统中登记去向。', '请注意交通安全和财产安全，谨防电信网络诈骗。', '各辅导员要做好假期值班安排。']),
    ('cwc', '关于{Y}年度个人所得税综合所得汇算清缴的通知', 'staff', ['汇算清缴时间为3月1日至6月30日。', '请通过“个人所得税”APP完成申报。', '如有疑问请咨询财务处薪酬科。']),
    ('cwc', '关于启用新版网上报销系统的通知', 'staff', ['新系统支持电子发票自动验真和查重。', '旧系统中未完成的单据请在月底前处理完毕。', '操作手册请在财务处网站下载。']),
    ('kyc', '关于组织申报{Y}年度国家社会科学基金项目的通知', 'staff', ['申报人须具有副高级以上专业技术职称或博士学位。', '请于校内截止日期前在科研管理系统中提交。', '学校将组织专家进行预审。']),
    ('kyc', '关于{Y}年度国家自然科学基金项目申请书形式审查的通知', 'staff', ['请各申请人对照形式审查要点逐项自查。', '科研院将组织专家对申请书进行集中形式审查。', '电子版申请书的提交截止时间为3月20日16:00。']),
    ('rsc', '关于开展{Y}年度专业技术职务评审工作的通知', 'staff', ['申报人须在规定时间内提交材料。', '材料须经所在单位审核并公示。', '具体条件见附件。']),
    ('xb', '关于{Y}年清明节放假安排的通知', 'all', ['4月4日至6日放假调休，共3天。', '4月7日（星期日）上班。', '各单位要做好假期安全检查和值班工作。']),
    ('bwc', '关于开展消防安全隐患排查的通知', 'all', ['重点检查实验室、宿舍和食堂等场所。', '严禁在宿舍内使用大功率电器。', '发现隐患要立即整改。']),
    ('gjc', '关于选派教师赴国（境）外访学研修的通知', 'staff', ['访学期限一般为6至12个月。', '申请人须具备相应的外语水平。', '请于规定时间内将申请材料报送国际处。']),
    ('jyzx', '{Y}届毕业生春季双选会邀请函', 'stud', ['本次双选会预计有300余家用人单位参会。', '请同学们携带简历准时参加。', '参会企业名单详见就业信息网。']),
    ('tw', '关于举办第十届“挑战杯”校内选拔赛的通知', 'stud', ['参赛作品分为自然科学类学术论文、哲学社会科学类社会调查报告和科技发明制作三类。', '请各学院团委组织学生报名。', '作品提交截止时间另行通知。']),
    ('sysc', '关于开展实验室安全检查的通知', 'staff', ['请各实验室负责人做好危险化学品台账。', '气瓶必须固定并张贴状态标识。', '检查结果将纳入年度考核。']),
]
DBS = ['Web of Science', 'IEEE/IET Electronic Library', 'ScienceDirect', '中国知网学位论文库', '万方数据知识服务平台', 'SpringerLink', '超星电子图书', 'EBSCO', 'Scopus']
NUM = '一二三四五六'
def gen_notices():
    for i, (role, title, aud, items) in enumerate(NOTICES):
        for rep in range(1 if R.random() < .75 else 2):
            gid = 'notice:%d%s' % (i, '' if rep == 0 else 'b')
            t0 = ham_time(office=True)
            ttl = fmt(title, Y='2024').replace('{DB}', ch(DBS))
            dept = ROLES[role]
            intro = ch(['为进一步加强学校%s工作，' % ch(['教学管理', '科研管理', '安全管理', '信息化建设', '人才培养']),
                        '根据上级主管部门的有关要求，结合我校实际，', '为做好相关工作，经学校研究决定，']) + '现将有关事项通知如下：'
            paras = [intro] + ['%s、%s%s' % (NUM[j], it, C.zh(1) if role == 'nic' and R.random() < .5 else '') for j, it in enumerate(items)]
            paras.append('%s、联系人：%s老师，联系电话：0551-6290%s。' % (NUM[len(items)], mkname()[0][0], digits(4)))
            text = '%s\n\n各学院（部）、各相关单位%s：\n\n' % (ttl, '' if aud == 'staff' else '，全体同学') + '\n\n'.join('　　' + p for p in paras) + \
                   '\n\n　　特此通知。\n\n\n%s%s\n%s%s\n' % ('　' * 16, dept, '　' * 15, ymd(t0))
            atts = [attach('附件%d：%s.%s' % (j + 1, ch(['申报表', '汇总表', '安排表', '实施方案', '操作指南', '报名表']), ch(['docx', 'xlsx', 'pdf', 'doc'])), 'utf-8')
                    for j in range(R.randint(0, 2))]
            pool = STAFF if aud == 'staff' else STUD if aud == 'stud' else STUD[:1500] + STAFF[:400] if aud == 'grad' else STAFF + STUD
            share = R.uniform(.1, .5) if aud != 'all' else R.uniform(.08, .2)
            n = max(20, int(len(pool) * share))
            bs = R.choice([20, 50, 50, 100])
            useh = R.random() < .6
            sender = '%s@%s' % (role, DOM)
            mid = '<%s.%d.JavaMail.notify@%s>' % (hx(8), R.randint(1, 9999), 'notify.' + DOM)
            for j, b in enumerate(batches(R.sample(pool, min(n, len(pool))), bs)):
                tt = t0 + j * R.randint(3, 40)
                sysmail(tt, site_src(), sender, addr(dept, sender, 'utf-8'), 'undisclosed-recipients:;', b, ttl, gid,
                        text=text, htm=hpage(ttl, paras, '%s  %s' % (dept, ymd(t0))) if useh else None, atts=atts, mid=mid.replace('@', '.%d@' % j),
                        extra=['X-Mailer: JHLG Notify Platform 3.2', 'Precedence: bulk'])
    # personalised: library due reminders, salary slips, login alerts
    BOOKS = ['深度学习', '算法导论', '机器学习', '数值分析', '材料力学', '有机化学', '计量经济学导论', '高等数学（第七版）', '线性代数', '信号与系统',
             '自动控制原理', '电路（第五版）', '概率论与数理统计', 'Python编程：从入门到实践', '操作系统概念', '数据库系统概念', '红楼梦', '平凡的世界', '三体', '百年孤独']
    for u in R.sample(STUD, 150) + R.sample(STAFF, 50):
        t = ham_time(office=False)
        if int(t % 86400) < 6 * 3600: t += 6 * 3600
        bl = R.sample(BOOKS, R.randint(1, 4))
        typ = ch(['到期提醒', '到期提醒', '超期催还', '预约到书通知'])
        rows = ['%d. 《%s》 条码号：%s 应还日期：%s' % (k + 1, b, 'C' + digits(7), cdate(t + 3 * 86400, '%Y-%m-%d')) for k, b in enumerate(bl)]
        text = '尊敬的%s读者：\n\n    您好！%s\n\n%s\n\n    请及时登录“我的图书馆”办理续借或到馆归还。超期将按规定收取滞纳金。\n\n%s图书馆\n%s\n（本邮件由系统自动发送，请勿直接回复）\n' % (
            u.name, '您借阅的以下图书即将到期：' if typ == '到期提醒' else '您借阅的以下图书已超期：' if typ == '超期催还' else '您预约的图书已到馆，请于3日内到总馆一楼服务台取书：',
            '\n'.join(rows), UNI, cdate(t, '%Y-%m-%d %H:%M'))
        sysmail(t, (v4(SITENET, 70, 72), 'lib.' + DOM, 'lib.' + DOM), 'lib@' + DOM, addr(UNI + '图书馆', 'lib@' + DOM, 'gbk'), u.addr, [u],
                '【%s图书馆】%s' % (UNI, typ), 'lib:' + typ, text=text, cs=ch(['gbk', 'GB2312', 'utf-8']), cte=ch(['base64', '8bit']),
                mid='<%s@lib.%s>' % (digits(14), DOM))
    t0 = 9 * 86400 + 10 * 3600
    for j, u in enumerate(R.sample(STAFF, 200)):
        t = t0 + j * R.randint(2, 9)
        items = [('岗位工资', R.randint(2000, 6000)), ('薪级工资', R.randint(800, 3000)), ('绩效工资', R.randint(3000, 12000)), ('住房公积金', -R.randint(800, 3000)),
                 ('养老保险', -R.randint(400, 1500)), ('个人所得税', -R.randint(0, 2500))]
        tot = sum(v for _, v in items)
        rows = ''.join('<tr><td style="border:1px solid #999;padding:4px">%s</td><td style="border:1px solid #999;padding:4px;text-align:right">%.2f</td></tr>' % (k, v) for k, v in items)
        htm = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"></head><body><p>%s老师：</p><p>您好！以下是您2024年3月的工资明细，请核对。如有疑问请与财务处薪酬科联系。</p>'
               '<table style="border-collapse:collapse">%s<tr><td><b>实发合计</b></td><td style="text-align:right"><b>%.2f</b></td></tr></table><p>财务处<br>%s</p></body></html>'
               % (u.name, rows, tot, ymd(t)))
        sysmail(t, site_src('cwc'), 'cwc@' + DOM, addr('财务处', 'cwc@' + DOM, 'gb2312'), u.addr, [u], '%s老师2024年3月工资条' % u.name, 'salary',
                htm=htm, cs='gb2312', mid='<%s@cwc.%s>' % (hx(20), DOM))
    for u in pick(STAFF + STUD, 90):
        t = ham_time()
        loc = ch(['广东省深圳市', '北京市', '上海市', '江苏省南京市', '美国', '新加坡', '浙江省杭州市', '安徽省合肥市'])
        text = '尊敬的用户：\n\n您的邮箱账号 %s 于 %s 在 %s（IP：%s）登录，登录方式：%s。\n\n如果这不是您本人的操作，请立即登录邮箱修改密码，并开启二次验证。\n\n%s网络与信息中心\n此邮件由系统自动发出，请勿回复。' % (
            u.addr, cdate(t - 60, '%Y-%m-%d %H:%M:%S'), loc, v4(ch(['113.108.77', '58.246.12', '101.86.4', '120.229.3', '183.62.9'])), ch(['网页', 'IMAP客户端', '手机客户端']), UNI)
        sysmail(t, (v4(SITENET, 10, 20), 'mail.' + DOM, 'mail.' + DOM), 'postmaster@' + DOM, addr('邮件系统管理员', 'postmaster@' + DOM, 'utf-8'), u.addr, [u],
                '帐号登录提醒', 'cm:loginalert', text=text, mid='<%s.%s.%s.Coremail.postmaster@%s>' % (hx(7), hx(4), '18e' + hx(8), DOM))
    # forwarded notices from college secretaries / colleagues
    for i in range(60):
        gid = 'fwd:%d' % i
        fwdr = pick(STAFF) if R.random() < .6 else ch([e for e in EXT if isinstance(e.prov, tuple) or e.prov == 'cstnet'])
        title = fmt(ch([n[1] for n in NOTICES] + ['关于举办{Y}年全国大学生数学建模竞赛校内赛的通知', '关于推荐{Y}年度省科学技术奖的通知', '转发省教育厅关于开展{Y}年高校教学成果奖培育工作的通知',
                        '关于征集{Y}年度横向合作需求的通知', '中国科学院关于举办暑期学校的通知']), Y='2024').replace('{DB}', ch(DBS))
        cli = fwdr.cli if fwdr.prov != 'site' else ch(['coremail', 'foxmail', 'outlook'])
        inner = Node(['各位老师、同学：', '', '　　' + C.zh(R.randint(1, 3)), '　　' + ch(NOTICES)[3][0], '', '特此通知。'], [], None,
                     author=U(name=ch(list(ROLES.values())), addr='office@' + ch(UNIS)[0]), to=[], t=ham_time(0, 10 * 86400), subj=title)
        qh, pref = qheader(cli, inner)
        lines = [ch(['各位老师：', '各位同学：', '各位好，', '']), ch(['转发学校通知，请有意向的老师按时间要求准备材料。', '请大家注意查看附件，按要求报送。', '供参考。', '转发，请相关同学关注。', 'FYI'])]
        node = Node(lines, fwdr.sig[:1] if fwdr.sig else [], (['', '', '---------- 转发的邮件 ----------' if cli in ('gmail',) else '-----原始邮件-----'] + qh[2:], inner, False), author=fwdr, t=0, subj=title)
        subj = FWD.get(cli, '转发：') + title
        rcp = pick(STAFF + STUD[:800], R.randint(3, 40))
        t = ham_time(inner.t + 3600)
        h, body, mid = compose(t, fwdr, [U(name='', addr='%s-all@%s' % (ch(['teachers', 'grads', 'cs', 'me', 'ee']), DOM))] if fwdr.prov == 'site' else [rcp[0]],
                               [], subj, node, cli, ['%s.%s' % (title[:20], ch(['pdf', 'docx'])), '附件%d.%s' % (R.randint(1, 3), ch(['xlsx', 'doc']))][:R.randint(1, 2)])
        for b in batches(rcp, 50 if fwdr.prov == 'site' else 10):
            emit(t, src_of(fwdr), fwdr.addr, b, 'ham', gid, h, body)
            t += R.randint(1, 30)

# ----------------------------------------------------------------- lists, alerts, services
EW = ['Learning', 'Graph', 'Neural', 'Adaptive', 'Robust', 'Efficient', 'Multi-Modal', 'Diffusion', 'Transformer', 'Federated', 'Sparse', 'Contrastive',
      'Reinforcement', 'Bayesian', 'Self-Supervised', 'Large Language Model', 'Point Cloud', 'Segmentation', 'Detection', 'Optimization', 'Control', 'Scheduling']
EN2 = ['for', 'via', 'with', 'towards', 'under', 'in']
def etitle(): return ' '.join([ch(['Towards', 'Rethinking', 'On', 'Learning', 'Scalable', 'A Survey of', 'Benchmarking'])] + R.sample(EW, 2) + [ch(EN2)] + R.sample(EW, 2))
ZM = ['深度学习', '图神经网络', '强化学习', '多目标优化', '改进YOLOv8', '注意力机制', '联邦学习', '知识图谱', '数字孪生', '迁移学习', '大语言模型']
ZO = ['锂离子电池', '风电机组', '城市交通流', '遥感图像', '钢筋混凝土梁', '微电网', '工业机器人', '医学影像', '供应链', '滚动轴承', '高熵合金']
ZT = ['故障诊断', '寿命预测', '目标检测', '调度优化', '性能研究', '特征提取', '智能识别', '数值模拟', '协同控制', '风险评估']
def ztitle(): return '基于%s的%s%s%s' % (ch(ZM), ch(ZO), ch(ZT), ch(['研究', '方法', '', '方法研究']))
def authors(n=3): return ', '.join(mkname()[0] for _ in range(n))
def list_mail(name, subs, times, make, src, env, frm, extra, per_rcpt=True, cs='utf-8'):
    """send one issue per time to the subscribers (one transaction per subscriber or one for all)."""
    for k, t in enumerate(times):
        subj, text, htm = make(k, t)
        mid = '<%s.%s@%s>' % (hx(12), digits(8), env.split('@')[-1])
        groups = [[s] for s in subs] if per_rcpt else [subs]
        for j, g in enumerate(groups):
            sysmail(t + j * R.randint(1, 20), src(), env if '%s' not in env else env % g[0].addr.replace('@', '='), frm, g[0].addr if per_rcpt else frm, g, subj,
                    'list:' + name, text=text, htm=htm, cs=cs, cte='base64' if cs != 'us-ascii' else '7bit', mid=mid, extra=extra, hcte='quoted-printable' if R.random() < .5 else None)
def daily(hour, weekdays=True, jitter=1800, days=14, every=1):
    return [d * 86400 + hour * 3600 + R.randint(0, jitter) for d in range(0, days, every) if not weekdays or d % 7 < 5]
def gen_lists():
    rs = pick(STAFF[:600] + STUD[:400], 60)
    # arXiv
    for cat in ('cs.CV', 'cs.LG', 'eess.SY'):
        def mk(k, t, cat=cat):
            ents = []
            for i in range(R.randint(6, 18)):
                ents.append('------------------------------------------------------------------------------\n\\\\\narXiv:2403.%05d\nDate: %s   (%dkb)\n\nTitle: %s\nAuthors: %s\nCategories: %s\nComments: %d pages, %d figures\n\\\\\n  %s\n\\\\ ( https://arxiv.org/abs/2403.%05d ,  %dkb)'
                            % (R.randint(1000, 9999), rfcdate(t - 86400, 0), R.randint(200, 9000), etitle(), ', '.join('%s %s' % (ch(EN_FIRST), ch(EN_LAST)) for _ in range(R.randint(1, 5))),
                               cat, R.randint(6, 30), R.randint(2, 12), C.en_(R.randint(2, 5)), R.randint(1000, 9999), R.randint(200, 9000)))
            return ('%s daily Subj-class mailing %s %d' % (cat.split('.')[0], hx(6), R.randint(1, 200)),
                    'Send any comments regarding submissions directly to submitter.\n' + '\n'.join(ents) + '\n%%%---%%%---%%%\n\n To unsubscribe, e-mail To: cs@arXiv.org, Subject: cancel\n', None)
        list_mail('arxiv-' + cat, rs[:R.randint(4, 12)], daily(9), mk, lambda: (v4('128.84.4', 10, 20), 'mail.arxiv.org', 'mail.arxiv.org'),
                  'no-reply@arxiv.org', 'no-reply@arxiv.org', ['Precedence: bulk', 'X-Mailer: arXiv mailer'], cs='us-ascii')
    # CNKI / Wanfang / journal alerts / scholar
    def mk_cnki(k, t):
        items = [(ztitle(), authors(R.randint(2, 5)), ch(JOURNALS)) for _ in range(R.randint(5, 15))]
        text = '尊敬的用户：\n\n您订阅的检索式“%s”有%d篇新文献：\n\n' % (ch(ZM), len(items)) + '\n'.join('%d. %s\n   %s  《%s》 %s' % (i + 1, a, b, c, '网络首发' if R.random() < .3 else '2024年第%d期' % R.randint(1, 6)) for i, (a, b, c) in enumerate(items)) + '\n\n中国知网 www.cnki.net\n'
        htm = hpage('中国知网 - 文献订阅推送', [l for l in text.split('\n') if l.strip()], '同方知网（北京）技术有限公司 版权所有', '#0b5ba6')
        return 'CNKI文献推送：您订阅的主题有新文献更新（%s）' % cdate(t, '%Y-%m-%d'), text, htm
    list_mail('cnki', pick(STAFF[:800] + STUD[:600], 30), daily(7, False, 3600, every=3), mk_cnki, lambda: prov_src('dm_aliyun'), 'service@mail.cnki.net',
              addr('中国知网', 'service@mail.cnki.net'), [], cs='utf-8')
    list_mail('wanfang', pick(STAFF[:800], 12), daily(20, False, 3600, every=7), lambda k, t: ('万方数据：您关注的期刊有新刊发布', '您关注的《%s》发布了新一期目录：\n\n' % ch(JOURNALS) +
              '\n'.join('· ' + ztitle() for _ in range(10)) + '\n\n万方数据知识服务平台', None), lambda: prov_src('sendcloud'), 'noreply@wanfangdata.com.cn',
              addr('万方数据', 'noreply@wanfangdata.com.cn', 'gb2312'), [], cs='gb2312')
    for jn in R.sample(EJOURNALS, 5):
        list_mail('toc-' + jn.split()[0].lower() + str(len(jn)), pick(STAFF[:700], R.randint(3, 10)), daily(R.randint(0, 23), False, 3000, every=7),
                  lambda k, t, jn=jn: ('%s: Volume %d, Issue %d' % (jn, R.randint(20, 300), R.randint(1, 12)),
                                       'Table of Contents Alert\n%s\n\n' % jn + '\n\n'.join('%s\n%s\n%s' % (etitle(), ', '.join('%s %s' % (ch(EN_LAST), ch('ABCDEFGHJKLMNPQRSTWXYZ')) for _ in range(4)), C.en_(1)) for _ in range(R.randint(6, 14))),
                                       None), lambda: prov_src('ses'), 'alerts@%s' % ch(['notification.elsevier.com', 'ieee.org', 'springernature.com']), addr('Journal Alerts', 'alerts@notification.elsevier.com'),
                  ['List-Unsubscribe: <https://www.sciencedirect.com/unsubscribe?id=%s>' % hx(24)], cs='us-ascii')
    list_mail('scholar', pick(STAFF[:500], 15), daily(14, False, 20000, every=2), lambda k, t: ('%s - 新的引用' % mkname()[0] if R.random() < .5 else '新的相关研究工作',
              '\n\n'.join('[PDF] %s\n%s - %s, 2024\n%s' % (etitle() if R.random() < .6 else ztitle(), authors(3), ch(EJOURNALS + JOURNALS), C.en_(1)) for _ in range(R.randint(2, 8))) + '\n\n此快讯由 Google 学术搜索发送。', None),
              lambda: prov_src('gmail'), 'scholaralerts-noreply@google.com', addr('Google 学术搜索快讯', 'scholaralerts-noreply@google.com'), [], cs='utf-8')
    # society newsletters
    for name, org, dom, pv in (('ccf', '中国计算机学会', 'ccf.org.cn', 'sendcloud'), ('caa', '中国自动化学会', 'caa.org.cn', 'dm_aliyun'), ('ciesc', '中国化工学会', 'ciesc.cn', 'exmail')):
        subs = pick(STAFF[:900] + STUD[:300], R.randint(30, 90))
        def mk(k, t, org=org):
            paras = [C.zh(R.randint(1, 3)) if R.random() < .3 else ch(['%s第%d届学术年会将于%d月在%s召开，欢迎会员踊跃投稿并参会。' % (org, R.randint(10, 40), R.randint(5, 11), ch(['杭州', '成都', '西安', '长沙', '合肥'])),
                     '学会开展%s年度会士、杰出会员评选，请符合条件的会员登录会员系统申报。' % '2024', '本期《通讯》专题：%s。' % ztitle(), '欢迎会员参加“走进高校”系列学术报告活动。',
                     '会员续费通道已开放，请尚未续费的会员及时办理。']) for _ in range(R.randint(4, 9))]
            return ('【%s】会员通讯 %d年第%d期' % (org, 2024, R.randint(3, 12)), None, hpage('%s会员通讯' % org, paras, '您收到此邮件是因为您是%s会员。退订请登录会员中心。' % org))
        list_mail(name, subs, [ham_time(k * 86400 * 7, k * 86400 * 7 + 5 * 86400, True) for k in range(2)], mk, lambda pv=pv: prov_src(pv), 'member@' + dom,
                  addr(org, 'member@' + dom, 'utf-8'), ['List-Unsubscribe: <mailto:unsubscribe@%s>' % dom, 'Precedence: bulk'])
    # school news digest
    list_mail('news', pick(STAFF + STUD, 400), [4 * 86400 + 17 * 3600, 11 * 86400 + 17 * 3600], lambda k, t: ('%s新闻周报（第%d期）' % (UNI, 9 + k), None,
              hpage('%s新闻周报' % UNI, ['【要闻】' + ch(['学校召开%d年工作会议', '我校%d项成果获省科学技术奖', '学校举行%d年春季学期教学工作会议']) % 2024, '【科研】' + ztitle() + '取得新进展',
                                       '【校园】' + C.zh(1), '【学术】' + C.zh(2)], '党委宣传部 主办')), lambda: site_src('news'), 'news@' + DOM, addr('党委宣传部', 'news@' + DOM), ['Precedence: bulk'], per_rcpt=False)
    # debian-chinese-gb mailing list threads (Mailman/SmartList style, VERP per subscriber)
    subs = pick(STAFF[:400] + STUD[:800], 5)
    posters = [e for e in EXT if e.prov in ('gmail', '163', 'qq', 'sina')][:40]
    for th in range(14):
        t = ham_time(); subj = '[debian-chinese-gb] ' + ch(['请教', '求助：', '关于', '']) + ch(['fcitx5 输入法', 'apt 源', '中文字体', 'sid 升级', 'locale 设置', '打包问题', 'wine 中文乱码', '镜像同步', 'systemd 服务']) + ch(['的问题', '无法使用', '配置', '报错', ''])
        base = subj
        for k in range(int(lognorm(1, .8, 1, 12))):
            p = ch(posters)
            text = ('%s\n\n' % ch(['各位好，', '大家好：', '', '']) + C.zh(R.randint(1, 5)) + '\n\n' + ('在 %s, %s 写道:\n> %s\n' % (cdate(t - 3600, '%Y-%m-%d %H:%M'), mkname()[0], C.zh(1)) if k else '') +
                    '\n-- \n' + p.name + '\n')
            for s in subs:
                sysmail(t + R.randint(0, 60), ('82.195.75.100', 'bendel.debian.org', 'bendel.debian.org'), 'debian-chinese-gb-request+bounces-%d-%s@lists.debian.org' % (R.randint(1000, 9999), s.addr.replace('@', '=')),
                        addr(p.name, p.addr, 'utf-8'), 'debian-chinese-gb@lists.debian.org', [s], subj if k == 0 else 'Re: ' + base.replace('[debian-chinese-gb] ', '[debian-chinese-gb] '), 'list:debian-chinese-gb',
                        text=text, cs='utf-8', cte=ch(['8bit', 'base64', 'quoted-printable']), mid='<%s@%s>' % (hx(16), p.addr.split('@')[1]),
                        extra=['List-Id: <debian-chinese-gb.lists.debian.org>', 'List-Post: <mailto:debian-chinese-gb@lists.debian.org>', 'Precedence: list',
                               'Resent-From: debian-chinese-gb@lists.debian.org', 'X-Mailing-List: <debian-chinese-gb@lists.debian.org> archive/latest/%d' % R.randint(4000, 6000)])
            t += int(lognorm(9, 1.2, 300, 3 * 86400))
            if t >= SPAN: break
    # GitHub notifications
    repos = ['%s/%s' % (ch(['THUDM', 'open-mmlab', 'PaddlePaddle', 'alibaba', 'jhlg-cs', 'tuna', 'pytorch', 'huggingface', 'ultralytics']), ch(['mmdetection', 'ChatGLM3', 'nacos', 'lab-tools', 'transformers', 'yolov5', 'Paddle', 'mirror-web']))
             for _ in range(12)]
    for ri, repo in enumerate(repos):
        watchers = pick(STAFF[:500] + STUD[:1500], R.randint(1, 5))
        for iss in range(R.randint(1, 6)):
            num = R.randint(100, 9000); title = ch([etitle(), ch(['[Bug] ', '', '[Feature] ', '求助：']) + ch(['训练时显存溢出', 'CUDA out of memory', 'install failed on Windows', 'docs: fix typo', '推理结果不一致', 'support for arm64'])])
            t = ham_time(); kind = ch(['Issue', 'Issue', 'PR'])
            for c in range(int(lognorm(.8, .8, 1, 15))):
                who = alnum(R.randint(5, 12), 'abcdefghijklmnopqrstuvwxyz') + ch(['', '2020', '-dev', '_cn'])
                txt = (C.zh(R.randint(1, 3)) if R.random() < .5 else C.en_(R.randint(1, 3))) + '\n\n—\nReply to this email directly, view it on GitHub:\nhttps://github.com/%s/%s/%d#issuecomment-%d\nYou are receiving this because you %s.\n\nMessage ID: <%s/%s/%d/c%d@github.com>' % (
                    repo, 'issues' if kind == 'Issue' else 'pull', num, R.randint(10 ** 9, 2 * 10 ** 9), ch(['are subscribed to this thread', 'were mentioned', 'authored the thread']), repo, kind.lower(), num, R.randint(10 ** 9, 2 * 10 ** 9))
                htm = '<p></p>\r\n<p dir="auto">%s</p>\r\n<p style="font-size:small;color:#666">—<br>Reply to this email directly, <a href="https://github.com/%s">view it on GitHub</a>.</p>' % (h2t(txt.split('\n\n—')[0]), repo)
                for w in watchers:
                    sysmail(t + R.randint(0, 30), prov_src('github'), 'noreply@github.com', addr(who, 'notifications@github.com'), '%s <%s@noreply.github.com>' % (repo, repo.split('/')[1]), [w],
                            ('Re: ' if c else '') + '[%s] %s (%s #%d)' % (repo, title, 'PR' if kind == 'PR' else 'Issue', num), 'github:%d.%d' % (ri, iss), text=txt, htm=htm, cs='UTF-8',
                            cte='quoted-printable', mid='<%s/%s/%d/c%d@github.com>' % (repo, kind.lower(), num, R.randint(10 ** 9, 2 * 10 ** 9)), dkimd='github.com',
                            extra=['List-ID: %s <%s.%s.github.com>' % (repo, repo.split('/')[1], repo.split('/')[0]), 'X-GitHub-Reason: subscribed', 'Precedence: list',
                                   'List-Unsubscribe: <mailto:unsub+%s@reply.github.com>' % hx(30)])
                t += int(lognorm(9.5, 1.3, 120, 4 * 86400))
                if t >= SPAN: break

def gen_services():
    pop = STUD + STAFF
    SV = [  # group, count, env, from name, helo-src, subject fn, body fn, cs
        ('shop:jd', 110, 'customer_service@jd.com', '京东', 'sendcloud', lambda: ch(['您的订单已完成', '您的订单已出库', '京东发票开具成功通知', '您有一笔退款已到账']) + '（订单号：%s）' % digits(12),
         lambda u: '尊敬的%s：\n您在京东购买的商品“%s”%s。\n订单金额：￥%d.%02d\n如有疑问请联系京东客服。' % (u.given or u.name, ch(['罗技无线鼠标', '小米充电宝', '得力A4打印纸', '金士顿U盘64G', '三体全集', '洗衣液3kg']),
                                                                      ch(['已签收', '已出库，正在配送中', '已完成']), R.randint(9, 999), R.randint(0, 99)), 'utf-8'),
        ('bank:cmb', 55, 'ccsvc@message.cmbchina.com', '招商银行信用卡', 'exmail', lambda: '招商银行信用卡电子账单',
         lambda u: '尊敬的%s%s：\n您好！以下是您的招商银行信用卡%d月电子账单。\n本期应还金额：RMB %d.%02d\n最低还款额：RMB %d.00\n到期还款日：2024年%02d月%02d日\n\n本邮件由系统自动发出，请勿回复。' % (
             u.name[0], ch(['先生', '女士']), 2, R.randint(100, 9000), R.randint(0, 99), R.randint(10, 900), 3, R.randint(18, 28)), 'gbk'),
        ('txn:12306', 80, '12306@rails.com.cn', '中国铁路12306', 'aliyun', lambda: ch(['网上购票系统-用户支付通知', '网上购票系统-用户退票通知', '网上购票系统-改签通知']),
         lambda u: '尊敬的 %s 女士/先生：\n\n您于%s在中国铁路客户服务中心网站(12306.cn)成功购买了%d张车票，票款共计%d.00元，订单号码 E%s。\n1.%s，%s，%s开，%s站-%s站，%s次列车，%d车%02d%s号，二等座，成人票，票价%d.0元。\n\n按购票时所使用的有效身份证件原件进站乘车。\n感谢您使用中国铁路客户服务中心网站 12306.cn ！' % (
             u.name, ymd(R.randint(0, SPAN)), 1, R.randint(50, 600), digits(9), u.name, ch(['二代身份证', '护照']), cdate(R.randint(0, SPAN) + 86400 * 3, '%m月%d日%H:%M'),
             ch(['合肥南', '合肥', '芜湖']), ch(['北京南', '上海虹桥', '南京南', '杭州东', '武汉', '广州南']), ch(['G', 'D', 'G']) + str(R.randint(1, 9000)), R.randint(1, 16), R.randint(1, 20), ch('ABCDF'), R.randint(50, 600)), 'gbk'),
        ('einvoice', 70, 'invoice@%s' % ch(['nuonuo.com', 'baiwang.com']), '电子发票服务平台', 'dm_aliyun', lambda: '您收到一张【%s】开具的电子发票' % ch(['滴滴出行科技有限公司', '北京京东世纪贸易有限公司', '合肥市某某酒店管理有限公司', '中国电信股份有限公司', '瑞幸咖啡']),
         lambda u: '尊敬的客户您好：\n\n您收到一张电子发票：\n发票号码：%s\n开票日期：%s\n价税合计：%d.%02d元\n\n电子发票与纸质发票具有同等法律效力，可支持报销入账。请点击附件下载发票PDF或OFD文件。' % (
             digits(20), ymd(R.randint(0, SPAN)), R.randint(10, 3000), R.randint(0, 99)), 'utf-8'),
        ('verify', 110, 'noreply@%s' % 'tencent.com', '腾讯云', 'exmail', lambda: ch(['【腾讯云】邮箱验证码', '您的 Apple ID 验证码', 'Microsoft 帐户安全代码', '【知乎】验证码', 'Overleaf 验证您的邮箱地址']),
         lambda u: '您好！\n\n您的验证码为：%s\n验证码10分钟内有效，请勿泄露给他人。\n\n如非本人操作，请忽略本邮件。' % digits(6), 'utf-8'),
        ('bill:10086', 40, '10086@139.com', '中国移动', 'qiye163', lambda: '中国移动 %d年%d月电子账单' % (2024, 2),
         lambda u: '尊敬的客户：\n您的手机号 1%s******%s 2024年02月账单已出。\n本月消费：%d.%02d元\n当前余额：%d.%02d元\n感谢您使用中国移动的服务。' % (digits(2), digits(2), R.randint(20, 200), R.randint(0, 99), R.randint(0, 300), R.randint(0, 99)), 'gbk'),
        ('cloud:aliyun', 35, 'noreply@notice.aliyun.com', '阿里云', 'dm_aliyun', lambda: ch(['【阿里云】您的云服务器ECS即将到期', '【阿里云】域名续费提醒', '【阿里云】账单通知']),
         lambda u: '尊敬的阿里云用户：\n\n您的账号（%s）下有%d台实例将于%s到期，到期后实例将被停机，请及时续费。\n\n阿里云计算有限公司' % (u.addr, R.randint(1, 4), ymd(R.randint(0, SPAN) + 7 * 86400)), 'utf-8'),
        ('trip:ctrip', 30, 'ctrip@service.ctrip.com', '携程旅行网', 'sendcloud', lambda: '携程：您的订单已确认（订单号%s）' % digits(11),
         lambda u: '尊敬的%s：\n\n您预订的%s已确认。入住日期：%s，共%d晚。\n\n携程旅行网' % (u.name, ch(['全季酒店（北京五道口店）', '汉庭酒店（上海虹桥店）', '亚朵酒店（杭州西湖店）', '如家酒店']), ymd(R.randint(0, SPAN)), R.randint(1, 4)), 'utf-8'),
        ('pay:alipay', 45, 'service@mail.alipay.com', '支付宝', 'dm_aliyun', lambda: ch(['支付宝账单', '您的支付宝账户有一笔资金变动', '【支付宝】月度账单提醒']),
         lambda u: '亲爱的%s：\n\n您的支付宝账户于%s有一笔%d.%02d元的%s。\n如有疑问，请拨打95188。\n\n支付宝（中国）网络技术有限公司' % (u.given or u.name, cdate(R.randint(0, SPAN), '%m月%d日 %H:%M'), R.randint(1, 999), R.randint(0, 99), ch(['支出', '收入', '退款'])), 'gbk'),
    ]
    for grp, n, env, fname, pv, subjf, bodyf, cs in SV:
        for _ in range(n):
            u = pick(pop); t = ham_time(); subj = subjf(); text = bodyf(u)
            e, fn = env, fname
            if grp == 'verify':
                fn, e, pv = {'【': ('腾讯云', 'noreply@mail.cloud.tencent.com', 'exmail'), '您': ('Apple', 'no_reply@email.apple.com', 'ses'), 'M': ('Microsoft 帐户团队', 'account-security-noreply@accountprotection.microsoft.com', 'm365'),
                             'O': ('Overleaf', 'welcome@overleaf.com', 'sendgrid')}.get(subj[0], ('知乎', 'noreply@zhihu.com', 'dm_aliyun')) if not subj.startswith('【知乎') else ('知乎', 'noreply@zhihu.com', 'dm_aliyun')
            atts = [attach('%s.pdf' % digits(20), 'utf-8')] if grp == 'einvoice' else []
            useh = R.random() < .7
            sysmail(t, prov_src(pv), e, addr(fn, e, cs), u.addr, [u], subj, grp + (':' + fn if grp == 'verify' else ''), text=text if not useh or R.random() < .5 else None,
                    htm=hpage(subj, text.split('\n'), fn, ch(['#e4393c', '#1677ff', '#c00', '#333'])).replace('charset="utf-8"', 'charset="%s"' % cs) if useh else None,
                    cs=cs, atts=atts, dkimd=e.split('@')[1], extra=['X-Priority: 3'] if R.random() < .3 else [])

def gen_invites(n=75):
    for i in range(n):
        gid = 'invite:%d' % i
        org = pick(STAFF) if R.random() < .3 else ch(EXT)
        app = ch(['腾讯会议', '腾讯会议', '腾讯会议', '钉钉', '飞书', 'Zoom'])
        t = ham_time(); mt = t + R.randint(3600, 6 * 86400); topic = ch(['课题组周例会', '项目推进会', '博士论文预答辩', '学术报告：' + ztitle(), '基金申报讨论', '联合培养协调会', 'Project sync'])
        mt -= mt % 1800
        d1, d2 = dt(mt), dt(mt + 3600 * R.randint(1, 3))
        if app == '腾讯会议':
            body = '%s 邀请您参加腾讯会议\n会议主题：%s\n会议时间：%s-%s (GMT+08:00) 中国标准时间 - 北京\n\n点击链接入会，或添加至会议列表：\nhttps://meeting.tencent.com/dm/%s\n\n#腾讯会议：%s-%s-%s\n会议密码：%s\n\n手机一键拨号入会\n+8675536550000,,%s# (中国大陆)' % (
                org.name, topic, d1.strftime('%Y/%m/%d %H:%M'), d2.strftime('%H:%M'), alnum(12, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'), digits(3), digits(3), digits(3), digits(4), digits(9))
        elif app == '钉钉':
            body = '%s邀请你参加钉钉视频会议\n主题：%s\n时间：%s\n会议号：%s\n入会链接：https://meeting.dingtalk.com/j/%s' % (org.name, topic, d1.strftime('%Y-%m-%d %H:%M'), digits(9), alnum(10))
        elif app == '飞书':
            body = '%s 邀请你加入飞书视频会议\n会议主题：%s\n会议时间：%s\n点击链接直接加入会议：\nhttps://vc.feishu.cn/j/%s\n\n会议 ID：%s %s %s' % (org.name, topic, d1.strftime('%Y年%m月%d日 %H:%M'), digits(9), digits(3), digits(3), digits(3))
        else:
            body = '%s 邀请您参加已预定的 Zoom 会议。\n\n主题: %s\n时间: %s 北京，上海\n\n加入 Zoom 会议\nhttps://us06web.zoom.us/j/%s?pwd=%s\n\n会议号: %s\n密码: %s' % (org.name, topic, d1.strftime('%Y年%m月%d日 %I:%M %p'), digits(11), alnum(32), digits(11), digits(6))
        rc = pick(STAFF[:700] + STUD[:800], R.randint(2, 12))
        cli = org.cli if org.prov != 'site' else 'outlook'
        node = Node([greet(org, rc[0]) if R.random() < .5 else '各位好，', ''] + body.split('\n'), [], None, author=org, t=t, subj=topic)
        h, b, mid = compose(t, org, rc[:6], rc[6:], ('邀请: ' if R.random() < .4 else '') + topic, node, cli)
        if cli.startswith('outlook') and R.random() < .7:
            ics = 'BEGIN:VCALENDAR\nMETHOD:REQUEST\nPRODID:Microsoft Exchange Server 2010\nVERSION:2.0\nBEGIN:VEVENT\nORGANIZER;CN=%s:mailto:%s\nSUMMARY;LANGUAGE=zh-CN:%s\nDTSTART;TZID=China Standard Time:%s\nDTEND;TZID=China Standard Time:%s\nUID:%s\nLOCATION;LANGUAGE=zh-CN:%s\nDESCRIPTION;LANGUAGE=zh-CN:%s\nEND:VEVENT\nEND:VCALENDAR\n' % (
                org.name, org.addr, topic, d1.strftime('%Y%m%dT%H%M%S'), d2.strftime('%Y%m%dT%H%M%S'), HX(40), app, body.replace('\n', '\\n')[:300])
            b = P('multipart/alternative', parts=b.parts + [P('text/calendar', ics, 'utf-8', 'base64', params=';\r\n\tmethod=REQUEST')] if b.parts else [b], bnd=bnd('outlook'))
        for bb in batches(rc, 20 if R.random() < .7 else 1):
            emit(t, src_of(org), org.addr, bb, 'ham', gid, h, b); t += R.randint(0, 5)

OOO_TXT = ['这是来自QQ邮箱的假期自动回复邮件。\n\n您好，我最近正在休假中，无法亲自回复您的邮件。我将在假期结束后，尽快给您回复。',
           '您好，我近期在外出差，邮件回复可能不及时，急事请致电。谢谢！', '此邮件为自动回复：您的来信已收到，我会尽快处理。',
           '本人于3月%d日至3月%d日外出参加学术会议，期间查看邮件不便，如有急事请联系课题组秘书。', 'I am currently out of the office with limited access to email. I will respond as soon as possible upon my return.',
           '您好，我已离职，此邮箱不再使用，请联系新的负责人。', '您的邮件已收到，谢谢！（自动回复）']
def gen_auto():
    for i in range(150):
        u = pick(STAFF + STUD[:1000]); e = ch(EXT); t = ham_time()
        subj0 = fmt(ch(ch(list(TOPICS.values()))[0]), name=u.name, T=e.sur)
        pre = {'outlook': '自动答复: ', 'outlook_en': 'Automatic reply: ', 'outlook_tw': '自動回覆: ', 'qqweb': '自动回复: ', 'netease': '自动回复:'}.get(e.cli, ch(['自动回复: ', '【自动回复】', 'Auto: ']))
        txt = ch(OOO_TXT)
        if '%d' in txt: d0 = R.randint(1, 20); txt = txt % (d0, d0 + R.randint(2, 8))
        cs = 'gb18030' if e.cli == 'qqweb' else ch(['utf-8', 'gbk'])
        sysmail(t, src_of(e), '<>' if R.random() < .4 else e.addr, addr(e.name, e.addr, cs), u.addr, [u], pre + subj0, 'ooo', text=txt, cs=cs,
                extra=['Auto-Submitted: auto-replied', 'X-Autoreply: yes'] if R.random() < .7 else ['X-Auto-Response-Suppress: All'], bs='qq', mid=msgid(e.cli, e.addr, t))
    for i in range(140):
        u = pick(STAFF + STUD[:1000]); t = ham_time(); e = ch(EXT)
        bad = ch([e.addr.replace('@', '1@'), alnum(7) + '@' + e.addr.split('@')[1], e.addr])
        subj0 = fmt(ch(ch(list(TOPICS.values()))[0]), name=u.name, T=e.sur)
        dom = e.addr.split('@')[1]; ip, helo, rd = src_of(e)
        kind = ch(['postfix', 'postfix', 'coremail', 'exchange'])
        why = ch(['550 5.1.1 <%s>: Recipient address rejected: User unknown in local recipient table' % bad, '552 5.2.2 Mailbox full', 'Mailbox not found or access denied',
                  '554 5.7.1 Message rejected as spam', 'Connection timed out', '550 User not found: %s' % bad])
        if kind == 'coremail':
            text = '很抱歉您发送的邮件被退回，以下是该邮件的相关信息：\n\n    被退回的邮件主题：%s\n    发送时间：%s\n    无法到达的收件人：%s\n    原因：%s\n\n这是一封系统自动发送的退信通知，请勿直接回复。' % (subj0, cdate(t - 120, '%Y-%m-%d %H:%M:%S'), bad, why)
            subj, cs = '系统退信', 'gbk'
        else:
            text = 'This is the mail system at host %s.\n\nI\'m sorry to have to inform you that your message could not\nbe delivered to one or more recipients. It\'s attached below.\n\n                   The mail system\n\n<%s>: host %s[%s] said: %s' % (helo, bad, helo, ip, why)
            subj, cs = 'Undelivered Mail Returned to Sender', 'us-ascii'
        ds = 'Reporting-MTA: dns; %s\nArrival-Date: %s\n\nFinal-Recipient: rfc822; %s\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; %s\n' % (helo, rfcdate(t - 300), bad, why)
        orig = 'Received: from mail.%s (mail.%s [%s])\nDate: %s\nFrom: %s\nTo: %s\nSubject: %s\nMessage-ID: <%s.%s.%s.Coremail.%s>\n' % (DOM, DOM, v4(SITENET, 10, 20), rfcdate(t - 400), u.addr, bad,
                                                                                                        ew(subj0, 'utf-8').replace('\r\n', '\n'), hx(7), hx(4), '18e' + hx(8), u.addr)
        body = P('multipart/report', parts=[P('text/plain', text, cs, 'base64' if cs == 'gbk' else '7bit'), P('message/delivery-status', ds.replace('\n', '\r\n').encode(), cte='7bit'),
                                          P('text/rfc822-headers', orig.replace('\n', '\r\n').encode(), cte='7bit')], bnd='%s.%d/%s' % (HX(10), 1709500000 + t, helo), params='; report-type=delivery-status')
        h = ['Date: ' + rfcdate(t), 'From: %s' % ('MAILER-DAEMON@%s (Mail Delivery System)' % helo if kind != 'coremail' else addr('系统管理员', 'postmaster@' + dom, 'gbk')),
             'To: ' + u.addr, 'Subject: ' + ew(subj, 'gbk'), 'Message-ID: <%s@%s>' % (qid(), helo), 'Auto-Submitted: auto-replied']
        emit(t, (ip, helo, rd), '<>', [u], 'ham', 'dsn', h, body)

def gen_cfp_journal():
    for i in range(42):
        gid = 'cfp:%d' % i
        ab = ch(['CCCV', 'CAC', 'ICIRA', 'CCDC', 'ICMLC', 'PRCV', 'CSIAM', 'ISNN', 'ICEMS', 'CIAC']); yr = 2024
        nth = R.randint(3, 40); city = ch(['合肥', '西安', '厦门', '重庆', '南京', '青岛', '昆明', '长沙'])
        zhp = ['第%d届%s（%s %d）将于%d年%d月在%s召开。' % (nth, ztitle()[2:8] + '国际会议', ab, yr, yr, R.randint(6, 11), city),
               '会议由%s主办，%s承办。' % (ch(['中国自动化学会', '中国计算机学会', 'IEEE', '中国人工智能学会']), ch(UNIS)[1]), '会议录用论文将由%s出版，并提交EI Compendex和Scopus检索。' % ch(['IEEE', 'Springer LNCS', 'Springer LNEE']),
               '征稿主题包括但不限于：%s。' % '、'.join(R.sample(ZM + ZT, 5)), '重要日期：全文截稿日期 %d年%d月%d日；录用通知 %d年%d月%d日。' % (yr, R.randint(4, 6), R.randint(1, 28), yr, R.randint(6, 8), R.randint(1, 28))]
        enp = ['The %d%s International Conference on %s (%s %d) will be held in %s, China.' % (nth, 'th', etitle(), ab, yr, city), C.en_(2),
               'Topics of interest include, but are not limited to: ' + ', '.join(R.sample(EW, 6)) + '.', 'Submission deadline: %s %d, %d' % (ch(['April', 'May', 'June']), R.randint(1, 28), yr)]
        text = '尊敬的专家学者：\n\n　　' + '\n　　'.join(zhp) + '\n\n诚挚欢迎各位专家学者投稿参会！\n\n会议秘书处\n\n==============================\nCall for Papers\n\nDear Colleagues,\n\n' + '\n\n'.join(enp) + '\n\nConference Secretariat\n' + ('\n如不希望继续收到此类邮件，请回复“退订”。' if R.random() < .5 else '')
        sender = ch(EXT) if R.random() < .5 else U(name='%s %d会务组' % (ab, yr), addr='%s%d@%s' % (ab.lower(), yr, ch(['163.com', 'vip.163.com', 'qq.com', 'conf.' + ch(UNIS)[0]])), prov=ch(['163', 'qq', 'exmail']))
        rcp = pick(STAFF[:1000], R.randint(2, 10))
        t = ham_time(); cs = ch(['utf-8', 'gb2312', 'gbk']); subj = ch(['%s %d 征稿通知 / Call for Papers', '【征稿】第%d届%s' % (nth, ab) + ' %d', 'CFP: %s %d, Deadline Extended']).replace('%s', ab, 1)
        subj = subj % yr if '%d' in subj else subj
        per = R.random() < .6
        for b in batches(rcp, 1 if per else 10):
            sysmail(t, src_of(sender) if sender.prov not in ('exmail',) else prov_src('exmail'), sender.addr, addr(sender.name, sender.addr, cs), b[0].addr if per else 'undisclosed-recipients:;', b,
                    subj, gid, text=text, htm=hpage(subj, text.split('\n'), '') if R.random() < .5 else None, cs=cs, bs='coremail')
            t += int(lognorm(4, 1.5, 5, 20000))
    for i in range(55):
        gid = 'journal:%d' % i
        u = pick(STAFF[:900] + STUD[:300]); t = ham_time()
        if R.random() < .5:
            jn = ch(EJOURNALS); msid = '%s-%d-%04d' % (''.join(w[0] for w in jn.split() if w[0].isupper())[:4], 24, R.randint(1, 9999))
            steps = ['Invitation to Review Manuscript ID %s', '%s - Manuscript Submitted', 'Decision on Manuscript ID %s', 'Reminder: Review for %s', '%s - Revision Received']
            for k in range(R.randint(1, 4)):
                s = ch(steps) % msid
                text = 'Dear Dr. %s,\n\n%s\n\n%s\n\nSincerely,\n%s %s\nEditor, %s\n\nhttps://mc.manuscriptcentral.com/%s' % (u.addr.split('@')[0].capitalize(), s + '.', C.en_(R.randint(2, 4)), ch(EN_FIRST), ch(EN_LAST), jn, alnum(6))
                sysmail(t, prov_src('ses'), 'onbehalfof@manuscriptcentral.com', addr(jn, 'onbehalfof@manuscriptcentral.com'), u.addr, [u], s, gid, text=text,
                        htm=hpage(s, text.split('\n'), 'ScholarOne Manuscripts') if R.random() < .6 else None, cs='utf-8', cte='quoted-printable', dkimd='manuscriptcentral.com')
                t += int(lognorm(11, 1, 3600, 5 * 86400))
        else:
            jn = ch(JOURNALS); msid = '%d-%04d' % (2024, R.randint(1, 999)); e = 'tougao@%s' % ch(['163.com', 'vip.163.com', 'cnjournals.com', 'ict.ac.cn'])
            for k in range(R.randint(1, 3)):
                s = ch(['《%s》稿件处理通知', '《%s》审稿邀请', '《%s》修改稿提醒', '《%s》录用通知']) % jn
                text = '%s老师：\n\n　　您好！您的稿件《%s》（稿件编号：%s）%s\n　　%s\n\n《%s》编辑部\n%s' % (u.name, ztitle(), msid, ch(['已进入外审阶段。', '需要修改，请在30天内提交修改稿。', '已通过终审，拟录用。', '请您审阅。']),
                                                                   ch(['请登录作者中心查看详细信息。', '请注意查收邮件，及时处理。']), jn, ymd(t))
                sysmail(t, prov_src('qiye163') if 'cnjournals' in e else prov_src('163') if '163' in e else prov_src('cstnet'), e, addr('%s编辑部' % jn, e, 'gb2312'), u.addr, [u], s, gid,
                        text=text, cs=ch(['gb2312', 'gbk', 'utf-8']), cte=ch(['base64', '8bit']))
                t += int(lognorm(11, 1, 3600, 5 * 86400))

# ----------------------------------------------------------------- spam
def spin(s):
    while '{' in s:
        s = re.sub(r'\{([^{}]*)\}', lambda m: ch(m.group(1).split('|')), s)
    return s
TRAD = dict(zip('发开电话联系务国优惠点专业费贷额门乐场会员网号码证书训讲课经样这说时过对们还进实现', '發開電話聯係務國優惠點專業費貸額門樂場會員網號碼證書訓講課經樣這說時過對們還進實現'))
SEPS = ['', ' ', '.', '*', '-', '_', '~', '☆', '★', '◆', '|', '/', '丨', '`', '、', '\u200b', '·', '♂']
def obf(s, level):
    if level <= 0: return s
    if level >= 2 and R.random() < .4: s = ''.join(TRAD.get(c, c) if R.random() < .6 else c for c in s)
    sp = ch(SEPS[1:])
    if R.random() < .5:
        return ''.join(c + (sp if CJK.match(c) and R.random() < .5 * level else '') for c in s)
    return sp.join(jieba.lcut(s)) if R.random() < .5 else ''.join(w + (ch(SEPS) if R.random() < .3 else '') for w in jieba.lcut(s))
def phone(level=0):
    p = '1' + ch('3589') + digits(9)
    if level and R.random() < .5: p = ''.join('０１２３４５６７８９'[int(c)] if R.random() < .5 else c for c in p)
    if level and R.random() < .3: p = p[:3] + ' ' + p[3:7] + ' ' + p[7:]
    return p
def salad(n):
    ws = []
    for _ in range(n): ws += jieba.lcut(ch(C.fort if R.random() < .5 else C.cn))
    R.shuffle(ws); return ''.join(ws[:R.randint(20, 120)])
def rdom(): return alnum(R.randint(4, 9), 'abcdefghijklmnopqrstuvwxyz') + digits(R.randint(0, 3)) + ch(['.top', '.xyz', '.cn', '.com', '.com.cn', '.cc', '.vip', '.icu', '.net'])
def rurl(kind=None):
    h = ch(['https://%s/' % rdom(), 'http://%s/%s' % (rdom(), alnum(6)), 'https://%s.%s/%s' % (alnum(8), ch(['weebly.com', 'wjx.cn', 'jinshuju.net', 'web.app', 'r2.dev', 'sharepoint.com', 'notion.site']), alnum(10)),
             'http://%s.%d.%d.%d/' % (alnum(3), R.randint(1, 223), R.randint(0, 255), R.randint(0, 255))])
    return h
BOT_A = [113, 114, 115, 116, 117, 119, 121, 122, 123, 124, 125, 180, 182, 183, 218, 220, 221, 222, 36, 39, 42, 58, 59, 60, 61, 106, 110, 111, 112, 171, 175,
         14, 27, 177, 179, 186, 187, 189, 191, 200, 201, 5, 31, 37, 46, 77, 78, 79, 85, 91, 94, 95, 176, 178, 188, 41, 102, 105, 197, 24, 67, 68, 71, 73, 76, 98, 49, 101, 103, 120]
def bot_src():
    ip = '%d.%d.%d.%d' % (ch(BOT_A), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    helo = ch(['[%s]' % ip, 'WIN-%s' % alnum(11, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), 'USER-PC', 'localhost', rdom(), 'qq.com', '163.com', DOM, 'PC-%s' % digits(14),
               'DESKTOP-%s' % alnum(7, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), 'mail.' + rdom(), ip])
    rd = None if R.random() < .55 else '%s.%s' % (ip.replace('.', '-'), ch(['dynamic.163data.com.cn', 'broad.gz.gd.dynamic.163data.com.cn', 'adsl.sx.dynamic', 'static.vnpt.vn',
                                                                         'dsl.telesp.net.br', 'pool.ukrtel.net', 'dynamic.airtelbroadband.in', 'res.spectrum.com', 'ip.kyivstar.net']))
    return ip, helo, rd
class Camp:
    def __init__(self, n, src):
        self.src, self.nets, self.doms, self.accts = src, [], [], []
        if src == 'snow':
            self.nets = ['%d.%d.%d' % (ch([45, 103, 104, 107, 154, 156, 185, 193, 194, 198, 23, 38, 91, 43, 47, 8]), R.randint(0, 255), R.randint(0, 255)) for _ in range(R.randint(1, 4))]
            self.doms = [rdom() for _ in range(R.randint(3, 25))]
        elif src in ('edu', 'free', 'ent'):
            for _ in range(R.randint(1, 4) if src != 'free' else R.randint(3, max(4, n // 3))):
                cn, s, g = mkname()
                if src == 'edu': un = ch(UNIS); self.accts.append(U(name=cn, addr=s + g + '@' + un[0], prov=('uni', un), cli='coremail'))
                elif src == 'ent': self.accts.append(U(name=cn, addr=s + g + '@' + rdom().replace('.top', '.com'), prov='exmail', cli='foxmail'))
                else:
                    pv = ch(['qq', '163', '126', 'sina', 'qq'])
                    lp = digits(R.randint(9, 10)) if pv == 'qq' else alnum(R.randint(6, 10)) + digits(R.randint(0, 4))
                    self.accts.append(U(name=cn if R.random() < .5 else '', addr=lp + '@' + {'qq': 'qq.com', '163': '163.com', '126': '126.com', 'sina': 'sina.com'}[pv], prov=pv, cli='qqweb' if pv == 'qq' else 'netease'))
    def copy(self):
        """(src triple, envelope sender, from-user or None)"""
        if self.src == 'snow':
            i = R.randrange(len(self.doms)); net = self.nets[i % len(self.nets)]; d = self.doms[i]; ip = '%s.%d' % (net, R.randint(2, 250))
            a = ch(['service', 'info', 'news', 'admin', 'hr', 'edm', alnum(5)]) + '@' + d
            return (ip, 'mail%d.%s' % (R.randint(1, 9), d), 'mail%d.%s' % (R.randint(1, 9), d)), a, U(name='', addr=a)
        if self.accts:
            u = ch(self.accts); return src_of(u), u.addr, u
        if self.src in ('ses', 'sendgrid', 'gmail', 'outlookcom'):
            lp = alnum(8) + digits(3); d = {'gmail': 'gmail.com', 'outlookcom': ch(['outlook.com', 'hotmail.com'])}.get(self.src, rdom())
            return prov_src(self.src), ('bounce-%s@%s' % (hx(12), d)) if self.src in ('ses', 'sendgrid') else lp + '@' + d, U(name='', addr=lp + '@' + d)
        s = bot_src()
        fa = ch([alnum(R.randint(5, 10)) + '@' + ch(['qq.com', '163.com', '126.com', 'sina.com', 'yahoo.com', rdom()]), digits(9) + '@qq.com', ch(STAFF).addr])
        return s, fa if R.random() < .85 else '<>', U(name='', addr=fa)
KINDS = {  # weight, sources, builder
    'invoice': (16, ['bot', 'bot', 'free', 'snow', 'ent']), 'gamble': (8, ['bot', 'snow', 'free']), 'phish_mail': (9, ['edu', 'edu', 'bot', 'free', 'outlookcom']),
    'phish_pay': (8, ['edu', 'edu', 'ent', 'free']), 'train': (12, ['snow', 'snow', 'free', 'ent']), 'seo': (4, ['bot', 'free', 'snow']),
    'loan': (5, ['bot', 'free']), 'adult': (5, ['bot', 'bot', 'snow']), 'journal': (9, ['free', 'free', 'ses', 'snow', 'gmail']),
    'b2b': (7, ['gmail', 'free', 'bot', 'ent', 'outlookcom']), 'en_scam': (6, ['bot', 'bot', 'outlookcom', 'sendgrid']), 'qunfa': (4, ['bot', 'snow']),
    'express': (3, ['bot', 'free']), 'tax': (4, ['bot', 'ent', 'edu'])}
def spam_content(kind, lvl, rcpt, fixed):
    """returns subject, text, html, atts, charset"""
    ph, qq = fixed['ph'], fixed['qq']; atts = []; htm = None; cs = ch(['gb2312', 'gb2312', 'gbk', 'utf-8', 'GB2312'])
    if kind == 'invoice':
        subj = spin(ch(['{代开|代办|开具}{各类|各种|正规}发票', '{您好|你好|老板您好}！{有需要请联系|需要请联系|欢迎咨询}', '{财务|会计}{咨询|服务}{热线|}',
                        '{增值税|普通}发票{代开|开具}{联系|咨询}{陈|李|王|刘}{经理|会计|先生|女士}', mkname()[0], '{Re:|回复：|}' + ch(C.fort)[:12]]))
        text = spin('{本公司|我司|本单位}{有部分|现有|长期有}{普通|增值税|各类}发票（{增值税专用|国税|地税|普通}、{运输|建筑安装|广告|服务业|餐饮|定额|海关缴款书}等）可以{代开|优惠代开|对外开具}。'
                    '{点数优惠|价格优惠|税点从优}，{可验证|可上网查询|可先验后付}。\n\n{联系人|联 系 人|负责人}：{陈|李|王|张}{经理|先生|小姐|会计}\n{电话|手机|TEL|手 机}：') + phone(lvl) + spin('\n{QQ|扣扣|V信|微信}：') + qq
        text = obf(text, lvl)
    elif kind == 'gamble':
        subj = spin('{澳门|葡京|威尼斯人|金沙|新葡京}{娱乐场|娱乐城|国际|官方} {注册|首存|新会员}{就送|即送|送}{188|288|58|888|38}元{彩金|}')
        text = spin('{真人百家乐|体育投注|电子游艺|捕鱼}，{大额无忧|秒速出款|信誉第一}！\n{官网|网址|登录地址}：') + fixed['url'] + spin('\n{客服|在线客服}QQ：') + qq
        text = obf(text, lvl)
    elif kind == 'phish_mail':
        subj = spin(ch(['{邮箱|邮件系统}{升级|维护}通知', '【{重要|紧急}通知】{您的邮箱|邮箱账号}{即将被冻结|存储空间已满|需要验证}', '关于{学校|我校}{邮件系统|统一身份认证}{升级|迁移}的通知',
                        '{邮箱安全|系统}{提醒|通知}：{账号异常|密码即将过期}', 'Mailbox Quota Warning', '{Re:|}{邮件|信件}{退回|待接收}通知']))
        text = spin('{尊敬的|亲爱的}{用户|老师|邮箱用户}：\n\n{您的邮箱|您的账号} ') + rcpt + spin(' {由于|因}{存储空间不足|长时间未验证|系统检测到异常登录|系统升级}，{将在24小时内被停用|将被冻结|部分邮件无法正常接收}。\n'
                                                                                '请{立即|尽快}点击以下链接{进行验证|完成升级|恢复正常使用}：\n') + fixed['url'] + spin('\n\n{网络与信息中心|信息中心|邮件系统管理员|网络中心}\n') + ymd(fixed['t'])
    elif kind == 'phish_pay':
        subj = spin(ch(['关于{2024年|最新}{工资补贴|薪资补贴|个人所得税退税|社保补贴|绩效补贴}{申领|发放}的通知', '{财务处|人事处|办公室|工会}通知：{2024年|本年度}{补贴|津贴|福利}{申领|核对}',
                        '{教育局|财政部|教育厅}关于发放{2024年|本年度}{教师|职工}{补贴|津贴}的通知', '{关于|}{2024年|}{最新|第一季度}{工资|薪资}{调整|补贴}{文件|通知}（请查收）']))
        text = spin('{各位老师|全体教职工|各位同事}：\n\n{根据上级文件精神|按照学校统一安排}，{2024年度|本年度}{补贴|津贴}{即将发放|已开始申领}，请{使用手机扫描附件二维码|点击附件查看}{填写|核对}{个人信息|资料}，{逾期视为自动放弃|截止日期为本周五}。\n\n') + spin('{财务处|人事处|校工会}')
        img = fake_file('png', R.randint(3000, 9000), seed=fixed['seed']) + R.randbytes(R.randint(0, 40) if lvl else 0)
        atts.append(attach(spin('{2024年|}{工资补贴|补贴申领|薪资调整}{通知|文件}.') + ch(['png', 'jpg', 'pdf', 'docx']), 'utf-8', data=img))
    elif kind == 'train':
        subj = spin(ch(['关于举办“{新形势下|2024年}{高校财务|科研经费|内部控制|档案管理|招标采购|人力资源|绩效考核}{管理实务|专题|能力提升}{研修班|培训班|高级研修班}”的通知',
                        '{企业|中层}{管理|领导力}{内训|培训}{课程|方案}', '{清华|北大|浙大|复旦}{总裁班|EMBA|高级研修班|国学班}{招生|报名}{通知|简章}', '{2024|}{高校|事业单位}{干部|教师}{能力提升|专题}培训{通知|邀请函}']))
        paras = [spin('{为深入贯彻落实|为进一步加强|根据}{有关文件精神|相关工作要求}，{帮助各单位|提高}{相关人员|管理人员}{业务水平|实务能力}，{我单位|我中心|研究院}{定于|决定于}{2024年|}{3|4|5}月在{北京|上海|杭州|厦门|成都|三亚}举办{专题研修班|培训班}。'),
                 spin('一、{培训内容|课程安排}：{政策解读|案例分析|实务操作|现场答疑}；') + C.zh(1), spin('二、{参加对象|培训对象}：{各高校|各单位}{财务|科研|人事|采购}{负责人|骨干}。'),
                 spin('三、{费用|会务费}：{3800|4800|5800|2980}元/人（含{培训|资料|场地}费），{食宿统一安排|费用自理}。'), spin('四、联系方式：{王|李|张}老师 ') + phone(lvl) + spin(' {（微信同号）|}')]
        text = '\n\n'.join(paras); atts.append(attach(spin('{报名回执表|参会回执|培训通知}.') + ch(['doc', 'docx', 'pdf']), 'gb2312', data=fake_file('doc', 20000, seed=fixed['seed'])))
    elif kind == 'seo':
        subj = spin('{网站|百度|360}{优化|排名} {首页|快速}{排名|上首页}{，|}{按天|按效果}{计费|付费}')
        text = obf(spin('{专业|十年}{SEO|网站优化}团队，{关键词|行业词}{快速|7天}上{百度|搜狗|360}首页，{不上不收费|按天计费}。\n{咨询|联系}电话：') + phone(lvl) + ' QQ:' + qq, lvl)
    elif kind == 'loan':
        subj = spin('{无抵押|信用|个人}{贷款|借款|资金周转} {当天|快速}{放款|到账} {额度|最高}{5|10|30|50}万')
        text = obf(spin('{急用钱|资金周转}？{凭身份证|无需抵押}{即可|就能}{申请|办理}，{利息低|月息0.5%起}，{当天放款|秒到账}。\n{联系|咨询}：') + phone(lvl) + spin(' {微信同号|V同号|}'), lvl)
    elif kind == 'adult':
        subj = obf(spin('{深夜|午夜|寂寞}{福利|影院|交友} {免费|高清}{观看|在线}'), 2)
        text = obf(spin('{同城|附近}{交友|约会}，{真实|高颜值}，{私密|安全}{无忧|可靠}\n{点击进入|立即访问}：'), 2) + fixed['url']
    elif kind == 'journal':
        subj = spin(ch(['【{EI|Scopus|CPCI}检索】{2024年|2024}第{3|5|6|8}届{计算机|人工智能|机械|能源|材料}{与|}{信息|工程|控制}国际学术会议 {诚邀投稿|征稿通知}',
                        '{北大核心|CSSCI|SCI|EI}{期刊|源刊}{快速|加急}{发表|录用}{，|}{包|保}{录用|检索}', '{论文|稿件}{发表|投稿}{咨询|指导} {{核心|省级|国家级}期刊}', 'Invitation to publish in {our journal|a special issue}']))
        text = spin('{尊敬的|亲爱的}{老师|作者|专家}：\n\n{我刊|本会议|我们}{长期|现}{征集|接收}{优质|高质量}{稿件|论文}，{审稿周期短|录用快|检索稳定}，{往届均已检索|出版后3个月内检索}。\n\n') + ch(C.en) + '\n\n' + spin('{投稿邮箱|联系方式}：') + fixed['box'] + spin(' {QQ|微信}：') + qq
        cs = ch(['utf-8', 'gb2312'])
    elif kind == 'b2b':
        subj = spin(ch(['{Inquiry|Enquiry} for your products', 'RE: Quotation {request|needed}', 'New order {PO|}#%s' % digits(6), 'Dear {purchasing manager|Sir/Madam}', 'Payment {advice|copy} {attached|}']))
        text = spin('{Dear|Hello} {Sir/Madam|Friend|Purchasing Manager},\n\n{We are|This is} {a leading|a professional} {manufacturer|supplier} of {LED lights|PCB boards|CNC parts|packaging materials|solar panels} {in China|from Shenzhen}. '
                    '{Please find|Kindly check} {attached|our} {catalog|quotation|order details} and {let me know|advise} your {best price|requirements}.\n\n{Best regards|Thanks & Regards},\n') + ch(EN_FIRST) + '\n' + C.en_(1)
        cs = 'us-ascii'
        if R.random() < .4: atts.append(attach(spin('{PO|Order|Payment_Copy|Invoice}_%s.{pdf.html|zip|xlsx}' % digits(5)), 'utf-8', data=fake_file('zip', 6000, seed=fixed['seed'])))
    elif kind == 'en_scam':
        subj = spin(ch(['{Your account|Your device} {was hacked|has been compromised}', 'Payment {required|pending} {today|}', '{Mailbox|Password} {expires|expiry} {today|notice}', 'Congratulations! You won {$1,500,000|a prize}']))
        text = spin('{Hello|Hi|Dear user},\n\n') + C.en_(2) + spin('\n\n{Send|Transfer} {$1450|$1650|$950} in {Bitcoin|BTC} to {the wallet below|my address}:\n') + alnum(34, 'abcdefghijkmnpqrstuvwxyz0123456789') + '\n\n' + C.en_(1) + '\n'
        cs = 'us-ascii'
    elif kind == 'qunfa':
        subj = spin('{邮件群发|短信群发|精准客户数据|EDM营销}{软件|服务|平台} {高送达率|百万级}')
        text = obf(spin('{专业|高效}{邮件营销|群发}，{到达率99%|进收件箱}，{提供|赠送}{行业|精准}{客户数据|邮箱资源}。\n{咨询|联系}QQ：') + qq, lvl)
    elif kind == 'express':
        subj = spin('{您的快递|您的包裹|顺丰快递}{无法派送|地址异常|已滞留}{通知|}')
        text = spin('{您好|尊敬的客户}，您的{快递|包裹}因{地址不详|收件人信息不全}{无法派送|已退回网点}，请{点击下方链接|尽快}{补充地址|处理}：\n') + fixed['url']
    else:  # tax
        subj = spin('{电子税务局|国家税务总局|税务局}{通知|提醒}：{您有一张|您的}{发票|税款|申报}{异常|待处理|需核查}')
        text = spin('{尊敬的纳税人|您好}：\n{您单位|您}{2024年|本期}{发票|纳税申报}{存在异常|需要核查}，请下载附件{查看详情|按要求处理}。\n\n国家税务总局')
        atts.append(attach(spin('{电子发票|税务通知|核查清单}') + '_%s.zip' % digits(6), 'gb2312', data=fake_file('zip', 15000, seed=fixed['seed'])))
    return subj, text, htm, atts, cs

FROMN = {'invoice': ['{陈|李|王|刘}{经理|会计|小姐}', '财务{咨询|服务}', ''], 'gamble': ['{澳门|葡京}{娱乐|官方}', ''], 'phish_mail': [UNI + '{信息中心|网络中心}', '{邮箱|系统}管理员', 'Mail Admin'],
         'phish_pay': ['{财务处|人事处|工会}', '{校|学院}办公室', ''], 'train': ['{培训|会务}{中心|组}', '{王|李}老师', '{国培|中培|华培}{教育|研究院}'], 'journal': ['{期刊|会议}{编辑部|秘书处}', 'Conference Secretary'],
         'b2b': ['{Jack|Lily|Tony|Grace} {Wang|Chen|Li}', 'Sales Manager']}
def spam_msg(t, camp, kind, lvl, rcpts, fixed, gid, tmpl):
    src, env, fu = camp.copy()
    if tmpl and lvl == 0: subj, text, htm, atts, cs = tmpl
    else: subj, text, htm, atts, cs = spam_content(kind, lvl, rcpts[0], fixed)
    if lvl >= 2:
        subj = ch([subj + ' ' + alnum(R.randint(3, 6)), subj + '【%s】' % digits(R.randint(3, 6)), rcpts[0].split('@')[0] + '，' + subj, subj, ch(C.fort)[:R.randint(6, 16)]])
        if R.random() < .6: text += '\n\n\n' + ch(['', '————————————————\n', '\n' * 8]) + (salad(3) if R.random() < .5 else '\n'.join(R.sample(C.poem, R.randint(2, 6))))
    if lvl >= 1 and R.random() < .3: text = ch(['您好！', '你好，', '老板好！', rcpts[0].split('@')[0] + '：']) + '\n' + text
    fname = spin(ch(FROMN.get(kind, ['']))) if R.random() < .8 else ''
    ctime = t - R.randint(0, 600) if R.random() < .8 else t - R.randint(-86400, 3 * 86400)
    if camp.accts and R.random() < .7:
        fu2 = U(name=fname or fu.name, addr=fu.addr, prov=fu.prov, cli=fu.cli)
        h, body, mid = compose(ctime, fu2, [rcpts[0]] if R.random() < .6 else [fu.addr], [], subj, Node(text.split('\n')), fu.cli, ())
        if atts: body = P('multipart/mixed', parts=[body] + atts, bnd=bnd('coremail'))
        emit(t, src, env, rcpts, 'spam', gid, h, body, tls=R.random() < .8); return
    mode = R.random()
    img = None
    if kind in ('invoice', 'gamble', 'adult', 'loan') and R.random() < fixed['imgp']:
        cid = '%s$%s@%s' % (hx(8), hx(8), ch(['qq.com', '163.com', 'localhost']))
        img = attach('%s.%s' % (alnum(6), fixed['imgx']), 'utf-8', data=fixed['img'] + (R.randbytes(R.randint(1, 64)) if lvl else b''), cid=cid)
        htm = '<html><body><p>%s</p><img src="cid:%s" width="%d" height="%d"></body></html>' % (h2t(subj if R.random() < .5 else ''), cid, R.randint(400, 700), R.randint(300, 900))
        mode = 0.9
    elif mode > .4:
        hid = ''
        if lvl >= 1 and R.random() < .6:
            hid = ch(['<div style="display:none">%s</div>', '<font color="#ffffff" size="1">%s</font>', '<span style="font-size:0px;color:#fefefe">%s</span>']) % html.escape(salad(2) if R.random() < .6 else ch(C.cn) + ch(C.fort))
        htm = '<html><head><meta http-equiv="Content-Type" content="text/html; charset=%s"></head><body>%s<div style="font-size:14px">%s</div>%s</body></html>' % (
            cs, hid if R.random() < .5 else '', re.sub(r'(https?://\S+)', r'<a href="\1">\1</a>', h2t(text)), hid)
    cte = ch(['base64', 'base64', '8bit', 'quoted-printable']) if cs.lower() != 'us-ascii' else ch(['7bit', 'quoted-printable'])
    bs = ch(['outlook', 'foxmail', 'plain', 'java', 'qq'])
    if htm is None or mode < .4: body = P('text/plain', text, cs, cte)
    elif mode < .7 or img: body = P('text/html', htm, cs, cte)
    else: body = P('multipart/alternative', parts=[P('text/plain', text, cs, cte), P('text/html', htm, cs, cte)], bnd=bnd(bs))
    if img: body = P('multipart/related', parts=[body, img], bnd=bnd(bs), params=';\r\n\ttype="text/html"')
    if atts: body = P('multipart/mixed', parts=[body] + atts, bnd=bnd(bs))
    fa = fu.addr if R.random() < .7 else (alnum(7) + '@' + ch([DOM, 'qq.com', '163.com', rdom()]))
    if kind == 'phish_mail' and R.random() < .4: fa = ch(['admin', 'postmaster', 'nic', 'webmaster', 'service']) + '@' + DOM
    to = ch([rcpts[0], '"%s" <%s>' % (rcpts[0].split('@')[0], rcpts[0]), 'undisclosed-recipients:;', fa, rcpts[0]])
    scs = ch([cs, cs, 'gb2312', 'utf-8'])
    sj = subj if R.random() < .04 else ew(subj, scs, q=R.random() < .15, case=scs.upper() if R.random() < .5 else None)
    h = ['Date: ' + rfcdate(ctime, ch([8, 8, 8, 0, -7, 3])), 'From: ' + (addr(fname, fa, scs, quoted=R.random() < .5) if fname else fa), 'To: ' + to, 'Subject: ' + sj,
         'Message-ID: ' + ch(['<%s%s@%s>' % (cdate(ctime, '%Y%m%d%H%M%S'), digits(6), fa.split('@')[-1]), '<%s$%s$%s@%s>' % (hx(12), hx(8), hx(8), fa.split('@')[-1]),
                              '<%s@%s>' % (alnum(20), ch(['localhost', 'WIN-' + alnum(8), fa.split('@')[-1]])), '<tencent_%s@qq.com>' % HX(40)])]
    xm = ch(['Foxmail 6, 15, 201, 22 [cn]', 'Microsoft Outlook Express 6.00.2900.5512', 'Microsoft Office Outlook 12.0', 'Foxmail 7.2.9.115[cn]', 'Supmailer 38.0.0', None, None])
    if xm: h.append('X-Mailer: ' + xm)
    if R.random() < .3: h.append('X-Priority: %d' % ch([1, 3, 3]))
    emit(t, src, env, rcpts, 'spam', gid, h, body, tls=R.random() < .5)

def gen_spam(target):
    roles = ['%s@%s' % (r, DOM) for r in list(ROLES) + ['admin', 'info', 'postmaster', 'webmaster', 'office', 'service', 'hr', 'test', 'sales', 'zhangsan', 'wangwei']]
    harvest = [u.addr for u in STAFF] * 3 + roles * 4 + [u.addr for u in STUD[:2500]] + ['%s%s@%s' % (s, g, DOM) for (_, s), (_, g) in zip(R.choices(SURN, k=400), R.choices(GIVEN, k=400))]
    ci = 0; cnt = 0
    while cnt < target:
        single = R.random() < .45
        kind = wch([(k, v[0]) for k, v in KINDS.items()])
        n = 1 if single else int(lognorm(3.7, 1.0, 5, 480))
        src = ch(KINDS[kind][1]); camp = Camp(n, src)
        lvl = wch([(0, 35), (1, 40), (2, 25)])
        fixed = dict(ph=phone(), qq=digits(R.randint(8, 10)), url=rurl(), seed=R.getrandbits(32), t=R.randint(0, SPAN), box=alnum(6) + digits(3) + '@' + ch(['163.com', '126.com', 'qq.com', 'yeah.net']),
                     imgp=ch([0, .2, .9]), imgx=ch(['gif', 'jpg', 'png']))
        fixed['img'] = fake_file(fixed['imgx'], R.randint(4000, 25000), seed=fixed['seed'])
        gid = ('spam:%d' if single else 'campaign:%d') % ci; ci += 1
        start = R.uniform(0, SPAN - 600); dur = lognorm(9.3, 1.0, 900, 2 * 86400)
        waves = [start] + ([start + R.randint(1, 4) * 86400 + R.randint(-7200, 7200) for _ in range(R.randint(1, 3))] if R.random() < .25 and not single else [])
        rpt = R.randint(2, 12) if src in ('bot', 'snow') and R.random() < .3 else 1
        tg = R.sample(harvest, min(len(harvest), n * rpt))
        tg = list(dict.fromkeys(tg))
        if R.random() < .4: tg.sort()
        tmpl = spam_content(kind, 0, tg[0], fixed)
        k = 0
        for i in range(0, len(tg), rpt):
            w = waves[min(len(waves) - 1, int(i / max(1, len(tg)) * len(waves)))]
            t = int(w + R.random() * dur)
            if t >= SPAN: continue
            spam_msg(t, camp, kind, lvl, tg[i:i + rpt], fixed, gid, tmpl); cnt += 1; k += 1
    # backscatter: bounces of spam that forged site addresses
    for b in range(4):
        gid = 'backscatter:%d' % b; t0 = R.uniform(0, SPAN - 86400); subj = spin('{代开发票|Your order|Re: invoice|培训通知} %s' % alnum(5))
        for _ in range(R.randint(20, 70)):
            t = int(t0 + R.random() * lognorm(10, .8, 3600, 86400)); ip, helo, rd = bot_src() if R.random() < .3 else (v4('%d.%d.%d' % (ch(BOT_A), R.randint(0, 255), R.randint(0, 255))), 'mail.' + rdom(), None)
            u = R.choice(harvest); bad = alnum(7) + '@' + rdom()
            text = 'This is the mail system at host %s.\n\nI\'m sorry to have to inform you that your message could not\nbe delivered to one or more recipients.\n\n<%s>: user unknown\n' % (helo, bad)
            orig = 'From: %s\nTo: %s\nSubject: %s\nDate: %s\nMessage-ID: <%s@%s>\n' % (u, bad, ew(subj, 'gb2312').replace('\r\n', '\n'), rfcdate(t - 3000), alnum(20), DOM)
            body = P('multipart/report', parts=[P('text/plain', text, 'us-ascii', '7bit'), P('text/rfc822-headers', orig.replace('\n', '\r\n').encode(), cte='7bit')], bnd='%s.%d/%s' % (HX(10), 1709500000 + t, helo),
                     params='; report-type=delivery-status')
            emit(t, (ip, helo, rd), '<>', [u], 'spam', gid, ['Date: ' + rfcdate(t), 'From: MAILER-DAEMON@%s (Mail Delivery System)' % helo, 'To: ' + u,
                                                           'Subject: Undelivered Mail Returned to Sender', 'Message-ID: <%s@%s>' % (qid(), helo), 'Auto-Submitted: auto-replied'], body)

# ----------------------------------------------------------------- main
def main():
    global R, C, jieba
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-s', '--seed', type=int, default=1)
    ap.add_argument('outdir')
    a = ap.parse_args()
    import jieba as jb
    jb.setLogLevel(60); jb.initialize(); jieba = jb
    random.seed(a.seed); R = random.Random(a.seed)
    C = Corpus()
    build_site(); build_ext()
    nthreads = R.randint(580, 640)
    for _ in range(nthreads): thread()
    gen_notices(); gen_lists(); gen_services(); gen_invites(); gen_auto(); gen_cfp_journal()
    ham = len(MSGS)
    gen_spam(int(ham * R.uniform(1.1, 1.35)))
    MSGS.sort(key=lambda m: (m[0], m[1]))
    os.makedirs(os.path.join(a.outdir, 'msg'), exist_ok=True)
    with open(os.path.join(a.outdir, 'stream.tsv'), 'w', encoding='utf-8') as f:
        f.write('path\tt\tclient\thelo\tsender\trcpts\tclass\tgroup\n')
        for i, (t, _, ip, helo, snd, rc, cls, grp, data) in enumerate(MSGS):
            p = 'msg/%06d.eml' % i
            with open(os.path.join(a.outdir, p), 'wb') as g: g.write(data)
            f.write('\t'.join([p, str(t), ip, helo, snd if snd == '<>' else snd.strip('<>'), rc, cls, grp]) + '\n')
    nh = sum(1 for m in MSGS if m[6] == 'ham')
    print('%s: %d messages, %d ham, %d spam' % (a.outdir, len(MSGS), nh, len(MSGS) - nh), file=sys.stderr)
jieba = None
if __name__ == '__main__':
    main()
