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
 * ctl_profile.c: `nilsimsactl profile learn` and `profile show`.
 *
 * The built-in profile calibrates English mail; a site whose mail is in
 * another language learns its own from a sample of its ham. Each message
 * is canonicalised with the configured Canonicalization and MaxBodyBytes,
 * less the forms of reports and invitations (forms.h) and the header
 * blocks of quoted messages (quotes.h) that message.c removes, as
 * `predigest` shows it; digested, and given to libnilsimsa's
 * learner (nilsimsa_learn_add()); the profile is written as text
 * (nilsimsa_profile_write()), which the Profile key loads, or with
 * --format c as the C table of a built-in profile (profile-default.h).
 *
 * Input: message files, directories of them (a Maildir's cur/ and new/),
 * and with --mbox, mbox files split into their messages. Memory stays
 * bounded whatever the input: messages are streamed in chunks and the
 * learner is of fixed size.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "canon.h"
#include "ctl.h"
#include "message.h"

#define READ_CHUNK	65536
/*
 * Fewest messages a profile is learned from. The shares are medians and
 * the directions the leading eigenvectors of a 256 x 256 second-moment
 * matrix: from a few dozen messages both are mostly noise, and the codes
 * of unrelated mail then agree by chance well above 0.
 */
#define LEARN_MIN_MESSAGES	200
/* The longest "From " prefix looked at: '>' quoting is rarely deeper. */
#define MBOX_PREFIX_MAX		64

struct learn {
	struct ctl		*ctl;
	nilsimsa_learner	*l;
	struct canon		*canon;
	nilsimsa_ctx		 nctx;
	unsigned char		*held;		/* the text's first
						   MESSAGE_TEXT_MAX bytes */
	size_t			 hlen;
	int			 holding;	/* held is not digested yet */
	uint64_t		 stripped;	/* bytes of forms and quote
						   headers removed */
	int			 mbox;
	int			 in_msg;
	uint64_t		 seen;		/* messages read */
	uint64_t		 used;		/* learned from */
	uint64_t		 files;
	uint64_t		 vanished;	/* gone from a directory meanwhile */
};

/* The mbox splitter's state, across chunks. */
struct mbox {
	int		bol;		/* at the start of a line */
	int		deciding;	/* reading a line's prefix into pre */
	int		skip_line;	/* in a "From " separator line */
	int		held_nl;	/* an empty line held back */
	size_t		ngt;		/* '>' in the prefix */
	size_t		npre;
	char		pre[MBOX_PREFIX_MAX + 8];
};

/*
 * The held text to the digest, less what message.c takes from the same
 * first MESSAGE_TEXT_MAX bytes (message_strip_text()): the profile is
 * learned from the text the milter digests.
 */
static void
release(struct learn *lp)
{
	if (!lp->holding)
		return;
	lp->holding = 0;
	if (lp->ctl->cfg->canonicalization == CANON_TEXT)
		lp->stripped = message_strip_text(lp->held, &lp->hlen);
	nilsimsa_update(&lp->nctx, lp->held, lp->hlen);
}

/* The canonicaliser's output: held, then digested. */
static void
digest_sink(void *arg, const unsigned char *buf, size_t len)
{
	struct learn	*lp = arg;
	size_t		 n;

	if (lp->holding) {
		n = MESSAGE_TEXT_MAX - lp->hlen;
		if (n > len)
			n = len;
		memcpy(lp->held + lp->hlen, buf, n);
		lp->hlen += n;
		if (n == len)
			return;
		release(lp);
		buf += n;
		len -= n;
	}
	nilsimsa_update(&lp->nctx, buf, len);
}

static void
msg_begin(struct learn *lp)
{
	canon_reset(lp->canon);
	nilsimsa_init(&lp->nctx);
	lp->hlen = 0;
	lp->holding = 1;
	lp->stripped = 0;
	lp->in_msg = 1;
}

static void
msg_bytes(struct learn *lp, const void *buf, size_t len)
{
	if (!lp->in_msg)
		msg_begin(lp);
	if (len > 0)
		canon_body(lp->canon, buf, len);
}

/*
 * The end of a message. One the milter would not digest (below
 * MinBodyBytes) or too short for its shares to mean anything (below
 * NILSIMSA_LEARN_MIN_TOTAL trigrams) is counted as skipped.
 */
static void
msg_end(struct learn *lp)
{
	if (!lp->in_msg)
		return;
	lp->in_msg = 0;
	canon_end(lp->canon);
	release(lp);
	lp->seen++;
	if (canon_out_bytes(lp->canon) - lp->stripped <
	    lp->ctl->cfg->min_body_bytes)
		return;
	lp->used += (uint64_t)nilsimsa_learn_add(lp->l, &lp->nctx);
}

/* ------------------------------------------------------------- mbox */

/*
 * Settle a line's prefix (ngt '>' then the bytes of "From " matched). A
 * bare "From " line separates messages, and the empty line before it
 * belongs to the mbox (RFC 4155); ">From ", ">>From " ... lose one '>'
 * (mboxrd). Text before the first "From " line is a message of its own,
 * so a plain message file given with --mbox is read as one message.
 */
static void
mbox_decide(struct learn *lp, struct mbox *m, int complete)
{
	m->deciding = 0;
	if (complete && m->ngt == 0) {
		msg_end(lp);
		msg_begin(lp);
		m->held_nl = 0;
		m->skip_line = 1;
		return;
	}
	if (m->held_nl && lp->in_msg)
		msg_bytes(lp, "\n", 1);
	m->held_nl = 0;
	if (complete)
		msg_bytes(lp, m->pre + 1, m->npre - 1);
	else
		msg_bytes(lp, m->pre, m->npre);
}

static void
mbox_scan(struct learn *lp, struct mbox *m, const unsigned char *p, size_t len)
{
	const unsigned char	*nl;
	size_t			 i = 0, n;

	while (i < len) {
		if (m->bol && !m->deciding) {
			m->bol = 0;
			if (p[i] == '\n' || (p[i] == '\r' && i + 1 < len &&
			    p[i + 1] == '\n')) {
				/* An empty line: hold it back one line. */
				if (m->held_nl && lp->in_msg)
					msg_bytes(lp, "\n", 1);
				m->held_nl = 1;
				m->bol = 1;
				i += p[i] == '\r' ? 2 : 1;
				continue;
			}
			m->deciding = 1;
			m->ngt = m->npre = 0;
		}
		if (m->deciding) {
			if (m->npre == m->ngt && p[i] == '>' &&
			    m->npre < MBOX_PREFIX_MAX) {
				m->pre[m->npre++] = '>';
				m->ngt++;
				i++;
			} else if (p[i] == (unsigned char)"From "[m->npre - m->ngt]) {
				m->pre[m->npre++] = (char)p[i++];
				if (m->npre - m->ngt == 5)
					mbox_decide(lp, m, 1);
			} else
				mbox_decide(lp, m, 0);
			continue;
		}
		nl = memchr(p + i, '\n', len - i);
		n = nl != NULL ? (size_t)(nl - (p + i)) + 1 : len - i;
		if (!m->skip_line)
			msg_bytes(lp, p + i, n);
		i += n;
		if (nl != NULL) {
			m->bol = 1;
			m->skip_line = 0;
		}
	}
}

/* ------------------------------------------------------------ input */

/* One file: a message, or with --mbox its messages. */
static int
learn_stream(struct learn *lp, const char *path, FILE *fp)
{
	unsigned char	*buf;
	struct mbox	 m;
	size_t		 n;
	int		 rc = CTL_OK;

	if ((buf = malloc(READ_CHUNK)) == NULL) {
		ctl_err("out of memory");
		return CTL_ESTORE;
	}
	memset(&m, 0, sizeof(m));
	m.bol = 1;
	if (!lp->mbox)
		msg_begin(lp);
	while ((n = fread(buf, 1, READ_CHUNK, fp)) > 0) {
		if (lp->mbox)
			mbox_scan(lp, &m, buf, n);
		else
			msg_bytes(lp, buf, n);
	}
	if (ferror(fp)) {
		ctl_err("%s: %s", path, strerror(errno));
		rc = CTL_EFILE;
	}
	if (lp->mbox && m.deciding)	/* a last line cut short */
		mbox_decide(lp, &m, 0);
	if (rc == CTL_OK)
		msg_end(lp);
	lp->in_msg = 0;
	lp->files++;
	free(buf);
	return rc;
}

/*
 * A file named on the command line must be readable; one listed from a
 * directory may have gone meanwhile (a Maildir client moves messages
 * from new/ to cur/): that one is counted, not an error.
 */
static int
learn_file(struct learn *lp, const char *path, int listed)
{
	FILE	*fp;
	int	 rc;

	if (strcmp(path, "-") == 0)
		return learn_stream(lp, "-", stdin);
	if ((fp = fopen(path, "rb")) == NULL) {
		if (listed && errno == ENOENT) {
			lp->vanished++;
			return CTL_OK;
		}
		ctl_err("%s: %s", path, strerror(errno));
		return CTL_EFILE;
	}
	rc = learn_stream(lp, path, fp);
	fclose(fp);
	return rc;
}

static int
visible(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/* Every regular file of a directory, in name order (not recursive). */
static int
learn_dir_files(struct learn *lp, const char *dir)
{
	struct dirent	**ents;
	struct stat	  sb;
	char		  path[4096];
	int		  i, n, rc = CTL_OK;

	if ((n = scandir(dir, &ents, visible, alphasort)) == -1) {
		ctl_err("%s: %s", dir, strerror(errno));
		return CTL_EFILE;
	}
	for (i = 0; i < n; i++) {
		if (rc == CTL_OK) {
			if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
			    ents[i]->d_name) >= sizeof(path)) {
				ctl_err("%s/%s: name too long", dir,
				    ents[i]->d_name);
				rc = CTL_EFILE;
			} else if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode))
				rc = learn_file(lp, path, 1);
		}
		free(ents[i]);
	}
	free(ents);
	return rc;
}

