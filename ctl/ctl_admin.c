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
 * ctl_admin.c: the commands that change clusters by id (pin, unpin,
 * forget), expire, the store as JSON lines (export, import), and the
 * store's check (verify).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"

/* An exported line is under 2 KB; anything much longer is not one. */
#define IMPORT_LINE_MAX	65536
#define IMPORT_AHEAD_MAX	86400	/* seconds a last_seen may be ahead */

static int
set_status(struct ctl *ctl, int argc, char **argv, int status,
    const char *name)
{
	struct store	*s;
	struct cluster	 c;
	uint64_t	 id;
	int		 rc;

	if (argc != 2) {
		ctl_err("usage: %s ID", name);
		return CTL_EUSAGE;
	}
	if (ctl_parse_id(argv[1], &id) == -1) {
		ctl_err("not a cluster id: %s", argv[1]);
		return CTL_EUSAGE;
	}
	if ((rc = ctl_store(ctl, &s)) != CTL_OK)
		return rc;
	memset(&c, 0, sizeof(c));
	(void)store_get(s, id, &c);	/* what the fleet knows it by */
	ctl_lock_arm(ctl);
	if (status < 0)
		rc = store_forget(s, id);
	else
		rc = store_set_status(s, id, status);
	ctl_lock_disarm();
	if (rc == 0)
		(void)ctl_fleet_tell(ctl, &c, status);
	if (rc == STORE_ENOTFOUND) {
		ctl_err("no cluster %llu", (unsigned long long)id);
		return CTL_ENOTFOUND;
	}
	if (rc != 0)
		return ctl_store_fail(rc, name);
	if (status < 0)
		printf("cluster %llu forgotten\n", (unsigned long long)id);
	else
		printf("cluster %llu is %s\n", (unsigned long long)id,
		    cluster_status_name(status));
	return CTL_OK;
}

int
cmd_pin(struct ctl *ctl, int argc, char **argv)
{
	return set_status(ctl, argc, argv, CLUSTER_HAM, "pin");
}

int
cmd_unpin(struct ctl *ctl, int argc, char **argv)
{
	return set_status(ctl, argc, argv, CLUSTER_AUTO, "unpin");
}

int
cmd_forget(struct ctl *ctl, int argc, char **argv)
{
	return set_status(ctl, argc, argv, -1, "forget");
}

int
cmd_expire(struct ctl *ctl, int argc, char **argv)
{
	static const struct option	lo[] = {
		{ "dry-run", no_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 }
	};
	struct store	*s;
	size_t		 n = 0;
	int		 ch, rc, dry = 0;

	optind = 0;
	while ((ch = getopt_long(argc, argv, "+n", lo, NULL)) != -1) {
		if (ch != 'n') {
			ctl_bad_option("expire", argv);
			return CTL_EUSAGE;
		}
		dry = 1;
	}
	if (optind != argc) {
		ctl_err("usage: expire [--dry-run]");
		return CTL_EUSAGE;
	}
	if ((rc = ctl_store(ctl, &s)) != CTL_OK)
		return rc;
	ctl_lock_arm(ctl);
	rc = store_expire(s, ctl->now, dry, &n);
	ctl_lock_disarm();
	if (rc != 0)
		return ctl_store_fail(rc, "expire");
	printf("%zu cluster%s %s\n", n, n == 1 ? "" : "s",
	    dry ? "would expire" : "expired");
	return CTL_OK;
}

/* ------------------------------------------------------------ export */

static int
export_one(const struct cluster *c, void *arg)
{
	int	*rc = arg;
	json_t	*o;

	if ((o = ctl_cluster_json(c)) == NULL) {
		*rc = CTL_ESTORE;
		return 1;
	}
	if ((*rc = ctl_json_print(o)) != CTL_OK)
		return 1;
	return 0;
}

int
cmd_export(struct ctl *ctl, int argc, char **argv)
{
	struct store	*s;
	size_t		 corrupt = 0;
	int		 rc, out = CTL_OK;

	(void)argv;
	if (argc != 1) {
		ctl_err("usage: export");
		return CTL_EUSAGE;
	}
	if ((rc = ctl_store(ctl, &s)) != CTL_OK)
		return rc;
	/* Batches in short read transactions: a stalled stdout pins nothing. */
	rc = store_iterate(s, export_one, &out, &corrupt);
	if (rc != 0)
		return ctl_store_fail(rc, "export");
	if (out == CTL_OK && corrupt > 0)
		return ctl_damaged(corrupt, "not exported");
	return out;
}

/* ------------------------------------------------------------ import */

