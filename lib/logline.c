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
 * logline.c: the key=value fields of a message's log line, and their
 * text. Every line has every key, in the same order, except would,
 * removed and would-remove, which appear only when they say something
 * (shadow mode, a partial delivery), as they always did. A message not
 * digested has cluster=none, status=none, score=none, 0 counts.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "canon.h"
#include "logline.h"
#include "store.h"
#include "verdict.h"

/* Add key with a printf-made value of a type (LOGLINE_*). */
static void __attribute__((format(printf, 4, 5)))
add(struct logline *l, const char *key, int type, const char *fmt, ...)
{
	struct logfield	*f;
	va_list		 ap;

	if (l->n == LOGLINE_FIELDS)
		return;
	f = &l->f[l->n++];
	f->key = key;
	f->type = type;
	va_start(ap, fmt);
	vsnprintf(f->value, sizeof(f->value), fmt, ap);
	va_end(ap);
}

/* A score, or none when there was nothing to compare with. */
static void
add_score(struct logline *l, const char *key, int score)
{
	if (score == STORE_SCORE_NONE)
		add(l, key, 0, "none");
	else
		add(l, key, 1, "%d", score);
}

/* The canonicaliser's complaints, comma-separated, or none. */
static void
add_flags(struct logline *l, unsigned flags)
{
	static const struct {
		unsigned	 flag;
		const char	*name;
	} names[] = {
		{ CANON_F_TRUNCATED, "truncated" }, { CANON_F_BADMIME, "badmime" },
		{ CANON_F_BADENCODING, "badencoding" }, { CANON_F_NUL, "nul" },
		{ CANON_F_CHARSET, "charset" }, { CANON_F_DEPTH, "depth" },
	};
	char	buf[LOGLINE_VALUE] = "";
	size_t	i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (flags & names[i].flag)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
			    "%s%s", buf[0] ? "," : "", names[i].name);
	add(l, "flags", 0, "%s", buf[0] ? buf : "none");
}

void
logline_fill(struct logline *l, const struct message_result *r)
{
	const struct verdict	*v = &r->verdict;
	const struct cluster	*c = &r->res.c;
	int			 d = r->digested;

	memset(l, 0, sizeof(*l));
	add(l, "code", 0, "%s", r->hex);
	add(l, "bytes", 1, "%" PRIu64, r->body_bytes);
	if (d)
		add(l, "cluster", 1, "%" PRIu64, c->id);
	else
		add(l, "cluster", 0, "none");
	add(l, "created", 0, "%s", d && r->res.created ? "yes" : "no");
	add_score(l, "score", d ? r->res.score : STORE_SCORE_NONE);
	add_score(l, "runner-up", d ? r->res.runner_up : STORE_SCORE_NONE);
	add(l, "compared", 1, "%zu", r->res.compared);
	add(l, "messages", 1, "%" PRIu64, d ? c->messages : 0);
	add(l, "recipients", 1, "%" PRIu64, d ? c->recipients : 0);
	add(l, "networks", 1, "%" PRIu32, d ? c->networks : 0);
	add(l, "status", 0, "%s", d ? cluster_status_name(c->status) : "none");
	add(l, "action", 0, "%s", verdict_action_name(v->action));
	if (v->would != v->action)
		add(l, "would", 0, "%s", verdict_action_name(v->would));
	if (r->rcpt_removed > 0)
		add(l, v->action == VERDICT_PARTIAL ? "removed" : "would-remove",
		    1, "%" PRIu32, r->rcpt_removed);
	add(l, "tier", 0, "%s", v->tier != NULL ? v->tier : "none");
	add(l, "reason", 0, "%s", v->reason != NULL ? v->reason : "none");
	add(l, "rcpts", 1, "%" PRIu32, r->nrcpt);
	add_flags(l, r->canon_flags);
	add(l, "ms", LOGLINE_REAL, "%.3f", r->elapsed_ms);
	add(l, "own", 1, "%" PRIu64, r->own_bytes);
	add(l, "fleet", 0, "%s", r->fleet == MESSAGE_FLEET_OK ? "ok" :
	    r->fleet == MESSAGE_FLEET_PARTIAL ? "partial" : "none");
}

/* Does a value need quotes? */
static int
needs_quotes(const char *s)
{
	if (*s == '\0')
		return 1;
	for (; *s != '\0'; s++)
		if (*s == ' ' || *s == '"' || *s == '\\' || *s == '=' ||
		    (unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

size_t
logline_format(const struct logline *l, char *buf, size_t len)
{
	const char	*p;
	size_t		 i, n = 0;

#define PUT(c)	do { if (n + 1 < len) buf[n] = (c); n++; } while (0)
	for (i = 0; i < l->n; i++) {
		if (i > 0)
			PUT(' ');
		for (p = l->f[i].key; *p != '\0'; p++)
			PUT(*p);
		PUT('=');
		if (!needs_quotes(l->f[i].value)) {
			for (p = l->f[i].value; *p != '\0'; p++)
				PUT(*p);
			continue;
		}
		PUT('"');
		for (p = l->f[i].value; *p != '\0'; p++) {
			if (*p == '"' || *p == '\\')
				PUT('\\');
			PUT((unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p);
		}
		PUT('"');
	}
#undef PUT
	if (len > 0)
		buf[n < len ? n : len - 1] = '\0';
	return n;
}
