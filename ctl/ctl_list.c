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
 * ctl_list.c: the listings: clusters, show and stats. All read the
 * store through a read-only open: a snapshot, never in the milter's way.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"

#define TABLE_COLS	80
#define DEFAULT_TOP	20

/*
 * What clusters lists: the filter, and the ranks (sort value and id) of
 * the clusters that pass it. With --top N only the best N are kept (the
 * array is cut back to N whenever it holds 2N), so that listing a store
 * of millions of clusters takes memory for N; the whole store (--top 0)
 * takes 16 bytes a cluster. The rows are read again by id to print.
 */
struct filter {
	int		 status;	/* -1: any */
	int64_t		 since;		/* last_seen >= since; 0: any */
	int		 sort;
	size_t		 top;		/* 0: all */
	struct ctl_rank	*v;
	size_t		 n, cap;
	int		 err;
};

/* Does the cluster pass the filter (--status, --since)? */
static int
passes(const struct filter *f, const struct cluster *c)
{
	return (f->status < 0 || c->status == f->status) &&
	    c->last_seen >= f->since;
}

/* Sort the ranks and keep the best top of them. */
static void
ranks_cut(struct filter *f)
{
	if (f->n > 1)
		qsort(f->v, f->n, sizeof(*f->v), ctl_rank_cmp);
	if (f->top > 0 && f->n > f->top)
		f->n = f->top;
}

static int
collect(const struct cluster *c, void *arg)
{
	struct filter	*f = arg;
	struct ctl_rank	*nv;

	if (!passes(f, c))
		return 0;
	if (f->n == f->cap && f->top > 0 && f->n / 2 >= f->top)
		ranks_cut(f);
	if (f->n == f->cap) {
		size_t	cap = f->cap ? f->cap * 2 : 256;

		if ((nv = reallocarray(f->v, cap, sizeof(*nv))) == NULL) {
			f->err = 1;
			return 1;
		}
		f->v = nv;
		f->cap = cap;
	}
	f->v[f->n].value = ctl_sort_value(c, f->sort);
	f->v[f->n++].id = c->id;
	return 0;
}

/*
 * The listed cluster of rank i, read again: 1 if it is there and still
 * passes the filter; 0 if it went since (forgotten, expired), changed so
 * that it no longer passes (pinned, not --status spam any more), or
 * cannot be read now (damaged since: counted in *corrupt, as the
 * iteration counts them); or a store error's exit status (told),
 * negated.
 */
static int
ranked(struct store *s, const struct filter *f, size_t i, struct cluster *c,
    size_t *corrupt)
{
	int	rc;

	if ((rc = store_get(s, f->v[i].id, c)) == 0)
		return passes(f, c);
	if (rc == STORE_ENOTFOUND)
		return 0;
	if (rc == STORE_ECORRUPT) {
		(*corrupt)++;
		return 0;
	}
	return -ctl_store_fail(rc, "clusters");
}

static void
table_row(const struct cluster *c, int64_t now)
{
	char	line[TABLE_COLS * 2], first[16], last[16], subj[TABLE_COLS * 4];
	int	len;

	ctl_fmt_when(c->first_seen, now, first, sizeof(first));
	ctl_fmt_when(c->last_seen, now, last, sizeof(last));
	len = snprintf(line, sizeof(line), "%8llu %-4s %6llu %6llu %4u %-11s %-11s",
	    (unsigned long long)c->id, cluster_status_name(c->status),
	    (unsigned long long)c->messages, (unsigned long long)c->recipients,
	    c->networks, first, last);
	subj[0] = '\0';
	if (len > 0 && len + 1 < TABLE_COLS)
		ctl_fit(c->subject, TABLE_COLS - len - 1, subj, sizeof(subj));
	printf("%s%s%s\n", line, subj[0] ? " " : "", subj);
}

