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
 * log.c: syslog or stderr. One call writes one whole line, so lines from
 * the milter's threads do not interleave. When stderr is systemd's
 * journal (a unit's service in the foreground), each line starts with its
 * priority, <4> for a warning, as journald reads it (sd-daemon(3)), and
 * not with a time stamp or the program's name, which the journal adds.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>

#include "log.h"

static const char	*log_progname = "nilsimsa-milter";
static int		 log_stderr = 1;
static int		 log_syslog;
static atomic_int	 log_journal = -1;	/* -1: not looked at yet */
/* Set by the reload thread, read by every session thread. */
static atomic_int	 log_level = LOG_LEVEL_INFO;

/*
 * Is stderr the journal's stream? systemd names it in JOURNAL_STREAM
 * ("device:inode"); a stderr redirected since is another file.
 */
int
log_to_journal(void)
{
	const char		*v;
	struct stat		 st;
	unsigned long long	 dev, ino;
	char			 end;
	int			 j = atomic_load(&log_journal);

	if (j >= 0)
		return j;
	j = (v = getenv("JOURNAL_STREAM")) != NULL &&
	    sscanf(v, "%llu:%llu%c", &dev, &ino, &end) == 2 &&
	    fstat(2, &st) == 0 && (unsigned long long)st.st_dev == dev &&
	    (unsigned long long)st.st_ino == ino;
	atomic_store(&log_journal, j);
	return j;
}

void
log_init(const char *progname, int to_stderr, int to_syslog, int facility)
{
	log_progname = progname;
	log_stderr = to_stderr;
	if (log_syslog && !to_syslog)
		closelog();
	log_syslog = to_syslog;
	if (to_syslog)
		openlog(progname, LOG_PID | LOG_NDELAY, facility);
	else if (facility != 0)
		openlog(progname, LOG_PID, facility);	/* for libmilter's own */
}

/* Change the level; safe while other threads log. */
void
log_setlevel(int level)
{
	atomic_store_explicit(&log_level, level, memory_order_relaxed);
}

/* The current level. */
int
log_getlevel(void)
{
	return atomic_load_explicit(&log_level, memory_order_relaxed);
}

static void __attribute__((format(printf, 4, 0)))
vlog(int level, int prio, int with_errno, const char *fmt, va_list ap)
{
	char	 msg[2048];
	int	 saved = errno, n;

	if (level > log_getlevel())
		return;
	n = vsnprintf(msg, sizeof(msg), fmt, ap);
	if (with_errno && n >= 0 && (size_t)n < sizeof(msg))
		snprintf(msg + n, sizeof(msg) - n, ": %s", strerror(saved));
	if (log_syslog)
		syslog(prio, "%s", msg);
	if (log_stderr && log_to_journal())
		fprintf(stderr, "<%d>%s\n", prio, msg);
	else if (log_stderr) {
		char		stamp[32];
		struct tm	tm;
		time_t		now = time(NULL);

		localtime_r(&now, &tm);
		strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M:%S", &tm);
		fprintf(stderr, "%s %s: %s\n", stamp, log_progname, msg);
	}
	errno = saved;
}

#define LOG_FN(name, level, prio, with_errno)			\
void								\
name(const char *fmt, ...)					\
{								\
	va_list	ap;						\
								\
	va_start(ap, fmt);					\
	vlog(level, prio, with_errno, fmt, ap);			\
	va_end(ap);						\
}

LOG_FN(log_warn, LOG_LEVEL_WARNING, LOG_WARNING, 1)
LOG_FN(log_warnx, LOG_LEVEL_WARNING, LOG_WARNING, 0)
LOG_FN(log_info, LOG_LEVEL_INFO, LOG_INFO, 0)
LOG_FN(log_debug, LOG_LEVEL_DEBUG, LOG_DEBUG, 0)

void
fatal(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vlog(LOG_LEVEL_ERROR, LOG_CRIT, 1, fmt, ap);
	va_end(ap);
	exit(1);
}

void
fatalx(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vlog(LOG_LEVEL_ERROR, LOG_CRIT, 0, fmt, ap);
	va_end(ap);
	exit(1);
}
