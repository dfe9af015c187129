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
 * same bytes again. It is then put into a store (LMDB, in a private
 * temporary directory) and a message with its code is observed some
 * days after 2023-11-14 (record byte 3, unused, picks how many), so
 * that joining (history window, counters, representatives) meets the
 * hostile values a record may hold; then the cluster is forgotten.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store.h"
#include "store_backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char	dir[] = "/tmp/fuzz_store_rec.XXXXXX";

/* Remove the store at exit. */
static void
cleanup(void)
{
	char	p[64];

	snprintf(p, sizeof(p), "%s/data.mdb", dir);
	unlink(p);
	snprintf(p, sizeof(p), "%s/lock.mdb", dir);
	unlink(p);
	rmdir(dir);
}

/* The store, opened once. */
static struct store *
store(void)
{
	static struct store	*s;
	struct store_config	 cfg;
	int			 rc;

	if (s != NULL)
		return s;
	memset(&cfg, 0, sizeof(cfg));
	if (mkdtemp(dir) == NULL)
		abort();
	atexit(cleanup);
	cfg.path = dir;
	cfg.singleton_ttl = cfg.bulk_ttl = 10 * 365 * 86400LL;
	cfg.score_mode = "reference";
	cfg.map_size = (size_t)64 << 20;
	if ((rc = store_open(&s, &cfg, 0)) != 0) {
		fprintf(stderr, "fuzz_store_rec: %s: %s\n", dir,
		    store_strerror(rc));
		abort();
	}
	return s;
}

/* The cluster into the store, a message joins it, and it goes again. */
static void
apply(const struct cluster *c, unsigned days)
{
	struct store		*s = store();
	struct store_obs	 obs;
	struct store_result	 res;
	struct cluster		 put;

	memcpy(&put, c, sizeof(put));
	if (store_put(s, &put) != 0)
		return;
	memset(&obs, 0, sizeof(obs));
	memcpy(&obs.code, &c->code, sizeof(obs.code));
	memcpy(obs.sha256, &c->id, sizeof(c->id));
	obs.now = 1700000000 + (int64_t)days * 86400;
	obs.recipients = 3;
	obs.net = 0x0a000001;
	obs.sender = 0x5eed;
	obs.subject = "fuzz";
	obs.join_score = 0;
	if (store_observe(s, &obs, &res) == 0 && res.c.id != put.id)
		(void)store_forget(s, res.c.id);
	(void)store_forget(s, put.id);
}

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
	if ((len != STORE_REC_SIZE && len != STORE_REC_SIZE_V1) ||
	    c.id != id || c.id == 0 || c.kind > NILSIMSA_KIND_MAX ||
	    c.nrset > CLUSTER_MAX_RCPTS ||
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
	apply(&c, data[3]);
	return 0;
}
