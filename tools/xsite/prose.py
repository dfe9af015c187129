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
"""English prose from what is installed: man pages, READMEs, Debian
changelogs, licences. Deterministic (sorted file lists, fixed sample)."""
import collections
import glob
import os
import gzip
import random
import re

ESC = [
    (re.compile(r"\\f(\[[^\]]*\]|\(..|.)"), ""),
    (re.compile(r"\\\*(\(..|\[[^\]]*\]|.)"), ""),
    (re.compile(r"\\\((..)"), " "),
    (re.compile(r"\\\[[^\]]*\]"), " "),
    (re.compile(r"\\s[-+]?\d"), ""),
    (re.compile(r"\\[-]"), "-"),
    (re.compile(r"\\[&|^e0 ~:%]"), ""),
    (re.compile(r"\\."), ""),
]
BREAK = re.compile(r"^[.'](PP|P|LP|SH|SS|TP|IP|HP|sp|br|RS|RE|nf|fi|TH|Sh|Pp|It|Bl|El|Ss)\b")
FONT = re.compile(r"^[.'](B|I|BI|BR|IR|RB|RI|IB|SM|SB|Nm|Ar|Fl|Cm|Em|Sy)\s+(.*)")
GOOD = re.compile(r"^[A-Z][^{}<>|\\$=_#@/]{30,300}[.!?]$")


def unescape(s):
    for rx, rep in ESC:
        s = rx.sub(rep, s)
    return s


def roff_paras(src):
    paras, cur = [], []
    for line in src.splitlines():
        if line.startswith((".", "'")):
            m = FONT.match(line)
            if m:
                cur.append(m.group(2).replace('"', ""))
            elif BREAK.match(line) or True:
                if cur:
                    paras.append(" ".join(cur))
                    cur = []
            continue
        if not line.strip():
            if cur:
                paras.append(" ".join(cur))
                cur = []
            continue
        cur.append(line)
    if cur:
        paras.append(" ".join(cur))
    out = []
    for p in paras:
        p = re.sub(r"\s+", " ", unescape(p)).strip()
        out.append(p)
    return out


def text_paras(src):
    return [re.sub(r"\s+", " ", p).strip() for p in re.split(r"\n\s*\n", src)]


def sentences(para):
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", para)]


def read(path):
    try:
        if path.endswith(".gz"):
            with gzip.open(path, "rb") as f:
                b = f.read(400000)
        else:
            with open(path, "rb") as f:
                b = f.read(400000)
        return b.decode("utf-8", "replace")
    except (OSError, EOFError):
        return ""


class Prose:
    def __init__(self, seed=7):
        r = random.Random(seed)
        man = sorted(f for f in glob.glob("/usr/share/man/man[1-8]/*")
                     if not os.path.basename(f).startswith(("gcloud", "bq", "gsutil", "openssl-", "git-", "perl", "llvm", "x86_64", "aarch64", "lxc", "ovs", "az_")))
        man = r.sample(man, min(1400, len(man)))
        docs = sorted(glob.glob("/usr/share/doc/*/README*")) + \
            sorted(glob.glob("/usr/share/common-licenses/*"))
        self.paras = []      # lists of good sentences, one per paragraph
        for f in man:
            for p in roff_paras(read(f)):
                self._add(p)
        for f in docs:
            for p in text_paras(read(f)):
                self._add(p)
        # sentences that occur more than once (boilerplate of families of pages) are dropped
        cnt = collections.Counter(s for p in self.paras for s in p)
        self.paras = [q for q in ([s for s in p if cnt[s] == 1] for p in self.paras) if q]
        self.sents = [s for p in self.paras for s in p]
        # changelog items: short technical phrases (commit / issue titles)
        self.items = []
        for f in sorted(glob.glob("/usr/share/doc/*/changelog.Debian.gz"))[:600]:
            for line in read(f).splitlines():
                m = re.match(r"^  \* (.{20,90})$", line)
                if m and "@" not in m.group(1) and not re.search(r"[Cc]loses|#\d", m.group(1)):
                    self.items.append(m.group(1).rstrip(".,"))
        words = re.findall(r"\b[a-z]{4,12}\b", " ".join(self.sents[:40000]))
        self.words = sorted(set(words))

    def _add(self, p):
        ss = [s for s in sentences(p) if GOOD.match(s) and sum(c.isalpha() for c in s) > 0.75 * len(s)]
        if ss:
            self.paras.append(ss)

    def sentence(self, rng):
        return rng.choice(self.sents)

    def para(self, rng, lo=2, hi=5):
        """Consecutive sentences of one source paragraph, topped up."""
        n = rng.randint(lo, hi)
        p = rng.choice(self.paras)
        i = rng.randrange(len(p))
        out = p[i:i + n]
        while len(out) < n:
            out.append(self.sentence(rng))
        return " ".join(out)

    def item(self, rng):
        return rng.choice(self.items)

    def word(self, rng):
        return rng.choice(self.words)


if __name__ == "__main__":
    p = Prose()
    print(len(p.paras), len(p.sents), len(p.items), len(p.words))
    r = random.Random(1)
    for _ in range(5):
        print("-", p.para(r))
    for _ in range(5):
        print("*", p.item(r))
