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
 * authres.h: the sender identity an upstream verifier vouched for, read
 * from an Authentication-Results header (RFC 8601) that OpenDKIM,
 * OpenDMARC or an SPF policy daemon added before this milter ran.
 *
 * Only a header whose authserv-id is one the administrator trusts
 * (TrustedAuthservIDs) counts: anyone can write the header, and an MTA
 * removes only the ones that claim its own id. A DKIM pass names the
 * signing domain (header.d, else the domain of header.i); an SPF pass
 * the domain of smtp.mailfrom (else smtp.helo). DKIM wins over SPF.
 */
#ifndef AUTHRES_H
#define AUTHRES_H

#include <stddef.h>

#define AUTHRES_NONE	0
#define AUTHRES_SPF	1	/* an SPF pass */
#define AUTHRES_DKIM	2	/* a DKIM pass */

/*
 * The best identity in one header value: AUTHRES_DKIM or AUTHRES_SPF
 * with the domain, lower case, in dom (NUL-terminated), or AUTHRES_NONE
 * when the authserv-id is not in `trusted` (names separated by commas or
 * blanks, case-insensitive) or nothing passed. The id is a token or one
 * quoted string, whole: quotes inside or beside it make another id. A
 * value longer than any address (TOK_MAX) is passed over, never cut to
 * a prefix. Never reads past value's NUL; bounded by its length.
 */
int	authres_identity(const char *value, const char *trusted, char *dom,
	    size_t domlen);

#endif /* AUTHRES_H */
