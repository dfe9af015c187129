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
 * addrlist.c: client network lists and mail address lists.
 *
 * Lists are read once at (re)load and matched for every message, so the
 * work is done at parse time: networks are masked, sorted and grouped by
 * (family, prefix length), and a lookup masks the client address once per
 * distinct prefix length and binary-searches that group; mail addresses
 * and domains are lower-cased and sorted, and a lookup is two binary
 * searches. A list of a few thousand entries costs a few dozen
 * comparisons.
 */

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addrlist.h"
#include "util.h"

#define AL_LINE_MAX	4096		/* longest line of a file: list */
#define AL_ENTRIES_MAX	1000000		/* a sane bound on a list's size */
#define AL_MAIL_MAX	320		/* 64 local part + @ + 255 domain */

struct net {
	uint8_t		 family;	/* AF_INET or AF_INET6 */
	uint8_t		 plen;		/* prefix length */
	uint8_t		 addr[16];	/* masked; 4 bytes used for IPv4 */
};

/* A run of nets with the same family and prefix length. */
struct netgroup {
	uint8_t		 family;
	uint8_t		 plen;
	size_t		 start;
	size_t		 count;
};

struct addrlist {
	enum addrlist_kind kind;
	char		*source;
	size_t		 count;		/* entries, duplicates removed */

	struct net	*nets;
	size_t		 nnets;
	size_t		 netcap;
	struct netgroup	*groups;
	size_t		 ngroups;

	char		**addrs;	/* "user@domain", lower case, sorted */
	size_t		 naddrs;
	size_t		 addrcap;
	char		**domains;	/* "domain", lower case, sorted */
	size_t		 ndomains;
	size_t		 domcap;
};


static int
addrlen(int family)
{
	return family == AF_INET ? 4 : 16;
}

/* ::ffff:0:0/96, tested bytewise: the bytes need not be aligned. */
static int
is_v4mapped(const uint8_t *a)
{
	static const uint8_t prefix[12] = {
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff
	};

	return memcmp(a, prefix, sizeof(prefix)) == 0;
}

static void
mask_addr(uint8_t *a, int len, int plen)
{
	int i;

	for (i = 0; i < len; i++) {
		if (plen >= 8)
			plen -= 8;
		else {
			a[i] &= (uint8_t)(0xff << (8 - plen));
			plen = 0;
		}
	}
}

static int
grow(void **p, size_t *cap, size_t n, size_t size)
{
	void *np;
	size_t ncap;

	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 16;
	if ((np = reallocarray(*p, ncap, size)) == NULL)
		return -1;
	*p = np;
	*cap = ncap;
	return 0;
}

/*
 * Parse "addr" or "addr/plen" into a masked net. Host bits below the
 * prefix are accepted and cleared (10.1.2.3/8 is 10.0.0.0/8), as most
 * MTAs do. An IPv4-mapped IPv6 entry (::ffff:a.b.c.d[/96+n]) is stored as
 * the IPv4 network, so that it matches whatever form the client has.
 */
static int
parse_net(const char *s, struct net *n, char *msg, size_t msglen)
{
	char buf[INET6_ADDRSTRLEN + 8], *slash, *end;
	long plen;
	int max;

	if (strlen(s) >= sizeof(buf)) {
		util_seterr(msg, msglen, "bad network '%s' (too long)", s);
		return -1;
	}
	snprintf(buf, sizeof(buf), "%s", s);
	if ((slash = strchr(buf, '/')) != NULL)
		*slash++ = '\0';
	memset(n, 0, sizeof(*n));
	if (inet_pton(AF_INET, buf, n->addr) == 1) {
		n->family = AF_INET;
		max = 32;
	} else if (inet_pton(AF_INET6, buf, n->addr) == 1) {
		n->family = AF_INET6;
		max = 128;
	} else {
		util_seterr(msg, msglen,
		    "bad network '%s' (not an IPv4 or IPv6 address)", s);
		return -1;
	}
	plen = max;
	if (slash != NULL) {
		errno = 0;
		plen = strtol(slash, &end, 10);
		if (*slash == '\0' || !isdigit((unsigned char)*slash) ||
		    *end != '\0' || errno != 0 || plen < 0 || plen > max) {
			util_seterr(msg, msglen,
			    "bad network '%s' (prefix length must be 0..%d)",
			    s, max);
			return -1;
		}
	}
	if (n->family == AF_INET6 && plen >= 96 && is_v4mapped(n->addr)) {
		memmove(n->addr, n->addr + 12, 4);
		memset(n->addr + 4, 0, 12);
		n->family = AF_INET;
		plen -= 96;
	}
	n->plen = (uint8_t)plen;
	mask_addr(n->addr, addrlen(n->family), n->plen);
	return 0;
}

