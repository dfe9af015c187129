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
 * libnilsimsa: the digest, bit-exact with cmeclax's nilsimsa 0.2.4.
 *
 * How it is fast: see gentables.c for the tables. Two loops give the same
 * counts; nilsimsa_update() takes the fastest the CPU has:
 *
 * - The portable loop (the reference): each input byte costs five 16-byte
 *   table loads, a few XORs, one bytewise add giving the eight bucket
 *   numbers of the position, and eight counter increments.
 * - On x86-64 with AVX-512 VBMI: the bucket numbers of 64 positions are
 *   computed at once with byte permutes (nsm_update_vbmi), and scalar code
 *   only does the increments.
 *
 * The increments go to eight separate 32-bit counter arrays on the stack
 * (one per trigram), so that the eight increments of one position never
 * hit the same word. The arrays are summed into the 64-bit accumulators
 * of the context at the end of each call, and at least every NSM_FOLD
 * bytes so that no 32-bit counter can overflow. Small calls skip the
 * stack arrays and count straight into the context.
 *
 * What bounds it: the eight scattered read-modify-write increments per
 * byte. Measured on AMD Zen 4, a core retires one store a cycle to
 * distinct cache lines (two only when both hit one line), so counting
 * alone costs 8 cycles a byte, some 450 MB/s at 3.6 GHz; the VBMI loop
 * comes within a few per cent of that, the portable one to about half.
 * Measured and given nothing on Zen 4: alternating two counter sets by
 * position (to break the chains of a run of equal bytes), counting pairs
 * of buckets in a 64K table (in a microbenchmark the L1 misses ate most
 * of what the halved stores save, before clearing and folding 128 KiB a
 * call), 8- or 16-bit counters ordered so that stores pair in one line,
 * and counting one or two trigrams by bit slicing in the vector unit
 * (planes via gf2p8affine, vpternlog, vpopcntq: 10-15 % slower overall).
 */

#include <errno.h>
#include <string.h>

#include "nilsimsa.h"
#include "nilsimsa-internal.h"

struct nsm_entry {
	uint64_t	x;	/* shares of X_n, lane n = byte n */
	uint64_t	c;	/* shares of C_n */
};

#include "nilsimsa-tables.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define NSM_HAVE_VBMI	1
#include <immintrin.h>
#endif

enum { R_CH, R_W0, R_W1, R_W2, R_W3 };

/*
 * Calls shorter than this count straight into the context: below it, the
 * fast loop's setup (clearing and summing 8.5 KiB of counters) costs more
 * than it saves.
 */
#define NSM_SMALL	512
/* Bytes per round of 32-bit counters: each counter gets < 2^28 increments. */
#define NSM_FOLD	((size_t)1 << 28)
/* Padding, so that no two counter arrays are a multiple of 4 KiB apart. */
#define NSM_PAD		16

typedef uint32_t nsm_counters[8][NILSIMSA_BUCKETS + NSM_PAD];

/*
 * The tables are addressed by byte offsets, (role << 12) + (byte << 4) (+ 8
 * for the C word), so that the compiler can fold the role into the
 * displacement of each load and shift each input byte only once.
 */
#define NSM_OFF(ch)	((size_t)(ch) << 4)
#define NSM_X(role, off) (*(const uint64_t *)(const void *)		\
	((const unsigned char *)nsm_tab + ((role) << 12) + (off)))
#define NSM_C(role, off) (*(const uint64_t *)(const void *)		\
	((const unsigned char *)nsm_tab + ((role) << 12) + 8 + (off)))

/*
 * The eight bucket numbers of a position, in byte lanes 0-7 of the result
 * (trigram n in lane n), from the table offsets of its new byte (o) and of
 * the four before it (o0 newest ... o3 oldest).
 */
static inline uint64_t
nsm_lanes(size_t o, size_t o0, size_t o1, size_t o2, size_t o3)
{
	const uint64_t	hi = 0x8080808080808080ULL;
	uint64_t	x, c;

	x = NSM_X(R_CH, o) ^ NSM_X(R_W0, o0) ^ NSM_X(R_W1, o1) ^
	    NSM_X(R_W2, o2) ^ NSM_X(R_W3, o3);
	/* Byte w0 is never a c of a trigram: its C word is 0. */
	c = NSM_C(R_CH, o) ^ NSM_C(R_W1, o1) ^ NSM_C(R_W2, o2) ^
	    NSM_C(R_W3, o3);
	/* Bytewise x + c: add the low 7 bits, then fix up the top bit. */
	return ((x & ~hi) + (c & ~hi)) ^ ((x ^ c) & hi);
}