/*
 * Read one line (without its newline) into line, which holds
 * IMPORT_LINE_MAX + 1 bytes: the length is checked as the bytes come, so
 * a line of any length costs no more memory. Returns its length, -1 at
 * the end, -2 when longer than IMPORT_LINE_MAX (the rest of the line is
 * read and dropped).
 */
static ssize_t
read_line(FILE *fp, char *line)
{
	size_t	n = 0;
	int	ch, over = 0;

	errno = 0;
	while ((ch = getc(fp)) != EOF && ch != '\n') {
		if (n < IMPORT_LINE_MAX)
			line[n++] = (char)ch;
		else
			over = 1;
	}
	if (ch == EOF && n == 0 && !over)
		return -1;
	if (over)
		return -2;
	if (n > 0 && line[n - 1] == '\r')
		n--;
	line[n] = '\0';
	return (ssize_t)n;
}

/*
 * The lines waiting to be stored, with the ids they gave and their
 * numbers, and how many of them a commit takes. Every commit makes a
 * running milter rebuild its match array from the whole store before its
 * next message: with a commit a line, 3,000 lines into a store of 90,000
 * clusters took the milter from 1.3 to 21.6 ms a message for the length
 * of the import.
 */
struct import_batch {
	struct cluster	c[STORE_PUT_BATCH];
	uint64_t	want[STORE_PUT_BATCH];
	size_t		line[STORE_PUT_BATCH];
	size_t		n;
	size_t		max;		/* clusters a commit */
};

/*
 * Store the batch, b->max clusters a commit. A store at its maximum size
 * makes room for a commit by evicting its oldest clusters, a share at a
 * time, as for one cluster; in a small store a share may never free
 * enough pages for a whole batch (a page is freed when all its records
 * go), so a commit that still does not fit is tried again one cluster a
 * commit, as the import did before batches, and the rest of the import
 * goes on so (trying batches again would evict a share for each). An
 * error stops the import, none of the lines of its commit stored: it
 * names the line it came from (the commit's last when it came from the
 * commit itself) and the commit's first, from which nothing is imported.
 */
static int
import_flush(struct ctl *ctl, const char *name, struct store *s,
    struct import_batch *b, size_t *count)
{
	size_t	i, k, bad, done = 0, n = b->n;
	int	src;

	b->n = 0;
	while (done < n) {
		k = n - done < b->max ? n - done : b->max;
		ctl_lock_progress(*count);
		ctl_lock_arm(ctl);
		src = store_put_batch(s, b->c + done, k, &bad);
		ctl_lock_disarm();
		if (src == STORE_EFULL && k > 1) {
			b->max = 1;
			continue;
		}
		if (src != 0) {
			ctl_err("%s:%zu: %s: nothing imported from line %zu on",
			    name, b->line[done + (bad < k ? bad : k - 1)],
			    store_strerror(src), b->line[done]);
			return ctl_store_status(src);
		}
		for (i = done; i < done + k; i++)
			if (b->want[i] != 0 && b->c[i].id != b->want[i])
				ctl_err("%s:%zu: id %llu is another cluster's: "
				    "imported as %llu", name, b->line[i],
				    (unsigned long long)b->want[i],
				    (unsigned long long)b->c[i].id);
		*count += k;
		done += k;
	}
	return CTL_OK;
}

/*
 * Two passes: check every line, then store them, STORE_PUT_BATCH lines a
 * commit. A line that does not pass leaves the store unchanged; a store
 * error in the second pass (full, locked) leaves the batches before it
 * imported, none of the lines of its own. Standard input is spooled to
 * be read twice.
 */
