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
 * message.h: one message's way through the filter, from envelope to
 * verdict: the canonicaliser, the digests (nilsimsa and SHA-256), the
 * store and the verdict rules. The milter's callbacks, the replay tool
 * and `nilsimsactl check` all go through here, so they decide alike.
 *
 * A struct message is reused for every message of a connection
 * (message_reset) and keeps its memory bounded whatever the body.
 */
#ifndef MESSAGE_H
#define MESSAGE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "canon.h"
#include "config.h"
#include "nilsimsa.h"
#include "store.h"
#include "verdict.h"

#define MESSAGE_ADDR_MAX	256
#define MESSAGE_QID_MAX		32
/* Recipients of a message hashed for a cluster's distinct recipients. */
#define MESSAGE_RCPT_HASHED	CLUSTER_MAX_RCPTS
/* Recipients kept for a partial delivery (Postfix's smtpd_recipient_limit). */
#define MESSAGE_RCPT_KEEP	1000
/* The canonical text held before it is digested (message.c says why). */
#define MESSAGE_TEXT_MAX	(16 * 1024)

struct message;

struct message_result {
	int			digested;	/* 0: too short, nothing stored */
	nilsimsa_code		code;
	int			kind;		/* NILSIMSA_KIND_* of code */
	char			hex[NILSIMSA_HEX_LEN + 1];
	uint64_t		body_bytes;	/* canonical bytes digested */
	uint64_t		own_bytes;	/* of them not boilerplate
						   (estimated, boiler.h) */
	unsigned		canon_flags;	/* CANON_F_* */
	struct store_result	res;
	int			store_err;	/* 0, or the store's error */
	struct verdict		verdict;
	uint32_t		rcpt_removed;	/* VERDICT_PARTIAL (action or would):
						   recipients left out */
	double			elapsed_ms;	/* time spent in message_finish */
	double			store_ms;	/* of which in the store */
	uint32_t		nrcpt;		/* recipients of the message */
	int			fleet;		/* MESSAGE_FLEET_*: StoreBackend redis */
};

#define MESSAGE_FLEET_NONE	0	/* no fleet (lmdb), or not digested */
#define MESSAGE_FLEET_OK	1	/* the fleet's counts decided */
#define MESSAGE_FLEET_PARTIAL	2	/* Redis slow or down: local counts */

struct fleet;
/*
 * StoreBackend redis: message_finish counts every message it records in
 * the fleet too (store_redis.h), and decides with the fleet's counts.
 * NULL (the default): the local store alone.
 */
void		 message_set_fleet(struct fleet *f);
/* Tell the fleet (if any) of a status change: 0, or -1 if Redis failed. */
int		 message_fleet_status(const struct cluster *c, int status);

/*
 * A new message context for a configuration. with_headers: the body
 * given to message_body() starts with the header block (tools reading
 * whole files); a milter passes 0 and gives headers one by one.
 */
struct message	*message_new(const struct config *cfg, int with_headers);
void		 message_free(struct message *m);

/* Start over for the next message, under (possibly) a new configuration. */
int		 message_reset(struct message *m, const struct config *cfg);

/* Client address (per connection: survives message_reset). NULL: unknown. */
void		 message_client(struct message *m, const struct sockaddr *sa);
/* The same from text ("192.0.2.1", "2001:db8::1"); used by the replay. */
void		 message_client_str(struct message *m, const char *ip);
void		 message_auth(struct message *m, const char *authuser);
void		 message_qid(struct message *m, const char *qid);
void		 message_sender(struct message *m, const char *addr);
/* A recipient; returns 1 if it is a spam trap, else 0. */
int		 message_rcpt(struct message *m, const char *addr);
/*
 * The recipients a partial delivery (VERDICT_PARTIAL) removes, one by
 * one: those not whitelisted, each as given to message_rcpt. *pos starts
 * at 0; NULL after the last.
 */
const char	*message_rcpt_next_other(const struct message *m, size_t *pos);
/*
 * Hand fn the canonical text as it is digested, a report's forms gone
 * (forms.h): what nilsimsactl predigest shows. NULL: to no one.
 */
void		 message_text_out(struct message *m, canon_out_fn *fn, void *arg);
/*
 * What is taken from the held text (its first MESSAGE_TEXT_MAX bytes of
 * CANON_TEXT) before it is digested: the forms of reports and invitations
 * (forms.h) and the header blocks of quoted messages (quotes.h), in place;
 * returns how many bytes went. nilsimsactl profile learn takes the same.
 */
size_t		 message_strip_text(unsigned char *text, size_t *len);
/* A header: list headers, the subject sample and, in the milter, the
 * top-level MIME headers for the canonicaliser. */
void		 message_header(struct message *m, const char *name, const char *value);
void		 message_body(struct message *m, const unsigned char *buf, size_t len);

/*
 * End of message: finish the digest, record it in the store (or, with
 * dry_run, only look it up) and decide. The time is `now` (unix
 * seconds): the milter passes time(NULL), the replay its own clock.
 * store may be NULL (no store: accept, not digested).
 */
void		 message_finish(struct message *m, struct store *store, int64_t now,
		    int dry_run, struct message_result *r);

/*
 * How message_finish counts a text: not at all (too short: MinBodyBytes,
 * MinOwnText), only with its near copies (its own text is less than
 * MinOwnText or MinOwnShare of it: the rest is boilerplate), or in full.
 */
#define MESSAGE_COUNT_NONE	0
#define MESSAGE_COUNT_NEAR	1
#define MESSAGE_COUNT_FULL	2
int		 message_count_kind(const struct config *cfg,
		    const struct message_result *r);

/*
 * Open the store this configuration's messages go to, at `path` (NULL:
 * the configured Store), recording or checking the configuration's score
 * mode. flags: STORE_RDONLY or 0. Returns as store_open().
 */
int		 message_store_open(const struct config *cfg, const char *path,
		    int flags, struct store **sp);

/* The X-Nilsimsa-Cluster header value for a result. */
void		 message_cluster_header(const struct message_result *r, char *buf,
		    size_t len);

/* The one log line for a message. */
void		 message_log(const struct message *m, const struct message_result *r);

/* The envelope as seen: for the log and the replay. */
const char	*message_get_qid(const struct message *m);
uint32_t	 message_rcpt_count(const struct message *m);
uint32_t	 message_trap_count(const struct message *m);
int		 message_exempt(const struct message *m);
int		 message_list_mail(const struct message *m);

/* The score a join needs to count toward bulk when `compared` clusters
 * were scanned (store_obs.count_score). */
int		 message_count_score(void *cfg, size_t compared);

/* Hash of a client network: /24 for IPv4, /64 for IPv6; never 0. */
uint32_t	 message_net_hash(const struct sockaddr *sa);

#endif /* MESSAGE_H */