void
nilsimsa_init(nilsimsa_ctx *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
}

/* Shift byte ch into the window (newest first). */
static inline void
nsm_push(nilsimsa_ctx *ctx, unsigned char ch)
{
	ctx->win[3] = ctx->win[2];
	ctx->win[2] = ctx->win[1];
	ctx->win[1] = ctx->win[0];
	ctx->win[0] = ch;
	ctx->count++;
}

/*
 * One byte at a time, into the context: used while the window is not yet
 * full (only the trigrams whose bytes exist are counted: 1 at the third
 * byte, 3 at the fourth) and for small calls.
 */
static void
nsm_update_small(nilsimsa_ctx *ctx, const unsigned char *p, size_t len)
{
	uint64_t	v;
	int		n, nlanes;

	for (; len > 0; len--, p++) {
		nlanes = ctx->count >= 4 ? 8 : ctx->count == 3 ? 3 :
		    ctx->count == 2 ? 1 : 0;
		v = nsm_lanes(NSM_OFF(*p), NSM_OFF(ctx->win[0]),
		    NSM_OFF(ctx->win[1]), NSM_OFF(ctx->win[2]),
		    NSM_OFF(ctx->win[3]));
		for (n = 0; n < nlanes; n++)
			ctx->acc[(v >> (8 * n)) & 255]++;
		nsm_push(ctx, *p);
	}
}

/* Count the eight buckets in the lanes of v. */
#define NSM_COUNT(cnt, v) do {					\
	uint64_t nsm_v_ = (v);						\
	(cnt)[0][nsm_v_ & 255]++;					\
	(cnt)[1][(nsm_v_ >> 8) & 255]++;				\
	nsm_v_ >>= 16;							\
	(cnt)[2][nsm_v_ & 255]++;					\
	(cnt)[3][(nsm_v_ >> 8) & 255]++;				\
	nsm_v_ >>= 16;							\
	(cnt)[4][nsm_v_ & 255]++;					\
	(cnt)[5][(nsm_v_ >> 8) & 255]++;				\
	nsm_v_ >>= 16;							\
	(cnt)[6][nsm_v_ & 255]++;					\
	(cnt)[7][nsm_v_ >> 8]++;					\
} while (0)

/*
 * The steady state: a full window, len bytes (< NSM_FOLD) counted into
 * cnt, the window kept in registers as table offsets.
 */
static void
nsm_update_fast(nilsimsa_ctx *ctx, const unsigned char *p, size_t len,
    nsm_counters cnt)
{
	size_t		o0 = NSM_OFF(ctx->win[0]), o1 = NSM_OFF(ctx->win[1]);
	size_t		o2 = NSM_OFF(ctx->win[2]), o3 = NSM_OFF(ctx->win[3]);
	size_t		a, b, i;
	uint64_t	v;

	/* Two bytes per turn: the window shifts by renaming, not moves. */
	for (i = 0; i + 2 <= len; i += 2) {
		a = NSM_OFF(p[i]);
		b = NSM_OFF(p[i + 1]);
		v = nsm_lanes(a, o0, o1, o2, o3);
		NSM_COUNT(cnt, v);
		v = nsm_lanes(b, a, o0, o1, o2);
		NSM_COUNT(cnt, v);
		o3 = o1;
		o2 = o0;
		o1 = a;
		o0 = b;
	}
	if (i < len) {
		a = NSM_OFF(p[i]);
		v = nsm_lanes(a, o0, o1, o2, o3);
		NSM_COUNT(cnt, v);
		o3 = o2;
		o2 = o1;
		o1 = o0;
		o0 = a;
	}
	ctx->win[0] = (unsigned char)(o0 >> 4);
	ctx->win[1] = (unsigned char)(o1 >> 4);
	ctx->win[2] = (unsigned char)(o2 >> 4);
	ctx->win[3] = (unsigned char)(o3 >> 4);
	ctx->count += len;
}