static int
valid_domain(const char *d)
{
	size_t label = 0, len = 0;

	for (; *d != '\0'; d++, len++) {
		if (*d == '.') {
			if (label == 0)
				return 0;
			label = 0;
			continue;
		}
		if (!isalnum((unsigned char)*d) && *d != '-' && *d != '_')
			return 0;
		if (++label > 63)
			return 0;
	}
	return len > 0 && len <= 255 && label > 0;
}

/*
 * Lower-case a mail entry into out: "user@domain" (kind 'a', out is the
 * address) or "@domain" (kind 'd', out is the domain without '@').
 */
static int
parse_mail(const char *s, char *out, size_t outlen, int *kind,
    char *msg, size_t msglen)
{
	const char *at;
	size_t i, n, len = strlen(s);

	if (len >= 2 && s[0] == '<' && s[len - 1] == '>') {
		s++;
		len -= 2;
	}
	if (len == 0 || len >= outlen || len > AL_MAIL_MAX) {
		util_seterr(msg, msglen, "bad address '%.*s' (%s)",
		    len > 64 ? 64 : (int)len, s, len == 0 ? "empty" : "too long");
		return -1;
	}
	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch <= ' ' || ch >= 0x7f || ch == '<' || ch == '>' ||
		    ch == ',' || ch == '"') {
			util_seterr(msg, msglen, "bad address '%.*s' "
			    "(white space, control or <>,\" character)",
			    (int)len, s);
			return -1;
		}
		out[i] = (char)ch;	/* lower-cased below */
	}
	out[len] = '\0';
	/*
	 * As addresses are matched (addrlist_mail_canon()): a\b@x is ab@x,
	 * @a:b@x is b@x. In place: it only takes bytes away.
	 */
	if ((n = (size_t)addrlist_mail_canon(out, out, outlen)) == (size_t)-1)
		out[n = 0] = '\0';	/* nothing left: refused below */
	if ((at = strrchr(out, '@')) == NULL || !valid_domain(at + 1)) {
		util_seterr(msg, msglen, "bad address '%.*s' "
		    "(expected user@domain or @domain)", (int)len, s);
		return -1;
	}
	if (at == out) {
		memmove(out, out + 1, n);
		*kind = 'd';
	} else
		*kind = 'a';
	return 0;
}

static int
add_entry(struct addrlist *l, const char *s, char *msg, size_t msglen)
{
	char buf[AL_MAIL_MAX + 2], *dup;
	struct net n;
	int kind;

	if (l->nnets + l->naddrs + l->ndomains >= AL_ENTRIES_MAX) {
		util_seterr(msg, msglen, "too many entries (at most %d)",
		    AL_ENTRIES_MAX);
		return -1;
	}
	if (l->kind == ADDRLIST_NET) {
		if (parse_net(s, &n, msg, msglen) == -1)
			return -1;
		if (grow((void **)&l->nets, &l->netcap, l->nnets,
		    sizeof(*l->nets)) == -1)
			goto oom;
		l->nets[l->nnets++] = n;
		return 0;
	}
	if (parse_mail(s, buf, sizeof(buf), &kind, msg, msglen) == -1)
		return -1;
	if ((dup = strdup(buf)) == NULL)
		goto oom;
	if (kind == 'a') {
		if (grow((void **)&l->addrs, &l->addrcap, l->naddrs,
		    sizeof(*l->addrs)) == -1) {
			free(dup);
			goto oom;
		}
		l->addrs[l->naddrs++] = dup;
	} else {
		if (grow((void **)&l->domains, &l->domcap, l->ndomains,
		    sizeof(*l->domains)) == -1) {
			free(dup);
			goto oom;
		}
		l->domains[l->ndomains++] = dup;
	}
	return 0;
oom:
	util_seterr(msg, msglen, "out of memory");
	return -1;
}

static int
netcmp(const void *a, const void *b)
{
	const struct net *x = a, *y = b;

	if (x->family != y->family)
		return x->family < y->family ? -1 : 1;
	if (x->plen != y->plen)
		return x->plen < y->plen ? -1 : 1;
	return memcmp(x->addr, y->addr, sizeof(x->addr));
}

