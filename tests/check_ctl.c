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
 * check_ctl: nilsimsactl's pure helpers: TIME parsing, ids and counts,
 * sort keys, table cells, and the cluster <-> JSON round trip that
 * export and import rely on.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ctl.h"
#include "testutil.h"

START_TEST(duration_units)
{
	ck_assert_int_eq(ctl_parse_duration("90s"), 90);
	ck_assert_int_eq(ctl_parse_duration("30m"), 1800);
	ck_assert_int_eq(ctl_parse_duration("2h"), 7200);
	ck_assert_int_eq(ctl_parse_duration("3d"), 3 * 86400);
	ck_assert_int_eq(ctl_parse_duration("1w"), 7 * 86400);
	ck_assert_int_eq(ctl_parse_duration("0h"), 0);
}
END_TEST

START_TEST(duration_bad)
{
	static const char *const bad[] = {
		"", "h", "2", "2026", "-2h", "+2h", " 2h", "2h ", "2hh", "2 h",
		"2H", "2y", "1.5h", "99999999999999999999d", "40000d", NULL
	};
	int	i;

	for (i = 0; bad[i] != NULL; i++)
		ck_assert_msg(ctl_parse_duration(bad[i]) == -1, "accepted \"%s\"",
		    bad[i]);
	ck_assert_int_eq(ctl_parse_duration(NULL), -1);
}
END_TEST

/* Durations and sizes written back as the configuration writes them. */
START_TEST(formats)
{
	static const struct {
		int		 size;	/* ctl_fmt_size, else ctl_fmt_duration */
		uint64_t	 n;
		const char	*want;
	} f[] = {
		{ 0, 604800, "7d" }, { 0, 7200, "2h" }, { 0, 5400, "90m" },
		{ 0, 61, "61s" }, { 0, 0, "0s" },
		{ 1, 1023, "1023" }, { 1, 16384, "16K" }, { 1, 1572864, "1.5M" },
		{ 1, 1073741824, "1G" }, { 1, UINT64_MAX, "16777216T" },
	};
	char	b[32];
	size_t	i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		if (f[i].size)
			ctl_fmt_size(f[i].n, b, sizeof(b));
		else
			ctl_fmt_duration((int64_t)f[i].n, b, sizeof(b));
		ck_assert_str_eq(b, f[i].want);
	}
}
END_TEST

START_TEST(since_relative)
{
	int64_t	t;

	ck_assert_int_eq(ctl_parse_since("2h", 1000000, &t), 0);
	ck_assert_int_eq(t, 1000000 - 7200);
	ck_assert_int_eq(ctl_parse_since("3d", 1000000, &t), 0);
	ck_assert_int_eq(t, 1000000 - 259200);
}
END_TEST

START_TEST(since_iso)
{
	int64_t	t;

	/* 2026-01-31T08:00:00Z is 1769846400 (20484 days, then 8 hours). */
	ck_assert_int_eq(ctl_parse_since("2026-01-31T08:00Z", 0, &t), 0);
	ck_assert_int_eq(t, 1769846400);
	ck_assert_int_eq(ctl_parse_since("2026-01-31T08:00:30Z", 0, &t), 0);
	ck_assert_int_eq(t, 1769846430);
	ck_assert_int_eq(ctl_parse_since("2026-01-31Z", 0, &t), 0);
	ck_assert_int_eq(t, 1769846400 - 8 * 3600);
	/* Local time: TZ is set to UTC-2 (POSIX sign) in main(). */
	ck_assert_int_eq(ctl_parse_since("2026-01-31 10:00", 0, &t), 0);
	ck_assert_int_eq(t, 1769846400);
	ck_assert_int_eq(ctl_parse_since("2026-01-31", 0, &t), 0);
	ck_assert_int_eq(t, 1769846400 - 10 * 3600);
	ck_assert_int_eq(ctl_parse_since("2024-02-29", 0, &t), 0);
}
END_TEST