#ifdef NSM_HAVE_VBMI
/*
 * The AVX-512 VBMI loop: 64 positions at a time, the 8 x 64 bucket
 * numbers computed in vector registers, then counted by scalar code.
 *
 * Why: the scalar loop spends 9 table loads and ~20 instructions a byte
 * on the bucket numbers, and the loads compete with the increments for
 * the load ports. Here each of the 24 byte maps of gentables.c (A_n, B_n,
 * C_n) is looked up for 64 bytes by two vpermi2b (each covers 128 table
 * entries) and a blend on the top bit of the index, about 1.5 vector
 * instructions a byte in all; the increments then read their bucket
 * numbers 8 at a time from a 512-byte buffer.
 */
#define NSM_VBMI	__attribute__((target("avx512f,avx512bw,avx512vbmi")))

/* Byte k of the window vector of role r is the byte r positions back. */
static const unsigned char nsm_shift[5][64] __attribute__((aligned(64))) = {
#define NSM_S(r) {							\
	64-r, 65-r, 66-r, 67-r, 68-r, 69-r, 70-r, 71-r, 72-r, 73-r, 74-r,	\
	75-r, 76-r, 77-r, 78-r, 79-r, 80-r, 81-r, 82-r, 83-r, 84-r, 85-r,	\
	86-r, 87-r, 88-r, 89-r, 90-r, 91-r, 92-r, 93-r, 94-r, 95-r, 96-r,	\
	97-r, 98-r, 99-r, 100-r, 101-r, 102-r, 103-r, 104-r, 105-r, 106-r,	\
	107-r, 108-r, 109-r, 110-r, 111-r, 112-r, 113-r, 114-r, 115-r,	\
	116-r, 117-r, 118-r, 119-r, 120-r, 121-r, 122-r, 123-r, 124-r,	\
	125-r, 126-r, 127-r }
	NSM_S(0), NSM_S(1), NSM_S(2), NSM_S(3), NSM_S(4)
#undef NSM_S
};

/* The roles (0 = ch, 1 = w0 ... 4 = w3) of a, b and c in trigram n. */
static const unsigned char nsm_role[8][3] = {
	{ 0, 1, 2 }, { 0, 1, 3 }, { 0, 2, 3 }, { 0, 1, 4 },
	{ 0, 2, 4 }, { 0, 3, 4 }, { 4, 1, 0 }, { 4, 3, 0 },
};

/*
 * Count the eight buckets in the byte lanes of u into c: two bytes per
 * shift, which the compiler turns into reads of the low and high byte
 * registers.
 */
#define NSM_COUNT8(c, u) do {						\
	uint64_t nsm_u_ = (u);						\
	(c)[nsm_u_ & 255]++;						\
	(c)[(nsm_u_ >> 8) & 255]++;					\
	nsm_u_ >>= 16;							\
	(c)[nsm_u_ & 255]++;						\
	(c)[(nsm_u_ >> 8) & 255]++;					\
	nsm_u_ >>= 16;							\
	(c)[nsm_u_ & 255]++;						\
	(c)[(nsm_u_ >> 8) & 255]++;					\
	nsm_u_ >>= 16;							\
	(c)[nsm_u_ & 255]++;						\
	(c)[nsm_u_ >> 8]++;						\
} while (0)

/* map[x] for the 64 bytes x of v; top holds their top bits. */
NSM_VBMI static inline __m512i
nsm_lookup(__m512i v, __mmask64 top, const unsigned char *map)
{
	__m512i	lo, hi;

	lo = _mm512_permutex2var_epi8(_mm512_load_si512(map), v,
	    _mm512_load_si512(map + 64));
	hi = _mm512_permutex2var_epi8(_mm512_load_si512(map + 128), v,
	    _mm512_load_si512(map + 192));
	return _mm512_mask_blend_epi8(top, lo, hi);
}

/* The five window vectors of the block cur, whose predecessor is prev. */
NSM_VBMI static inline void
nsm_windows(__m512i prev, __m512i cur, __m512i win[5], __mmask64 top[5])
{
	int	r;

#pragma GCC unroll 5
	for (r = 0; r < 5; r++) {
		win[r] = _mm512_permutex2var_epi8(prev,
		    _mm512_load_si512(nsm_shift[r]), cur);
		top[r] = _mm512_movepi8_mask(win[r]);
	}
}

/* The buckets of trigram n at the 64 positions of a block. */
NSM_VBMI static inline __m512i
nsm_trigram(const __m512i win[5], const __mmask64 top[5], int n)
{
	int	a = nsm_role[n][0], b = nsm_role[n][1], c = nsm_role[n][2];

	return _mm512_add_epi8(_mm512_xor_si512(
	    nsm_lookup(win[a], top[a], nsm_map[n]),
	    nsm_lookup(win[b], top[b], nsm_map[8 + n])),
	    nsm_lookup(win[c], top[c], nsm_map[16 + n]));
}

