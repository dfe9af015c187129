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
 * nilsimsa-milter.c: the daemon: options, start-up, privileges, signals
 * and reload. The milter callbacks are in milter.c, the listening
 * socket's set-up in listen.c.
 *
 * Start-up order matters: the socket is opened as root (it may be a
 * privileged port or a directory only root can write), then the process
 * detaches, writes its pid file, drops to UserID once and for good, and
 * only then opens the store, so that the store's files belong to the
 * unprivileged user.
 */
#include "autoconf.h"

#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <netinet/in.h>

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sysexits.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "message.h"
#include "metrics.h"
#include "milter.h"
#include "nilsimsa.h"
#include "privs.h"
#include "store_redis.h"
#include "util.h"

#ifndef SYSCONFDIR
#define SYSCONFDIR	"/etc"
#endif
#define DEFAULT_CONFIG	SYSCONFDIR "/nilsimsa-milter.conf"

struct cfgref {
	struct config	*cfg;
	int		 refs;		/* holders besides `current` */
};

static pthread_mutex_t	 cfg_lock = PTHREAD_MUTEX_INITIALIZER;
static struct config	*current;	/* the configuration new messages get */
static int		 current_refs;
static struct store	*the_store;
static struct fleet	*the_fleet;	/* StoreBackend redis */
static const char	*config_path;	/* NULL: embedded defaults */
static atomic_int	 stopping;	/* main asks the signal thread to end */
static uint64_t		 generation = 1;	/* configurations loaded */
static pthread_t	 main_thread;	/* runs smfi_main(): libmilter's listener */

/*
 * At SIGTERM smfi_main() returns while libmilter's worker threads may
 * still be inside a callback (its worker pool stops serving idle
 * sessions, but does not wait for a running one). The store is closed
 * only when no callback uses it any more.
 */
#define STORE_WAIT	5	/* seconds for store users to finish */
#define SIGNAL_WAIT	10	/* seconds for the signal thread to finish */
static pthread_mutex_t	 store_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t	 store_idle = PTHREAD_COND_INITIALIZER;
static int		 store_users;	/* callbacks inside the store */
static int		 store_closing;	/* no new store users */

/*
 * Old configurations still used by sessions open since (a session holds
 * the configuration it started a message or the connection with). A
 * reload keeps them until their last holder lets go; as many as there
 * are, since idle sessions held across many reloads must not keep the
 * next one out (a fixed 16 did).
 */
static struct cfgref	*retired;
static size_t		 nretired;	/* slots, used or free (cfg NULL) */

/* A reference to the running configuration, kept until released. */
struct config *
daemon_config_acquire(void)
{
	struct config	*cfg;

	pthread_mutex_lock(&cfg_lock);
	cfg = current;
	current_refs++;
	pthread_mutex_unlock(&cfg_lock);
	return cfg;
}

/* Let go of a configuration; a retired one is freed by its last holder. */
void
daemon_config_release(struct config *cfg)
{
	size_t	i;

	if (cfg == NULL)
		return;
	pthread_mutex_lock(&cfg_lock);
	if (cfg == current)
		current_refs--;
	else
		for (i = 0; i < nretired; i++)
			if (retired[i].cfg == cfg && --retired[i].refs == 0) {
				config_free(cfg);
				retired[i].cfg = NULL;
				break;
			}
	pthread_mutex_unlock(&cfg_lock);
}

/* The store, held until daemon_store_release(); NULL once stopping. */
struct store *
daemon_store_acquire(void)
{
	struct store	*st = NULL;

	pthread_mutex_lock(&store_lock);
	if (!store_closing) {
		store_users++;
		st = the_store;
	}
	pthread_mutex_unlock(&store_lock);
	return st;
}

/* Let go of the store taken by daemon_store_acquire(). */
void
daemon_store_release(void)
{
	pthread_mutex_lock(&store_lock);
	if (--store_users == 0)
		pthread_cond_broadcast(&store_idle);
	pthread_mutex_unlock(&store_lock);
}