/*
 * A directory: its regular files; a Maildir (one with cur/ and new/)
 * its messages in cur/ and new/, not the files of the mail client
 * beside them.
 */
static int
learn_path(struct learn *lp, const char *path)
{
	struct stat	sb, cur, new;
	char		sub[4096];
	int		rc;

	if (strcmp(path, "-") == 0 || stat(path, &sb) == -1 ||
	    !S_ISDIR(sb.st_mode))
		return learn_file(lp, path, 0);
	snprintf(sub, sizeof(sub), "%s/cur", path);
	if (stat(sub, &cur) == 0 && S_ISDIR(cur.st_mode)) {
		if ((rc = learn_dir_files(lp, sub)) != CTL_OK)
			return rc;
		snprintf(sub, sizeof(sub), "%s/new", path);
		if (stat(sub, &new) == 0 && S_ISDIR(new.st_mode))
			return learn_dir_files(lp, sub);
		return CTL_OK;
	}
	return learn_dir_files(lp, path);
}

/* ------------------------------------------------------------ learn */

static int
name_ok(const char *s)
{
	size_t	len = strlen(s);

	return len >= 1 && len <= NILSIMSA_PROFILE_NAME_MAX &&
	    strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789._-") == len;
}

/*
 * The profile as the C table compiled into libnilsimsa
 * (nilsimsa/profile-default.h is this output on the corpus ham).
 */
