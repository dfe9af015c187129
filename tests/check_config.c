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

/* check_config: the configuration file reader. */

#include <sys/stat.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "config.h"

static char tmpdir[] = "/tmp/check_config.XXXXXX";
static char err[2048];
static int nfiles;

/* Write text to a file in tmpdir; returns its path (static storage per call). */
static const char *
write_named(const char *name, const char *text)
{
	static char paths[8][512];
	static int next;
	char *path = paths[next++ % 8];
	FILE *fp;

	snprintf(path, 512, "%s/%s", tmpdir, name);
	ck_assert_ptr_nonnull(fp = fopen(path, "w"));
	fputs(text, fp);
	ck_assert_int_eq(fclose(fp), 0);
	return path;
}

static const char *
write_conf(const char *text)
{
	char name[32];

	snprintf(name, sizeof(name), "t%d.conf", nfiles++);
	return write_named(name, text);
}

static struct config *
load_ok(const char *text)
{
	const char *path = write_conf(text);
	struct config *c;

	err[0] = '\0';
	c = config_load(path, err, sizeof(err));
	ck_assert_msg(c != NULL, "load failed: %s\n--\n%s", err, text);
	ck_assert_str_eq(c->path, path);
	return c;
}

/*
 * Loading text must fail with exactly "PATH:" + msg, where PATH is the
 * file written.
 */
static void
load_bad(const char *text, const char *msg)
{
	const char *path = write_conf(text);
	char want[2048];
	struct config *c;

	err[0] = '\0';
	c = config_load(path, err, sizeof(err));
	ck_assert_msg(c == NULL, "loaded:\n%s", text);
	snprintf(want, sizeof(want), "%s:%s", path, msg);
	ck_assert_str_eq(err, want);
}

START_TEST(test_defaults)
{
	struct config *c = config_default();

	ck_assert_ptr_nonnull(c);
	ck_assert_ptr_null(c->path);
	ck_assert_str_eq(c->socket, "inet:8894@127.0.0.1");
	ck_assert_str_eq(c->userid, "nilsimsa-milter");
	ck_assert_int_eq(c->run_as_root, 0);
	ck_assert_str_eq(c->pidfile, "/run/nilsimsa-milter/nilsimsa-milter.pid");
	ck_assert_uint_eq(c->umask, 007);
	ck_assert_int_eq(c->syslog, 1);
	ck_assert_int_eq(c->syslog_facility, LOG_MAIL);
	ck_assert_int_eq(c->loglevel, 2);
	ck_assert_str_eq(c->store, "/var/lib/nilsimsa-milter");
	ck_assert_int_eq(c->store_backend, BACKEND_LMDB);
	ck_assert_str_eq(c->redis, "127.0.0.1:6379");
	ck_assert_str_eq(c->redis_user, "");
	ck_assert_str_eq(c->redis_password, "");
	ck_assert_str_eq(c->redis_prefix, "nsm");
	ck_assert_int_eq(c->redis_timeout, 50);
	ck_assert_int_eq(c->canonicalization, CANON_TEXT);
	ck_assert_uint_eq(c->min_body_bytes, 64);
	ck_assert_int_eq(c->min_own_share, 70);
	ck_assert_uint_eq(c->max_body_bytes, 4 * 1024 * 1024);
	ck_assert_int_eq(c->similarity_threshold, 49);
	ck_assert_uint_eq(c->tag_threshold, 5);
	ck_assert_uint_eq(c->reject_threshold, 15);
	ck_assert_uint_eq(c->reject_min_networks, 1);
	ck_assert_uint_eq(c->spread_threshold, 3);
	ck_assert_int_eq(c->reject_action, ACTION_REJECT);
	ck_assert_int_eq(c->mode, MODE_ENFORCE);
	ck_assert_int_eq(c->list_mail, LISTMAIL_TAG);
	ck_assert_int_eq(c->add_headers, 1);
	ck_assert_int_eq(c->skip_authenticated, 1);
	ck_assert_int_eq(c->subject_sample, 0);
	ck_assert_uint_eq(c->max_clusters, 100000);
	ck_assert_uint_eq(c->store_max_size, 1024UL * 1024 * 1024);
	ck_assert_int_eq(c->store_damaged, DAMAGED_REFUSE);
	ck_assert_int_eq(c->singleton_ttl, 3 * 86400);
	ck_assert_int_eq(c->bulk_ttl, 30 * 86400);
	/* lists exist and are empty: loopback is not whitelisted */
	ck_assert_ptr_nonnull(c->whitelist_clients);
	ck_assert_uint_eq(addrlist_count(c->whitelist_clients), 0);
	ck_assert_int_eq(addrlist_match_addrstr(c->whitelist_clients,
	    "127.0.0.1"), 0);
	ck_assert_ptr_nonnull(c->whitelist_senders);
	ck_assert_ptr_nonnull(c->whitelist_recipients);
	ck_assert_ptr_nonnull(c->spamtrap);
	ck_assert_uint_eq(addrlist_count(c->spamtrap), 0);
	config_free(c);

	/* an empty file, and comments only, give the defaults */
	c = load_ok("");
	ck_assert_str_eq(c->socket, "inet:8894@127.0.0.1");
	config_free(c);
	c = load_ok("# nothing\n\n   \t\n  # indented comment\n");
	ck_assert_uint_eq(c->reject_threshold, 15);
	config_free(c);
	/* config_load(NULL) is the defaults */
	c = config_load(NULL, err, sizeof(err));
	ck_assert_ptr_nonnull(c);
	ck_assert_ptr_null(c->path);
	config_free(c);
}
END_TEST

