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
 * nilsimsa(1): print, compare and match nilsimsa codes of files, message
 * bodies and the messages of an mbox. Input is streamed in fixed chunks,
 * so memory use does not depend on the input.
 */

#include "autoconf.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "nilsimsa.h"

#define EX_MATCH	0
#define EX_NOMATCH	1
#define EX_ERROR	2
#define CHUNK		65536

struct opts {
	int		skip_headers;
	int		mbox;
	int		json;
	int		compare;
	int		have_code;	/* -c */
	nilsimsa_code	code;
	int		threshold;	/* -t */
};

/* A digest of one input, optionally of its body only. */
struct sink {
	nilsimsa_ctx	ctx;
	int		skip;	/* still in the header (-s) */
	int		hstate;	/* header scanner state, see sink_add() */
};

/* Where a header scan is: H_BOL at a line start, H_CR after a CR there. */
enum { H_BOL, H_LINE, H_CR };

/* The mbox scanner: where the current line's "From " test stands. */
struct mbox {
	struct sink	sink;
	int		in_msg;		/* a message has begun */
	unsigned long	nmsg;
	int		bol;		/* at the start of a line */
	int		deciding;	/* reading a line's prefix */
	int		skip_line;	/* in a "From " separator line */
	size_t		ngt;		/* '>' seen at the line start */
	size_t		nfrom;		/* bytes of "From " matched after them */
	int		held_nl;	/* an empty line, held back */
};

static const char	*progname = "nilsimsa";
static int		 status = EX_NOMATCH;	/* with -c; else 0 */
static int		 had_error;
static int		 matched;

static void	warnx_(const char *, ...)
		    __attribute__((__format__(__printf__, 1, 2)));

/* An error about one input: say so, carry on, exit 2 at the end. */
static void
warnx_(const char *fmt, ...)
{
	va_list	ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	had_error = 1;
}

static void
usage(FILE *fp)
{
	fprintf(fp,
"usage: nilsimsa [-s] [--mbox] [--json] [FILE...]\n"
"       nilsimsa [-s] [--mbox] [--json] -c CODE [-t N] [FILE...]\n"
"       nilsimsa [-s] [--json] --compare A B\n"
"Print the nilsimsa code of each FILE (standard input for - or none).\n"
"  -s, --skip-headers  digest only the body, after the first empty line\n"
"      --mbox          one code per message of an mbox file (FILE:N)\n"
"  -c, --code CODE     list only inputs scoring above N against CODE;\n"
"                      exit 0 if any did, 1 if none\n"
"  -t, --threshold N   the score to exceed with -c (-128..128, default 0)\n"
"      --compare A B   print the score of A and B, each a code or a file\n"
"      --json          write JSON lines\n"
"  -h, --help          show this help\n"
"  -V, --version       show the version\n");
}

/* ---- digesting */

static void
sink_init(struct sink *s, int skip_headers)
{
	nilsimsa_init(&s->ctx);
	s->skip = skip_headers;
	s->hstate = H_BOL;
}

/*
 * Add bytes; while skipping the header, look for its end: an empty line,
 * "\n" or "\r\n" at the start of a line (or of the input).
 */
static void
sink_add(struct sink *s, const unsigned char *p, size_t len)
{
	size_t	i;

	for (i = 0; s->skip && i < len; i++) {
		switch (s->hstate) {
		case H_BOL:
			if (p[i] == '\n')
				s->skip = 0;
			else
				s->hstate = p[i] == '\r' ? H_CR : H_LINE;
			break;
		case H_CR:
			if (p[i] == '\n')
				s->skip = 0;
			else
				s->hstate = H_LINE;
			break;
		default:
			if (p[i] == '\n')
				s->hstate = H_BOL;
			break;
		}
	}
	nilsimsa_update(&s->ctx, p + i, len - i);
}

