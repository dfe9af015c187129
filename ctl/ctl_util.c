/*
 * Copyright (c) 2026 The nilsimsa-milter authors
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */

/*
 * ctl_util.c: nilsimsactl's pure helpers: parsing of times, ids, counts
 * and sort keys, and the formatting of table cells. No I/O, so that
 * tests/check_ctl.c can drive every case.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ctl.h"

#define MAX_DURATION	(100LL * 366 * 86400)	/* a century is plenty */

int64_t
ctl_parse_duration(const char *s)
{
	int64_t	n = 0, unit;
	size_t	i;

	if (s == NULL || !isdigit((unsigned char)s[0]))
		return -1;
	for (i = 0; isdigit((unsigned char)s[i]); i++) {
		n = n * 10 + (s[i] - '0');
		if (n > MAX_DURATION)
			return -1;
	}
	switch (s[i]) {
	case 's':
		unit = 1;
		break;
	case 'm':
		unit = 60;
		break;
	case 'h':
		unit = 3600;
		break;
	case 'd':
		unit = 86400;
		break;
	case 'w':
		unit = 7 * 86400;
		break;
	default:
		return -1;	/* a unit is required: "2026" is no duration */
	}
	if (s[i + 1] != '\0' || n > MAX_DURATION / unit)
		return -1;
	return n * unit;
}

/* Exactly `len` digits at s into *v; returns the digits read or -1. */
static int
digits(const char *s, int len, int *v)
{
	int	i;

	*v = 0;
	for (i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		*v = *v * 10 + (s[i] - '0');
	}
	return len;
}

int
ctl_parse_since(const char *s, int64_t now, int64_t *out)
{
	struct tm	tm, want;
	const char	*p = s;
	int		y, mo, d, h = 0, mi = 0, sec = 0, utc = 0;
	time_t		t;
	int64_t		dur;

	if (s == NULL)
		return -1;
	if ((dur = ctl_parse_duration(s)) >= 0) {
		*out = now - dur;
		return 0;
	}
	if (digits(p, 4, &y) < 0 || p[4] != '-' || digits(p + 5, 2, &mo) < 0 ||
	    p[7] != '-' || digits(p + 8, 2, &d) < 0)
		return -1;
	p += 10;
	if (*p == 'T' || *p == ' ') {
		if (digits(p + 1, 2, &h) < 0 || p[3] != ':' ||
		    digits(p + 4, 2, &mi) < 0)
			return -1;
		p += 6;
		if (*p == ':') {
			if (digits(p + 1, 2, &sec) < 0)
				return -1;
			p += 3;
		}
	}
	if (*p == 'Z') {
		utc = 1;
		p++;
	}
	if (*p != '\0' || y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31 ||
	    h > 23 || mi > 59 || sec > 59)
		return -1;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = sec;
	tm.tm_isdst = -1;
	want = tm;
	t = utc ? timegm(&tm) : mktime(&tm);
	/* mktime() normalises "02-30" to March: refuse a date that moved. */
	if (t == (time_t)-1 || tm.tm_mday != want.tm_mday ||
	    tm.tm_mon != want.tm_mon)
		return -1;
	*out = (int64_t)t;
	return 0;
}

int
ctl_parse_count(const char *s, uint64_t max, uint64_t *n)
{
	unsigned long long	v;
	char			*end;

	if (s == NULL || !isdigit((unsigned char)s[0]))
		return -1;	/* strtoull would take "-1" and " 1" */
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || v > max)
		return -1;
	*n = v;
	return 0;
}

int
ctl_parse_id(const char *s, uint64_t *id)
{
	uint64_t	v;

	if (ctl_parse_count(s, UINT64_MAX, &v) == -1 || v == 0)
		return -1;
	*id = v;
	return 0;
}

static const char *const sort_names[] = {
	[SORT_COUNT] = "count",
	[SORT_RECIPIENTS] = "recipients",
	[SORT_NETWORKS] = "networks",
	[SORT_LAST] = "last",
	[SORT_FIRST] = "first",
};

int
ctl_parse_sort(const char *s)
{
	size_t	i;

	if (s == NULL)
		return -1;
	for (i = 0; i < sizeof(sort_names) / sizeof(sort_names[0]); i++)
		if (strcmp(s, sort_names[i]) == 0)
			return (int)i;
	return -1;
}

/* The value clusters are sorted by, most first (times as unsigned, in order). */
uint64_t
ctl_sort_value(const struct cluster *c, int key)
{
	switch (key) {
	case SORT_RECIPIENTS:
		return c->recipients;
	case SORT_NETWORKS:
		return c->networks;
	case SORT_LAST:
		return (uint64_t)c->last_seen ^ (1ULL << 63);
	case SORT_FIRST:
		return (uint64_t)c->first_seen ^ (1ULL << 63);
	default:
		return c->messages;
	}
}

