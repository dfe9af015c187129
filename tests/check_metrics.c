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
 * check_metrics.c: lib/metrics.c without HTTP: the counters by label,
 * the histogram buckets (cumulative, le inclusive, +Inf == _count), the
 * pairs counted from threads at once, a full label table, and which
 * families appear (store figures when given, Redis once enabled). The
 * grammar of the whole text is checked by tests/promcheck.py in
 * t-metrics.sh, on a daemon's scrape.
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "testutil.h"

/* The value of one sample (name without the prefix), or -1 if absent. */
static long long
value(const char *text, const char *series)
{
	char		 key[256];
	const char	*p;

	snprintf(key, sizeof(key), "\nnilsimsa_milter_%s ", series);
	if ((p = strstr(text, key)) == NULL)
		return -1;
	return strtoll(p + strlen(key), NULL, 10);
}

/* The exposition now, without store figures. */
static char *
scrape(void)
{
	char	*t = metrics_write("9.9", NULL, NULL);

	ck_assert_ptr_nonnull(t);
	return t;
}

START_TEST(test_messages)
{
	/* the same words in buffers of their own: one series all the same */
	static char	 bulk2[] = "bulk", reject2[] = "reject";
	char		*t;

	metrics_reset();
	metrics_message("accept", "new", "none", 0, 0.001);
	metrics_message("accept", "new", "none", 0, 0.001);
	metrics_message("tag", "bulk", "tag", 0, 0.001);
	metrics_message("reject", "bulk", "reject", 1, 0.001);
	metrics_message(reject2, bulk2, "reject", 1, 0.001);
	metrics_message("tag", "whitelist-recipient", "reject", 0, 0.001);
	metrics_message("tempfail", "store", NULL, 0, 0.001);
	t = scrape();
	ck_assert_int_eq(value(t, "messages_total{action=\"accept\",reason=\"new\"}"), 2);
	ck_assert_int_eq(value(t, "messages_total{action=\"tag\",reason=\"bulk\"}"), 1);
	ck_assert_int_eq(value(t, "messages_total{action=\"reject\",reason=\"bulk\"}"), 2);
	ck_assert_int_eq(value(t, "messages_total{action=\"tempfail\",reason=\"store\"}"), 1);
	ck_assert_int_eq(value(t, "messages_total{action=\"tag\","
	    "reason=\"whitelist-recipient\"}"), 1);
	ck_assert_int_eq(value(t, "messages_total{action=\"accept\",reason=\"bulk\"}"), -1);
	ck_assert_int_eq(value(t, "tier_total{tier=\"none\"}"), 2);
	ck_assert_int_eq(value(t, "tier_total{tier=\"tag\"}"), 1);
	ck_assert_int_eq(value(t, "tier_total{tier=\"reject\"}"), 3);
	ck_assert_int_eq(value(t, "rejects_total{tier=\"reject\"}"), 2);
	ck_assert_int_eq(value(t, "rejects_total{tier=\"tag\"}"), 0);
	ck_assert_int_eq(value(t, "message_duration_seconds_count"), 7);
	ck_assert_int_eq(value(t, "messages_unlabelled_total"), 0);
	ck_assert_int_eq(value(t, "build_info{version=\"9.9\"}"), 1);
	/* the twins' pair is written once */
	ck_assert_ptr_eq(strstr(strstr(t, "action=\"reject\",reason=\"bulk\"") + 1,
	    "action=\"reject\",reason=\"bulk\""), NULL);
	free(t);
}
END_TEST

START_TEST(test_histogram)
{
	char	*t;

	metrics_reset();
	metrics_message("accept", "new", "none", 0, 0.0005);	/* le is <= */
	metrics_message("accept", "new", "none", 0, 0.003);
	metrics_message("accept", "new", "none", 0, 0.003);
	metrics_message("accept", "new", "none", 0, 20);	/* +Inf only */
	metrics_message("accept", "new", "none", 0, -1);	/* clock step: 0 */
	metrics_store(0.002, 0);
	metrics_store(0.002, 150);
	t = scrape();
	ck_assert_int_eq(value(t, "message_duration_seconds_bucket{le=\"0.0005\"}"), 2);
	ck_assert_int_eq(value(t, "message_duration_seconds_bucket{le=\"0.0025\"}"), 2);
	ck_assert_int_eq(value(t, "message_duration_seconds_bucket{le=\"0.005\"}"), 4);
	ck_assert_int_eq(value(t, "message_duration_seconds_bucket{le=\"10\"}"), 4);
	ck_assert_int_eq(value(t, "message_duration_seconds_bucket{le=\"+Inf\"}"), 5);
	ck_assert_int_eq(value(t, "message_duration_seconds_count"), 5);
	ck_assert_ptr_nonnull(strstr(t, "\nnilsimsa_milter_message_duration_seconds_sum "
	    "20.006500000\n"));
	ck_assert_int_eq(value(t, "store_duration_seconds_bucket{le=\"0.0025\"}"), 2);
	ck_assert_int_eq(value(t, "scan_length_bucket{le=\"0\"}"), 1);
	ck_assert_int_eq(value(t, "scan_length_bucket{le=\"100\"}"), 1);
	ck_assert_int_eq(value(t, "scan_length_bucket{le=\"1000\"}"), 2);
	ck_assert_int_eq(value(t, "scan_length_sum"), 150);
	free(t);
}
END_TEST

#define THREADS	4
#define EACH	20000

static void *
counter_thread(void *arg)
{
	static const char	*reasons[] = { "new", "bulk", "few", "weak" };
	int			 k = *(int *)arg, i;

	for (i = 0; i < EACH; i++) {
		metrics_message("accept", reasons[(i + k) % 4], "none", 0, 0.001);
		metrics_error(METRICS_ERR_STORE);
	}
	return NULL;
}