START_TEST(test_all_keys)
{
	struct config *c = load_ok(
	    "Socket unix:/run/nsm/nsm.sock\n"
	    "UserID nsm:mail\n"
	    "PidFile /run/nsm.pid\n"
	    "Umask 027\n"
	    "Syslog no\n"
	    "SyslogFacility local3\n"
	    "LogLevel debug\n"
	    "Store /srv/nsm\n"
	    "StoreBackend redis\n"
	    "RedisServer unix:/run/redis/redis.sock\n"
	    "RedisUser milter\n"
	    "RedisPassword s3cret\n"
	    "RedisPrefix mx-fleet\n"
	    "RedisTimeout 20\n"
	    "MaxClusters 5000\n"
	    "SingletonTTL 12h\n"
	    "BulkTTL 2w\n"
	    "Canonicalization raw\n"
	    "MinBodyBytes 1K\n"
	    "MaxBodyBytes 1M\n"
	    "SubjectSample yes\n"
	    "SimilarityThreshold -10\n"
	    "TagThreshold 3\n"
	    "RejectThreshold 3\n"
	    "RejectMinNetworks 2\n"
	    "SpreadThreshold 7\n"
	    "RejectAction quarantine\n"
	    "Mode shadow\n"
	    "ListMail reject\n"
	    "AddHeaders false\n"
	    "SkipAuthenticated 0\n"
	    "WhitelistClients 192.0.2.0/24, 2001:db8::/32\n"
	    "WhitelistSenders @example.com\n"
	    "WhitelistRecipients postmaster@example.com, abuse@example.com\n"
	    "SpamTrap trap@example.net\n");

	ck_assert_str_eq(c->socket, "unix:/run/nsm/nsm.sock");
	ck_assert_str_eq(c->userid, "nsm:mail");
	ck_assert_str_eq(c->pidfile, "/run/nsm.pid");
	ck_assert_uint_eq(c->umask, 027);
	ck_assert_int_eq(c->syslog, 0);
	ck_assert_int_eq(c->syslog_facility, LOG_LOCAL3);
	ck_assert_int_eq(c->loglevel, 3);
	ck_assert_str_eq(c->store, "/srv/nsm");
	ck_assert_int_eq(c->store_backend, BACKEND_REDIS);
	ck_assert_str_eq(c->redis, "unix:/run/redis/redis.sock");
	ck_assert_str_eq(c->redis_user, "milter");
	ck_assert_str_eq(c->redis_password, "s3cret");
	ck_assert_str_eq(c->redis_prefix, "mx-fleet");
	ck_assert_int_eq(c->redis_timeout, 20);
	ck_assert_uint_eq(c->max_clusters, 5000);
	ck_assert_int_eq(c->singleton_ttl, 12 * 3600);
	ck_assert_int_eq(c->bulk_ttl, 14 * 86400);
	ck_assert_int_eq(c->canonicalization, CANON_RAW);
	ck_assert_uint_eq(c->min_body_bytes, 1024);
	ck_assert_uint_eq(c->max_body_bytes, 1024 * 1024);
	ck_assert_int_eq(c->subject_sample, 1);
	ck_assert_int_eq(c->similarity_threshold, -10);
	ck_assert_uint_eq(c->tag_threshold, 3);
	ck_assert_uint_eq(c->reject_threshold, 3);
	ck_assert_uint_eq(c->reject_min_networks, 2);
	ck_assert_uint_eq(c->spread_threshold, 7);
	ck_assert_int_eq(c->reject_action, ACTION_QUARANTINE);
	ck_assert_int_eq(c->mode, MODE_SHADOW);
	ck_assert_int_eq(c->list_mail, LISTMAIL_REJECT);
	ck_assert_int_eq(c->add_headers, 0);
	ck_assert_int_eq(c->skip_authenticated, 0);
	ck_assert_uint_eq(addrlist_count(c->whitelist_clients), 2);
	ck_assert_int_eq(addrlist_match_addrstr(c->whitelist_clients,
	    "192.0.2.55"), 1);
	ck_assert_int_eq(addrlist_match_mail(c->whitelist_senders,
	    "<a@EXAMPLE.com>"), 1);
	ck_assert_uint_eq(addrlist_count(c->whitelist_recipients), 2);
	ck_assert_int_eq(addrlist_match_mail(c->spamtrap,
	    "trap@example.net"), 1);
	config_free(c);
}
END_TEST

/* Keys are case-insensitive; so are enum and bool values. */
START_TEST(test_case)
{
	struct config *c = load_ok("socket inet:1@localhost\nREJECTACTION "
	    "TempFail\nsyslog YES\nlogLEVEL Warning\nmode SHADOW\n");

	ck_assert_str_eq(c->socket, "inet:1@localhost");
	ck_assert_int_eq(c->reject_action, ACTION_TEMPFAIL);
	ck_assert_int_eq(c->syslog, 1);
	ck_assert_int_eq(c->loglevel, 1);
	ck_assert_int_eq(c->mode, MODE_SHADOW);
	config_free(c);
}
END_TEST

START_TEST(test_good_values)
{
	static const struct {
		const char *line;
	} good[] = {
		{ "Socket inet:8894" },
		{ "Socket inet:65535@0.0.0.0" },
		{ "Socket inet:25@mail.example.com" },
		{ "Socket inet6:8894@::1" },
		{ "Socket local:/var/run/nsm.sock" },
		{ "UserID nilsimsa" },
		{ "UserID nilsimsa-milter:mail" },
		{ "Umask 0" },
		{ "Umask 0777" },
		{ "RedisServer localhost:6379" },
		{ "RedisServer [::1]:6380" },
		{ "Metrics 127.0.0.1:9894" },
		{ "Metrics [::1]:9894" },
		{ "Metrics localhost:9894" },
		{ "LogLevel 0" },
		{ "LogLevel error" },
		{ "SyslogFacility daemon" },
		{ "SyslogFacility local7" },
		{ "RejectAction discard" },
		{ "SimilarityThreshold 128" },
		{ "SimilarityThreshold -128" },
		{ "MinBodyBytes 0" },
		{ "MaxBodyBytes 1G" },
		{ "SingletonTTL 60" },
		{ "BulkTTL 3650d" },
		{ "StoreBackend LMDB" },
	};
	struct config *c;
	char text[256];
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		snprintf(text, sizeof(text), "%s\n", good[i].line);
		c = load_ok(text);
		config_free(c);
	}
}
END_TEST

/* Metrics off (or none, any case) is no listener, as when unset. */
START_TEST(test_metrics_off)
{
	static const char *lines[] = { "Metrics off\n", "Metrics NONE\n" };
	struct config	*c;
	size_t		 i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		c = load_ok(lines[i]);
		ck_assert_str_eq(c->metrics, "");
		config_free(c);
	}
}
END_TEST

