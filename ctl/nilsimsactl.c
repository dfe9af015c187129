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
 * nilsimsactl: the administrator's tool for nilsimsa-milter's cluster
 * store. It opens the same store as the running milter, at the same
 * time: listings read short snapshots, 256 clusters each (an LMDB read
 * transaction never blocks the milter nor is blocked by it, but one held
 * open pins the pages the milter frees), changes are single write
 * transactions like the milter's own.
 *
 * The commands are a table, as in OpenSMTPD's smtpctl: name, argument
 * pattern, handler, whether it writes, help. Each handler is in the
 * ctl_*.c file of its concern.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autoconf.h"
#include "ctl.h"
#include "message.h"
#include "log.h"
#include "privs.h"

#ifndef SYSCONFDIR
#define SYSCONFDIR	"/etc"
#endif
#define DEFAULT_CONFIG	SYSCONFDIR "/nilsimsa-milter.conf"
#define DEFAULT_WAIT	10	/* seconds a write waits for the writer lock */

/*
 * The commands, as smtpctl has them: the words that name a command (one
 * or two), its arguments and help for usage, its handler, and what it
 * does with the store, which dispatch enforces (enum ctl_access).
 */
struct ctl_cmd {
	const char	*name;		/* "stats", "profile learn" */
	const char	*args;
	int		(*fn)(struct ctl *, int, char **);
	enum ctl_access	 access;
	const char	*help;
};

static const struct ctl_cmd cmds[] = {
	{ "clusters", "[--top N] [--sort KEY] [--status S] [--since TIME] [--json]",
	    cmd_clusters, CTL_ACC_READ, "list clusters, largest first" },
	{ "show", "[--json] ID", cmd_show, CTL_ACC_READ,
	    "everything known about a cluster" },
	{ "check", "[--json] [--client IP] [--from ADDR] [--rcpt ADDR]... "
	    "FILE|-", cmd_check, CTL_ACC_READ,
	    "what the milter would do with a message (changes nothing)" },
	{ "predigest", "FILE|-", cmd_predigest, CTL_ACC_NONE,
	    "the canonical text digested" },
	{ "digest", "[--json] FILE...", cmd_digest, CTL_ACC_NONE,
	    "nilsimsa codes of messages" },
	{ "compare", "[--json] A B", cmd_compare, CTL_ACC_NONE,
	    "score of two codes or message files" },
	{ "learn", "spam|ham FILE...", cmd_learn, CTL_ACC_CREATE,
	    "mark the messages' clusters spam, or pin them ham" },
	{ "pin", "ID", cmd_pin, CTL_ACC_WRITE,
	    "pin a cluster as ham: never rejected" },
	{ "unpin", "ID", cmd_unpin, CTL_ACC_WRITE,
	    "give a cluster back to the counts" },
	{ "forget", "ID", cmd_forget, CTL_ACC_WRITE, "delete a cluster" },
	{ "expire", "[--dry-run]", cmd_expire, CTL_ACC_WRITE,
	    "delete clusters unseen for longer than their TTL" },
	{ "stats", "[--json]", cmd_stats, CTL_ACC_READ,
	    "clusters by status, counters per hour" },
	{ "export", "", cmd_export, CTL_ACC_READ, "the store as JSON lines" },
	{ "import", "[FILE|-]", cmd_import, CTL_ACC_CREATE,
	    "read JSON lines back" },
	{ "verify", "", cmd_verify, CTL_ACC_VERIFY,
	    "check every page, table and record of the store" },
	{ "profile learn", "[--name NAME] [--dirs K] [--mbox] [-o FILE] "
	    "[--format text|c] FILE|DIR...", cmd_profile_learn, CTL_ACC_NONE,
	    "learn a calibration profile from ham" },
	{ "profile show", "[--json] [NAME|FILE]", cmd_profile_show,
	    CTL_ACC_NONE, "show a profile" },
};
#define NCMDS	(sizeof(cmds) / sizeof(cmds[0]))