/*
 * After smfi_main(): no new store users, and wait (bounded) for the
 * current ones. 0: the store is free to close; -1: a callback is still
 * inside it after STORE_WAIT seconds.
 */
static int
store_drain(void)
{
	struct timespec	until;
	int		rc = 0, busy;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += STORE_WAIT;
	pthread_mutex_lock(&store_lock);
	store_closing = 1;
	while (store_users > 0 && rc != ETIMEDOUT)
		rc = pthread_cond_timedwait(&store_idle, &store_lock, &until);
	busy = store_users > 0;
	pthread_mutex_unlock(&store_lock);
	return busy ? -1 : 0;
}

/*
 * Wait, bounded, for the signal thread to end: 0 when it did. It may be
 * expiring clusters, or reloading from a -c file that is a FIFO no one
 * writes to (open() waits for ever): the stop must not wait with it, as
 * the MTA defers mail until the milter is gone.
 */
static int
signal_join(pthread_t tid)
{
	struct timespec	until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += SIGNAL_WAIT;
	return pthread_timedjoin_np(tid, NULL, &until);
}

/* Install a new configuration; the old one is freed when unused. */
static int
config_swap(struct config *next)
{
	struct cfgref	*more;
	size_t		 i;

	pthread_mutex_lock(&cfg_lock);
	if (current_refs > 0) {
		for (i = 0; i < nretired && retired[i].cfg != NULL; i++)
			;
		if (i == nretired) {
			if ((more = reallocarray(retired, nretired + 16,
			    sizeof(*retired))) == NULL) {
				pthread_mutex_unlock(&cfg_lock);
				return -1;
			}
			memset(more + nretired, 0, 16 * sizeof(*more));
			retired = more;
			nretired += 16;
		}
		retired[i].cfg = current;
		retired[i].refs = current_refs;
	} else
		config_free(current);
	current = next;
	current_refs = 0;
	pthread_mutex_unlock(&cfg_lock);
	return 0;
}

/* A reload's log line for one key it changed. */
static void
log_change(const char *key, const char *old, const char *new, void *arg)
{
	(void)arg;
	log_info("reload: %s %s -> %s", key, old[0] ? old : "(unset)",
	    new[0] ? new : "(unset)");
}

/*
 * Read the file again and swap it in if it is valid: 0 loaded, -1
 * refused (the running configuration stays), 1 nothing to read. Each
 * key it changes is logged, old value and new.
 */
static int
reload_file(void)
{
	struct config	*next, *cur;
	char		 err[512];
	int64_t		 sttl, bttl;
	size_t		 nchanged;
	int		 level, err_rc;

	if (config_path == NULL) {
		log_info("reload: running on embedded defaults, nothing to read");
		return 1;
	}
	if ((next = config_load(config_path, err, sizeof(err))) == NULL) {
		log_warnx("reload: %s; keeping the running configuration", err);
		return -1;
	}
	cur = daemon_config_acquire();
	if (config_reloadable(cur, next, err, sizeof(err)) == -1) {
		daemon_config_release(cur);
		config_free(next);
		log_warnx("reload: %s; keeping the running configuration", err);
		return -1;
	}
	level = next->loglevel;
	sttl = next->singleton_ttl;
	bttl = next->bulk_ttl;
	if (config_swap(next) == -1) {
		daemon_config_release(cur);
		config_free(next);
		log_warnx("reload: out of memory; keeping the running configuration");
		return -1;
	}
	/* What changed, once it has: cur is ours until released, next is
	   the running one (only this thread reloads). */
	nchanged = config_changes(cur, next, log_change, NULL);
	daemon_config_release(cur);
	log_setlevel(level);
	if ((err_rc = store_set_ttl(the_store, sttl, bttl)) != 0)
		log_warnx("reload: the store's deadlines under the new TTLs: %s "
		    "(clusters may expire by the old TTLs until the next reload)",
		    store_strerror(err_rc));
	if (the_fleet != NULL)
		fleet_set_ttl(the_fleet, sttl, bttl);
	log_info("reload: %s loaded, %zu setting%s changed", config_path,
	    nchanged, nchanged == 1 ? "" : "s");
	return 0;
}

