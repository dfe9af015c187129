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
"""html5-diff.py: a differential check of the hidden-text filter
(lib/canon_hide.c, through `nilsimsactl predigest`) against html5lib's
WHATWG tree construction (Debian: python3-html5lib), on random tag soup
with hidden elements. Run from the build directory; not run by make check
(its documents are random: it measures, the unit tests in
tests/check_canon_html.c assert).

  tools/html5-diff.py -n 2000 --seed 1 [--min K] [--show]
  tools/html5-diff.py --html '<b hidden>waa<p>wab</b>wac'   (one document)

Classes:  A = filter HIDES a token html5lib shows (serious)
          B = filter SHOWS a token html5lib hides
          O = same set of tokens, different order (foster parenting etc.)
"""
import argparse, atexit, collections, os, random, re, shutil, subprocess, sys, tempfile

try:
    import html5lib
except ImportError:                      # pyenv python3 lacks the Debian module
    if sys.executable != '/usr/bin/python3' and os.path.exists('/usr/bin/python3'):
        os.execv('/usr/bin/python3', ['/usr/bin/python3'] + sys.argv)
    raise

# html5lib 1.1 bug: in "in table", a start/end tag handled by the in-body rules
# with foster parenting drops the token in-body asks to reprocess (<table>
# <button><button hidden>x loses the second <button>). Reprocess it, as the
# spec does.
def _patch_in_table():
    P = html5lib.html5parser.getPhases(False)['inTable']
    def start_other(self, token):
        self.tree.insertFromTable = True
        r = self.parser.phases['inBody'].processStartTag(token)
        self.tree.insertFromTable = False
        return r
    def end_other(self, token):
        self.tree.insertFromTable = True
        r = self.parser.phases['inBody'].processEndTag(token)
        self.tree.insertFromTable = False
        return r
    P.__dict__['startTagHandler'].default = start_other
    P.__dict__['endTagHandler'].default = end_other
_patch_in_table()

CTL = os.environ.get('NILSIMSACTL', './ctl/nilsimsactl')
WORK = tempfile.mkdtemp(prefix='html5-diff.')
atexit.register(shutil.rmtree, WORK, True)
PREFIX = ('<p>the text a reader sees here is long enough that nothing hidden in '
          'this message is digested in its place: one hundred and twenty eight bytes</p>')
PREFIX_CANON = ('the text a reader sees here is long enough that nothing hidden in '
                'this message is digested in its place: one hundred and twenty eight bytes')

BLOCK = ['div', 'p', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'h1', 'h2', 'h3', 'h4',
         'h5', 'h6', 'table', 'tbody', 'tr', 'td', 'th', 'blockquote', 'center', 'pre']
FORMAT = ['a', 'b', 'i', 'em', 'strong', 'font', 'nobr', 'u', 's', 'small', 'big',
          'code', 'tt']
INLINE = ['span', 'label', 'abbr', 'x-a']
OTHER = ['button']
VOID = ['br', 'img', 'hr']
ALL = BLOCK + FORMAT + INLINE + OTHER

