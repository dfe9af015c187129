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
 * Tests of libnilsimsa: the shared vectors, streaming, the 64-bit totals,
 * hex and scores, and a property test against the textbook implementation
 * (tests/textbook.c), which is written independently from the reference's
 * description. Set NSM_SEED to replay a run of the random tests.
 */

#include <sys/mman.h>

#include <check.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nilsimsa.h"
#include "nilsimsa-internal.h"
#include "testutil.h"
#include "textbook.h"
#include "util.h"

static uint64_t	rng_state;

/* xorshift64*: deterministic, so a failure can be replayed (NSM_SEED). */
static uint64_t
rng(void)
{
	return util_xorshift64s(&rng_state);
}

/*
 * The digest loops that the loop tests run, by _i: nilsimsa_update's own
 * choice, then each loop forced. Only those this CPU has are registered.
 */
static const int	paths[] = { 0, NSM_PATH_SCALAR, NSM_PATH_VBMI };
static const char	*path_names[] = { "auto", "scalar", "avx512vbmi" };
static int		forced_path;

static void
update(nilsimsa_ctx *ctx, const void *buf, size_t len)
{
	if (forced_path == 0)
		nilsimsa_update(ctx, buf, len);
	else
		nilsimsa__update_path(ctx, buf, len, forced_path);
}

static size_t
rng_below(size_t n)
{
	return n == 0 ? 0 : (size_t)(rng() % n);
}

static void
hex_of(const void *buf, size_t len, char hex[NILSIMSA_HEX_LEN + 1])
{
	nilsimsa_code	code;

	nilsimsa_digest(buf, len, &code);
	nilsimsa_to_hex(&code, hex);
}

static void
textbook_hex_of(const void *buf, size_t len, char hex[65])
{
	struct textbook	t;
	unsigned char	code[32];

	textbook_init(&t);
	textbook_update(&t, buf, len);
	textbook_final(&t, code, NULL);
	textbook_hex(code, hex);
}

/* Digest buf fed in random chunks (including empty ones). */
static void
chunked_hex_of(const unsigned char *buf, size_t len, char hex[65])
{
	nilsimsa_ctx	ctx;
	nilsimsa_code	code;
	size_t		off = 0, n;

	nilsimsa_init(&ctx);
	while (off < len) {
		switch (rng_below(4)) {
		case 0:
			n = rng_below(8);		/* tiny, often empty */
			break;
		case 1:
			n = rng_below(1024);		/* around NSM_SMALL */
			break;
		default:
			n = rng_below(len - off + 1);
			break;
		}
		if (n > len - off)
			n = len - off;
		update(&ctx, buf + off, n);
		off += n;
	}
	ck_assert_uint_eq(nilsimsa_length(&ctx), len);
	nilsimsa_final(&ctx, &code);
	nilsimsa_to_hex(&code, hex);
}

/* ---- shared vectors */

static const char *
shared_path(const char *name, char *buf, size_t size)
{
	snprintf(buf, size, "%s/vectors/%s", tu_shared(), name);
	return buf;
}

/* Undo the vector file's escapes (\xHH, \n, \r); returns the length. */
static size_t
unescape(const char *s, unsigned char *out)
{
	size_t		n = 0;
	unsigned int	v;

	while (*s != '\0') {
		if (s[0] == '\\' && s[1] == 'x') {
			ck_assert_int_eq(sscanf(s + 2, "%2x", &v), 1);
			out[n++] = (unsigned char)v;
			s += 4;
		} else if (s[0] == '\\' && s[1] == 'n') {
			out[n++] = '\n';
			s += 2;
		} else if (s[0] == '\\' && s[1] == 'r') {
			out[n++] = '\r';
			s += 2;
		} else
			out[n++] = (unsigned char)*s++;
	}
	return n;
}

