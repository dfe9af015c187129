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
 * check_boiler.c: fingerprints of text and the table of boilerplate
 * (lib/boiler.c).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boiler.h"
#include "testutil.h"

static const char footer[] =
    "This e-mail and any attachments are confidential and intended solely "
    "for the addressee. If you have received it in error, please notify "
    "the sender and delete it. Any use, copying or disclosure by others is "
    "prohibited. Opinions expressed are the author's own.";

/* n bytes of random words into buf (NUL-terminated). */
static void
words(char *buf, size_t n)
{
	static const char	*w[] = { "river", "stone", "green", "paper",
	    "north", "table", "light", "order", "field", "glass", "cloud",
	    "horse", "money", "voice", "plant", "sugar" };
	size_t			 len = 0;
	const char		*p;

	while (len + 8 < n) {
		p = w[tu_rand() % 16];
		len += snprintf(buf + len, n - len, "%s ", p);
	}
	buf[len] = '\0';
}

/* n bytes of random letters in words: text seen once. */
static void
letters(char *buf, size_t n)
{
	size_t	i;

	for (i = 0; i + 1 < n; i++)
		buf[i] = tu_rand() % 6 == 0 ? ' ' : 'a' + tu_rand() % 26;
	buf[i] = '\0';
}

/* The fingerprints of text, final. */
static size_t
fp_of(struct boiler_fp *f, const char *text, size_t step)
{
	size_t	i, len = strlen(text), k;

	boiler_fp_reset(f);
	for (i = 0; i < len; i += k) {
		k = step < len - i ? step : len - i;
		boiler_fp_update(f, (const unsigned char *)text + i, k);
	}
	return boiler_fp_final(f);
}

/* A passage gives the same fingerprints wherever it stands, however fed. */
START_TEST(same_passage)
{
	static struct boiler_fp	 a, b;
	char			 own[2048], text[4096];
	size_t			 na, nb, i, j, found = 0;

	tu_srand(1);
	na = fp_of(&a, footer, 1);
	ck_assert_uint_ge(na, 4);	/* about (len - 31) / 16 */
	ck_assert_uint_le(na, 40);
	words(own, sizeof(own));
	snprintf(text, sizeof(text), "%s %s", own, footer);
	nb = fp_of(&b, text, 7);
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			if (a.fp[i] == b.fp[j])
				found++;
	ck_assert_uint_eq(found, na);
	ck_assert_uint_ge(nb, na + 64);
}
END_TEST

/* Fingerprints per message are bounded, and sorted without duplicates. */
START_TEST(bounded)
{
	static struct boiler_fp	 f;
	char			*big;
	size_t			 n, i;

	tu_srand(2);
	ck_assert_ptr_nonnull(big = malloc(256 * 1024));
	words(big, 256 * 1024);
	n = fp_of(&f, big, 4096);
	ck_assert_uint_le(n, BOILER_MAXFP);
	ck_assert_uint_ge(n, BOILER_MAXFP / 2);
	for (i = 1; i < n; i++)
		ck_assert(f.fp[i - 1] < f.fp[i]);
	free(big);
	/* text shorter than a window: nothing */
	ck_assert_uint_eq(fp_of(&f, "short text", 1), 0);
}
END_TEST

/*
 * Text one sender used in BOILER_PLACES places of BOILER_CLUSTERS
 * clusters is boilerplate; seen any number of times in fewer places, or
 * in fewer clusters (a campaign's copies), it is not.
 */
START_TEST(clusters_make_boilerplate)
{
	static struct boiler_fp	 f;
	struct boiler		*b;
	size_t			 n;
	int			 i;

	ck_assert_ptr_nonnull(b = boiler_new(12));
	n = fp_of(&f, footer, 64);
	for (i = 0; i < 100; i++)
		boiler_note(b, f.fp, n, 7 + i % (BOILER_PLACES - 1), 7 + i % 3,
		    42, 3600);
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), 0);
	boiler_free(b);
	ck_assert_ptr_nonnull(b = boiler_new(12));
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), 0);
	/* many places in fewer clusters: a campaign drifting */
	for (i = 0; i < 100; i++)
		boiler_note(b, f.fp, n, 500 + i, 7 + i % (BOILER_CLUSTERS - 1),
		    42, 3600);
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), 0);
	boiler_note(b, f.fp, n, 1000, 1000, 42, 7200);
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 7200), n);
	/* forgotten when unseen for a month */
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 7200 + 31 * 86400), 0);
	boiler_free(b);
}
END_TEST

/*
 * A campaign's text from ever new senders (a botnet, forged sender
 * domains) is not boilerplate, in however many places and clusters its
 * copies land; once one sender has used it in two places (a company's
 * disclaimer under two letters), it is.
 */