static void
print_c(FILE *fp, const nilsimsa_profile *p)
{
	unsigned int	i, j;

	fprintf(fp, "/*\n * Generated by nilsimsactl profile learn --format c: "
	    "do not edit.\n * Learned from %llu messages; see "
	    "docs/calibration.md.\n */\n", (unsigned long long)p->messages);
	fprintf(fp, "static const nilsimsa_profile nsm_profile_%s = {\n",
	    p->name);
	fprintf(fp, "\t.name = \"%s\",\n\t.messages = %llu,\n\t.ndirs = %u,\n",
	    p->name, (unsigned long long)p->messages, p->ndirs);
	fprintf(fp, "\t.share = {\n");
	for (i = 0; i < NILSIMSA_BUCKETS; i++)
		fprintf(fp, "%s%a,%s", i % 4 == 0 ? "\t\t" : " ", p->share[i],
		    i % 4 == 3 ? "\n" : "");
	fprintf(fp, "\t},\n\t.dir = {\n");
	for (j = 0; j < p->ndirs; j++) {
		fprintf(fp, "\t\t{\n");
		for (i = 0; i < NILSIMSA_BUCKETS; i++)
			fprintf(fp, "%s%a,%s", i % 4 == 0 ? "\t\t\t" : " ",
			    p->dir[j][i], i % 4 == 3 ? "\n" : "");
		fprintf(fp, "\t\t},\n");
	}
	fprintf(fp, "\t},\n};\n");
}