/* config_changes()'s callback: counts, and keeps the last line. */
static char	changed[1024];
static void
note_change(const char *key, const char *old, const char *new, void *arg)
{
	(*(int *)arg)++;
	snprintf(changed, sizeof(changed), "%s %s -> %s", key, old, new);
}

/*
 * A relative file: list is read from the configuration's directory,
 * whatever the current one (the daemon reloads from /); a reload that
 * finds other entries in the same file says so; a secret is masked.
 */
START_TEST(test_list_files)
{
	char		 text[512], want[1024], cwd[4096];
	const char	*conf;
	struct config	*a, *b;
	int		 n = 0;

	ck_assert_ptr_nonnull(getcwd(cwd, sizeof(cwd)));
	write_named("wl.txt", "192.0.2.1\n");
	conf = write_named("lists.conf", "WhitelistClients file:wl.txt\n"
	    "RedisPassword old-secret\n");
	ck_assert_int_eq(chdir("/"), 0);
	a = config_load(conf, err, sizeof(err));
	ck_assert_msg(a != NULL, "%s", err);
	write_named("wl.txt", "192.0.2.1\n198.51.100.0/24\n");
	b = config_load(conf, err, sizeof(err));
	ck_assert_msg(b != NULL, "%s", err);
	ck_assert_uint_eq(config_changes(a, b, note_change, &n), 1);
	ck_assert_int_eq(n, 1);
	snprintf(want, sizeof(want), "WhitelistClients file:%s/wl.txt "
	    "(1 entries) -> file:%s/wl.txt (2 entries)", tmpdir, tmpdir);
	ck_assert_str_eq(changed, want);
	config_free(b);
	snprintf(text, sizeof(text), "WhitelistClients file:wl.txt\n"
	    "RedisPassword new-secret\n");
	b = config_load(write_named("lists.conf", text), err, sizeof(err));
	ck_assert_msg(b != NULL, "%s", err);
	n = 0;
	config_changes(a, b, note_change, &n);
	ck_assert_ptr_null(strstr(changed, "secret"));
	config_free(a);
	config_free(b);
	ck_assert_int_eq(chdir(cwd), 0);	/* CK_FORK=no: the next tests */
}
END_TEST