START_TEST(since_bad)
{
	static const char *const bad[] = {
		"2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10",
		"2026-1-31", "26-01-31", "2026-01-31T8:00", "2026-01-31T24:00",
		"2026-01-31T08:60", "2026-01-31T08:00:61", "2026-01-31T08",
		"2026-01-31x", "2026-01-31T08:00ZZ", "1969-12-31", "yesterday",
		"", NULL
	};
	int64_t	t = 42;
	int	i;

	for (i = 0; bad[i] != NULL; i++) {
		ck_assert_msg(ctl_parse_since(bad[i], 0, &t) == -1,
		    "accepted \"%s\"", bad[i]);
		ck_assert_int_eq(t, 42);
	}
}
END_TEST

START_TEST(ids_and_counts)
{
	uint64_t	v;

	ck_assert_int_eq(ctl_parse_id("1", &v), 0);
	ck_assert_uint_eq(v, 1);
	ck_assert_int_eq(ctl_parse_id("18446744073709551615", &v), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_int_eq(ctl_parse_id("18446744073709551616", &v), -1);
	ck_assert_int_eq(ctl_parse_id("0", &v), -1);
	ck_assert_int_eq(ctl_parse_id("-1", &v), -1);
	ck_assert_int_eq(ctl_parse_id(" 1", &v), -1);
	ck_assert_int_eq(ctl_parse_id("1x", &v), -1);
	ck_assert_int_eq(ctl_parse_id("", &v), -1);
	ck_assert_int_eq(ctl_parse_id("0x10", &v), -1);
	ck_assert_int_eq(ctl_parse_count("0", 10, &v), 0);
	ck_assert_uint_eq(v, 0);
	ck_assert_int_eq(ctl_parse_count("10", 10, &v), 0);
	ck_assert_int_eq(ctl_parse_count("11", 10, &v), -1);
}
END_TEST

/* Compare two clusters as a listing sorted by key orders them. */
static int
rank_cmp(const struct cluster *a, const struct cluster *b, int key)
{
	struct ctl_rank	x = { ctl_sort_value(a, key), a->id };
	struct ctl_rank	y = { ctl_sort_value(b, key), b->id };

	return ctl_rank_cmp(&x, &y);
}

START_TEST(sort_keys)
{
	struct cluster	a, b;

	ck_assert_int_eq(ctl_parse_sort("count"), SORT_COUNT);
	ck_assert_int_eq(ctl_parse_sort("recipients"), SORT_RECIPIENTS);
	ck_assert_int_eq(ctl_parse_sort("networks"), SORT_NETWORKS);
	ck_assert_int_eq(ctl_parse_sort("last"), SORT_LAST);
	ck_assert_int_eq(ctl_parse_sort("first"), SORT_FIRST);
	ck_assert_int_eq(ctl_parse_sort("Count"), -1);
	ck_assert_int_eq(ctl_parse_sort(""), -1);
	ck_assert_int_eq(ctl_parse_sort(NULL), -1);

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.id = 1;
	b.id = 2;
	a.messages = 5;
	b.messages = 9;
	a.recipients = 50;
	b.recipients = 10;
	a.first_seen = 100;
	b.first_seen = 200;
	a.last_seen = 300;
	b.last_seen = 250;
	a.networks = b.networks = 3;
	/* Most first; the newest first; equal keys by ascending id. */
	ck_assert_int_gt(rank_cmp(&a, &b, SORT_COUNT), 0);
	ck_assert_int_lt(rank_cmp(&a, &b, SORT_RECIPIENTS), 0);
	ck_assert_int_lt(rank_cmp(&a, &b, SORT_LAST), 0);
	ck_assert_int_gt(rank_cmp(&a, &b, SORT_FIRST), 0);
	ck_assert_int_lt(rank_cmp(&a, &b, SORT_NETWORKS), 0);
	ck_assert_int_gt(rank_cmp(&b, &a, SORT_NETWORKS), 0);
	ck_assert_int_eq(rank_cmp(&a, &a, SORT_COUNT), 0);
	/* times before 1970 still sort below later ones */
	a.last_seen = -5;
	b.last_seen = 5;
	ck_assert_int_gt(rank_cmp(&a, &b, SORT_LAST), 0);
}
END_TEST

START_TEST(fit_cells)
{
	char	out[64];

	ck_assert_uint_eq(ctl_fit("hello", 10, out, sizeof(out)), 5);
	ck_assert_str_eq(out, "hello");
	ck_assert_uint_eq(ctl_fit("hello world", 8, out, sizeof(out)), 8);
	ck_assert_str_eq(out, "hello...");
	ck_assert_uint_eq(ctl_fit("hello world", 11, out, sizeof(out)), 11);
	ck_assert_str_eq(out, "hello world");
	/* UTF-8 counts by character and is never cut inside one. */
	ck_assert_uint_eq(ctl_fit("\xc3\xa9t\xc3\xa9 \xc3\xa0 Paris", 6, out,
	    sizeof(out)), 6);
	ck_assert_str_eq(out, "\xc3\xa9t\xc3\xa9...");
	ck_assert_uint_eq(ctl_fit("\xc3\xa9t\xc3\xa9", 3, out, sizeof(out)), 3);
	ck_assert_str_eq(out, "\xc3\xa9t\xc3\xa9");
	/* Control bytes and invalid UTF-8 show as '?'. */
	ck_assert_uint_eq(ctl_fit("a\tb\xff" "c\xc3", 10, out, sizeof(out)), 6);
	ck_assert_str_eq(out, "a?b?c?");
	/* So do C1 controls (CSI) and bidi overrides; NBSP and é stay. */
	ck_assert_uint_eq(ctl_fit("\xc2\x9b" "2J\xe2\x80\xae" "cba\xe2\x81\xa6"
	    "\xc2\xa0\xc3\xa9\xe2\x80\x94", 12, out, sizeof(out)), 11);
	ck_assert_str_eq(out, "?2J?cba?\xc2\xa0\xc3\xa9\xe2\x80\x94");
	ck_assert_uint_eq(ctl_fit("a\xe2\x80\x8f" "b\xe2\x80\xa8" "c\xe2\x80\xaa",
	    12, out, sizeof(out)), 6);
	ck_assert_str_eq(out, "a?b?c?");
	/* Too narrow for "...": a plain cut. */
	ck_assert_uint_eq(ctl_fit("abcdef", 2, out, sizeof(out)), 2);
	ck_assert_str_eq(out, "ab");
	ck_assert_uint_eq(ctl_fit("abcdef", 0, out, sizeof(out)), 0);
	ck_assert_str_eq(out, "");
	/* A small output buffer is never overrun. */
	ck_assert_uint_le(ctl_fit("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 10, out, 4), 3);
	ck_assert_uint_lt(strlen(out), 4);
}
END_TEST

START_TEST(when_cells)
{
	char	buf[32];

	/* TZ=UTC-2: 1769846400 is 2026-01-31 10:00 local. */
	ctl_fmt_when(1769846400, 1769846400 + 86400, buf, sizeof(buf));
	ck_assert_str_eq(buf, "01-31 10:00");
	ctl_fmt_when(1769846400, 1769846400 + 400 * 86400LL, buf, sizeof(buf));
	ck_assert_str_eq(buf, "2026-01-31 ");
	ck_assert_uint_eq(strlen(buf), 11);
	ctl_fmt_when(0, 1769846400, buf, sizeof(buf));
	ck_assert_str_eq(buf, "-          ");
	ctl_fmt_time(1769846400, buf, sizeof(buf));
	ck_assert_str_eq(buf, "2026-01-31 10:00:00");
}
END_TEST

START_TEST(hour_secs)
{
	int64_t	t = -1;

	ck_assert_int_eq(ctl_hour_secs(491624, 0, &t), 0);
	ck_assert_int_eq(t, 1769846400);
	ck_assert_int_eq(ctl_hour_secs(491624, 23, &t), 0);
	ck_assert_int_eq(t, 1769846400 + 23 * 3600);
	ck_assert_int_eq(ctl_hour_secs(-2, 1, &t), 0);
	ck_assert_int_eq(t, -3600);
	/* What an import accepts, and what a damaged record may hold. */
	ck_assert_int_eq(ctl_hour_secs(INT64_MAX / 2, 0, &t), -1);
	ck_assert_int_eq(ctl_hour_secs(INT64_MIN / 2, 23, &t), -1);
	ck_assert_int_eq(ctl_hour_secs(INT64_MAX, 1, &t), -1);
	ck_assert_int_eq(ctl_hour_secs(INT64_MAX / 3600, 0, &t), 0);
	ck_assert_int_eq(ctl_hour_secs(INT64_MAX / 3600, 1, &t), -1);
	ck_assert_int_eq(ctl_hour_secs(INT64_MIN / 3600, 0, &t), 0);
	ck_assert_int_eq(ctl_hour_secs(INT64_MIN / 3600, -1, &t), -1);
	/* A year that localtime cannot give prints as "-". */
	{
		char	buf[32];

		ctl_fmt_time(INT64_MAX / 3600 * 3600, buf, sizeof(buf));
		ck_assert_str_eq(buf, "-");
	}
}
END_TEST

START_TEST(utf8)
{
	ck_assert_int_eq(ctl_utf8_valid("abc", 3), 1);
	ck_assert_int_eq(ctl_utf8_valid("\xc3\xa9", 2), 1);
	ck_assert_int_eq(ctl_utf8_valid("\xf0\x9f\x98\x80", 4), 1);
	ck_assert_int_eq(ctl_utf8_valid("\xc3", 1), 0);		/* cut */
	ck_assert_int_eq(ctl_utf8_valid("\xc0\xaf", 2), 0);	/* overlong */
	ck_assert_int_eq(ctl_utf8_valid("\xed\xa0\x80", 3), 0);	/* surrogate */
	ck_assert_int_eq(ctl_utf8_valid("\xf4\x90\x80\x80", 4), 0);
	ck_assert_int_eq(ctl_utf8_valid("a\0b", 3), 0);
}
END_TEST

static void
sample(struct cluster *c)
{
	int	i;

	memset(c, 0, sizeof(*c));
	c->id = 123456789012ULL;
	for (i = 0; i < NILSIMSA_CODE_BYTES; i++)
		c->code.b[i] = (unsigned char)(i * 37 + 1);
	c->nreps = 2;
	for (i = 0; i < NILSIMSA_CODE_BYTES; i++) {
		c->reps[0].b[i] = (unsigned char)(i * 11 + 5);
		c->reps[1].b[i] = (unsigned char)(255 - i);
	}
	c->first_seen = 1769846400;
	c->last_seen = 1769846400 + 7200;
	c->messages = 42;
	c->recipients = 4000000000ULL;
	c->networks = 3;
	c->nets[0] = 1;
	c->nets[1] = 0xffffffffu;
	c->nets[2] = 77;
	c->tagged = 5;
	c->rejected = 30;
	c->status = CLUSTER_SPAM;
	memset(c->subject, 0, sizeof(c->subject));
	strcpy(c->subject, "Cheap \"pills\" \\ now \xc3\xa9");
	c->hist_start = 491624;
	for (i = 0; i < CLUSTER_HISTORY; i++)
		c->hist[i] = (uint32_t)(i * i);
	c->hist[23] = UINT32_MAX;
}

/* Through text, as export then import do. */
static void
round_trip(const struct cluster *in, struct cluster *out)
{
	json_error_t	 jerr;
	json_t		*j, *k;
	char		*s, err[160];

	ck_assert_ptr_nonnull(j = ctl_cluster_json(in));
	ck_assert_ptr_nonnull(s = json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII));
	json_decref(j);
	ck_assert_ptr_null(strchr(s, '\n'));	/* one line */
	ck_assert_ptr_nonnull(k = json_loads(s, JSON_REJECT_DUPLICATES, &jerr));
	free(s);
	ck_assert_msg(ctl_cluster_from_json(k, out, err, sizeof(err)) == 0,
	    "%s", err);
	json_decref(k);
}

START_TEST(json_round_trip)
{
	struct cluster	in, out;

	sample(&in);
	round_trip(&in, &out);
	ck_assert_int_eq(memcmp(&in, &out, sizeof(in)), 0);
}
END_TEST

START_TEST(json_round_trip_8bit_subject)
{
	struct cluster	in, out;
	json_t		*j;

	sample(&in);
	memset(in.subject, 0, sizeof(in.subject));
	strcpy(in.subject, "Gr\xfc\xdf" "e \xff");	/* Latin-1, not UTF-8 */
	ck_assert_ptr_nonnull(j = ctl_cluster_json(&in));
	ck_assert_ptr_null(json_object_get(j, "subject"));
	ck_assert_str_eq(json_string_value(json_object_get(j, "subject_hex")),
	    "4772fcdf6520ff");
	json_decref(j);
	round_trip(&in, &out);
	ck_assert_int_eq(memcmp(&in, &out, sizeof(in)), 0);
}
END_TEST

/* Every kind of code by its name, and back. */
START_TEST(json_kinds)
{
	static const char *const names[NILSIMSA_KIND_MAX + 1] = {
		"profile", "self", "marks"
	};
	struct cluster	 in, out;
	json_t		*j;
	int		 k;

	for (k = 0; k <= NILSIMSA_KIND_MAX; k++) {
		sample(&in);
		in.kind = (uint8_t)k;
		ck_assert_ptr_nonnull(j = ctl_cluster_json(&in));
		ck_assert_str_eq(json_string_value(json_object_get(j, "kind")),
		    names[k]);
		json_decref(j);
		round_trip(&in, &out);
		ck_assert_uint_eq(out.kind, (unsigned)k);
		ck_assert_int_eq(memcmp(&in, &out, sizeof(in)), 0);
	}
}
END_TEST

START_TEST(json_fields)
{
	struct cluster	c;
	json_t		*j;

	sample(&c);
	ck_assert_ptr_nonnull(j = ctl_cluster_json(&c));
	ck_assert_int_eq(json_integer_value(json_object_get(j, "id")), 123456789012LL);
	ck_assert_str_eq(json_string_value(json_object_get(j, "status")), "spam");
	/* Byte 31 first, as nilsimsa(1) prints it. */
	ck_assert_str_eq(json_string_value(json_object_get(j, "code")),
	    "7c57320de8c39e79542f0ae5c09b76512c07e2bd98734e2904dfba95704b2601");
	ck_assert_uint_eq(json_array_size(json_object_get(j, "reps")), 2);
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(j,
	    "reps"), 1)),
	    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
	ck_assert_uint_eq(json_array_size(json_object_get(j, "nets")), 3);
	ck_assert_uint_eq(json_array_size(json_object_get(j, "hist")), 24);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "recipients")),
	    4000000000LL);
	json_decref(j);
}
END_TEST