/*
 * SIGUSR1: reload, with systemd told (RELOADING=1, then READY=1) and
 * the outcome counted for the metrics.
 */
static void
reload(void)
{
	int	rc;

	notify_reloading();
	rc = reload_file();
	if (rc == 0)
		generation++;
	else if (rc == -1)
		metrics_error(METRICS_ERR_RELOAD);
	metrics_reload(rc != -1, generation, time(NULL));
	notify_ready();
}

/* Expired clusters are removed this often (they no longer match anyway). */
#define EXPIRE_INTERVAL	600

/*
 * libmilter's listener (smfi_main(), in the main thread) looks for a stop
 * only between poll() calls of 5 s (MI_CHK_TIME), and its signal thread,
 * which takes SIGTERM, waits for the listener's lock before it closes the
 * socket: a stop took up to 5 s. An interrupted poll() (EINTR) makes the
 * listener look at once, so the signal thread below wakes it this often
 * with SIGUSR2, whose handler does nothing. A stop now takes at most this.
 */
#define LISTENER_WAKE_MS	200

/* SIGUSR2: only interrupts the listener's poll() (see LISTENER_WAKE_MS). */
static void
wake_handler(int sig)
{
	(void)sig;
}

/* Remove the expired clusters from the store. */
static void
expire(void)
{
	size_t	n = 0;
	int	rc;

	if ((rc = store_expire(the_store, time(NULL), 0, &n)) != 0) {
		metrics_error(METRICS_ERR_EXPIRE);
		log_warnx("store: expire: %s", store_strerror(rc));
	} else if (n > 0)
		log_info("store: %zu expired clusters removed", n);
}

/*
 * SIGUSR1 reloads (libmilter keeps SIGHUP, SIGTERM and SIGINT for
 * itself); between signals the thread wakes the listener (a prompt
 * stop) and expires old clusters every EXPIRE_INTERVAL.
 */
static void *
signal_thread(void *arg)
{
	sigset_t	 set;
	struct timespec	 tick = { 0, LISTENER_WAKE_MS * 1000000L };
	double		 last_expire = util_now();

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	while (!stopping) {
		int	sig = sigtimedwait(&set, NULL, &tick);

		if (stopping)
			break;
		if (sig == SIGUSR1)
			reload();
		else if (sig == -1 && errno == EAGAIN) {
			pthread_kill(main_thread, SIGUSR2);
			if (util_now() - last_expire >= EXPIRE_INTERVAL) {
				expire();
				last_expire = util_now();
			}
		}
	}
	return NULL;
}

/*
 * The listener's wake-up (LISTENER_WAKE_MS): SIGUSR2 does nothing and
 * restarts what it interrupts, but select(), which is never restarted.
 * The signal thread sends it to the main thread alone.
 */
static void
wake_setup(void)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = wake_handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR2, &sa, NULL) == -1)
		fatal("signals: SIGUSR2");
	main_thread = pthread_self();
}

/*
 * Refuse to start (exit status 78, EX_CONFIG). Until the process
 * detaches the reason goes to standard error too (main's log_init).
 */
static void __attribute__((noreturn))
refuse(const char *msg)
{
	log_warnx("%s", msg);
	exit(EX_CONFIG);
}

#define NOFILE_WANT	65536	/* descriptors: a session each, and more */

/*
 * Raise the soft limit on descriptors to the hard one (at most
 * NOFILE_WANT). Every session is a descriptor; at the limit libmilter's
 * listener spins on accept() failing with EMFILE, a core's worth of
 * CPU, and takes no new session until one closes. 1024, the usual soft
 * limit, is reached by a few large MTAs sharing one milter.
 */
