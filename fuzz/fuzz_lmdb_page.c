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
 * fuzz_lmdb_page.c: libFuzzer harness for the LMDB page check
 * (lib/store_lmdb_page.h), which reads pages of a data.mdb that may be
 * damaged or hostile.
 *
 * Input: one settings byte, then the page. Settings bits 0-2: the page
 * size, 512 << n (at most 64 KiB); bit 3: the page keeps its own page
 * number (else 2 is written there, so that the check goes past it); bit
 * 4: a branch page is wanted (else any tree page, LEAF2 keys of 32
 * bytes). The page is page 2 of a map of three pages allocated exactly,
 * so a read outside it is a heap overflow that ASan reports.
 * Checks: the answer is 0 or -1, a -1 says why, and the span of a page
 * the check passed lies within the map it was told of.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "store_lmdb_page.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char	*map;
	char		 why[128];
	size_t		 psize, npages = 3, span;
	uint64_t	 self = 2;
	int		 rc, kind;

	if (size < 1)
		return 0;
	psize = (size_t)512 << (data[0] & 7);
	if (psize > 65536)
		psize = 65536;
	kind = data[0] & 0x10 ? LMDB_PAGE_BRANCH :
	    LMDB_PAGE_TREE | LMDB_PAGE_LEAF2(32);
	if ((map = calloc(npages, psize)) == NULL)
		return 0;
	memcpy(map + 2 * psize, data + 1, size - 1 < psize ? size - 1 : psize);
	if (!(data[0] & 0x08))
		memcpy(map + 2 * psize, &self, sizeof(self));
	why[0] = '\0';
	rc = lmdb_page_check(map, psize, npages, 2, kind, why, sizeof(why));
	if (rc != 0 && (rc != -1 || why[0] == '\0'))
		abort();
	if (rc == 0) {
		span = lmdb_page_span(map, psize, 2);
		if (span == 0 || span > npages - 2)
			abort();
	}
	free(map);
	return 0;
}
