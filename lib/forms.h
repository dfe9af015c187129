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
 * forms.h: the forms that mail systems and meeting services fill in:
 * delivery reports (bounces and delay warnings of Postfix, Exim,
 * Sendmail, qmail, Yahoo, Microsoft 365, Exchange and Microsoft's SMTP
 * service, Gmail, a Chinese hosted service), Google Groups' footer,
 * default auto-replies (QQ Mail's, NetEase Mail's) and meeting
 * invitations (Microsoft Teams, Zoom, Google Calendar and Meet, Webex,
 * Tencent Meeting): boilerplate from the first message on.
 *
 * The boilerplate table (boiler.h) learns a text as boilerplate when one
 * sender shows it in two places; a reporting host writes its form once
 * or twice to a site, and thousands of hosts write the same form, so the
 * table never learns it, and a site's bounces (its users' mail returned
 * from all over the world, each to the user who sent it) gathered in one
 * cluster per form, from many networks to many people: a campaign to the
 * counts. So did the auto-replies of many users to one who wrote to a
 * list, posts of many groups through Google's many networks, and
 * invitations that many organisations send through their own servers. So the forms are known here from the start.
 *
 * A form is not the message's text: the runs of it that the text holds
 * are removed before the text is digested (message.c), and a report
 * reads as what it is about (the returned message, the addresses, the
 * reason), an invitation as its organiser's words and its links. Only
 * the forms' own words go: a campaign that carries a form, or many, is
 * read for the rest of its text as before, and one that is nothing but a
 * form and a link is read as the link: too little text to digest, as
 * the link alone would be.
 *
 * A meeting service's form has fields too, whose labels ("Meeting ID:",
 * "Passcode:", "会议号：") are too short to be runs of it, and the directory
 * of dial-in numbers of the organiser's account: some twenty of Zoom's
 * in the United States, each with its place, the same in every
 * invitation of such an account. In a text that shows a meeting's form,
 * these labels go (where they are words of their own), and every
 * directory: two numbers or more in a row ('+' and eight digits or
 * more), with a place's name between them (at most 40 bytes, four Latin
 * words and 24 bytes of other scripts, without digits or the punctuation
 * of a sentence or a link in any script), 128 numbers a text at most.
 * The last number's place goes only in parentheses, and a number alone
 * stays. Invitations then read as their organisers' names, topics and
 * meetings' numbers and links, which are theirs alone. What a campaign
 * dressed as an invitation can hide from the digest this way is short
 * phrases without punctuation, each behind a made-up number.
 */
#ifndef FORMS_H
#define FORMS_H

#include <stddef.h>
#include <stdint.h>

#include "canon.h"

/*
 * All are thread-safe. The forms' canonical text and fingerprints
 * are computed at the first call; on a failure to allocate them no text
 * is a form's. Forms are of CANON_TEXT: RAW mode reads bytes as they are.
 */

/*
 * Remove the forms from the canonical text (CANON_TEXT) of *len bytes,
 * and a meeting's labels and directories when a meeting's form was
 * there; returns how many bytes went. Two passes over the text at most,
 * whatever the number of forms.
 */
size_t	forms_strip(unsigned char *text, size_t *len);

/*
 * Of the n fingerprints fp of a text canonicalised in mode, copy those of
 * no form to rest (room for n), and return how many are of a form.
 */
size_t	forms_split(enum canon_mode mode, const uint64_t *fp, size_t n,
	    uint64_t *rest);

#endif /* FORMS_H */
