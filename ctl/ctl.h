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
 * ctl.h: nilsimsactl's internal interfaces, shared by its files:
 * nilsimsactl.c (options, the command table, store opening, exit codes),
 * ctl_util.c (pure parsing and formatting, unit-tested by check_ctl),
 * ctl_json.c (a cluster to and from JSON: export, import, --json),
 * ctl_list.c (clusters, show, stats), ctl_msg.c (check, predigest,
 * digest, compare, learn), ctl_admin.c (pin, unpin, forget, expire,
 * export, import, verify) and ctl_profile.c (profile learn, profile show).
 */
#ifndef CTL_H
#define CTL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include <jansson.h>

/* How JSON is written: one line, ASCII, reals to ten significant digits
   (0.449, not 0.44900000000000001). */
#define CTL_JSON_FLAGS	(JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(10))

#include "config.h"
#include "store.h"

/* Exit statuses: one per kind of failure, documented in nilsimsactl(8). */
#define CTL_OK		0
#define CTL_EUSAGE	1	/* bad command, option or argument */
#define CTL_ENOTFOUND	2	/* no such cluster */
#define CTL_ENOSTORE	3	/* the store does not exist */
#define CTL_ECORRUPT	4	/* the store is damaged or incompatible */
#define CTL_ELOCKED	5	/* the store is locked or busy */
#define CTL_EFILE	6	/* an input file cannot be read */
#define CTL_ECONFIG	7	/* the configuration cannot be loaded */
#define CTL_EDATA	8	/* invalid input data (import lines, short message) */
#define CTL_ESTORE	9	/* any other store failure (full, permission) */

/*
 * What a command does with the store. The command table says it for each
 * command, and dispatch enforces it: the store is opened so, once, on the
 * command's first ctl_store() (after it has read its arguments, so that a
 * usage error creates nothing), and closed by main.
 */
enum ctl_access {
	CTL_ACC_NONE = 0,	/* no store (digest, compare, profile ...) */
	CTL_ACC_READ,		/* read-only; must exist */
	CTL_ACC_VERIFY,		/* read-only, and the open-time check makes
				   its trial write (verify) */
	CTL_ACC_WRITE,		/* read-write; must exist (a pin on a
				   mistyped path leaves nothing there) */
	CTL_ACC_CREATE		/* read-write, created if absent (learn,
				   import) */
};

/* What a command gets. */
struct ctl {
	struct config	*cfg;
	const char	*config_path;	/* NULL: embedded defaults */
	const char	*store_path;	/* -s, or the config's Store */
	int		 json;		/* --json */
	int		 lock_wait;	/* seconds a write waits for the lock */
	int64_t		 now;		/* unix seconds */
	enum ctl_access	 access;	/* the command's, from the table */
	struct store	*store;		/* opened by ctl_store(), closed by main */
};

/* nilsimsactl.c */
void	ctl_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * The store, opened as the command table says (ctl->access) on the first
 * call: CTL_OK with *sp set, or, having printed one line, the exit
 * status.
 */
int	ctl_store(struct ctl *ctl, struct store **sp);
/*
 * Around every write: a writer that waits longer than ctl->lock_wait
 * seconds for the store's writer lock ends the program with CTL_ELOCKED.
 */
void	ctl_lock_arm(const struct ctl *ctl);
void	ctl_lock_disarm(void);
/* An import's clusters stored so far, said if the lock times out. */
void	ctl_lock_progress(size_t done);
/* The exit status for a store error. */
int	ctl_store_status(int err);
/* Print "what: store error" and return the exit status. */
int	ctl_store_fail(int err, const char *what);
/* Write JSON to stdout, one document a line; 0 or an exit status. */
int	ctl_json_print(json_t *j);
/* n damaged records skipped by a listing: said, CTL_ECORRUPT. */
int	ctl_damaged(size_t n, const char *what);
/*
 * The largest cluster id import takes: 2^53 - 1, the largest integer
 * JSON readers (jq, JavaScript) hold exactly. The store counts on from
 * the largest id it has, so one larger id would make every later id one
 * that JSON cannot say.
 */
#define CTL_ID_MAX	9007199254740991LL

/* An input read twice (import, learn): a pipe or stdin copied first. */
int	ctl_input_twice(const char *name, FILE **fp);
int	ctl_input_again(const char *name, FILE *fp);
/* Print one line for the option getopt_long() just refused. */
void	ctl_bad_option(const char *cmd, char **argv);
/* Parse a command's options: only --json (and -j); returns 0 or CTL_EUSAGE. */
int	ctl_opts_json(struct ctl *ctl, int argc, char **argv, int *first);

/*
 * ctl_redis.c: StoreBackend redis. Tell the fleet of a local cluster's
 * new status (status < 0: forgotten); 0, or -1 with a warning printed.
 * Nothing to do with lmdb.
 */
