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
 * toolutil.h: what the measuring tools (calibrate, mlmeasure, nsm-replay)
 * share: allocation that exits on failure, reading a whole file, a
 * growing output buffer that the canonicaliser can write into, and an
 * int comparison for qsort().
 */
#ifndef TOOLUTIL_H
#define TOOLUTIL_H

#include <stddef.h>

struct canon;

/* A NUL-terminated byte buffer that grows. */
struct tl_buf {
	unsigned char	*buf;
	size_t		 len, cap;
};

/* malloc() and realloc() that exit with a message when out of memory. */
void		*tl_xmalloc(size_t n);
void		*tl_xrealloc(void *p, size_t n);

/* Append n bytes to b, keeping a NUL after them. */
void		 tl_buf_add(struct tl_buf *b, const void *p, size_t n);
/* A canon_out_fn appending to the struct tl_buf arg. */
void		 tl_sink(void *arg, const unsigned char *p, size_t n);
/* Canonicalise raw into out (emptied first), restarting c. */
void		 tl_canon(struct canon *c, struct tl_buf *out,
		    const unsigned char *raw, size_t len);

/* qsort() comparison of ints, ascending. */
int		 tl_cmp_int(const void *a, const void *b);

/* A whole file, NUL-terminated, its length in *len; NULL if unreadable. */
unsigned char	*tl_read_file(const char *path, size_t *len);

/* Remove a directory and all below it; -1 (errno set) on failure. */
int		 tl_rm_tree(const char *dir);

#endif /* TOOLUTIL_H */