/* The listing as a JSON array, one cluster's object at a time. */
static int
list_json(struct store *s, const struct filter *f, size_t *corrupt)
{
	struct cluster	 c;
	json_t		*a;
	size_t		 i, nout = 0;
	int		 rc = CTL_OK, got;

	if (fputc('[', stdout) == EOF)
		rc = CTL_ESTORE;
	for (i = 0; rc == CTL_OK && i < f->n; i++) {
		if ((got = ranked(s, f, i, &c, corrupt)) <= 0) {
			if (got < 0)
				return -got;
			continue;
		}
		if ((a = ctl_cluster_json(&c)) == NULL ||
		    (nout++ > 0 && fputc(',', stdout) == EOF) ||
		    json_dumpf(a, stdout, CTL_JSON_FLAGS) != 0)
			rc = CTL_ESTORE;
		json_decref(a);
	}
	if (rc != CTL_OK || fputs("]\n", stdout) == EOF) {
		ctl_err("stdout: write error, or out of memory");
		return CTL_ESTORE;
	}
	return CTL_OK;
}

/* The listing as a table. */
static int
list_table(struct ctl *ctl, struct store *s, const struct filter *f,
    size_t *corrupt)
{
	struct cluster	c;
	size_t		i;
	int		got;

	printf("%8s %-4s %6s %6s %4s %-11s %-11s %s\n", "ID", "STAT", "MSGS",
	    "RCPTS", "NETS", "FIRST SEEN", "LAST SEEN", "SUBJECT");
	for (i = 0; i < f->n; i++) {
		if ((got = ranked(s, f, i, &c, corrupt)) < 0)
			return -got;
		if (got > 0)
			table_row(&c, ctl->now);
	}
	return CTL_OK;
}

int
cmd_clusters(struct ctl *ctl, int argc, char **argv)
{
	static const struct option	lo[] = {
		{ "top", required_argument, NULL, 'n' },
		{ "sort", required_argument, NULL, 'o' },
		{ "status", required_argument, NULL, 't' },
		{ "since", required_argument, NULL, 'S' },
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 }
	};
	struct filter	 f = { .status = -1, .sort = SORT_COUNT };
	struct store	*s;
	uint64_t	 top = DEFAULT_TOP;
	size_t		 corrupt = 0;
	int		 ch, rc;

	optind = 0;
	while ((ch = getopt_long(argc, argv, "jn:o:S:t:", lo, NULL)) != -1) {
		switch (ch) {
		case 'j':
			ctl->json = 1;
			break;
		case 'n':
			if (ctl_parse_count(optarg, SIZE_MAX, &top) == -1) {
				ctl_err("--top: not a count: %s", optarg);
				return CTL_EUSAGE;
			}
			break;
		case 'o':
			if ((f.sort = ctl_parse_sort(optarg)) < 0) {
				ctl_err("--sort: count, recipients, networks, "
				    "last or first, not %s", optarg);
				return CTL_EUSAGE;
			}
			break;
		case 't':
			if ((f.status = cluster_status_parse(optarg)) < 0) {
				ctl_err("--status: auto, spam or ham, not %s", optarg);
				return CTL_EUSAGE;
			}
			break;
		case 'S':
			if (ctl_parse_since(optarg, ctl->now, &f.since) == -1) {
				ctl_err("--since: not a duration (2h, 3d) or a "
				    "date (2026-01-31[T08:00]): %s", optarg);
				return CTL_EUSAGE;
			}
			break;
		default:
			ctl_bad_option("clusters", argv);
			return CTL_EUSAGE;
		}
	}
	if (optind != argc) {
		ctl_err("clusters: unexpected argument: %s", argv[optind]);
		return CTL_EUSAGE;
	}
	f.top = top;
	if ((rc = ctl_store(ctl, &s)) != CTL_OK)
		return rc;
	rc = store_iterate(s, collect, &f, &corrupt);
	if (rc != 0 || f.err) {
		free(f.v);
		return f.err ? (ctl_err("out of memory"), CTL_ESTORE) :
		    ctl_store_fail(rc, "clusters");
	}
	ranks_cut(&f);
	rc = ctl->json ? list_json(s, &f, &corrupt) :
	    list_table(ctl, s, &f, &corrupt);
	free(f.v);
	if (rc != CTL_OK)
		return rc;
	return corrupt > 0 ? ctl_damaged(corrupt, "not listed") : CTL_OK;
}

/* Read one cluster by the id in argv: the common part of show and friends. */
static int
get_cluster(struct ctl *ctl, const char *arg, struct cluster *c)
{
	struct store	*s;
	uint64_t	 id;
	int		 rc;

	if (ctl_parse_id(arg, &id) == -1) {
		ctl_err("not a cluster id: %s", arg);
		return CTL_EUSAGE;
	}
	if ((rc = ctl_store(ctl, &s)) != CTL_OK)
		return rc;
	rc = store_get(s, id, c);
	if (rc == STORE_ENOTFOUND) {
		ctl_err("no cluster %llu", (unsigned long long)id);
		return CTL_ENOTFOUND;
	}
	return rc == 0 ? CTL_OK : ctl_store_fail(rc, "show");
}

