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
 * Profiles: calibrated nilsimsa codes (see the profile section of
 * nilsimsa.h and docs/calibration.md for the method and its figures).
 *
 * Floating point: a code bit is the sign of a sum of products. So that
 * every build computes the same bits, the sums are done in double in a
 * fixed order and the compiler is told not to fuse multiply-adds (a fused
 * multiply-add rounds differently, which could flip a bit that sits
 * exactly on its threshold on one machine and not on another).
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("fp-contract=off")
#endif
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nilsimsa.h"

#define NB		NILSIMSA_BUCKETS
#define HBINS		512		/* histogram bins of log2(256 * share) */
#define HLO		(-6.0)		/* ... from 2^-6 ... */
#define HHI		6.0		/* ... to 2^6 times the uniform share */
/*
 * The shares learning can give (median()), and so all a profile may
 * hold: a share far smaller makes its bucket's bit set by any count,
 * and a table of such shares makes every text's code alike (a profile
 * with one share of 0.99 and the others 1e-300 scored two unrelated
 * letters 124).
 */
#define SHARE_MIN	(0.999 / (1 << 6) / NB)
#define SHARE_MAX	(1.001 * (1 << 6) / NB)

#include "profile-default.h"

static const nilsimsa_profile *const builtins[] = {
	&nsm_profile_default,
};
#define NBUILTIN	(sizeof(builtins) / sizeof(builtins[0]))

static int
valid_name(const char *s)
{
	size_t	i;

	for (i = 0; s[i] != '\0'; i++) {
		if (i >= NILSIMSA_PROFILE_NAME_MAX)
			return 0;
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '.' || s[i] == '_' || s[i] == '-'))
			return 0;
	}
	return i > 0;
}

/* The cheap part of the check, done on every code. */
static int
usable(const nilsimsa_profile *p)
{
	int	i;

	if (p->ndirs > NILSIMSA_PROFILE_DIRS)
		return 0;
	for (i = 0; i < NB; i++)
		if (!(p->share[i] >= SHARE_MIN && p->share[i] <= SHARE_MAX))
			return 0;
	return 1;
}

int
nilsimsa_profile_check(const nilsimsa_profile *p)
{
	double		sum, dot;
	unsigned int	j, k;
	int		i;

	if (p == NULL)
		return NILSIMSA_EINVAL;
	if (memchr(p->name, '\0', sizeof(p->name)) == NULL ||
	    !valid_name(p->name) || !usable(p))
		return NILSIMSA_EPROFILE;
	/*
	 * Medians of shares need not sum to 1 exactly, but far from it the
	 * table is not shares at all.
	 */
	sum = 0.0;
	for (i = 0; i < NB; i++)
		sum += p->share[i];
	if (!(sum > 0.95 && sum < 1.05))
		return NILSIMSA_EPROFILE;
	for (j = 0; j < p->ndirs; j++) {
		for (k = 0; k <= j; k++) {
			dot = 0.0;
			for (i = 0; i < NB; i++)
				dot += p->dir[j][i] * p->dir[k][i];
			if (!(fabs(dot - (j == k ? 1.0 : 0.0)) < 1e-3))
				return NILSIMSA_EPROFILE;
		}
	}
	return NILSIMSA_SUCCESS;
}

int
nilsimsa_final_profile(const nilsimsa_ctx *ctx, const nilsimsa_profile *p,
    nilsimsa_code *code)
{
	double		x[NB], total, proj;
	unsigned int	j;
	int		i;

	if (ctx == NULL || p == NULL || code == NULL)
		return NILSIMSA_EINVAL;
	if (!usable(p))
		return NILSIMSA_EPROFILE;
	memset(code, 0, sizeof(*code));
	total = (double)nilsimsa_total(ctx);
	if (total == 0.0)
		return NILSIMSA_SUCCESS;
	/* Deviation from the profile, in units of its Poisson noise. */
	for (i = 0; i < NB; i++)
		x[i] = ((double)ctx->acc[i] - total * p->share[i]) /
		    sqrt(p->share[i]);
	/* Remove what all mail shares. */
	for (j = 0; j < p->ndirs; j++) {
		proj = 0.0;
		for (i = 0; i < NB; i++)
			proj += p->dir[j][i] * x[i];
		for (i = 0; i < NB; i++)
			x[i] -= proj * p->dir[j][i];
	}
	for (i = 0; i < NB; i++)
		if (x[i] > 0.0)
			code->b[i >> 3] |= 1 << (i & 7);
	return NILSIMSA_SUCCESS;
}