/*
 * Write the profile to path (NULL: standard output), as text or with c
 * set as a C table. A file is written beside its final name and renamed,
 * so that a milter restarted meanwhile never reads half a profile.
 */
static int
write_profile(const struct ctl *ctl, const nilsimsa_profile *p, uint64_t seen,
    const char *path, int c)
{
	char		*text, tmp[4096], date[32];
	size_t		 len;
	time_t		 now = (time_t)ctl->now;
	FILE		*fp = stdout;
	int		 rc, werr;

	if ((text = malloc(NILSIMSA_PROFILE_TEXT_MAX)) == NULL) {
		ctl_err("out of memory");
		return CTL_ESTORE;
	}
	if ((rc = nilsimsa_profile_write(p, text, NILSIMSA_PROFILE_TEXT_MAX,
	    &len)) != 0) {
		free(text);
		ctl_err("profile learn: %s", nilsimsa_strerror(rc));
		return CTL_EDATA;
	}
	if (path != NULL) {
		if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", path) >=
		    sizeof(tmp) || (fp = fopen(tmp, "w")) == NULL) {
			ctl_err("%s: %s", path, strerror(errno));
			free(text);
			return CTL_EFILE;
		}
	}
	if (c)
		print_c(fp, p);
	else {
		strftime(date, sizeof(date), "%Y-%m-%d", gmtime(&now));
		/* Comments: nilsimsa_profile_read() skips them. */
		fprintf(fp, "# learned by nilsimsactl profile learn on %s from "
		    "%llu of %llu messages\n# (Canonicalization %s); see "
		    "nilsimsactl(8)\n", date, (unsigned long long)p->messages,
		    (unsigned long long)seen,
		    canon_mode_name(ctl->cfg->canonicalization));
		fwrite(text, 1, len, fp);
	}
	free(text);
	werr = fflush(fp) == EOF || ferror(fp);
	if (path == NULL) {
		if (werr) {
			ctl_err("stdout: write error");
			return CTL_ESTORE;
		}
		return CTL_OK;
	}
	if (fclose(fp) == EOF || werr || rename(tmp, path) == -1) {
		ctl_err("%s: %s", path, strerror(errno));
		unlink(tmp);
		return CTL_EFILE;
	}
	return CTL_OK;
}

