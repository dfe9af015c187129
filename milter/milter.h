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
 * milter.h: what the libmilter callbacks (milter.c) and the daemon
 * (nilsimsa-milter.c) share.
 */
#ifndef MILTER_H
#define MILTER_H

#include <sys/types.h>
#include <sys/socket.h>

#include <libmilter/mfapi.h>

#include "config.h"
#include "store.h"

/* milter.c */
extern struct smfiDesc	milter_desc;

/* nilsimsa-milter.c: the running configuration, reference counted so
 * that a reload does not pull it from under a message in flight. */
struct config	*daemon_config_acquire(void);
void		 daemon_config_release(struct config *cfg);
/* The store, held while a callback uses it: at SIGTERM it is closed
 * only after its last user is done. NULL once the daemon is stopping. */
struct store	*daemon_store_acquire(void);
void		 daemon_store_release(void);

/* metrics_http.c: GET /metrics on host:port ("" or NULL: off); fatal
 * if it cannot listen. */
void		 metrics_http_start(const char *spec);
void		 metrics_http_stop(void);

/* listen.c: the listening socket (checks, TCP_NODELAY, owner, hooks). */
int		 listen_check(const char *spec, int bind_test, char *err,
		    size_t errlen);
int		 listen_try(const struct sockaddr *sa, socklen_t salen,
		    char *err, size_t errlen);
int		 listen_nodelay(void);
void		 listen_owner(const char *spec, int have_user, uid_t uid, gid_t gid);
void		 listen_print_hooks(const char *spec);

/* notify.c: systemd's readiness protocol (sd_notify). */
void		 notify_ready(void);
void		 notify_reloading(void);
void		 notify_stopping(void);

#endif /* MILTER_H */