/* Count the buckets of positions j .. j + 7 of a block. */
static inline void
nsm_count_rows(nsm_counters cnt, unsigned char bucket[8][64], int j)
{
	int	k, n;

	for (k = j; k < j + 8; k++)
#pragma GCC unroll 8
		for (n = 0; n < 8; n++)
			cnt[n][bucket[n][k]]++;
}

/*
 * Count the complete 64-byte blocks of p[0..len) into cnt, the window
 * full; returns the number of bytes counted.
 *
 * Software-pipelined: the vector work of block i + 1 is interleaved with
 * the counting of block i, trigram by trigram, because a block's
 * counting is some 1200 instructions, far more than the core looks ahead,
 * and the vector work would otherwise run alone between the blocks while
 * the store port idles (about 1.2 cycles a byte).
 */
NSM_VBMI static size_t
nsm_update_vbmi(nilsimsa_ctx *ctx, const unsigned char *p, size_t len,
    nsm_counters cnt)
{
	unsigned char	 bucket[2][8][64] __attribute__((aligned(64)));
	unsigned char	 tail[64] __attribute__((aligned(64)));
	__m512i		 prev, cur, win[5];
	__mmask64	 top[5];
	size_t		 i, nblk = len / 64, blk;
	int		 n, r;

	if (nblk == 0)
		return 0;
	/* Before the first block: the window, in the last four bytes. */
	memset(tail, 0, sizeof(tail));
	for (r = 0; r < 4; r++)
		tail[63 - r] = ctx->win[r];
	prev = _mm512_load_si512(tail);
	cur = _mm512_loadu_si512(p);
	nsm_windows(prev, cur, win, top);
#pragma GCC unroll 8
	for (n = 0; n < 8; n++)
		_mm512_store_si512(bucket[0][n], nsm_trigram(win, top, n));
	for (blk = 0; blk + 1 < nblk; blk++) {
		prev = cur;
		cur = _mm512_loadu_si512(p + 64 * (blk + 1));
		nsm_windows(prev, cur, win, top);
#pragma GCC unroll 8
		for (n = 0; n < 8; n++) {
			_mm512_store_si512(bucket[(blk + 1) & 1][n],
			    nsm_trigram(win, top, n));
			nsm_count_rows(cnt, bucket[blk & 1], 8 * n);
		}
	}
	for (n = 0; n < 8; n++)
		nsm_count_rows(cnt, bucket[blk & 1], 8 * n);
	i = 64 * nblk;
	for (r = 0; r < 4; r++)
		ctx->win[r] = p[i - 1 - r];
	ctx->count += i;
	return i;
}
#endif

static void
nsm_fold(nilsimsa_ctx *ctx, nsm_counters cnt)
{
	int	i, n;

	for (n = 0; n < 8; n++)
		for (i = 0; i < NILSIMSA_BUCKETS; i++)
			ctx->acc[i] += cnt[n][i];
}

/* The loop for this CPU: checked at each call, so no state to set up. */
static int
nsm_best_path(void)
{
#ifdef NSM_HAVE_VBMI
	if (__builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512bw") &&
	    __builtin_cpu_supports("avx512vbmi"))
		return NSM_PATH_VBMI;
#endif
	return NSM_PATH_SCALAR;
}

int
nilsimsa__path_supported(int path)
{
	switch (path) {
	case NSM_PATH_SCALAR:
		return 1;
	case NSM_PATH_VBMI:
		return nsm_best_path() == NSM_PATH_VBMI;
	}
	return 0;
}

void
nilsimsa_update(nilsimsa_ctx *ctx, const void *buf, size_t len)
{
	nilsimsa__update_path(ctx, buf, len, nsm_best_path());
}