START_TEST(test_bad_values)
{
	static const struct {
		const char *line;
		const char *msg;
	} bad[] = {
		{ "Socket 8894", "Socket: bad value '8894' (expected "
		    "inet:PORT@HOST, inet6:PORT@HOST, unix:/path or local:/path; PORT 1 to 65535)" },
		{ "Socket inet:0@127.0.0.1", "Socket: bad value "
		    "'inet:0@127.0.0.1' (expected inet:PORT@HOST, inet6:PORT@HOST"
		    ", unix:/path or local:/path; PORT 1 to 65535)" },
		{ "Socket inet:65536", "Socket: bad value 'inet:65536' (expected "
		    "inet:PORT@HOST, inet6:PORT@HOST, unix:/path or local:/path; PORT 1 to 65535)" },
		{ "Socket inet:smtp@127.0.0.1", "Socket: bad value "
		    "'inet:smtp@127.0.0.1' (expected inet:PORT@HOST, "
		    "inet6:PORT@HOST, unix:/path or local:/path; PORT 1 to 65535)" },
		{ "Socket inet:8894@", "Socket: bad value 'inet:8894@' (expected "
		    "inet:PORT@HOST, inet6:PORT@HOST, unix:/path or local:/path; PORT 1 to 65535)" },
		{ "Socket inet:8894@127.0.0.300", "Socket: bad value "
		    "'inet:8894@127.0.0.300' (expected inet:PORT@HOST, "
		    "inet6:PORT@HOST, unix:/path or local:/path; PORT 1 to 65535)" },
		{ "Socket inet:8894@::1", "Socket: bad value 'inet:8894@::1' "
		    "(expected inet:PORT@HOST, inet6:PORT@HOST, unix:/path or "
		    "local:/path; PORT 1 to 65535)" },
		{ "Socket inet6:8894@::g", "Socket: bad value 'inet6:8894@::g' "
		    "(expected inet:PORT@HOST, inet6:PORT@HOST, unix:/path or "
		    "local:/path; PORT 1 to 65535)" },
		{ "Socket unix:relative.sock", "Socket: bad value "
		    "'unix:relative.sock' (expected inet:PORT@HOST, "
		    "inet6:PORT@HOST, unix:/path or local:/path; PORT 1 to 65535)" },
		{ "UserID root:", "UserID: bad value 'root:' "
		    "(expected user or user:group)" },
		{ "UserID a:b:c", "UserID: bad value 'a:b:c' "
		    "(expected user or user:group)" },
		{ "UserID -x", "UserID: bad value '-x' "
		    "(expected user or user:group)" },
		{ "PidFile run/nsm.pid", "PidFile: bad value 'run/nsm.pid' "
		    "(expected an absolute path)" },
		{ "Store var/db", "Store: bad value 'var/db' "
		    "(expected an absolute path)" },
		{ "Umask 8", "Umask: bad value '8' "
		    "(expected an octal mode from 000 to 777)" },
		{ "Umask 1000", "Umask: bad value '1000' "
		    "(expected an octal mode from 000 to 777)" },
		{ "Umask -1", "Umask: bad value '-1' "
		    "(expected an octal mode from 000 to 777)" },
		{ "Syslog maybe", "Syslog: bad value 'maybe' "
		    "(expected yes, no, true, false, 1 or 0)" },
		{ "AddHeaders 2", "AddHeaders: bad value '2' "
		    "(expected yes, no, true, false, 1 or 0)" },
		{ "SyslogFacility kern", "SyslogFacility: bad value 'kern' "
		    "(expected mail, daemon, user, local0, local1, local2, "
		    "local3, local4, local5, local6 or local7)" },
		{ "LogLevel 4", "LogLevel: bad value '4' "
		    "(expected 0 to 3, or error, warning, info or debug)" },
		{ "LogLevel verbose", "LogLevel: bad value 'verbose' "
		    "(expected 0 to 3, or error, warning, info or debug)" },
		{ "StoreBackend bdb", "StoreBackend: bad value 'bdb' "
		    "(expected lmdb or redis)" },
		{ "RedisServer localhost", "RedisServer: bad value 'localhost' "
		    "(expected host:port, [IPv6]:port or unix:/path)" },
		{ "RedisServer ::1:6379", "RedisServer: bad value '::1:6379' "
		    "(expected host:port, [IPv6]:port or unix:/path)" },
		{ "RedisServer 127.0.0.1:0", "RedisServer: bad value "
		    "'127.0.0.1:0' (expected host:port, [IPv6]:port or "
		    "unix:/path)" },
		{ "Metrics unix:/run/m.sock", "Metrics: bad value "
		    "'unix:/run/m.sock' (expected host:port, [IPv6]:port, or "
		    "off)" },
		{ "Metrics 9894", "Metrics: bad value '9894' (expected "
		    "host:port, [IPv6]:port, or off)" },
		{ "RedisTimeout 0", "RedisTimeout: bad value '0' "
		    "(expected an integer from 1 to 10000)" },
		{ "MaxClusters 0", "MaxClusters: bad value '0' "
		    "(expected an integer from 1 to 1000000000)" },
		{ "MaxClusters 10k", "MaxClusters: bad value '10k' "
		    "(expected an integer from 1 to 1000000000)" },
		{ "SingletonTTL 59", "SingletonTTL: bad value '59' "
		    "(expected a duration from 1m to 3650d, in seconds or with "
		    "an s, m, h, d or w suffix)" },
		{ "SingletonTTL 3 d", "SingletonTTL: bad value '3 d' "
		    "(expected a duration from 1m to 3650d, in seconds or with "
		    "an s, m, h, d or w suffix)" },
		{ "BulkTTL 3y", "BulkTTL: bad value '3y' "
		    "(expected a duration from 1m to 3650d, in seconds or with "
		    "an s, m, h, d or w suffix)" },
		{ "BulkTTL 1dd", "BulkTTL: bad value '1dd' "
		    "(expected a duration from 1m to 3650d, in seconds or with "
		    "an s, m, h, d or w suffix)" },
		{ "BulkTTL 99999999999999999999", "BulkTTL: bad value "
		    "'99999999999999999999' (expected a duration from 1m to "
		    "3650d, in seconds or with an s, m, h, d or w suffix)" },
		{ "BulkTTL 9999999999999999w", "BulkTTL: bad value "
		    "'9999999999999999w' (expected a duration from 1m to "
		    "3650d, in seconds or with an s, m, h, d or w suffix)" },
		{ "Canonicalization html", "Canonicalization: bad value 'html' "
		    "(expected text or raw)" },
		{ "MinBodyBytes -1", "MinBodyBytes: bad value '-1' "
		    "(expected a size from 0 to 1M bytes, with an optional K, M "
		    "or G suffix)" },
		{ "MaxBodyBytes 2G", "MaxBodyBytes: bad value '2G' "
		    "(expected a size from 1K to 1G bytes, with an optional K, M "
		    "or G suffix)" },
		{ "MaxBodyBytes 4MB", "MaxBodyBytes: bad value '4MB' "
		    "(expected a size from 1K to 1G bytes, with an optional K, M "
		    "or G suffix)" },
		{ "MaxBodyBytes 1023", "MaxBodyBytes: bad value '1023' "
		    "(expected a size from 1K to 1G bytes, with an optional K, M "
		    "or G suffix)" },
		{ "SimilarityThreshold 129", "SimilarityThreshold: bad value "
		    "'129' (expected an integer from -128 to 128)" },
		{ "SimilarityThreshold -129", "SimilarityThreshold: bad value "
		    "'-129' (expected an integer from -128 to 128)" },
		{ "SimilarityThreshold 1.5", "SimilarityThreshold: bad value "
		    "'1.5' (expected an integer from -128 to 128)" },
		{ "TagThreshold 0", "TagThreshold: bad value '0' "
		    "(expected an integer from 1 to 1000000000)" },
		{ "RejectThreshold 1e3", "RejectThreshold: bad value '1e3' "
		    "(expected an integer from 1 to 1000000000)" },
		{ "RejectMinNetworks 0", "RejectMinNetworks: bad value '0' "
		    "(expected an integer from 1 to 1000000)" },
		{ "SpreadThreshold -1", "SpreadThreshold: bad value '-1' "
		    "(expected an integer from 0 to 1000000000)" },
		{ "RejectAction bounce", "RejectAction: bad value 'bounce' "
		    "(expected reject, tempfail, quarantine or discard)" },
		{ "Mode test", "Mode: bad value 'test' "
		    "(expected enforce or shadow)" },
		{ "ListMail drop", "ListMail: bad value 'drop' "
		    "(expected tag or reject)" },
		{ "SubjectSample on", "SubjectSample: bad value 'on' "
		    "(expected yes, no, true, false, 1 or 0)" },
		{ "SkipAuthenticated yes please", "SkipAuthenticated: bad value "
		    "'yes please' (expected yes, no, true, false, 1 or 0)" },
		{ "WhitelistClients 10.0.0.0/33", "WhitelistClients: bad network "
		    "'10.0.0.0/33' (prefix length must be 0..32)" },
		{ "WhitelistSenders example.com", "WhitelistSenders: bad address "
		    "'example.com' (expected user@domain or @domain)" },
		{ "WhitelistRecipients a@b,", "WhitelistRecipients: empty entry "
		    "in list" },
		{ "SpamTrap 192.0.2.1", "SpamTrap: bad address '192.0.2.1' "
		    "(expected user@domain or @domain)" },
	};
	char text[512], msg[1024];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		/* on line 3, after a comment and a blank line */
		snprintf(text, sizeof(text), "# test\n\n%s\n",
		    bad[i].line);
		snprintf(msg, sizeof(msg), "3: %s", bad[i].msg);
		load_bad(text, msg);
	}
}
END_TEST