/* Make a JSON string of a file name, replacing bytes that are not UTF-8. */
static json_t *
json_name(const char *name)
{
	const unsigned char	*p = (const unsigned char *)name;
	char			*buf, *q;
	json_t			*j;
	size_t			 n, k;

	if ((j = json_string(name)) != NULL)
		return j;
	if ((buf = malloc(strlen(name) * 3 + 1)) == NULL)
		return NULL;
	for (q = buf; *p != '\0'; p += n) {
		n = *p < 0x80 ? 1 : (*p & 0xe0) == 0xc0 ? 2 :
		    (*p & 0xf0) == 0xe0 ? 3 : (*p & 0xf8) == 0xf0 ? 4 : 0;
		for (k = 1; k < n && (p[k] & 0xc0) == 0x80; k++)
			;
		if (n == 0 || k < n) {
			memcpy(q, "\xef\xbf\xbd", 3);	/* U+FFFD */
			q += 3;
			n = 1;
			continue;
		}
		memcpy(q, p, n);
		q += n;
	}
	*q = '\0';
	j = json_string(buf);	/* overlong forms may still be refused */
	if (j == NULL)
		j = json_string("\xef\xbf\xbd");
	free(buf);
	return j;
}

static void
print_json(json_t *obj)
{
	char	*s;

	if (obj == NULL || (s = json_dumps(obj, JSON_COMPACT)) == NULL) {
		warnx_("out of memory");
		json_decref(obj);
		return;
	}
	puts(s);
	free(s);
	json_decref(obj);
}

/* Report the code of one input, or its score against -c. */
static void
emit(const struct opts *o, const struct sink *s, const char *name)
{
	nilsimsa_code	code;
	char		hex[NILSIMSA_HEX_LEN + 1];
	int		score = 0;

	nilsimsa_final(&s->ctx, &code);
	nilsimsa_to_hex(&code, hex);
	if (o->have_code) {
		score = nilsimsa_score(&o->code, &code);
		if (score <= o->threshold)
			return;
		matched = 1;
	}
	if (o->json) {
		json_t	*obj = json_pack("{s:o, s:s, s:I}", "name",
		    json_name(name), "code", hex, "length",
		    (json_int_t)nilsimsa_length(&s->ctx));

		if (obj != NULL && o->have_code)
			json_object_set_new(obj, "score", json_integer(score));
		print_json(obj);
	} else if (o->have_code)
		printf("%d %s %s\n", score, hex, name);
	else
		printf("%s %s\n", hex, name);
}

/* ---- mbox */

static void
mbox_add(struct mbox *m, const unsigned char *p, size_t len)
{
	if (len > 0 && m->in_msg)
		sink_add(&m->sink, p, len);
}

static void
mbox_finish(const struct opts *o, struct mbox *m, const char *name)
{
	char	*label;

	if (!m->in_msg)
		return;
	m->in_msg = 0;
	if (asprintf(&label, "%s:%lu", name, m->nmsg) == -1) {
		warnx_("out of memory");
		return;
	}
	emit(o, &m->sink, label);
	free(label);
}

static void
mbox_begin(const struct opts *o, struct mbox *m)
{
	sink_init(&m->sink, o->skip_headers);
	m->in_msg = 1;
	m->nmsg++;
}

/*
 * Settle a line's prefix: ngt '>' then nfrom bytes of "From ". A bare
 * "From " line separates messages (the empty line before it belongs to
 * the mbox, not the message); ">From ", ">>From " ... lose one '>'.
 */
static void
mbox_decide(const struct opts *o, struct mbox *m, const char *name,
    int complete)
{
	static const unsigned char gts[64] = { [0 ... 63] = '>' };
	size_t	n;

	m->deciding = 0;
	if (complete && m->ngt == 0) {
		mbox_finish(o, m, name);
		m->held_nl = 0;
		m->skip_line = 1;
		mbox_begin(o, m);
		return;
	}
	if (!m->in_msg)			/* text before any "From " line */
		mbox_begin(o, m);
	if (m->held_nl)
		mbox_add(m, (const unsigned char *)"\n", 1);
	m->held_nl = 0;
	n = complete ? m->ngt - 1 : m->ngt;
	for (; n > 0; n -= n < sizeof(gts) ? n : sizeof(gts))
		mbox_add(m, gts, n < sizeof(gts) ? n : sizeof(gts));
	mbox_add(m, (const unsigned char *)"From ", m->nfrom);
}

