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
 * store_lmdb_page.c: one LMDB page checked against the layout of LMDB
 * 0.9's mdb.c (data version 1, 64-bit page numbers).
 *
 * LMDB reads pages it trusts: a damaged node size read in a search stays
 * inside the map, but a deletion, a split or a merge moves the page's
 * nodes by the sizes they state, inside a page copied to the heap, and a
 * wrong size there writes past the copy (seen: a leaf node's data size
 * changed by one byte, then the expiry's delete corrupted malloc's
 * lists). LMDB 0.9 has no checker of its own, so this one states the
 * invariants its writes keep:
 *
 *   page header (16 bytes): page number (u64) at 0, pad (u16) at 8,
 *   flags (u16) at 10, lower and upper (u16) at 12 and 14, or for an
 *   overflow page its page count (u32) at 12; then the node offsets
 *   (u16 each) from 16 up to lower;
 *
 *   a node (8 bytes + key + data): data size low and high (u16, u16;
 *   on a branch page the child's page number), flags (u16), key size
 *   (u16). Its room in the page is EVEN(8 + key + data), data being the
 *   8-byte overflow page number for F_BIGDATA; nodes are added at upper
 *   downwards and deletions close the gap (mdb_node_del, mdb_node_shrink
 *   keeps sizes even), so the nodes tile [upper, end) exactly;
 *
 *   a LEAF2 page (the fixed-size duplicates of a DUPFIXED table) holds
 *   n keys of pad bytes from 16 on, and keeps upper - lower = size - 16
 *   - n * pad (each key added takes 2 from the gap at lower and pad - 2
 *   at upper);
 *
 *   the duplicates of one key, while few, are a sub-page in the node's
 *   data (F_DUPDATA without F_SUBDATA), checked the same way with the
 *   data size as its size.
 */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "store_lmdb_page.h"

#define PAGEHDRSZ	16
#define NODESIZE	8
#define P_BRANCH	0x01
#define P_LEAF		0x02
#define P_OVERFLOW	0x04
#define P_LEAF2		0x20
#define P_SUBP		0x40
#define P_TRANSIENT	(0x10 | 0x4000 | 0x8000)  /* P_DIRTY, P_LOOSE, P_KEEP */
#define F_BIGDATA	0x01
#define F_SUBDATA	0x02
#define F_DUPDATA	0x04
#define MDB_DB_SIZE	48		/* sizeof(MDB_db): a table's root */
#define EVEN(n)		(((n) + 1) & ~(size_t)1)

/* What lmdb_page_check() needs to know about the map. */
struct pgctx {
	size_t	 psize, npages, pgno;
	char	*why;
	size_t	 whylen;
};

static uint16_t
u16(const unsigned char *p)
{
	uint16_t	v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* Record why page ctx->pgno is damaged; returns -1. */
static int __attribute__((format(printf, 2, 3)))
bad(struct pgctx *c, const char *fmt, ...)
{
	char	msg[160];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(c->why, c->whylen, "page %zu: %s", c->pgno, msg);
	return -1;
}

static int	check_nodes(struct pgctx *, const unsigned char *, size_t, int,
		    int);

/*
 * The keys of a LEAF2 page (or sub-page) of size bytes at pg. A sub-page
 * states its key size (pad); a page's is its table's (want, 0: any).
 */
static int
check_leaf2(struct pgctx *c, const unsigned char *pg, size_t size,
    size_t want)
{
	size_t	lower = u16(pg + 12), upper = u16(pg + 14), ksize = u16(pg + 8);
	size_t	n;

	if (want != 0 && ksize != want)
		return bad(c, "keys of %zu bytes, not %zu", ksize, want);
	if (lower < PAGEHDRSZ || (lower - PAGEHDRSZ) % 2 != 0 ||
	    lower > upper || upper > size)
		return bad(c, "keys bounded by %zu and %zu in %zu bytes",
		    lower, upper, size);
	n = (lower - PAGEHDRSZ) / 2;
	if (ksize == 0 || PAGEHDRSZ + n * ksize + (upper - lower) != size)
		return bad(c, "%zu keys of %zu bytes do not fill %zu bytes", n,
		    ksize, size);
	return 0;
}

/* The node at off of the page of size bytes at pg; its room in *room. */
static int
check_node(struct pgctx *c, const unsigned char *pg, size_t size, size_t off,
    int leaf, int sub, size_t *room)
{
	const unsigned char	*n = pg + off;
	size_t			 dsize, ksize, flags, sp;
	uint64_t		 child;

	if (off + NODESIZE > size)
		return bad(c, "a node at %zu of %zu", off, size);
	dsize = u16(n) | (size_t)u16(n + 2) << 16;
	flags = u16(n + 4);
	ksize = u16(n + 6);
	if (!leaf) {
		child = dsize | (uint64_t)flags << 32;
		if (child < 2 || child >= c->npages)
			return bad(c, "a branch to page %llu of %zu",
			    (unsigned long long)child, c->npages);
		*room = EVEN(NODESIZE + ksize);
		return off + *room > size ? bad(c, "a key runs past the end") : 0;
	}
	if (flags & ~(size_t)(F_BIGDATA | F_SUBDATA | F_DUPDATA) ||
	    (sub && flags != 0))
		return bad(c, "node flags 0x%zx", flags);
	*room = EVEN(NODESIZE + ksize + (flags & F_BIGDATA ? 8 : dsize));
	if (off + *room > size)
		return bad(c, "a node of %zu bytes at %zu runs past the end",
		    *room, off);
	if (flags & F_BIGDATA) {
		memcpy(&child, n + NODESIZE + ksize, sizeof(child));
		if (flags != F_BIGDATA || child < 2 || child >= c->npages)
			return bad(c, "a value on page %llu of %zu (flags 0x%zx)",
			    (unsigned long long)child, c->npages, flags);
	} else if (flags & F_SUBDATA) {
		if (dsize != MDB_DB_SIZE)
			return bad(c, "a table root of %zu bytes", dsize);
	} else if (flags & F_DUPDATA) {
		/* The sub-page of a key's few duplicates. */
		if (dsize < PAGEHDRSZ)
			return bad(c, "a sub-page of %zu bytes", dsize);
		sp = u16(n + NODESIZE + ksize + 10) & ~(size_t)P_TRANSIENT;
		if (sp != (P_LEAF | P_SUBP) && sp != (P_LEAF | P_LEAF2 | P_SUBP))
			return bad(c, "a sub-page of flags 0x%zx", sp);
		return sp & P_LEAF2 ?
		    check_leaf2(c, n + NODESIZE + ksize, dsize, 0) :
		    check_nodes(c, n + NODESIZE + ksize, dsize, 1, 1);
	}
	return 0;
}

/*
 * The nodes of a branch or leaf page (or sub-page, sub) of size bytes at
 * pg: each whole inside, none overlapping another, together filling
 * [upper, size). Rooms are even, so one bit covers two bytes.
 */
static int
check_nodes(struct pgctx *c, const unsigned char *pg, size_t size, int leaf,
    int sub)
{
	unsigned char	used[65536 / 16 + 1];
	size_t		lower = u16(pg + 12), upper = u16(pg + 14);
	size_t		i, j, n, off, room = 0, total = 0;

	if (size > 65536 || lower < PAGEHDRSZ || (lower - PAGEHDRSZ) % 2 ||
	    lower > upper || upper > size || upper % 2)
		return bad(c, "nodes bounded by %zu and %zu in %zu bytes",
		    lower, upper, size);
	memset(used, 0, size / 16 + 1);
	n = (lower - PAGEHDRSZ) / 2;
	for (i = 0; i < n; i++) {
		off = u16(pg + PAGEHDRSZ + 2 * i);
		if (off < upper || off % 2)
			return bad(c, "node %zu at %zu, above %zu", i, off,
			    upper);
		if (check_node(c, pg, size, off, leaf, sub, &room) != 0)
			return -1;
		for (j = off / 2; j < (off + room) / 2; j++) {
			if (used[j / 8] & 1 << (j % 8))
				return bad(c, "node %zu at %zu overlaps another",
				    i, off);
			used[j / 8] |= 1 << (j % 8);
		}
		total += room;
	}
	if (total != size - upper)
		return bad(c, "%zu nodes fill %zu of the %zu bytes above %zu",
		    n, total, size - upper, upper);
	return 0;
}

size_t
lmdb_page_span(const unsigned char *base, size_t psize, size_t pgno)
{
	const unsigned char	*pg = base + pgno * psize;
	uint32_t		 pages;

	if ((u16(pg + 10) & ~(size_t)P_TRANSIENT) != P_OVERFLOW)
		return 1;
	memcpy(&pages, pg + 12, sizeof(pages));
	return pages;
}

int
lmdb_page_check(const unsigned char *base, size_t psize, size_t npages,
    size_t pgno, int kind, char *why, size_t whylen)
{
	struct pgctx		 c = { psize, npages, pgno, why, whylen };
	size_t			 want = kind >> 8;
	const unsigned char	*pg;
	uint64_t		 self;
	uint32_t		 pages;
	size_t			 flags;

	if (pgno >= npages || psize < 512 || psize > 65536)
		return bad(&c, "not in a map of %zu pages", npages);
	pg = base + pgno * psize;
	memcpy(&self, pg, sizeof(self));
	if (self != pgno)
		return bad(&c, "says it is page %llu", (unsigned long long)self);
	flags = u16(pg + 10) & ~(size_t)P_TRANSIENT;
	if ((kind & 0xff) == LMDB_PAGE_BRANCH && flags != P_BRANCH)
		return bad(&c, "flags 0x%zx where a branch page is", flags);
	switch (flags) {
	case P_BRANCH:
		return check_nodes(&c, pg, psize, 0, 0);
	case P_LEAF:
		return check_nodes(&c, pg, psize, 1, 0);
	case P_LEAF | P_LEAF2:
		return check_leaf2(&c, pg, psize, want);
	case P_OVERFLOW:
		memcpy(&pages, pg + 12, sizeof(pages));
		if (pages == 0 || pages > npages - pgno)
			return bad(&c, "an overflow of %u pages", pages);
		return 0;
	default:
		return bad(&c, "flags 0x%zx", flags);
	}
}