const nilsimsa_profile *
nilsimsa_profile_builtin(const char *name)
{
	size_t	i;

	if (name == NULL)
		return builtins[0];
	for (i = 0; i < NBUILTIN; i++)
		if (strcmp(name, builtins[i]->name) == 0)
			return builtins[i];
	return NULL;
}

const char *
nilsimsa_profile_name(unsigned int i)
{
	return i < NBUILTIN ? builtins[i]->name : NULL;
}

/* ---- learning */

void
nilsimsa_learn_init(nilsimsa_learner *l)
{
	memset(l, 0, sizeof(*l));
}

int
nilsimsa_learn_add(nilsimsa_learner *l, const nilsimsa_ctx *ctx)
{
	double		s[NB], total, r;
	int		i, k, b;

	total = (double)nilsimsa_total(ctx);
	if (total < NILSIMSA_LEARN_MIN_TOTAL)
		return 0;
	for (i = 0; i < NB; i++) {
		s[i] = (double)ctx->acc[i] / total;
		r = s[i] * NB;
		if (r <= 0.0)
			b = 0;
		else {
			r = (log2(r) - HLO) * (HBINS / (HHI - HLO));
			b = r < 0.0 ? 0 : r >= HBINS ? HBINS - 1 : (int)r;
		}
		l->hist[i][b]++;
		l->s1[i] += s[i];
	}
	for (i = 0; i < NB; i++)
		for (k = 0; k <= i; k++)
			l->s2[i][k] += s[i] * s[k];
	l->n++;
	return 1;
}

/* The median of bucket i from its histogram, interpolated in its bin. */
static double
median(const nilsimsa_learner *l, int i)
{
	uint64_t	half = l->n / 2, cum = 0;
	double		f, e;
	int		b;

	for (b = 0; b < HBINS; b++) {
		if (cum + l->hist[i][b] > half)
			break;
		cum += l->hist[i][b];
	}
	if (b == HBINS)
		b = HBINS - 1;
	f = (double)(half - cum) / (l->hist[i][b] ? l->hist[i][b] : 1);
	e = HLO + (b + f) * ((HHI - HLO) / HBINS);
	/*
	 * A median in the lowest bin means the bucket is mostly empty; the
	 * share must stay above 0 for the Poisson scaling, and at the
	 * bottom of the range it costs nothing.
	 */
	return exp2(e) / NB;
}

/*
 * Eigenvectors of the symmetric matrix a (destroyed) into the columns of
 * v, eigenvalues into ev, by cyclic Jacobi rotations: slow for large
 * matrices, but 256 x 256 takes a second, and it is short, exact and has
 * no failure mode.
 */
static void
jacobi(double a[NB][NB], double v[NB][NB], double ev[NB])
{
	double	off, th, t, c, s, x, y;
	int	sweep, p, q, k;

	for (p = 0; p < NB; p++)
		for (q = 0; q < NB; q++)
			v[p][q] = p == q;
	for (sweep = 0; sweep < 60; sweep++) {
		off = 0.0;
		for (p = 0; p < NB; p++)
			for (q = p + 1; q < NB; q++)
				off += a[p][q] * a[p][q];
		if (off < 1e-30)
			break;
		for (p = 0; p < NB; p++) {
			for (q = p + 1; q < NB; q++) {
				if (a[p][q] == 0.0)
					continue;
				th = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
				t = (th >= 0.0 ? 1.0 : -1.0) /
				    (fabs(th) + sqrt(th * th + 1.0));
				c = 1.0 / sqrt(t * t + 1.0);
				s = t * c;
				for (k = 0; k < NB; k++) {
					x = a[k][p], y = a[k][q];
					a[k][p] = c * x - s * y;
					a[k][q] = s * x + c * y;
				}
				for (k = 0; k < NB; k++) {
					x = a[p][k], y = a[q][k];
					a[p][k] = c * x - s * y;
					a[q][k] = s * x + c * y;
				}
				for (k = 0; k < NB; k++) {
					x = v[k][p], y = v[k][q];
					v[k][p] = c * x - s * y;
					v[k][q] = s * x + c * y;
				}
			}
		}
	}
	for (p = 0; p < NB; p++)
		ev[p] = a[p][p];
}

