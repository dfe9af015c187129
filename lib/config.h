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
 * config.h: nilsimsa-milter's configuration.
 *
 * The file has OpenDKIM-style "Key value" lines; '#' starts a comment;
 * keys are case-insensitive; an unknown key, a bad value or a repeated
 * key is an error reported as "file:line: message". Every key is
 * declared once in the table in config.c with its type, default and
 * whether a reload (SIGUSR1) may change it.
 */
#ifndef CONFIG_H
#define CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "addrlist.h"
#include "canon.h"
#include "nilsimsa.h"

enum reject_action {
	ACTION_REJECT = 0,	/* 550 5.7.1 */
	ACTION_TEMPFAIL,	/* 451 4.7.1 */
	ACTION_QUARANTINE,	/* held by the MTA */
	ACTION_DISCARD		/* accepted and dropped */
};

enum run_mode {
	MODE_ENFORCE = 0,
	MODE_SHADOW		/* never reject; log what would be done */
};

enum list_mail {
	LISTMAIL_TAG = 0,	/* mailings (one sender's infrastructure) are tagged */
	LISTMAIL_REJECT
};

enum score_mode {
	SCORE_CALIBRATED = 0,	/* profile threshold: chance scores look random */
	SCORE_REFERENCE,	/* the reference threshold: codes as nilsimsa(1) */
	SCORE_AUTO		/* the profile for Latin text, else self-calibrated */
};

enum store_backend_kind {
	BACKEND_LMDB = 0,
	BACKEND_REDIS
};

enum store_damaged_kind {
	DAMAGED_REFUSE = 0,	/* log, exit: the administrator decides */
	DAMAGED_RESET		/* move the files aside, start a new store */
};

struct config {
	char		*path;		/* the file it was read from, or NULL */

	/* daemon (not reloadable) */
	char		*socket;	/* inet:PORT@HOST, inet6:PORT@HOST, unix:/path */
	char		*userid;	/* user[:group] */
	int		 run_as_root;	/* UserID may be root */
	char		*pidfile;
	mode_t		 umask;
	int		 tcp_nodelay;	/* TCP_NODELAY on the milter's connections */
	int64_t		 session_timeout;	/* seconds a session waits for
						   the MTA (smfi_settimeout) */
	int		 syslog;	/* log to syslog */
	int		 syslog_facility;	/* LOG_MAIL etc. */
	char		*metrics;	/* host:port of GET /metrics; "": off */
	char		*store;		/* directory of the LMDB store */
	int		 store_backend;	/* enum store_backend_kind */
	char		*redis;		/* Redis server: host:port or unix:/path */
	char		*redis_user;	/* ACL user ("": none) */
	char		*redis_password;	/* AUTH password ("": none) */
	char		*redis_prefix;	/* key prefix */
	int		 redis_timeout;	/* milliseconds per call */
	size_t		 max_clusters;
	size_t		 store_max_size;	/* LMDB map: grows up to this */
	int		 store_sync_delay;	/* ms a commit's meta sync may wait */
	int		 store_damaged;	/* enum store_damaged_kind */

	int		 score_mode;	/* enum score_mode */
	char		*profile;	/* built-in profile name or file path */
	const nilsimsa_profile *profile_data;	/* what Profile names */

	/* behaviour (reloadable) */
	int		 loglevel;	/* 0 errors .. 3 debug */
	int		 canonicalization;	/* enum canon_mode */
	size_t		 min_body_bytes;
	size_t		 min_own_text;	/* bytes not boilerplate (boiler.h) */
	int		 min_own_share;	/* percent of the text not boilerplate */
	size_t		 max_body_bytes;
	int		 similarity_threshold;	/* joins a cluster above this */
	uint64_t	 tag_threshold;		/* recipients */
	uint64_t	 reject_threshold;	/* recipients */
	uint32_t	 reject_min_networks;
	uint64_t	 spread_threshold;	/* networks, senders and recipients
					   of near copies; 0: off */
	int64_t		 campaign_window;	/* seconds: "lately" for recipients */
	int32_t		 mailing_share;		/* percent of copies from one source */
	char		*trusted_authserv_ids;	/* "" : none */
	int		 reject_action;		/* enum reject_action */
	int		 mode;			/* enum run_mode */
	struct addrlist	*whitelist_clients;	/* CIDR */
	struct addrlist	*whitelist_senders;	/* address or @domain */
	struct addrlist	*whitelist_recipients;
	struct addrlist	*spamtrap;		/* address or @domain */
	int		 list_mail;		/* enum list_mail */
	int		 add_headers;
	int		 skip_authenticated;	/* authenticated senders never rejected */
	int		 subject_sample;	/* keep a subject sample per cluster */
	int64_t		 singleton_ttl;		/* seconds */
	int64_t		 bulk_ttl;		/* seconds */
};

/* A configuration with every default (no file). NULL if out of memory. */
struct config	*config_default(void);

/*
 * Read a configuration file over the defaults. On error returns NULL and
 * writes "file:line: message" (or "file: message") into err.
 */
struct config	*config_load(const char *path, char *err, size_t errlen);

/*
 * Check that `next` may replace `cur` at reload: keys that cannot change
 * at reload must be equal. Returns 0, or -1 with the offending key in err.
 */
int		 config_reloadable(const struct config *cur, const struct config *next,
		    char *err, size_t errlen);

/*
 * Call fn(key, old, new, arg) for each key whose value differs between
 * a and b (secrets shown as set or not); returns how many.
 */
size_t		 config_changes(const struct config *a, const struct config *b,
		    void (*fn)(const char *, const char *, const char *, void *),
		    void *arg);

/* Print every key and its value, as a config file would (nilsimsa-milter -n -v). */
void		 config_dump(const struct config *c, FILE *fp);

void		 config_free(struct config *c);

/*
 * The kind of codes a configuration makes, as the store records it:
 * "reference", or "calibrated:NAME:HASH" for a profile.
 */
void		 config_score_mode(const struct config *c, char *buf, size_t len);

const char	*config_action_name(int action);
const char	*config_mode_name(int mode);
const char	*config_loglevel_name(int level);	/* "error" .. "debug" */
const char	*config_facility_name(int facility);	/* LOG_MAIL: "mail" */
/* 1 if a reload may change the key, 0 if not, -1 if there is no such key. */
int		 config_key_reloadable(const char *name);

#endif /* CONFIG_H */
