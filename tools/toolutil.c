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
 * toolutil.c: helpers shared by the measuring tools (see toolutil.h).
 */

#include <err.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "toolutil.h"

/* malloc(), exiting when out of memory. */
void *
tl_xmalloc(size_t n)
{
	void	*p;

	if ((p = malloc(n ? n : 1)) == NULL)
		err(1, NULL);
	return p;
}

/* realloc(), exiting when out of memory. */
void *
tl_xrealloc(void *p, size_t n)
{
	if ((p = realloc(p, n ? n : 1)) == NULL)
		err(1, NULL);
	return p;
}

/* Append n bytes, keeping a NUL after them. */
void
tl_buf_add(struct tl_buf *b, const void *p, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->buf = tl_xrealloc(b->buf, b->cap);
	}
	memcpy(b->buf + b->len, p, n);
	b->len += n;
	b->buf[b->len] = '\0';
}

/* Output callback of the canonicaliser: append to a struct tl_buf. */
void
tl_sink(void *arg, const unsigned char *p, size_t n)
{
	tl_buf_add(arg, p, n);
}

/* The canonical text of one raw message, in place of out's contents. */
void
tl_canon(struct canon *c, struct tl_buf *out, const unsigned char *raw,
    size_t len)
{
	canon_reset(c);
	out->len = 0;
	canon_body(c, raw, len);
	canon_end(c);
}

/* Order ints for qsort(). */
int
tl_cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* Read a whole file into memory. */
unsigned char *
tl_read_file(const char *path, size_t *len)
{
	FILE		*f;
	unsigned char	*b;
	long		 n;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	b = tl_xmalloc((size_t)(n > 0 ? n : 0) + 1);
	*len = fread(b, 1, (size_t)(n > 0 ? n : 0), f);
	b[*len] = '\0';
	fclose(f);
	return b;
}

/* nftw's callback for tl_rm_tree: each entry, depth first. */
static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

int
tl_rm_tree(const char *dir)
{
	return nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
}