static void
show_text(const struct ctl *ctl, const struct cluster *c)
{
	char		hex[NILSIMSA_HEX_LEN + 1], t[32], win[32];
	char		subj[CLUSTER_SUBJECT_MAX * 4];
	uint32_t	max = 0;
	int64_t		secs;
	int		i, bar;

	nilsimsa_to_hex(&c->code, hex);
	printf("cluster     %llu\n", (unsigned long long)c->id);
	printf("status      %s\n", cluster_status_name(c->status));
	printf("code        %s\n", hex);
	ctl_fmt_time(c->first_seen, t, sizeof(t));
	printf("first seen  %s\n", t);
	ctl_fmt_time(c->last_seen, t, sizeof(t));
	printf("last seen   %s\n", t);
	printf("messages    %llu\n", (unsigned long long)c->messages);
	printf("recipients  %llu\n", (unsigned long long)c->recipients);
	ctl_fmt_duration(ctl->cfg->campaign_window, win, sizeof(win));
	printf("different   %u recipients, %u of them reached in the last %s "
	    "(CampaignWindow)%s\n", c->nrset,
	    cluster_recent_rcpts(c, ctl->now, ctl->cfg->campaign_window),
	    win, c->nrset >= CLUSTER_MAX_RCPTS ? "; the latest kept" : "");
	printf("networks    %u%s, %u of them in the last %s\n", c->networks,
	    c->networks >= CLUSTER_MAX_NETS ? " (or more)" : "",
	    cluster_recent_nets(c, ctl->now, ctl->cfg->campaign_window), win);
	if (c->messages < 2)
		printf("mailing     - (one message: a mailing needs copies)\n");
	else
		printf("mailing     %s (%d%% of copies from one sender domain "
		    "and at most %d networks: MailingShare)\n",
		    cluster_single_source(c, (unsigned)ctl->cfg->mailing_share) ?
		    "yes" : "no", ctl->cfg->mailing_share, CLUSTER_MAILING_NETS);
	printf("tagged      %u\n", c->tagged);
	printf("rejected    %u\n", c->rejected);
	if (c->subject[0] != '\0') {
		ctl_fit(c->subject, CLUSTER_SUBJECT_MAX, subj, sizeof(subj));
		printf("subject     %s\n", subj);
	}
	for (i = 0; i < CLUSTER_HISTORY; i++)
		if (c->hist[i] > max)
			max = c->hist[i];
	printf("history     messages per hour, local time%s\n",
	    max == 0 ? ": none in the window" : "");
	if (max == 0)
		return;
	for (i = 0; i < CLUSTER_HISTORY; i++) {
		if (ctl_hour_secs(c->hist_start, i, &secs) == -1)
			snprintf(t, sizeof(t), "-");
		else
			ctl_fmt_time(secs, t, sizeof(t));
		t[strnlen(t, 16)] = '\0';	/* to the minute */
		bar = c->hist[i] == 0 ? 0 :
		    1 + (int)((uint64_t)(c->hist[i] - 1) * 39 / max);
		printf("  %s %8u%s%.*s\n", t, c->hist[i], bar ? " " : "", bar,
		    "########################################");
	}
}

/* One hour of the history for show --json; "hour" null if out of range. */
static json_t *
history_hour(const struct cluster *c, int i)
{
	int64_t	secs;

	if (ctl_hour_secs(c->hist_start, i, &secs) == -1)
		return json_pack("{snsI}", "hour", "messages",
		    (json_int_t)c->hist[i]);
	return json_pack("{sIsI}", "hour", (json_int_t)secs, "messages",
	    (json_int_t)c->hist[i]);
}