static int
import_pass(struct ctl *ctl, const char *name, FILE *fp, struct store *s,
    size_t *count)
{
	struct import_batch	*b = NULL;
	struct cluster		 c;
	json_error_t		 jerr;
	json_t			*j;
	char			*line, err[160];
	size_t			 lineno = 0, p;
	ssize_t			 n;
	int			 rc = CTL_OK, src;

	*count = 0;
	if ((line = malloc(IMPORT_LINE_MAX + 1)) == NULL ||
	    (s != NULL && (b = calloc(1, sizeof(*b))) == NULL)) {
		free(line);
		ctl_err("out of memory");
		return CTL_ESTORE;
	}
	if (b != NULL)
		b->max = STORE_PUT_BATCH;
	while ((n = read_line(fp, line)) != -1) {
		lineno++;
		for (p = 0; n >= 0 && (line[p] == ' ' || line[p] == '\t'); p++)
			;
		if (n >= 0 && (line[p] == '\0' || line[p] == '#'))
			continue;	/* blank lines and comments */
		if (n == -2) {
			ctl_err("%s:%zu: line longer than %d bytes", name, lineno,
			    IMPORT_LINE_MAX);
			rc = CTL_EDATA;
			continue;
		}
		if ((j = json_loadb(line, (size_t)n, JSON_REJECT_DUPLICATES,
		    &jerr)) == NULL) {
			ctl_err("%s:%zu: %s", name, lineno, jerr.text);
			rc = CTL_EDATA;
			continue;
		}
		src = ctl_cluster_from_json(j, &c, err, sizeof(err));
		json_decref(j);
		if (src == -1) {
			ctl_err("%s:%zu: %s", name, lineno, err);
			rc = CTL_EDATA;
			continue;
		}
		/*
		 * A time to come would be the store's "now" as it makes room,
		 * and every other cluster, pinned ones too, would look
		 * expired; a day is room for clocks that differ.
		 */
		if (c.last_seen > ctl->now + IMPORT_AHEAD_MAX) {
			ctl_err("%s:%zu: \"last_seen\" is in the future", name,
			    lineno);
			rc = CTL_EDATA;
			continue;
		}
		if (s == NULL) {
			(*count)++;
			continue;
		}
		b->want[b->n] = c.id;
		b->line[b->n] = lineno;
		b->c[b->n++] = c;
		if (b->n == STORE_PUT_BATCH &&
		    (src = import_flush(ctl, name, s, b, count)) != CTL_OK) {
			rc = src;
			break;
		}
	}
	/* The last lines (none after a store error: the batch is emptied). */
	if (s != NULL && (src = import_flush(ctl, name, s, b, count)) != CTL_OK)
		rc = src;
	if (ferror(fp)) {
		ctl_err("%s: %s", name, strerror(errno));
		rc = CTL_EFILE;
	}
	free(b);
	free(line);
	return rc;
}

int
cmd_import(struct ctl *ctl, int argc, char **argv)
{
	struct store	*s;
	const char	*name = argc > 1 ? argv[1] : "-";
	FILE		*fp;
	size_t		 count, total;
	int		 rc;

	if (argc > 2) {
		ctl_err("usage: import [FILE|-]");
		return CTL_EUSAGE;
	}
	if ((rc = ctl_input_twice(name, &fp)) != CTL_OK)
		return rc;
	if ((rc = import_pass(ctl, name, fp, NULL, &count)) != CTL_OK) {
		fclose(fp);
		ctl_err("%s: nothing imported", name);
		return rc;
	}
	ctl_lock_progress(0);
	if ((rc = ctl_input_again(name, fp)) != CTL_OK ||
	    (rc = ctl_store(ctl, &s)) != CTL_OK) {
		fclose(fp);
		return rc;
	}
	rc = import_pass(ctl, name, fp, s, &count);
	fclose(fp);
	printf("%zu cluster%s imported\n", count, count == 1 ? "" : "s");
	/* the milter makes room as mail comes, an eviction scan a message */
	if (store_count(s, &total) == 0 && total > ctl->cfg->max_clusters)
		ctl_err("warning: the store holds %zu clusters, more than "
		    "MaxClusters %zu: the milter removes the least recently "
		    "seen as mail comes", total, ctl->cfg->max_clusters);
	return rc;
}

/* ------------------------------------------------------------ verify */

/*
 * Opening the store runs the structural check (every page and table, the
 * free list, in a child process); a damaged store fails there, with the
 * reason. Then every record is decoded and range-checked.
 */
int
cmd_verify(struct ctl *ctl, int argc, char **argv)
{
	struct store_check	 chk;
	struct store		*s;
	int			 rc;

	(void)argv;
	if (argc != 1) {
		ctl_err("usage: verify");
		return CTL_EUSAGE;
	}
	if ((rc = ctl_store(ctl, &s)) != CTL_OK)
		return rc;
	rc = store_verify(s, &chk);
	if (rc != 0)
		return ctl_store_fail(rc, "verify");
	if (chk.bad != 0) {
		ctl_err("store %s: damaged: %zu of %zu records fail the check; "
		    "the first, cluster %llu: %s", ctl->store_path, chk.bad,
		    chk.clusters, (unsigned long long)chk.first_bad, chk.why);
		return CTL_ECORRUPT;
	}
	printf("store %s: sound: %zu cluster%s\n", ctl->store_path,
	    chk.clusters, chk.clusters == 1 ? "" : "s");
	return CTL_OK;
}