START_TEST(test_vectors_tsv)
{
	char		 path[4096], line[4096], hex[65], *tab;
	unsigned char	 in[4096];
	size_t		 len;
	int		 nvec = 0;
	FILE		*fp;

	fp = fopen(shared_path("vectors.tsv", path, sizeof(path)), "r");
	ck_assert_msg(fp != NULL, "%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\r\n")] = '\0';
		tab = strrchr(line, '\t');
		ck_assert_msg(tab != NULL, "malformed vector line: %s", line);
		*tab++ = '\0';
		ck_assert_uint_eq(strlen(tab), NILSIMSA_HEX_LEN);
		len = unescape(line, in);

		hex_of(in, len, hex);
		ck_assert_msg(strcmp(hex, tab) == 0, "\"%s\": got %s, want %s",
		    line, hex, tab);
		chunked_hex_of(in, len, hex);
		ck_assert_msg(strcmp(hex, tab) == 0, "\"%s\" chunked: got %s",
		    line, hex);
		textbook_hex_of(in, len, hex);
		ck_assert_msg(strcmp(hex, tab) == 0, "\"%s\" textbook: got %s",
		    line, hex);
		nvec++;
	}
	fclose(fp);
	ck_assert_int_ge(nvec, 20);
}
END_TEST

START_TEST(test_vector_random_bin)
{
	char		 path[4096], hex[65];
	static unsigned char buf[20480 + 1];
	size_t		 len;
	FILE		*fp;

	fp = fopen(shared_path("random-20480.bin", path, sizeof(path)), "rb");
	ck_assert_msg(fp != NULL, "%s: %s", path, strerror(errno));
	len = fread(buf, 1, sizeof(buf), fp);
	fclose(fp);
	ck_assert_uint_eq(len, 20480);
	hex_of(buf, len, hex);
	ck_assert_str_eq(hex,
	    "ff0391a13788fe959469ec70df488e5a269bf54fad4de9614e6ae30196b5110e");
	chunked_hex_of(buf, len, hex);
	ck_assert_str_eq(hex,
	    "ff0391a13788fe959469ec70df488e5a269bf54fad4de9614e6ae30196b5110e");
}
END_TEST

/* From the vectors README; needs no file. */
START_TEST(test_vector_a1000)
{
	unsigned char	buf[1000];
	char		hex[65];

	memset(buf, 'a', sizeof(buf));
	hex_of(buf, sizeof(buf), hex);
	ck_assert_str_eq(hex,
	    "0000000000009000000000200000080040000000000000040008400000000000");
	chunked_hex_of(buf, sizeof(buf), hex);
	ck_assert_str_eq(hex,
	    "0000000000009000000000200000080040000000000000040008400000000000");
}
END_TEST

/* The textbook oracle's table starts as the reference's published one. */
START_TEST(test_textbook_tran)
{
	static const unsigned char head[] = { 0x02, 0xd6, 0x9e, 0x6f, 0xf9,
	    0x1d, 0x04, 0xab };
	static const unsigned char tail[] = { 0xdf, 0x58, 0x72, 0x4e };
	const unsigned char *t = textbook_tran();
	int	seen[256] = { 0 }, i;

	ck_assert_mem_eq(t, head, sizeof(head));
	ck_assert_mem_eq(t + 252, tail, sizeof(tail));
	for (i = 0; i < 256; i++)
		seen[t[i]]++;
	for (i = 0; i < 256; i++)
		ck_assert_int_eq(seen[i], 1);	/* a permutation */
}
END_TEST

/* ---- streaming */

START_TEST(test_chunking_invariance)
{
	static unsigned char	buf[70000];
	char			one[65], chunked[65];
	size_t			i, len;
	int			round;

	forced_path = paths[_i];
	for (round = 0; round < 200; round++) {
		len = rng_below(sizeof(buf) + 1);
		for (i = 0; i < len; i++)
			buf[i] = round & 1 ? (unsigned char)rng() :
			    (unsigned char)"etaoin shrdlu\n"[rng_below(14)];
		hex_of(buf, len, one);
		chunked_hex_of(buf, len, chunked);
		ck_assert_msg(strcmp(one, chunked) == 0,
		    "%s round %d len %zu: %s vs %s", path_names[_i], round, len,
		    one, chunked);
	}
}
END_TEST

START_TEST(test_every_split_point)
{
	static const char	s[] = "The rain in Spain falls mostly in the plains.";
	nilsimsa_ctx		ctx;
	nilsimsa_code		a, b;
	size_t			i, j, len = sizeof(s) - 1;

	nilsimsa_digest(s, len, &a);
	for (i = 0; i <= len; i++)
		for (j = i; j <= len; j++) {
			nilsimsa_init(&ctx);
			nilsimsa_update(&ctx, s, i);
			nilsimsa_update(&ctx, NULL, 0);
			nilsimsa_update(&ctx, s + i, j - i);
			nilsimsa_update(&ctx, s + j, len - j);
			nilsimsa_final(&ctx, &b);
			ck_assert_mem_eq(a.b, b.b, sizeof(a.b));
		}
}
END_TEST

