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
/** Out of memory (nilsimsa_final_self() only). */
#define NILSIMSA_ENOMEM		(-30705)
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
 * any chunking, including empty chunks, gives the same code. Calls of
 * 512 bytes or more run a faster loop that counts in about 10 KiB of
 * stack; larger calls amortise its setup best (64 KiB is plenty).
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

/** @defgroup profile Profiles: calibrated codes
 *
 * The reference threshold compares each accumulator with the mean of the
 * 256 accumulators of the same message. The buckets are not equally
 * likely in real text, so every long English message sets nearly the same
 * bits, and codes of unrelated mail agree far more than chance: on the
 * SpamAssassin ham, random pairs of unrelated messages score a median of
 * +24 and 48% of them score above 24, where independent random codes
 * score 0 +- 8.
 *
 * A profile describes ordinary mail instead, so that a code records how a
 * message differs from ordinary mail:
 *
 *  - share[i] is the median, over the messages it was learned from, of
 *    the share acc[i] / total of bucket i. Thresholding at the median makes
 *    each bit 1 in half of all messages.
 *  - dir[0..ndirs-1] are the directions along which all mail varies
 *    together (the first principal axes of the deviations, such as "more
 *    HTML left-overs" or "more digits"). They are projected out, so that
 *    bits do not move in blocks.
 *
 * nilsimsa_final_profile() computes x[i] = (acc[i] - total * share[i]) /
 * sqrt(share[i]) (the deviation in units of its Poisson noise, so that the
 * noise of a short message is the same in every bucket), removes the
 * component of x along each direction, and sets bit i when what is left
 * of x[i] is positive. Measured on the corpus (docs/calibration.md), with
 * a profile learned from the other half of the ham, unrelated ham then
 * scores a median of 0 with 0.2% of pairs above 24, while two variants of
 * one message (10-20% random words inserted, hash-buster strings,
 * padding) still score a median of 52 to 105.
 *
 * Calibrated codes are not comparable with reference codes, nor with codes
 * made with another profile: a store must use one kind throughout.
 * A profile is plain data (about 35 KB, no pointers): it may be copied,
 * kept in static storage and shared read-only between threads.
 */
/** @{ */

/** Most directions a profile can hold. */
#define NILSIMSA_PROFILE_DIRS		16
/** Longest profile name, without the NUL. */
#define NILSIMSA_PROFILE_NAME_MAX	31
/**
 * Bytes that always hold the text form of a profile, with its NUL
 * (see nilsimsa_profile_write()).
 */
#define NILSIMSA_PROFILE_TEXT_MAX	(120 * 1024)
/**
 * Messages whose total (nilsimsa_total()) is below this are not learned
 * from: their shares are too coarse (fewer than 16 trigrams per bucket,
 * about 500 bytes of text).
 */
#define NILSIMSA_LEARN_MIN_TOTAL	4096

/** @brief A profile of ordinary mail: see the section introduction. */
typedef struct nilsimsa_profile {
	/** NUL-terminated label, [A-Za-z0-9._-], 1-31 characters. */
	char		name[NILSIMSA_PROFILE_NAME_MAX + 1];
	/** Messages it was learned from (informational). */
	uint64_t	messages;
	/** Expected share of each bucket: each in (0, 1), summing to 1. */
	double		share[NILSIMSA_BUCKETS];
	/** How many rows of dir are used, 0 to #NILSIMSA_PROFILE_DIRS. */
	unsigned int	ndirs;
	/** Orthonormal directions to remove, in the space of x (above). */
	double		dir[NILSIMSA_PROFILE_DIRS][NILSIMSA_BUCKETS];
} nilsimsa_profile;

/**
 * @brief Finish a digest with a profile threshold (a calibrated code).
 *
 * Like nilsimsa_final(), it does not change the context and does not
 * depend on how the input was split. An input with no trigram (0-2 bytes)
 * gives the all-zero code, as with the reference threshold.
 * @param[in] ctx	the context.
 * @param[in] profile	a valid profile (built in, learned or read).
 * @param[out] code	the code.
 * @return 0 on success, or:
 *	- #NILSIMSA_EINVAL: an argument is NULL.
 *	- #NILSIMSA_EPROFILE: the profile is malformed (a share is not in
 *	  (0, 1) or ndirs is too large); code is then unchanged.
 */
int	nilsimsa_final_profile(const nilsimsa_ctx *ctx,
	    const nilsimsa_profile *profile, nilsimsa_code *code);

/**
 * @brief A built-in profile.
 *
 * The library ships one profile, "default", learned by `nilsimsactl
 * profile learn --format c` from the ham of the SpamAssassin public corpus (mostly English, some
 * other Latin-script languages, plain text and HTML). A profile calibrates
 * the language it was learned from: on Chinese, Japanese, Russian or even
 * German text this one does no better than the reference threshold, and
 * sometimes worse. A site whose mail is not mostly English should learn a
 * profile from a sample of its own ham (see nilsimsa_learn_init()); one
 * learned from mixed traffic calibrates every language in the mix.
 * @param[in] name	a name from nilsimsa_profile_name(), or NULL for
 *	"default".
 * @return the profile (static, read-only), or NULL for an unknown name.
 */
