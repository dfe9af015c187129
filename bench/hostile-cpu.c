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
 * hostile-cpu: the canonicaliser's CPU time per MiB of body, for each
 * message file given (the inputs of tests/hostile/gen.py; see
 * bench/hostile-cpu.sh).
 *
 *	hostile-cpu [-d] [-b budget-ms] [-m max-in] [-s min-size] [-t min-ms] FILE...
 *
 * Each file is a whole message (headers and body). It is fed to one
 * canonicaliser (CANON_TEXT, with_headers, max_in as the milter's
 * MaxBodyBytes, default 4 MiB) in 65535-byte pieces, as Postfix hands
 * the body to a milter, and again after canon_reset() until at least
 * min-ms (default 20) of CPU time (user + system, getrusage) has been
 * spent, so that short inputs are timed over many runs. The first run
 * counts: it opens the converters, as a message does. With -d the
 * canonical text is also digested (nilsimsa_update, as the milter does),
 * so that the figure is the milter's whole cost of a body bar SHA-256.
 *
 * Printed: inputs of at least min-size body bytes (default 64 KiB)
 * ranked by CPU ms per MiB of body, worst first, then the smaller ones
 * ranked by CPU microseconds per message (there the fixed cost of a
 * message dominates any per-MiB figure). Exit status 1 when an input of
 * at least min-size costs more than budget-ms per MiB (default 50).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "canon.h"
#include "nilsimsa.h"

#define CHUNK	65535	/* Postfix's largest body chunk to a milter */

struct result {
	const char	*name;
	uint64_t	 in;		/* body bytes looked at, one run */
	uint64_t	 out;		/* canonical bytes, one run */
	unsigned	 flags;
	unsigned	 runs;
	double		 us_msg;	/* CPU microseconds per run */
	double		 ms_mib;	/* CPU milliseconds per MiB of body */
};

static nilsimsa_ctx	nctx;

static void
digest_out(void *arg, const unsigned char *buf, size_t len)
{
	(void)arg;
	nilsimsa_update(&nctx, buf, len);
}

