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
 * fuzz_ctl_json.c: libFuzzer harness for the line parser of
 * `nilsimsactl import` (ctl_cluster_from_json(), milter/ctl_json.c).
 *
 * The input is one line, parsed as import_pass() does (json_loadb with
 * JSON_REJECT_DUPLICATES). A cluster accepted must be one the store
 * accepts (the checks of store_put()), must come back unchanged from
 * its export form (ctl_cluster_json()), and must survive the store's
 * record encoding; a line refused must say why.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ctl.h"
#include "store_backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The cluster must be one store_put() takes. */
static void
check_valid(const struct cluster *c)
{
	if (c->status > CLUSTER_HAM || c->nreps > CLUSTER_REPS - 1 ||
	    c->networks > CLUSTER_MAX_NETS ||
	    c->senders > CLUSTER_MAX_SENDERS ||
	    memchr(c->subject, '\0', CLUSTER_SUBJECT_MAX) == NULL ||
	    c->last_seen < c->first_seen)
		abort();
}

/* Export and import again: the same cluster. */
static void
check_export(const struct cluster *c)
{
	struct cluster	 c2;
	json_t		*j;
	char		 err[160];

	if ((j = ctl_cluster_json(c)) == NULL)
		abort();
	if (ctl_cluster_from_json(j, &c2, err, sizeof(err)) != 0) {
		fprintf(stderr, "fuzz_ctl_json: export not imported: %s\n",
		    err);
		abort();
	}
	json_decref(j);
	if (memcmp(c, &c2, sizeof(c2)) != 0) {
		fprintf(stderr, "fuzz_ctl_json: export changes the cluster\n");
		abort();
	}
}

/* The store's record: the same cluster (id 0 is "a new id": given 1). */
static void
check_record(const struct cluster *c)
{
	struct cluster	c1, c2;
	unsigned char	r[STORE_REC_SIZE];

	memcpy(&c1, c, sizeof(c1));	/* with its padding, for memcmp */
	if (c1.id == 0)
		c1.id = 1;
	store_rec_encode(&c1, r);
	if (store_rec_decode(c1.id, r, sizeof(r), &c2) != 0 ||
	    memcmp(&c1, &c2, sizeof(c2)) != 0) {
		fprintf(stderr, "fuzz_ctl_json: record changes the cluster\n");
		abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cluster	 c;
	json_error_t	 jerr;
	json_t		*j;
	char		 err[160];
	int		 rc;

	if ((j = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES,
	    &jerr)) == NULL)
		return 0;
	err[0] = '\0';
	rc = ctl_cluster_from_json(j, &c, err, sizeof(err));
	json_decref(j);
	if (rc != 0) {
		if (err[0] == '\0')
			abort();
		return 0;
	}
	check_valid(&c);
	check_export(&c);
	check_record(&c);
	return 0;
}
