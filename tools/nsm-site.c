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
 * nsm-site: replay a site stream (tools/mksite.py) through the milter's
 * own code path (message.c: canonicaliser, digest, LMDB store, verdict)
 * in its order, each message with its client address, envelope sender
 * and recipients, and count what would be rejected, by class and group.
 * The in-process twin of tools/site-replay.sh (which goes through a real
 * Postfix and the daemon): seconds instead of minutes, so that a rule can
 * be tried on several streams.
 *
 *   nsm-site [-c config] [-f] [-v] [-s STOREDIR] STREAMDIR
 *
 * The store's clock is the stream's time (t seconds after 2026-06-01), or
 * with -f the whole stream within its first minutes, as a replay at
 * Postfix's speed sees it. -v lists each rejected ham message with its
 * cluster, score and spread; -vv every message.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "log.h"
#include "message.h"
#include "store.h"
#include "toolutil.h"
#include "util.h"

#define T0	1780272000	/* 2026-06-01 00:00 UTC */

/* The counts of one class and group kind. */
struct tally {
	char	key[48];
	size_t	n, rejected, tagged, undigested;
};

static struct tally	tallies[64];
static size_t		ntallies;

static struct tally *
tally_of(const char *cls, const char *group)
{
	char	key[48];
	size_t	i, g = strcspn(group, ":");

	snprintf(key, sizeof(key), "%s %.*s", cls, (int)g, group);
	for (i = 0; i < ntallies; i++)
		if (strcmp(tallies[i].key, key) == 0)
			return &tallies[i];
	if (ntallies == sizeof(tallies) / sizeof(*tallies))
		fatalx("too many groups");
	snprintf(tallies[ntallies].key, sizeof(tallies[0].key), "%s", key);
	return &tallies[ntallies++];
}



static int
by_key(const void *a, const void *b)
{
	return strcmp(((const struct tally *)a)->key, ((const struct tally *)b)->key);
}

static void
usage(void)
{
	fprintf(stderr, "usage: nsm-site [-c config] [-f] [-v] [-s STOREDIR] STREAMDIR\n");
	exit(2);
}

int
main(int argc, char *argv[])
{
	struct config		*cfg;
	struct store		*store;
	struct message		*m;
	struct message_result	 r;
	struct tally		 ham = { "ham all", 0, 0, 0, 0 }, spam = { "spam all", 0, 0, 0, 0 };
	const char		*cfgpath = NULL, *storedir = NULL;
	char			 err[512], tmpl[] = "/tmp/nsm-site.XXXXXX", fn[4096];
	char			*line = NULL, *f[8], *p;
	size_t			 cap = 0, nmsg = 0, i;
	int			 ch, fast = 0, verbose = 0, rc;
	double			 start;
	FILE			*fp;

	log_init("nsm-site", 1, 0, 0);
	log_setlevel(LOG_LEVEL_WARNING);
	while ((ch = getopt(argc, argv, "c:fs:v")) != -1) {
		switch (ch) {
		case 'c': cfgpath = optarg; break;
		case 'f': fast = 1; break;
		case 's': storedir = optarg; break;
		case 'v': verbose++; break;
		default: usage();
		}
	}
	if (optind + 1 != argc)
		usage();
	cfg = cfgpath ? config_load(cfgpath, err, sizeof(err)) : config_default();
	if (cfg == NULL)
		fatalx("%s", cfgpath ? err : "out of memory");
	if (storedir == NULL && (storedir = mkdtemp(tmpl)) == NULL)
		fatal("mkdtemp");
	if ((rc = message_store_open(cfg, storedir, 0, &store)) != 0)
		fatalx("store %s: %s", storedir, store_strerror(rc));
	if ((m = message_new(cfg, 1)) == NULL)
		fatal("message_new");
	snprintf(fn, sizeof(fn), "%s/stream.tsv", argv[optind]);
	if ((fp = fopen(fn, "r")) == NULL)
		fatal("%s", fn);

	start = util_now();
	while (getline(&line, &cap, fp) != -1) {
		unsigned char	*raw;
		size_t		 len, n;
		struct tally	*t;

		line[strcspn(line, "\n")] = '\0';
		for (n = 0, p = line; n < 8 && p != NULL; n++)
			f[n] = strsep(&p, "\t");
		if (n < 8 || strcmp(f[0], "path") == 0)
			continue;
		snprintf(fn, sizeof(fn), "%s/%s", argv[optind], f[0]);
		if ((raw = tl_read_file(fn, &len)) == NULL)
			fatal("%s", fn);
		if (message_reset(m, cfg) == -1)
			fatal("message_reset");
		message_client_str(m, f[2]);
		message_qid(m, f[0]);
		message_sender(m, f[4]);	/* "<>" as the MTA gives it */
		for (p = f[5]; p != NULL; ) {
			char	*rcpt = strsep(&p, ",");

			if (*rcpt != '\0')
				message_rcpt(m, rcpt);
		}
		message_body(m, raw, len);
		message_finish(m, store, fast ? T0 + (int64_t)(nmsg / 100) :
		    T0 + strtoll(f[1], NULL, 10), 0, &r);
		free(raw);
		if (r.store_err != 0)
			fatalx("%s: store: %s", f[0], store_strerror(r.store_err));
		nmsg++;
		t = tally_of(f[6], f[7]);
		for (i = 0; i < 2; i++) {
			t->n++;
			t->rejected += verdict_withheld(r.verdict.action);
			t->tagged += r.verdict.action == VERDICT_TAG;
			t->undigested += !r.digested;
			t = strcmp(f[6], "ham") == 0 ? &ham : &spam;
		}
		if (verbose > 1 || (verbose && verdict_withheld(r.verdict.action) &&
		    strcmp(f[6], "ham") == 0))
			printf("%s %s %s: %s %s cluster %llu score %d messages %llu "
			    "networks %u senders %u own %llu of %llu\n", f[0], f[6], f[7],
			    verdict_action_name(r.verdict.action), r.verdict.reason,
			    (unsigned long long)r.res.c.id, r.res.score,
			    (unsigned long long)r.res.c.messages, r.res.c.networks,
			    r.res.c.senders, (unsigned long long)r.own_bytes,
			    (unsigned long long)r.body_bytes);
	}
	free(line);
	fclose(fp);

	qsort(tallies, ntallies, sizeof(*tallies), by_key);
	printf("%zu messages, %.3f ms each%s\n", nmsg, nmsg ?
	    (util_now() - start) * 1000 / (double)nmsg : 0.0,
	    fast ? " (the stream within minutes)" : "");
	printf("%-18s %7s %8s %8s %8s %8s\n", "", "msgs", "rejected", "", "tagged",
	    "undigest");
	for (i = 0; i < ntallies + 2; i++) {
		const struct tally *t = i < ntallies ? &tallies[i] : i == ntallies ?
		    &ham : &spam;

		printf("%-18s %7zu %8zu %7.2f%% %8zu %8zu\n", t->key, t->n,
		    t->rejected, t->n ? 100.0 * (double)t->rejected / (double)t->n : 0,
		    t->tagged, t->undigested);
	}
	message_free(m);
	store_close(store);
	if (storedir == tmpl && tl_rm_tree(tmpl) == -1)
		log_warn("could not remove %s", tmpl);
	config_free(cfg);
	return 0;
}
