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

/**
 * @file nilsimsa.h
 * @brief libnilsimsa: the nilsimsa locality-sensitive digest.
 *
 * Nilsimsa maps a byte string to a 256-bit code such that similar inputs
 * get similar codes. A window of five bytes slides over the input; at
 * every position eight trigrams of the window are hashed into 256
 * buckets, each incrementing one accumulator. At the end bit i of the
 * code is set when accumulator i exceeds a threshold. Two codes are
 * compared by counting equal bits: the score is 128 minus the number of
 * differing bits, from -128 (complements) to +128 (identical).
 *
 * This library computes the code bit-exactly as the reference program
 * (cmeclax's nilsimsa 0.2.4) and every known port do, on inputs of any
 * length and however they are split across calls to nilsimsa_update().
 * Totals are 64-bit, so inputs past 256 MiB are digested correctly where
 * the old 32-bit implementations return all ones.
 *
 * Two ways to turn accumulators into bits are offered:
 *
 *  - the reference threshold (nilsimsa_final()): bit i is set when
 *    accumulator i exceeds the mean of all accumulators. Compatible with
 *    every other implementation.
 *  - a profile threshold (nilsimsa_final_profile()): bit i is set when
 *    accumulator i exceeds the share of the total that bucket i gets in
 *    ordinary mail, as given by a #nilsimsa_profile. Codes of unrelated
 *    texts then behave like independent random strings, so that a score
 *    above 24 (3 standard deviations of a random pair) means
 *    "related". See the profile section below.
 *
 * Conventions, as in LMDB: functions that can fail return an int, 0 on
 * success and a negative NILSIMSA_E* code otherwise; nilsimsa_strerror()
 * names every code. There is no global mutable state: every function is
 * thread-safe on distinct contexts, and none allocates memory.
 *
 * Code layout: bit i of the code sits in byte (i >> 3), at bit (i & 7)
 * of that byte. The hex form prints byte 31 first, so it reads like the
 * reference program's output.
 */
#ifndef NILSIMSA_H
#define NILSIMSA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup version Version */
/** @{ */
#define NILSIMSA_VERSION_MAJOR	0
#define NILSIMSA_VERSION_MINOR	1
#define NILSIMSA_VERSION_PATCH	0
#define NILSIMSA_VERSION_STRING	"0.1.0"
/** @} */

/** @defgroup sizes Sizes */
/** @{ */
#define NILSIMSA_BUCKETS	256	/**< accumulators, and bits of a code */
#define NILSIMSA_CODE_BYTES	32	/**< bytes of a binary code */
#define NILSIMSA_HEX_LEN	64	/**< hex digits of a code, without NUL */
#define NILSIMSA_SCORE_MIN	(-128)	/**< score of a code and its complement */
#define NILSIMSA_SCORE_MAX	128	/**< score of a code and itself */
/** @} */

/** @defgroup errors Return codes
 * 0 is success; errors are negative, in a range of their own.
 */
/** @{ */
#define NILSIMSA_SUCCESS	0
/** A hex code is not exactly #NILSIMSA_HEX_LEN digits long. */
#define NILSIMSA_EHEXLEN	(-30700)
/** A hex code holds a character that is not a hex digit. */
#define NILSIMSA_EHEXDIGIT	(-30701)
/** A profile is malformed (wrong size, shares out of range, bad sum). */
#define NILSIMSA_EPROFILE	(-30702)
/** A profile was built from no data at all. */
#define NILSIMSA_EEMPTY		(-30703)
/** An argument is invalid (a NULL pointer where one is not allowed). */
#define NILSIMSA_EINVAL		(-30704)
/** @} */

/** @brief A 256-bit nilsimsa code, bit i in byte i >> 3 at bit i & 7. */
typedef struct nilsimsa_code {
	unsigned char b[NILSIMSA_CODE_BYTES];
} nilsimsa_code;

/**
 * @brief A streaming digest context.
 *
 * Declared here so that callers can keep one on the stack or inside their
 * own structures without allocation; its members are private and may
 * change between versions. Initialise with nilsimsa_init().
 */