static void
mbox_scan(const struct opts *o, struct mbox *m, const char *name,
    const unsigned char *p, size_t len)
{
	size_t	i = 0, start;

	while (i < len) {
		if (m->bol) {
			m->bol = 0;
			if (p[i] == '\n' && !m->skip_line) {
				/* An empty line: hold it back one line. */
				if (m->held_nl && !m->in_msg)
					mbox_begin(o, m);
				if (m->held_nl)
					mbox_add(m, (const unsigned char *)"\n", 1);
				m->held_nl = 1;
				m->bol = 1;
				i++;
				continue;
			}
			m->deciding = 1;
			m->ngt = m->nfrom = 0;
		}
		if (m->deciding) {
			if (m->nfrom == 0 && p[i] == '>') {
				m->ngt++;
				i++;
			} else if (p[i] == (unsigned char)"From "[m->nfrom]) {
				i++;
				if (++m->nfrom == 5)
					mbox_decide(o, m, name, 1);
			} else
				mbox_decide(o, m, name, 0);
			continue;
		}
		/* The rest of the line, verbatim (or dropped if a separator). */
		start = i;
		while (i < len && p[i] != '\n')
			i++;
		if (i < len) {
			i++;
			m->bol = 1;
		}
		if (!m->skip_line)
			mbox_add(m, p + start, i - start);
		if (m->bol)
			m->skip_line = 0;
	}
}

/* ---- inputs */

static int
open_input(const char *path)
{
	int	fd;

	if (strcmp(path, "-") == 0)
		return STDIN_FILENO;
	if ((fd = open(path, O_RDONLY)) == -1)
		warnx_("%s: %s", path, strerror(errno));
	return fd;
}

/* Digest one file (or each message of it with --mbox); 0 or -1. */
static int
do_input(const struct opts *o, const char *path, struct sink *out)
{
	static unsigned char	 buf[CHUNK];
	const char		*name = strcmp(path, "-") == 0 ? "-" : path;
	struct mbox		 m;
	struct sink		 s;
	ssize_t			 n;
	int			 fd;

	if ((fd = open_input(path)) == -1)
		return -1;
	memset(&m, 0, sizeof(m));
	m.bol = 1;
	sink_init(&s, o->skip_headers);
	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (o->mbox)
			mbox_scan(o, &m, name, buf, (size_t)n);
		else
			sink_add(&s, buf, (size_t)n);
	}
	if (n == -1)
		warnx_("%s: %s", name, strerror(errno));
	if (fd != STDIN_FILENO)
		close(fd);
	if (n == -1)
		return -1;
	if (o->mbox) {
		if (m.deciding)
			mbox_decide(o, &m, name, 0);
		mbox_finish(o, &m, name);
	} else if (out != NULL)
		*out = s;
	else
		emit(o, &s, name);
	return 0;
}

static int
parse_code(const char *arg, nilsimsa_code *code)
{
	int	rc;

	if ((rc = nilsimsa_from_hex(arg, strlen(arg), code)) != 0)
		warnx_("bad code \"%s\": %s", arg, nilsimsa_strerror(rc));
	return rc;
}

/* A --compare operand: 64 hex digits, else a file to digest. */
static int
compare_operand(const struct opts *o, const char *arg, nilsimsa_code *code)
{
	struct sink	s;
	size_t		len = strlen(arg);

	if (nilsimsa_from_hex(arg, len, code) == 0)
		return 0;
	if (strcmp(arg, "-") != 0 && access(arg, F_OK) == -1) {
		/* Neither: say what it looked most like. */
		if (len == NILSIMSA_HEX_LEN ||
		    strspn(arg, "0123456789abcdefABCDEF") == len)
			return parse_code(arg, code);
		warnx_("%s: %s", arg, strerror(errno));
		return -1;
	}
	if (do_input(o, arg, &s) == -1)
		return -1;
	nilsimsa_final(&s.ctx, code);
	return 0;
}

