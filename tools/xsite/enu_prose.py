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
"""enu_prose.py: the English prose pool (sentences) of tools/xsite/enu.py,
from Debian packages; cached in $TMPDIR/enu-prose.json."""
import gzip, glob, html, json, os, re, subprocess

CACHE = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'enu-prose.json')

def _open(p):
    if p.endswith('.gz'):
        return gzip.open(p, 'rt', errors='replace')
    return open(p, errors='replace')

SPLIT = re.compile(r'(?<=[.!?])["\')]?\s+(?=[A-Z"])')
BAD = re.compile(r'[<>{}|\\$#@_~^`*=\[\]]|https?:|www\.|\.\.\.|\t|--')

def sentences(text):
    text = re.sub(r'\s+', ' ', text).strip()
    for s in SPLIT.split(text):
        s = s.strip()
        if not (35 <= len(s) <= 230):
            continue
        if BAD.search(s) or not s[0].isupper() or s[-1] not in '.!?':
            continue
        letters = sum(c.isalpha() or c == ' ' for c in s)
        if letters < 0.88 * len(s):
            continue
        if sum(c.isupper() for c in s) > 0.15 * len(s):
            continue
        yield s

def paras_plain(text):
    for p in re.split(r'\n\s*\n', text):
        yield p

def fortunes():
    skip = {'art', 'ascii-art', 'chinese', 'ru', 'song100', 'tang300', 'translate-me', 'perl'}
    for f in sorted(glob.glob('/usr/share/games/fortunes/*')):
        b = os.path.basename(f)
        if '.' in b or b in skip or os.path.isdir(f):
            continue
        for cookie in _open(f).read().split('\n%\n'):
            lines = [l for l in cookie.split('\n') if not l.strip().startswith('--') and not l.startswith('\t\t')]
            yield 'fortune', '\n'.join(lines)

def htmls(pattern, src):
    for f in sorted(glob.glob(pattern)):
        t = _open(f).read()
        for m in re.finditer(r'<p[ >](.*?)</p>|<div class="para">(.*?)</div>', t, re.S):
            yield src, html.unescape(re.sub(r'<[^>]+>', '', m.group(1) or m.group(2) or ''))

def plain(files, src):
    for f in files:
        try:
            t = _open(f).read()
        except (OSError, UnicodeError):
            continue
        for p in paras_plain(t):
            yield src, p

def manpages():
    files = sorted(glob.glob('/usr/share/man/man7/*.gz')) + sorted(glob.glob('/usr/share/man/man5/*.gz'))[:150] \
        + sorted(glob.glob('/usr/share/man/man1/*.1.gz'))[::25]
    for f in files:
        try:
            raw = subprocess.run(['zcat', f], capture_output=True).stdout
            out = subprocess.run(['groff', '-mandoc', '-Tutf8', '-P-cbou', '-rLL=3000n', '-rHY=0'],
                                 input=raw, capture_output=True, timeout=20).stdout.decode('utf-8', 'replace')
        except Exception:
            continue
        for p in re.split(r'\n\s*\n', out):
            lines = p.split('\n')
            if all(l.startswith('       ') and not l.startswith('              ') for l in lines if l):
                yield 'man', ' '.join(l.strip() for l in lines)

def readmes():
    files = sorted(glob.glob('/usr/share/doc/*/README*'))
    return plain([f for f in files if os.path.isfile(f)], 'readme')

def build():
    pool = {}
    gens = [fortunes(),
            plain(['/usr/share/doc/debian/FAQ/debian-faq.en.txt.gz'], 'faq'),
            htmls('/usr/share/doc/debian-reference-en/docs/*.en.html', 'reference'),
            htmls('/usr/share/doc/debian-handbook/html/en-US/*.html', 'handbook'),
            plain(['/usr/share/doc/jargon-text/jargon.txt.gz'], 'jargon'),
            plain(['/usr/share/doc/gnu-standards/standards.text.gz', '/usr/share/doc/gnu-standards/maintain.text.gz'], 'gnu'),
            plain(sorted(glob.glob('/usr/share/doc/debian/*.txt.gz')) + ['/usr/share/doc/debian/debian-manifesto.gz'], 'debiandoc'),
            readmes(), manpages()]
    seen = set()
    for g in gens:
        for src, text in g:
            for s in sentences(text):
                if s in seen:
                    continue
                seen.add(s)
                pool.setdefault(src, []).append(s)
    return pool

def load():
    if os.path.exists(CACHE):
        with open(CACHE) as f:
            return json.load(f)
    pool = build()
    with open(CACHE, 'w') as f:
        json.dump(pool, f)
    return pool

if __name__ == '__main__':
    p = load()
    for k, v in p.items():
        print(k, len(v), v[len(v)//2])