const nilsimsa_profile *nilsimsa_profile_builtin(const char *name);

/**
 * @brief The names of the built-in profiles.
 * @param[in] i	an index from 0.
 * @return the name of the i-th built-in profile, or NULL past the last.
 */
const char *nilsimsa_profile_name(unsigned int i);

/**
 * @brief Check a profile as nilsimsa_profile_read() does.
 * @param[in] profile	the profile.
 * @return 0 if it is usable, #NILSIMSA_EINVAL if NULL, otherwise
 *	#NILSIMSA_EPROFILE: a share out of what learning gives (1/64 to 64
 *	times the uniform 1/256) or shares not summing to 1 +- 5% (medians
 *	need not sum to 1 exactly), ndirs too large, directions not of unit length or not
 *	orthogonal (+- 0.001), a name empty, too long or with other
 *	characters than [A-Za-z0-9._-].
 */
int	nilsimsa_profile_check(const nilsimsa_profile *profile);

/**
 * @brief Write a profile as text.
 *
 * The text is line-based: a header line "nilsimsa-profile 1", then
 * "name NAME", "messages N", "dirs K", the 256 shares after a line
 * "shares", the K directions each after a line "dir J", and "end". Every
 * number is written with 17 significant digits, so that reading the text
 * back gives the same profile bit for bit.
 * @param[in] profile	the profile.
 * @param[out] buf	where to write; #NILSIMSA_PROFILE_TEXT_MAX bytes are
 *	always enough.
 * @param[in] size	the size of buf.
 * @param[out] len	the length written, without the NUL; may be NULL.
 * @return 0 on success, #NILSIMSA_EINVAL if buf is too small (or an
 *	argument NULL), #NILSIMSA_EPROFILE if the profile is not valid.
 */
int	nilsimsa_profile_write(const nilsimsa_profile *profile, char *buf,
	    size_t size, size_t *len);

/**
 * @brief Read a profile from its text form.
 *
 * Blank lines and lines starting with '#' are ignored, so a site can
 * annotate its profile file.
 * @param[in] text	the text; need not be NUL-terminated.
 * @param[in] len	its length.
 * @param[out] profile	the profile; unspecified on error.
 * @return 0 on success, #NILSIMSA_EINVAL if an argument is NULL,
 *	#NILSIMSA_EPROFILE if the text is malformed or truncated, or the
 *	profile fails nilsimsa_profile_check().
 */
int	nilsimsa_profile_read(const char *text, size_t len,
	    nilsimsa_profile *profile);

/**
 * @brief The state of learning a profile from messages.
 *
 * About 2 MB: allocate it (malloc) or make it static rather than
 * putting it on a thread's stack. Members are private.
 */
typedef struct nilsimsa_learner {
	uint64_t	n;				/**< private */
	uint32_t	hist[NILSIMSA_BUCKETS][512];	/**< private */
	double		s1[NILSIMSA_BUCKETS];		/**< private */
	double		s2[NILSIMSA_BUCKETS][NILSIMSA_BUCKETS];	/**< private */
	double		work[NILSIMSA_BUCKETS][NILSIMSA_BUCKETS];/**< private */
	double		vec[NILSIMSA_BUCKETS][NILSIMSA_BUCKETS];/**< private */
} nilsimsa_learner;

/**
 * @brief Start learning a profile.
 * @param[out] l	the learner.
 */
void	nilsimsa_learn_init(nilsimsa_learner *l);

/**
 * @brief Learn from one message.
 *
 * Feed the canonical text of each message to a context, as for a code,
 * then pass the context here. Messages with a total below
 * #NILSIMSA_LEARN_MIN_TOTAL are skipped. Learn from ordinary mail (ham),
 * a few thousand messages, each only once: bulk mail repeated many times
 * would make its own quirks look ordinary.
 * @param[in,out] l	the learner.
 * @param[in] ctx	the digested message.
 * @return 1 if the message was counted, 0 if it was too short.
 */
int	nilsimsa_learn_add(nilsimsa_learner *l, const nilsimsa_ctx *ctx);

/**
 * @brief Finish learning: compute the profile.
 *
 * The shares are the per-bucket medians (to about 1%); the directions are
 * the leading eigenvectors of the second moments of x around them. Takes
 * about a second (a 256 x 256 eigen-decomposition). The learner may be
 * added to and finished again.
 * @param[in,out] l	the learner (its work space is used).
 * @param[in] name	the profile's name (see nilsimsa_profile_check()).
 * @param[in] ndirs	directions to remove, 0 to #NILSIMSA_PROFILE_DIRS;
 *	16 is what the built-in profile uses.
 * @param[out] profile	the profile.
 * @return 0 on success, #NILSIMSA_EINVAL for a NULL argument, a bad name or
 *	ndirs too large, #NILSIMSA_EEMPTY if fewer than 2 messages were
 *	counted.
 */