/* The store's size limit and what a damaged store leads to. */
START_TEST(test_store_keys)
{
	struct config *c;

	c = load_ok("StoreMaxSize 64M\nStoreDamaged reset\n");
	ck_assert_uint_eq(c->store_max_size, 64UL * 1024 * 1024);
	ck_assert_int_eq(c->store_damaged, DAMAGED_RESET);
	config_free(c);
	c = load_ok("StoreMaxSize 1024G\nStoreDamaged refuse\n");
	ck_assert_uint_eq(c->store_max_size, 1024ULL * 1024 * 1024 * 1024);
	ck_assert_int_eq(c->store_damaged, DAMAGED_REFUSE);
	config_free(c);
	load_bad("StoreMaxSize 512K\n", "1: StoreMaxSize: bad value '512K' "
	    "(expected a size from 1M to 1024G bytes, with an optional K, M or "
	    "G suffix)");
	load_bad("StoreDamaged repair\n", "1: StoreDamaged: bad value 'repair' "
	    "(expected refuse or reset)");
	c = load_ok("");
	ck_assert_int_eq(c->store_sync_delay, 100);
	config_free(c);
	c = load_ok("StoreSyncDelay 0\n");
	ck_assert_int_eq(c->store_sync_delay, 0);
	config_free(c);
	load_bad("StoreSyncDelay 10001\n", "1: StoreSyncDelay: bad value "
	    "'10001' (expected an integer from 0 to 10000)");
}
END_TEST

START_TEST(test_suffixes)
{
	struct config *c;

	c = load_ok("MaxBodyBytes 2048\nMinBodyBytes 2k\n"
	    "SingletonTTL 90m\nBulkTTL 172800\n");
	ck_assert_uint_eq(c->max_body_bytes, 2048);
	ck_assert_uint_eq(c->min_body_bytes, 2048);
	ck_assert_int_eq(c->singleton_ttl, 90 * 60);
	ck_assert_int_eq(c->bulk_ttl, 2 * 86400);
	config_free(c);

	c = load_ok("MaxBodyBytes 1g\nSingletonTTL 3600s\nBulkTTL 1W\n");
	ck_assert_uint_eq(c->max_body_bytes, 1024UL * 1024 * 1024);
	ck_assert_int_eq(c->singleton_ttl, 3600);
	ck_assert_int_eq(c->bulk_ttl, 7 * 86400);
	config_free(c);

	c = load_ok("MaxBodyBytes 512K\nSingletonTTL 36h\n");
	ck_assert_uint_eq(c->max_body_bytes, 512 * 1024);
	ck_assert_int_eq(c->singleton_ttl, 36 * 3600);
	config_free(c);
}
END_TEST

START_TEST(test_syntax_errors)
{
	char text[8192];
	size_t n;

	load_bad("Mode shadow\nNoSuchKey 1\n", "2: unknown key 'NoSuchKey'");
	load_bad("\n\nSocket\n", "3: Socket: missing value");
	load_bad("Socket    # only a comment\n", "1: Socket: missing value");
	load_bad("Include\n", "1: Include: missing value");
	/* a line of exactly 4096 bytes is fine, 4097 is not */
	n = (size_t)snprintf(text, sizeof(text), "# pad\nMode shadow #");
	memset(text + n, 'x', 4096 - strlen("Mode shadow #"));
	strcpy(text + n + 4096 - strlen("Mode shadow #"), "\n");
	config_free(load_ok(text));
	n = (size_t)snprintf(text, sizeof(text), "# pad\nMode shadow #");
	memset(text + n, 'x', 4097 - strlen("Mode shadow #"));
	strcpy(text + n + 4097 - strlen("Mode shadow #"), "\n");
	load_bad(text, "2: line longer than 4096 bytes");
}
END_TEST

/* The repeated-key message names the first file; fill in PATH. */
START_TEST(test_repeated)
{
	const char *path;
	char want[2048];
	struct config *c;

	path = write_conf("TagThreshold 2\n\nTAGTHRESHOLD 2\n");
	c = config_load(path, err, sizeof(err));
	ck_assert_ptr_null(c);
	snprintf(want, sizeof(want), "%s:3: TagThreshold: repeated key "
	    "(first set at %s:1)", path, path);
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_comments)
{
	struct config *c;

	c = load_ok("PidFile /run/a#b.pid   # trailing comment\n"
	    "\t  Mode\t shadow\t\n"
	    "Store /var/db # comment\r\n"
	    "#Socket inet:1@localhost\n");
	ck_assert_str_eq(c->pidfile, "/run/a#b.pid");
	ck_assert_int_eq(c->mode, MODE_SHADOW);
	ck_assert_str_eq(c->store, "/var/db");
	ck_assert_str_eq(c->socket, "inet:8894@127.0.0.1");
	config_free(c);
	/* a '#' glued to a value is part of it, and here makes it bad */
	load_bad("TagThreshold 7#x\n", "1: TagThreshold: bad value '7#x' "
	    "(expected an integer from 1 to 1000000000)");
}
END_TEST