int
cmd_profile_learn(struct ctl *ctl, int argc, char **argv)
{
	static const struct option	lo[] = {
		{ "name", required_argument, NULL, 'n' },
		{ "dirs", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "mbox", no_argument, NULL, 'm' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	static const char	 usage[] = "usage: profile learn [--name NAME] "
	    "[--dirs K] [--format text|c] [--mbox] [-o FILE] FILE|DIR...";
	nilsimsa_profile	*p = NULL;
	struct learn		 lp;
	const char		*name = "site", *out = NULL;
	uint64_t		 dirs = NILSIMSA_PROFILE_DIRS;
	int			 ch, i, c = 0, rc = CTL_OK;

	memset(&lp, 0, sizeof(lp));
	lp.ctl = ctl;
	optind = 0;
	while ((ch = getopt_long(argc, argv, "+d:f:mn:o:", lo, NULL)) != -1) {
		switch (ch) {
		case 'd':
			if (ctl_parse_count(optarg, NILSIMSA_PROFILE_DIRS,
			    &dirs) == -1) {
				ctl_err("profile learn: --dirs: not 0 to %d: %s",
				    NILSIMSA_PROFILE_DIRS, optarg);
				return CTL_EUSAGE;
			}
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				c = 0;
			else if (strcmp(optarg, "c") == 0)
				c = 1;
			else {
				ctl_err("profile learn: --format: text or c: %s",
				    optarg);
				return CTL_EUSAGE;
			}
			break;
		case 'm':
			lp.mbox = 1;
			break;
		case 'n':
			name = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		default:
			ctl_bad_option("profile learn", argv);
			return CTL_EUSAGE;
		}
	}
	if (optind == argc) {
		ctl_err("%s", usage);
		return CTL_EUSAGE;
	}
	if (!name_ok(name)) {
		ctl_err("profile learn: --name: 1 to %d of A-Z a-z 0-9 . _ -: %s",
		    NILSIMSA_PROFILE_NAME_MAX, name);
		return CTL_EUSAGE;
	}
	/* The milter's canonicaliser settings. */
	lp.canon = canon_new(ctl->cfg->canonicalization,
	    ctl->cfg->max_body_bytes, 1, digest_sink, &lp);
	lp.held = malloc(MESSAGE_TEXT_MAX);
	lp.l = malloc(sizeof(*lp.l));	/* 2 MB */
	p = malloc(sizeof(*p));
	if (lp.canon == NULL || lp.l == NULL || p == NULL || lp.held == NULL) {
		ctl_err("out of memory");
		rc = CTL_ESTORE;
		goto done;
	}
	canon_set_shown_min(lp.canon, ctl->cfg->min_own_text);
	nilsimsa_learn_init(lp.l);
	for (i = optind; i < argc && rc == CTL_OK; i++)
		rc = learn_path(&lp, argv[i]);
	if (rc != CTL_OK)
		goto done;
	if (lp.used < LEARN_MIN_MESSAGES) {
		ctl_err("profile learn: only %llu usable messages (%llu read, "
		    "%llu too short), at least %d needed: a profile learned "
		    "from fewer is noisy and unrelated mail would match by "
		    "chance", (unsigned long long)lp.used,
		    (unsigned long long)lp.seen,
		    (unsigned long long)(lp.seen - lp.used), LEARN_MIN_MESSAGES);
		rc = CTL_EDATA;
		goto done;
	}
	if ((rc = nilsimsa_learn_finish(lp.l, name, (unsigned int)dirs,
	    p)) != 0) {
		ctl_err("profile learn: %s", nilsimsa_strerror(rc));
		rc = CTL_EDATA;
		goto done;
	}
	if ((rc = write_profile(ctl, p, lp.seen, out, c)) != CTL_OK)
		goto done;
	fprintf(stderr, "nilsimsactl: profile learn: \"%s\" learned from "
	    "%llu messages; %llu skipped as too short (under %zu canonical "
	    "bytes or %d trigrams)", name, (unsigned long long)lp.used,
	    (unsigned long long)(lp.seen - lp.used),
	    ctl->cfg->min_body_bytes, NILSIMSA_LEARN_MIN_TOTAL);
	if (lp.vanished > 0)
		fprintf(stderr, "; %llu files gone while reading",
		    (unsigned long long)lp.vanished);
	fputc('\n', stderr);
done:
	canon_free(lp.canon);
	free(lp.held);
	free(lp.l);
	free(p);
	return rc;
}

/* ------------------------------------------------------------- show */

/* A built-in profile by name, else a profile file. */
static int
load_profile(const char *arg, nilsimsa_profile *p)
{
	const nilsimsa_profile	*b;
	char			*buf;
	FILE			*fp;
	size_t			 n;
	int			 rc;

	if ((b = nilsimsa_profile_builtin(arg)) != NULL) {
		*p = *b;
		return CTL_OK;
	}
	if ((fp = fopen(arg, "r")) == NULL) {
		if (errno == ENOENT && strchr(arg, '/') == NULL)
			ctl_err("profile show: %s: no built-in profile nor "
			    "file of that name", arg);
		else
			ctl_err("%s: %s", arg, strerror(errno));
		return CTL_EFILE;
	}
	/* A profile file is at most NILSIMSA_PROFILE_TEXT_MAX, plus comments. */
	if ((buf = malloc(2 * NILSIMSA_PROFILE_TEXT_MAX)) == NULL) {
		fclose(fp);
		ctl_err("out of memory");
		return CTL_ESTORE;
	}
	n = fread(buf, 1, 2 * NILSIMSA_PROFILE_TEXT_MAX, fp);
	if (ferror(fp)) {
		ctl_err("%s: %s", arg, strerror(errno));
		free(buf);
		fclose(fp);
		return CTL_EFILE;
	}
	fclose(fp);
	rc = n == 2 * NILSIMSA_PROFILE_TEXT_MAX ? NILSIMSA_EPROFILE :
	    nilsimsa_profile_read(buf, n, p);
	free(buf);
	if (rc != 0) {
		ctl_err("%s: %s", arg, nilsimsa_strerror(rc));
		return CTL_EDATA;
	}
	return CTL_OK;
}

struct summary {
	double	min, max;	/* smallest and largest share, times 256 */
	double	effective;	/* exp(entropy): buckets an even spread would use */
	int	top[3];		/* the most common buckets */
};

/*
 * How uneven the buckets are for this mail: an even spread has every
 * share at 1/256. Text in one language crowds some buckets (the reason
 * for calibration); the effective number of buckets says by how much.
 */
static void
summarise(const nilsimsa_profile *p, struct summary *s)
{
	double	h = 0;
	int	i, j, k;

	s->min = s->max = p->share[0];
	for (k = 0; k < 3; k++)
		s->top[k] = -1;
	for (i = 0; i < NILSIMSA_BUCKETS; i++) {
		if (p->share[i] < s->min)
			s->min = p->share[i];
		if (p->share[i] > s->max)
			s->max = p->share[i];
		h -= p->share[i] * log(p->share[i]);
		for (k = 0; k < 3; k++)
			if (s->top[k] == -1 || p->share[i] > p->share[s->top[k]]) {
				for (j = 2; j > k; j--)
					s->top[j] = s->top[j - 1];
				s->top[k] = i;
				break;
			}
	}
	s->min *= NILSIMSA_BUCKETS;
	s->max *= NILSIMSA_BUCKETS;
	s->effective = exp(h);
}

int
cmd_profile_show(struct ctl *ctl, int argc, char **argv)
{
	nilsimsa_profile	*p;
	struct config		 tmp;
	struct summary		 s;
	const char		*arg, *source;
	char			 mode[128], cfgmode[128];
	int			 first, rc, configured;

	if (ctl_opts_json(ctl, argc, argv, &first) != CTL_OK)
		return CTL_EUSAGE;
	if (argc - first > 1) {
		ctl_err("usage: profile show [--json] [NAME|FILE]");
		return CTL_EUSAGE;
	}
	arg = argc - first == 1 ? argv[first] : ctl->cfg->profile;
	if ((p = malloc(sizeof(*p))) == NULL) {
		ctl_err("out of memory");
		return CTL_ESTORE;
	}
	if ((rc = load_profile(arg, p)) != CTL_OK) {
		free(p);
		return rc;
	}
	source = nilsimsa_profile_builtin(arg) != NULL ? "built-in" : arg;
	/* The score mode a store made with this profile records. */
	tmp = *ctl->cfg;
	tmp.score_mode = SCORE_CALIBRATED;
	tmp.profile_data = p;
	config_score_mode(&tmp, mode, sizeof(mode));
	/* The same numbers as the configured profile: the store's test. */
	config_score_mode(ctl->cfg, cfgmode, sizeof(cfgmode));
	configured = strcmp(mode, cfgmode) == 0;
	summarise(p, &s);
	if (ctl->json) {
		rc = ctl_json_print(json_pack("{sssssIsisssbsfsfsfs[iii]}",
		    "name", p->name, "source", source,
		    "messages", (json_int_t)p->messages, "dirs", (int)p->ndirs,
		    "store_mode", mode, "configured", configured,
		    "effective_buckets", s.effective,
		    "share_min", s.min, "share_max", s.max,
		    "top_buckets", s.top[0], s.top[1], s.top[2]));
		free(p);
		return rc;
	}
	printf("name        %s\n", p->name);
	printf("source      %s\n", source);
	printf("messages    %llu learned from\n", (unsigned long long)p->messages);
	printf("dirs        %u directions removed\n", p->ndirs);
	printf("store mode  %s\n", mode);
	printf("configured  %s\n", configured ? "yes" :
	    ctl->cfg->score_mode == SCORE_REFERENCE ?
	    "no (ScoreMode reference)" : "no (another profile)");
	printf("buckets     %.1f of %d effective; shares %.2f to %.2f times "
	    "even; most common %d, %d, %d\n", s.effective, NILSIMSA_BUCKETS,
	    s.min, s.max, s.top[0], s.top[1], s.top[2]);
	free(p);
	return CTL_OK;
}
