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
 * util.c: small shared routines of libnsm (see util.h).
 */

#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "util.h"

/*
 * Base64 (RFC 4648): a byte's value + 1, 0 for a byte that is not base64,
 * -1 for the pad '=', -2 for white space (canon_mime.c, rfc2047.c).
 */
const signed char util_b64tab[256] = {
	['A'] = 1, ['B'] = 2, ['C'] = 3, ['D'] = 4, ['E'] = 5, ['F'] = 6,
	['G'] = 7, ['H'] = 8, ['I'] = 9, ['J'] = 10, ['K'] = 11, ['L'] = 12,
	['M'] = 13, ['N'] = 14, ['O'] = 15, ['P'] = 16, ['Q'] = 17,
	['R'] = 18, ['S'] = 19, ['T'] = 20, ['U'] = 21, ['V'] = 22,
	['W'] = 23, ['X'] = 24, ['Y'] = 25, ['Z'] = 26,
	['a'] = 27, ['b'] = 28, ['c'] = 29, ['d'] = 30, ['e'] = 31,
	['f'] = 32, ['g'] = 33, ['h'] = 34, ['i'] = 35, ['j'] = 36,
	['k'] = 37, ['l'] = 38, ['m'] = 39, ['n'] = 40, ['o'] = 41,
	['p'] = 42, ['q'] = 43, ['r'] = 44, ['s'] = 45, ['t'] = 46,
	['u'] = 47, ['v'] = 48, ['w'] = 49, ['x'] = 50, ['y'] = 51,
	['z'] = 52, ['0'] = 53, ['1'] = 54, ['2'] = 55, ['3'] = 56,
	['4'] = 57, ['5'] = 58, ['6'] = 59, ['7'] = 60, ['8'] = 61,
	['9'] = 62, ['+'] = 63, ['/'] = 64,
	/* value + 1 above; these are not data */
	['='] = -1, [' '] = -2, ['\t'] = -2, ['\n'] = -2, ['\r'] = -2
};

/* The value of a hex digit, or -1. */
int
util_hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* A header's value (first line only), lowercased, into out. */
void
util_header(const char *m, size_t len, const char *name, char *out,
    size_t size)
{
	size_t	nl = strlen(name), i, o = 0;

	out[0] = '\0';
	for (i = 0; i + nl < len; i++) {
		if ((i == 0 || m[i - 1] == '\n') &&
		    (m[i] == '\n' || m[i] == '\r'))
			return;		/* end of the header block */
		if ((i == 0 || m[i - 1] == '\n') &&
		    strncasecmp(m + i, name, nl) == 0) {
			for (i += nl; i < len && m[i] != '\n' && m[i] != '\r' &&
			    o + 1 < size; i++)
				out[o++] = (char)tolower((unsigned char)m[i]);
			out[o] = '\0';
			return;
		}
	}
}

/* Drop leading "re:", "fwd:" and "[list]" tags from a subject. */
const char *
util_bare_subject(const char *s)
{
	for (;;) {
		while (*s == ' ')
			s++;
		if (strncmp(s, "re:", 3) == 0 || strncmp(s, "fw:", 3) == 0)
			s += 3;
		else if (strncmp(s, "fwd:", 4) == 0)
			s += 4;
		else if (*s == '[' && strchr(s, ']') != NULL)
			s = strchr(s, ']') + 1;
		else
			return s;
	}
}

void
util_seterr(char *err, size_t errlen, const char *fmt, ...)
{
	va_list	ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* O_NONBLOCK: a FIFO's open() would wait for a writer; cleared once known. */
FILE *
util_fopen_file(const char *path, const char **why)
{
	struct stat	 st;
	FILE		*fp;
	int		 fd, e;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) == -1) {
		*why = strerror(errno);
		return NULL;
	}
	if (fstat(fd, &st) == -1)
		*why = strerror(errno);
	else if (!S_ISREG(st.st_mode))
		*why = "not a regular file";
	else if (fcntl(fd, F_SETFL, O_RDONLY) == -1 ||
	    (fp = fdopen(fd, "r")) == NULL)
		*why = strerror(errno);
	else
		return fp;
	e = errno;
	close(fd);
	errno = e;
	return NULL;
}

int
util_ids_add(struct util_ids *a, uint64_t id, size_t max)
{
	uint64_t	*p;
	size_t		 cap;

	if (a->n >= max)
		return -1;
	if (a->n == a->cap) {
		cap = a->cap ? a->cap * 2 : 16;
		if ((p = reallocarray(a->v, cap, sizeof(*p))) == NULL)
			return -1;
		a->v = p;
		a->cap = cap;
	}
	a->v[a->n++] = id;
	return 0;
}

char *
util_trim(char *s)
{
	char	*e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}
