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
 * before it detaches: the checks before it listens (each failure with
 * its reason), TCP_NODELAY on the listener, the owner of a unix socket,
 * and the lines that hook the milter into Postfix and sendmail.
 */
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <netinet/tcp.h>

#include <errno.h>
#include <netdb.h>
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

/*
 * The path of a unix socket specification, or NULL for an inet one
 * (the config and libmilter take "UNIX:" as well as "unix:").
 */
static const char *
unix_path(const char *spec)
{
	if (strncasecmp(spec, "unix:", 5) == 0)
		return spec + 5;
	if (strncasecmp(spec, "local:", 6) == 0)
		return spec + 6;
	return NULL;
}

/* A unix socket must be reachable by the MTA (Postfix runs as postfix). */
void
listen_owner(const char *spec, int have_user, uid_t uid, gid_t gid)
{
	const char	*path;

	if ((path = unix_path(spec)) == NULL)
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
	int		 inet = strncasecmp(spec, "inet", 4) == 0;
	int		 v6 = inet && spec[4] == '6';
	int		 local = strncasecmp(spec, "unix:", 5) == 0;

	at = strchr(spec, '@');
	colon = strchr(spec, ':');
	if (inet && at != NULL && colon != NULL)
		snprintf(pf, sizeof(pf), "inet:%s%s%s:%.*s", v6 ? "[" : "",
		    at + 1, v6 ? "]" : "", (int)(at - colon - 1), colon + 1);
	else if (inet && colon != NULL)
		/* no host: every address, loopback among them */
		snprintf(pf, sizeof(pf), "inet:%s:%s", v6 ? "[::1]" :
		    "127.0.0.1", colon + 1);
	else if (colon != NULL && strncmp(colon + 1, POSTFIX_QUEUE,
	    strlen(POSTFIX_QUEUE)) == 0)
		snprintf(pf, sizeof(pf), "unix:%s", colon + 1 +
		    strlen(POSTFIX_QUEUE));
	else if (colon != NULL)
		snprintf(pf, sizeof(pf), "unix:%s", colon + 1);
	else
		snprintf(pf, sizeof(pf), "%s", spec);
	/* a line a setting, each as main.cf takes it */
	log_info("Postfix main.cf: smtpd_milters = %s", pf);
	log_info("Postfix main.cf: non_smtpd_milters = %s", pf);
	log_info("Postfix main.cf: milter_default_action = tempfail");
	log_info("sendmail .mc: INPUT_MAIL_FILTER(`nilsimsa', `S=%s%s%s, F=T, "
	    "T=C:10s;S:20s;R:20s;E:60s')", local ? "local:" : "",
	    local ? spec + 5 : spec,
	    inet && at == NULL ? (v6 ? "@::1" : "@127.0.0.1") : "");
}

/*
 * A unix socket at which a process answers is another milter's:
 * libmilter would remove it and take its place, and that one would run
 * on with no way in. A socket nobody answers at is left from a stop
 * that did not remove it, and libmilter replaces it. The connect() does
 * not wait: a process that listens but never accepts (a hung milter, a
 * full queue) answers EAGAIN, and counts as listening. A path that does
 * not exist yet needs its directory (libmilter's own complaint goes to
 * syslog only). Links are followed, as libmilter follows them.
 */
static int
check_unix(const char *spec, const char *path, char *err, size_t errlen)
{
	struct sockaddr_un	sun;
	struct stat		st;
	char			dir[sizeof(sun.sun_path)], *slash;
	int			fd, rc, live;

	if (stat(path, &st) == -1) {
		snprintf(dir, sizeof(dir), "%s", path);
		if (errno == ENOENT && (slash = strrchr(dir, '/')) != NULL) {
			*slash = '\0';
			if (dir[0] != '\0' && (stat(dir, &st) == -1 ||
			    !S_ISDIR(st.st_mode))) {
				snprintf(err, errlen, "socket: %s: no directory "
				    "%s", spec, dir);
				return -1;
			}
		}
		return 0;
	}
	if (!S_ISSOCK(st.st_mode)) {
		snprintf(err, errlen, "socket: %s: %s exists and is not a "
		    "socket", spec, path);
		return -1;
	}
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0)) == -1)
		return 0;
	rc = connect(fd, (struct sockaddr *)&sun, sizeof(sun));
	live = rc == 0 || errno == EAGAIN || errno == EINPROGRESS;
	close(fd);
	if (live) {
		snprintf(err, errlen, "socket: %s: a process already listens "
		    "on it (another nilsimsa-milter?); stop it or set another "
		    "Socket", spec);
		return -1;
	}
	return 0;
}

/*
 * An inet socket: its host (default: every address) must resolve to an
 * address of this host and, with bind_test, its port be free: a test
 * bind, closed at once, with libmilter's SO_REUSEADDR.
 */
static int
check_inet(const char *spec, int bind_test, char *err, size_t errlen)
{
	struct addrinfo	 hints, *ai;
	char		 buf[512], why[128], *host, *port;
	int		 rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = strncasecmp(spec, "inet6:", 6) == 0 ? AF_INET6 : AF_INET;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE;
	snprintf(buf, sizeof(buf), "%s", strchr(spec, ':') + 1);
	port = buf;
	if ((host = strchr(buf, '@')) != NULL)
		*host++ = '\0';
	if ((rc = getaddrinfo(host, port, &hints, &ai)) != 0) {
		snprintf(err, errlen, "socket: %s: host %s: %s", spec,
		    host, gai_strerror(rc));
		return -1;
	}
	rc = 0;
	if (bind_test && listen_try(ai->ai_addr, ai->ai_addrlen, why,
	    sizeof(why)) == -1) {
		snprintf(err, errlen, "socket: %s: %s", spec, why);
		rc = -1;
	}
	freeaddrinfo(ai);
	return rc;
}

/*
 * Can a listener bind sa? A test bind, closed at once, with libmilter's
 * (and libmicrohttpd's) SO_REUSEADDR: 0, or -1 with the reason in err,
 * in words an administrator acts on.
 */
int
listen_try(const struct sockaddr *sa, socklen_t salen, char *err,
    size_t errlen)
{
	int	fd, on = 1, saved, rc = 0;

	if ((fd = socket(sa->sa_family, SOCK_STREAM, 0)) == -1)
		return 0;	/* the real listener will say */
	(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
	if (bind(fd, sa, salen) == -1) {
		saved = errno;
		snprintf(err, errlen, "%s", saved == EADDRINUSE ? "the port "
		    "is in use (another nilsimsa-milter?)" :
		    saved == EADDRNOTAVAIL ? "not an address of this host" :
		    saved == EACCES ? "permission denied (a port under 1024 "
		    "needs root)" : strerror(saved));
		rc = -1;
	}
	close(fd);
	return rc;
}

/*
 * Can the milter listen on spec (checked by the configuration's syntax
 * already)? With bind_test an inet port must be free; nilsimsa-milter -n
 * checks without (the running milter holds it). 0, or -1 with the
 * reason in err: libmilter's own says only that it failed, and to syslog.
 */
int
listen_check(const char *spec, int bind_test, char *err, size_t errlen)
{
	const char	*path;

	if ((path = unix_path(spec)) != NULL)
		return bind_test ? check_unix(spec, path, err, errlen) : 0;
	return check_inet(spec, bind_test, err, errlen);
}
