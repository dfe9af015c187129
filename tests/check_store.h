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
 * check_store.h: what the cluster store's tests share. One program,
 * tests/check_store, is built from check_store.c (the store's API,
 * counts, clusters, growth), check_store_damage.c (kill -9, damaged
 * files and records, verify), check_store_reps.c (representatives,
 * checked against a model), check_store_group.c (group commit) and
 * check_store_scan.c (the scan, against a model).
 */
#ifndef CHECK_STORE_H
#define CHECK_STORE_H

#include <check.h>
#include <stdint.h>
#include <sys/types.h>

#include "store.h"
#include "util.h"

extern char	tmpdir[64];	/* the test's directory */
extern char	dbdir[128];	/* the store in it */

extern uint64_t	tst_rng;	/* rnd()'s state (a child reseeds it) */

uint64_t	rnd(void);
void		rnd_code(nilsimsa_code *c);
/* c with n bits flipped from bit `from` on (wrapping). */
nilsimsa_code	flip(const nilsimsa_code *c, int from, int n);
/* The score of a and b, bit by bit. */
int		oracle(const nilsimsa_code *a, const nilsimsa_code *b);
void		setup(void);
void		teardown(void);
struct store_config cfg_default(void);
struct store	*open_ok(const struct store_config *cfg, int flags);
struct store_obs obs_of(const nilsimsa_code *c, int64_t now, int join);
struct store_result observe_ok(struct store *s, const struct store_obs *o);
/* A store of n clusters, closed again. */
void		fill(int n);
/* The size of the store's data.mdb. */
off_t		data_size(void);

TCase	*tc_store_damage(void);
TCase	*tc_store_reps(void);
TCase	*tc_store_group(void);
TCase	*tc_store_scan(void);
TCase	*tc_store_sync(void);

#endif /* CHECK_STORE_H */