int
cmd_show(struct ctl *ctl, int argc, char **argv)
{
	struct cluster	 c;
	json_t		*o, *h;
	int		 first, rc, i;

	if (ctl_opts_json(ctl, argc, argv, &first) != CTL_OK)
		return CTL_EUSAGE;
	if (argc - first != 1) {
		ctl_err("usage: show [--json] ID");
		return CTL_EUSAGE;
	}
	if ((rc = get_cluster(ctl, argv[first], &c)) != CTL_OK)
		return rc;
	if (!ctl->json) {
		show_text(ctl, &c);
		return CTL_OK;
	}
	/* The raw ring (hist, hist_start) and the same as dated hours. */
	if ((o = ctl_cluster_json(&c)) != NULL &&
	    json_object_set_new(o, "history", h = json_array()) == 0 && h != NULL)
		for (i = 0; i < CLUSTER_HISTORY; i++)
			json_array_append_new(h, history_hour(&c, i));
	return ctl_json_print(o);
}

int
cmd_stats(struct ctl *ctl, int argc, char **argv)
{
	struct store_stats	 st;
	struct store		*s;
	json_t			*o, *h;
	char			 t[32], used[16], map[16], max[16];
	size_t			 autos;
	int			 first, rc, i;

	if (ctl_opts_json(ctl, argc, argv, &first) != CTL_OK)
		return CTL_EUSAGE;
	if (first != argc) {
		ctl_err("usage: stats [--json]");
		return CTL_EUSAGE;
	}
	if ((rc = ctl_store(ctl, &s)) != CTL_OK)
		return rc;
	rc = store_stats(s, ctl->now, &st);
	if (rc != 0)
		return ctl_store_fail(rc, "stats");
	autos = st.clusters - st.spam - st.ham;
	if (ctl->json) {
		o = json_pack("{sIsIsIsIsIsIsI}",
		    "clusters", (json_int_t)st.clusters,
		    "singletons", (json_int_t)st.singletons,
		    "bulk", (json_int_t)st.bulk,
		    "auto", (json_int_t)autos,
		    "spam", (json_int_t)st.spam,
		    "ham", (json_int_t)st.ham,
		    "messages", (json_int_t)(st.messages > INT64_MAX ?
		    INT64_MAX : st.messages));
		/* the sizes, as the milter's metrics name them */
		if (o != NULL)
			json_object_update_new(o, json_pack("{sIsIsI}",
			    "used_bytes", (json_int_t)st.used_bytes,
			    "map_bytes", (json_int_t)st.map_bytes,
			    "map_max_bytes", (json_int_t)st.max_bytes));
		if (o != NULL && json_object_set_new(o, "hours", h = json_array()) == 0 &&
		    h != NULL)
			for (i = 0; i < 24; i++)
				json_array_append_new(h, json_pack("{sIsIsIsI}",
				    "hour", (json_int_t)((st.hour0 + i) * 3600),
				    "messages", (json_int_t)st.hours[i],
				    "tagged", (json_int_t)st.tags_hour[i],
				    "rejected", (json_int_t)st.rejects_hour[i]));
		if (o != NULL && (h = ctl_fleet_json(ctl)) != NULL)
			json_object_set_new(o, "redis", h);
		if (o != NULL)
			json_object_set_new(o, "damaged",
			    json_integer((json_int_t)st.corrupt));
		return ctl_json_print(o);
	}
	printf("clusters    %zu (singletons %zu, bulk %zu)\n", st.clusters,
	    st.singletons, st.bulk);
	printf("status      auto %zu, spam %zu, ham %zu\n", autos, st.spam, st.ham);
	printf("messages    %llu\n", (unsigned long long)st.messages);
	if (st.corrupt > 0)
		printf("damaged     %zu (records that cannot be read: "
		    "nilsimsactl verify)\n", st.corrupt);
	ctl_fmt_size(st.used_bytes, used, sizeof(used));
	ctl_fmt_size(st.map_bytes, map, sizeof(map));
	ctl_fmt_size(st.max_bytes, max, sizeof(max));
	printf("size        %s used, map %s of at most %s (StoreMaxSize)\n",
	    used, map, max);
	ctl_fleet_stats(ctl);
	printf("\n%-16s %10s %10s %10s\n", "hour", "messages", "tagged", "rejected");
	for (i = 0; i < 24; i++) {
		ctl_fmt_time((st.hour0 + i) * 3600, t, sizeof(t));
		t[16] = '\0';
		printf("%-16s %10u %10u %10u\n", t, st.hours[i], st.tags_hour[i],
		    st.rejects_hour[i]);
	}
	return CTL_OK;
}
