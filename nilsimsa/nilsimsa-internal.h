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
 * Not part of the API: lets the tests and the benchmark run each digest
 * loop of libnilsimsa on a CPU that could take a faster one, since all of
 * them must give the same codes. nilsimsa_update() picks the fastest loop
 * the CPU has.
 */

#ifndef NILSIMSA_INTERNAL_H
#define NILSIMSA_INTERNAL_H

#include <stddef.h>

#include "nilsimsa.h"

enum {
	NSM_PATH_SCALAR = 1,	/* portable C, the reference */
	NSM_PATH_VBMI,		/* x86-64 AVX-512 VBMI */
};

/* Whether this build and CPU can run loop path: 1 or 0. */
int	nilsimsa__path_supported(int path);
/* nilsimsa_update() with loop path (which must be supported). */
void	nilsimsa__update_path(nilsimsa_ctx *ctx, const void *buf, size_t len,
	    int path);

#endif
