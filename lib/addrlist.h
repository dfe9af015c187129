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
 * addrlist.h: lists of client networks and mail addresses, for the
 * Whitelist* and SpamTrap keys.
 *
 * A list is given as a comma-separated value or "file:/path" (one entry a
 * line, '#' comments). Entries are IPv4 or IPv6 addresses or CIDR
 * networks (client lists), or an address "user@example.com" or a domain
 * "@example.com" (sender and recipient lists; case-insensitive; the
 * angle brackets of an SMTP envelope address are ignored).
 */
#ifndef ADDRLIST_H
#define ADDRLIST_H

#include <stddef.h>
#include <sys/socket.h>

enum addrlist_kind {
	ADDRLIST_NET,	/* IPv4/IPv6 networks */
	ADDRLIST_MAIL	/* addresses and @domains */
};

struct addrlist;

/*
 * Parse a list. On error returns NULL and writes a message into err
 * (for a file: "path:line: message"). An empty value gives an empty list.
 */
struct addrlist	*addrlist_parse(enum addrlist_kind kind, const char *value,
		    char *err, size_t errlen);

/* Does the list hold the client address? (sa: AF_INET or AF_INET6) */
int		 addrlist_match_addr(const struct addrlist *l, const struct sockaddr *sa);
/* The same for an address in text form. */
int		 addrlist_match_addrstr(const struct addrlist *l, const char *ip);
/*
 * Does the list hold the mail address (or its domain)? The address is
 * compared in the form addrlist_mail_canon() gives it.
 */
int		 addrlist_match_mail(const struct addrlist *l, const char *addr);
/*
 * An envelope address as the MTA's queue keeps it, into out (outlen
 * bytes): without the angle brackets and white space around it, without
 * a source route (@a,@b:john@x is john@x), every quote and comment gone
 * and every backslash escape resolved ("john"@x, jo\hn@x, john(c)@x and
 * john@"x" are john@x, as Postfix's cleanup compares them when a milter
 * removes a recipient), without a trailing dot, lower-cased. Returns its
 * length; -1 when it is empty or does not fit.
 */
int		 addrlist_mail_canon(const char *addr, char *out, size_t outlen);
/*
 * Does the list hold an address already in that form (or its domain)?
 * Its quotes and backslashes are its own: not read again.
 */
int		 addrlist_match_canon(const struct addrlist *l, const char *key);
/*
 * Where the address from s (its '<' gone) to e starts after its RFC 5321
 * source route ("@a,@b:"), or s when it has none.
 */
const char	*addrlist_mail_unroute(const char *s, const char *e);

size_t		 addrlist_count(const struct addrlist *l);
/* Do two lists hold the same entries (a file: list read again)? */
int		 addrlist_equal(const struct addrlist *a, const struct addrlist *b);
const char	*addrlist_source(const struct addrlist *l);	/* the value as given */
void		 addrlist_free(struct addrlist *l);

#endif /* ADDRLIST_H */