int
nilsimsa_learn_finish(nilsimsa_learner *l, const char *name,
    unsigned int ndirs, nilsimsa_profile *p)
{
	double		m[NB], ev[NB], n, norm;
	int		used[NB];
	unsigned int	j;
	int		i, k, best;

	if (l == NULL || name == NULL || p == NULL || !valid_name(name) ||
	    ndirs > NILSIMSA_PROFILE_DIRS)
		return NILSIMSA_EINVAL;
	if (l->n < 2)
		return NILSIMSA_EEMPTY;
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->messages = l->n;
	n = (double)l->n;
	for (i = 0; i < NB; i++)
		p->share[i] = m[i] = median(l, i);
	/* Second moments of x = (s - m) / sqrt(m), over the messages. */
	for (i = 0; i < NB; i++)
		for (k = 0; k <= i; k++)
			l->work[i][k] = l->work[k][i] =
			    (l->s2[i][k] / n - m[i] * l->s1[k] / n -
			    m[k] * l->s1[i] / n + m[i] * m[k]) /
			    sqrt(m[i] * m[k]);
	jacobi(l->work, l->vec, ev);
	memset(used, 0, sizeof(used));
	for (j = 0; j < ndirs; j++) {
		best = -1;
		for (k = 0; k < NB; k++)
			if (!used[k] && (best < 0 || ev[k] > ev[best]))
				best = k;
		used[best] = 1;
		/* A fixed sign, so the same data gives the same text. */
		norm = 0.0;
		for (i = 0; i < NB; i++)
			norm += l->vec[i][best] * l->vec[i][best];
		norm = 1.0 / sqrt(norm);
		for (i = 0; i < NB; i++)
			p->dir[j][i] = l->vec[i][best] * norm;
		for (i = 0; i < NB && p->dir[j][i] == 0.0; i++)
			;
		if (i < NB && p->dir[j][i] < 0.0)
			for (i = 0; i < NB; i++)
				p->dir[j][i] = -p->dir[j][i];
	}
	p->ndirs = ndirs;
	return NILSIMSA_SUCCESS;
}

/* ---- text form */

struct out {
	char	*buf;
	size_t	 size, len;
	int	 full;
};

static void
put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
put(struct out *o, const char *fmt, ...)
{
	va_list	ap;
	int	r;

	if (o->full)
		return;
	va_start(ap, fmt);
	r = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
	va_end(ap);
	if (r < 0 || (size_t)r >= o->size - o->len)
		o->full = 1;
	else
		o->len += (size_t)r;
}

static void
put_row(struct out *o, const double *v)
{
	int	i;

	for (i = 0; i < NB; i++)
		put(o, "%.17g%c", v[i], i % 4 == 3 ? '\n' : ' ');
}

int
nilsimsa_profile_write(const nilsimsa_profile *p, char *buf, size_t size,
    size_t *len)
{
	struct out	o = { buf, size, 0, 0 };
	unsigned int	j;
	int		rc;

	if (p == NULL || buf == NULL || size == 0)
		return NILSIMSA_EINVAL;
	if ((rc = nilsimsa_profile_check(p)) != 0)
		return rc;
	buf[0] = '\0';
	put(&o, "nilsimsa-profile 1\nname %s\nmessages %llu\ndirs %u\n"
	    "shares\n", p->name, (unsigned long long)p->messages, p->ndirs);
	put_row(&o, p->share);
	for (j = 0; j < p->ndirs; j++) {
		put(&o, "dir %u\n", j);
		put_row(&o, p->dir[j]);
	}
	put(&o, "end\n");
	if (o.full)
		return NILSIMSA_EINVAL;
	if (len != NULL)
		*len = o.len;
	return NILSIMSA_SUCCESS;
}