static void
raise_nofile(void)
{
	struct rlimit	rl;
	rlim_t		was;

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 || rl.rlim_cur >= NOFILE_WANT ||
	    rl.rlim_cur >= rl.rlim_max)
		return;
	was = rl.rlim_cur;
	rl.rlim_cur = rl.rlim_max < NOFILE_WANT ? rl.rlim_max : NOFILE_WANT;
	if (setrlimit(RLIMIT_NOFILE, &rl) == -1)
		log_warn("descriptors: cannot raise the limit from %llu",
		    (unsigned long long)was);
	else
		log_debug("descriptors: limit raised from %llu to %llu",
		    (unsigned long long)was, (unsigned long long)rl.rlim_cur);
}

/*
 * Who the milter runs as. Started as root it becomes UserID (by default
 * the system user nilsimsa-milter) and never stays root unless RunAsRoot
 * says so: it refuses to start (EX_CONFIG) when the user is missing or is
 * root. Started as another user (systemd User=) it stays that user.
 * Returns 1 when it must switch to *pv after opening the socket.
 */
static int
choose_user(const struct config *cfg, struct privs *pv)
{
	char	err[256], msg[768];

	if (geteuid() != 0) {
		if (privs_lookup(cfg->userid, pv, err, sizeof(err)) == 0) {
			free(pv->user);
			if (pv->uid == geteuid()) {
				/* a unix socket for the MTA's group would not be */
				if (strchr(cfg->userid, ':') != NULL &&
				    pv->gid != getegid())
					log_warnx("UserID %s: not started as "
					    "root, so the group stays gid %ld "
					    "(a unix socket takes its "
					    "directory's group if that is "
					    "setgid)", cfg->userid,
					    (long)getegid());
				return 0;
			}
			snprintf(err, sizeof(err), "UserID %s", cfg->userid);
		}
		log_warnx("%s: not started as root, so running as uid %ld", err,
		    (long)geteuid());
		return 0;
	}
	if (privs_lookup(cfg->userid, pv, err, sizeof(err)) == -1) {
		if (strcmp(cfg->userid, PRIVS_DEFAULT_USER) == 0)
			snprintf(msg, sizeof(msg), "%s: the milter does not "
			    "read mail as root; create its system user "
			    "(`make install` does, as root; or: adduser --system "
			    "--group --no-create-home --home "
			    "/var/lib/nilsimsa-milter %s) or set UserID to an "
			    "unprivileged user", err, PRIVS_DEFAULT_USER);
		else
			snprintf(msg, sizeof(msg), "%s: create it or set UserID "
			    "to an existing unprivileged user", err);
		refuse(msg);
	}
	if (pv->uid != 0)
		return 1;
	free(pv->user);
	if (!cfg->run_as_root) {
		snprintf(msg, sizeof(msg), "UserID %s is root: the milter "
		    "parses mail from the internet and does not do that as "
		    "root; set UserID to an unprivileged user (or, to insist, "
		    "RunAsRoot yes)", cfg->userid);
		refuse(msg);
	}
	log_warnx("running as root: RunAsRoot yes");
	return 0;
}

/*
 * What -n checks beyond the file's syntax: what start-up would refuse.
 * The socket's host must resolve (its port may be held by the running
 * milter, so no test bind), and, run as root, UserID must exist and be
 * root only with RunAsRoot: choose_user()'s refusals. The default user
 * missing is only a warning: `make install` and the package create it,
 * and a configuration is often checked before either.
 */