/* reps: at most CLUSTER_REPS - 1 codes of 64 hex digits each. */
#define Z	"0000000000000000000000000000000000000000000000000000000000000001"
START_TEST(json_bad_reps)
{
	static const char *const bad[] = {
		"[\"" Z "\", \"" Z "\", \"" Z "\", \"" Z "\"]",	/* one too many */
		"[\"" Z "\", \"00\"]",
		"[\"" Z "\", 7]",
		"\"" Z "\"",
	};
	struct cluster	 c;
	json_t		*j;
	char		 text[600], err[160];
	size_t		 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), "{\"code\":\"" Z "\",\"reps\":%s}",
		    bad[i]);
		ck_assert_ptr_nonnull(j = json_loads(text, 0, NULL));
		ck_assert_msg(ctl_cluster_from_json(j, &c, err, sizeof(err)) == -1,
		    "accepted %s", text);
		ck_assert_ptr_nonnull(strstr(err, "\"reps\""));
		json_decref(j);
	}
	/* three are fine, and keep their order (byte 0 is the last digit) */
	ck_assert_ptr_nonnull(j = json_loads("{\"code\":\"" Z "\",\"reps\":[\""
	    Z "\",\"" Z "\",\"" "000000000000000000000000000000000000000000000000"
	    "0000000000000002\"]}", 0, NULL));
	ck_assert_int_eq(ctl_cluster_from_json(j, &c, err, sizeof(err)), 0);
	json_decref(j);
	ck_assert_uint_eq(c.nreps, 3);
	ck_assert_uint_eq(c.reps[2].b[0], 2);
	ck_assert_uint_eq(c.reps[1].b[0], 1);
}
END_TEST
#undef Z

