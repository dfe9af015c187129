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
 * fuzz_canon.c: libFuzzer harness for the canonicaliser (milter/canon.h).
 *
 * The first four input bytes are settings, the rest is the message:
 *   [0] bits 0-1: 3 is CANON_RAW, else CANON_TEXT; bit 2: with_headers;
 *       bits 3-7: a charset from the table below (0: none), given as the
 *       top-level Content-Type (a header line, or canon_header())
 *   [1] bits 0-1: top-level type (text/plain, text/html, multipart/mixed
 *       with boundary "=b", or none); bits 2-3: transfer encoding (none,
 *       base64, quoted-printable, 8bit); bit 4, without with_headers:
 *       the message's header block (up to its first empty line) is cut
 *       into fields and given to canon_header() as a milter would
 *       (folded values keep their line ends), the rest is the body
 *   [2] bit 7 set: max_in is (bits 0-6) * 61 bytes, else no cap
 *   [3] seed of the chunk sizes (1 to 300 bytes)
 * With with_headers the header lines come first in the input, so the
 * message's own header block follows them (a message that starts with
 * an empty line has none). The message is fed in those chunks, then
 * again in one piece after canon_reset(): canon.h promises any chunking,
 * so both runs must give the same bytes, flags and counts, or the
 * harness aborts; no more than max_in bytes may be looked at.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "fuzzutil.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const charsets[32] = {
	NULL, "utf-8", "us-ascii", "iso-8859-1", "iso-8859-2", "iso-8859-5",
	"iso-8859-7", "iso-8859-15", "windows-1251", "windows-1252", "koi8-r",
	"koi8-u", "gb2312", "gbk", "gb18030", "big5", "big5-hkscs",
	"shift_jis", "euc-jp", "iso-2022-jp", "iso-2022-kr", "euc-kr", "utf-7",
	"utf-16", "utf-16le", "utf-32", "tis-620", "cp932", "hz-gb-2312",
	"x-unknown", "\"UTF-8\" (quoted)", "iso-2022-jp-2"
};

static const char *const types[4] = {
	"text/plain", "text/html", "multipart/mixed; boundary=\"=b\"", NULL
};

static const char *const encodings[4] = {
	NULL, "base64", "quoted-printable", "8bit"
};

/* What one run emitted: FNV-1a of the bytes and their count. */
struct sum {
	uint64_t	hash;
	uint64_t	len;
};

/* Output callback: fold the bytes into the sum. */
static void
sum_out(void *arg, const unsigned char *buf, size_t len)
{
	struct sum	*s = arg;

	for (size_t i = 0; i < len; i++)
		s->hash = (s->hash ^ buf[i]) * 0x100000001b3ULL;
	s->len += len;
}

/* The top-level MIME headers the settings ask for, as header lines. */
static size_t
make_headers(const uint8_t *set, char *buf, size_t len, const char **ctype,
    const char **cte)
{
	static char	 ct[128];
	const char	*cs = charsets[set[0] >> 3], *type = types[set[1] & 3];
	int		 n;

	*ctype = NULL;
	*cte = encodings[(set[1] >> 2) & 3];
	if (type != NULL && cs != NULL)
		snprintf(ct, sizeof(ct), "%s; charset=%s", type, cs);
	else if (type != NULL)
		snprintf(ct, sizeof(ct), "%s", type);
	else if (cs != NULL)
		snprintf(ct, sizeof(ct), "text/plain; charset=%s", cs);
	if (type != NULL || cs != NULL)
		*ctype = ct;
	n = snprintf(buf, len, "MIME-Version: 1.0\n%s%s%s%s%s",
	    *ctype ? "Content-Type: " : "", *ctype ? *ctype : "",
	    *ctype ? "\n" : "", *cte ? "Content-Transfer-Encoding: " : "",
	    *cte ? *cte : "");
	if (*cte != NULL)
		n += snprintf(buf + n, len - (size_t)n, "\n");
	return (size_t)n;
}

/* One message as the runs give it to the canonicaliser. */
struct input {
	int		 with_headers;
	const char	*hdrs;		/* with_headers: header lines first */
	size_t		 hlen;
	const char	*ctype, *cte;	/* else: these through canon_header() */
	const char	*fields;	/* and these: name NUL value NUL ... */
	size_t		 nfields;
	const uint8_t	*msg;		/* the body, or the rest of the message */
	size_t		 len;
};

/* One run: headers, then the message in chunks (seed 0: one piece). */
static void
run(struct canon *c, const struct input *in, uint32_t seed)
{
	const char	*f = in->fields, *v;
	size_t		 off, n;

	if (in->with_headers)
		canon_body(c, (const unsigned char *)in->hdrs, in->hlen);
	else {
		canon_header(c, "MIME-Version", "1.0");
		if (in->ctype != NULL)
			canon_header(c, "Content-Type", in->ctype);
		if (in->cte != NULL)
			canon_header(c, "Content-Transfer-Encoding", in->cte);
		for (n = 0; n < in->nfields; n++) {
			v = f + strlen(f) + 1;
			canon_header(c, f, v);
			f = v + strlen(v) + 1;
		}
	}
	for (off = 0; off < in->len; off += n) {
		n = seed == 0 ? in->len : fuzz_next_chunk(&seed);
		if (n > in->len - off)
			n = in->len - off;
		canon_body(c, in->msg + off, n);
	}
	canon_end(c);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct sum	 empty = { 0xcbf29ce484222325ULL, 0 };
	struct canon		*c;
	struct input		 in;
	struct sum		 cur, first;
	char			 hdrs[512], *fields = NULL;
	size_t			 off;
	uint64_t		 max_in, in_bytes;
	unsigned		 flags;
	uint32_t		 seed;
	int			 mode;

	if (size < 4)
		return 0;
	memset(&in, 0, sizeof(in));
	mode = (data[0] & 3) == 3 ? CANON_RAW : CANON_TEXT;
	in.with_headers = (data[0] >> 2) & 1;
	max_in = data[2] & 0x80 ? (uint64_t)(data[2] & 0x7f) * 61 : 0;
	seed = 0x9e3779b9u ^ data[3];
	in.hdrs = hdrs;
	in.hlen = make_headers(data, hdrs, sizeof(hdrs), &in.ctype, &in.cte);
	in.msg = data + 4;
	in.len = size - 4;
	if (!in.with_headers && (data[1] & 0x10)) {
		if ((fields = malloc(in.len + 1)) == NULL)
			abort();
		off = fuzz_split_fields(in.msg, in.len, fields, &in.nfields);
		in.fields = fields;
		in.msg += off;
		in.len -= off;
	}

	cur = empty;
	if ((c = canon_new(mode, max_in, in.with_headers, sum_out, &cur)) ==
	    NULL)
		abort();
	run(c, &in, seed);
	if (canon_out_bytes(c) != cur.len)
		abort();
	first = cur;
	flags = canon_flags(c);
	in_bytes = canon_in_bytes(c);
	if (max_in != 0 && in_bytes > max_in)
		abort();

	/* The same message in one piece, after canon_reset(). */
	cur = empty;
	canon_reset(c);
	run(c, &in, 0);
	if (first.hash != cur.hash || first.len != cur.len ||
	    flags != canon_flags(c) || in_bytes != canon_in_bytes(c)) {
		fprintf(stderr, "fuzz_canon: chunked and whole input differ: "
		    "%llu vs %llu bytes, flags %#x vs %#x\n",
		    (unsigned long long)first.len, (unsigned long long)cur.len,
		    flags, canon_flags(c));
		abort();
	}
	canon_free(c);
	free(fields);
	return 0;
}
