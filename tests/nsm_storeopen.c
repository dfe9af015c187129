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
 * nsm_storeopen: the milter's store path for t-store-damage.sh. With the
 * configuration's store, through message_store_open() as the daemon opens
 * it:
 *
 *   nsm_storeopen CONF fill N   record N messages (random codes, every
 *                               fourth a copy of an earlier one, so that
 *                               joins and exact matches happen), forget
 *                               some clusters; exit 0
 *   nsm_storeopen CONF use      open, then what the milter does: 10
 *                               observes, notes, an expiry, the stats;
 *                               exit 0, 65 when the open found the store
 *                               damaged (the reason on stderr), 66 when a
 *                               later operation did, 1 on another error
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "message.h"
#include "store.h"
#include "util.h"

static uint64_t	rng = 0x9e3779b97f4a7c15ULL;

/* xorshift64: the same messages every run. */
static uint64_t
rnd(void)
{
	return util_xorshift64(&rng);
}

/* Message i: a random code and body hash; every fourth repeats i/2's. */
static void
message(struct store_obs *o, int i, int64_t now)
{
	uint64_t		save = rng;
	int			k;

	memset(o, 0, sizeof(*o));
	if (i % 4 == 3)
		rng = 0x1234567ULL * (unsigned)(i / 2 + 1);
	for (k = 0; k < 32; k++)
		o->code.b[k] = rnd() & 0xff;
	for (k = 0; k < 32; k++)
		o->sha256[k] = rnd() & 0xff;
	if (i % 4 == 3)
		rng = save;
	o->now = now;
	o->recipients = 1 + i % 3;
	o->net = 1 + (unsigned)(i % 7);
	o->sender = 1 + (unsigned)(i % 5);
	o->join_score = 100;
}

/* Record n messages and forget every tenth cluster: a free list. */
static int
fill(struct store *s, int n)
{
	struct store_result	r;
	struct store_obs	o;
	int			i, rc;

	for (i = 0; i < n; i++) {
		message(&o, i, 1700000000 + i);
		if ((rc = store_observe(s, &o, &r)) != 0)
			return rc;
		if (i % 10 == 9 && (rc = store_forget(s, r.c.id)) != 0 &&
		    rc != STORE_ENOTFOUND)
			return rc;
	}
	return 0;
}

/* What the milter does with an open store; the first error. */
static int
use(struct store *s)
{
	struct store_result	r;
	struct store_stats	st;
	struct store_obs	o;
	size_t			n;
	int			i, rc;

	for (i = 0; i < 10; i++) {
		message(&o, 1000 + i, 1700100000 + i);
		if ((rc = store_observe(s, &o, &r)) != 0)
			return rc;
		if (i % 3 == 0 && (rc = store_note(s, r.c.id, o.now, 1, 0)) != 0)
			return rc;
	}
	if ((rc = store_expire(s, 1700000000 + 5 * 86400, 0, &n)) != 0)
		return rc;
	return store_stats(s, 1700100100, &st);
}

int
main(int argc, char *argv[])
{
	struct config	*cfg;
	struct store	*s;
	char		 err[512];
	int		 rc;

	if (argc < 3 || (strcmp(argv[2], "fill") == 0 && argc != 4)) {
		fprintf(stderr, "usage: nsm_storeopen conf fill N | use\n");
		return 2;
	}
	if ((cfg = config_load(argv[1], err, sizeof(err))) == NULL) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	if ((rc = message_store_open(cfg, NULL, 0, &s)) != 0) {
		fprintf(stderr, "open: %s%s%s\n", store_strerror(rc),
		    rc == STORE_ECORRUPT ? ": " : "",
		    rc == STORE_ECORRUPT ? store_damage() : "");
		config_free(cfg);
		return rc == STORE_ECORRUPT ? 65 : 1;
	}
	rc = strcmp(argv[2], "fill") == 0 ? fill(s, atoi(argv[3])) : use(s);
	store_close(s);
	config_free(cfg);
	if (rc != 0) {
		fprintf(stderr, "%s: %s\n", argv[2], store_strerror(rc));
		return rc == STORE_ECORRUPT ? 66 : 1;
	}
	return 0;
}
