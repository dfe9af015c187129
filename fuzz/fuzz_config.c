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
 * fuzz_config.c: libFuzzer harness for the configuration parser
 * (milter/config.h). The input is a configuration file's text; it is
 * written to a private temporary directory and read with config_load(),
 * as the daemon reads /etc/nilsimsa-milter.conf. That directory also
 * holds "inc.conf" (an Include) and "list.txt" (a file: address list)
 * that the input may name. A loaded configuration is checked for reload
 * against the defaults, and its dump (config_dump(), which says it can
 * be loaded) must load and dump again to the same keys and values.
 *
 * Inputs naming /dev, /proc, /sys or /run are skipped: an Include of
 * /dev/stdin or of a FIFO would block the fuzzer, not find a bug.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char	 dir[] = "/tmp/fuzz_config.XXXXXX";
static char	 path[64], dpath[64];

/* Write len bytes to dir/name; aborts on failure (the harness is broken). */
static void
write_file(const char *name, const void *buf, size_t len)
{
	char	 p[64];
	FILE	*fp;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	if ((fp = fopen(p, "w")) == NULL ||
	    (len > 0 && fwrite(buf, 1, len, fp) != len) || fclose(fp) != 0) {
		perror(p);
		abort();
	}
}

/* Remove the temporary directory at exit. */
static void
cleanup(void)
{
	char	p[64];

	snprintf(p, sizeof(p), "%s/inc.conf", dir);
	unlink(p);
	snprintf(p, sizeof(p), "%s/list.txt", dir);
	unlink(p);
	unlink(path);
	unlink(dpath);
	rmdir(dir);
}

/* Once: the directory and its helper files. */
static void
setup(void)
{
	static const char	inc[] = "LogLevel debug\nTagThreshold 7\n";
	static const char	list[] = "# senders\nuser@example.com\n"
	    "@example.org\n10.0.0.0/8\n2001:db8::/32\n";

	if (mkdtemp(dir) == NULL) {
		perror("fuzz_config: setup");
		abort();
	}
	snprintf(path, sizeof(path), "%s/fuzz.conf", dir);
	snprintf(dpath, sizeof(dpath), "%s/dump.conf", dir);
	write_file("inc.conf", inc, sizeof(inc) - 1);
	write_file("list.txt", list, sizeof(list) - 1);
	atexit(cleanup);
}

/* Does the input name a directory whose files may block or never end? */
static int
names_special(const uint8_t *data, size_t size)
{
	static const char *const bad[] = { "/dev", "/proc", "/sys", "/run" };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (memmem(data, size, bad[i], strlen(bad[i])) != NULL)
			return 1;
	return 0;
}

/* config_dump() into a string, without its first line (the path). */
static char *
dump(const struct config *c, size_t *len)
{
	char	*buf = NULL, *nl;
	size_t	 n = 0;
	FILE	*fp;

	if ((fp = open_memstream(&buf, &n)) == NULL)
		abort();
	config_dump(c, fp);
	if (fclose(fp) != 0 || (nl = memchr(buf, '\n', n)) == NULL)
		abort();
	*len = n - (size_t)(nl + 1 - buf);
	memmove(buf, nl + 1, *len);
	return buf;
}

/* The dump of c loads, and dumps to the same text. */
static void
check_dump(const struct config *c)
{
	struct config	*c2;
	char		*d1, *d2, err[1024];
	size_t		 n1, n2;
	FILE		*fp;

	d1 = dump(c, &n1);
	if ((fp = fopen(dpath, "w")) == NULL ||
	    fwrite(d1, 1, n1, fp) != n1 || fclose(fp) != 0)
		abort();
	if ((c2 = config_load(dpath, err, sizeof(err))) == NULL) {
		fprintf(stderr, "fuzz_config: the dump does not load: %s\n",
		    err);
		abort();
	}
	d2 = dump(c2, &n2);
	if (n1 != n2 || memcmp(d1, d2, n1) != 0) {
		fprintf(stderr, "fuzz_config: the dump loads as another "
		    "configuration:\n%.*s---\n%.*s", (int)n1, d1, (int)n2, d2);
		abort();
	}
	config_free(c2);
	free(d1);
	free(d2);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct config	*defaults;
	struct config		*c;
	char			 err[1024];

	if (path[0] == '\0') {
		setup();
		if ((defaults = config_default()) == NULL)
			abort();
	}
	if (names_special(data, size))
		return 0;
	write_file("fuzz.conf", data, size);
	err[0] = '\0';
	if ((c = config_load(path, err, sizeof(err))) == NULL) {
		/* A refused file must say why. */
		if (err[0] == '\0' || memchr(err, '\0', sizeof(err)) == NULL)
			abort();
		return 0;
	}
	check_dump(c);
	(void)config_reloadable(defaults, c, err, sizeof(err));
	(void)config_reloadable(c, defaults, err, sizeof(err));
	config_free(c);
	return 0;
}