static int
strpcmp(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

static size_t
uniq_strs(char **v, size_t n)
{
	size_t i, o;

	if (n == 0)
		return 0;
	qsort(v, n, sizeof(*v), strpcmp);
	for (i = 1, o = 1; i < n; i++) {
		if (strcmp(v[i], v[o - 1]) == 0)
			free(v[i]);
		else
			v[o++] = v[i];
	}
	return o;
}

/* Sort, drop duplicates and group the nets by (family, plen). */
static int
finish(struct addrlist *l)
{
	size_t i, o;

	if (l->nnets > 0) {
		qsort(l->nets, l->nnets, sizeof(*l->nets), netcmp);
		for (i = 1, o = 1; i < l->nnets; i++)
			if (netcmp(&l->nets[i], &l->nets[o - 1]) != 0)
				l->nets[o++] = l->nets[i];
		l->nnets = o;
		/* at most 33 + 129 groups */
		if ((l->groups = calloc(33 + 129, sizeof(*l->groups))) == NULL)
			return -1;
		for (i = 0; i < l->nnets; i++) {
			struct netgroup *g = l->ngroups ?
			    &l->groups[l->ngroups - 1] : NULL;

			if (g == NULL || g->family != l->nets[i].family ||
			    g->plen != l->nets[i].plen) {
				g = &l->groups[l->ngroups++];
				g->family = l->nets[i].family;
				g->plen = l->nets[i].plen;
				g->start = i;
			}
			g->count++;
		}
	}
	l->naddrs = uniq_strs(l->addrs, l->naddrs);
	l->ndomains = uniq_strs(l->domains, l->ndomains);
	l->count = l->nnets + l->naddrs + l->ndomains;
	return 0;
}

static int
parse_inline(struct addrlist *l, const char *value, char *err, size_t errlen)
{
	char *copy, *p, *next, *e;
	int rc = 0;

	if ((copy = strdup(value)) == NULL) {
		util_seterr(err, errlen, "out of memory");
		return -1;
	}
	if (*util_trim(copy) == '\0') {
		free(copy);
		return 0;
	}
	for (p = copy; p != NULL; p = next) {
		if ((next = strchr(p, ',')) != NULL)
			*next++ = '\0';
		e = util_trim(p);
		if (*e == '\0') {
			util_seterr(err, errlen, "empty entry in list");
			rc = -1;
			break;
		}
		if (add_entry(l, e, err, errlen) == -1) {
			rc = -1;
			break;
		}
	}
	free(copy);
	return rc;
}

/*
 * One entry a line; '#' starts a comment at the start of a line or after
 * white space; blank lines are ignored.
 */
static int
parse_file(struct addrlist *l, const char *path, char *err, size_t errlen)
{
	char line[AL_LINE_MAX + 2], msg[512], *s, *h;
	const char *why;
	FILE *fp;
	int lineno = 0, rc = 0;
	size_t len;

	if (*path == '\0') {
		util_seterr(err, errlen, "file: needs a path");
		return -1;
	}
	if ((fp = util_fopen_file(path, &why)) == NULL) {
		util_seterr(err, errlen, "%s: cannot open: %s", path, why);
		return -1;
	}
	while (fgets(line, sizeof(line), fp) != NULL) {
		lineno++;
		len = strlen(line);
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		else if (!feof(fp)) {
			util_seterr(err, errlen, "%s:%d: line longer than %d bytes",
			    path, lineno, AL_LINE_MAX);
			rc = -1;
			break;
		}
		if (len > AL_LINE_MAX) {
			util_seterr(err, errlen, "%s:%d: line longer than %d bytes",
			    path, lineno, AL_LINE_MAX);
			rc = -1;
			break;
		}
		for (h = line; (h = strchr(h, '#')) != NULL; h++)
			if (h == line || isspace((unsigned char)h[-1])) {
				*h = '\0';
				break;
			}
		s = util_trim(line);
		if (*s == '\0')
			continue;
		if (add_entry(l, s, msg, sizeof(msg)) == -1) {
			util_seterr(err, errlen, "%s:%d: %s", path, lineno, msg);
			rc = -1;
			break;
		}
	}
	if (rc == 0 && ferror(fp)) {
		util_seterr(err, errlen, "%s: read error: %s", path,
		    strerror(errno));
		rc = -1;
	}
	fclose(fp);
	return rc;
}

struct addrlist *
addrlist_parse(enum addrlist_kind kind, const char *value, char *err,
    size_t errlen)
{
	struct addrlist *l;
	const char *v;
	int rc;

	if (value == NULL)
		value = "";
	if ((l = calloc(1, sizeof(*l))) == NULL ||
	    (l->source = strdup(value)) == NULL) {
		free(l);
		util_seterr(err, errlen, "out of memory");
		return NULL;
	}
	l->kind = kind;
	for (v = value; isspace((unsigned char)*v); v++)
		;
	if (strncmp(v, "file:", 5) == 0) {
		char *path = strdup(v + 5);

		if (path == NULL) {
			util_seterr(err, errlen, "out of memory");
			rc = -1;
		} else {
			rc = parse_file(l, util_trim(path), err, errlen);
			free(path);
		}
	} else
		rc = parse_inline(l, value, err, errlen);
	if (rc == 0 && finish(l) == -1) {
		util_seterr(err, errlen, "out of memory");
		rc = -1;
	}
	if (rc == -1) {
		addrlist_free(l);
		return NULL;
	}
	return l;
}

static int
match_family(const struct addrlist *l, int family, const uint8_t *addr)
{
	uint8_t key[16];
	struct net probe;
	size_t i;

	for (i = 0; i < l->ngroups; i++) {
		const struct netgroup *g = &l->groups[i];

		if (g->family != family)
			continue;
		memset(&probe, 0, sizeof(probe));
		memcpy(key, addr, addrlen(family));
		mask_addr(key, addrlen(family), g->plen);
		probe.family = family;
		probe.plen = g->plen;
		memcpy(probe.addr, key, addrlen(family));
		if (bsearch(&probe, l->nets + g->start, g->count,
		    sizeof(*l->nets), netcmp) != NULL)
			return 1;
	}
	return 0;
}

int
addrlist_match_addr(const struct addrlist *l, const struct sockaddr *sa)
{
	const struct sockaddr_in *sin;
	const struct sockaddr_in6 *sin6;

	if (l == NULL || sa == NULL || l->nnets == 0)
		return 0;
	switch (sa->sa_family) {
	case AF_INET:
		sin = (const struct sockaddr_in *)sa;
		return match_family(l, AF_INET,
		    (const uint8_t *)&sin->sin_addr);
	case AF_INET6:
		sin6 = (const struct sockaddr_in6 *)sa;
		if (is_v4mapped(sin6->sin6_addr.s6_addr) &&
		    match_family(l, AF_INET, sin6->sin6_addr.s6_addr + 12))
			return 1;
		return match_family(l, AF_INET6, sin6->sin6_addr.s6_addr);
	default:
		return 0;
	}
}

/*
 * The client address as text: "a.b.c.d", an IPv6 address, optionally in
 * brackets, with Postfix's "IPv6:" prefix or a "%zone" suffix.
 */
int
addrlist_match_addrstr(const struct addrlist *l, const char *ip)
{
	char buf[INET6_ADDRSTRLEN + 16], *p, *e;
	struct sockaddr_in sin;
	struct sockaddr_in6 sin6;

	if (l == NULL || ip == NULL || l->nnets == 0 ||
	    strlen(ip) >= sizeof(buf))
		return 0;
	snprintf(buf, sizeof(buf), "%s", ip);
	p = buf;
	if (*p == '[') {
		p++;
		if ((e = strchr(p, ']')) != NULL)
			*e = '\0';
	}
	if (strncasecmp(p, "IPv6:", 5) == 0)
		p += 5;
	if ((e = strchr(p, '%')) != NULL)
		*e = '\0';
	memset(&sin, 0, sizeof(sin));
	memset(&sin6, 0, sizeof(sin6));
	if (inet_pton(AF_INET, p, &sin.sin_addr) == 1) {
		sin.sin_family = AF_INET;
		return addrlist_match_addr(l, (struct sockaddr *)&sin);
	}
	if (inet_pton(AF_INET6, p, &sin6.sin6_addr) == 1) {
		sin6.sin6_family = AF_INET6;
		return addrlist_match_addr(l, (struct sockaddr *)&sin6);
	}
	return 0;
}

const char *
addrlist_mail_unroute(const char *s, const char *e)
{
	const char	*p;

	if (s < e && *s == '@')
		for (p = s; p < e; p++)
			if (*p == ':')
				return p + 1;
	return s;
}

/*
 * Postfix's internal form, as its cleanup compares a recipient a milter
 * removes (tok822): every quote gone and every backslash escape resolved,
 * in the local part and the domain alike, and comments left out; and the
 * domain's trailing dot, which some MTAs drop (a form too coarse keeps a
 * recipient, one too fine removes another's copy).
 */
int
addrlist_mail_canon(const char *addr, char *out, size_t outlen)
{
	const char	*s, *e;
	size_t		 n = 0;
	int		 quoted = 0, comment = 0;

	for (s = addr; isspace((unsigned char)*s); s++)
		;
	for (e = s + strlen(s); e > s && isspace((unsigned char)e[-1]); e--)
		;
	if (e - s >= 2 && *s == '<' && e[-1] == '>') {
		s++;
		e--;
	}
	for (s = addrlist_mail_unroute(s, e); s < e; s++) {
		if (*s == '\\' && s + 1 < e)
			s++;		/* the next byte as it is */
		else if (*s == '"' && comment == 0) {
			quoted = !quoted;
			continue;
		} else if (!quoted && (*s == '(' || (*s == ')' && comment > 0))) {
			comment += *s == '(' ? 1 : -1;
			continue;
		}
		if (comment > 0)
			continue;
		if (n + 1 >= outlen)
			return -1;
		out[n++] = (char)tolower((unsigned char)*s);
	}
	if (n > 1 && out[n - 1] == '.' && memchr(out, '@', n - 1) != NULL)
		n--;		/* x@example.com. is x@example.com */
	if (n == 0)
		return -1;
	out[n] = '\0';
	return (int)n;
}

int
addrlist_match_canon(const struct addrlist *l, const char *key)
{
	const char	*at;

	if (l == NULL || key == NULL || (at = strrchr(key, '@')) == NULL)
		return 0;
	if (l->naddrs > 0 && bsearch(&key, l->addrs, l->naddrs,
	    sizeof(*l->addrs), strpcmp) != NULL)
		return 1;
	at++;
	return l->ndomains > 0 && bsearch(&at, l->domains, l->ndomains,
	    sizeof(*l->domains), strpcmp) != NULL;
}

/*
 * An envelope address as the MTA gives it: "<User@Example.COM>", maybe
 * with white space around, maybe quoted. The null sender "<>" matches
 * nothing. An "@domain" entry matches that domain exactly, not its
 * subdomains.
 */
int
addrlist_match_mail(const struct addrlist *l, const char *addr)
{
	char	buf[AL_MAIL_MAX + 1];

	if (l == NULL || addr == NULL || (l->naddrs == 0 && l->ndomains == 0))
		return 0;
	return addrlist_mail_canon(addr, buf, sizeof(buf)) != -1 &&
	    addrlist_match_canon(l, buf);
}

size_t
addrlist_count(const struct addrlist *l)
{
	return l == NULL ? 0 : l->count;
}

/* Do two lists hold the same entries (a file: list read again)? */
int
addrlist_equal(const struct addrlist *a, const struct addrlist *b)
{
	size_t	i;

	if (a == NULL || b == NULL)
		return addrlist_count(a) == addrlist_count(b);
	if (a->kind != b->kind || a->nnets != b->nnets ||
	    a->naddrs != b->naddrs || a->ndomains != b->ndomains ||
	    (a->nnets > 0 && memcmp(a->nets, b->nets,
	    a->nnets * sizeof(*a->nets)) != 0))
		return 0;
	for (i = 0; i < a->naddrs; i++)
		if (strcmp(a->addrs[i], b->addrs[i]) != 0)
			return 0;
	for (i = 0; i < a->ndomains; i++)
		if (strcmp(a->domains[i], b->domains[i]) != 0)
			return 0;
	return 1;
}

const char *
addrlist_source(const struct addrlist *l)
{
	return l == NULL ? "" : l->source;
}

void
addrlist_free(struct addrlist *l)
{
	size_t i;

	if (l == NULL)
		return;
	for (i = 0; i < l->naddrs; i++)
		free(l->addrs[i]);
	for (i = 0; i < l->ndomains; i++)
		free(l->domains[i]);
	free(l->addrs);
	free(l->domains);
	free(l->nets);
	free(l->groups);
	free(l->source);
	free(l);
}
