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
 * listen.c: the milter's listening socket, as the daemon sets it up
 * before it detaches: TCP_NODELAY on the listener, the owner of a unix
 * socket, and the lines that hook the milter into Postfix and sendmail.
 */
#include <sys/resource.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "log.h"
#include "milter.h"

/*
 * A TCP milter on loopback otherwise waits about 40 ms twice per message
 * (Nagle's algorithm against the MTA's delayed ACK). libmilter does not
 * hand out its listening socket, but Linux copies TCP_NODELAY from a
 * listening socket to the sockets it accepts: find our listener among the
 * open descriptors and set it there.
 */
int
listen_nodelay(void)
{
	struct rlimit	rl;
	int		fd, maxfd, on = 1, found = 0, v;
	socklen_t	len;

	maxfd = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < 65536 ?
	    (int)rl.rlim_cur : 65536;
	for (fd = 3; fd < maxfd; fd++) {
		len = sizeof(v);
		if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &v, &len) == -1 || !v)
			continue;
		len = sizeof(v);
		if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &v, &len) == -1 ||
		    (v != AF_INET && v != AF_INET6))
			continue;
		if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on)) == -1)
			log_warn("socket: TCP_NODELAY");
		else
			found++;
	}
	return found;
}

/* A unix socket must be reachable by the MTA (Postfix runs as postfix). */
void
listen_owner(const char *spec, int have_user, uid_t uid, gid_t gid)
{
	const char	*path;

	/* The config and libmilter take "UNIX:" as well as "unix:". */
	if (strncasecmp(spec, "unix:", 5) == 0)
		path = spec + 5;
	else if (strncasecmp(spec, "local:", 6) == 0)
		path = spec + 6;
	else
		return;
	if (have_user && chown(path, uid, gid) == -1)
		log_warn("socket: chown %s", path);
}

#define POSTFIX_QUEUE	"/var/spool/postfix/"

/*
 * Tell the administrator how to hook the milter in: Postfix writes
 * sockets as inet:HOST:PORT, sendmail (like libmilter) as inet:PORT@HOST.
 * A unix socket under Postfix's queue directory is given relative to it:
 * Postfix's daemons run in that directory, chrooted to it on Debian, where
 * the full path would not be found.
 */
void
listen_print_hooks(const char *spec)
{
	char		 pf[300];
	const char	*at, *colon;

	at = strchr(spec, '@');
	colon = strchr(spec, ':');
	if (strncmp(spec, "inet", 4) == 0 && at != NULL && colon != NULL)
		snprintf(pf, sizeof(pf), "inet:%s%s%s:%.*s",
		    spec[4] == '6' ? "[" : "", at + 1, spec[4] == '6' ? "]" : "",
		    (int)(at - colon - 1), colon + 1);
	else if (colon != NULL && strncmp(colon + 1, POSTFIX_QUEUE,
	    strlen(POSTFIX_QUEUE)) == 0)
		snprintf(pf, sizeof(pf), "unix:%s", colon + 1 +
		    strlen(POSTFIX_QUEUE));
	else if (colon != NULL)
		snprintf(pf, sizeof(pf), "unix:%s", colon + 1);
	else
		snprintf(pf, sizeof(pf), "%s", spec);
	log_info("Postfix main.cf: smtpd_milters = %s, non_smtpd_milters = %s, "
	    "milter_default_action = tempfail", pf, pf);
	log_info("sendmail .mc: INPUT_MAIL_FILTER(`nilsimsa', `S=%s%s, F=T, "
	    "T=C:10s;S:20s;R:20s;E:60s')", strncasecmp(spec, "unix:", 5) == 0 ? "local:" : "",
	    strncasecmp(spec, "unix:", 5) == 0 ? spec + 5 : spec);
}
