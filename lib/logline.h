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
 * logline.h: the fields of the one log line per message, as key=value
 * pairs in a fixed order. The milter's log line (message_log) and
 * `nilsimsactl check --json` ("log") are both made from this list, so
 * they give the same keys with the same values. The keys and their
 * order are documented in nilsimsa-milter(8), LOGGING; new keys go at
 * the end.
 */
#ifndef LOGLINE_H
#define LOGLINE_H

#include <stddef.h>
#include <stdint.h>

#include "message.h"

#define LOGLINE_FIELDS	24
#define LOGLINE_VALUE	80

#define LOGLINE_STRING	0
#define LOGLINE_INT	1	/* a decimal integer */
#define LOGLINE_REAL	2	/* a decimal fraction */

struct logfield {
	const char	*key;
	char		 value[LOGLINE_VALUE];
	int		 type;		/* LOGLINE_* */
};

struct logline {
	struct logfield	f[LOGLINE_FIELDS];
	size_t		n;
};

/* The fields for a message's result. */
void	logline_fill(struct logline *l, const struct message_result *r);

/*
 * "key=value key=value ...": a value that is empty or holds a space, a
 * double quote, a backslash, '=' or a control character is written in
 * double quotes, with \" and \\ escaped. Returns the length it needed
 * (as snprintf).
 */
size_t	logline_format(const struct logline *l, char *buf, size_t len);

#endif /* LOGLINE_H */
