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
 * metrics_http.c: GET /metrics over HTTP (the Metrics setting), served
 * by libmicrohttpd from a thread of its own. Each request reads the
 * store's figures (store_census: the match array, no records read) and
 * writes the exposition of lib/metrics.c. Nothing else is served: other
 * paths get 404, other methods 405. A handful of connections at a time,
 * each closed after 10 idle seconds: a scraper, not the public.
 */
#include "autoconf.h"

#include <sys/socket.h>
#include <netdb.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <microhttpd.h>

#include "log.h"
#include "metrics.h"
#include "milter.h"

#define HTTP_CONNECTIONS	8	/* at once */
#define HTTP_TIMEOUT		10	/* seconds idle */
#define HTTP_PER_IP		2	/* connections of one client at once */
#define CONTENT_TYPE		"text/plain; version=0.0.4; charset=utf-8"

static struct MHD_Daemon	*httpd;

/* The store's figures for the scrape; have = 0 when it is not open. */
static void
gauges(struct metrics_store_gauges *g)
{
	struct store_stats	 st;
	struct store		*s;

	memset(g, 0, sizeof(*g));
	if ((s = daemon_store_acquire()) == NULL)
		return;
	if (store_census(s, &st) == 0) {
		g->have = 1;
		g->clusters = st.clusters;
		g->singletons = st.singletons;
		g->bulk = st.bulk;
		g->spam = st.spam;
		g->ham = st.ham;
		g->autos = st.clusters - st.spam - st.ham;
		g->used_bytes = st.used_bytes;
		g->map_bytes = st.map_bytes;
		g->max_bytes = st.max_bytes;
		g->rebuilds = st.rebuilds;
		g->refreshes = st.refreshes;
	}
	daemon_store_release();
}

/* A reply of status with a short text body. */
static enum MHD_Result
reply_text(struct MHD_Connection *conn, unsigned int status, const char *text)
{
	struct MHD_Response	*resp;
	enum MHD_Result		 rc;

	resp = MHD_create_response_from_buffer(strlen(text), (void *)text,
	    MHD_RESPMEM_PERSISTENT);
	if (resp == NULL)
		return MHD_NO;
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
	rc = MHD_queue_response(conn, status, resp);
	MHD_destroy_response(resp);
	return rc;
}

/* libmicrohttpd's request handler. */
static enum MHD_Result
handler(void *cls, struct MHD_Connection *conn, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_len, void **state)
{
	struct metrics_store_gauges	 g;
	struct MHD_Response		*resp;
	enum MHD_Result			 rc;
	static int			 seen;
	char				*text;
	size_t				 len;

	(void)cls;
	(void)version;
	(void)upload;
	if (*state == NULL) {	/* first call: headers only */
		*state = &seen;
		return MHD_YES;
	}
	if (*upload_len != 0) {	/* a body: ignored */
		*upload_len = 0;
		return MHD_YES;
	}
	if (strcmp(url, "/metrics") != 0)
		return reply_text(conn, MHD_HTTP_NOT_FOUND,
		    "not found: try /metrics\n");
	if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 &&
	    strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
		return reply_text(conn, MHD_HTTP_METHOD_NOT_ALLOWED,
		    "method not allowed\n");
	gauges(&g);
	if ((text = metrics_write(PACKAGE_VERSION, &g, &len)) == NULL)
		return reply_text(conn, MHD_HTTP_INTERNAL_SERVER_ERROR,
		    "out of memory\n");
	resp = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
	if (resp == NULL) {
		free(text);
		return MHD_NO;
	}
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, CONTENT_TYPE);
	rc = MHD_queue_response(conn, MHD_HTTP_OK, resp);
	MHD_destroy_response(resp);
	return rc;
}

/* libmicrohttpd's own complaints go to our log. */
static void __attribute__((format(printf, 2, 0)))
mhd_log(void *cls, const char *fmt, va_list ap)
{
	char	buf[512];

	(void)cls;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	buf[strcspn(buf, "\n")] = '\0';
	log_warnx("metrics: %s", buf);
}

/* Split host:port or [v6]:port; 0 or -1. */
static int
split_hostport(const char *spec, char *host, size_t hlen, char *port,
    size_t plen)
{
	const char	*p, *end;

	if (spec[0] == '[') {
		if ((end = strstr(spec, "]:")) == NULL)
			return -1;
		p = end + 2;
		spec++;
	} else {
		if ((end = strrchr(spec, ':')) == NULL)
			return -1;
		p = end + 1;
	}
	if ((size_t)(end - spec) >= hlen || strlen(p) >= plen)
		return -1;
	memcpy(host, spec, end - spec);
	host[end - spec] = '\0';
	snprintf(port, plen, "%s", p);
	return 0;
}

void
metrics_http_start(const char *spec)
{
	struct addrinfo	 hints, *res;
	char		 host[256], port[16], why[128];
	unsigned int	 flags;
	int		 rc;

	if (spec == NULL || spec[0] == '\0')
		return;
	if (split_hostport(spec, host, sizeof(host), port, sizeof(port)) == -1)
		fatalx("metrics: bad address %s", spec);
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE;
	if ((rc = getaddrinfo(host, port, &hints, &res)) != 0)
		fatalx("metrics: %s: %s", spec, gai_strerror(rc));
	/* libmicrohttpd's failure names no reason worth reading */
	if (listen_try(res->ai_addr, res->ai_addrlen, why, sizeof(why)) == -1)
		fatalx("metrics: cannot listen on %s: %s", spec, why);
	/* poll(), not select(): sessions take descriptors past FD_SETSIZE */
	flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG;
	if (res->ai_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	/*
	 * The logger first, as libmicrohttpd asks, so that what it says of
	 * the options after it reaches our log. A client holds at most
	 * HTTP_PER_IP of the connections: one that trickles its headers
	 * cannot take them all and keep the scrapes out.
	 */
	httpd = MHD_start_daemon(flags, 0, NULL, NULL, handler, NULL,
	    MHD_OPTION_EXTERNAL_LOGGER, mhd_log, NULL,
	    MHD_OPTION_SOCK_ADDR, res->ai_addr,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned int)HTTP_CONNECTIONS,
	    MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned int)HTTP_PER_IP,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)HTTP_TIMEOUT,
	    MHD_OPTION_END);
	freeaddrinfo(res);
	if (httpd == NULL)
		fatalx("metrics: cannot listen on %s (in use, or no permission?)",
		    spec);
	log_info("metrics: http://%s/metrics", spec);
}

void
metrics_http_stop(void)
{
	if (httpd != NULL)
		MHD_stop_daemon(httpd);
	httpd = NULL;
}