START_TEST(test_nul)
{
	const char *path;
	char want[1024];
	FILE *fp;

	path = write_conf("");
	ck_assert_ptr_nonnull(fp = fopen(path, "w"));
	fwrite("Mode shadow\nSocket inet:1\0@x\n", 1, 30, fp);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_ptr_null(config_load(path, err, sizeof(err)));
	snprintf(want, sizeof(want), "%s:2: NUL byte in line", path);
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_missing_file)
{
	char path[600], want[1024];

	snprintf(path, sizeof(path), "%s/none.conf", tmpdir);
	ck_assert_ptr_null(config_load(path, err, sizeof(err)));
	snprintf(want, sizeof(want), "%s: cannot open: No such file or "
	    "directory", path);
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_include)
{
	char text[1024], want[2048], fifo[512];
	const char *inner, *outer, *mid;
	struct config *c;

	inner = write_named("inner.conf", "# inner\n\nTagThreshold 4\n");
	mid = write_named("mid.conf", "Mode shadow\nInclude inner.conf\n"
	    "RejectAction tempfail\n");
	snprintf(text, sizeof(text), "Socket inet:1@localhost\n"
	    "include %s\nRejectThreshold 9\n", mid);
	c = load_ok(text);
	ck_assert_uint_eq(c->tag_threshold, 4);
	ck_assert_int_eq(c->mode, MODE_SHADOW);
	ck_assert_int_eq(c->reject_action, ACTION_TEMPFAIL);
	ck_assert_uint_eq(c->reject_threshold, 9);
	ck_assert_str_eq(c->socket, "inet:1@localhost");
	config_free(c);

	/* an error in an included file names that file and its line */
	inner = write_named("inner2.conf", "\n\n# x\nMode later\n");
	snprintf(text, sizeof(text), "Socket inet:1@localhost\nInclude %s\n",
	    inner);
	outer = write_conf(text);
	ck_assert_ptr_null(config_load(outer, err, sizeof(err)));
	snprintf(want, sizeof(want), "%s:4: Mode: bad value 'later' "
	    "(expected enforce or shadow)", inner);
	ck_assert_str_eq(err, want);

	/* a key repeated across files names both places */
	inner = write_named("inner3.conf", "Socket inet:2@localhost\n");
	snprintf(text, sizeof(text), "\nSocket inet:1@localhost\n"
	    "Include %s\n", inner);
	outer = write_conf(text);
	ck_assert_ptr_null(config_load(outer, err, sizeof(err)));
	snprintf(want, sizeof(want), "%s:1: Socket: repeated key (first "
	    "set at %s:2)", inner, outer);
	ck_assert_str_eq(err, want);

	/* a missing included file is reported at the Include line */
	snprintf(text, sizeof(text), "Mode shadow\nInclude %s/absent.conf\n",
	    tmpdir);
	outer = write_conf(text);
	ck_assert_ptr_null(config_load(outer, err, sizeof(err)));
	snprintf(want, sizeof(want), "%s:2: Include: cannot open "
	    "'%s/absent.conf': No such file or directory", outer, tmpdir);
	ck_assert_str_eq(err, want);

	/* a directory, or a FIFO (open() would wait for ever), is no file */
	snprintf(text, sizeof(text), "Mode shadow\nInclude %s\n", tmpdir);
	outer = write_conf(text);
	ck_assert_ptr_null(config_load(outer, err, sizeof(err)));
	snprintf(want, sizeof(want), "%s:2: Include: cannot open '%s': not "
	    "a regular file", outer, tmpdir);
	ck_assert_str_eq(err, want);
	snprintf(fifo, sizeof(fifo), "%s/include.fifo", tmpdir);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	snprintf(text, sizeof(text), "Mode shadow\nInclude %s\n", fifo);
	outer = write_conf(text);
	ck_assert_ptr_null(config_load(outer, err, sizeof(err)));
	snprintf(want, sizeof(want), "%s:2: Include: cannot open '%s': not "
	    "a regular file", outer, fifo);
	ck_assert_str_eq(err, want);
	unlink(fifo);

	/* a file including itself stops at the depth limit */
	outer = write_named("loop.conf", "# loop\nInclude loop.conf\n");
	ck_assert_ptr_null(config_load(outer, err, sizeof(err)));
	snprintf(want, sizeof(want), "%s:2: Include: 'loop.conf' nested too "
	    "deeply (at most 8 levels)", outer);
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_cross)
{
	static const struct {
		const char	*conf;
		uint64_t	 want;
	} spread[] = {
		{ "RejectThreshold 10\n", 10 },
		{ "RejectThreshold 2\n", 2 },
		{ "SpreadThreshold 4\nRejectThreshold 10\n", 4 },
		{ "RejectThreshold 10\nSpreadThreshold 0\n", 0 },
		{ "TagThreshold 4\n", 3 },
	};
	char want[1024];
	const char *path;
	struct config *c;
	size_t i;

	/* both set: reported at the later one */
	load_bad("TagThreshold 10\nMode shadow\nRejectThreshold 9\n",
	    "3: RejectThreshold: TagThreshold 10 is above RejectThreshold 9 "
	    "(TagThreshold must not exceed RejectThreshold)");
	load_bad("RejectThreshold 9\nMode shadow\nTagThreshold 10\n",
	    "3: TagThreshold: TagThreshold 10 is above RejectThreshold 9 "
	    "(TagThreshold must not exceed RejectThreshold)");
	/* one set: the other's default follows it, up or down */
	c = load_ok("\nTagThreshold 21\n");
	ck_assert_int_eq(c->tag_threshold, 21);
	ck_assert_int_eq(c->reject_threshold, 21);
	config_free(c);
	c = load_ok("RejectThreshold 3\n");
	ck_assert_int_eq(c->tag_threshold, 3);
	ck_assert_int_eq(c->reject_threshold, 3);
	config_free(c);
	/* a default that already agrees is left alone */
	c = load_ok("RejectThreshold 7\n");
	ck_assert_int_eq(c->tag_threshold, 5);
	config_free(c);
	/*
	 * SpreadThreshold follows a RejectThreshold set alone, up or down,
	 * so that the count the file set is the count; set, it stays; 0 is off.
	 */
	for (i = 0; i < sizeof(spread) / sizeof(spread[0]); i++) {
		c = load_ok(spread[i].conf);
		ck_assert_msg(c->spread_threshold == spread[i].want, "%s: %llu",
		    spread[i].conf, (unsigned long long)c->spread_threshold);
		config_free(c);
	}
	load_bad("MaxBodyBytes 1K\nMinBodyBytes 2K\n", "2: MinBodyBytes: "
	    "MinBodyBytes 2K is above MaxBodyBytes 1K (MinBodyBytes must not "
	    "exceed MaxBodyBytes)");
	/* equal is fine */
	config_free(load_ok("TagThreshold 20\n"));

	/* across an Include, at the later key's file and line */
	path = write_named("cross.conf", "\nRejectThreshold 2\n");
	snprintf(want, sizeof(want), "TagThreshold 3\nInclude %s\n", path);
	ck_assert_ptr_null(config_load(write_conf(want), err, sizeof(err)));
	snprintf(want, sizeof(want), "%s:2: RejectThreshold: TagThreshold 3 "
	    "is above RejectThreshold 2 (TagThreshold must not exceed "
	    "RejectThreshold)", path);
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_reloadable)
{
	struct config *a, *b;

	a = load_ok("Socket inet:1@localhost\nStore /srv/a\nTagThreshold 2\n");
	/* every reloadable key changed */
	b = load_ok("Socket inet:1@localhost\nStore /srv/a\nTagThreshold 3\n"
	    "RejectThreshold 4\nLogLevel 3\nMode shadow\nRejectAction discard\n"
	    "WhitelistClients 10.0.0.0/8\nSpamTrap @trap.example\n"
	    "Canonicalization raw\nSingletonTTL 1d\nBulkTTL 7d\n"
	    "MinBodyBytes 1\nMaxBodyBytes 1M\nSimilarityThreshold 50\n"
	    "RejectMinNetworks 3\nListMail reject\nAddHeaders no\n"
	    "SkipAuthenticated no\nSubjectSample yes\n"
	    "WhitelistSenders @a.example\nWhitelistRecipients @b.example\n");
	ck_assert_int_eq(config_reloadable(a, b, err, sizeof(err)), 0);
	config_free(b);

	b = load_ok("Socket inet:2@localhost\nStore /srv/a\n");
	ck_assert_int_eq(config_reloadable(a, b, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "Socket cannot change on reload "
	    "('inet:1@localhost' to 'inet:2@localhost'); restart "
	    "nilsimsa-milter");
	config_free(b);

	b = load_ok("Socket inet:1@localhost\nStore /srv/b\n");
	ck_assert_int_eq(config_reloadable(a, b, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "Store cannot change on reload ('/srv/a' to "
	    "'/srv/b'); restart nilsimsa-milter");
	config_free(b);

	/* a key left at its default becoming set is a change too */
	b = load_ok("Socket inet:1@localhost\nStore /srv/a\nUserID nsm\n");
	ck_assert_int_eq(config_reloadable(a, b, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "UserID cannot change on reload ('nilsimsa-milter' to 'nsm'); "
	    "restart nilsimsa-milter");
	config_free(b);

	b = load_ok("Socket inet:1@localhost\nStore /srv/a\nMaxClusters 7\n");
	ck_assert_int_eq(config_reloadable(a, b, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "MaxClusters cannot change on reload "
	    "('100000' to '7'); restart nilsimsa-milter");
	config_free(b);
	config_free(a);

	/* a password is never written out: not in the reload's error,
	   nor in the dump (found by review: both showed it) */
	a = load_ok("RedisPassword OldS3cret\n");
	b = load_ok("RedisPassword NewS3cret\n");
	ck_assert_int_eq(config_reloadable(a, b, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "RedisPassword cannot change on reload; "
	    "restart nilsimsa-milter");
	{
		char	*dump = NULL;
		size_t	 dlen = 0;
		FILE	*fp = open_memstream(&dump, &dlen);

		ck_assert_ptr_nonnull(fp);
		config_dump(a, fp);
		fclose(fp);
		ck_assert_ptr_null(strstr(dump, "S3cret"));
		ck_assert_ptr_nonnull(strstr(dump, "RedisPassword        ********"));
		free(dump);
	}
	config_free(b);
	config_free(a);

	/* a long value changed past its 600th byte is a change too */
	{
		char	 conf[1400], dir[700];

		memset(dir, 'd', 650);
		dir[650] = '\0';
		snprintf(conf, sizeof(conf), "Store /srv/%s/a\n", dir);
		a = load_ok(conf);
		snprintf(conf, sizeof(conf), "Store /srv/%s/b\n", dir);
		b = load_ok(conf);
		ck_assert_int_eq(config_reloadable(a, b, err, sizeof(err)), -1);
		ck_assert_ptr_nonnull(strstr(err, "Store cannot change on reload"));
		config_free(b);
		config_free(a);
	}

	ck_assert_int_eq(config_key_reloadable("tagthreshold"), 1);
	ck_assert_int_eq(config_key_reloadable("Socket"), 0);
	ck_assert_int_eq(config_key_reloadable("RedisServer"), 0);
	ck_assert_int_eq(config_key_reloadable("Nope"), -1);
}
END_TEST

/* Every restart-only key named in the brief refuses a change. */
/* Write the built-in profile under another name to tmpdir/file. */
static const char *
write_profile(const char *file, const char *name)
{
	static char text[NILSIMSA_PROFILE_TEXT_MAX];
	nilsimsa_profile p;

	p = *nilsimsa_profile_builtin(NULL);
	snprintf(p.name, sizeof(p.name), "%s", name);
	ck_assert_int_eq(nilsimsa_profile_write(&p, text, sizeof(text), NULL), 0);
	return write_named(file, text);
}

/*
 * A profile re-learned into the same file makes codes the store's cannot
 * be compared with: the path alone must not let it through a reload.
 */
START_TEST(test_reload_profile_file)
{
	struct config *a, *b;
	char conf[700];
	const char *path;

	path = write_profile("site.profile", "site1");
	snprintf(conf, sizeof(conf), "Profile %s\n", path);
	a = load_ok(conf);
	b = load_ok(conf);
	ck_assert_int_eq(config_reloadable(a, b, err, sizeof(err)), 0);
	config_free(b);

	write_profile("site.profile", "site2");
	b = load_ok(conf);
	ck_assert_int_eq(config_reloadable(a, b, err, sizeof(err)), -1);
	ck_assert_msg(strncmp(err, "Profile cannot change on reload", 31) == 0,
	    "%s", err);
	config_free(b);
	config_free(a);
}
END_TEST

/* A Profile that is a FIFO is refused, not waited on (nor at reload). */
START_TEST(test_profile_fifo)
{
	char conf[700], fifo[600];

	snprintf(fifo, sizeof(fifo), "%s/profile.fifo", tmpdir);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	snprintf(conf, sizeof(conf), "Profile %s\n", fifo);
	err[0] = '\0';
	ck_assert_ptr_null(config_load(write_conf(conf), err, sizeof(err)));
	ck_assert_msg(strstr(err, "not a regular file") != NULL, "%s", err);
	unlink(fifo);
}
END_TEST

START_TEST(test_not_reloadable_list)
{
	static const char *const fixed[] = { "Socket", "UserID", "PidFile",
	    "Umask", "Syslog", "SyslogFacility", "Store", "StoreBackend",
	    "RedisServer", "MaxClusters" };
	size_t i;

	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		ck_assert_msg(config_key_reloadable(fixed[i]) == 0, "%s",
		    fixed[i]);
}
END_TEST

/* The dump is a loadable file that reads back to the same dump. */
START_TEST(test_dump)
{
	struct config *a, *b;
	char *buf1, *buf2, *p;
	size_t len1, len2;
	const char *path;
	FILE *fp;

	a = load_ok("Socket inet6:9000@::1\nUserID nsm\nMaxBodyBytes 3M\n"
	    "BulkTTL 2w\nSingletonTTL 90m\nUmask 022\nLogLevel 1\n"
	    "SyslogFacility local5\nWhitelistClients 10.0.0.0/8, ::1\n"
	    "RejectAction discard\nSimilarityThreshold -5\n");
	ck_assert_ptr_nonnull(fp = open_memstream(&buf1, &len1));
	config_dump(a, fp);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_ptr_nonnull(strstr(buf1, "\nSocket               "
	    "inet6:9000@::1\t# restart to change\n"));
	ck_assert_ptr_nonnull(strstr(buf1, "\nMaxBodyBytes         3M\n"));
	ck_assert_ptr_nonnull(strstr(buf1, "\nBulkTTL              2w\n"));
	ck_assert_ptr_nonnull(strstr(buf1, "\nSingletonTTL         90m\n"));
	ck_assert_ptr_nonnull(strstr(buf1, "\nUmask                022\t"));
	ck_assert_ptr_nonnull(strstr(buf1, "\nLogLevel             warning\n"));
	ck_assert_ptr_nonnull(strstr(buf1, "\nSyslogFacility       local5\t"));
	ck_assert_ptr_nonnull(strstr(buf1, "\nWhitelistClients     "
	    "10.0.0.0/8, ::1\n"));
	ck_assert_ptr_nonnull(strstr(buf1, "\nRejectAction         discard\n"));
	ck_assert_ptr_nonnull(strstr(buf1, "\nSimilarityThreshold  -5\n"));
	ck_assert_ptr_nonnull(strstr(buf1, "\n#SpamTrap             (unset)\n"));
	ck_assert_ptr_nonnull(strstr(buf1, "\nMinBodyBytes         64\n"));

	/* strip the first line (it names the file) and read it back */
	p = strchr(buf1, '\n') + 1;
	path = write_conf(p);
	ck_assert_ptr_nonnull(b = config_load(path, err, sizeof(err)));
	ck_assert_ptr_nonnull(fp = open_memstream(&buf2, &len2));
	config_dump(b, fp);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_str_eq(strchr(buf2, '\n') + 1, p);
	ck_assert_int_eq(config_reloadable(a, b, err, sizeof(err)), 0);
	free(buf1);
	free(buf2);
	config_free(a);
	config_free(b);
}
END_TEST

/*
 * A list as long as a line may be loads, and so does its dump (the
 * padding and the note would have made the line too long to load).
 */
START_TEST(test_dump_long_line)
{
	char		 line[4096 + 2], *buf, *p;
	struct config	*a, *b;
	size_t		 len, n;
	FILE		*fp;

	n = (size_t)snprintf(line, sizeof(line), "WhitelistSenders @a.example");
	while (n + strlen(",@a.example") + 10 <= 4096)
		n += (size_t)snprintf(line + n, sizeof(line) - n, ",@a.example");
	/* exactly 4096 bytes, the longest line: ",@bb...b.org" fills it */
	n += (size_t)snprintf(line + n, sizeof(line) - n, ",@");
	while (n < 4096 - 4)
		line[n++] = 'b';
	n += (size_t)snprintf(line + n, sizeof(line) - n, ".org\n");
	ck_assert_uint_eq(strlen(line), 4096 + 1);
	a = load_ok(line);
	ck_assert_ptr_nonnull(fp = open_memstream(&buf, &len));
	config_dump(a, fp);
	ck_assert_int_eq(fclose(fp), 0);
	p = strchr(buf, '\n') + 1;
	ck_assert_ptr_nonnull(strstr(p, "\nWhitelistSenders @a.example,"));
	ck_assert_ptr_nonnull(b = config_load(write_conf(p), err, sizeof(err)));
	config_free(b);
	config_free(a);
	free(buf);
}
END_TEST

START_TEST(test_names)
{
	ck_assert_str_eq(config_action_name(ACTION_REJECT), "reject");
	ck_assert_str_eq(config_action_name(ACTION_TEMPFAIL), "tempfail");
	ck_assert_str_eq(config_action_name(ACTION_QUARANTINE), "quarantine");
	ck_assert_str_eq(config_action_name(ACTION_DISCARD), "discard");
	ck_assert_str_eq(config_mode_name(MODE_SHADOW), "shadow");
	ck_assert_str_eq(config_loglevel_name(3), "debug");
	ck_assert_str_eq(config_facility_name(LOG_LOCAL0), "local0");
}
END_TEST

/* The shipped sample must load as it is. */
START_TEST(test_sample)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	struct config *c;

	ck_assert_msg(top != NULL, "top_srcdir is not set (run via make check)");
	snprintf(path, sizeof(path), "%s/conf/nilsimsa-milter.conf", top);
	c = config_load(path, err, sizeof(err));
	ck_assert_msg(c != NULL, "%s", err);
	/* the sample documents the defaults; it must not change them */
	ck_assert_str_eq(c->socket, "inet:8894@127.0.0.1");
	ck_assert_uint_eq(c->reject_threshold, 15);
	ck_assert_uint_eq(c->spread_threshold, 3);
	ck_assert_uint_eq(addrlist_count(c->whitelist_clients), 0);
	config_free(c);
}
END_TEST

static Suite *
config_suite(void)
{
	Suite *s = suite_create("config");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_defaults);
	tcase_add_test(tc, test_all_keys);
	tcase_add_test(tc, test_case);
	tcase_add_test(tc, test_good_values);
	tcase_add_test(tc, test_bad_values);
	tcase_add_test(tc, test_metrics_off);
	tcase_add_test(tc, test_list_files);
	tcase_add_test(tc, test_suffixes);
	tcase_add_test(tc, test_syntax_errors);
	tcase_add_test(tc, test_repeated);
	tcase_add_test(tc, test_comments);
	tcase_add_test(tc, test_nul);
	tcase_add_test(tc, test_missing_file);
	tcase_add_test(tc, test_include);
	tcase_add_test(tc, test_cross);
	tcase_add_test(tc, test_reloadable);
	tcase_add_test(tc, test_not_reloadable_list);
	tcase_add_test(tc, test_reload_profile_file);
	tcase_add_test(tc, test_profile_fifo);
	tcase_add_test(tc, test_dump);
	tcase_add_test(tc, test_dump_long_line);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_sample);
	tcase_add_test(tc, test_store_keys);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	char cmd[600];
	SRunner *sr;
	int failed;

	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	sr = srunner_create(config_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	/* tmpdir is ours, made by mkdtemp above */
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return failed == 0 ? 0 : 1;
}