int	ctl_fleet_tell(struct ctl *ctl, const struct cluster *c, int status);
/* stats: the server's health and this host's stream lag. */
void	ctl_fleet_stats(struct ctl *ctl);
/* The same as a JSON object; NULL with lmdb. */
json_t	*ctl_fleet_json(struct ctl *ctl);

/* ctl_util.c: pure helpers */
/* "90s", "30m", "2h", "3d", "1w" to seconds; -1 if malformed or out of range. */
int64_t	ctl_parse_duration(const char *s);
/* A duration ago, or an ISO date/time ("2026-01-31", "2026-01-31T08:00[:00][Z]",
 * local time unless Z); 0 on success, -1 if malformed. */
int	ctl_parse_since(const char *s, int64_t now, int64_t *out);
/* A cluster id: decimal, 1 .. UINT64_MAX; 0 on success, -1 if not. */
int	ctl_parse_id(const char *s, uint64_t *id);
/* A count: decimal, 0 .. max; 0 on success, -1 if not. */
int	ctl_parse_count(const char *s, uint64_t max, uint64_t *n);

enum ctl_sort {
	SORT_COUNT = 0,		/* messages, most first */
	SORT_RECIPIENTS,
	SORT_NETWORKS,
	SORT_LAST,		/* last seen, most recent first */
	SORT_FIRST		/* first seen, most recent first */
};
int	ctl_parse_sort(const char *s);	/* enum ctl_sort, -1 if unknown */
/* A cluster's place in a listing: its sort key's value, its id. */
struct ctl_rank {
	uint64_t	value;		/* ctl_sort_value() */
	uint64_t	id;
};
/* The value of a cluster's sort key, larger first in a listing. */
uint64_t ctl_sort_value(const struct cluster *c, int key);
/* qsort comparison for struct ctl_rank: value descending, ties by id. */
int	ctl_rank_cmp(const void *a, const void *b);

/*
 * Copy s into out, at most `cols` characters wide (one per UTF-8
 * character), "..." marking a cut; control characters (C0, C1, DEL),
 * bidirectional controls, line and paragraph separators, and invalid
 * UTF-8 become '?': what a subject sample of hostile mail holds must
 * not act on the administrator's terminal. Returns the width written.
 */
size_t	ctl_fit(const char *s, size_t cols, char *out, size_t outlen);
/* Local time in 11 columns: "MM-DD HH:MM" within now's year, else "YYYY-MM-DD ". */
void	ctl_fmt_when(int64_t t, int64_t now, char *buf, size_t len);
/*
 * Unix seconds of hour `hour + i` (hours since the epoch, as hist_start):
 * 0, or -1 when it does not fit in 64 bits (a record or import may hold
 * any hist_start).
 */
int	ctl_hour_secs(int64_t hour, int i, int64_t *t);
/* Local time as "YYYY-MM-DD HH:MM:SS"; "-" for 0 or a year out of range. */
void	ctl_fmt_time(int64_t t, char *buf, size_t len);
/* A size as the configuration writes it: 64M, 1G, 36K (1.5M). */
void	ctl_fmt_size(uint64_t n, char *buf, size_t len);
/* A duration as the configuration writes it: 7d, 12h, 90m, 45s. */
void	ctl_fmt_duration(int64_t secs, char *buf, size_t len);
/* 1 if the bytes are valid UTF-8 without NUL. */
int	ctl_utf8_valid(const char *s, size_t len);

/* ctl_json.c */
/* Every field of a cluster (export, show --json). */
json_t	*ctl_cluster_json(const struct cluster *c);
/*
 * A cluster from an export line's object. Missing fields take defaults
 * (id 0: a new id). Returns 0, or -1 with a message in err.
 */
int	ctl_cluster_from_json(const json_t *j, struct cluster *c, char *err,
	    size_t errlen);

/* The commands: each returns an exit status. */
int	cmd_clusters(struct ctl *, int, char **);
int	cmd_show(struct ctl *, int, char **);
int	cmd_stats(struct ctl *, int, char **);
int	cmd_check(struct ctl *, int, char **);
int	cmd_predigest(struct ctl *, int, char **);
int	cmd_digest(struct ctl *, int, char **);
int	cmd_compare(struct ctl *, int, char **);
int	cmd_learn(struct ctl *, int, char **);
int	cmd_pin(struct ctl *, int, char **);
int	cmd_unpin(struct ctl *, int, char **);
int	cmd_forget(struct ctl *, int, char **);
int	cmd_expire(struct ctl *, int, char **);
int	cmd_export(struct ctl *, int, char **);
int	cmd_import(struct ctl *, int, char **);
int	cmd_verify(struct ctl *, int, char **);
int	cmd_profile_learn(struct ctl *, int, char **);
int	cmd_profile_show(struct ctl *, int, char **);

#endif /* CTL_H */