typedef struct nilsimsa_ctx {
	uint64_t	acc[NILSIMSA_BUCKETS];	/**< private: accumulators */
	uint64_t	count;			/**< private: bytes seen */
	unsigned char	win[4];			/**< private: last 4 bytes, newest first */
	uint32_t	pad_;			/**< private */
} nilsimsa_ctx;

/** @defgroup digest Digesting */
/** @{ */

/**
 * @brief Start a new digest.
 * @param[out] ctx	the context to initialise.
 */
void	nilsimsa_init(nilsimsa_ctx *ctx);

/**
 * @brief Add bytes to a digest.
 *
 * The result does not depend on how the input is split across calls:
 * any chunking, including empty chunks, gives the same code.
 * @param[in,out] ctx	a context from nilsimsa_init().
 * @param[in] buf	the bytes; may be NULL when len is 0.
 * @param[in] len	how many bytes.
 */
void	nilsimsa_update(nilsimsa_ctx *ctx, const void *buf, size_t len);

/**
 * @brief Finish a digest with the reference threshold.
 *
 * Bit i is set when accumulator i exceeds floor(total / 256), total being
 * the number of trigrams counted (0 for inputs of 0-2 bytes, 1 for 3, 4
 * for 4 and 8n - 28 for n >= 5 bytes). The context is not changed: more
 * bytes may be added and the code taken again.
 * @param[in] ctx	the context.
 * @param[out] code	the code.
 */
void	nilsimsa_final(const nilsimsa_ctx *ctx, nilsimsa_code *code);

/**
 * @brief The number of bytes added to a context so far.
 * @param[in] ctx	the context.
 * @return the byte count.
 */
uint64_t nilsimsa_length(const nilsimsa_ctx *ctx);

/**
 * @brief The number of trigrams counted so far (the sum of accumulators).
 * @param[in] ctx	the context.
 * @return the total, as defined for nilsimsa_final().
 */
uint64_t nilsimsa_total(const nilsimsa_ctx *ctx);

/**
 * @brief Digest a buffer in one call, with the reference threshold.
 * @param[in] buf	the bytes; may be NULL when len is 0.
 * @param[in] len	how many bytes.
 * @param[out] code	the code.
 */
void	nilsimsa_digest(const void *buf, size_t len, nilsimsa_code *code);
/** @} */

/** @defgroup compare Comparing and encoding codes */
/** @{ */

/**
 * @brief Compare two codes.
 * @param[in] a	a code.
 * @param[in] b	another code.
 * @return 128 minus the number of differing bits: from -128 to +128,
 *	symmetric in a and b.
 */
int	nilsimsa_score(const nilsimsa_code *a, const nilsimsa_code *b);

/**
 * @brief Write a code as 64 lowercase hex digits and a NUL.
 * @param[in] code	the code.
 * @param[out] hex	at least #NILSIMSA_HEX_LEN + 1 bytes.
 */
void	nilsimsa_to_hex(const nilsimsa_code *code, char *hex);

/**
 * @brief Read a code from its hex form (either case).
 * @param[in] hex	the digits; need not be NUL-terminated.
 * @param[in] len	how many characters; must be #NILSIMSA_HEX_LEN.
 * @param[out] code	the code; unchanged on error.
 * @return 0 on success, or:
 *	- #NILSIMSA_EHEXLEN: len is not 64.
 *	- #NILSIMSA_EHEXDIGIT: a character is not a hex digit.
 *	- #NILSIMSA_EINVAL: hex or code is NULL.
 */
int	nilsimsa_from_hex(const char *hex, size_t len, nilsimsa_code *code);
/** @} */

/** @defgroup errstr Error strings */
/** @{ */
/**
 * @brief A message for a return code.
 * @param[in] err	a NILSIMSA_E* code, 0, or a positive errno value.
 * @return a static string, never NULL.
 */
const char *nilsimsa_strerror(int err);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* NILSIMSA_H */