static void
usage(FILE *fp)
{
	size_t	i;

	fprintf(fp, "usage: nilsimsactl [-c config] [-s store] [-w seconds] "
	    "[--json] command [args]\n\ncommands:\n");
	for (i = 0; i < NCMDS; i++)
		fprintf(fp, "  %s %s\n      %s%s\n", cmds[i].name, cmds[i].args,
		    cmds[i].help, cmds[i].access >= CTL_ACC_WRITE ?
		    " (writes)" : "");
	fprintf(fp, "\nSee nilsimsactl(8).\n");
}

void
ctl_err(const char *fmt, ...)
{
	va_list	ap;

	fflush(stdout);
	fprintf(stderr, "nilsimsactl: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int
ctl_store_status(int err)
{
	switch (err) {
	case 0:
		return CTL_OK;
	case STORE_ENOTFOUND:
		return CTL_ENOTFOUND;
	case ENOENT:
	case ENOTDIR:
		return CTL_ENOSTORE;
	case STORE_ECORRUPT:
	case STORE_EVERSION:
	case STORE_EPROFILE:
		return CTL_ECORRUPT;
	case STORE_ELOCKED:
	case EAGAIN:
	case EBUSY:
		return CTL_ELOCKED;
	case STORE_EINVAL:
		return CTL_EDATA;
	default:
		return CTL_ESTORE;
	}
}

int
ctl_store_fail(int err, const char *what)
{
	ctl_err("%s: %s", what, store_strerror(err));
	return ctl_store_status(err);
}

static volatile sig_atomic_t	lock_done = -1;	/* import: clusters stored */

/*
 * A write waits for the writer lock, which the milter holds for a
 * moment per message. A writer stuck for longer (a hung process, a copy
 * of the store in use elsewhere) must not hang an administrator's
 * command: after lock_wait seconds the command ends with CTL_ELOCKED.
 */
static void
lock_timeout(int sig)
{
	static const char	msg[] = "nilsimsactl: store locked: "
	    "another process holds the write lock", done[] = "; imported "
	    "before it: the input's first ", tail[] = " clusters";
	char			num[24];
	size_t			i = sizeof(num);
	long			n = lock_done;

	(void)sig;
	(void)!write(STDERR_FILENO, msg, sizeof(msg) - 1);
	if (n >= 0) {			/* async-signal-safe: no printf */
		do
			num[--i] = (char)('0' + n % 10);
		while ((n /= 10) > 0 && i > 0);
		(void)!write(STDERR_FILENO, done, sizeof(done) - 1);
		(void)!write(STDERR_FILENO, num + i, sizeof(num) - i);
		(void)!write(STDERR_FILENO, tail, sizeof(tail) - 1);
	}
	(void)!write(STDERR_FILENO, "\n", 1);
	_exit(CTL_ELOCKED);
}

/* What an import has stored, for the lock timeout to say. */
void
ctl_lock_progress(size_t done)
{
	lock_done = (sig_atomic_t)(done > INT32_MAX ? INT32_MAX : done);
}

void
ctl_lock_arm(const struct ctl *ctl)
{
	if (ctl->lock_wait > 0) {
		signal(SIGALRM, lock_timeout);
		alarm((unsigned)ctl->lock_wait);
	}
}

void
ctl_lock_disarm(void)
{
	alarm(0);
}

/*
 * Run as root, nilsimsactl may have just created the store, or its lock
 * file: hand them to the milter's UserID, as the milter itself does
 * before it drops root, so that the milter can still open them. Nothing
 * to do when that user does not exist (yet): the milter, started as
 * root, hands the files over itself.
 */
static void
ctl_store_own(const struct ctl *ctl)
{
	struct privs	pv;
	char		err[512];

	if (geteuid() != 0 ||
	    privs_lookup(ctl->cfg->userid, &pv, err, sizeof(err)) == -1)
		return;
	if (pv.uid != 0 &&
	    privs_own_store(ctl->store_path, pv.uid, pv.gid, err, sizeof(err)) == -1)
		ctl_err("warning: %s", err);
	free(pv.user);
}

/* Open the store for ctl's access; an error is reported. */
static int
ctl_store_open(struct ctl *ctl)
{
	int	rc, write = ctl->access >= CTL_ACC_WRITE;

	if (write)
		ctl_lock_arm(ctl);
	/* The same score mode as the milter's, or the store refuses. */
	rc = message_store_open(ctl->cfg, ctl->store_path,
	    ctl->access == CTL_ACC_VERIFY ? STORE_RDONLY | STORE_TRIAL :
	    write ? 0 : STORE_RDONLY, &ctl->store);
	ctl_lock_disarm();
	if (rc == 0)
		return CTL_OK;
	ctl->store = NULL;
	if (rc == STORE_ECORRUPT && *store_damage() != '\0')
		ctl_err("store %s: %s: %s", ctl->store_path,
		    store_strerror(rc), store_damage());
	else
		ctl_err("store %s: %s", ctl->store_path, store_strerror(rc));
	return ctl_store_status(rc);
}

/*
 * Stopped by job control (Ctrl-Z) with the store open, this process
 * would keep the store's writer lock or a read snapshot for as long as
 * it stays stopped: the milter's writes would wait on the one, and the
 * pages the other holds could not be used again, until the store filled.
 * Those stops wait until the command ends.
 */
static void
ctl_defer_stops(void)
{
	sigset_t	set;

	sigemptyset(&set);
	sigaddset(&set, SIGTSTP);
	sigaddset(&set, SIGTTIN);
	sigaddset(&set, SIGTTOU);
	(void)sigprocmask(SIG_BLOCK, &set, NULL);
}

int
ctl_store(struct ctl *ctl, struct store **sp)
{
	struct stat		sb;
	char			path[4096], err[512];
	int			rc, fresh;

	if (ctl->store != NULL) {
		*sp = ctl->store;
		return CTL_OK;
	}
	if (ctl->access == CTL_ACC_NONE) {
		ctl_err("internal error: a command without a store asked for it");
		return CTL_ESTORE;
	}
	/* Only CTL_ACC_CREATE may create a store. */
	/* Both backends keep the local LMDB store (redis: its mirror). */
	snprintf(path, sizeof(path), "%s/data.mdb", ctl->store_path);
	fresh = stat(path, &sb) == -1;
	if (fresh && ctl->access != CTL_ACC_CREATE) {
		ctl_err("store %s: %s", ctl->store_path, strerror(errno));
		return ctl_store_status(errno);
	}
	/* a new store only where there is nothing else (-s /var/lib) */
	if (fresh && privs_store_dir(ctl->store_path, err, sizeof(err)) == -1) {
		ctl_err("%s", err);
		return CTL_ENOSTORE;
	}
	/*
	 * The hand-over opens and closes each file, lock.mdb too, and closing
	 * any descriptor of a file drops every POSIX lock the process holds
	 * on it: LMDB's mark that our reader slot is live among them. A
	 * writer's reader check would then free the slot of a read in
	 * progress and reuse its pages. So the store is handed over while
	 * this process has it closed: before the open, or, for a store this
	 * command creates, between making it and opening it again.
	 */
	ctl_defer_stops();
	if (!fresh)
		ctl_store_own(ctl);
	if ((rc = ctl_store_open(ctl)) != CTL_OK)
		return rc;
	if (fresh) {
		store_close(ctl->store);
		ctl->store = NULL;
		ctl_store_own(ctl);
		if ((rc = ctl_store_open(ctl)) != CTL_OK)
			return rc;
	}
	*sp = ctl->store;
	return CTL_OK;
}

/*
 * Copy in to a file that can be read again: an unlinked temporary file
 * in $TMPDIR (else /tmp). Every write is checked, the last buffer too,
 * so that a full disk is an error, not input cut short.
 */
static int
spool(const char *name, FILE *in, FILE **fp)
{
	unsigned char	 buf[8192];
	const char	*dir = getenv("TMPDIR");
	char		 path[4096];
	size_t		 n;
	int		 fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	snprintf(path, sizeof(path), "%s/nilsimsactl.XXXXXX", dir);
	if ((fd = mkstemp(path)) == -1 || unlink(path) == -1 ||
	    (*fp = fdopen(fd, "w+b")) == NULL) {
		ctl_err("%s: a copy in %s: %s", name, dir, strerror(errno));
		if (fd != -1)
			close(fd);
		return CTL_EFILE;
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, *fp) != n)
			break;
	if (ferror(in) || ferror(*fp) || fflush(*fp) == EOF ||
	    fseek(*fp, 0, SEEK_SET) == -1) {
		ctl_err("%s: %s", name, strerror(errno));
		fclose(*fp);
		return CTL_EFILE;
	}
	return CTL_OK;
}

/*
 * Open an input to be read twice (import, learn): a regular file as it
 * is, standard input ("-"), a pipe or a FIFO (<(zcat x.gz), /dev/stdin)
 * copied first, since a second pass would find it empty.
 */
int
ctl_input_twice(const char *name, FILE **fp)
{
	struct stat	 st;
	FILE		*in;
	int		 rc;

	if (strcmp(name, "-") == 0)
		return spool(name, stdin, fp);
	if ((in = fopen(name, "rb")) == NULL) {
		ctl_err("%s: %s", name, strerror(errno));
		return CTL_EFILE;
	}
	if (fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode)) {
		*fp = in;
		return CTL_OK;
	}
	rc = spool(name, in, fp);
	fclose(in);
	return rc;
}