static int
check_start(const struct config *cfg, char *err, size_t errlen)
{
	struct privs	pv;

	if (listen_check(cfg->socket, 0, err, errlen) == -1)
		return -1;
	if (geteuid() != 0)
		return 0;
	if (privs_lookup(cfg->userid, &pv, err, errlen) == -1) {
		if (strcmp(cfg->userid, PRIVS_DEFAULT_USER) != 0)
			return -1;
		fprintf(stderr, "nilsimsa-milter: warning: %s (make install "
		    "creates it)\n", err);
		return 0;
	}
	free(pv.user);
	if (pv.uid == 0 && !cfg->run_as_root) {
		snprintf(err, errlen, "UserID %s is root: the milter does not "
		    "read mail as root (RunAsRoot yes to insist)", cfg->userid);
		return -1;
	}
	return 0;
}

/* Become uid:gid for good, with no supplementary group of root's. */
static void
drop_privileges(const char *user, uid_t uid, gid_t gid)
{
	if (initgroups(user, gid) == -1)
		fatal("UserID: initgroups");
	if (setresgid(gid, gid, gid) == -1)
		fatal("UserID: setresgid");
	if (setresuid(uid, uid, uid) == -1)
		fatal("UserID: setresuid");
	if (uid != 0 && setuid(0) != -1)
		fatalx("UserID: could regain root after dropping privileges");
}

/* Write our pid to PidFile, creating its directory if need be. */
static void
write_pidfile(const char *path, int have_user, uid_t uid, gid_t gid)
{
	struct stat	 st;
	FILE		*fp;
	char		*dir, *slash;
	int		 fd;

	/*
	 * /run/nilsimsa-milter does not survive a reboot: make it, for the
	 * user, who removes the file at exit.
	 */
	if ((dir = strdup(path)) == NULL)
		fatal("PidFile");
	if ((slash = strrchr(dir, '/')) != NULL && slash != dir) {
		*slash = '\0';
		if (mkdir(dir, 0755) == 0) {
			if (have_user && chown(dir, uid, gid) == -1)
				fatal("PidFile: chown %s", dir);
		} else if (errno != EEXIST)
			fatal("PidFile: mkdir %s", dir);
	}
	free(dir);

	/*
	 * Written as root in a directory the user owns: never through a
	 * symbolic link, a hard link or a FIFO someone planted there (a
	 * FIFO would hang the start; opened without blocking, it fails
	 * or shows as no plain file), and emptied only once it is ours.
	 */
	if ((fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC, 0644)) == -1)
		fatal("PidFile: %s", path);
	if (fstat(fd, &st) == -1)
		fatal("PidFile: %s", path);
	if (!S_ISREG(st.st_mode) || st.st_nlink != 1)
		fatalx("PidFile: %s is not a plain file of one link", path);
	if (ftruncate(fd, 0) == -1 || (fp = fdopen(fd, "w")) == NULL)
		fatal("PidFile: %s", path);
	fprintf(fp, "%ld\n", (long)getpid());
	if (fclose(fp) == EOF)
		fatal("PidFile: %s", path);
}

/* The store directory exists and belongs to the user the milter runs as. */
static void
prepare_store_dir(const char *dir, int have_user, uid_t uid, gid_t gid)
{
	struct stat	st;
	char		err[512];

	if (mkdir(dir, 0700) == -1 && errno != EEXIST)
		fatal("store: mkdir %s", dir);
	if (stat(dir, &st) == -1)
		fatal("store: %s", dir);
	if (!S_ISDIR(st.st_mode))
		fatalx("store: %s: not a directory", dir);
	/*
	 * Also the files root's nilsimsactl may have made before. Either
	 * refuses a directory of other files (Store /var/lib, by mistake).
	 */
	if (have_user ? privs_own_store(dir, uid, gid, err, sizeof(err)) :
	    privs_store_dir(dir, err, sizeof(err)))
		fatalx("%s", err);
}

/*
 * A store made with another profile while this configuration takes the
 * built-in one: this release's built-in profile differs from the one
 * the store was made with (an upgrade), or Profile was removed. Its codes
 * cannot be compared with the new ones, and the clusters are only recent
 * traffic: the store is moved aside (kept, not deleted) and a new one is
 * started. A Profile file that does not match its store is refused.
 */