START_TEST(test_final_keeps_context)
{
	static const char	s[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	nilsimsa_ctx		ctx;
	nilsimsa_code		mid, whole, end;
	char			hex[65];

	nilsimsa_init(&ctx);
	nilsimsa_update(&ctx, s, 26);
	nilsimsa_final(&ctx, &mid);
	nilsimsa_to_hex(&mid, hex);
	ck_assert_str_eq(hex,
	    "94ca95850773045cabb93869ba8657373499beb81a17587fd6f9107fc54cc978");
	nilsimsa_update(&ctx, s + 26, 10);
	nilsimsa_final(&ctx, &end);
	nilsimsa_digest(s, 36, &whole);
	ck_assert_mem_eq(end.b, whole.b, sizeof(end.b));
}
END_TEST

START_TEST(test_totals_small)
{
	static const uint64_t	want[] = { 0, 0, 0, 1, 4, 12, 20, 28 };
	nilsimsa_ctx		ctx;
	uint64_t		n;

	nilsimsa_init(&ctx);
	for (n = 0; n < 8; n++) {
		ck_assert_uint_eq(nilsimsa_length(&ctx), n);
		ck_assert_uint_eq(nilsimsa_total(&ctx), want[n]);
		nilsimsa_update(&ctx, "x", 1);
	}
}
END_TEST

/*
 * Past 256 MiB the reference's 32-bit total overflows and its code turns
 * to all ones. Stream 2^28 + 12345 bytes of varied text from a 64 KiB
 * buffer into both implementations.
 */
START_TEST(test_total_past_256mib)
{
	static unsigned char	buf[65536];
	const uint64_t		total = ((uint64_t)1 << 28) + 12345;
	nilsimsa_ctx		ctx;
	nilsimsa_code		code, ones;
	struct textbook		t;
	unsigned char		tcode[32];
	uint64_t		off, tsum;
	size_t			i, n;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)"the quick brown fox jumps\n"[rng_below(26)];
	nilsimsa_init(&ctx);
	textbook_init(&t);
	for (off = 0; off < total; off += n) {
		n = 1 + rng_below(sizeof(buf));
		if (n > total - off)
			n = (size_t)(total - off);
		nilsimsa_update(&ctx, buf, n);
		textbook_update(&t, buf, n);
	}
	ck_assert_uint_eq(nilsimsa_length(&ctx), total);
	ck_assert_uint_eq(nilsimsa_total(&ctx), 8 * total - 28);
	nilsimsa_final(&ctx, &code);
	textbook_final(&t, tcode, &tsum);
	ck_assert_uint_eq(tsum, 8 * total - 28);
	ck_assert_mem_eq(code.b, tcode, 32);
	memset(ones.b, 0xff, sizeof(ones.b));
	ck_assert_int_ne(nilsimsa_score(&code, &ones), NILSIMSA_SCORE_MAX);
}
END_TEST

/*
 * One update call longer than the library's 32-bit counting round, over
 * zero pages that cost no memory.
 */
START_TEST(test_single_call_past_256mib)
{
	const size_t	len = ((size_t)1 << 28) + 777;
	static const unsigned char zeros[65536];
	unsigned char	*p, tcode[32];
	nilsimsa_ctx	ctx;
	nilsimsa_code	code;
	struct textbook	t;
	size_t		off, n;

	forced_path = paths[_i];
	p = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(p != MAP_FAILED);
	nilsimsa_init(&ctx);
	update(&ctx, p, len);
	nilsimsa_final(&ctx, &code);
	munmap(p, len);
	textbook_init(&t);
	for (off = 0; off < len; off += n) {
		n = len - off < sizeof(zeros) ? len - off : sizeof(zeros);
		textbook_update(&t, zeros, n);
	}
	textbook_final(&t, tcode, NULL);
	ck_assert_mem_eq(code.b, tcode, 32);
}
END_TEST

/* ---- property test against the textbook */

