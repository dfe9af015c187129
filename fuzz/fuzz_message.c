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
 * fuzz_message.c: libFuzzer harness for the message unit (lib/message.h)
 * as the milter drives it, without a store: the client address, the
 * envelope, each header field (Authentication-Results of a trusted
 * verifier, list headers, Subject, the MIME headers), the body in chunks
 * and the end. What it reaches beyond fuzz_canon: the header handling of
 * message.c, authres.c (RFC 8601 values), domain.c (sender domains) and
 * addrlist.c's matching of the envelope.
 *
 * Input, line by line: the client address (text, as the replay gives
 * it), the envelope sender, recipients up to an empty line (at most 64),
 * then the message. The first byte's bit 0 gives the message whole
 * (with_headers, as the tools read files), else its header block is cut
 * into fields for message_header(); the byte also seeds the chunk sizes.
 * The message is then given again after message_reset(), as the milter
 * reuses a context for a connection's next message: both ends must give
 * the same code, text size and verdict, and the envelope as the unit's
 * accessors report it (recipients, spam traps, exemption, list mail), or
 * the harness aborts. What only a store reads (the sender identity) is
 * not compared: without a store it makes no difference.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "message.h"
#include "fuzzutil.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define MAX_RCPT	64

static struct config	*cfg;

/* The envelope as the unit's accessors report it after a message. */
struct seen {
	uint32_t	nrcpt, ntrap;
	int		exempt, list_mail;
};

/* The next line of in[*pos..len) as a string in buf (cut at 255 bytes). */
static int
next_line(const uint8_t *in, size_t len, size_t *pos, char *buf, size_t size)
{
	size_t	n = 0;

	if (*pos >= len)
		return -1;
	while (*pos < len && in[*pos] != '\n') {
		if (n < size - 1 && in[*pos] != '\0')
			buf[n++] = (char)in[*pos];
		(*pos)++;
	}
	if (*pos < len)
		(*pos)++;
	buf[n] = '\0';
	return 0;
}

/* A configuration that reads every header the unit can use. */
static struct config *
setup(void)
{
	struct config	*c;

	if ((c = config_default()) == NULL)
		abort();
	free(c->trusted_authserv_ids);
	if ((c->trusted_authserv_ids = strdup("mx.example.org, auth.example"))
	    == NULL)
		abort();
	c->subject_sample = 1;
	return c;
}

/* One message, start to end: the envelope was given, the rest here. */
static void
feed(struct message *m, const uint8_t *msg, size_t len, int with_headers,
    uint32_t seed, char *fields, struct message_result *r)
{
	const char	*f = fields, *v;
	size_t		 off = 0, n, nfields;

	if (!with_headers) {
		off = fuzz_split_fields(msg, len, fields, &nfields);
		for (n = 0; n < nfields; n++) {
			v = f + strlen(f) + 1;
			message_header(m, f, v);
			f = v + strlen(v) + 1;
		}
	}
	while (off < len) {
		n = seed == 0 ? len - off : fuzz_next_chunk(&seed);
		if (n > len - off)
			n = len - off;
		message_body(m, msg + off, n);
		off += n;
	}
	message_finish(m, NULL, 1700000000, 0, r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct message		*m;
	struct message_result	 r[2];
	struct seen		 seen[2];
	char			 line[256], hdr[256], *fields;
	size_t			 pos = 1;
	int			 with_headers, i;
	uint32_t		 seed;

	if (size < 1)
		return 0;
	if (cfg == NULL)
		cfg = setup();
	with_headers = data[0] & 1;
	seed = data[0] >> 1;
	if ((m = message_new(cfg, with_headers)) == NULL ||
	    (fields = malloc(size + 1)) == NULL)
		abort();
	if (next_line(data, size, &pos, line, sizeof(line)) == 0)
		message_client_str(m, line);
	/* The envelope, given again after each reset, as at MAIL FROM. */
	for (i = 0; i < 2; i++) {
		size_t	p = pos;

		if (i == 1 && message_reset(m, cfg) != 0)
			abort();
		if (next_line(data, size, &p, line, sizeof(line)) == 0)
			message_sender(m, line);
		for (int n = 0; n < MAX_RCPT &&
		    next_line(data, size, &p, line, sizeof(line)) == 0 &&
		    line[0] != '\0'; n++)
			message_rcpt(m, line);
		feed(m, data + p, size - p, with_headers, seed, fields, &r[i]);
		seen[i].nrcpt = message_rcpt_count(m);
		seen[i].ntrap = message_trap_count(m);
		seen[i].exempt = message_exempt(m);
		seen[i].list_mail = message_list_mail(m);
	}
	/* The second message must be the first again: nothing carried. */
	if (memcmp(r[0].hex, r[1].hex, sizeof(r[0].hex)) != 0 ||
	    r[0].body_bytes != r[1].body_bytes ||
	    r[0].verdict.action != r[1].verdict.action ||
	    strcmp(r[0].verdict.reason, r[1].verdict.reason) != 0 ||
	    memcmp(&seen[0], &seen[1], sizeof(seen[0])) != 0)
		abort();
	message_cluster_header(&r[0], hdr, sizeof(hdr));
	free(fields);
	message_free(m);
	return 0;
}