static int
restart_store(const struct config *cfg)
{
	char	moved[PATH_MAX];
	int	rc;

	log_warnx("store: %s: made with another profile than the built-in "
	    "profile \"%s\" of this release; its codes cannot be compared",
	    cfg->store, cfg->profile_data->name);
	if ((rc = store_set_aside(cfg->store, "profile", time(NULL), moved,
	    sizeof(moved))) != 0)
		fatalx("store: %s: cannot move it aside: %s", cfg->store,
		    store_strerror(rc));
	log_warnx("store: %s: moved to %s, starting a new store", cfg->store,
	    moved);
	return message_store_open(cfg, NULL, 0, &the_store);
}

/*
 * Open the store. A damaged one (StoreDamaged) is refused: exit with
 * EX_DATAERR, mail deferred until an administrator decides; or reset:
 * moved aside and a new store started.
 */
static void
open_store(const struct config *cfg)
{
	char	moved[PATH_MAX];
	int	rc;

	rc = message_store_open(cfg, NULL, 0, &the_store);
	if (rc == STORE_EPROFILE && cfg->score_mode != SCORE_REFERENCE &&
	    cfg->profile_data == nilsimsa_profile_builtin(cfg->profile_data->name))
		rc = restart_store(cfg);
	if (rc == STORE_ECORRUPT && cfg->store_damaged == DAMAGED_RESET) {
		log_warnx("store: %s: %s: %s", cfg->store, store_strerror(rc),
		    store_damage());
		if ((rc = store_set_aside(cfg->store, "damaged", time(NULL), moved,
		    sizeof(moved))) != 0)
			fatalx("store: %s: cannot move the damaged store aside: "
			    "%s", cfg->store, store_strerror(rc));
		log_warnx("store: %s: StoreDamaged reset: moved to %s, "
		    "starting a new store", cfg->store, moved);
		rc = message_store_open(cfg, NULL, 0, &the_store);
	}
	if (rc == STORE_ECORRUPT) {
		log_warnx("store: %s: %s: %s (StoreDamaged refuse: see "
		    "nilsimsactl verify)", cfg->store, store_strerror(rc),
		    store_damage());
		exit(EX_DATAERR);
	}
	if (rc != 0)
		fatalx("store: %s: %s", cfg->store, store_strerror(rc));
}

/* Print the synopsis: asked for (-h) on stdout, exit 0; else stderr, 64. */
static void
usage(int asked)
{
	fprintf(asked ? stdout : stderr, "usage: nilsimsa-milter [-fhnvV] "
	    "[-c config]\n");
	exit(asked ? 0 : EX_USAGE);
}

