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
 * authres.c: Authentication-Results (RFC 8601) to the identity a trusted
 * verifier vouched for; see authres.h.
 *
 * Written here rather than taken from a library: OpenDMARC's libopendmarc
 * parses the header but Debian ships it only inside opendmarc, and what
 * is needed is a tolerant scan for two results in a bounded string, not
 * the whole grammar.
 */

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "authres.h"

#define TOK_MAX	512	/* longest token taken: property=local@domain,
			   each at its longest, fits */
#define TOK_CUT		1	/* next_token(): longer than TOK_MAX - 1 */
#define TOK_QUOTES	2	/* quotes other than around the whole token */

/* Skip blanks and (nested) comments; returns the new position. */
static const char *
skip_cfws(const char *p)
{
	int	depth;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (*p != '(')
			return p;
		for (depth = 0; *p != '\0'; p++) {
			if (*p == '\\' && p[1] != '\0')
				p++;
			else if (*p == '(')
				depth++;
			else if (*p == ')' && --depth == 0) {
				p++;
				break;
			}
		}
	}
}

/*
 * The next token (up to a blank, ';', '(' or the end) into tok, quoted
 * strings in it (property="value") taken without their quotes. *flags
 * gets TOK_CUT when the token did not fit (tok holds its first TOK_MAX
 * - 1 bytes, which the caller must not take for the whole: a long
 * domain's prefix can read as another domain) and TOK_QUOTES when it has
 * quotes other than one pair around all of it.
 */
static const char *
next_token(const char *p, char *tok, int *flags)
{
	const char	*start;
	size_t		 n = 0, nq = 0;
	int		 q = 0, closed = 0;

	*flags = 0;
	p = skip_cfws(p);
	for (start = p; *p != '\0'; p++) {
		if (*p == '"') {
			q = !q;
			nq++;
			closed = !q;
			continue;
		}
		if (!q && (*p == ';' || *p == '(' || isspace((unsigned char)*p)))
			break;
		closed = 0;
		if (q && *p == '\\' && p[1] != '\0')
			p++;
		if (n < TOK_MAX - 1)
			tok[n++] = *p;
		else
			*flags |= TOK_CUT;
	}
	tok[n] = '\0';
	if (nq > 0 && !(nq == 2 && *start == '"' && closed))
		*flags |= TOK_QUOTES;
	return p;
}

/* Is id one of the names in list (commas or blanks between)? */
static int
trusted_id(const char *list, const char *id)
{
	size_t	n = strlen(id), k;

	while (*list != '\0') {
		while (*list == ',' || isspace((unsigned char)*list))
			list++;
		for (k = 0; list[k] != '\0' && list[k] != ',' &&
		    !isspace((unsigned char)list[k]); k++)
			;
		if (k > 0 && k == n && strncasecmp(list, id, n) == 0)
			return 1;
		list += k;
	}
	return 0;
}

/*
 * A domain (after an '@' if there is one), lower case, into dom if it
 * looks like one; dom is left alone if not.
 */
static int
set_domain(const char *v, char *dom, size_t domlen)
{
	const char	*at = strrchr(v, '@');
	char		 d[TOK_MAX];
	size_t		 n = 0;

	if (at != NULL)
		v = at + 1;
	for (; *v != '\0'; v++) {
		if ((!isalnum((unsigned char)*v) && *v != '.' && *v != '-' &&
		    *v != '_') || n + 1 >= domlen || n + 1 >= sizeof(d))
			return 0;
		d[n++] = (char)tolower((unsigned char)*v);
	}
	d[n] = '\0';
	if (n == 0 || strchr(d, '.') == NULL)
		return 0;
	memcpy(dom, d, n + 1);
	return 1;
}

int
authres_identity(const char *value, const char *trusted, char *dom,
    size_t domlen)
{
	char		 tok[TOK_MAX], method[16];
	const char	*p, *eq;
	int		 best = AUTHRES_NONE, kind = AUTHRES_NONE, pass = 0, fl;

	if (value == NULL || trusted == NULL || *trusted == '\0' || domlen == 0)
		return AUTHRES_NONE;
	dom[0] = '\0';
	/* the id: a token or one quoted string, whole (RFC 8601) */
	p = next_token(value, tok, &fl);
	if (fl != 0 || !trusted_id(trusted, tok))
		return AUTHRES_NONE;
	while (*p != '\0') {
		p = skip_cfws(p);
		if (*p == ';') {		/* a new resinfo */
			p++;
			kind = AUTHRES_NONE;
			pass = 0;
			continue;
		}
		if (*p == '\0')
			break;
		p = next_token(p, tok, &fl);
		if (fl & TOK_CUT)
			continue;	/* too long for any name: not taken */
		if (tok[0] == '\0') {
			if (*p != '\0' && *p != ';')
				p++;		/* a stray '(' end or junk */
			continue;
		}
		if ((eq = strchr(tok, '=')) == NULL)
			continue;
		if (kind == AUTHRES_NONE && strchr(tok, '.') == NULL) {
			/* method=result */
			snprintf(method, sizeof(method), "%.*s",
			    (int)(eq - tok), tok);
			kind = strcasecmp(method, "dkim") == 0 ? AUTHRES_DKIM :
			    strcasecmp(method, "spf") == 0 ? AUTHRES_SPF : -1;
			pass = strcasecmp(eq + 1, "pass") == 0;
			continue;
		}
		if (!pass || kind <= best)
			continue;
		if ((kind == AUTHRES_DKIM && (strncasecmp(tok, "header.d=", 9) == 0 ||
		    strncasecmp(tok, "header.i=", 9) == 0)) ||
		    (kind == AUTHRES_SPF && (strncasecmp(tok, "smtp.mailfrom=", 14) == 0 ||
		    strncasecmp(tok, "smtp.helo=", 10) == 0))) {
			if (set_domain(eq + 1, dom, domlen))
				best = kind;
		}
	}
	return best;
}