int	nilsimsa_learn_finish(nilsimsa_learner *l, const char *name,
	    unsigned int ndirs, nilsimsa_profile *profile);

/**
 * The standard deviation of the score of two unrelated calibrated codes,
 * as nilsimsa_score_needed() assumes it: 8 for independent fair bits;
 * on 1.8 million unrelated held-out ham pairs the tail at scores 24-32
 * fits a normal sd of 8.5-9.0 (the bits are not quite independent), so 9.
 */
#define NILSIMSA_CHANCE_SD	9.0

/**
 * @brief The score a match needs to count, given how many were compared.
 *
 * A message compared with n stored codes gets n chance scores from
 * codes of unrelated mail. This returns the smallest score t such that
 * the chance that any of them reaches t is at most alpha, taking n times
 * the tail of one score (a union bound) and one chance score as normal
 * with mean 0 and sd #NILSIMSA_CHANCE_SD (continuity-corrected). For
 * alpha = 0.01 it is 22 for n = 1, 34 for n = 100 and 44 for n = 10000.
 *
 * Measured on 1.84 million pairs of unrelated held-out ham
 * (docs/calibration.md), this model is conservative for scores up to
 * about 32; above that the measured tail is heavier, and the pairs there
 * are mail that is in fact related (quoted replies under a new subject,
 * a shared list footer under a short message), which no threshold below
 * their score can or should tell from bulk.
 * Reference (uncalibrated) codes are far from this model (unrelated
 * pairs score +22 on average): do not use it with them.
 * @param[in] n		how many codes were compared (0 is taken as 1).
 * @param[in] alpha	the chance allowed, in (0, 1).
 * @return the score, from 0 to 129 (129: no score is rare enough);
 *	129 also for alpha not in (0, 1).
 */
int	nilsimsa_score_needed(uint64_t n, double alpha);

/** Units of nilsimsa_final_self(): words of alphabetic scripts kept whole. */
#define NILSIMSA_SELF_WORDS	0x01
/**
 * nilsimsa_final_self(): a unit is shuffled only among the units followed
 * by the same mark (space, line break, a sentence's end, a clause's,
 * other), so that what a language puts in set places (Korean or Japanese
 * sentence endings before the full stop) is expected, not a match; the
 * punctuation of Greek, Arabic and Devanagari is a mark, not a letter.
 */
#define NILSIMSA_SELF_MARKS	0x02

/**
 * @brief The code of a digested text, calibrated by the text itself.
 *
 * Needs no profile, so it holds for any language or script (see
 * docs/multilingual.md). Bit i is set when bucket i is above what
 * the same text with its units shuffled (16 fixed-seed shuffles) gives:
 * what the script and the language make every text share cancels.
 * Units are UTF-8 characters, or with #NILSIMSA_SELF_WORDS words of
 * alphabetic scripts and single ideographs. Codes made so are a kind of
 * their own, and so are those made with other flags: compare them only
 * with each other. Costs 16 more digests of the text and 2 x len words
 * of memory.
 * @param[in] ctx	the context that digested text.
 * @param[in] text	the same text, or a prefix of it (the expectation is
 *	scaled to what ctx digested).
 * @param[in] len	its length.
 * @param[in] flags	0, or #NILSIMSA_SELF_WORDS and #NILSIMSA_SELF_MARKS
 *	ORed.
 * @param[out] code	the code; all zero for an empty text.
 * @return 0 on success, #NILSIMSA_EINVAL for a NULL argument,
 *	#NILSIMSA_ENOMEM if out of memory.
 */
int	nilsimsa_final_self(const nilsimsa_ctx *ctx, const void *text,
	    size_t len, int flags, nilsimsa_code *code);

/** Kinds of code nilsimsa_final_auto() made. */
#define NILSIMSA_KIND_PROFILE	0	/**< nilsimsa_final_profile() */
#define NILSIMSA_KIND_SELF	1	/**< nilsimsa_final_self(), words
					     (earlier releases; still read) */
#define NILSIMSA_KIND_MARKS	2	/**< nilsimsa_final_self(), words
					     and marks */
#define NILSIMSA_KIND_MAX	2	/**< the largest kind */

/**
 * @brief A code that holds for any script: a profile for Latin text,
 *	self-calibration for the rest.
 *
 * When most letters of text are Latin (or it has none), the code is
 * nilsimsa_final_profile() with profile; otherwise nilsimsa_final_self()
 * with #NILSIMSA_SELF_WORDS and #NILSIMSA_SELF_MARKS (see
 * docs/multilingual.md). text may be a prefix of what ctx digested.
 * @return #NILSIMSA_KIND_PROFILE or #NILSIMSA_KIND_MARKS on success, else
 *	a negative error as those functions return.
 */
int	nilsimsa_final_auto(const nilsimsa_ctx *ctx, const void *text,
	    size_t len, const nilsimsa_profile *profile, nilsimsa_code *code);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* NILSIMSA_H */