START_TEST(test_property_textbook)
{
	static unsigned char	buf[100 * 1024];
	static const char	*words[] = { "the", "of", "and", "to", "in",
	    "mail", "offer", "click", "here", "free", "\r\n", "\n", " ", ".",
	    "Subject:", "=20", "\xc3\xa9", "<a href=", "000" };
	char			fast[65], slow[65];
	size_t			len, i, k, w;
	int			round, kind;

	forced_path = paths[_i];
	for (round = 0; round < 3000; round++) {
		/* Mostly small, some up to 100 KB: lengths spread log-like. */
		len = rng_below((size_t)1 << rng_below(18));
		if (len > sizeof(buf))
			len = sizeof(buf);
		kind = (int)rng_below(3);
		for (i = 0; i < len; ) {
			if (kind == 0)
				buf[i++] = (unsigned char)rng();
			else if (kind == 1)
				buf[i++] = (unsigned char)(rng_below(4) + 'a');
			else {
				w = rng_below(sizeof(words) / sizeof(words[0]));
				for (k = 0; words[w][k] != '\0' && i < len; k++)
					buf[i++] = (unsigned char)words[w][k];
				if (i < len && rng_below(2))
					buf[i++] = ' ';
			}
		}
		chunked_hex_of(buf, len, fast);
		textbook_hex_of(buf, len, slow);
		ck_assert_msg(strcmp(fast, slow) == 0,
		    "%s round %d kind %d len %zu: %s vs textbook %s",
		    path_names[_i], round, kind, len, fast, slow);
	}
}
END_TEST

/*
 * The forced loop against the textbook on inputs that stress a block
 * loop: lengths around multiples of 64 and of the small-call cut, runs of
 * one byte (repeated buckets), every byte value, odd start addresses.
 */
START_TEST(test_paths_agree)
{
	static unsigned char	buf[64 + 64 * 192];
	char			fast[65], slow[65];
	nilsimsa_ctx		ctx;
	nilsimsa_code		code;
	size_t			len, i, off;
	int			round, kind;

	forced_path = paths[_i];
	for (round = 0; round < 400; round++) {
		/* 63 .. 12225 bytes, a multiple of 64 give or take one. */
		len = 64 * (1 + rng_below(191)) + rng_below(3) - 1;
		off = rng_below(64);
		kind = round % 4;
		for (i = 0; i < len; i++)
			buf[off + i] = kind == 0 ? 'x' :
			    kind == 1 ? (unsigned char)i :
			    kind == 2 ? (unsigned char)(rng_below(2) ? ' ' : 0xff) :
			    (unsigned char)rng();
		nilsimsa_init(&ctx);
		update(&ctx, buf + off, len);
		nilsimsa_final(&ctx, &code);
		nilsimsa_to_hex(&code, fast);
		textbook_hex_of(buf + off, len, slow);
		ck_assert_msg(strcmp(fast, slow) == 0,
		    "%s round %d kind %d len %zu off %zu: %s vs textbook %s",
		    path_names[_i], round, kind, len, off, fast, slow);
	}
}
END_TEST

/* ---- hex and scores */

START_TEST(test_hex_roundtrip)
{
	nilsimsa_code	a, b;
	char		hex[NILSIMSA_HEX_LEN + 2];
	size_t		i;
	int		round;

	for (round = 0; round < 1000; round++) {
		for (i = 0; i < sizeof(a.b); i++)
			a.b[i] = (unsigned char)rng();
		memset(hex, '#', sizeof(hex));
		nilsimsa_to_hex(&a, hex);
		ck_assert_int_eq(hex[NILSIMSA_HEX_LEN], '\0');
		ck_assert_uint_eq(strspn(hex, "0123456789abcdef"), 64);
		ck_assert_int_eq(nilsimsa_from_hex(hex, strlen(hex), &b), 0);
		ck_assert_mem_eq(a.b, b.b, sizeof(a.b));
	}
	/* Byte 31 prints first; upper case is accepted. */
	ck_assert_int_eq(nilsimsa_from_hex(
	    "80000000000000000000000000000000000000000000000000000000000000A1",
	    64, &a), 0);
	ck_assert_uint_eq(a.b[31], 0x80);
	ck_assert_uint_eq(a.b[0], 0xa1);
	for (i = 1; i < 31; i++)
		ck_assert_uint_eq(a.b[i], 0);
}
END_TEST