/* Counted from threads at once: exact, no pair twice in the text. */
START_TEST(test_threads)
{
	pthread_t	 tid[THREADS];
	int		 arg[THREADS], i;
	long long	 sum = 0;
	const char	*p;
	char		*t;

	metrics_reset();
	for (i = 0; i < THREADS; i++) {
		arg[i] = i;
		ck_assert_int_eq(pthread_create(&tid[i], NULL, counter_thread,
		    &arg[i]), 0);
	}
	for (i = 0; i < THREADS; i++)
		pthread_join(tid[i], NULL);
	t = scrape();
	sum += value(t, "messages_total{action=\"accept\",reason=\"new\"}");
	sum += value(t, "messages_total{action=\"accept\",reason=\"bulk\"}");
	sum += value(t, "messages_total{action=\"accept\",reason=\"few\"}");
	sum += value(t, "messages_total{action=\"accept\",reason=\"weak\"}");
	ck_assert_int_eq(sum, THREADS * EACH);
	ck_assert_int_eq(value(t, "messages_total{action=\"accept\",reason=\"new\"}"),
	    THREADS * EACH / 4);
	ck_assert_int_eq(value(t, "errors_total{kind=\"store\"}"), THREADS * EACH);
	ck_assert_int_eq(value(t, "message_duration_seconds_count"), THREADS * EACH);
	ck_assert_int_eq(value(t, "message_duration_seconds_bucket{le=\"+Inf\"}"),
	    THREADS * EACH);
	for (i = 0, p = t; (p = strstr(p, "reason=\"new\"")) != NULL; p++)
		i++;
	ck_assert_int_eq(i, 1);
	free(t);
}
END_TEST

/* More pairs than slots: the rest counted without labels. */
START_TEST(test_full_table)
{
	static char	reasons[140][8];
	char		*t;
	int		 i;

	metrics_reset();
	for (i = 0; i < 140; i++) {
		snprintf(reasons[i], sizeof(reasons[i]), "r%d", i);
		metrics_message("accept", reasons[i], "none", 0, 0);
	}
	t = scrape();
	ck_assert_int_eq(value(t, "messages_total{action=\"accept\",reason=\"r0\"}"), 1);
	ck_assert_int_eq(value(t, "messages_total{action=\"accept\",reason=\"r127\"}"), 1);
	ck_assert_int_eq(value(t, "messages_total{action=\"accept\",reason=\"r128\"}"), -1);
	ck_assert_int_eq(value(t, "messages_unlabelled_total"), 12);
	ck_assert_int_eq(value(t, "message_duration_seconds_count"), 140);
	free(t);
}
END_TEST

START_TEST(test_families)
{
	struct metrics_store_gauges	 g;
	char				*t;

	metrics_reset();
	metrics_config(1, 1700000000);
	metrics_reload(1, 2, 1700000100);
	metrics_reload(0, 3, 1700000200);	/* refused: generation stays */
	metrics_evicted(METRICS_EVICT_SIZE, 16);
	t = scrape();
	ck_assert_int_eq(value(t, "config_generation"), 2);
	ck_assert_int_eq(value(t, "config_last_reload_success"), 0);
	ck_assert_int_eq(value(t, "config_last_reload_timestamp_seconds"), 1700000200);
	ck_assert_int_eq(value(t, "config_reloads_total{result=\"success\"}"), 1);
	ck_assert_int_eq(value(t, "config_reloads_total{result=\"failure\"}"), 1);
	ck_assert_int_eq(value(t, "evictions_total{cause=\"max_size\"}"), 16);
	ck_assert_ptr_null(strstr(t, "nilsimsa_milter_store_clusters"));
	ck_assert_ptr_null(strstr(t, "nilsimsa_milter_redis_"));
	free(t);

	memset(&g, 0, sizeof(g));
	g.have = 1;
	g.clusters = 10;
	g.autos = 7;
	g.spam = 2;
	g.ham = 1;
	g.singletons = 6;
	g.bulk = 4;
	g.used_bytes = 65536;
	g.rebuilds = 3;
	g.refreshes = 41;
	metrics_redis_enable();
	metrics_redis_request(0.0001);
	metrics_redis_error();
	metrics_redis_fallback();
	metrics_redis_fallback();
	t = metrics_write("9.9", &g, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(value(t, "store_clusters"), 10);
	ck_assert_int_eq(value(t, "store_clusters_by_status{status=\"spam\"}"), 2);
	ck_assert_int_eq(value(t, "store_clusters_by_size{size=\"bulk\"}"), 4);
	ck_assert_int_eq(value(t, "store_used_bytes"), 65536);
	ck_assert_int_eq(value(t, "store_array_loads_total{how=\"rebuild\"}"), 3);
	ck_assert_int_eq(value(t, "store_array_loads_total{how=\"journal\"}"), 41);
	ck_assert_int_eq(value(t, "redis_request_duration_seconds_count"), 1);
	ck_assert_int_eq(value(t, "redis_errors_total"), 1);
	ck_assert_int_eq(value(t, "redis_fallbacks_total"), 2);
	free(t);
}
END_TEST

static Suite *
metrics_suite(void)
{
	Suite	*s = suite_create("metrics");
	TCase	*tc = tcase_create("core");

	tcase_add_test(tc, test_messages);
	tcase_add_test(tc, test_histogram);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_full_table);
	tcase_add_test(tc, test_families);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(metrics_suite(), "check_metrics", NULL);
}
