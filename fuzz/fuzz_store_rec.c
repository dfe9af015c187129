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
 * fuzz_store_rec.c: libFuzzer harness for the decoding of a cluster
 * record as read back from the store (store_rec_decode(), store.c),
 * which must refuse whatever a damaged or hostile store file holds.
 *
 * Input: the record; when it is STORE_REC_SIZE + 8 bytes long, the last 8
 * (little-endian) are the id the record was read under, else the id the
 * record names (so that most inputs get past the id check). A record
 * decoded must survive encode and decode unchanged, and encode to the
 * same bytes again.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "store_backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cluster	c, c2;
	unsigned char	r[STORE_REC_SIZE], r2[STORE_REC_SIZE];
	uint64_t	id = 1;
	size_t		len = size;

	if (size == STORE_REC_SIZE + 8) {
		id = get64(data + STORE_REC_SIZE);
		len = STORE_REC_SIZE;
	} else if (size >= 16)
		id = get64(data + 8);
	if (store_rec_decode(id, data, len, &c) != 0)
		return 0;
	if (len != STORE_REC_SIZE || c.id != id || c.id == 0 ||
	    c.status > CLUSTER_HAM || c.nreps > CLUSTER_REPS - 1 ||
	    c.networks > CLUSTER_MAX_NETS || c.senders > CLUSTER_MAX_SENDERS ||
	    memchr(c.subject, '\0', CLUSTER_SUBJECT_MAX) == NULL)
		abort();
	store_rec_encode(&c, r);
	if (store_rec_decode(id, r, sizeof(r), &c2) != 0 ||
	    memcmp(&c, &c2, sizeof(c)) != 0) {
		fprintf(stderr, "fuzz_store_rec: a decoded record does not "
		    "survive encode and decode\n");
		abort();
	}
	store_rec_encode(&c2, r2);
	if (memcmp(r, r2, sizeof(r)) != 0)
		abort();
	return 0;
}
