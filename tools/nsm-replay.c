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
 * nsm-replay: replay the shared corpus through the milter's own code path
 * (message.c: canonicaliser, digest, store, verdict) in time order, with
 * the store's clock driven by the replay time, and report what the filter
 * would have done.
 *
 * Streams:
 *   sa        SpamAssassin ham (easy_ham, easy_ham_2, hard_ham) and spam
 *             (spam, spam_2) together, in time order.
 *   phish     the phishing_pot set, time-shifted so that it starts with
 *             the ham, mixed with the same ham.
 *   families  adversarial families generated from SpamAssassin spam with
 *             a fixed seed (word insertion, hash-busters, white space and
 *             case, HTML comments and invisible text, base64/QP, new
 *             headers per copy), mixed with the ham.
 *
 * Ground truth for "catchable" spam and for campaigns comes from the
 * corpus index (nilsimsa_text, computed by an independent script): two
 * spam messages are copies of one campaign when those codes score >= 90
 * and each has at least TRUTH_MIN_BITS bits set.
 * A spam message is catchable when the campaign had enough earlier copies
 * (within BulkTTL) for the configured RejectThreshold.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "canon.h"
#include "config.h"
#include "log.h"
#include "message.h"
#include "nilsimsa.h"
#include "store.h"
#include "toolutil.h"
#include "util.h"

enum folder {
	F_EASY, F_EASY2, F_HARD, F_SPAM, F_SPAM2, F_PHISH, F_FAMILY, F_OTHER,
	F_CONTROL	/* a ham message perturbed like a family's copy */
};

static const char *folder_prefix[] = {
	"spamassassin-public/easy_ham/", "spamassassin-public/easy_ham_2/",
	"spamassassin-public/hard_ham/", "spamassassin-public/spam/",
	"spamassassin-public/spam_2/", "phishing_pot/email/", NULL, NULL
};

#define IS_HAM(f)	((f) <= F_HARD || (f) == F_CONTROL)

struct item {
	char		*path;		/* relative to the corpus */
	int		 folder;
	int64_t		 t;		/* replay time */
	int		 timed;		/* had a replay time */
	nilsimsa_code	 truth;		/* the index's nilsimsa_text */
	unsigned char	*gen;		/* generated message (families) */
	size_t		 genlen;
	int		 family;	/* -1, or the family it belongs to */

	/* results */
	int		 done;
	int		 digested;
	int		 action;
	int		 list;
	int		 exempt;
	uint64_t	 cluster;
	int		 score;		/* against its cluster; NONE: seeded it */
	nilsimsa_code	 code;
	uint32_t	 subj, from;	/* hashes, for "unrelated" pairs */

	/* ground truth */
	int		 campaign;	/* union-find root among spam */
	int		 catchable;
};

static struct item	*items;
static int		 verbose;
static unsigned		 population = 500;	/* the site's users */
static const char	*dumpdir;	/* --dump: write generated messages here */
static size_t		 nitems, itemcap;
static const char	*corpus;
static uint64_t		 rng_state = 0x9e3779b97f4a7c15ull;

/* xorshift64*: deterministic, seeded once. */
static uint64_t
rnd(void)
{
	return util_xorshift64s(&rng_state);
}

static size_t
rndn(size_t n)
{
	return n ? (size_t)(rnd() % n) : 0;
}

static void *
xcalloc(size_t n, size_t sz)
{
	void	*p;

	if ((p = calloc(n, sz)) == NULL)
		fatal("calloc");
	return p;
}

static void *
xrealloc(void *p, size_t sz)
{
	if ((p = realloc(p, sz)) == NULL)
		fatal("realloc");
	return p;
}

static struct item *
item_add(void)
{
	if (nitems == itemcap) {
		itemcap = itemcap ? itemcap * 2 : 4096;
		items = xrealloc(items, itemcap * sizeof(*items));
	}
	memset(&items[nitems], 0, sizeof(items[0]));
	items[nitems].family = -1;
	items[nitems].campaign = (int)nitems;
	return &items[nitems++];
}

static int
folder_of(const char *path)
{
	int	i;

	for (i = 0; folder_prefix[i] != NULL; i++)
		if (strncmp(path, folder_prefix[i], strlen(folder_prefix[i])) == 0)
			return i;
	return F_OTHER;
}

/*
 * An index code with fewer bits set says too little to call two messages
 * copies: two codes of some 30 bits score about 70 by chance alone, and
 * the reference codes of near-empty texts (a body that is a separator
 * line and a few words, an image alone) score 90 and more against each
 * other whatever they say (the codes of 380 of the 11,506 messages).
 * Such a message has no ground truth.
 */
#define TRUTH_MIN_BITS	64

static int
bits_set(const nilsimsa_code *c)
{
	int	i, n = 0;

	for (i = 0; i < (int)sizeof(c->b); i++)
		n += __builtin_popcount(c->b[i]);
	return n;
}

/* Read index.tsv: path, class, replay_epoch, ..., nilsimsa_text (col 8). */
static void
load_index(void)
{
	char	 fn[4096], *line = NULL, *f[10], *p;
	size_t	 cap = 0;
	FILE	*fp;
	int	 n, folder;

	snprintf(fn, sizeof(fn), "%s/index.tsv", corpus);
	if ((fp = fopen(fn, "r")) == NULL)
		fatal("%s", fn);
	while (getline(&line, &cap, fp) != -1) {
		line[strcspn(line, "\n")] = '\0';
		for (n = 0, p = line; n < 10 && p != NULL; n++)
			f[n] = strsep(&p, "\t");
		if (n < 8 || strcmp(f[0], "path") == 0)
			continue;
		if ((folder = folder_of(f[0])) == F_OTHER)
			continue;	/* tdata: hand-made tests, not for metrics */
		struct item *it = item_add();
		if ((it->path = strdup(f[0])) == NULL)
			fatal("strdup");
		it->folder = folder;
		it->timed = f[2][0] != '\0';
		it->t = it->timed ? strtoll(f[2], NULL, 10) : 0;
		if (nilsimsa_from_hex(f[7], strlen(f[7]), &it->truth) != 0 ||
		    bits_set(&it->truth) < TRUTH_MIN_BITS)
			memset(&it->truth, 0, sizeof(it->truth));
	}
	free(line);
	fclose(fp);
}

/* A whole file; the replay needs every one it names. */
static unsigned char *
read_file(const char *path, size_t *lenp)
{
	unsigned char	*buf;

	if ((buf = tl_read_file(path, lenp)) == NULL)
		fatal("%s", path);
	return buf;
}

