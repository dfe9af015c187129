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
 * domain.c: a mail domain's organisation by the Public Suffix List
 * (domain.h), through libpsl.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpsl.h>

#include "domain.h"

static pthread_once_t	 once = PTHREAD_ONCE_INIT;
static const psl_ctx_t	*psl;

/* The newest list there is: the system's file or the one built in. */
static void
load(void)
{
	if ((psl = psl_latest(NULL)) == NULL)
		psl = psl_builtin();
}

size_t
domain_org(const char *dom, char *out, size_t outlen)
{
	char		 low[256];
	const char	*reg = NULL;
	size_t		 i, n;

	if (outlen == 0)
		return 0;
	for (n = 0; dom[n] != '\0' && n < sizeof(low) - 1; n++)
		low[n] = (char)tolower((unsigned char)dom[n]);
	while (n > 0 && low[n - 1] == '.')
		n--;
	low[n] = '\0';
	/* an address literal, [192.0.2.1], or one label: itself */
	if (n > 0 && low[0] != '[' && memchr(low, '.', n) != NULL) {
		pthread_once(&once, load);
		if (psl != NULL)
			reg = psl_registrable_domain(psl, low);
	}
	if (reg == NULL)
		reg = low;
	i = strlen(reg);
	if (i >= outlen)
		i = outlen - 1;
	memcpy(out, reg, i);
	out[i] = '\0';
	return i;
}

/*
 * Mailbox providers: an address there is one person's, and the domain
 * says nothing of who sent; millions of people share it. Registrable
 * domains, as domain_org() gives them, sorted for bsearch().
 */
static const char *const freemail[] = {
	"126.com", "139.com", "163.com", "189.cn", "aliyun.com", "aol.com",
	"daum.net", "foxmail.com", "free.fr", "gmail.com", "gmx.com",
	"gmx.de", "gmx.net", "googlemail.com", "hanmail.net", "hotmail.co.uk",
	"hotmail.com", "hotmail.fr", "icloud.com", "laposte.net",
	"libero.it", "live.com", "mail.com", "mail.ru", "me.com",
	"msn.com", "naver.com", "orange.fr", "outlook.com", "proton.me",
	"protonmail.com", "qq.com", "rambler.ru", "rocketmail.com",
	"sina.cn", "sina.com", "sohu.com", "t-online.de", "tom.com",
	"tutanota.com", "web.de", "yahoo.co.jp", "yahoo.co.uk",
	"yahoo.com", "yahoo.fr", "yandex.com", "yandex.ru", "yeah.net",
	"ymail.com", "zoho.com"
};

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int
domain_freemail(const char *org)
{
	return bsearch(&org, freemail, sizeof(freemail) / sizeof(*freemail),
	    sizeof(*freemail), str_cmp) != NULL;
}