START_TEST(test_hex_rejects)
{
	char		hex[80];
	nilsimsa_code	code, before;
	size_t		pos;
	const char	*bad = "gG -x\xff:/@`";

	memset(before.b, 0x5a, sizeof(before.b));
	memset(hex, 'a', sizeof(hex));
	code = before;
	ck_assert_int_eq(nilsimsa_from_hex(hex, 63, &code), NILSIMSA_EHEXLEN);
	ck_assert_int_eq(nilsimsa_from_hex(hex, 65, &code), NILSIMSA_EHEXLEN);
	ck_assert_int_eq(nilsimsa_from_hex(hex, 0, &code), NILSIMSA_EHEXLEN);
	ck_assert_mem_eq(code.b, before.b, sizeof(code.b));
	ck_assert_int_eq(nilsimsa_from_hex(NULL, 64, &code), NILSIMSA_EINVAL);
	ck_assert_int_eq(nilsimsa_from_hex(hex, 64, NULL), NILSIMSA_EINVAL);
	for (pos = 0; pos < 64; pos++) {
		memset(hex, 'f', 64);
		hex[pos] = bad[pos % strlen(bad)];
		ck_assert_int_eq(nilsimsa_from_hex(hex, 64, &code),
		    NILSIMSA_EHEXDIGIT);
		ck_assert_mem_eq(code.b, before.b, sizeof(code.b));
	}
	/* An embedded NUL is a bad digit, not an early end. */
	memset(hex, '0', 64);
	hex[10] = '\0';
	ck_assert_int_eq(nilsimsa_from_hex(hex, 64, &code), NILSIMSA_EHEXDIGIT);
}
END_TEST

static int
score_hex(const char *a, const char *b)
{
	nilsimsa_code	ca, cb;

	ck_assert_int_eq(nilsimsa_from_hex(a, strlen(a), &ca), 0);
	ck_assert_int_eq(nilsimsa_from_hex(b, strlen(b), &cb), 0);
	return nilsimsa_score(&ca, &cb);
}

START_TEST(test_score)
{
	nilsimsa_code	a, b, zero, ones;
	int		i, round, s;

	memset(zero.b, 0, sizeof(zero.b));
	memset(ones.b, 0xff, sizeof(ones.b));
	ck_assert_int_eq(nilsimsa_score(&zero, &ones), NILSIMSA_SCORE_MIN);
	ck_assert_int_eq(nilsimsa_score(&ones, &zero), -128);
	ck_assert_int_eq(nilsimsa_score(&ones, &ones), 128);
	ck_assert_int_eq(nilsimsa_score(&zero, &zero), NILSIMSA_SCORE_MAX);
	/* Published scores (vectors README). */
	ck_assert_int_eq(score_hex(
	    "0a31b4be01a0808a29e0ec60e9a258545dc0526770022348380a2128708f2fdb",
	    "1a31bc3e02a080a28b642864ea224857ddd0526f78022b48380e2269329d3fdb"),
	    91);
	ck_assert_int_eq(score_hex(
	    "14c8118000000000030800000004042004189020001308014088003280000078",
	    "14c811840010000c0328200108040630041890200217582d4098103280000078"),
	    109);
	for (round = 0; round < 1000; round++) {
		for (i = 0; i < 32; i++) {
			a.b[i] = (unsigned char)rng();
			b.b[i] = (unsigned char)rng();
		}
		s = nilsimsa_score(&a, &b);
		ck_assert_int_eq(s, nilsimsa_score(&b, &a));
		ck_assert_int_eq(nilsimsa_score(&a, &a), 128);
		ck_assert_int_ge(s, -128);
		ck_assert_int_le(s, 128);
		/* Flipping one bit moves the score by exactly one. */
		i = (int)rng_below(256);
		b = a;
		b.b[i >> 3] ^= 1 << (i & 7);
		ck_assert_int_eq(nilsimsa_score(&a, &b), 127);
		for (i = 0; i < 32; i++)
			b.b[i] = (unsigned char)~a.b[i];
		ck_assert_int_eq(nilsimsa_score(&a, &b), -128);
	}
}
END_TEST

