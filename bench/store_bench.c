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
 * store_bench: the cost of matching against N clusters.
 *
 *	store_bench [-d dir] [N ...]	(default: 10000 100000)
 *
 * For each N: fills a fresh store in a temporary directory (under -d, or
 * $TMPDIR, or /tmp) with N clusters of random codes, then times
 * store_lookup (the scan alone, a read transaction) and store_observe
 * (scan plus a durable commit, joining an existing cluster).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store.h"
#include "util.h"

static uint64_t	rng = 0x2545f4914f6cdd1dULL;

/* xorshift64, from the fixed seed. */
static uint64_t
rnd(void)
{
	return util_xorshift64(&rng);
}

static void
die(const char *what, int rc)
{
	fprintf(stderr, "store_bench: %s: %s\n", what, store_strerror(rc));
	exit(1);
}

static int
bench(const char *base, size_t n)
{
	struct store_config	 cfg = { 0 };
	struct store_result	 r;
	struct store_obs	 o = { 0 };
	struct store		*s;
	struct cluster		 c;
	nilsimsa_code		*codes;
	char			 dir[4096], cmd[4200];
	double			 t0, t;
	size_t			 i, k, lookups = 20000, observes = 2000;
	int			 rc;

	snprintf(dir, sizeof(dir), "%s/store_bench.XXXXXX", base);
	if (mkdtemp(dir) == NULL)
		die("mkdtemp", errno);
	strncat(dir, "/db", sizeof(dir) - strlen(dir) - 1);
	cfg.path = dir;
	cfg.singleton_ttl = cfg.bulk_ttl = 0;
	cfg.score_mode = "reference";
	if ((rc = store_open(&s, &cfg, 0)) != 0)
		die("open", rc);
	if ((codes = calloc(n, sizeof(*codes))) == NULL)
		die("calloc", errno);
	t0 = util_now();
	for (i = 0; i < n; i++) {
		memset(&c, 0, sizeof(c));
		for (k = 0; k < 32; k++)
			codes[i].b[k] = c.code.b[k] = rnd() & 0xff;
		c.messages = 1;
		c.first_seen = c.last_seen = 1;
		if ((rc = store_put(s, &c)) != 0)
			die("put", rc);
	}
	t = util_now() - t0;
	printf("N=%zu: fill %.0f puts/s\n", n, n / t);

	o.now = 2;
	o.join_score = 100;
	t0 = util_now();
	for (i = 0; i < lookups; i++) {
		for (k = 0; k < 32; k++)
			o.code.b[k] = rnd() & 0xff;
		if ((rc = store_lookup(s, &o, &r)) != 0)
			die("lookup", rc);
		if (r.compared != n)
			die("lookup compared", STORE_EBACKEND);
	}
	t = util_now() - t0;
	printf("N=%zu: store_lookup %.0f/s (%.1f us, %.2f ns per cluster)\n",
	    n, lookups / t, t / lookups * 1e6, t / lookups / n * 1e9);

	t0 = util_now();
	for (i = 0; i < observes; i++) {
		o.code = codes[rnd() % n];
		o.code.b[0] ^= 0x11;	/* a near duplicate: joins */
		if ((rc = store_observe(s, &o, &r)) != 0)
			die("observe", rc);
		if (r.created)
			die("observe created", STORE_EBACKEND);
	}
	t = util_now() - t0;
	printf("N=%zu: store_observe %.0f/s (%.1f us, durable commit each)\n",
	    n, observes / t, t / observes * 1e6);
	store_close(s);
	free(codes);
	snprintf(cmd, sizeof(cmd), "rm -rf '%.*s'", (int)(strlen(dir) - 3), dir);
	return system(cmd);
}

int
main(int argc, char **argv)
{
	const char	*base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	int		 ch, rc = 0;

	while ((ch = getopt(argc, argv, "d:")) != -1) {
		if (ch != 'd') {
			fprintf(stderr, "usage: store_bench [-d dir] [N ...]\n");
			return 2;
		}
		base = optarg;
	}
	if (optind == argc) {
		rc |= bench(base, 10000);
		rc |= bench(base, 100000);
	}
	for (; optind < argc; optind++)
		rc |= bench(base, strtoul(argv[optind], NULL, 10));
	return rc != 0;
}
