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
 * quotes.c: the header blocks mail clients write above quoted text, in
 * the languages of Outlook, Thunderbird, Apple Mail and Gmail (quotes.h).
 *
 * A block is a run of labels, each followed by a colon (or " :"), at
 * most QUOTES_GAP bytes apart, that has a sender's label, a subject's,
 * and a date's or a recipient's: "from: a <a@x> sent: monday, june 1,
 * 2026 5:47 pm to: b <b@y>; c <c@y> subject: re: the plan". A label
 * alone is a word of the text and stays. Gmail's and Apple's line ("on
 * mon, jun 1, 2026 at 5:47 pm a <a@x> wrote:") loses its closing word
 * when an address comes before it.
 */
#include <ctype.h>
#include <pthread.h>
#include <string.h>

#include "quotes.h"

enum {
	Q_FROM = 1, Q_DATE = 2, Q_TO = 4, Q_CC = 8, Q_SUBJ = 16, Q_WROTE = 32
};

/* Labels as canonical text writes them (lowercase, one space), no colon. */
#define L(s, r)	{ s, sizeof(s) - 1, r }
static const struct qlabel {
	const char	*text;
	size_t		 len;
	int		 role;
} labels[] = {
	/* English, German, French, Spanish, Italian, Dutch, Portuguese */
	L("from", Q_FROM), L("von", Q_FROM), L("de", Q_FROM),
	L("da", Q_FROM), L("van", Q_FROM),
	L("sent", Q_DATE), L("date", Q_DATE), L("gesendet", Q_DATE),
	L("datum", Q_DATE), L("envoy\xc3\xa9", Q_DATE),
	L("enviado", Q_DATE), L("fecha", Q_DATE), L("data", Q_DATE),
	L("inviato", Q_DATE), L("verzonden", Q_DATE),
	L("enviada", Q_DATE),
	L("to", Q_TO), L("an", Q_TO), L("\xc3\xa0", Q_TO), L("a", Q_TO),
	L("para", Q_TO), L("aan", Q_TO),
	L("cc", Q_CC), L("bcc", Q_CC), L("kopie", Q_CC),
	L("copie \xc3\xa0", Q_CC), L("pour", Q_TO),
	L("enviado el", Q_DATE), L("enviada em", Q_DATE),
	L("cc\xc3\xa9", Q_CC), L("copia", Q_CC),
	L("subject", Q_SUBJ), L("betreff", Q_SUBJ), L("objet", Q_SUBJ),
	L("asunto", Q_SUBJ), L("oggetto", Q_SUBJ), L("onderwerp", Q_SUBJ),
	L("assunto", Q_SUBJ), L("sujet", Q_SUBJ),
	L("wrote", Q_WROTE),
	L("a \xc3\xa9" "crit", Q_WROTE), L("escribi\xc3\xb3", Q_WROTE),
	L("ha scritto", Q_WROTE), L("escreveu", Q_WROTE),
	L("schreef", Q_WROTE),
	/* Russian */
	L("\xd0\xbe\xd1\x82", Q_FROM),				/* от */
	L("\xd0\xbe\xd1\x82\xd0\xbf\xd1\x80\xd0\xb0\xd0\xb2\xd0\xbb\xd0\xb5"
	  "\xd0\xbd\xd0\xbe", Q_DATE),				/* отправлено */
	L("\xd0\xb4\xd0\xb0\xd1\x82\xd0\xb0", Q_DATE),		/* дата */
	L("\xd0\xba\xd0\xbe\xd0\xbc\xd1\x83", Q_TO),		/* кому */
	L("\xd0\xba\xd0\xbe\xd0\xbf\xd0\xb8\xd1\x8f", Q_CC),	/* копия */
	L("\xd1\x82\xd0\xb5\xd0\xbc\xd0\xb0", Q_SUBJ),		/* тема */
	/* от кого (mail.ru) */
	L("\xd0\xbe\xd1\x82 \xd0\xba\xd0\xbe\xd0\xb3\xd0\xbe", Q_FROM),
	/* пишет */
	L("\xd0\xbf\xd0\xb8\xd1\x88\xd0\xb5\xd1\x82", Q_WROTE),
	/* написал */
	L("\xd0\xbd\xd0\xb0\xd0\xbf\xd0\xb8\xd1\x81\xd0\xb0\xd0\xbb", Q_WROTE),
	/* написала */
	L("\xd0\xbd\xd0\xb0\xd0\xbf\xd0\xb8\xd1\x81\xd0\xb0\xd0\xbb\xd0\xb0",
	    Q_WROTE),
	/* написал(а) */
	L("\xd0\xbd\xd0\xb0\xd0\xbf\xd0\xb8\xd1\x81\xd0\xb0\xd0\xbb(\xd0\xb0)",
	    Q_WROTE),
	/* Arabic */
	L("\xd9\x85\xd9\x86", Q_FROM),				/* من */
	L("\xd8\xaa\xd8\xa7\xd8\xb1\xd9\x8a\xd8\xae \xd8\xa7\xd9\x84\xd8\xa5"
	  "\xd8\xb1\xd8\xb3\xd8\xa7\xd9\x84", Q_DATE),		/* تاريخ الإرسال */
	/* التاريخ */
	L("\xd8\xa7\xd9\x84\xd8\xaa\xd8\xa7\xd8\xb1\xd9\x8a\xd8\xae", Q_DATE),
	L("\xd8\xa5\xd9\x84\xd9\x89", Q_TO),			/* إلى */
	L("\xd9\x86\xd8\xb3\xd8\xae\xd8\xa9", Q_CC),		/* نسخة */
	/* الموضوع */
	L("\xd8\xa7\xd9\x84\xd9\x85\xd9\x88\xd8\xb6\xd9\x88\xd8\xb9", Q_SUBJ),
	/* Chinese, simplified and traditional */
	L("\xe5\x8f\x91\xe4\xbb\xb6\xe4\xba\xba", Q_FROM),	/* 发件人 */
	L("\xe5\xaf\x84\xe4\xbb\xb6\xe8\x80\x85", Q_FROM),	/* 寄件者 */
	/* 发送时间 */
	L("\xe5\x8f\x91\xe9\x80\x81\xe6\x97\xb6\xe9\x97\xb4", Q_DATE),
	L("\xe6\x97\xa5\xe6\x9c\x9f", Q_DATE),			/* 日期 */
	/* 寄件日期 */
	L("\xe5\xaf\x84\xe4\xbb\xb6\xe6\x97\xa5\xe6\x9c\x9f", Q_DATE),
	L("\xe6\x97\xb6\xe9\x97\xb4", Q_DATE),			/* 时间 */
	L("\xe6\x94\xb6\xe4\xbb\xb6\xe4\xba\xba", Q_TO),	/* 收件人 */
	L("\xe6\x94\xb6\xe4\xbb\xb6\xe8\x80\x85", Q_TO),	/* 收件者 */
	L("\xe6\x8a\x84\xe9\x80\x81", Q_CC),			/* 抄送 */
	L("\xe5\xaf\x86\xe9\x80\x81", Q_CC),			/* 密送 */
	L("\xe5\x89\xaf\xe6\x9c\xac", Q_CC),			/* 副本 */
	L("\xe4\xb8\xbb\xe9\xa2\x98", Q_SUBJ),			/* 主题 */
	L("\xe4\xb8\xbb\xe6\x97\xa8", Q_SUBJ),			/* 主旨 */
	L("\xe5\x86\x99\xe9\x81\x93", Q_WROTE),		/* 写道 */
	L("\xe5\xaf\xab\xe9\x81\x93", Q_WROTE),		/* 寫道 */
	/* Japanese */
	L("\xe5\xb7\xae\xe5\x87\xba\xe4\xba\xba", Q_FROM),	/* 差出人 */
	/* 送信日時 */
	L("\xe9\x80\x81\xe4\xbf\xa1\xe6\x97\xa5\xe6\x99\x82", Q_DATE),
	L("\xe6\x97\xa5\xe4\xbb\x98", Q_DATE),			/* 日付 */
	L("\xe5\xae\x9b\xe5\x85\x88", Q_TO),			/* 宛先 */
	L("\xe4\xbb\xb6\xe5\x90\x8d", Q_SUBJ),			/* 件名 */
	L("\xe3\x81\xae\xe3\x83\xa1\xe3\x83\x83\xe3\x82\xbb\xe3\x83\xbc"
	  "\xe3\x82\xb8", Q_WROTE),				/* のメッセージ */
	L("\xe3\x81\x8c\xe6\x9b\xb8\xe3\x81\x8d\xe3\x81\xbe\xe3\x81\x97"
	  "\xe3\x81\x9f", Q_WROTE),				/* が書きました */
	/* Korean */
	/* 보낸 사람 */
	L("\xeb\xb3\xb4\xeb\x82\xb8 \xec\x82\xac\xeb\x9e\x8c", Q_FROM),
	/* 보낸사람 */
	L("\xeb\xb3\xb4\xeb\x82\xb8\xec\x82\xac\xeb\x9e\x8c", Q_FROM),
	/* 보낸 날짜 */
	L("\xeb\xb3\xb4\xeb\x82\xb8 \xeb\x82\xa0\xec\xa7\x9c", Q_DATE),
	L("\xeb\x82\xa0\xec\xa7\x9c", Q_DATE),			/* 날짜 */
	/* 받는 사람 */
	L("\xeb\xb0\x9b\xeb\x8a\x94 \xec\x82\xac\xeb\x9e\x8c", Q_TO),
	/* 받는사람 */
	L("\xeb\xb0\x9b\xeb\x8a\x94\xec\x82\xac\xeb\x9e\x8c", Q_TO),
	L("\xec\xb0\xb8\xec\xa1\xb0", Q_CC),			/* 참조 */
	/* 숨은 참조 */
	L("\xec\x88\xa8\xec\x9d\x80 \xec\xb0\xb8\xec\xa1\xb0", Q_CC),
	/* 보낸 시간 */
	L("\xeb\xb3\xb4\xeb\x82\xb8 \xec\x8b\x9c\xea\xb0\x84", Q_DATE),
	L("\xec\xa0\x9c\xeb\xaa\xa9", Q_SUBJ),			/* 제목 */
	L("\xec\x9e\x91\xec\x84\xb1", Q_WROTE),		/* 작성 */
};

#define NLABELS		(sizeof(labels) / sizeof(*labels))
_Static_assert(NLABELS < 256, "label indices are bytes");
#define WROTE_SPAN	200	/* bytes before "wrote:" that hold the address */
#define ADDR_SPAN	80	/* bytes of an address list per '@' at most */
#define ADDR_NAME_WORDS	4	/* words of a display name, at most */

/* A label found: text [at, end) with its colon and the space after it. */
struct qhit {
	size_t	at, end;
	int	role;
};

/*
 * Is t[i] a word's start: the text's, or after a space or a sign? Every
 * label but a closing word ("写道" follows the time in Gmail's Chinese
 * line) starts one, in Chinese and Japanese too: a client writes each on
 * a line of its own, and "会议主题:" is no subject's label.
 */
static int
word_start(const unsigned char *t, size_t i)
{
	return i == 0 || (t[i - 1] < 0x80 && !isalnum(t[i - 1]));
}

static pthread_once_t	index_once = PTHREAD_ONCE_INIT;
static unsigned char	by_last[NLABELS];	/* label indices by last byte */
static unsigned char	last_at[257];		/* by_last[last_at[b] ..
						   last_at[b + 1]) end with b */

/* The labels by their last byte, once. */
static void
index_build(void)
{
	size_t	b, k, n = 0;

	for (b = 0; b < 256; b++) {
		last_at[b] = (unsigned char)n;
		for (k = 0; k < NLABELS; k++)
			if ((unsigned char)labels[k].text[labels[k].len - 1] ==
			    b)
				by_last[n++] = (unsigned char)k;
	}
	last_at[256] = (unsigned char)n;
}

/*
 * The label before the colon at t[p] (the longest, then ':' or " :"),
 * starting at from or after, into *h; 0 if none. Labels are looked for
 * at colons only, which prose has few of.
 */
static int
label_before(const unsigned char *t, size_t n, size_t p, size_t from,
    struct qhit *h)
{
	size_t	e, k, x, l, best = 0;
	int	sp;

	h->role = 0;
	for (sp = 0; sp < 2; sp++) {
		if (sp == 1 && (p == 0 || t[p - 1] != ' '))
			break;
		e = p - (size_t)sp;	/* just past the label */
		if (e <= from)
			break;
		for (x = last_at[t[e - 1]]; x < last_at[t[e - 1] + 1]; x++) {
			k = by_last[x];
			l = labels[k].len;
			if (l <= best || l > e - from ||
			    memcmp(t + e - l, labels[k].text, l) != 0 ||
			    (labels[k].role != Q_WROTE && !word_start(t, e - l)))
				continue;
			best = l;
			h->at = e - l;
			h->role = labels[k].role;
		}
	}
	h->end = p + 1 < n && t[p + 1] == ' ' ? p + 2 : p + 1;
	return h->role != 0;
}

/* Does t[from, to) hold an '@' (an address)? */
static int
has_at(const unsigned char *t, size_t from, size_t to)
{
	return memchr(t + from, '@', to - from) != NULL;
}

/* Does t[from, to) hold a time of day ("5:47", "17:15:00")? */
static int
has_time(const unsigned char *t, size_t from, size_t to)
{
	for (; from + 4 <= to; from++)
		if (isdigit(t[from]) && t[from + 1] == ':' &&
		    isdigit(t[from + 2]) && isdigit(t[from + 3]))
			return 1;
	return 0;
}

/* Is the run of labels h[0 .. n) a header block? */
static int
block(const struct qhit *h, size_t n)
{
	int	roles = 0;
	size_t	i;

	for (i = 0; i < n; i++)
		roles |= h[i].role;
	return (roles & Q_FROM) && (roles & Q_SUBJ) && (roles & (Q_DATE | Q_TO));
}

/*
 * The end of the address list at t[from, to): of its last word holding an
 * '@', a display name of ADDR_NAME_WORDS words at most between two, and
 * an '@' in every ADDR_SPAN bytes; from when there is no such list.
 */
static size_t
addresses_end(const unsigned char *t, size_t from, size_t to)
{
	size_t	i = from, end = from, at = 0, plain = 0;
	int	has;

	while (i < to) {
		if (t[i] == ' ') {
			i++;
			continue;
		}
		for (has = 0; i < to && t[i] != ' '; i++)
			has |= t[i] == '@';
		if (has) {
			end = i;
			at++;
			plain = 0;
		} else if (++plain > ADDR_NAME_WORDS)
			break;
	}
	return at > 0 && at * ADDR_SPAN >= end - from ? end : from;
}

/*
 * Marks what goes of a block's labels h[0 .. n) in cut[] (pairs of from,
 * to, room at most), the text being len bytes: each label, and from
 * *budget bytes at most in all, the date after the first date label (a
 * time of day in QUOTES_DATE bytes, up to the next label) and the address
 * list after a sender's or recipient's label (up to the next label, or
 * to its last address within QUOTES_GAP when it is the block's last).
 * Returns the pairs added.
 */
static size_t
cut_block(const unsigned char *t, size_t len, const struct qhit *h, size_t n,
    size_t *cut, size_t room, size_t *budget)
{
	size_t	i, k = 0, to, next, v;
	int	dated = 0;

	for (i = 0; i < n && k < room; i++) {
		to = h[i].end;
		next = i + 1 < n ? h[i + 1].at :
		    (len - to > QUOTES_GAP ? to + QUOTES_GAP : len);
		v = 0;
		if (h[i].role == Q_DATE && !dated && i + 1 < n &&
		    next - to <= QUOTES_DATE && has_time(t, to, next)) {
			v = next - to;
			dated = 1;
		} else if (h[i].role & (Q_FROM | Q_TO | Q_CC)) {
			v = addresses_end(t, to, next) - to;
			while (to + v < next && t[to + v] == ' ')
				v++;
			if (i + 1 < n && to + v != next)
				v = 0;	/* not a list up to the next label */
		}
		if (v > 0 && v <= *budget) {
			to += v;
			*budget -= v;
		}
		cut[2 * k] = h[i].at;
		cut[2 * k + 1] = to;
		k++;
	}
	return k;
}

size_t
quotes_strip(unsigned char *text, size_t *len)
{
	struct qhit	hit[QUOTES_LABELS];
	size_t		cut[2 * QUOTES_LABELS];
	const unsigned char *q;
	size_t		n = *len, nh = 0, nc = 0, i, j, w, r, colon;
	size_t		budget = *len / 8 + QUOTES_VALUES_MIN;

	pthread_once(&index_once, index_build);
	/* the labels, in order, each before a colon */
	for (i = 0; i < n && nh < QUOTES_LABELS; i = colon + 1) {
		if ((q = memchr(text + i, ':', n - i)) == NULL)
			break;
		colon = (size_t)(q - text);
		if (label_before(text, n, colon, nh > 0 ? hit[nh - 1].end : 0,
		    &hit[nh]))
			nh++;
	}
	/* the runs that are blocks, and the closing words after an address */
	for (i = 0; i < nh; i = j) {
		for (j = i + 1; j < nh && hit[j].at - hit[j - 1].end <= QUOTES_GAP;
		    j++)
			;
		if (block(hit + i, j - i)) {
			nc += cut_block(text, n, hit + i, j - i, cut + 2 * nc,
			    QUOTES_LABELS - nc, &budget);
			continue;
		}
		for (r = i; r < j; r++) {
			size_t	from = r > i ? hit[r - 1].end : 0;

			if (hit[r].role != Q_WROTE)
				continue;
			if (hit[r].at - from > WROTE_SPAN)
				from = hit[r].at - WROTE_SPAN;
			if (has_at(text, from, hit[r].at) && nc < QUOTES_LABELS) {
				cut[2 * nc] = hit[r].at;
				cut[2 * nc + 1] = hit[r].end;
				nc++;
			}
		}
	}
	/* what is kept, copied down over what went */
	for (r = w = 0, j = 0; r < n; ) {
		if (j < nc && r >= cut[2 * j]) {
			if (r < cut[2 * j + 1])
				r = cut[2 * j + 1];
			j++;
			continue;
		}
		text[w++] = text[r++];
	}
	*len = w;
	return n - w;
}
