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
 * fuzz_authres.c: libFuzzer harness for the Authentication-Results
 * reader (lib/authres.h), whose header anyone on the internet writes.
 *
 * Input: one byte, the size of the domain buffer (1 to 256), then the
 * trusted authserv-ids, a NUL, and the header's value (no NUL: the
 * trusted list "mx.example.net" when there is none).
 * Checks: the result is one of the three kinds; a domain found fits its
 * buffer, is lower case, has a dot and only a domain's characters, and
 * stands whole in the value (never a prefix of a longer name, nor made
 * up), unless the value holds a quote or a backslash (a quoted string
 * and its escapes, which the reader takes away);
 * the same input gives the same answer.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "authres.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Is ch a character of a domain as authres.c takes one? */
static int
domain_char(int ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	    (ch >= '0' && ch <= '9') || ch == '.' || ch == '-' || ch == '_';
}

/* Does dom stand whole in value, case aside? */
static int
whole_in(const char *value, const char *dom)
{
	size_t	n = strlen(dom), i;

	for (i = 0; value[i] != '\0'; i++)
		if (strncasecmp(value + i, dom, n) == 0 &&
		    !domain_char((unsigned char)value[i + n]) &&
		    (i == 0 || !domain_char((unsigned char)value[i - 1]) ||
		    value[i - 1] == '@' || value[i - 1] == '='))
			return 1;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		*buf, *value, *trusted, dom[256], again[256];
	size_t		 domlen, n;
	int		 kind;

	if (size < 1)
		return 0;
	domlen = (size_t)data[0] % 256 + 1;
	if ((buf = malloc(size)) == NULL)
		abort();
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = '\0';
	n = strlen(buf);
	if (n + 1 < size) {
		trusted = buf;
		value = buf + n + 1;
	} else {
		trusted = "mx.example.net";
		value = buf;
	}
	kind = authres_identity(value, trusted, dom, domlen);
	if (kind != AUTHRES_NONE && kind != AUTHRES_SPF && kind != AUTHRES_DKIM)
		abort();
	if (kind != AUTHRES_NONE) {
		n = strnlen(dom, domlen);
		if (n == 0 || n >= domlen || strchr(dom, '.') == NULL)
			abort();
		for (size_t i = 0; i < n; i++)
			if (!domain_char((unsigned char)dom[i]) ||
			    (dom[i] >= 'A' && dom[i] <= 'Z'))
				abort();
		if (strpbrk(value, "\"\\") == NULL && !whole_in(value, dom))
			abort();
		if (authres_identity(value, trusted, again, domlen) != kind ||
		    strcmp(again, dom) != 0)
			abort();
	}
	free(buf);
	return 0;
}