static uint32_t
hash_str(const char *s, size_t n)
{
	uint32_t	h = 2166136261u;
	size_t		i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/*
 * The value of header `name` in a message (first occurrence, first line
 * only), or NULL. Good enough for the replay's bookkeeping.
 */
static const char *
find_header(const unsigned char *buf, size_t len, const char *name, size_t *vlen)
{
	size_t	i = 0, nl = strlen(name);

	while (i < len) {
		size_t	eol = i;

		while (eol < len && buf[eol] != '\n')
			eol++;
		if (eol == i || (eol == i + 1 && buf[i] == '\r'))
			return NULL;	/* end of headers */
		if (eol - i > nl && strncasecmp((const char *)buf + i, name, nl) == 0 &&
		    buf[i + nl] == ':') {
			const unsigned char *v = buf + i + nl + 1;

			while (v < buf + eol && (*v == ' ' || *v == '\t'))
				v++;
			*vlen = (size_t)(buf + eol - v);
			if (*vlen > 0 && v[*vlen - 1] == '\r')
				(*vlen)--;
			return (const char *)v;
		}
		i = eol + 1;
	}
	return NULL;
}

/* The subject without Re:/Fwd: prefixes, for "unrelated" pairs. */
static uint32_t
subject_hash(const unsigned char *buf, size_t len)
{
	const char	*v;
	size_t		 n;

	if ((v = find_header(buf, len, "Subject", &n)) == NULL)
		return 0;
	for (;;) {
		while (n > 0 && (*v == ' ' || *v == '\t')) {
			v++;
			n--;
		}
		if (n >= 3 && strncasecmp(v, "re:", 3) == 0) {
			v += 3;
			n -= 3;
		} else if (n >= 4 && (strncasecmp(v, "fwd:", 4) == 0 ||
		    strncasecmp(v, "fw: ", 4) == 0)) {
			v += 4;
			n -= 4;
		} else
			break;
	}
	return hash_str(v, n);
}

/*
 * The client address: the first public IPv4 address, from the top, in
 * brackets or parentheses in the header block (Received lines write the
 * connecting host's address so), the host that handed the message to the
 * site. "" when there is none.
 */
static void
client_ip(const unsigned char *buf, size_t len, char *ip, size_t iplen)
{
	size_t	i;

	ip[0] = '\0';
	for (i = 0; i + 1 < len; i++) {
		unsigned a, b, c, d;
		char	 tail;

		if (buf[i] == '\n' && (buf[i + 1] == '\n' ||
		    (buf[i + 1] == '\r' && i + 2 < len && buf[i + 2] == '\n')))
			return;		/* end of headers */
		if ((buf[i] != '[' && buf[i] != '(') ||
		    sscanf((const char *)buf + i + 1, "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 5 ||
		    tail != (buf[i] == '[' ? ']' : ')') || a > 255 || b > 255 || c > 255 ||
		    d > 255)
			continue;
		if (a == 127 || a == 10 || a == 0 || (a == 192 && b == 168) ||
		    (a == 172 && b >= 16 && b < 32))
			continue;
		snprintf(ip, iplen, "%u.%u.%u.%u", a, b, c, d);
		return;
	}
}

/*
 * The recipient, as a site sees it: ham goes to the corpus's owner, the
 * one user whose mailbox it was (list mail reaches a subscriber, not the
 * list's address in To:); spam, as campaigns do, to users drawn from the
 * site's population, a different one for each copy (the path picks it,
 * so runs repeat). The owner is user0, one of the population.
 */
static void
envelope_rcpt(const struct item *it, char *out, size_t outlen)
{
	snprintf(out, outlen, "user%u@example.org", IS_HAM(it->folder) ? 0 :
	    hash_str(it->path, strlen(it->path)) % population);
}

/* The envelope sender as the MTA saw it: Return-Path, else From. */
static void
envelope_sender(const unsigned char *buf, size_t len, char *out, size_t outlen)
{
	const char	*v, *lt;
	size_t		 n;

	if ((v = find_header(buf, len, "Return-Path", &n)) == NULL &&
	    (v = find_header(buf, len, "From", &n)) == NULL) {
		snprintf(out, outlen, "<>");
		return;
	}
	if ((lt = memchr(v, '<', n)) != NULL) {
		n -= (size_t)(lt + 1 - v);
		v = lt + 1;
		if ((lt = memchr(v, '>', n)) != NULL)
			n = (size_t)(lt - v);
	}
	snprintf(out, outlen, "%.*s", (int)n, v);
}

/* ------------------------------------------------------------ families */

static const char *words[] = {
	"about", "after", "again", "always", "another", "answer", "around",
	"because", "before", "better", "between", "bring", "called", "change",
	"children", "city", "close", "country", "different", "during", "early",
	"enough", "every", "example", "family", "father", "follow", "found",
	"garden", "great", "group", "happen", "house", "important", "island",
	"kitchen", "large", "later", "letter", "light", "little", "mountain",
	"mother", "music", "night", "number", "often", "order", "paper", "people",
	"picture", "place", "plant", "question", "quickly", "river", "school",
	"second", "sentence", "should", "small", "something", "sometimes",
	"state", "still", "story", "study", "table", "thought", "together",
	"under", "until", "water", "weather", "while", "window", "without",
	"world", "would", "write", "yellow", "young", "morning", "evening"
};
#define NWORDS	(sizeof(words) / sizeof(*words))

static void
buf_str(struct tl_buf *b, const char *s)
{
	tl_buf_add(b, s, strlen(s));
}

static void
buf_fmt(struct tl_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
buf_fmt(struct tl_buf *b, const char *fmt, ...)
{
	char	tmp[1024];
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > 0)
		tl_buf_add(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

static void
canon_to_buf(void *arg, const unsigned char *p, size_t n)
{
	struct tl_buf	*b = arg;

	/* the first 16 KiB, however the canonicaliser cuts its output */
	if (b->len < 16384)
		tl_buf_add(b, p, n < 16384 - b->len ? n : 16384 - b->len);
}

static void
rand_token(char *s, size_t n)
{
	static const char	alnum[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	size_t			i;

	for (i = 0; i < n; i++)
		s[i] = alnum[rndn(sizeof(alnum) - 1)];
	s[n] = '\0';
}

/*
 * How often each trick strikes, per thousand words of the seed: random
 * dictionary words inserted, hash-buster strings, HTML comments and
 * invisible text; then, off unless asked for, a word's letters spaced
 * ("f r e e") or dotted ("f.r.e.e"), digits and signs for letters
 * ("fr33"), and unrelated words appended to each copy, so many per
 * thousand of the seed's (--tricks INS,BUST,COMMENT,HIDDEN[,SPACED,
 * DOTTED,LEET,APPEND]).
 */
static int	rate_insert = 100, rate_buster = 15, rate_comment = 20, rate_hidden = 15;
static int	rate_spaced, rate_dotted, rate_leet, rate_append;

/*
 * A word with its letters spaced or dotted by sep ("f r e e", "f.r.e.e"),
 * a UTF-8 character kept whole.
 */
static void
word_split(struct tl_buf *out, const char *w, size_t n, char sep)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (i > 0 && ((unsigned char)w[i] & 0xc0) != 0x80)
			tl_buf_add(out, &sep, 1);
		tl_buf_add(out, w + i, 1);
	}
}

/* A word with some letters written as digits or signs ("fr33 m0ney"). */
static void
word_leet(struct tl_buf *out, const char *w, size_t n)
{
	static const char	from[] = "aeiost", to[] = "4310$7";
	size_t			i;

	for (i = 0; i < n; i++) {
		const char	*f = strchr(from, w[i]);
		char		 ch = w[i];

		if (ch != '\0' && f != NULL && rndn(2) == 0)
			ch = to[f - from];
		tl_buf_add(out, &ch, 1);
	}
}

/* The text of one variant: the seed's words, with the family's tricks. */
static void
variant_text(const char *seed, int html, struct tl_buf *out)
{
	const char	*p = seed;
	char		 tok[40];
	int		 upper = rndn(3) == 0, wsp = rndn(2) == 0;
	size_t		 nw = 0, nseed = 0, n;

	if (html)
		buf_str(out, "<html><body><p>");
	while (*p) {
		const char	*w = p;

		while (*p && *p != ' ')
			p++;
		n = (size_t)(p - w);
		while (*p == ' ')
			p++;
		if (n == 0)
			continue;
		/* random word insertion, about 15% */
		if (rndn(1000) < (size_t)rate_insert) {
			buf_str(out, words[rndn(NWORDS)]);
			buf_str(out, " ");
		}
		/* hash-buster strings */
		if (rndn(1000) < (size_t)rate_buster) {
			rand_token(tok, 8 + rndn(20));
			buf_str(out, tok);
			buf_str(out, " ");
		}
		if (html && rndn(1000) < (size_t)rate_comment) {
			rand_token(tok, 6 + rndn(10));
			buf_fmt(out, "<!-- %s -->", tok);
		}
		if (html && rndn(1000) < (size_t)rate_hidden) {
			rand_token(tok, 5 + rndn(8));
			buf_fmt(out, "<span style=\"display:none\">%s %s</span>", tok,
			    words[rndn(NWORDS)]);
		}
		nseed++;
		/* (no draw for a trick that is off: the same copies as before) */
		if (rate_spaced > 0 && n > 1 && rndn(1000) < (size_t)rate_spaced)
			word_split(out, w, n, ' ');
		else if (rate_dotted > 0 && n > 1 && rndn(1000) < (size_t)rate_dotted)
			word_split(out, w, n, '.');
		else if (rate_leet > 0 && rndn(1000) < (size_t)rate_leet)
			word_leet(out, w, n);
		else if (upper && rndn(100) < 30) {
			size_t	i;

			for (i = 0; i < n && i < sizeof(tok) - 1; i++)
				tok[i] = (char)((w[i] >= 'a' && w[i] <= 'z') ? w[i] - 32 : w[i]);
			tl_buf_add(out, tok, i);
			if (n > i)
				tl_buf_add(out, w + i, n - i);
		} else
			tl_buf_add(out, w, n);
		if (wsp && rndn(100) < 10)
			buf_str(out, rndn(2) ? "\n\n" : "   ");
		else
			buf_str(out, (++nw % 12) == 0 ? "\n" : " ");
	}
	rand_token(tok, 16 + rndn(16));
	buf_fmt(out, "\n%s\n", tok);
	/* unrelated words under the text, as much as rate_append says */
	for (n = nseed * (size_t)rate_append / 1000; n > 0; n--) {
		buf_str(out, words[rndn(NWORDS)]);
		buf_str(out, n % 12 == 1 ? "\n" : " ");
	}
	if (html)
		buf_str(out, "</p></body></html>\n");
}

static void
encode_base64(const char *s, size_t n, struct tl_buf *out)
{
	static const char	b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t			i, col = 0;

	for (i = 0; i < n; i += 3) {
		unsigned v = (unsigned char)s[i] << 16;
		char	 q[4];

		if (i + 1 < n)
			v |= (unsigned char)s[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned char)s[i + 2];
		q[0] = b64[(v >> 18) & 63];
		q[1] = b64[(v >> 12) & 63];
		q[2] = i + 1 < n ? b64[(v >> 6) & 63] : '=';
		q[3] = i + 2 < n ? b64[v & 63] : '=';
		tl_buf_add(out, q, 4);
		if ((col += 4) >= 76) {
			buf_str(out, "\n");
			col = 0;
		}
	}
	buf_str(out, "\n");
}

static void
encode_qp(const char *s, size_t n, struct tl_buf *out)
{
	size_t	i, col = 0;

	for (i = 0; i < n; i++) {
		unsigned char	ch = (unsigned char)s[i];

		if (ch == '\n') {
			buf_str(out, "\n");
			col = 0;
			continue;
		}
		if (col >= 72) {
			buf_str(out, "=\n");
			col = 0;
		}
		if (ch == '=' || ch >= 127 || (ch < 32 && ch != '\t') || rndn(100) < 2) {
			buf_fmt(out, "=%02X", ch);
			col += 3;
		} else {
			tl_buf_add(out, &ch, 1);
			col++;
		}
	}
	buf_str(out, "\n");
}

/* A whole message for one variant, with fresh headers. */
static void
make_variant(const char *seed, int fam, int var, struct tl_buf *msg)
{
	struct tl_buf	 text = { 0 };
	int		 html = rndn(2), enc = (int)rndn(3);
	char		 tok[24];

	variant_text(seed, html, &text);
	rand_token(tok, 12);
	/* from anywhere, as a botnet sends: a random /24 of 100.64.0.0/10 */
	buf_fmt(msg, "Received: from mx%d.example.net (mx%d.example.net "
	    "[100.%d.%d.%d])\n\tby mx.example.org with ESMTP id %s\n",
	    (int)rndn(90), (int)rndn(90), 64 + (int)rndn(64), (int)rndn(256),
	    1 + (int)rndn(250), tok);
	buf_fmt(msg, "Message-ID: <%s.%d.%d@example.net>\n", tok, fam, var);
	rand_token(tok, 8);
	buf_fmt(msg, "From: %s <%s@example.net>\n", tok, tok);
	buf_fmt(msg, "To: user%d@example.org\n", (int)rndn(10000));
	buf_fmt(msg, "Subject: offer %s\n", tok);
	buf_fmt(msg, "X-Mailer: mailer-%d.%d\n", (int)rndn(10), (int)rndn(100));
	buf_str(msg, "MIME-Version: 1.0\n");
	buf_fmt(msg, "Content-Type: text/%s; charset=utf-8\n", html ? "html" : "plain");
	buf_fmt(msg, "Content-Transfer-Encoding: %s\n\n",
	    enc == 0 ? "8bit" : enc == 1 ? "base64" : "quoted-printable");
	if (enc == 0)
		tl_buf_add(msg, text.buf, text.len);
	else if (enc == 1)
		encode_base64((char *)text.buf, text.len, msg);
	else
		encode_qp((char *)text.buf, text.len, msg);
	free(text.buf);
}

/* The canonical text of a corpus message, as the seed of a family. */
static char *
seed_text(const char *path)
{
	char		 fn[4096];
	unsigned char	*raw;
	size_t		 len;
	struct tl_buf	 b = { 0 };
	struct canon	*c;

	snprintf(fn, sizeof(fn), "%s/%s", corpus, path);
	raw = read_file(fn, &len);
	if ((c = canon_new(CANON_TEXT, 0, 1, canon_to_buf, &b)) == NULL)
		fatal("canon_new");
	canon_body(c, raw, len);
	canon_end(c);
	canon_free(c);
	free(raw);
	return (char *)b.buf;
}

/*
 * Families: `nfam` spam messages from SpamAssassin spam (canonical text of
 * at least 400 bytes), `nvar` variants each, sent like a campaign: over
 * two days from a random start within the span of the other items.
 */
#define FAMILY_SPAN	(2 * 86400)
static void
add_families(int nfam, int nvar)
{
	size_t	 i, nseed = 0, *seeds = xcalloc(nitems, sizeof(size_t));
	int64_t	 t0 = INT64_MAX, t1 = 0, start;
	int	 f, v;

	for (i = 0; i < nitems; i++) {
		if (items[i].folder == F_SPAM || items[i].folder == F_SPAM2)
			seeds[nseed++] = i;
		if (items[i].timed) {
			t0 = items[i].t < t0 ? items[i].t : t0;
			t1 = items[i].t > t1 ? items[i].t : t1;
		}
	}
	for (f = 0; f < nfam && nseed > 0; ) {
		size_t	 k = rndn(nseed);
		char	*seed = seed_text(items[seeds[k]].path);

		seeds[k] = seeds[--nseed];
		if (seed == NULL || strlen(seed) < 400) {
			free(seed);
			continue;
		}
		start = t0 + (int64_t)rndn((size_t)(t1 - t0 + 1));
		for (v = 0; v < nvar; v++) {
			struct tl_buf	 msg = { 0 };
			struct item	*it;

			make_variant(seed, f, v, &msg);
			if (dumpdir != NULL) {
				char	 fn[4096];
				FILE	*fp;

				snprintf(fn, sizeof(fn), "%s/family-%d-%d.eml", dumpdir, f, v);
				if ((fp = fopen(fn, "w")) == NULL)
					fatal("%s", fn);
				fwrite(msg.buf, 1, msg.len, fp);
				fclose(fp);
			}
			it = item_add();
			it->folder = F_FAMILY;
			it->family = f;
			it->gen = msg.buf;
			it->genlen = msg.len;
			it->timed = 1;
			it->t = start + (int64_t)rndn(FAMILY_SPAN);
			if (asprintf(&it->path, "family-%d/%d", f, v) == -1)
				fatal("asprintf");
		}
		free(seed);
		f++;
	}
	free(seeds);
}

/*
 * Controls: `n` ham messages (canonical text of at least 400 bytes), each
 * once more with its text perturbed as a family's copies are (inserted
 * words, hash-busters, HTML tricks, another transfer encoding), under its
 * own header block: the same sender, client address and recipient, a day
 * later. Mail is forwarded, edited and sent again; none of it is bulk.
 */
static void
add_controls(int n)
{
	size_t	 i, nham = 0, *ham = xcalloc(nitems, sizeof(size_t));
	int	 made = 0;

	for (i = 0; i < nitems; i++)
		if (IS_HAM(items[i].folder) && items[i].timed)
			ham[nham++] = i;
	while (made < n && nham > 0) {
		size_t		 k = rndn(nham), len, hl;
		struct item	 orig = items[ham[k]];
		char		*seed = seed_text(orig.path), fn[4096];
		unsigned char	*raw, *body;
		struct tl_buf	 msg = { 0 }, text = { 0 };
		struct item	*it;
		int		 html = (int)rndn(2);

		ham[k] = ham[--nham];
		if (seed == NULL || strlen(seed) < 400) {
			free(seed);
			continue;
		}
		snprintf(fn, sizeof(fn), "%s/%s", corpus, orig.path);
		raw = read_file(fn, &len);
		/* its header block, less what described the old body */
		body = (unsigned char *)strstr((char *)raw, "\n\n");
		hl = body != NULL ? (size_t)(body - raw) + 1 : len;
		for (i = 0; i < hl; ) {
			size_t	e = i;

			while (e < hl && raw[e] != '\n')
				e++;
			while (e + 1 < hl && (raw[e + 1] == ' ' || raw[e + 1] == '\t'))
				for (e++; e < hl && raw[e] != '\n'; e++)
					;
			if (strncasecmp((char *)raw + i, "Content-", 8) != 0 &&
			    strncasecmp((char *)raw + i, "MIME-Version", 12) != 0)
				tl_buf_add(&msg, raw + i, e + 1 - i);
			i = e + 1;
		}
		variant_text(seed, html, &text);
		buf_fmt(&msg, "MIME-Version: 1.0\nContent-Type: text/%s; "
		    "charset=utf-8\nContent-Transfer-Encoding: %s\n\n",
		    html ? "html" : "plain", rndn(2) ? "base64" : "8bit");
		if (strstr((char *)msg.buf, "base64\n\n") != NULL)
			encode_base64((char *)text.buf, text.len, &msg);
		else
			tl_buf_add(&msg, text.buf, text.len);
		free(text.buf);
		free(raw);
		free(seed);
		it = item_add();
		it->folder = F_CONTROL;
		it->gen = msg.buf;
		it->genlen = msg.len;
		it->timed = 1;
		it->t = orig.t + 86400;
		if (asprintf(&it->path, "control-%d(%s)", made, orig.path) == -1)
			fatal("asprintf");
		made++;
	}
	free(ham);
}

/* ------------------------------------------------------------ replay */


static int
by_time(const void *a, const void *b)
{
	const struct item	*x = a, *y = b;

	if (x->timed != y->timed)
		return x->timed ? -1 : 1;	/* untimed last */
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return strcmp(x->path, y->path);
}

static int
find_root(int i)
{
	while (items[i].campaign != i) {
		items[i].campaign = items[items[i].campaign].campaign;
		i = items[i].campaign;
	}
	return i;
}

/* The user a spam copy is sent to (envelope_rcpt). */
static unsigned
spam_user(const struct item *it)
{
	return hash_str(it->path, strlen(it->path)) % population;
}

/*
 * Ground truth: campaigns are the connected groups of spam whose index
 * codes score >= 90; a spam message is catchable when its earlier copies
 * within CampaignWindow, with it, reached RejectThreshold different users
 * (at least one earlier copy).
 */
static void
ground_truth(const struct config *cfg)
{
	size_t		i, j, k;
	static const nilsimsa_code zero;
	unsigned	*users;

	if ((users = calloc(cfg->reject_threshold + 1, sizeof(*users))) == NULL)
		fatal("calloc");
	for (i = 0; i < nitems; i++) {
		uint64_t earlier = 0, distinct = 1;

		users[0] = spam_user(&items[i]);

		if (IS_HAM(items[i].folder) || items[i].folder == F_FAMILY ||
		    memcmp(&items[i].truth, &zero, sizeof(zero)) == 0)
			continue;
		for (j = 0; j < i; j++) {
			if (IS_HAM(items[j].folder) || items[j].folder == F_FAMILY)
				continue;
			if (nilsimsa_score(&items[i].truth, &items[j].truth) < 90)
				continue;
			if (items[i].t - items[j].t <= cfg->campaign_window) {
				earlier++;
				for (k = 0; k < distinct &&
				    users[k] != spam_user(&items[j]); k++)
					;
				if (k == distinct &&
				    distinct < cfg->reject_threshold)
					users[distinct++] = spam_user(&items[j]);
			}
			items[find_root((int)i)].campaign = find_root((int)j);
		}
		items[i].catchable = earlier >= 1 &&
		    distinct >= cfg->reject_threshold;
	}
	free(users);
	for (i = 0; i < nitems; i++)
		items[i].campaign = find_root((int)i);
}

static double
replay(const struct config *cfg, struct store *store)
{
	struct message		*m;
	struct message_result	 r;
	double			 spent = 0, t;
	size_t			 i;
	char			 fn[4096], ip[64], sender[256], rcpt[256];

	if ((m = message_new(cfg, 1)) == NULL)
		fatal("message_new");
	for (i = 0; i < nitems; i++) {
		struct item	*it = &items[i];
		unsigned char	*raw;
		size_t		 len, n;
		const char	*v;

		if (it->gen != NULL) {
			raw = it->gen;
			len = it->genlen;
		} else {
			snprintf(fn, sizeof(fn), "%s/%s", corpus, it->path);
			raw = read_file(fn, &len);
		}
		it->subj = subject_hash(raw, len);
		it->from = (v = find_header(raw, len, "From", &n)) ? hash_str(v, n) : 0;
		client_ip(raw, len, ip, sizeof(ip));
		envelope_sender(raw, len, sender, sizeof(sender));
		envelope_rcpt(it, rcpt, sizeof(rcpt));

		t = util_now();
		if (message_reset(m, cfg) == -1)
			fatal("message_reset");
		message_client_str(m, ip[0] ? ip : "192.0.2.1");
		message_qid(m, it->path);
		message_sender(m, sender);
		message_rcpt(m, rcpt);
		message_body(m, raw, len);
		message_finish(m, store, it->t, 0, &r);
		spent += util_now() - t;

		if (r.store_err != 0)
			fatalx("%s: store: %s", it->path, store_strerror(r.store_err));
		it->done = 1;
		it->digested = r.digested;
		it->action = r.verdict.action;
		it->list = message_list_mail(m);
		it->exempt = message_exempt(m);
		it->cluster = r.digested ? r.res.c.id : 0;
		it->score = r.digested && r.res.found ? r.res.score :
		    STORE_SCORE_NONE;
		it->code = r.code;
		if (verbose > 2 && it->family >= 0)
			printf("family %d %s: %s cluster %llu%s score %d runner-up %d compared %zu "
			    "bytes %llu reason %s\n", it->family, it->path,
			    verdict_action_name(it->action), (unsigned long long)it->cluster,
			    r.res.created ? "(new)" : "", r.res.score, r.res.runner_up,
			    r.res.compared, (unsigned long long)r.body_bytes, r.verdict.reason);
		if (verbose && it->catchable && !verdict_withheld(it->action))
			printf("missed %s: %s cluster %llu%s score %d runner-up %d compared %zu "
			    "messages %llu recipients %llu networks %u reason %s\n",
			    it->path, verdict_action_name(it->action),
			    (unsigned long long)it->cluster, r.res.created ? "(new)" : "",
			    r.res.score, r.res.runner_up, r.res.compared,
			    (unsigned long long)r.res.c.messages,
			    (unsigned long long)r.res.c.recipients, r.res.c.networks,
			    r.verdict.reason);
		if (verbose && (verdict_withheld(it->action) || (verbose > 1 &&
		    it->action == VERDICT_TAG)) && IS_HAM(it->folder))
			printf("ham %s: %s cluster %llu score %d runner-up %d "
			    "messages %llu recipients %llu networks %u reason %s\n",
			    it->path, verdict_action_name(it->action),
			    (unsigned long long)it->cluster, r.res.score, r.res.runner_up,
			    (unsigned long long)r.res.c.messages,
			    (unsigned long long)r.res.c.recipients, r.res.c.networks,
			    r.verdict.reason);
		if (it->gen == NULL)
			free(raw);
	}
	message_free(m);
	return spent;
}

/* ------------------------------------------------------------ report */

struct tally {
	size_t	n, rejected, tagged;
};


static void
tally_add(struct tally *t, const struct item *it)
{
	t->n++;
	if (verdict_withheld(it->action))
		t->rejected++;
	else if (it->action == VERDICT_TAG)
		t->tagged++;
}

static double
pct(size_t a, size_t b)
{
	return b ? 100.0 * (double)a / (double)b : 0.0;
}

static void
print_tally(const char *name, const struct tally *t)
{
	printf("  %-28s %6zu  rejected %5zu (%6.3f%%)  tagged %5zu (%6.2f%%)\n",
	    name, t->n, t->rejected, pct(t->rejected, t->n), t->tagged,
	    pct(t->tagged, t->n));
}

struct outcome {
	struct tally	personal, list, hard, ham, spam, control;
	size_t		catchable, caught;
	size_t		pairs, pairs_above;
	int		median_pair;
	size_t		copies, copies_above;	/* ground-truth copy pairs */
	int		median_copy, p10_copy;
	size_t		fam_members, fam_joined, fam_count, ham_in_fam;
	size_t		ham_copy_in_fam;	/* of them joined as copies */
	size_t		fam_late, fam_late_rejected;	/* copies after the
					   first RejectThreshold of their family */
	uint64_t	reject_threshold;
	size_t		campaigns, leaked_total, leaked_max;
	double		ms_per_msg;
};

/* Unrelated ham pairs: different subjects and senders, random, seeded. */
static void
ham_pairs(const struct config *cfg, size_t want, struct outcome *o)
{
	size_t	*ham = xcalloc(nitems, sizeof(size_t)), nham = 0, i, tries = 0;
	int	*scores = xcalloc(want ? want : 1, sizeof(int));

	for (i = 0; i < nitems; i++)
		if (IS_HAM(items[i].folder) && items[i].digested)
			ham[nham++] = i;
	while (nham > 1 && o->pairs < want && tries++ < want * 20) {
		const struct item *a = &items[ham[rndn(nham)]], *b = &items[ham[rndn(nham)]];
		int	 s;

		if (a == b || a->subj == b->subj || a->from == b->from)
			continue;
		s = nilsimsa_score(&a->code, &b->code);
		scores[o->pairs++] = s;
		if (s > cfg->similarity_threshold)
			o->pairs_above++;
	}
	if (o->pairs > 0) {
		qsort(scores, o->pairs, sizeof(int), tl_cmp_int);
		o->median_pair = scores[o->pairs / 2];
	}
	free(scores);
	free(ham);
}

/* The highest score of it against a member of family f. */
static int
best_member_score(const struct item *it, int f)
{
	size_t	j;
	int	s, best = STORE_SCORE_NONE;

	for (j = 0; j < nitems; j++)
		if (items[j].family == f && items[j].digested &&
		    (s = nilsimsa_score(&it->code, &items[j].code)) > best)
			best = s;
	return best;
}

/*
 * Pairs of spam the ground truth calls copies (index codes >= 90): how
 * our codes score them (median, 10th percentile, share above
 * SimilarityThreshold).
 */
static void
copy_pairs(const struct config *cfg, struct outcome *o)
{
	size_t	 i, j, cap = 1 << 20;
	int	*scores = xcalloc(cap, sizeof(int));
	static const nilsimsa_code zero;

	for (i = 0; i < nitems && o->copies < cap; i++) {
		if (IS_HAM(items[i].folder) || items[i].folder == F_FAMILY ||
		    !items[i].digested || memcmp(&items[i].truth, &zero, sizeof(zero)) == 0)
			continue;
		for (j = i + 1; j < nitems && o->copies < cap; j++) {
			int	s;

			if (IS_HAM(items[j].folder) || items[j].folder == F_FAMILY ||
			    !items[j].digested ||
			    nilsimsa_score(&items[i].truth, &items[j].truth) < 90)
				continue;
			s = nilsimsa_score(&items[i].code, &items[j].code);
			scores[o->copies++] = s;
			if (s > cfg->similarity_threshold)
				o->copies_above++;
		}
	}
	if (o->copies > 0) {
		qsort(scores, o->copies, sizeof(int), tl_cmp_int);
		o->median_copy = scores[o->copies / 2];
		o->p10_copy = scores[o->copies / 10];
	}
	free(scores);
}

static void
families(struct outcome *o)
{
	size_t	i, j;
	int	f, nfam = 0;

	for (i = 0; i < nitems; i++)
		if (items[i].family + 1 > nfam)
			nfam = items[i].family + 1;
	for (f = 0; f < nfam; f++) {
		uint64_t	best = 0;
		size_t		bestn = 0, members = 0;

		/* The family's cluster: where most of its members went. */
		for (i = 0; i < nitems; i++) {
			size_t	n = 0;

			if (items[i].family != f)
				continue;
			members++;
			if (!items[i].digested)
				continue;
			for (j = 0; j < nitems; j++)
				if (items[j].family == f && items[j].cluster == items[i].cluster)
					n++;
			if (n > bestn) {
				bestn = n;
				best = items[i].cluster;
			}
		}
		o->fam_count++;
		o->fam_members += members;
		o->fam_joined += bestn;
		/* copies from the (RejectThreshold + 1)th on, in time order */
		for (i = 0; i < nitems; i++) {
			size_t	before = 0;

			if (items[i].family != f)
				continue;
			for (j = 0; j < nitems; j++)
				if (items[j].family == f && (items[j].t < items[i].t ||
				    (items[j].t == items[i].t && j < i)))
					before++;
			if (before < o->reject_threshold)
				continue;
			o->fam_late++;
			if (verdict_withheld(items[i].action))
				o->fam_late_rejected++;
		}
		for (i = 0; i < nitems; i++)
			if (IS_HAM(items[i].folder) && best != 0 && items[i].cluster == best) {
				o->ham_in_fam++;
				if (items[i].score >= STORE_COPY_MIN)
					o->ham_copy_in_fam++;
				if (verbose)
					printf("ham in family %d's cluster %llu: %s "
					    "(joined at %d, %s; best score against a "
					    "member %d)\n", f, (unsigned long long)best,
					    items[i].path, items[i].score,
					    items[i].score == STORE_SCORE_NONE ?
					    "seeded it" : items[i].score >=
					    STORE_COPY_MIN ? "a copy" : "not a copy",
					    best_member_score(&items[i], f));
			}
	}
}

/* Messages of each campaign delivered before its first reject. */
static void
campaigns(struct outcome *o)
{
	size_t	i, j;

	for (i = 0; i < nitems; i++) {
		size_t	leaked = 0, members = 0;
		int	rejected = 0;

		if (items[i].campaign != (int)i || IS_HAM(items[i].folder) ||
		    items[i].folder == F_FAMILY)
			continue;
		for (j = 0; j < nitems; j++) {
			if (items[j].campaign != (int)i)
				continue;
			members++;
			if (verdict_withheld(items[j].action))
				rejected = 1;
			else if (!rejected)
				leaked++;
		}
		if (!rejected || members < 2)
			continue;
		o->campaigns++;
		o->leaked_total += leaked;
		if (leaked > o->leaked_max)
			o->leaked_max = leaked;
	}
}

static void
evaluate(const struct config *cfg, size_t npairs, double spent, struct outcome *o)
{
	size_t	i, n = 0;

	memset(o, 0, sizeof(*o));
	o->reject_threshold = cfg->reject_threshold;
	for (i = 0; i < nitems; i++) {
		const struct item *it = &items[i];

		if (!it->done)
			continue;
		n++;
		if (it->folder == F_CONTROL)
			tally_add(&o->control, it);
		else if (IS_HAM(it->folder)) {
			tally_add(&o->ham, it);
			tally_add(it->folder == F_HARD ? &o->hard :
			    it->list ? &o->list : &o->personal, it);
		} else if (it->folder != F_FAMILY) {
			tally_add(&o->spam, it);
			if (it->catchable) {
				o->catchable++;
				if (verdict_withheld(it->action))
					o->caught++;
			}
		}
	}
	ham_pairs(cfg, npairs, o);
	copy_pairs(cfg, o);
	families(o);
	campaigns(o);
	o->ms_per_msg = n ? spent * 1e3 / (double)n : 0;
}

static void
report(const char *stream, const struct config *cfg, const struct outcome *o)
{
	printf("stream %s: %zu messages, %.3f ms per message\n", stream,
	    o->ham.n + o->spam.n + o->fam_members + o->control.n, o->ms_per_msg);
	printf("  settings: SimilarityThreshold %d, TagThreshold %llu, RejectThreshold %llu, "
	    "RejectMinNetworks %u, SpreadThreshold %llu, Canonicalization %s\n",
	    cfg->similarity_threshold, (unsigned long long)cfg->tag_threshold,
	    (unsigned long long)cfg->reject_threshold, cfg->reject_min_networks,
	    (unsigned long long)cfg->spread_threshold,
	    cfg->canonicalization == CANON_RAW ? "raw" : "text");
	print_tally("ham, personal", &o->personal);
	print_tally("ham, lists and newsletters", &o->list);
	print_tally("ham, hard_ham", &o->hard);
	print_tally("ham, all", &o->ham);
	if (o->control.n > 0)
		print_tally("ham, perturbed controls", &o->control);
	print_tally("spam", &o->spam);
	printf("  spam catchable %zu, caught %zu (%.1f%%)\n", o->catchable, o->caught,
	    pct(o->caught, o->catchable));
	printf("  campaigns rejected %zu: leaked before first reject %zu in all, %zu at most\n",
	    o->campaigns, o->leaked_total, o->leaked_max);
	printf("  unrelated ham pairs %zu: median score %d, above %d: %zu (%.3f%%)\n",
	    o->pairs, o->median_pair, cfg->similarity_threshold, o->pairs_above,
	    pct(o->pairs_above, o->pairs));
	printf("  spam copy pairs (index codes >= 90) %zu: median score %d, 10th percentile %d, "
	    "above %d: %.1f%%\n", o->copies, o->median_copy, o->p10_copy,
	    cfg->similarity_threshold, pct(o->copies_above, o->copies));
	if (o->fam_count > 0)
		printf("  families %zu, members %zu, in their family's cluster %zu (%.1f%%), "
		    "ham in family clusters %zu (as copies %zu)\n", o->fam_count,
		    o->fam_members, o->fam_joined, pct(o->fam_joined, o->fam_members),
		    o->ham_in_fam, o->ham_copy_in_fam);
	if (o->fam_late > 0)
		printf("  family copies from the %lluth on rejected %zu of %zu (%.1f%%)\n",
		    (unsigned long long)o->reject_threshold + 1, o->fam_late_rejected,
		    o->fam_late, pct(o->fam_late_rejected, o->fam_late));
}

/* The targets; returns the number missed. */
static int
check_targets(const struct outcome *o)
{
	int	missed = 0;

#define TARGET(cond, fmt, ...) do {					\
	if (!(cond)) {							\
		printf("  TARGET MISSED: " fmt "\n", __VA_ARGS__);	\
		missed++;						\
	}								\
} while (0)
	TARGET(o->personal.rejected == 0, "personal ham rejected: %zu", o->personal.rejected);
	TARGET(o->control.rejected == 0, "perturbed ham controls rejected: %zu",
	    o->control.rejected);
	TARGET(o->ham.rejected * 1000 <= o->ham.n, "ham rejected %zu of %zu (> 0.1%%)",
	    o->ham.rejected, o->ham.n);
	TARGET(o->pairs_above * 200 <= o->pairs, "unrelated ham pairs above threshold "
	    "%zu of %zu (> 0.5%%)", o->pairs_above, o->pairs);
	TARGET(o->catchable < 20 || o->caught * 100 >= o->catchable * 95,
	    "catchable spam caught %zu of %zu (< 95%%)", o->caught, o->catchable);
	TARGET(o->fam_members == 0 || o->fam_joined * 100 >= o->fam_members * 95,
	    "family members in their cluster %zu of %zu (< 95%%)", o->fam_joined,
	    o->fam_members);
	/*
	 * A ham message that joined below STORE_COPY_MIN is never rejected
	 * for its cluster (verdict.c), whatever the cluster becomes: only
	 * ham joined as a copy is at risk.
	 */
	TARGET(o->ham_copy_in_fam == 0, "ham messages joined as copies to family "
	    "clusters: %zu", o->ham_copy_in_fam);
	TARGET(o->fam_late == 0 || o->fam_late_rejected * 100 >= o->fam_late * 95,
	    "family copies after RejectThreshold rejected %zu of %zu (< 95%%)",
	    o->fam_late_rejected, o->fam_late);
#undef TARGET
	return missed;
}

/* ------------------------------------------------------------ main */

static void
select_stream(const char *stream)
{
	size_t	i, k = 0;
	int64_t	ham0 = INT64_MAX, phish0 = INT64_MAX;
	int	phish = strcmp(stream, "phish") == 0;

	for (i = 0; i < nitems; i++) {
		struct item	*it = &items[i];
		int		 keep = IS_HAM(it->folder) ||
		    (phish ? it->folder == F_PHISH : it->folder == F_SPAM || it->folder == F_SPAM2);

		if (strcmp(stream, "families") == 0)
			keep = IS_HAM(it->folder) || it->folder == F_SPAM || it->folder == F_SPAM2;
		if (!keep) {
			free(it->path);
			continue;
		}
		items[k++] = *it;
	}
	nitems = k;
	if (!phish)
		return;
	/* Shift the phishing set to start with the ham. */
	for (i = 0; i < nitems; i++) {
		if (!items[i].timed)
			continue;
		if (IS_HAM(items[i].folder) && items[i].t < ham0)
			ham0 = items[i].t;
		if (items[i].folder == F_PHISH && items[i].t < phish0)
			phish0 = items[i].t;
	}
	for (i = 0; i < nitems; i++)
		if (items[i].folder == F_PHISH && items[i].timed)
			items[i].t += ham0 - phish0;
}


static void
usage(void)
{
	fprintf(stderr,
	    "usage: nsm-replay [-c config] [--corpus DIR] [--stream sa|phish|families]\n"
	    "                  [--limit N] [--seed N] [--families N] [--variants N]\n"
	    "                  [--pairs N] [--check] [--store DIR] [--verbose] [--dump DIR]\n"
	    "                  [--tricks INSERT,BUSTER,COMMENT,HIDDEN[,SPACED,DOTTED,LEET,APPEND]\n"
	    "                   (per 1000 words)]\n"
	    "                  [--population N (users spam is sent to; 500)]\n"
	    "                  [--controls N (ham messages sent again, perturbed)]\n");
	exit(2);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "corpus", required_argument, NULL, 'C' },
		{ "stream", required_argument, NULL, 'S' },
		{ "limit", required_argument, NULL, 'l' },
		{ "seed", required_argument, NULL, 's' },
		{ "families", required_argument, NULL, 'F' },
		{ "controls", required_argument, NULL, 'X' },
		{ "variants", required_argument, NULL, 'v' },
		{ "pairs", required_argument, NULL, 'p' },
		{ "check", no_argument, NULL, 'k' },
		{ "store", required_argument, NULL, 'd' },
		{ "verbose", no_argument, NULL, 'V' },
		{ "tricks", required_argument, NULL, 'T' },
		{ "dump", required_argument, NULL, 'D' },
		{ "population", required_argument, NULL, 'P' },
		{ NULL, 0, NULL, 0 }
	};
	struct config		*cfg;
	struct store		*store;
	struct outcome		 o;
	const char		*cfgpath = NULL, *stream = "sa", *storedir = NULL;
	char			 err[512], tmpl[] = "/tmp/nsm-replay.XXXXXX";
	size_t			 limit = 0, npairs = 20000;
	int			 ch, check = 0, nfam = 0, nvar = 20, rc, missed = 0;
	int			 nctl = 0;
	double			 spent;

	log_init("nsm-replay", 1, 0, 0);
	log_setlevel(LOG_LEVEL_WARNING);
	corpus = getenv("NSM_SHARED") ? NULL : "../shared/corpus";
	while ((ch = getopt_long(argc, argv, "c:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'c': cfgpath = optarg; break;
		case 'C': corpus = optarg; break;
		case 'S': stream = optarg; break;
		case 'l': limit = strtoul(optarg, NULL, 10); break;
		case 's':
			rng_state ^= strtoull(optarg, NULL, 10) * 0x9e3779b97f4a7c15ull;
			if (rng_state == 0)	/* --seed 1: xorshift stays at 0 */
				rng_state = 0x2545f4914f6cdd1dull;
			break;
		case 'F': nfam = atoi(optarg); break;
		case 'X': nctl = atoi(optarg); break;
		case 'v': nvar = atoi(optarg); break;
		case 'p': npairs = strtoul(optarg, NULL, 10); break;
		case 'k': check = 1; break;
		case 'd': storedir = optarg; break;
		case 'V': verbose++; break;
		case 'D': dumpdir = optarg; break;
		case 'P':
			if ((population = (unsigned)strtoul(optarg, NULL, 10)) == 0)
				usage();
			break;
		case 'T':
			if (sscanf(optarg, "%d,%d,%d,%d,%d,%d,%d,%d", &rate_insert,
			    &rate_buster, &rate_comment, &rate_hidden, &rate_spaced,
			    &rate_dotted, &rate_leet, &rate_append) < 4)
				usage();
			break;
		default: usage();
		}
	}
	if (optind != argc || (strcmp(stream, "sa") && strcmp(stream, "phish") &&
	    strcmp(stream, "families")))
		usage();
	if (corpus == NULL) {
		static char	buf[4096];

		snprintf(buf, sizeof(buf), "%s/corpus", getenv("NSM_SHARED"));
		corpus = buf;
	}
	if (strcmp(stream, "families") == 0 && nfam == 0)
		nfam = 40;

	cfg = cfgpath ? config_load(cfgpath, err, sizeof(err)) : config_default();
	if (cfg == NULL)
		fatalx("%s", cfgpath ? err : "out of memory");

	load_index();
	select_stream(stream);
	if (nfam > 0)
		add_families(nfam, nvar);
	if (nctl > 0)
		add_controls(nctl);
	qsort(items, nitems, sizeof(*items), by_time);
	if (limit > 0 && limit < nitems)
		nitems = limit;
	for (size_t i = 0; i < nitems; i++)
		items[i].campaign = (int)i;
	ground_truth(cfg);

	if (storedir == NULL && (storedir = mkdtemp(tmpl)) == NULL)
		fatal("mkdtemp");
	if ((rc = message_store_open(cfg, storedir, 0, &store)) != 0)
		fatalx("store %s: %s", storedir, store_strerror(rc));

	spent = replay(cfg, store);
	evaluate(cfg, npairs, spent, &o);
	report(stream, cfg, &o);
	if (check)
		missed = check_targets(&o);
	store_close(store);
	if (storedir == tmpl &&
	    tl_rm_tree(tmpl) == -1)
		log_warn("could not remove %s", tmpl);
	config_free(cfg);
	return missed ? 1 : 0;
}