/* Back to an input's start for its second pass. */
int
ctl_input_again(const char *name, FILE *fp)
{
	if (fseek(fp, 0, SEEK_SET) == -1) {
		ctl_err("%s: %s", name, strerror(errno));
		return CTL_EFILE;
	}
	clearerr(fp);
	return CTL_OK;
}

/* Records of the store that did not parse, and were skipped: said, exit 4. */
int
ctl_damaged(size_t n, const char *what)
{
	ctl_err("%zu record%s of the store cannot be read: %s (nilsimsactl "
	    "verify)", n, n == 1 ? "" : "s", what);
	return CTL_ECORRUPT;
}

int
ctl_json_print(json_t *j)
{
	int	rc;

	if (j == NULL) {
		ctl_err("out of memory");
		return CTL_ESTORE;
	}
	rc = json_dumpf(j, stdout, CTL_JSON_FLAGS);
	json_decref(j);
	if (rc != 0 || fputc('\n', stdout) == EOF) {
		ctl_err("stdout: write error");
		return CTL_ESTORE;
	}
	return CTL_OK;
}

int
ctl_opts_json(struct ctl *ctl, int argc, char **argv, int *first)
{
	static const struct option	lo[] = {
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 }
	};
	int				ch;

	/* permuted: --json before or after the operands */
	optind = 0;
	while ((ch = getopt_long(argc, argv, "j", lo, NULL)) != -1) {
		if (ch != 'j') {
			ctl_bad_option(argv[0], argv);
			return CTL_EUSAGE;
		}
		ctl->json = 1;
	}
	*first = optind;
	return CTL_OK;
}

