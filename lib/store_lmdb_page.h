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
 * store_lmdb_page.h: one page of an LMDB 0.9 file (data version 1)
 * checked against the layout LMDB's writes rely on. Internal to the LMDB
 * backend's store check (store_lmdb.c).
 */

#ifndef NSM_STORE_LMDB_PAGE_H
#define NSM_STORE_LMDB_PAGE_H

#include <stddef.h>

/*
 * What a page must be: one of these, or LMDB_PAGE_TREE with the key size
 * of the table's LEAF2 pages (its duplicates, DUPFIXED) times 256.
 */
#define LMDB_PAGE_TREE		1	/* a branch, leaf or overflow page */
#define LMDB_PAGE_BRANCH	2	/* a branch page only */
#define LMDB_PAGE_LEAF2(ksize)	((ksize) << 8)

/*
 * Check page pgno of a map of npages pages of psize bytes at base: its
 * header (its own number, its kind, lower and upper bounds), and for
 * branch and leaf pages that its nodes lie in it one after another from
 * upper to the end, as LMDB's deletions and splits assume (they move
 * nodes by the sizes the nodes state). Returns 0, or -1 with the reason
 * in why.
 */
int	lmdb_page_check(const unsigned char *base, size_t psize, size_t npages,
	    size_t pgno, int kind, char *why, size_t whylen);
/*
 * The pages page pgno (checked) spans: an overflow page's count, else 1.
 * An overflow value may be shorter than its pages (LMDB shrinks the free
 * list's records in place), so its pages are these, not its length's.
 */
size_t	lmdb_page_span(const unsigned char *base, size_t psize, size_t pgno);

#endif /* NSM_STORE_LMDB_PAGE_H */