int
ctl_rank_cmp(const void *a, const void *b)
{
	const struct ctl_rank	*x = a, *y = b;

	if (x->value != y->value)
		return x->value < y->value ? 1 : -1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* Length of the valid UTF-8 sequence at p (n bytes left), 0 if invalid. */
static size_t
utf8_seq(const unsigned char *p, size_t n)
{
	unsigned char	lo = 0x80, hi = 0xbf;
	size_t		len, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		len = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		if (p[0] == 0xe0)
			lo = 0xa0;	/* overlong */
		else if (p[0] == 0xed)
			hi = 0x9f;	/* surrogates */
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		if (p[0] == 0xf0)
			lo = 0x90;
		else if (p[0] == 0xf4)
			hi = 0x8f;	/* above U+10FFFF */
	} else
		return 0;
	if (n < len || p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return len;
}

int
ctl_utf8_valid(const char *s, size_t len)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, n;

	while (i < len) {
		if (p[i] == '\0' || (n = utf8_seq(p + i, len - i)) == 0)
			return 0;
		i += n;
	}
	return 1;
}

/* Width of s in characters, an invalid byte counting as one. */
static size_t
width(const unsigned char *p)
{
	size_t	w = 0, n, len = strlen((const char *)p);

	while (*p != '\0') {
		n = utf8_seq(p, len);
		if (n == 0)
			n = 1;
		p += n;
		len -= n;
		w++;
	}
	return w;
}

/*
 * Is the n-byte UTF-8 character at p one a terminal acts on rather than
 * shows: a C0 or C1 control (the C1 CSI starts escape sequences as ESC [
 * does), DEL, a bidirectional override, embedding, isolate or mark,
 * which reorders what follows it on the line (U+202A-202E, U+2066-2069,
 * U+200E-200F), or a line or paragraph separator (U+2028-2029)?
 */
static int
unsafe_char(const unsigned char *p, size_t n)
{
	uint32_t	cp;

	if (n == 1)
		return p[0] < 0x20 || p[0] == 0x7f;
	if (n == 2)
		return p[0] == 0xc2 && p[1] < 0xa0;
	if (n != 3)
		return 0;
	cp = (uint32_t)(p[0] & 0x0f) << 12 | (uint32_t)(p[1] & 0x3f) << 6 |
	    (p[2] & 0x3f);
	return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
	    cp == 0x200e || cp == 0x200f || cp == 0x2028 || cp == 0x2029;
}

size_t
ctl_fit(const char *s, size_t cols, char *out, size_t outlen)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 w = 0, keep, n, o = 0, len = strlen(s);
	int			 cut;

	if (outlen == 0)
		return 0;
	cut = width(p) > cols;
	keep = cut && cols > 3 ? cols - 3 : cols;
	while (*p != '\0' && w < keep) {
		n = utf8_seq(p, len);
		if (n == 0 || unsafe_char(p, n)) {
			if (o + 1 >= outlen)
				break;
			out[o++] = '?';
			n = n == 0 ? 1 : n;
		} else {
			if (o + n >= outlen)
				break;
			memcpy(out + o, p, n);
			o += n;
		}
		p += n;
		len -= n;
		w++;
	}
	if (cut && cols > 3 && o + 3 < outlen) {
		memcpy(out + o, "...", 3);
		o += 3;
		w += 3;
	}
	out[o] = '\0';
	return w;
}

void
ctl_fmt_when(int64_t t, int64_t now, char *buf, size_t len)
{
	struct tm	tm, tn;
	time_t		tt = (time_t)t, tnow = (time_t)now;

	if (t == 0 || localtime_r(&tt, &tm) == NULL ||
	    localtime_r(&tnow, &tn) == NULL) {
		snprintf(buf, len, "%-11s", "-");
		return;
	}
	if (tm.tm_year == tn.tm_year)
		strftime(buf, len, "%m-%d %H:%M", &tm);
	else
		strftime(buf, len, "%Y-%m-%d ", &tm);
}

int
ctl_hour_secs(int64_t hour, int i, int64_t *t)
{
	int64_t	h;

	if (__builtin_add_overflow(hour, (int64_t)i, &h) ||
	    __builtin_mul_overflow(h, (int64_t)3600, t))
		return -1;
	return 0;
}

/* A size as the configuration writes it: 64M, 1G, 36K; bytes below 1K. */
void
ctl_fmt_size(uint64_t n, char *buf, size_t len)
{
	static const char	units[] = "KMGT";
	double			v = (double)n;
	int			u = -1;

	while (v >= 1024 && u < 3) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%llu", (unsigned long long)n);
	else
		snprintf(buf, len, v < 10 && v != (double)(uint64_t)v ?
		    "%.1f%c" : "%.0f%c", v, units[u]);
}

/* A duration as the configuration writes it: 7d, 12h, 90m, 45s. */
void
ctl_fmt_duration(int64_t secs, char *buf, size_t len)
{
	static const struct {
		int64_t	 n;
		char	 unit;
	} units[] = { { 86400, 'd' }, { 3600, 'h' }, { 60, 'm' } };
	size_t	i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (secs > 0 && secs % units[i].n == 0) {
			snprintf(buf, len, "%lld%c",
			    (long long)(secs / units[i].n), units[i].unit);
			return;
		}
	snprintf(buf, len, "%llds", (long long)secs);
}

void
ctl_fmt_time(int64_t t, char *buf, size_t len)
{
	struct tm	tm;
	time_t		tt = (time_t)t;

	if (t == 0 || localtime_r(&tt, &tm) == NULL) {
		snprintf(buf, len, "-");
		return;
	}
	strftime(buf, len, "%Y-%m-%d %H:%M:%S", &tm);
}