START_TEST(json_defaults)
{
	struct cluster	c;
	json_t		*j;
	char		err[160];

	j = json_loads("{\"code\":\"" "00000000000000000000000000000000"
	    "000000000000000000000000000000ff\"}", 0, NULL);
	ck_assert_int_eq(ctl_cluster_from_json(j, &c, err, sizeof(err)), 0);
	json_decref(j);
	ck_assert_uint_eq(c.id, 0);		/* a new id at import */
	ck_assert_int_eq(c.status, CLUSTER_AUTO);
	ck_assert_int_eq(c.code.b[0], 0xff);	/* byte 31 printed first */
	ck_assert_str_eq(c.subject, "");
}
END_TEST

#define Z "0000000000000000000000000000000000000000000000000000000000000000"

START_TEST(json_invalid)
{
	static const char *const bad[] = {
		"[]",
		"{}",
		"{\"code\":\"00\"}",
		"{\"code\":\"zz00000000000000000000000000000000000000000000000000000000000000\"}",
		"{\"code\":\"" Z "\",\"id\":-1}",
		"{\"code\":\"" Z "\",\"id\":\"7\"}",
		"{\"code\":\"" Z "\",\"status\":\"bulk\"}",
		"{\"code\":\"" Z "\",\"networks\":33}",
		"{\"code\":\"" Z "\",\"tagged\":4294967296}",
		"{\"code\":\"" Z "\",\"nets\":[1,2],\"networks\":3}",
		"{\"code\":\"" Z "\",\"nets\":[-1]}",
		"{\"code\":\"" Z "\",\"hist\":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}",
		"{\"code\":\"" Z "\",\"subject\":\"0123456789012345678901234567890123456789"
		    "0123456789012345678901234567890123456789\"}",
		"{\"code\":\"" Z "\",\"subject\":\"a\\u0000b\"}",
		"{\"code\":\"" Z "\",\"subject_hex\":\"4g\"}",
		"{\"code\":\"" Z "\",\"subject_hex\":\"410\"}",
		"{\"code\":\"" Z "\",\"subject_hex\":\"4100\"}",
		"{\"code\":\"" Z "\",\"subject\":\"a\",\"subject_hex\":\"41\"}",
		"{\"code\":\"" Z "\",\"first_seen\":10,\"last_seen\":5}",
		"{\"code\":\"" Z "\",\"colour\":\"red\"}",
		"{\"code\":\"" Z "\",\"kind\":\"words\"}",
		"{\"code\":\"" Z "\",\"kind\":2}",
		NULL
	};
	struct cluster	 c;
	json_t		*j;
	char		 buf[512], err[160];
	int		 i;

	for (i = 0; bad[i] != NULL; i++) {
		snprintf(buf, sizeof(buf), "%s", bad[i]);
		/* NUL allowed here, to reach ctl_cluster_from_json's check. */
		ck_assert_msg((j = json_loads(buf, JSON_ALLOW_NUL, NULL)) != NULL,
		    "%s", buf);
		err[0] = '\0';
		ck_assert_msg(ctl_cluster_from_json(j, &c, err, sizeof(err)) == -1,
		    "accepted %s", buf);
		ck_assert_msg(err[0] != '\0', "no message for %s", buf);
		json_decref(j);
	}
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("ctl");
	TCase	*tc = tcase_create("core");

	/* A fixed zone two hours east of UTC, so local times are known. */
	setenv("TZ", "UTC-2", 1);
	tzset();
	tcase_add_test(tc, duration_units);
	tcase_add_test(tc, duration_bad);
	tcase_add_test(tc, formats);
	tcase_add_test(tc, since_relative);
	tcase_add_test(tc, since_iso);
	tcase_add_test(tc, since_bad);
	tcase_add_test(tc, ids_and_counts);
	tcase_add_test(tc, sort_keys);
	tcase_add_test(tc, fit_cells);
	tcase_add_test(tc, when_cells);
	tcase_add_test(tc, hour_secs);
	tcase_add_test(tc, utf8);
	tcase_add_test(tc, json_round_trip);
	tcase_add_test(tc, json_round_trip_8bit_subject);
	tcase_add_test(tc, json_bad_reps);
	tcase_add_test(tc, json_kinds);
	tcase_add_test(tc, json_fields);
	tcase_add_test(tc, json_defaults);
	tcase_add_test(tc, json_invalid);
	suite_add_tcase(s, tc);
	return tu_run(s, "check_ctl", NULL);
}