int
main(int argc, char *argv[])
{
	struct config		*cfg;
	struct privs		 pv;
	pthread_t		 tid;
	sigset_t		 set;
	char			 err[512], *user = NULL, *pidfile = NULL;
	int			 ch, foreground = 0, check = 0, verbose = 0, rc;
	int			 have_user = 0;
	uid_t			 uid = 0;
	gid_t			 gid = 0;

	/*
	 * SIGUSR1 (reload) kills a process that neither blocks nor handles
	 * it: block it before anything else, so that one sent while we start
	 * waits for the signal thread instead. Threads inherit the mask.
	 */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &set, NULL) == -1) {
		perror("nilsimsa-milter: sigprocmask");
		return EX_OSERR;
	}

	while ((ch = getopt(argc, argv, "c:fhnvV")) != -1) {
		switch (ch) {
		case 'c':
			config_path = optarg;
			break;
		case 'f':
			foreground = 1;
			break;
		case 'n':
			check = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		case 'V':
			printf("nilsimsa-milter %s (libnilsimsa %s)\n", PACKAGE_VERSION,
			    NILSIMSA_VERSION_STRING);
			return 0;
		case 'h':
			usage(1);
			break;
		default:
			usage(0);
		}
	}
	if (optind != argc)
		usage(0);
	if (verbose && !check) {
		/* it changes nothing else: say so rather than ignore it */
		fprintf(stderr, "nilsimsa-milter: -v goes with -n (print every "
		    "setting); the log's detail is LogLevel\n");
		usage(0);
	}

	/*
	 * The daemon changes to / as it detaches: a relative -c is made
	 * absolute from here on, start and reloads alike (not through
	 * realpath(): a link's own directory stays the one its Includes
	 * are read from).
	 */
	if (config_path != NULL && config_path[0] != '/') {
		char	cwd[PATH_MAX], *full;

		if (getcwd(cwd, sizeof(cwd)) == NULL ||
		    asprintf(&full, "%s/%s", cwd, config_path) == -1) {
			perror("nilsimsa-milter: the configuration's full path");
			return EX_OSERR;
		}
		config_path = full;
	}
	/* No -c and no file at the default place: run on embedded defaults. */
	if (config_path == NULL && access(DEFAULT_CONFIG, F_OK) == 0)
		config_path = DEFAULT_CONFIG;
	cfg = config_path != NULL ? config_load(config_path, err, sizeof(err)) :
	    config_default();
	if (cfg == NULL) {
		/* "file:line: message", as compilers print it */
		fprintf(stderr, "%s\n", config_path ? err : "nilsimsa-milter: out of memory");
		return EX_CONFIG;
	}
	if (check) {
		if ((rc = check_start(cfg, err, sizeof(err))) == -1)
			fprintf(stderr, "%s: %s\n", config_path ? config_path :
			    "nilsimsa-milter", err);
		else if (verbose)
			config_dump(cfg, stdout);
		config_free(cfg);
		return rc == -1 ? EX_CONFIG : 0;
	}

	current = cfg;
	/*
	 * main's own reference: a reload, from the moment the signal thread
	 * runs, must not free what main still reads. Released before
	 * smfi_main(), so that reloads can retire it.
	 */
	cfg = daemon_config_acquire();

	/*
	 * Until it detaches the milter also logs to standard error, so that
	 * a start that fails says why where it was started (whatever Syslog
	 * says); from then on Syslog decides.
	 */
	log_init("nilsimsa-milter", 1, !foreground && cfg->syslog,
	    cfg->syslog_facility);
	log_setlevel(cfg->loglevel);
	if (config_path == NULL)
		log_info("no configuration file (%s): using embedded defaults", DEFAULT_CONFIG);

	if ((have_user = choose_user(cfg, &pv)) != 0) {
		uid = pv.uid;
		gid = pv.gid;
		user = pv.user;
	}
	umask(cfg->umask);
	raise_nofile();
	if (smfi_setconn(cfg->socket) == MI_FAILURE)
		fatalx("socket: bad specification %s", cfg->socket);
	if (smfi_register(milter_desc) == MI_FAILURE)
		fatalx("libmilter: smfi_register failed");
	/* libmilter's own is two hours: a session stalled inside a
	   command held a thread that long */
	if (smfi_settimeout((int)cfg->session_timeout) == MI_FAILURE)
		fatalx("libmilter: smfi_settimeout failed");
	if (listen_check(cfg->socket, 1, err, sizeof(err)) == -1) {
		log_warnx("%s", err);
		exit(EX_UNAVAILABLE);
	}
	if (smfi_opensocket(1) == MI_FAILURE)
		fatalx("socket: cannot listen on %s (libmilter says why in "
		    "syslog)", cfg->socket);
	listen_owner(cfg->socket, have_user, uid, gid);
	if (cfg->tcp_nodelay && listen_nodelay() > 0)
		log_debug("socket: TCP_NODELAY set on the listener");
	prepare_store_dir(cfg->store, have_user, uid, gid);

	if (!foreground && daemon(0, 0) == -1)
		fatal("daemon");
	log_init("nilsimsa-milter", foreground || !cfg->syslog,
	    !foreground && cfg->syslog, cfg->syslog_facility);
	if (cfg->pidfile != NULL)
		write_pidfile(cfg->pidfile, have_user, uid, gid);
	if (have_user)
		drop_privileges(user, uid, gid);
	free(user);

	open_store(cfg);
	if (cfg->store_backend == BACKEND_REDIS) {
		char	why[256];

		if ((the_fleet = fleet_open(cfg, the_store, cfg->store,
		    FLEET_TAIL, why, sizeof(why))) == NULL) {
			log_warnx("StoreBackend redis: %s", why);
			exit(EX_CONFIG);
		}
		message_set_fleet(the_fleet);
		log_info("store: fleet on Redis %s, prefix %s, time limit %d ms",
		    cfg->redis, cfg->redis_prefix, cfg->redis_timeout);
	}

	/*
	 * Every thread started from here on inherits this mask: SIGUSR1
	 * (blocked since the start) is taken by our signal thread, SIGHUP,
	 * SIGTERM and SIGINT by libmilter's (which smfi_main() starts).
	 * Were they left unblocked here, the kernel could hand SIGTERM to
	 * our thread and kill the process without a clean stop.
	 */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0)
		fatalx("signals: cannot block signals");
	signal(SIGPIPE, SIG_IGN);
	wake_setup();
	expire();
	metrics_config(generation, time(NULL));
	metrics_http_start(cfg->metrics);
	/*
	 * The socket listens (smfi_opensocket above: connections wait in
	 * its backlog until smfi_main() takes them) and the store is open.
	 * Before the signal thread, so that a reload's RELOADING=1 never
	 * comes first.
	 */
	notify_ready();
	if (pthread_create(&tid, NULL, signal_thread, NULL) != 0)
		fatalx("signals: cannot start the signal thread");

	log_info("started: socket %s, store %s, config %s", cfg->socket, cfg->store,
	    config_path ? config_path : "(embedded defaults)");
	listen_print_hooks(cfg->socket);
	/* A reload may free cfg; PidFile cannot change at reload. */
	if (cfg->pidfile != NULL && (pidfile = strdup(cfg->pidfile)) == NULL)
		fatal("PidFile");
	daemon_config_release(cfg);
	/*
	 * SIGUSR2 reaches the listener, which smfi_main() runs in this
	 * thread (our other threads block it; libmilter's, started from
	 * here, inherit it unblocked, and SA_RESTART resumes their calls).
	 */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	if (pthread_sigmask(SIG_UNBLOCK, &set, NULL) != 0)
		fatalx("signals: cannot unblock SIGUSR2");
	rc = smfi_main();
	pthread_sigmask(SIG_BLOCK, &set, NULL);	/* the listener is gone */
	notify_stopping();
	log_info("stopping");
	metrics_http_stop();
	/* The signal thread may be expiring clusters: let it finish first. */
	stopping = 1;
	pthread_kill(tid, SIGUSR1);
	if (signal_join(tid) != 0)
		log_warnx("stopped: the signal thread is still busy after %d s "
		    "(expiring, or a reload waiting on its file); the store is "
		    "left open (LMDB stays consistent)", SIGNAL_WAIT);
	else if (store_drain() == 0) {
		message_set_fleet(NULL);
		fleet_close(the_fleet);
		store_close(the_store);
		log_info("stopped: store closed");
	} else
		log_warnx("stopped: a session is still inside the store "
		    "after %d s; it is left open (LMDB stays consistent)",
		    STORE_WAIT);
	if (pidfile != NULL && unlink(pidfile) == -1 && errno != ENOENT)
		log_warnx("PidFile: %s left behind: %s (UserID must be able "
		    "to write its directory)", pidfile, strerror(errno));
	free(pidfile);
	return rc == MI_SUCCESS ? 0 : 1;
}
