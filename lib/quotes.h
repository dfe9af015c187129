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
 * quotes.h: the header blocks a mail client writes above the text it
 * quotes ("From: ... Sent: ... To: ... Subject:", "보낸 사람: ... 제목:",
 * "发件人: ... 主题:"), taken from canonical text before it is digested.
 *
 * Every reply of a thread carries such a block for each message it
 * quotes, in its client's language: the fixed labels, the date's words,
 * and the lists of the site's own people it was sent to. On those alone
 * the replies of unrelated threads in one language scored 50 to 70
 * against each other and grew one cluster (Korean and Arabic threads,
 * and a company's threads with the same colleagues on copy). What goes:
 * the labels of a block, its date (a time of day between two labels),
 * and lists of addresses after a sender's or recipient's label, an eighth
 * of the text (and QUOTES_VALUES_MIN bytes) at most in all. The quoted
 * text, the subject, and any value that is not an address list or a
 * date stay: the blocks a sender writes hide no more than that budget of
 * its text from the digest.
 */
#ifndef QUOTES_H
#define QUOTES_H

#include <stddef.h>

#define QUOTES_GAP	256	/* bytes at most between a block's labels */
#define QUOTES_DATE	64	/* bytes at most of a date that goes */
#define QUOTES_LABELS	256	/* labels read at most in one text */
#define QUOTES_VALUES_MIN 128	/* bytes of dates and address lists that
				   may go beyond an eighth of the text */

/*
 * Takes the quote header blocks' labels, dates and address lists from
 * *len bytes of canonical text (canon.h: lowercase, one space between
 * words), in place; returns how many bytes went. Linear in *len.
 */
size_t	quotes_strip(unsigned char *text, size_t *len);

#endif /* QUOTES_H */