struct in {
	const char	*s;
	size_t		 len, pos;
	char		 tok[64];
};

/* The next whitespace-separated token, skipping # comments; 0 at the end
 * or for a token too long to be anything we know. */
static int
next(struct in *in)
{
	size_t	n = 0;
	char	c;

	for (;;) {
		while (in->pos < in->len && strchr(" \t\r\n", in->s[in->pos]))
			in->pos++;
		if (in->pos < in->len && in->s[in->pos] == '#') {
			while (in->pos < in->len && in->s[in->pos] != '\n')
				in->pos++;
			continue;
		}
		break;
	}
	while (in->pos < in->len) {
		c = in->s[in->pos];
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n' ||
		    c == '#')
			break;
		if (c == '\0' || n + 1 >= sizeof(in->tok))
			return 0;
		in->tok[n++] = c;
		in->pos++;
	}
	in->tok[n] = '\0';
	return n > 0;
}

static int
expect(struct in *in, const char *word)
{
	return next(in) && strcmp(in->tok, word) == 0;
}

static int
number(struct in *in, double *v)
{
	char	*end;

	if (!next(in))
		return 0;
	*v = strtod(in->tok, &end);
	return *end == '\0' && isfinite(*v);
}

static int
uinteger(struct in *in, unsigned long long max, unsigned long long *v)
{
	char	*end;

	if (!next(in) || in->tok[0] < '0' || in->tok[0] > '9')
		return 0;
	*v = strtoull(in->tok, &end, 10);
	return *end == '\0' && *v <= max;
}

int
nilsimsa_profile_read(const char *text, size_t len, nilsimsa_profile *p)
{
	struct in		in = { text, len, 0, "" };
	unsigned long long	v;
	unsigned int		j;
	int			i;

	if (text == NULL || p == NULL)
		return NILSIMSA_EINVAL;
	memset(p, 0, sizeof(*p));
	if (!expect(&in, "nilsimsa-profile") || !expect(&in, "1") ||
	    !expect(&in, "name") || !next(&in) || !valid_name(in.tok))
		return NILSIMSA_EPROFILE;
	snprintf(p->name, sizeof(p->name), "%s", in.tok);
	if (!expect(&in, "messages") || !uinteger(&in, UINT64_MAX, &v))
		return NILSIMSA_EPROFILE;
	p->messages = v;
	if (!expect(&in, "dirs") ||
	    !uinteger(&in, NILSIMSA_PROFILE_DIRS, &v))
		return NILSIMSA_EPROFILE;
	p->ndirs = (unsigned int)v;
	if (!expect(&in, "shares"))
		return NILSIMSA_EPROFILE;
	for (i = 0; i < NB; i++)
		if (!number(&in, &p->share[i]))
			return NILSIMSA_EPROFILE;
	for (j = 0; j < p->ndirs; j++) {
		if (!expect(&in, "dir") || !uinteger(&in, j, &v) || v != j)
			return NILSIMSA_EPROFILE;
		for (i = 0; i < NB; i++)
			if (!number(&in, &p->dir[j][i]))
				return NILSIMSA_EPROFILE;
	}
	if (!expect(&in, "end") || next(&in) || in.pos < in.len)
		return NILSIMSA_EPROFILE;
	return nilsimsa_profile_check(p);
}

/* ---- the count threshold */

int
nilsimsa_score_needed(uint64_t n, double alpha)
{
	double	p;
	int	t;

	if (!(alpha > 0.0 && alpha < 1.0))
		return NILSIMSA_SCORE_MAX + 1;
	if (n == 0)
		n = 1;
	/*
	 * Chance scores of calibrated codes: mean 0, sd NILSIMSA_CHANCE_SD
	 * (independent fair bits would give 8; the measured figure is
	 * 8.7-8.9), with a continuity correction since scores are integers.
	 * The first t whose tail, times n, is within alpha.
	 */
	for (t = 0; t <= NILSIMSA_SCORE_MAX; t++) {
		p = 0.5 * erfc((t - 0.5) / (NILSIMSA_CHANCE_SD * M_SQRT2));
		if (p * (double)n <= alpha)
			return t;
	}
	return NILSIMSA_SCORE_MAX + 1;
}