void
nilsimsa__update_path(nilsimsa_ctx *ctx, const void *buf, size_t len,
    int path)
{
	const unsigned char	*p = buf;
	nsm_counters		 cnt;
	size_t			 n, done;

	/* A loop this CPU lacks would fault: take the reference instead. */
	if (path != NSM_PATH_SCALAR && !nilsimsa__path_supported(path))
		path = NSM_PATH_SCALAR;

	/* Fill the window byte by byte. */
	while (len > 0 && ctx->count < 4) {
		nsm_update_small(ctx, p, 1);
		p++;
		len--;
	}
	if (len < NSM_SMALL) {
		nsm_update_small(ctx, p, len);
		return;
	}
	while (len > 0) {
		n = len < NSM_FOLD ? len : NSM_FOLD;
		memset(cnt, 0, sizeof(cnt));
		done = 0;
#ifdef NSM_HAVE_VBMI
		if (path == NSM_PATH_VBMI)
			done = nsm_update_vbmi(ctx, p, n, cnt);
#endif
		nsm_update_fast(ctx, p + done, n - done, cnt);
		nsm_fold(ctx, cnt);
		p += n;
		len -= n;
	}
}

uint64_t
nilsimsa_length(const nilsimsa_ctx *ctx)
{
	return ctx->count;
}

uint64_t
nilsimsa_total(const nilsimsa_ctx *ctx)
{
	uint64_t	n = ctx->count;

	/* 1 trigram at the 3rd byte, 3 at the 4th, 8 at each further byte. */
	if (n < 3)
		return 0;
	if (n == 3)
		return 1;
	return 8 * n - 28;
}

void
nilsimsa_final(const nilsimsa_ctx *ctx, nilsimsa_code *code)
{
	uint64_t	threshold = nilsimsa_total(ctx) / 256;
	int		i;

	memset(code, 0, sizeof(*code));
	for (i = 0; i < NILSIMSA_BUCKETS; i++)
		if (ctx->acc[i] > threshold)
			code->b[i >> 3] |= 1 << (i & 7);
}

void
nilsimsa_digest(const void *buf, size_t len, nilsimsa_code *code)
{
	nilsimsa_ctx	ctx;

	nilsimsa_init(&ctx);
	nilsimsa_update(&ctx, buf, len);
	nilsimsa_final(&ctx, code);
}

int
nilsimsa_score(const nilsimsa_code *a, const nilsimsa_code *b)
{
	uint64_t	x, y;
	int		i, bits = 0;

	for (i = 0; i < NILSIMSA_CODE_BYTES; i += 8) {
		memcpy(&x, a->b + i, 8);
		memcpy(&y, b->b + i, 8);
		bits += __builtin_popcountll(x ^ y);
	}
	return NILSIMSA_SCORE_MAX - bits;
}

void
nilsimsa_to_hex(const nilsimsa_code *code, char *hex)
{
	static const char	digits[] = "0123456789abcdef";
	int			i;
	unsigned char		b;

	/* Byte 31 first, as the reference prints it. */
	for (i = 0; i < NILSIMSA_CODE_BYTES; i++) {
		b = code->b[NILSIMSA_CODE_BYTES - 1 - i];
		hex[2 * i] = digits[b >> 4];
		hex[2 * i + 1] = digits[b & 15];
	}
	hex[NILSIMSA_HEX_LEN] = '\0';
}

static int
nsm_hexval(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

int
nilsimsa_from_hex(const char *hex, size_t len, nilsimsa_code *code)
{
	nilsimsa_code	tmp;
	int		i, hi, lo;

	if (hex == NULL || code == NULL)
		return NILSIMSA_EINVAL;
	if (len != NILSIMSA_HEX_LEN)
		return NILSIMSA_EHEXLEN;
	for (i = 0; i < NILSIMSA_CODE_BYTES; i++) {
		hi = nsm_hexval(hex[2 * i]);
		lo = nsm_hexval(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return NILSIMSA_EHEXDIGIT;
		tmp.b[NILSIMSA_CODE_BYTES - 1 - i] = (unsigned char)(hi << 4 | lo);
	}
	*code = tmp;
	return NILSIMSA_SUCCESS;
}

const char *
nilsimsa_strerror(int err)
{
	switch (err) {
	case NILSIMSA_SUCCESS:
		return "Success";
	case NILSIMSA_EHEXLEN:
		return "a code must be 64 hex digits";
	case NILSIMSA_EHEXDIGIT:
		return "not a hex digit in a code";
	case NILSIMSA_EPROFILE:
		return "malformed nilsimsa profile";
	case NILSIMSA_EEMPTY:
		return "nilsimsa profile built from no data";
	case NILSIMSA_EINVAL:
		return "invalid argument";
	case NILSIMSA_ENOMEM:
		return "out of memory";
	}
	if (err > 0)
		return strerror(err);
	return "unknown nilsimsa error";
}
