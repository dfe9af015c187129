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
 * domain.h: the organisation a mail domain belongs to, its registrable
 * domain by the Public Suffix List (libpsl): bounce.news.example.co.uk and
 * mail165.suw121.mcdlv.net are example.co.uk and mcdlv.net. A mailing
 * sent through an ESP's many hosts, or with a subdomain per campaign or
 * per bounce, is one sender.
 *
 * The list is the newest of the one libpsl was built with and the one
 * the publicsuffix package installs, loaded once on first use. Safe from
 * several threads.
 */
#ifndef DOMAIN_H
#define DOMAIN_H

#include <stddef.h>

/*
 * The registrable domain of dom (lower case, no trailing dot) into out:
 * dom itself when it has no registrable part (a public suffix, an
 * address literal, a single label) or the list cannot be had. Returns
 * the length written (out is NUL-terminated, cut to outlen - 1).
 */
size_t	domain_org(const char *dom, char *out, size_t outlen);

/*
 * Is org (a registrable domain, lower case) a mailbox provider's, where
 * every address is a person of its own (gmail.com, outlook.com, qq.com,
 * 163.com, mail.ru, naver.com, ...)? The sender of mail from there is
 * the address, not the domain.
 */
int	domain_freemail(const char *org);

#endif /* DOMAIN_H */
