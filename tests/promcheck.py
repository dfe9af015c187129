#!/usr/bin/env python3
# promcheck.py: check a Prometheus text exposition (format 0.0.4) the
# way a scraper reads it, stricter where our conventions say more.
#
#   promcheck.py FILE           check; errors on stderr, exit 1 if any
#   promcheck.py --dump FILE    check, then print each sample as
#                               "name{k="v",...} value", labels sorted
#
# Checked: every line's grammar (comments, HELP, TYPE, samples with
# label sets, values, optional timestamps); one HELP and one TYPE per
# family, before its samples, and a family's samples together; no series
# twice; names with the nilsimsa_milter_ prefix, counters ending in
# _total; counters not negative; histograms with le in increasing order,
# cumulative counts that never fall, a +Inf bucket equal to _count, and
# a _sum.
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
import math
import re
import sys

PREFIX = "nilsimsa_milter_"
NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
LNAME = r"[a-zA-Z_][a-zA-Z0-9_]*"
LVALUE = r'"(?:[^"\\\n]|\\[\\"n])*"'
VALUE = r"[+-]?(?:Inf|NaN|[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?)"
SAMPLE = re.compile(r"^(%s)(\{(?:%s=%s(?:,%s=%s)*,?)?\})? (%s)(?: (-?[0-9]+))?$"
                    % (NAME, LNAME, LVALUE, LNAME, LVALUE, VALUE))
LABEL = re.compile(r"(%s)=(%s)" % (LNAME, LVALUE))
HELP = re.compile(r"^# HELP (%s) (.*)$" % NAME)
TYPE = re.compile(r"^# TYPE (%s) (counter|gauge|histogram|summary|untyped)$" % NAME)
SUFFIXES = {"histogram": ("_bucket", "_sum", "_count"),
            "summary": ("_sum", "_count", "")}


def family_of(name, types):
    """The family a sample name belongs to, by its declared TYPE."""
    if name in types and types[name] not in ("histogram",):
        return name
    for suf in ("_bucket", "_sum", "_count"):
        if name.endswith(suf) and name[:-len(suf)] in types:
            base = name[:-len(suf)]
            if suf in SUFFIXES.get(types[base], ()):
                return base
    return None


def check(text):
    """Returns (errors, samples) with samples [(name, labels, value)]."""
    errs = []
    helps, types, done = {}, {}, set()
    current = None
    samples, seen = [], set()
    if text and not text.endswith("\n"):
        errs.append("the text does not end with a newline")
    for no, line in enumerate(text.split("\n")[:-1] if text.endswith("\n")
                              else text.split("\n"), 1):
        where = "line %d" % no
        if line == "":
            errs.append("%s: empty line" % where)
            continue
        if line.startswith("#"):
            m = HELP.match(line)
            if m:
                n = m.group(1)
                if n in helps:
                    errs.append("%s: second HELP for %s" % (where, n))
                if n in done:
                    errs.append("%s: HELP for %s after its samples" % (where, n))
                helps[n] = m.group(2)
                continue
            m = TYPE.match(line)
            if m:
                n = m.group(1)
                if n in types:
                    errs.append("%s: second TYPE for %s" % (where, n))
                if n in done:
                    errs.append("%s: TYPE for %s after its samples" % (where, n))
                types[n] = m.group(2)
                continue
            if line.startswith("# HELP") or line.startswith("# TYPE"):
                errs.append("%s: malformed: %r" % (where, line))
            continue
        m = SAMPLE.match(line)
        if not m:
            errs.append("%s: not a sample: %r" % (where, line))
            continue
        name, lset, value, _ts = m.groups()
        labels = {}
        if lset:
            for k, v in LABEL.findall(lset):
                if k in labels:
                    errs.append("%s: label %s twice" % (where, k))
                labels[k] = v[1:-1]
        fam = family_of(name, types)
        if fam is None:
            errs.append("%s: %s has no TYPE before it" % (where, name))
            fam = name
        if fam != current:
            if fam in done:
                errs.append("%s: samples of %s are not together" % (where, fam))
            if current is not None:
                done.add(current)
            current = fam
        if not fam.startswith(PREFIX):
            errs.append("%s: %s lacks the %s prefix" % (where, fam, PREFIX))
        if fam not in helps:
            errs.append("%s: %s has no HELP" % (where, fam))
        key = (name, tuple(sorted(labels.items())))
        if key in seen:
            errs.append("%s: series %s%s twice" % (where, name, labels))
        seen.add(key)
        v = float(value.replace("Inf", "inf"))
        t = types.get(fam)
        if t == "counter":
            if not fam.endswith("_total"):
                errs.append("%s: counter %s does not end in _total" % (where, fam))
            if not v >= 0:
                errs.append("%s: counter %s is %s" % (where, name, value))
        if t == "histogram" and name.endswith("_bucket") and "le" not in labels:
            errs.append("%s: bucket without le" % where)
        samples.append((name, labels, v))
    errs += check_histograms(types, samples)
    return errs, samples


def check_histograms(types, samples):
    """Buckets increasing in le and in count, +Inf == _count, a _sum."""
    errs = []
    for fam, t in types.items():
        if t != "histogram":
            continue
        series = {}
        for name, labels, v in samples:
            if name.startswith(fam + "_"):
                rest = tuple(sorted((k, x) for k, x in labels.items() if k != "le"))
                s = series.setdefault(rest, {"buckets": [], "sum": None, "count": None})
                if name == fam + "_bucket":
                    s["buckets"].append((labels.get("le"), v))
                elif name == fam + "_sum":
                    s["sum"] = v
                elif name == fam + "_count":
                    s["count"] = v
        if not series:
            errs.append("histogram %s has no samples" % fam)
        for rest, s in series.items():
            what = "histogram %s%s" % (fam, dict(rest) if rest else "")
            les, prev_le, prev_n = [], -math.inf, -math.inf
            for le, n in s["buckets"]:
                try:
                    b = float(le.replace("Inf", "inf"))
                except (ValueError, AttributeError):
                    errs.append("%s: bad le %r" % (what, le))
                    continue
                if b <= prev_le:
                    errs.append("%s: le %s not above %s" % (what, le, prev_le))
                if n < prev_n:
                    errs.append("%s: bucket le=%s count %s below %s" % (what, le, n, prev_n))
                prev_le, prev_n = b, n
                les.append(b)
            if not les or les[-1] != math.inf:
                errs.append("%s: no +Inf bucket (last)" % what)
            elif s["count"] is None:
                errs.append("%s: no _count" % what)
            elif prev_n != s["count"]:
                errs.append("%s: +Inf bucket %s != _count %s" % (what, prev_n, s["count"]))
            if s["sum"] is None:
                errs.append("%s: no _sum" % what)
    return errs


def main(argv):
    dump = len(argv) > 1 and argv[1] == "--dump"
    args = argv[2:] if dump else argv[1:]
    if len(args) != 1:
        sys.stderr.write("usage: promcheck.py [--dump] FILE\n")
        return 2
    with open(args[0], encoding="utf-8") as f:
        text = f.read()
    errs, samples = check(text)
    for e in errs:
        sys.stderr.write("promcheck: %s\n" % e)
    if dump:
        for name, labels, v in samples:
            lab = ",".join('%s="%s"' % kv for kv in sorted(labels.items()))
            val = (repr(v) if math.isinf(v) or math.isnan(v) or v != int(v)
                   else str(int(v)))
            print("%s%s %s" % (name, "{%s}" % lab if lab else "", val))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