void
ctl_bad_option(const char *cmd, char **argv)
{
	if (optopt != 0 && optopt != '?')
		ctl_err("%s: bad option or missing argument: -%c", cmd, optopt);
	else
		ctl_err("%s: bad option or missing argument: %s", cmd,
		    argv[optind - 1]);
}

/*
 * The command named by the first words of argv: a row whose words all
 * match (two-word rows first, so "profile learn" is never "profile").
 * *nwords gets how many words it took.
 */
static const struct ctl_cmd *
find_cmd(int argc, char **argv, int *nwords)
{
	const char	*sp;
	size_t		 i, n;

	for (i = 0; i < NCMDS; i++) {
		if ((sp = strchr(cmds[i].name, ' ')) == NULL)
			continue;
		n = (size_t)(sp - cmds[i].name);
		if (argc >= 2 && strlen(argv[0]) == n &&
		    strncmp(argv[0], cmds[i].name, n) == 0 &&
		    strcmp(argv[1], sp + 1) == 0) {
			*nwords = 2;
			return &cmds[i];
		}
	}
	for (i = 0; i < NCMDS; i++)
		if (strcmp(cmds[i].name, argv[0]) == 0) {
			*nwords = 1;
			return &cmds[i];
		}
	return NULL;
}

int
main(int argc, char *argv[])
{
	static const struct option	lo[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const struct ctl_cmd	*cmd;
	struct ctl		 ctl;
	char			 err[512];
	uint64_t		 n;
	int			 ch, rc, nwords;

	memset(&ctl, 0, sizeof(ctl));
	ctl.lock_wait = DEFAULT_WAIT;
	opterr = 0;	/* one line of our own for a bad option */
	while ((ch = getopt_long(argc, argv, "+c:hjs:Vw:", lo, NULL)) != -1) {
		switch (ch) {
		case 'c':
			ctl.config_path = optarg;
			break;
		case 'h':
			usage(stdout);
			return CTL_OK;
		case 'j':
			ctl.json = 1;
			break;
		case 's':
			ctl.store_path = optarg;
			break;
		case 'V':
			printf("nilsimsactl %s (libnilsimsa %s)\n", PACKAGE_VERSION,
			    NILSIMSA_VERSION_STRING);
			return CTL_OK;
		case 'w':
			if (ctl_parse_count(optarg, 86400, &n) == -1) {
				ctl_err("-w: not a number of seconds: %s", optarg);
				return CTL_EUSAGE;
			}
			ctl.lock_wait = (int)n;
			break;
		default:
			ctl_bad_option("nilsimsactl", argv);
			return CTL_EUSAGE;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		ctl_err("no command (nilsimsactl help lists them)");
		return CTL_EUSAGE;
	}
	if (strcmp(argv[0], "help") == 0) {
		usage(stdout);
		return CTL_OK;
	}
	if ((cmd = find_cmd(argc, argv, &nwords)) == NULL) {
		ctl_err("unknown command: %s%s%s (see nilsimsactl -h)", argv[0],
		    argc > 1 && strcmp(argv[0], "profile") == 0 ? " " : "",
		    argc > 1 && strcmp(argv[0], "profile") == 0 ? argv[1] : "");
		return CTL_EUSAGE;
	}
	/* --json before a command that has no JSON output: said, not ignored */
	if (ctl.json && strstr(cmd->args, "--json") == NULL &&
	    strcmp(cmd->name, "export") != 0) {
		ctl_err("%s: no --json output (nilsimsactl help)", cmd->name);
		return CTL_EUSAGE;
	}
	/* the handler sees its last word as argv[0], as getopt wants */
	argc -= nwords - 1;
	argv += nwords - 1;

	/* As the milter: no -c and no file at the default place, defaults. */
	if (ctl.config_path == NULL && access(DEFAULT_CONFIG, F_OK) == 0)
		ctl.config_path = DEFAULT_CONFIG;
	ctl.cfg = ctl.config_path != NULL ?
	    config_load(ctl.config_path, err, sizeof(err)) : config_default();
	if (ctl.cfg == NULL) {
		ctl_err("%s", ctl.config_path != NULL ? err : "out of memory");
		return CTL_ECONFIG;
	}
	if (ctl.store_path == NULL)
		ctl.store_path = ctl.cfg->store;
	if (ctl.store_path == NULL || *ctl.store_path == '\0') {
		ctl_err("no store: set Store in the configuration or use -s");
		config_free(ctl.cfg);
		return CTL_ECONFIG;
	}
	/* Store library messages (a corrupt record) go to stderr. */
	log_init("nilsimsactl", 1, 0, 0);
	log_setlevel(LOG_LEVEL_WARNING);
	ctl.now = time(NULL);
	ctl.access = cmd->access;
	rc = cmd->fn(&ctl, argc, argv);
	if (fflush(stdout) == EOF && rc == CTL_OK) {
		ctl_err("stdout: %s", strerror(errno));
		rc = CTL_ESTORE;
	}
	store_close(ctl.store);
	config_free(ctl.cfg);
	return rc;
}