static double
cpu_us(void)
{
	struct rusage	ru;

	if (getrusage(RUSAGE_SELF, &ru) == -1) {
		perror("getrusage");
		exit(2);
	}
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 +
	    ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

static unsigned char *
slurp(const char *path, size_t *lenp)
{
	FILE		*fp;
	unsigned char	*buf = NULL, *nb;
	size_t		 len = 0, cap = 0, n;

	if ((fp = fopen(path, "rb")) == NULL)
		return NULL;
	for (;;) {
		if (cap - len < CHUNK) {
			cap = cap ? cap * 2 : 1 << 20;
			if ((nb = realloc(buf, cap)) == NULL) {
				free(buf);
				fclose(fp);
				errno = ENOMEM;
				return NULL;
			}
			buf = nb;
		}
		if ((n = fread(buf + len, 1, cap - len, fp)) == 0)
			break;
		len += n;
	}
	if (ferror(fp)) {
		free(buf);
		fclose(fp);
		errno = EIO;
		return NULL;
	}
	fclose(fp);
	*lenp = len;
	return buf;
}

/* The file name without directories and .eml: the case name. */
static const char *
case_name(const char *path)
{
	const char	*s = strrchr(path, '/');
	char		*name, *dot;

	if ((name = strdup(s ? s + 1 : path)) == NULL)
		return path;
	if ((dot = strrchr(name, '.')) != NULL && strcmp(dot, ".eml") == 0)
		*dot = '\0';
	return name;
}

static int
by_ms_mib(const void *a, const void *b)
{
	const struct result	*x = a, *y = b;

	return (x->ms_mib < y->ms_mib) - (x->ms_mib > y->ms_mib);
}

static int
by_us_msg(const void *a, const void *b)
{
	const struct result	*x = a, *y = b;

	return (x->us_msg < y->us_msg) - (x->us_msg > y->us_msg);
}

static void
usage(void)
{
	fprintf(stderr, "usage: hostile-cpu [-d] [-b budget-ms] [-m max-in] [-s min-size] "
	    "[-t min-ms] FILE...\n");
	exit(2);
}

static unsigned long long
number(const char *s)
{
	char			*end;
	unsigned long long	 v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0')
		usage();
	return v;
}

int
main(int argc, char **argv)
{
	struct result	*res;
	struct canon	*c;
	unsigned char	*buf;
	double		 budget = 50, min_ms = 20, t0, spent;
	uint64_t	 max_in = 4 << 20, min_size = 64 << 10;
	nilsimsa_code	 code;
	size_t		 len, off, i, n = 0, nbig, over = 0;
	int		 ch, digest = 0;

	while ((ch = getopt(argc, argv, "b:dm:s:t:")) != -1) {
		switch (ch) {
		case 'b': budget = number(optarg); break;
		case 'd': digest = 1; break;
		case 'm': max_in = number(optarg); break;
		case 's': min_size = number(optarg); break;
		case 't': min_ms = number(optarg); break;
		default: usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		usage();
	if ((res = calloc(argc, sizeof(*res))) == NULL ||
	    (c = canon_new(CANON_TEXT, max_in, 1, digest ? digest_out : NULL, NULL)) == NULL) {
		perror("hostile-cpu");
		return 2;
	}
	for (i = 0; i < (size_t)argc; i++) {
		struct result	*r = &res[n];

		if ((buf = slurp(argv[i], &len)) == NULL) {
			fprintf(stderr, "hostile-cpu: %s: %s\n", argv[i], strerror(errno));
			continue;
		}
		r->name = case_name(argv[i]);
		t0 = cpu_us();
		do {
			canon_reset(c);
			nilsimsa_init(&nctx);
			for (off = 0; off < len; off += CHUNK)
				canon_body(c, buf + off, len - off < CHUNK ? len - off : CHUNK);
			canon_end(c);
			if (digest)
				nilsimsa_final(&nctx, &code);
			r->runs++;
			spent = cpu_us() - t0;
		} while (spent < min_ms * 1000);
		r->in = canon_in_bytes(c);
		r->out = canon_out_bytes(c);
		r->flags = canon_flags(c);
		r->us_msg = spent / r->runs;
		r->ms_mib = r->in ? r->us_msg / 1000 / ((double)r->in / (1 << 20)) : 0;
		free(buf);
		n++;
	}
	canon_free(c);

	/* the large inputs first, by ms per MiB; then the small ones */
	for (nbig = 0, i = 0; i < n; i++) {
		if (res[i].in >= min_size) {
			struct result	tmp = res[nbig];

			res[nbig++] = res[i];
			res[i] = tmp;
		}
	}
	qsort(res, nbig, sizeof(*res), by_ms_mib);
	qsort(res + nbig, n - nbig, sizeof(*res), by_us_msg);
	printf("# %s: %zu inputs of at least %llu body bytes, CPU per MiB of body, "
	    "worst first (budget %.0f ms/MiB)\n", digest ? "canonicaliser and digest" :
	    "canonicaliser", nbig, (unsigned long long)min_size, budget);
	printf("%9s %10s %10s %10s %5s  %s\n", "ms/MiB", "us/msg", "in", "out", "flags", "case");
	for (i = 0; i < nbig; i++) {
		printf("%9.2f %10.0f %10llu %10llu %5x  %s%s\n", res[i].ms_mib, res[i].us_msg,
		    (unsigned long long)res[i].in, (unsigned long long)res[i].out,
		    res[i].flags, res[i].name, res[i].ms_mib > budget ? "  OVER BUDGET" : "");
		over += res[i].ms_mib > budget;
	}
	printf("# %zu smaller inputs, CPU per message, worst first\n", n - nbig);
	printf("%9s %10s %10s %10s %5s  %s\n", "ms/MiB", "us/msg", "in", "out", "flags", "case");
	for (i = nbig; i < n; i++)
		printf("%9.2f %10.0f %10llu %10llu %5x  %s\n", res[i].ms_mib, res[i].us_msg,
		    (unsigned long long)res[i].in, (unsigned long long)res[i].out,
		    res[i].flags, res[i].name);
	printf("# %zu of %zu large inputs over %.0f ms/MiB\n", over, nbig, budget);
	return over ? 1 : 0;
}