static int
do_compare(const struct opts *o, const char *a, const char *b)
{
	nilsimsa_code	ca, cb;
	int		score;

	if (compare_operand(o, a, &ca) == -1 ||
	    compare_operand(o, b, &cb) == -1)
		return EX_ERROR;
	score = nilsimsa_score(&ca, &cb);
	if (o->json)
		print_json(json_pack("{s:o, s:o, s:i}", "a", json_name(a),
		    "b", json_name(b), "score", score));
	else
		printf("%d\n", score);
	return 0;
}

static int
parse_threshold(const char *arg, int *t)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' ||
	    v < NILSIMSA_SCORE_MIN || v > NILSIMSA_SCORE_MAX) {
		warnx_("bad threshold \"%s\": want an integer from -128 to 128",
		    arg);
		return -1;
	}
	*t = (int)v;
	return 0;
}

int
main(int argc, char *argv[])
{
	enum { OPT_MBOX = 256, OPT_COMPARE, OPT_JSON };
	static const struct option longopts[] = {
		{ "skip-headers",	no_argument,		NULL, 's' },
		{ "mbox",		no_argument,		NULL, OPT_MBOX },
		{ "compare",		no_argument,		NULL, OPT_COMPARE },
		{ "code",		required_argument,	NULL, 'c' },
		{ "threshold",		required_argument,	NULL, 't' },
		{ "json",		no_argument,		NULL, OPT_JSON },
		{ "help",		no_argument,		NULL, 'h' },
		{ "version",		no_argument,		NULL, 'V' },
		{ NULL,			0,			NULL, 0 }
	};
	struct opts	o;
	int		ch, i, have_t = 0;

	memset(&o, 0, sizeof(o));
	while ((ch = getopt_long(argc, argv, "sc:t:hV", longopts, NULL)) != -1) {
		switch (ch) {
		case 's':
			o.skip_headers = 1;
			break;
		case OPT_MBOX:
			o.mbox = 1;
			break;
		case OPT_COMPARE:
			o.compare = 1;
			break;
		case OPT_JSON:
			o.json = 1;
			break;
		case 'c':
			if (parse_code(optarg, &o.code) != 0)
				return EX_ERROR;
			o.have_code = 1;
			break;
		case 't':
			if (parse_threshold(optarg, &o.threshold) == -1)
				return EX_ERROR;
			have_t = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("nilsimsa (%s) %s, libnilsimsa %s\n",
			    PACKAGE_NAME, PACKAGE_VERSION,
			    NILSIMSA_VERSION_STRING);
			return 0;
		default:
			usage(stderr);
			return EX_ERROR;
		}
	}
	argc -= optind;
	argv += optind;

	if (have_t && !o.have_code) {
		fprintf(stderr, "%s: -t needs -c CODE\n", progname);
		return EX_ERROR;
	}
	if (o.compare) {
		if (argc != 2 || o.mbox || o.have_code) {
			fprintf(stderr, "%s: --compare takes two operands, A and B,"
			    " and neither --mbox nor -c\n", progname);
			return EX_ERROR;
		}
		status = do_compare(&o, argv[0], argv[1]);
	} else if (argc == 0)
		do_input(&o, "-", NULL);
	else
		for (i = 0; i < argc; i++)
			do_input(&o, argv[i], NULL);

	if (fflush(stdout) == EOF || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", progname,
		    strerror(errno));
		return EX_ERROR;
	}
	if (had_error)
		return EX_ERROR;
	if (o.compare)
		return status;
	if (o.have_code)
		return matched ? EX_MATCH : EX_NOMATCH;
	return 0;
}