START_TEST(senders_make_boilerplate)
{
	static struct boiler_fp	 f;
	struct boiler		*b;
	size_t			 n;
	int			 i;

	ck_assert_ptr_nonnull(b = boiler_new(12));
	n = fp_of(&f, footer, 64);
	for (i = 0; i < 200; i++)
		boiler_note(b, f.fp, n, 100 + i, 100 + i, 5000 + i, 3600);
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), 0);
	/* one of the first senders again, in another place */
	boiler_note(b, f.fp, n, 900, 900, 5001, 3600);
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), n);
	boiler_free(b);

	/* the same place twice from one sender is not two places */
	ck_assert_ptr_nonnull(b = boiler_new(12));
	for (i = 0; i < BOILER_PLACES + 3; i++)
		boiler_note(b, f.fp, n, 100 + i, 100 + i, 6000 + i, 3600);
	for (i = 0; i < 10; i++)
		boiler_note(b, f.fp, n, 100, 100, 6000, 3600);
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), 0);
	boiler_free(b);

	/* nor is a place after the first ones kept (a campaign's copies in
	 * its fourth cluster, from one of its first senders) */
	ck_assert_ptr_nonnull(b = boiler_new(12));
	for (i = 0; i < BOILER_PLACES; i++)
		boiler_note(b, f.fp, n, 100 + i, 100 + i, 6000 + i, 3600);
	for (i = 0; i < 10; i++)
		boiler_note(b, f.fp, n, 100 + BOILER_PLACES - 1,
		    100 + BOILER_PLACES - 1, 6000 + BOILER_PLACES - 1, 3600);
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), 0);
	/* one of them in another place: now it is */
	boiler_note(b, f.fp, n, 900, 900, 6001, 3600);
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), n);
	boiler_free(b);
}
END_TEST

/*
 * The table keeps a fixed size: boilerplate survives a flood of text seen
 * once (it is seen in more clusters, and is the last to be replaced).
 */
START_TEST(flood)
{
	static struct boiler_fp	 f, g;
	struct boiler		*b;
	char			 own[2048];
	size_t			 n, m;
	int			 i;

	tu_srand(3);
	ck_assert_ptr_nonnull(b = boiler_new(12));	/* 4096 slots */
	n = fp_of(&f, footer, 64);
	for (i = 0; i < BOILER_PLACES; i++)
		boiler_note(b, f.fp, n, 100 + i, 100 + i, 42, 3600);
	for (i = 0; i < 2000; i++) {	/* about 200,000 fingerprints */
		letters(own, sizeof(own));
		m = fp_of(&g, own, 512);
		boiler_note(b, g.fp, m, 1000 + i, 1000 + i, 42, 3600);
	}
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), n);
	boiler_free(b);
}
END_TEST

/*
 * A campaign's text from ever new senders, each copy a place of its own
 * in two clusters, is never boilerplate, however many senders: no two
 * of them are taken for one. Senders 0x10000 and 0x1 were one when a
 * sender was kept as 16 bits of its hash (found on xsite's Japanese
 * stream: a campaign from thousands of hosts met one of its first four
 * senders by chance, and its copies then joined only as near copies).
 */
START_TEST(campaign_senders_never_meet)
{
	static struct boiler_fp	 f;
	struct boiler		*b;
	size_t			 n;
	uint32_t		 i;

	ck_assert_ptr_nonnull(b = boiler_new(12));
	n = fp_of(&f, footer, 64);
	boiler_note(b, f.fp, n, 100, 7, 0x10000, 3600);
	for (i = 0; i < 20000; i++)
		boiler_note(b, f.fp, n, 101 + i, 7 + i % 2,
		    0x20000 + i * 0x10001u, 3600);
	boiler_note(b, f.fp, n, 50000, 8, 0x1, 3600);
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), 0);
	/* the first sender in a second place: its text */
	boiler_note(b, f.fp, n, 50001, 8, 0x10000, 3600);
	ck_assert_uint_eq(boiler_count(b, f.fp, n, 3600), n);
	boiler_free(b);
}
END_TEST

static Suite *
boiler_suite(void)
{
	Suite	*s = suite_create("boiler");
	TCase	*tc = tcase_create("boiler");

	tcase_add_test(tc, same_passage);
	tcase_add_test(tc, bounded);
	tcase_add_test(tc, clusters_make_boilerplate);
	tcase_add_test(tc, senders_make_boilerplate);
	tcase_add_test(tc, flood);
	tcase_add_test(tc, campaign_senders_never_meet);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(boiler_suite(), "check_boiler", NULL);
}
