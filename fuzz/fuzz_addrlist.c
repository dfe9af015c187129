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
 * fuzz_addrlist.c: libFuzzer harness for the address lists
 * (milter/addrlist.h).
 *
 * Input: one settings byte, then the list's value, then NUL-separated
 * probes. Settings bit 0: ADDRLIST_MAIL (else ADDRLIST_NET); bit 1: the
 * value is written to a file and given as "file:PATH" (one entry a
 * line). Each probe is matched as a mail address and as an address in
 * text form, and its first 4 and 16 bytes as an IPv4 and an IPv6 client;
 * its queue form (addrlist_mail_canon()) must fit the buffer given.
 * A value that itself says "file:" is skipped (it would read any file).
 * Checks: a list parsed gives back its value as addrlist_source(); a
 * refused one says why; an inline list holds each of its entries (the
 * address of a network, "x@domain" for an "@domain").
 */
#include <sys/socket.h>
#include <netinet/in.h>

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "addrlist.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char	dir[] = "/tmp/fuzz_addrlist.XXXXXX";
static char	path[64];

/* Remove the temporary directory at exit. */
static void
cleanup(void)
{
	unlink(path);
	rmdir(dir);
}

/* Write the value to the list file; aborts on failure. */
static void
write_list(const char *value, size_t len)
{
	FILE	*fp;

	if (path[0] == '\0') {
		if (mkdtemp(dir) == NULL)
			abort();
		snprintf(path, sizeof(path), "%s/list.txt", dir);
		atexit(cleanup);
	}
	if ((fp = fopen(path, "w")) == NULL ||
	    (len > 0 && fwrite(value, 1, len, fp) != len) || fclose(fp) != 0)
		abort();
}

/* Match one probe every way the milter does. */
static void
probe(const struct addrlist *l, const char *p, size_t len)
{
	struct sockaddr_in	sin;
	struct sockaddr_in6	sin6;

	char			canon[64];
	int			n;

	(void)addrlist_match_mail(l, p);
	(void)addrlist_match_addrstr(l, p);
	/* the queue's form fits the buffer it was given, or is refused */
	n = addrlist_mail_canon(p, canon, 1 + len % sizeof(canon));
	if (n != -1 && (n <= 0 || (size_t)n != strlen(canon) ||
	    (size_t)n >= 1 + len % sizeof(canon)))
		abort();
	if (len >= 4) {
		memset(&sin, 0, sizeof(sin));
		sin.sin_family = AF_INET;
		memcpy(&sin.sin_addr, p, 4);
		(void)addrlist_match_addr(l, (struct sockaddr *)&sin);
	}
	if (len >= 16) {
		memset(&sin6, 0, sizeof(sin6));
		sin6.sin6_family = AF_INET6;
		memcpy(&sin6.sin6_addr, p, 16);
		(void)addrlist_match_addr(l, (struct sockaddr *)&sin6);
	}
}

/* Each entry of an inline list must match the list. */
static void
check_entries(const struct addrlist *l, enum addrlist_kind kind,
    const char *value)
{
	char	*copy, *p, *next, *e, *slash, probe[1100];
	size_t	 n;
	int	 hit;

	if ((copy = strdup(value)) == NULL)
		abort();
	for (p = copy; p != NULL; p = next) {
		if ((next = strchr(p, ',')) != NULL)
			*next++ = '\0';
		while (isspace((unsigned char)*p))
			p++;
		n = strlen(p);
		while (n > 0 && isspace((unsigned char)p[n - 1]))
			p[--n] = '\0';
		e = p;
		if (*e == '\0')
			continue;
		/* The brackets of "<user@domain>" are not part of it. */
		if (kind == ADDRLIST_MAIL && n >= 2 && e[0] == '<' &&
		    e[n - 1] == '>') {
			e[n - 1] = '\0';
			e++;
		}
		if (kind == ADDRLIST_NET) {
			if ((slash = strchr(e, '/')) != NULL)
				*slash = '\0';
			hit = addrlist_match_addrstr(l, e);
		} else if (*e == '@' && strchr(e + 1, '@') == NULL) {
			/* "@domain" (its only '@' first): a domain entry */
			snprintf(probe, sizeof(probe), "x%s", e);
			hit = addrlist_match_mail(l, probe);
		} else
			hit = addrlist_match_mail(l, e);
		if (!hit) {
			fprintf(stderr, "fuzz_addrlist: entry \"%s\" is not in "
			    "its list \"%s\"\n", e, value);
			abort();
		}
	}
	free(copy);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct addrlist	*l;
	enum addrlist_kind kind;
	char		*buf, *value, *p, *end, err[1024];
	size_t		 vlen;

	if (size < 1)
		return 0;
	kind = data[0] & 1 ? ADDRLIST_MAIL : ADDRLIST_NET;
	/* A NUL-terminated copy: value, NUL, probe, NUL, ..., NUL. */
	if ((buf = malloc(size + 1)) == NULL)
		abort();
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = '\0';
	end = buf + size - 1;
	value = buf;
	vlen = strlen(value);
	if (strstr(value, "file:") != NULL) {
		free(buf);
		return 0;
	}
	err[0] = '\0';
	if (data[0] & 2) {
		char	fv[80];

		write_list(value, vlen);
		snprintf(fv, sizeof(fv), "file:%s", path);
		l = addrlist_parse(kind, fv, err, sizeof(err));
	} else
		l = addrlist_parse(kind, value, err, sizeof(err));
	if (l == NULL) {
		if (err[0] == '\0' || memchr(err, '\0', sizeof(err)) == NULL)
			abort();
		free(buf);
		return 0;
	}
	if (!(data[0] & 2)) {
		if (strcmp(addrlist_source(l), value) != 0)
			abort();
		check_entries(l, kind, value);
	}
	(void)addrlist_count(l);
	for (p = value + vlen + 1; p < end; p += strlen(p) + 1)
		probe(l, p, (size_t)(end - p));
	probe(l, "", 0);
	addrlist_free(l);
	free(buf);
	return 0;
}
