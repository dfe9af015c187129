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
 * ctl_redis.c: nilsimsactl and StoreBackend redis. learn, pin, unpin and
 * forget change the local store first, then tell the fleet (the status in
 * Redis, and the stream that the other hosts' milters tail); stats shows
 * the server's health and how far this host's tail is behind.
 */
#include <stdio.h>
#include <string.h>

#include "ctl.h"
#include "store_redis.h"

/* A fleet handle without the tail; NULL (with a message) if unusable. */
static struct fleet *
fleet_of(struct ctl *ctl)
{
	struct fleet	*f;
	char		 err[256];

	if ((f = fleet_open(ctl->cfg, ctl->store, ctl->store_path, 0, err,
	    sizeof(err))) == NULL)
		ctl_err("redis: %s", err);
	return f;
}

int
ctl_fleet_tell(struct ctl *ctl, const struct cluster *c, int status)
{
	struct fleet	*f;
	int		 rc;

	if (ctl->cfg->store_backend != BACKEND_REDIS)
		return 0;
	if ((f = fleet_of(ctl)) == NULL)
		return -1;
	rc = status < 0 ? fleet_forget(f, c) : fleet_set_status(f, c, status);
	fleet_close(f);
	if (rc == -1)
		ctl_err("warning: redis %s did not answer: cluster %llu changed "
		    "on this host only", ctl->cfg->redis,
		    (unsigned long long)c->id);
	return rc;
}

json_t *
ctl_fleet_json(struct ctl *ctl)
{
	struct fleet_health	 h;
	struct fleet		*f;
	json_t			*o;
	int			 up;

	if (ctl->cfg->store_backend != BACKEND_REDIS || (f = fleet_of(ctl)) == NULL)
		return NULL;
	up = fleet_health(f, &h) == 0;
	fleet_close(f);
	o = json_pack("{sssbsfsIsIsssssIsIsIsIsIsIsIsIsI}",
	    "server", ctl->cfg->redis, "up", up, "ping_ms", up ? h.ping_ms : 0.0,
	    "clusters", (json_int_t)h.clusters,
	    "stream_len", (json_int_t)h.stream_len, "stream_last", h.last_id,
	    "cursor", h.cursor, "lag_ms", (json_int_t)h.lag_ms,
	    "calls", (json_int_t)h.calls, "failed", (json_int_t)h.failed,
	    "published", (json_int_t)h.published,
	    "imported", (json_int_t)h.imported,
	    "merged", (json_int_t)h.aliased,
	    "missed_waiting", (json_int_t)h.pending,
	    "missed_counted", (json_int_t)h.pushed,
	    "missed_dropped", (json_int_t)h.dropped);
	return o;
}

void
ctl_fleet_stats(struct ctl *ctl)
{
	struct fleet_health	 h;
	struct fleet		*f;

	if (ctl->cfg->store_backend != BACKEND_REDIS || (f = fleet_of(ctl)) == NULL)
		return;
	if (fleet_health(f, &h) == -1)
		printf("redis       %s: not answering\n", ctl->cfg->redis);
	else {
		printf("redis       %s: up, PING %.2f ms; %llu clusters in the "
		    "fleet\n", ctl->cfg->redis, h.ping_ms,
		    (unsigned long long)h.clusters);
		printf("stream      %llu entries, newest %s; this host at %s "
		    "(%lld ms behind)\n", (unsigned long long)h.stream_len,
		    h.last_id, h.cursor, (long long)h.lag_ms);
	}
	printf("fleet calls %llu, failed (partial) %llu; clusters published "
	    "%llu, imported %llu, merged %llu\n", (unsigned long long)h.calls,
	    (unsigned long long)h.failed, (unsigned long long)h.published,
	    (unsigned long long)h.imported, (unsigned long long)h.aliased);
	printf("missed      %llu waiting, %llu counted since, %llu dropped\n",
	    (unsigned long long)h.pending, (unsigned long long)h.pushed,
	    (unsigned long long)h.dropped);
	fleet_close(f);
}