START_TEST(test_strerror)
{
	static const int codes[] = { NILSIMSA_SUCCESS, NILSIMSA_EHEXLEN,
	    NILSIMSA_EHEXDIGIT, NILSIMSA_EPROFILE, NILSIMSA_EEMPTY,
	    NILSIMSA_EINVAL };
	const char	*msg[6], *unknown;
	size_t		i, j;

	unknown = nilsimsa_strerror(-1);
	ck_assert_ptr_nonnull(unknown);
	ck_assert_ptr_nonnull(nilsimsa_strerror(-30799));
	for (i = 0; i < 6; i++) {
		msg[i] = nilsimsa_strerror(codes[i]);
		ck_assert_ptr_nonnull(msg[i]);
		ck_assert_uint_gt(strlen(msg[i]), 3);
		ck_assert_str_ne(msg[i], unknown);
		for (j = 0; j < i; j++)
			ck_assert_str_ne(msg[i], msg[j]);
	}
	ck_assert_str_eq(nilsimsa_strerror(ENOENT), strerror(ENOENT));
	ck_assert_str_eq(nilsimsa_strerror(NILSIMSA_EHEXLEN),
	    "a code must be 64 hex digits");
}
END_TEST

START_TEST(test_digest_empty_null)
{
	nilsimsa_code	code;
	int		i;

	memset(code.b, 0xee, sizeof(code.b));
	nilsimsa_digest(NULL, 0, &code);
	for (i = 0; i < 32; i++)
		ck_assert_uint_eq(code.b[i], 0);
}
END_TEST

static int
have_vectors(void)
{
	char	path[4096];
	FILE	*fp;

	fp = fopen(shared_path("vectors.tsv", path, sizeof(path)), "r");
	if (fp == NULL)
		return 0;
	fclose(fp);
	return 1;
}

int
main(void)
{
	Suite		*s = suite_create("nilsimsa");
	TCase		*tc;
	const char	*seed = getenv("NSM_SEED");
	int		 vectors = have_vectors(), npaths, i;

	rng_state = seed != NULL ? strtoull(seed, NULL, 0) : 0x6e696c73696d7361ULL;
	if (rng_state == 0)
		rng_state = 1;
	printf("NSM_SEED=%" PRIu64 "\n", rng_state);

	tc = tcase_create("vectors");
	if (vectors) {
		tcase_add_test(tc, test_vectors_tsv);
		tcase_add_test(tc, test_vector_random_bin);
	}
	tcase_add_test(tc, test_vector_a1000);
	tcase_add_test(tc, test_textbook_tran);
	suite_add_tcase(s, tc);

	/* The paths are in order; those past the first unsupported are not run. */
	for (npaths = 1; npaths < (int)(sizeof(paths) / sizeof(paths[0])) &&
	    nilsimsa__path_supported(paths[npaths]); npaths++)
		;
	for (i = npaths; i < (int)(sizeof(paths) / sizeof(paths[0])); i++)
		printf("note: this CPU has no %s digest loop; not tested\n",
		    path_names[i]);

	tc = tcase_create("stream");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_chunking_invariance, 0, npaths);
	tcase_add_test(tc, test_every_split_point);
	tcase_add_test(tc, test_final_keeps_context);
	tcase_add_test(tc, test_totals_small);
	tcase_add_loop_test(tc, test_property_textbook, 0, npaths);
	tcase_add_loop_test(tc, test_paths_agree, 0, npaths);
	tcase_add_test(tc, test_digest_empty_null);
	suite_add_tcase(s, tc);

	/*
	 * Past 256 MiB: gigabytes of digesting, tagged "big" so that the
	 * valgrind run (tests/valgrind-unit.sh, CK_EXCLUDE_TAGS=big), where
	 * they would take many minutes, can leave them to the native run,
	 * and "huge" so that CI's sanitizer run can too (46 s there, for
	 * counters that the native run checks; the memory they touch is
	 * the same loops' as in "stream").
	 */
	tc = tcase_create("big");
	tcase_set_tags(tc, "big huge");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_total_past_256mib);
	tcase_add_loop_test(tc, test_single_call_past_256mib, 0, npaths);
	suite_add_tcase(s, tc);

	tc = tcase_create("codes");
	tcase_add_test(tc, test_hex_roundtrip);
	tcase_add_test(tc, test_hex_rejects);
	tcase_add_test(tc, test_score);
	tcase_add_test(tc, test_strerror);
	suite_add_tcase(s, tc);

	return tu_run(s, "check_nilsimsa", vectors ? NULL : "vectors");
}