def tok(i):
    """token i: 'w' + two letters (digits would be folded by the canon)."""
    return 'w' + chr(97 + i // 26 % 26) + chr(97 + i % 26)

# ---------------------------------------------------------------- generator
def pick_start(rng, top):
    ctx = {'table': ['tr', 'tbody', 'td'], 'tbody': ['tr'], 'tr': ['td', 'th'],
           'ul': ['li'], 'ol': ['li'], 'dl': ['dt', 'dd']}
    if top in ctx and rng.random() < 0.5:
        return rng.choice(ctx[top])
    r = rng.random()
    if r < 0.40: return rng.choice(BLOCK)
    if r < 0.75: return rng.choice(FORMAT)
    if r < 0.93: return rng.choice(INLINE)
    return rng.choice(OTHER)

ONE_HIDDEN = False  # --one-hidden: at most one hidden element a document

def gen_doc(rng):
    items, stack, ntext, nhid = [], [], 0, 0
    for _ in range(rng.randint(12, 40)):
        r = rng.random()
        if r < 0.30:
            items.append(('text', ntext)); ntext += 1
        elif r < 0.65:
            name = pick_start(rng, stack[-1] if stack else None)
            attr = ''
            h = rng.random() if not (ONE_HIDDEN and nhid) else 1
            nhid += h < 0.24
            if h < 0.12: attr = 'style="display:none"'
            elif h < 0.24: attr = 'hidden'
            items.append(('start', name, attr)); stack.append(name)
        elif r < 0.90:
            e = rng.random()
            if stack and e < 0.60:
                k = len(stack) - 1 if rng.random() < 0.6 else rng.randrange(len(stack))
                items.append(('end', stack[k])); del stack[k:]
            elif e < 0.88:
                items.append(('end', rng.choice(ALL)))
            elif e < 0.95:
                items.append(('end', 'body'))
            else:
                items.append(('end', 'p'))
        else:
            name = rng.choice(VOID)
            attr = 'hidden' if rng.random() < 0.1 else ''
            items.append(('start', name, attr))
    if rng.random() < 0.5:
        items.append(('text', ntext))
    return items

def render(items):
    out = []
    for it in items:
        if it[0] == 'text':
            out.append(tok(it[1]))
        elif it[0] == 'start':
            name, attr = it[1], it[2]
            if name == 'a': attr = ('href="#" ' + attr).strip()
            out.append('<%s%s>' % (name, ' ' + attr if attr else ''))
        else:
            out.append('</%s>' % it[1])
    return ''.join(out)

# ---------------------------------------------------------------- html5lib
def el_hidden(el):
    if not isinstance(el.tag, str): return True           # comment etc.
    if el.tag == 'template': return True
    disp = None
    for decl in el.get('style', '').split(';'):
        if ':' in decl:
            p, v = decl.split(':', 1)
            if p.strip().lower() == 'display':
                disp = v.strip().lower()
    if disp is not None:
        return disp == 'none'
    return 'hidden' in el.attrib

WORD = re.compile(r'w[a-z]{2}')
DOCTYPE = ''        # '<!DOCTYPE html>' with --doctype (no-quirks mode)

def ref_tokens(html):
    doc = html5lib.parse(DOCTYPE + PREFIX + html, treebuilder='etree',
                         namespaceHTMLElements=False)
    out = []
    def visit(el, hid):
        hid = hid or el_hidden(el)
        if el.text and not hid: out.append(el.text)
        for ch in el:
            visit(ch, hid)
            if ch.tail and not hid: out.append(ch.tail)
    body = doc.find('body')
    first = body[0]                      # the prefix paragraph
    assert first.tag == 'p' and first.text.startswith('the text'), first
    first.text = None                    # keep its tail: the doc's first text
    visit(doc, False)
    return WORD.findall(' '.join(out))

def ref_tree(html):
    import xml.etree.ElementTree as ET
    doc = html5lib.parse(DOCTYPE + html, treebuilder='etree', namespaceHTMLElements=False)
    return ET.tostring(doc.find('body'), encoding='unicode')

# ---------------------------------------------------------------- filter
def filt_tokens(html):
    path = os.path.join(WORK, 'doc.eml')
    with open(path, 'w') as f:
        f.write('Content-Type: text/html; charset=utf-8\n\n' + DOCTYPE + PREFIX + html + '\n')
    out = subprocess.run([CTL, 'predigest', path], capture_output=True,
                         text=True, check=True).stdout
    if not out.startswith(PREFIX_CANON):
        raise RuntimeError('prefix not first in output: %r' % out[:200])
    toks = []
    for w in out[len(PREFIX_CANON):].split():
        # glued runs ("wabwac") split in 3s; anything else is unexpected
        if len(w) % 3 or any(w[i] != 'w' for i in range(0, len(w), 3)):
            raise RuntimeError('odd word %r in %r' % (w, out))
        toks += [w[i:i + 3] for i in range(0, len(w), 3)]
    return toks

def compare(html):
    r, f = ref_tokens(html), filt_tokens(html)
    A = [t for t in r if t not in f]
    B = [t for t in f if t not in r]
    O = not A and not B and r != f
    return A, B, O, r, f

# ---------------------------------------------------------------- minimising
def minimise(items, cls, token):
    """Greedy delta debugging: drop chunks, then single items, then attributes,
    while `token` stays in discrepancy class cls ('A' or 'B')."""
    def bad(its):
        if cls == 'O':
            return compare(render(its))[2]
        if not any(i[0] == 'text' and tok(i[1]) == token for i in its):
            return False
        A, B = compare(render(its))[:2]
        return token in (A if cls == 'A' else B)
    cur = list(items)
    n = 2
    while len(cur) >= 2:
        chunk = max(1, len(cur) // n)
        done = False
        for s in range(0, len(cur), chunk):
            cand = cur[:s] + cur[s + chunk:]
            if cand and bad(cand):
                cur, done = cand, True
                n = max(n - 1, 2)
                break
        if not done:
            if chunk == 1: break
            n = min(len(cur), n * 2)
    changed = True
    while changed:
        changed = False
        for i in range(len(cur)):
            it = cur[i]
            if it[0] == 'start' and it[2]:
                for alt in ('', 'hidden'):
                    if alt != it[2]:
                        cand = cur[:i] + [('start', it[1], alt)] + cur[i + 1:]
                        if bad(cand): cur, changed = cand, True; break
    # renumber tokens in order for readability
    m, out = {}, []
    _LAST_MAP.clear()
    for it in cur:
        if it[0] == 'text':
            m.setdefault(it[1], len(m)); out.append(('text', m[it[1]]))
            _LAST_MAP[tok(it[1])] = tok(m[it[1]])
        else:
            out.append(it)
    return out

def shape(items):
    """abstract signature for grouping minimised examples"""
    s = []
    for it in items:
        if it[0] == 'text': s.append('T')
        elif it[0] == 'start': s.append('<%s%s>' % (it[1], ' H' if it[2] else ''))
        else: s.append('</%s>' % it[1])
    return ''.join(s)

def show1(html):
    A, B, O, r, f = compare(html)
    print('html     :', html)
    print('html5lib :', ' '.join(r))
    print('filter   :', ' '.join(f))
    print('A(filter hides, html5lib shows):', A, ' B(filter shows, html5lib hides):', B,
          ' order-only:', O)
    print('tree     :', ref_tree(html))

TPARTS = {'td', 'th', 'tr', 'tbody', 'thead', 'tfoot', 'caption', 'col', 'colgroup'}
HEADS = {'h1', 'h2', 'h3', 'h4', 'h5', 'h6'}

def classify(cls, mi, token):
    """Heuristic cause of a minimised discrepancy (checked by hand in the report)."""
    global DOCTYPE
    html = render(mi)
    if cls == 'O':
        return 'O: order only (foster-parented table text)' if any(
            i[:2] == ('start', 'table') for i in mi) else 'O: order only, other'
    if not DOCTYPE:
        DOCTYPE = '<!DOCTYPE html>'
        try:
            A, B = compare(html)[:2]
        finally:
            DOCTYPE = ''
        if token not in (A if cls == 'A' else B):
            return cls + ': quirks mode (no doctype): <table> does not close an open <p>'
    k = next(n for n, i in enumerate(mi) if i[0] == 'text' and tok(i[1]) == token)
    if cls == 'A' and k < len(mi) - 1 and token not in ref_tokens(render(mi[:k + 1])):
        return 'A: text hidden when parsed, moved out later (documented: not read again)'
    seen_table = False
    for i in mi:
        if i[:2] == ('start', 'table'): seen_table = True
        if i[0] in ('start', 'end') and i[1] in TPARTS and not seen_table:
            return cls + ': table-part tag outside any <table> (ignored by HTML5)'
    nh = sum(1 for i in mi if i[0] == 'start' and i[2])
    if cls == 'B' and nh >= 2:
        return 'B: nested hidden element outlives the outer one (reopened/adopted, keeps its own hidden)'
    tags = [i for i in mi if i[0] != 'text']
    hs = [i for i in mi if i[0] == 'start' and i[1] in HEADS]
    if any(i[0] == 'end' and i[1] in HEADS for i in mi) and hs and (
            len(hs) >= 2 or any(i[0] == 'end' and i[1] in HEADS and i[1] != hs[0][1]
                                for i in mi)):
        return cls + ': </hN> ends the nearest open heading of any rank, only it'
    if seen_table:
        t = [n for n, i in enumerate(mi) if i[:2] == ('start', 'table')][0]
        after = mi[t + 1:]
        # a (hidden) element opened in the table, outside any cell: fostered
        fost = [n for n, i in enumerate(after) if i[0] == 'start' and
                i[1] not in TPARTS and i[1] != 'table' and not any(
                    j[0] == 'start' and j[1] in ('td', 'th') for j in after[:n])]
        if cls == 'A' and fost and after[fost[0]][2] and any(
                i[0] == 'start' and i[1] in TPARTS | {'table'} for i in after[fost[0]:]):
            return 'A: table-part (or table) start tag in a table closes the elements fostered out of it'
        if cls == 'A' and any(i[0] == 'start' and i[1] in FORMAT and i[2]
                              for i in mi[:t]) and any(
                i[0] == 'start' and i[1] in ('td', 'th') for i in after):
            return 'A: hidden formatting element reopened inside a table cell (cells are markers: not reconstructed)'
        if cls == 'B' and any(i[0] == 'start' and i[1] in TPARTS | {'table'} and i[2]
                              for i in mi) and fost:
            return 'B: element foster-parented out of a hidden table (part) does not end it'
        if not any(i[:2] == ('start', 'tr') for i in mi) and \
                any(i[1] in ('tr', 'tbody', 'thead', 'tfoot') for i in tags):
            return cls + ': <td> directly in <table> implies <tbody><tr> (then <tr>,</tr>,<tbody> close the cell)'
        if cls == 'B' and any(i[0] == 'end' and i[1] in FORMAT + INLINE for i in after) \
                and not any(i[:2] == ('end', 'table') for i in after):
            return 'B: end tag of an element with a <table> open in it is ignored (not in scope)'
    fmt_end = [n for n, i in enumerate(mi) if i[0] == 'end' and i[1] in FORMAT]
    if cls == 'A' and fmt_end:
        return 'A: formatting end tag (adoption agency) closes inline elements inside a block inside it'
    if cls == 'B' and (fmt_end or any(i[:2] == ('start', 'a') for i in mi)):
        return 'B: adoption agency: a block it moves (or one open in it) stays open'
    if cls == 'B' and any(i[:2] == ('end', 'li') for i in mi) and \
            sum(1 for i in mi if i[0] == 'start' and i[1] in ('ol', 'ul')) >= 2:
        return 'B: </li> not in list-item scope (an <ol>/<ul> open in the <li>) is ignored'
    if cls == 'B' and any(i[:2] == ('end', 'p') for i in mi) and \
            any(i[:2] == ('start', 'button') for i in mi):
        return 'B: </p> looks for <p> in button scope (a <button> open in it: ignored)'
    if cls == 'A' and any(i[0] == 'end' and i[1] in INLINE for i in mi):
        return 'A: end tag of an inline element across a block is ignored (filter applies it outside hidden)'
    return cls + ': other ' + shape(mi)

def main():
    global DOCTYPE, ONE_HIDDEN
    ap = argparse.ArgumentParser()
    ap.add_argument('-n', type=int, default=2000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--min', type=int, default=400,
                    help='minimise and classify up to this many differing docs a class')
    ap.add_argument('--ex', type=int, default=2, help='examples shown per cause')
    ap.add_argument('--doctype', action='store_true',
                    help='prepend <!DOCTYPE html> (no-quirks) to both sides')
    ap.add_argument('--one-hidden', action='store_true',
                    help='at most one hidden element per document')
    ap.add_argument('--html', help='check one document and print the tree')
    ap.add_argument('-v', action='store_true', help='print every differing doc')
    a = ap.parse_args()
    if a.doctype: DOCTYPE = '<!DOCTYPE html>'
    ONE_HIDDEN = a.one_hidden
    os.makedirs(WORK, exist_ok=True)
    if a.html is not None:
        show1(a.html); return
    rng = random.Random(a.seed)
    cnt = collections.Counter()
    found = {'A': [], 'B': [], 'O': []}
    for k in range(a.n):
        items = gen_doc(rng)
        html = render(items)
        A, B, O, r, f = compare(html)
        if A: cnt['A'] += 1; found['A'].append((k, items, A[0]))
        if B: cnt['B'] += 1; found['B'].append((k, items, B[0]))
        if O: cnt['O'] += 1; found['O'].append((k, items, None))
        if not (A or B or O): cnt['same'] += 1
        if a.v and (A or B or O):
            print('#%d A=%s B=%s O=%s\n  %s' % (k, A, B, O, html))
    print('N=%d seed=%d%s%s  identical=%d  A(filter hides more)=%d  '
          'B(filter shows more)=%d  order-only=%d' % (
              a.n, a.seed, ' doctype' if a.doctype else '',
              ' one-hidden' if a.one_hidden else '', cnt['same'], cnt['A'],
              cnt['B'], cnt['O']))
    causes = collections.defaultdict(list)
    for cls in 'ABO':
        for k, items, t in found[cls][:a.min]:
            mi = minimise(items, cls, t)
            causes[classify(cls, mi, _renum_token(items, mi, t) if cls != 'O' else None)
                   ].append((len(render(mi)), k, mi))
    print('(first differing token of each doc minimised and classified; '
          'counts are documents)')
    for c in sorted(causes):
        lst = sorted(causes[c])
        print('\n%4d  %s' % (len(lst), c))
        shown = set()
        for _, k, mi in lst:
            html = render(mi)
            if html in shown: continue
            shown.add(html)
            A, B, O, r, f = compare(html)
            print('      doc#%-5d %-50s html5lib: %-12s filter: %s' % (
                k, html, ' '.join(r) or '-', ' '.join(f) or '-'))
            if len(shown) >= a.ex: break

def _renum_token(items, mi, t):
    """the minimiser renumbers tokens; find t's new name (kept, by construction)."""
    # minimise() keeps the discrepant token; it is renumbered by order among
    # kept tokens, so recompute: the kept text items in mi are in order.
    return _LAST_MAP.get(t, t)

_LAST_MAP = {}

if __name__ == '__main__':
    main()
