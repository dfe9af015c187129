/*
 * canon.h: the canonicaliser, which turns a message body into the bytes
 * that are digested.
 *
 * Two forms:
 *  - CANON_RAW: the body as the MTA sends it, with CRLF turned into LF, so
 *    that it equals `nilsimsa -s` on the stored message.
 *  - CANON_TEXT: the text/plain and text/html parts, decoded from base64
 *    or quoted-printable, converted to UTF-8 from their charset, HTML tags,
 *    comments, <style> and <script> removed, entities decoded, runs of
 *    white space collapsed to one space. Attachments and other parts are
 *    skipped.
 *
 * The canonicaliser is a push parser: it streams, keeps a fixed amount of
 * memory per message whatever the input (no line or part is buffered
 * whole), never fails on malformed input (it does its best and notes what
 * it saw in canon_flags()), and emits its output through a callback.
 */
#ifndef CANON_H
#define CANON_H

#include <stddef.h>
#include <stdint.h>

enum canon_mode {
	CANON_TEXT = 0,
	CANON_RAW = 1
};

/* What the canonicaliser saw; informational (for logs and `check`). */
#define CANON_F_TRUNCATED	0x01	/* input beyond max_in was ignored */
#define CANON_F_BADMIME		0x02	/* missing/broken boundaries, bad headers */
#define CANON_F_BADENCODING	0x04	/* invalid base64 or QP was skipped */
#define CANON_F_NUL		0x08	/* NUL bytes in the input (dropped in TEXT) */
#define CANON_F_CHARSET		0x10	/* an unknown charset, passed through */
#define CANON_F_DEPTH		0x20	/* MIME nested deeper than supported */

/* Output callback: called with canonical bytes, in order, in pieces. */
typedef void canon_out_fn(void *arg, const unsigned char *buf, size_t len);

struct canon;

/*
 * Create a canonicaliser. max_in caps the body bytes looked at (0: no
 * cap); bytes past it are ignored and CANON_F_TRUNCATED is set. If
 * with_headers is non-zero the input given to canon_body() starts with
 * the message's header block (a whole RFC 5322 message, as tools read it
 * from a file); otherwise the top-level headers come through
 * canon_header() and canon_body() gets the body only (as in a milter).
 * Returns NULL only when out of memory.
 */
struct canon	*canon_new(enum canon_mode mode, uint64_t max_in, int with_headers,
		    canon_out_fn *out, void *arg);

/* Start a new message with the same settings, without allocating. */
void		 canon_reset(struct canon *c);

/*
 * A top-level header of the message, as a milter receives it: name
 * without the colon, value possibly folded (CRLF or LF followed by
 * white space). Only the MIME headers matter; others are ignored. Call
 * before the first canon_body().
 */
void		 canon_header(struct canon *c, const char *name, const char *value);

/* Body bytes (or message bytes, see with_headers), in any chunking, with
 * CRLF or LF line ends. */
void		 canon_body(struct canon *c, const unsigned char *buf, size_t len);

/* End of message: flush what is pending. */
void		 canon_end(struct canon *c);

uint64_t	 canon_in_bytes(const struct canon *c);	/* body bytes looked at */
uint64_t	 canon_out_bytes(const struct canon *c);	/* bytes emitted */
unsigned	 canon_flags(const struct canon *c);		/* CANON_F_* */

void		 canon_free(struct canon *c);

/* "text" or "raw" to a mode; -1 if neither. */
int		 canon_mode_parse(const char *s);
const char	*canon_mode_name(enum canon_mode mode);

#endif /* CANON_H */
