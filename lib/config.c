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
 * config.c: the configuration file.
 *
 * As in Redis, every key is one row of keys[] below: its name, type,
 * default (as text, parsed by the same code as the file, so a default can
 * never disagree with the documented syntax), place in struct config and
 * whether SIGUSR1 may change it. Loading, defaults, the reload check and
 * the dump are loops over that table; adding a key is adding a row.
 *
 * The grammar is small enough that a hand-written reader is clearer than
 * a generated parser: "Key value" lines, '#' comments, "Include path".
 */

#include <sys/types.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <syslog.h>

#include "addrlist.h"
#include "config.h"
#include "util.h"

#define CONF_LINE_MAX		4096	/* longest line, newline excluded */
#define CONF_INCLUDE_DEPTH	8	/* Include nesting */

enum ctype {
	CT_STRING,	/* any text without control characters */
	CT_PATH,	/* an absolute path */
	CT_SOCKET,	/* a libmilter socket specification */
	CT_USERID,	/* user[:group] */
	CT_REDIS,	/* host:port, [v6]:port or unix:/path */
	CT_LISTEN,	/* "" (off), host:port or [v6]:port */
	CT_BOOL,
	CT_INT,		/* decimal integer in [min, max] */
	CT_SIZE,	/* bytes, K/M/G suffixes (powers of 1024) */
	CT_DURATION,	/* seconds, s/m/h/d/w suffixes */
	CT_ENUM,	/* one of names[] */
	CT_ADDRLIST,	/* addrlist_parse(kind) */
	CT_FACILITY,	/* syslog facility name */
	CT_UMASK,	/* octal 000..777 */
	CT_LOGLEVEL,	/* 0..3 or a level name */
	CT_PROFILE	/* a built-in profile name or the path of a profile file */
};

struct name {
	const char	*name;
	int		 value;
};

struct key {
	const char	*name;
	enum ctype	 type;
	const char	*def;		/* default as text; NULL: unset */
	size_t		 off;		/* in struct config */
	size_t		 size;		/* of the field */
	int		 reload;	/* may change at SIGUSR1 */
	int64_t		 min, max;	/* CT_INT, CT_SIZE, CT_DURATION */
	const struct name *names;	/* CT_ENUM, CT_FACILITY, CT_LOGLEVEL */
	enum addrlist_kind kind;	/* CT_ADDRLIST */
};

static const struct name backend_names[] = {
	{ "lmdb", BACKEND_LMDB }, { "redis", BACKEND_REDIS }, { NULL, 0 }
};
static const struct name damaged_names[] = {
	{ "refuse", DAMAGED_REFUSE }, { "reset", DAMAGED_RESET }, { NULL, 0 }
};
/* Parsed here rather than with canon_mode_parse() to keep config.c free
 * of the canonicaliser; the values are enum canon_mode's. */
static const struct name canon_names[] = {
	{ "text", CANON_TEXT }, { "raw", CANON_RAW }, { NULL, 0 }
};
static const struct name action_names[] = {
	{ "reject", ACTION_REJECT }, { "tempfail", ACTION_TEMPFAIL },
	{ "quarantine", ACTION_QUARANTINE }, { "discard", ACTION_DISCARD },
	{ NULL, 0 }
};
static const struct name scoremode_names[] = {
	{ "calibrated", SCORE_CALIBRATED }, { "reference", SCORE_REFERENCE },
	{ "auto", SCORE_AUTO }, { NULL, 0 }
};
static const struct name mode_names[] = {
	{ "enforce", MODE_ENFORCE }, { "shadow", MODE_SHADOW }, { NULL, 0 }
};
static const struct name listmail_names[] = {
	{ "tag", LISTMAIL_TAG }, { "reject", LISTMAIL_REJECT }, { NULL, 0 }
};
static const struct name facility_names[] = {
	{ "mail", LOG_MAIL }, { "daemon", LOG_DAEMON }, { "user", LOG_USER },
	{ "local0", LOG_LOCAL0 }, { "local1", LOG_LOCAL1 },
	{ "local2", LOG_LOCAL2 }, { "local3", LOG_LOCAL3 },
	{ "local4", LOG_LOCAL4 }, { "local5", LOG_LOCAL5 },
	{ "local6", LOG_LOCAL6 }, { "local7", LOG_LOCAL7 }, { NULL, 0 }
};
static const struct name loglevel_names[] = {
	{ "error", 0 }, { "warning", 1 }, { "info", 2 }, { "debug", 3 },
	{ NULL, 0 }
};

#define KEY(n, t, d, f, r, ...) { .name = n, .type = t, .def = d,	\
	.off = offsetof(struct config, f),			\
	.size = sizeof(((struct config *)0)->f), .reload = r, __VA_ARGS__ }
#define RELOAD		1
#define RESTART		0
#define K		1024LL
#define DAY		86400LL

/*
 * The keys, in the order config_dump() prints them. The file may give
 * them in any order.
 */
static const struct key keys[] = {
	/* daemon: read at start only */
	KEY("Socket", CT_SOCKET, "inet:8894@127.0.0.1", socket, RESTART),
	KEY("UserID", CT_USERID, "nilsimsa-milter", userid, RESTART),
	KEY("RunAsRoot", CT_BOOL, "no", run_as_root, RESTART),
	KEY("PidFile", CT_PATH, "/run/nilsimsa-milter/nilsimsa-milter.pid",
	    pidfile, RESTART),
	KEY("Umask", CT_UMASK, "007", umask, RESTART),
	KEY("TCPNoDelay", CT_BOOL, "yes", tcp_nodelay, RESTART),
	KEY("SessionTimeout", CT_DURATION, "10m", session_timeout, RESTART,
	    .min = 1, .max = DAY),
	KEY("Syslog", CT_BOOL, "yes", syslog, RESTART),
	KEY("SyslogFacility", CT_FACILITY, "mail", syslog_facility, RESTART,
	    .names = facility_names),
	KEY("LogLevel", CT_LOGLEVEL, "info", loglevel, RELOAD,
	    .names = loglevel_names),
	/* Prometheus metrics over HTTP (milter/metrics_http.c); "": off */
	KEY("Metrics", CT_LISTEN, "", metrics, RESTART),

	/* store */
	KEY("Store", CT_PATH, "/var/lib/nilsimsa-milter", store, RESTART),
	KEY("StoreBackend", CT_ENUM, "lmdb", store_backend, RESTART,
	    .names = backend_names),
	KEY("RedisServer", CT_REDIS, "127.0.0.1:6379", redis, RESTART),
	KEY("RedisUser", CT_STRING, "", redis_user, RESTART),
	KEY("RedisPassword", CT_STRING, "", redis_password, RESTART),
	KEY("RedisPrefix", CT_STRING, "nsm", redis_prefix, RESTART),
	KEY("RedisTimeout", CT_INT, "50", redis_timeout, RESTART,
	    .min = 1, .max = 10000),
	KEY("MaxClusters", CT_INT, "100000", max_clusters, RESTART,
	    .min = 1, .max = 1000000000),
	KEY("StoreMaxSize", CT_SIZE, "1G", store_max_size, RESTART,
	    .min = 1 * K * K, .max = 1024 * K * K * K),
	KEY("StoreSyncDelay", CT_INT, "100", store_sync_delay, RESTART,
	    .min = 0, .max = 10000),
	KEY("StoreDamaged", CT_ENUM, "refuse", store_damaged, RESTART,
	    .names = damaged_names),
	KEY("SingletonTTL", CT_DURATION, "3d", singleton_ttl, RELOAD,
	    .min = 60, .max = 3650 * DAY),
	KEY("BulkTTL", CT_DURATION, "30d", bulk_ttl, RELOAD,
	    .min = 60, .max = 3650 * DAY),

	/* what is digested */
	KEY("Canonicalization", CT_ENUM, "text", canonicalization, RELOAD,
	    .names = canon_names),
	KEY("MinBodyBytes", CT_SIZE, "64", min_body_bytes, RELOAD,
	    .min = 0, .max = 1024 * K),
	KEY("MinOwnText", CT_SIZE, "128", min_own_text, RELOAD,
	    .min = 0, .max = 64 * K),
	KEY("MinOwnShare", CT_INT, "70", min_own_share, RELOAD,
	    .min = 0, .max = 100),
	KEY("MaxBodyBytes", CT_SIZE, "4M", max_body_bytes, RELOAD,
	    .min = 1 * K, .max = 1024 * K * K),
	KEY("SubjectSample", CT_BOOL, "no", subject_sample, RELOAD),

	/*
	 * verdicts. SimilarityThreshold: one below STORE_COPY_MIN, so that a
	 * message joins only a cluster it is a copy of (docs/replay.md).
	 */
	KEY("SimilarityThreshold", CT_INT, "49", similarity_threshold, RELOAD,
	    .min = -128, .max = 128),
	KEY("TagThreshold", CT_INT, "5", tag_threshold, RELOAD,
	    .min = 1, .max = 1000000000),
	KEY("RejectThreshold", CT_INT, "15", reject_threshold, RELOAD,
	    .min = 1, .max = 1000000000),
	KEY("RejectMinNetworks", CT_INT, "1", reject_min_networks, RELOAD,
	    .min = 1, .max = 1000000),
	KEY("SpreadThreshold", CT_INT, "3", spread_threshold, RELOAD,
	    .min = 0, .max = 1000000000),
	KEY("CampaignWindow", CT_DURATION, "7d", campaign_window, RELOAD,
	    .min = 3600, .max = 3650 * DAY),
	KEY("MailingShare", CT_INT, "80", mailing_share, RELOAD,
	    .min = 50, .max = 100),
	KEY("TrustedAuthservIDs", CT_STRING, "", trusted_authserv_ids, RELOAD),
	KEY("RejectAction", CT_ENUM, "reject", reject_action, RELOAD,
	    .names = action_names),
	KEY("Mode", CT_ENUM, "enforce", mode, RELOAD, .names = mode_names),
	KEY("ListMail", CT_ENUM, "tag", list_mail, RELOAD,
	    .names = listmail_names),
	KEY("AddHeaders", CT_BOOL, "yes", add_headers, RELOAD),
	KEY("SkipAuthenticated", CT_BOOL, "yes", skip_authenticated, RELOAD),

	/*
	 * How codes are made and compared. Codes of different modes or
	 * profiles cannot be compared, so the store records which it holds
	 * and neither key can change without a restart (and a new store).
	 */
	KEY("ScoreMode", CT_ENUM, "auto", score_mode, RESTART,
	    .names = scoremode_names),
	KEY("Profile", CT_PROFILE, "default", profile, RESTART),

	/*
	 * Lists. Empty by default: whitelisting loopback would let every
	 * locally injected message (and every end-to-end test) bypass the
	 * filter.
	 */
	KEY("WhitelistClients", CT_ADDRLIST, "", whitelist_clients, RELOAD,
	    .kind = ADDRLIST_NET),
	KEY("WhitelistSenders", CT_ADDRLIST, "", whitelist_senders, RELOAD,
	    .kind = ADDRLIST_MAIL),
	KEY("WhitelistRecipients", CT_ADDRLIST, "",
	    whitelist_recipients, RELOAD,
	    .kind = ADDRLIST_MAIL),
	KEY("SpamTrap", CT_ADDRLIST, "", spamtrap, RELOAD,
	    .kind = ADDRLIST_MAIL),
};
#define NKEYS	(sizeof(keys) / sizeof(keys[0]))

/*
 * Pairs of keys where lo's value must not exceed hi's. When the file sets
 * one and the other's default would break the rule, the default follows
 * the value set (RejectThreshold 3 alone makes TagThreshold 3); only two
 * values both set can conflict.
 */
static const struct cross {
	const char	*lo;
	const char	*hi;
} cross[] = {
	{ "TagThreshold", "RejectThreshold" },
	{ "MinBodyBytes", "MaxBodyBytes" },
};

union value {
	char		*s;
	int64_t		 i;
	struct addrlist	*l;
};

/* Where each key was set while loading, for repeated-key and cross checks. */
struct load {
	struct config	*c;
	char		*file[NKEYS];	/* NULL: default */
	int		 line[NKEYS];
	unsigned	 seq[NKEYS];	/* order of setting */
	unsigned	 nseq;
	char		*err;
	size_t		 errlen;
};


static const struct key *
key_find(const char *name)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		if (strcasecmp(keys[i].name, name) == 0)
			return &keys[i];
	return NULL;
}

static int
is_str(enum ctype t)
{
	return t == CT_STRING || t == CT_PATH || t == CT_SOCKET ||
	    t == CT_USERID || t == CT_REDIS || t == CT_LISTEN ||
	    t == CT_PROFILE;
}

static void *
field(const struct config *c, const struct key *k)
{
	return (char *)c + k->off;
}

static void
set_int(struct config *c, const struct key *k, int64_t v)
{
	int32_t v32 = (int32_t)v;

	if (k->size == sizeof(v32))
		memcpy(field(c, k), &v32, sizeof(v32));
	else
		memcpy(field(c, k), &v, sizeof(v));
}

static int64_t
get_int(const struct config *c, const struct key *k)
{
	int32_t v32;
	int64_t v;

	if (k->size == sizeof(v32)) {
		memcpy(&v32, field(c, k), sizeof(v32));
		return v32;
	}
	memcpy(&v, field(c, k), sizeof(v));
	return v;
}

static const char *
name_of(const struct name *n, int v)
{
	for (; n->name != NULL; n++)
		if (n->value == v)
			return n->name;
	return "?";
}

static int
name_parse(const struct name *n, const char *s, int64_t *v)
{
	for (; n->name != NULL; n++)
		if (strcasecmp(n->name, s) == 0) {
			*v = n->value;
			return 0;
		}
	return -1;
}

static void
names_list(const struct name *n, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (; n->name != NULL && o < len; n++)
		o += snprintf(buf + o, len - o, "%s%s",
		    o == 0 ? "" : n[1].name == NULL ? " or " : ", ", n->name);
}

/* A decimal number with an optional sign; no trailing characters. */
static int
parse_num(const char *s, int64_t *v, const char **rest)
{
	char *end;
	long long n;

	if (!isdigit((unsigned char)*s) &&
	    !(*s == '-' && isdigit((unsigned char)s[1])))
		return -1;
	errno = 0;
	n = strtoll(s, &end, 10);
	if (errno != 0)
		return -1;
	*v = n;
	if (rest != NULL)
		*rest = end;
	else if (*end != '\0')
		return -1;
	return 0;
}

/* n with a unit multiplier, refusing overflow. */
static int
parse_suffixed(const char *s, const char *units, const int64_t *mult,
    int64_t *v)
{
	const char *rest, *u;
	int64_t n, m = 1;

	if (*s == '-' || parse_num(s, &n, &rest) == -1)
		return -1;
	if (*rest != '\0') {
		if (rest[1] != '\0' ||
		    (u = strchr(units, tolower((unsigned char)*rest))) == NULL)
			return -1;
		m = mult[u - units];
	}
	if (n > INT64_MAX / m)
		return -1;
	*v = n * m;
	return 0;
}

static const char size_units[] = "kmg";
static const int64_t size_mult[] = { K, K * K, K * K * K };
static const char dur_units[] = "smhdw";
static const int64_t dur_mult[] = { 1, 60, 3600, DAY, 7 * DAY };

/* Format v with the largest unit that divides it (K, M, G in capitals). */
static void
fmt_suffixed(int64_t v, const char *units, const int64_t *mult, int upper,
    char *buf, size_t len)
{
	int i;

	for (i = (int)strlen(units) - 1; i >= 0; i--)
		if (v != 0 && v % mult[i] == 0) {
			snprintf(buf, len, "%" PRId64 "%c", v / mult[i],
			    upper ? toupper((unsigned char)units[i]) :
			    units[i]);
			return;
		}
	snprintf(buf, len, "%" PRId64, v);
}

static int
has_ctl(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < ' ' || *s == 0x7f)
			return 1;
	return 0;
}

static int
valid_port(const char *s)
{
	int64_t p;

	return parse_num(s, &p, NULL) == 0 && *s != '-' && p >= 1 &&
	    p <= 65535;
}

static int
valid_host(const char *h, int af)
{
	struct in6_addr a6;
	const char *p;
	int dotted = 1;

	if (*h == '\0' || strlen(h) > 255)
		return 0;
	for (p = h; *p != '\0'; p++) {
		if (!isalnum((unsigned char)*p) && strchr(".-_:", *p) == NULL)
			return 0;
		if (!isdigit((unsigned char)*p) && *p != '.')
			dotted = 0;
	}
	/* an address-looking host must be a valid address */
	if (af == AF_INET && dotted)
		return inet_pton(AF_INET, h, &a6) == 1;
	if (af == AF_INET && strchr(h, ':') != NULL)
		return 0;
	if (af == AF_INET6 && strchr(h, ':') != NULL)
		return inet_pton(AF_INET6, h, &a6) == 1;
	return 1;
}

static int
valid_unix_path(const char *p)
{
	return p[0] == '/' && !has_ctl(p) &&
	    strlen(p) < sizeof(((struct sockaddr_un *)0)->sun_path);
}

/* inet:PORT[@HOST], inet6:PORT[@HOST], unix:/path, local:/path */
static int
valid_socket(const char *s)
{
	char buf[512], *at;
	int af;

	if (strncasecmp(s, "unix:", 5) == 0)
		return valid_unix_path(s + 5);
	if (strncasecmp(s, "local:", 6) == 0)
		return valid_unix_path(s + 6);
	if (strncasecmp(s, "inet:", 5) == 0) {
		af = AF_INET;
		s += 5;
	} else if (strncasecmp(s, "inet6:", 6) == 0) {
		af = AF_INET6;
		s += 6;
	} else
		return 0;
	if (strlen(s) >= sizeof(buf))
		return 0;
	snprintf(buf, sizeof(buf), "%s", s);
	if ((at = strchr(buf, '@')) != NULL) {
		*at++ = '\0';
		if (!valid_host(at, af))
			return 0;
	}
	return valid_port(buf);
}

/* host:port, [v6]:port or unix:/path */
static int
valid_redis(const char *s)
{
	char buf[512], *host, *port;

	if (strncasecmp(s, "unix:", 5) == 0)
		return valid_unix_path(s + 5);
	if (strlen(s) >= sizeof(buf))
		return 0;
	snprintf(buf, sizeof(buf), "%s", s);
	if (buf[0] == '[') {
		host = buf + 1;
		if ((port = strstr(host, "]:")) == NULL)
			return 0;
		*port = '\0';
		port += 2;
		return strchr(host, ':') != NULL &&
		    valid_host(host, AF_INET6) && valid_port(port);
	}
	if ((port = strrchr(buf, ':')) == NULL)
		return 0;
	*port++ = '\0';
	return strchr(buf, ':') == NULL && valid_host(buf, AF_INET) &&
	    valid_port(port);
}

static int
valid_name(const char *s, size_t len)
{
	size_t i;

	if (len == 0 || len > 32 || s[0] == '-')
		return 0;
	for (i = 0; i < len; i++)
		if (!isalnum((unsigned char)s[i]) &&
		    strchr("_.-", s[i]) == NULL &&
		    !(s[i] == '$' && i == len - 1))
			return 0;
	return 1;
}

/* user[:group]; whether they exist is checked when dropping privileges */
static int
valid_userid(const char *s)
{
	const char *colon = strchr(s, ':');

	if (colon == NULL)
		return valid_name(s, strlen(s));
	return valid_name(s, (size_t)(colon - s)) &&
	    valid_name(colon + 1, strlen(colon + 1));
}

/* What a key accepts, for error messages. */
static void
expected(const struct key *k, char *buf, size_t len)
{
	char a[32], b[32], list[256];

	switch (k->type) {
	case CT_STRING:
		snprintf(buf, len, "text without control characters");
		break;
	case CT_PATH:
		snprintf(buf, len, "an absolute path");
		break;
	case CT_SOCKET:
		snprintf(buf, len, "inet:PORT@HOST, inet6:PORT@HOST, "
		    "unix:/path or local:/path; PORT 1 to 65535");
		break;
	case CT_USERID:
		snprintf(buf, len, "user or user:group");
		break;
	case CT_REDIS:
		snprintf(buf, len, "host:port, [IPv6]:port or unix:/path");
		break;
	case CT_LISTEN:
		snprintf(buf, len, "host:port, [IPv6]:port, or off");
		break;
	case CT_BOOL:
		snprintf(buf, len, "yes, no, true, false, 1 or 0");
		break;
	case CT_INT:
		snprintf(buf, len, "an integer from %" PRId64 " to %" PRId64,
		    k->min, k->max);
		break;
	case CT_SIZE:
		fmt_suffixed(k->min, size_units, size_mult, 1, a, sizeof(a));
		fmt_suffixed(k->max, size_units, size_mult, 1, b, sizeof(b));
		snprintf(buf, len, "a size from %s to %s bytes, "
		    "with an optional K, M or G suffix", a, b);
		break;
	case CT_DURATION:
		fmt_suffixed(k->min, dur_units, dur_mult, 0, a, sizeof(a));
		fmt_suffixed(k->max, dur_units, dur_mult, 0, b, sizeof(b));
		snprintf(buf, len, "a duration from %s to %s, "
		    "in seconds or with an s, m, h, d or w suffix", a, b);
		break;
	case CT_ENUM:
	case CT_FACILITY:
		names_list(k->names, list, sizeof(list));
		snprintf(buf, len, "%s", list);
		break;
	case CT_LOGLEVEL:
		names_list(k->names, list, sizeof(list));
		snprintf(buf, len, "0 to 3, or %s", list);
		break;
	case CT_UMASK:
		snprintf(buf, len, "an octal mode from 000 to 777");
		break;
	case CT_ADDRLIST:
		snprintf(buf, len, "a list");
		break;
	case CT_PROFILE:
		snprintf(buf, len, "a built-in profile name or a profile file");
		break;
	}
}

/*
 * A Profile value: the name of a built-in profile, or the absolute path
 * of a profile file written by nilsimsa_profile_write() (nilsimsactl
 * profile). With out == NULL only checks; else *out gets a built-in
 * profile or a copy read from the file (to free with free()), and *owned
 * says which.
 */
static int
profile_load(const char *text, const nilsimsa_profile **out, char *msg,
    size_t msglen)
{
	nilsimsa_profile	*p;
	const char		*why;
	char			*buf;
	FILE			*fp;
	size_t			 n;
	int			 rc;

	if (nilsimsa_profile_builtin(text) != NULL) {
		if (out != NULL)
			*out = nilsimsa_profile_builtin(text);
		return 0;
	}
	if (text[0] != '/') {
		util_seterr(msg, msglen, "no built-in profile '%.100s' (built in: "
		    "default; or give the absolute path of a profile file)", text);
		return -1;
	}
	if ((fp = util_fopen_file(text, &why)) == NULL) {
		util_seterr(msg, msglen, "%.200s: %s", text, why);
		return -1;
	}
	if ((buf = malloc(2 * NILSIMSA_PROFILE_TEXT_MAX)) == NULL ||
	    (p = malloc(sizeof(*p))) == NULL) {
		free(buf);
		fclose(fp);
		util_seterr(msg, msglen, "out of memory");
		return -1;
	}
	n = fread(buf, 1, 2 * NILSIMSA_PROFILE_TEXT_MAX, fp);
	fclose(fp);
	rc = n == 2 * NILSIMSA_PROFILE_TEXT_MAX ? NILSIMSA_EPROFILE :
	    nilsimsa_profile_read(buf, n, p);
	free(buf);
	if (rc != 0) {
		free(p);
		util_seterr(msg, msglen, "%.200s: %s", text, nilsimsa_strerror(rc));
		return -1;
	}
	if (out != NULL)
		*out = p;
	else
		free(p);
	return 0;
}

/* Resolve the Profile key into the profile itself (after parsing). */
static int
config_resolve(struct config *c, char *err, size_t errlen)
{
	char	msg[512];

	if (c->profile_data != NULL && c->profile_data !=
	    nilsimsa_profile_builtin(c->profile_data->name))
		free((void *)c->profile_data);
	c->profile_data = NULL;
	if (profile_load(c->profile, &c->profile_data, msg, sizeof(msg)) == -1) {
		util_seterr(err, errlen, "%s: Profile: %s", c->path ? c->path : "defaults", msg);
		return -1;
	}
	return 0;
}

void
config_score_mode(const struct config *c, char *buf, size_t len)
{
	const unsigned char	*p;
	uint32_t		 h = 2166136261u;
	size_t			 i;

	if (c->score_mode == SCORE_REFERENCE) {
		snprintf(buf, len, "reference");
		return;
	}
	/* Name and a hash of the numbers: a re-learned profile is another. */
	p = (const unsigned char *)c->profile_data->share;
	for (i = 0; i < sizeof(c->profile_data->share); i++)
		h = (h ^ p[i]) * 16777619u;
	p = (const unsigned char *)c->profile_data->dir;
	for (i = 0; i < sizeof(c->profile_data->dir); i++)
		h = (h ^ p[i]) * 16777619u;
	/*
	 * auto makes the calibrated codes for Latin text, and codes of a
	 * kind of their own, told apart per cluster, for the rest: a store
	 * of either mode holds the same profile codes, and is the other's.
	 */
	snprintf(buf, len, "calibrated:%s:%08x", c->profile_data->name, h);
}

/*
 * Parse text for key k into v. On error writes the message, which names
 * the key and the value, into err.
 */
static int
parse_value(const struct key *k, const char *text, union value *v,
    char *err, size_t errlen)
{
	char what[300], msg[512];
	int64_t n;
	int ok = 0;

	memset(v, 0, sizeof(*v));
	switch (k->type) {
	case CT_STRING:
		ok = !has_ctl(text);
		break;
	case CT_PATH:
		ok = text[0] == '/' && !has_ctl(text) &&
		    strlen(text) < PATH_MAX;
		break;
	case CT_SOCKET:
		ok = valid_socket(text);
		break;
	case CT_USERID:
		ok = valid_userid(text);
		break;
	case CT_REDIS:
		ok = valid_redis(text);
		break;
	case CT_LISTEN:
		/* "off" and "none" are nothing: no listener */
		if (strcasecmp(text, "off") == 0 || strcasecmp(text, "none") == 0)
			text = "";
		ok = text[0] == '\0' || (strncasecmp(text, "unix:", 5) != 0 &&
		    valid_redis(text));
		break;
	case CT_BOOL:
		if (strcasecmp(text, "yes") == 0 ||
		    strcasecmp(text, "true") == 0 || strcmp(text, "1") == 0)
			v->i = ok = 1;
		else if (strcasecmp(text, "no") == 0 ||
		    strcasecmp(text, "false") == 0 || strcmp(text, "0") == 0) {
			v->i = 0;
			ok = 1;
		}
		break;
	case CT_INT:
		ok = parse_num(text, &n, NULL) == 0 && n >= k->min &&
		    n <= k->max;
		v->i = n;
		break;
	case CT_SIZE:
		ok = parse_suffixed(text, size_units, size_mult, &n) == 0 &&
		    n >= k->min && n <= k->max;
		v->i = n;
		break;
	case CT_DURATION:
		ok = parse_suffixed(text, dur_units, dur_mult, &n) == 0 &&
		    n >= k->min && n <= k->max;
		v->i = n;
		break;
	case CT_ENUM:
	case CT_FACILITY:
		ok = name_parse(k->names, text, &v->i) == 0;
		break;
	case CT_LOGLEVEL:
		if (name_parse(k->names, text, &v->i) == 0)
			ok = 1;
		else if (strlen(text) == 1 && text[0] >= '0' &&
		    text[0] <= '3') {
			v->i = text[0] - '0';
			ok = 1;
		}
		break;
	case CT_UMASK:
		ok = strlen(text) >= 1 && strlen(text) <= 4 &&
		    strspn(text, "01234567") == strlen(text);
		if (ok) {
			v->i = strtol(text, NULL, 8);
			ok = v->i <= 0777;
		}
		break;
	case CT_PROFILE:
		if (profile_load(text, NULL, msg, sizeof(msg)) == -1) {
			util_seterr(err, errlen, "%s: %s", k->name, msg);
			return -1;
		}
		ok = 1;
		break;
	case CT_ADDRLIST:
		if ((v->l = addrlist_parse(k->kind, text, msg,
		    sizeof(msg))) == NULL) {
			util_seterr(err, errlen, "%s: %s", k->name, msg);
			return -1;
		}
		return 0;
	}
	if (ok && is_str(k->type) && (v->s = strdup(text)) == NULL) {
		util_seterr(err, errlen, "out of memory");
		return -1;
	}
	if (!ok) {
		expected(k, what, sizeof(what));
		util_seterr(err, errlen, "%s: bad value '%.200s' (expected %s)",
		    k->name, text, what);
		return -1;
	}
	return 0;
}

/* Store v in c, freeing what was there; v is consumed. */
static void
store_value(struct config *c, const struct key *k, union value *v)
{
	if (is_str(k->type)) {
		free(*(char **)field(c, k));
		*(char **)field(c, k) = v->s;
	} else if (k->type == CT_ADDRLIST) {
		addrlist_free(*(struct addrlist **)field(c, k));
		*(struct addrlist **)field(c, k) = v->l;
	} else
		set_int(c, k, v->i);
}

/* The value of k in c as the file would give it; "" when unset. */
static void
format_value(const struct config *c, const struct key *k, char *buf,
    size_t len)
{
	const char *s;
	int64_t n;

	if (is_str(k->type)) {
		s = *(char * const *)field(c, k);
		snprintf(buf, len, "%s", s != NULL ? s : "");
		return;
	}
	if (k->type == CT_ADDRLIST) {
		snprintf(buf, len, "%s",
		    addrlist_source(*(struct addrlist * const *)field(c, k)));
		return;
	}
	n = get_int(c, k);
	switch (k->type) {
	case CT_BOOL:
		snprintf(buf, len, "%s", n ? "yes" : "no");
		break;
	case CT_SIZE:
		fmt_suffixed(n, size_units, size_mult, 1, buf, len);
		break;
	case CT_DURATION:
		fmt_suffixed(n, dur_units, dur_mult, 0, buf, len);
		break;
	case CT_ENUM:
	case CT_FACILITY:
	case CT_LOGLEVEL:
		snprintf(buf, len, "%s", name_of(k->names, (int)n));
		break;
	case CT_UMASK:
		snprintf(buf, len, "%03o", (unsigned)n);
		break;
	default:
		snprintf(buf, len, "%" PRId64, n);
		break;
	}
}

void
config_free(struct config *c)
{
	size_t i;

	if (c == NULL)
		return;
	for (i = 0; i < NKEYS; i++) {
		if (is_str(keys[i].type))
			free(*(char **)field(c, &keys[i]));
		else if (keys[i].type == CT_ADDRLIST)
			addrlist_free(*(struct addrlist **)field(c, &keys[i]));
	}
	if (c->profile_data != NULL && c->profile_data !=
	    nilsimsa_profile_builtin(c->profile_data->name))
		free((void *)c->profile_data);
	free(c->path);
	free(c);
}

struct config *
config_default(void)
{
	struct config *c;
	union value v;
	size_t i;

	if ((c = calloc(1, sizeof(*c))) == NULL)
		return NULL;
	for (i = 0; i < NKEYS; i++) {
		if (keys[i].def == NULL)
			continue;
		/* a default that does not parse is a bug in keys[] */
		if (parse_value(&keys[i], keys[i].def, &v, NULL, 0) == -1) {
			config_free(c);
			return NULL;
		}
		store_value(c, &keys[i], &v);
	}
	if (config_resolve(c, NULL, 0) == -1) {
		config_free(c);
		return NULL;
	}
	return c;
}

/*
 * Read one line into buf (CONF_LINE_MAX + 1 bytes). Returns 1 for a line,
 * 0 at end of file, -1 for a line too long or holding a NUL byte (with
 * *why set) or a read error (*why NULL).
 */
static int
read_line(FILE *fp, char *buf, const char **why)
{
	size_t len = 0;
	int ch;

	*why = NULL;
	while ((ch = getc(fp)) != EOF && ch != '\n') {
		if (ch == '\0') {
			*why = "NUL byte in line";
			return -1;
		}
		if (len == CONF_LINE_MAX) {
			*why = "line longer than 4096 bytes";
			return -1;
		}
		buf[len++] = (char)ch;
	}
	buf[len] = '\0';
	if (ferror(fp))
		return -1;
	return ch == EOF && len == 0 ? 0 : 1;
}

static int load_file(struct load *, const char *, int, const char *, int);

/*
 * A path as file names it: a relative one is relative to file's
 * directory (an Include's, a file: list's), into out; -1 if too long.
 */
static int
beside(const char *file, const char *path, char *out, size_t len)
{
	const char	*slash;
	int		 n;

	if (path[0] != '/' && (slash = strrchr(file, '/')) != NULL)
		n = snprintf(out, len, "%.*s/%s", (int)(slash - file), file,
		    path);
	else
		n = snprintf(out, len, "%s", path);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

static int
do_include(struct load *ld, const char *file, int lineno, const char *value,
    int depth)
{
	char path[PATH_MAX];

	if (depth >= CONF_INCLUDE_DEPTH) {
		util_seterr(ld->err, ld->errlen, "%s:%d: Include: '%s' nested too "
		    "deeply (at most %d levels)", file, lineno, value,
		    CONF_INCLUDE_DEPTH);
		return -1;
	}
	if (beside(file, value, path, sizeof(path)) == -1) {
		util_seterr(ld->err, ld->errlen, "%s:%d: Include: path too long",
		    file, lineno);
		return -1;
	}
	return load_file(ld, path, depth + 1, file, lineno);
}

static int
load_line(struct load *ld, const char *file, int lineno, char *line,
    int depth)
{
	char msg[1024], absval[PATH_MAX + 8], *s, *h, *name, *value, *rel;
	const struct key *k;
	union value v;
	size_t i;

	/* '#' starts a comment at the start of a line or after white space */
	for (h = line; (h = strchr(h, '#')) != NULL; h++)
		if (h == line || isspace((unsigned char)h[-1])) {
			*h = '\0';
			break;
		}
	s = util_trim(line);
	if (*s == '\0')
		return 0;
	name = s;
	for (value = s; *value != '\0' && !isspace((unsigned char)*value);
	    value++)
		;
	if (*value != '\0')
		*value++ = '\0';
	value = util_trim(value);

	if (strcasecmp(name, "Include") == 0) {
		if (*value == '\0') {
			util_seterr(ld->err, ld->errlen, "%s:%d: Include: missing "
			    "value", file, lineno);
			return -1;
		}
		return do_include(ld, file, lineno, value, depth);
	}
	if ((k = key_find(name)) == NULL) {
		util_seterr(ld->err, ld->errlen, "%s:%d: unknown key '%.100s'",
		    file, lineno, name);
		return -1;
	}
	i = (size_t)(k - keys);
	if (ld->file[i] != NULL) {
		util_seterr(ld->err, ld->errlen, "%s:%d: %s: repeated key (first "
		    "set at %s:%d)", file, lineno, k->name, ld->file[i],
		    ld->line[i]);
		return -1;
	}
	if (*value == '\0') {
		util_seterr(ld->err, ld->errlen, "%s:%d: %s: missing value",
		    file, lineno, k->name);
		return -1;
	}
	/*
	 * A relative file: list is relative to this file's directory, as an
	 * Include is: the daemon reads it again at reload from /.
	 */
	if (k->type == CT_ADDRLIST && strncmp(value, "file:", 5) == 0 &&
	    (rel = value + 5 + strspn(value + 5, " \t"))[0] != '/' &&
	    strchr(file, '/') != NULL) {
		memcpy(absval, "file:", 5);
		if (beside(file, rel, absval + 5, sizeof(absval) - 5) == -1) {
			util_seterr(ld->err, ld->errlen, "%s:%d: %s: path too "
			    "long", file, lineno, k->name);
			return -1;
		}
		value = absval;
	}
	if (parse_value(k, value, &v, msg, sizeof(msg)) == -1) {
		util_seterr(ld->err, ld->errlen, "%s:%d: %s", file, lineno, msg);
		return -1;
	}
	store_value(ld->c, k, &v);
	if ((ld->file[i] = strdup(file)) == NULL) {
		util_seterr(ld->err, ld->errlen, "out of memory");
		return -1;
	}
	ld->line[i] = lineno;
	ld->seq[i] = ++ld->nseq;
	return 0;
}

static int
load_file(struct load *ld, const char *path, int depth, const char *from,
    int fromline)
{
	struct stat st;
	char *line;
	const char *why;
	FILE *fp;
	int lineno = 0, rc = 0, r;

	/*
	 * A directory reads as an error; an Include of a FIFO or a device
	 * (/dev/tty) would wait for ever, in open() already: an Include is
	 * a regular file (util_fopen_file). The file -c names is the
	 * starter's choice: a FIFO there is read, as tests/t-daemon.sh does.
	 */
	if (from != NULL) {
		if ((fp = util_fopen_file(path, &why)) == NULL) {
			util_seterr(ld->err, ld->errlen, "%s:%d: Include: cannot "
			    "open '%s': %s", from, fromline, path, why);
			return -1;
		}
	} else if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		util_seterr(ld->err, ld->errlen, "%s: not a file", path);
		return -1;
	} else if ((fp = fopen(path, "r")) == NULL) {
		util_seterr(ld->err, ld->errlen, "%s: cannot open: %s", path,
		    strerror(errno));
		return -1;
	}
	if ((line = malloc(CONF_LINE_MAX + 1)) == NULL) {
		fclose(fp);
		util_seterr(ld->err, ld->errlen, "out of memory");
		return -1;
	}
	for (;;) {
		r = read_line(fp, line, &why);
		if (r == 0)
			break;
		lineno++;
		if (r == -1) {
			if (why != NULL)
				util_seterr(ld->err, ld->errlen, "%s:%d: %s", path,
				    lineno, why);
			else
				util_seterr(ld->err, ld->errlen, "%s: read error: "
				    "%s", path, strerror(errno));
			rc = -1;
			break;
		}
		if ((rc = load_line(ld, path, lineno, line, depth)) == -1)
			break;
	}
	free(line);
	fclose(fp);
	return rc;
}

/* Checks between keys, reported at the line of whichever came later. */
static int
check_cross(struct load *ld)
{
	const struct key *lo, *hi, *at;
	char a[64], b[64];
	size_t i, il, ih;

	for (i = 0; i < sizeof(cross) / sizeof(cross[0]); i++) {
		lo = key_find(cross[i].lo);
		hi = key_find(cross[i].hi);
		if (get_int(ld->c, lo) <= get_int(ld->c, hi))
			continue;
		il = (size_t)(lo - keys);
		ih = (size_t)(hi - keys);
		/* a default follows the value the user set, never blocks it */
		if (ld->file[il] == NULL && ld->file[ih] != NULL) {
			set_int(ld->c, lo, get_int(ld->c, hi));
			continue;
		}
		if (ld->file[ih] == NULL && ld->file[il] != NULL) {
			set_int(ld->c, hi, get_int(ld->c, lo));
			continue;
		}
		format_value(ld->c, lo, a, sizeof(a));
		format_value(ld->c, hi, b, sizeof(b));
		at = ld->seq[il] > ld->seq[ih] ? lo : hi;
		if (ld->file[at - keys] == NULL) {
			/* only if the defaults disagree: a bug in keys[] */
			util_seterr(ld->err, ld->errlen, "%s: %s %s is above %s %s",
			    ld->c->path, lo->name, a, hi->name, b);
			return -1;
		}
		util_seterr(ld->err, ld->errlen, "%s:%d: %s: %s %s is above "
		    "%s %s (%s must not exceed %s)",
		    ld->file[at - keys], ld->line[at - keys], at->name,
		    lo->name, a, hi->name, b, lo->name, hi->name);
		return -1;
	}
	return 0;
}

/*
 * SpreadThreshold's default belongs with RejectThreshold's: a file that
 * sets RejectThreshold alone has said how many copies make a campaign,
 * and SpreadThreshold follows it (its rule then rejects nothing the
 * count would not); set both to have both.
 */
static void
spread_follows(struct load *ld)
{
	const struct key *sp = key_find("SpreadThreshold");
	const struct key *rt = key_find("RejectThreshold");

	if (ld->file[sp - keys] == NULL && ld->file[rt - keys] != NULL)
		set_int(ld->c, sp, get_int(ld->c, rt));
}

struct config *
config_load(const char *path, char *err, size_t errlen)
{
	struct load ld;
	size_t i;
	int rc;

	memset(&ld, 0, sizeof(ld));
	ld.err = err;
	ld.errlen = errlen;
	if ((ld.c = config_default()) == NULL) {
		util_seterr(err, errlen, "out of memory");
		return NULL;
	}
	if (path == NULL)
		return ld.c;
	if ((ld.c->path = strdup(path)) == NULL) {
		util_seterr(err, errlen, "out of memory");
		rc = -1;
	} else
		rc = load_file(&ld, path, 0, NULL, 0);
	if (rc == 0)
		rc = check_cross(&ld);
	if (rc == 0)
		spread_follows(&ld);
	if (rc == 0)
		rc = config_resolve(ld.c, err, errlen);
	for (i = 0; i < NKEYS; i++)
		free(ld.file[i]);
	if (rc == -1) {
		config_free(ld.c);
		return NULL;
	}
	return ld.c;
}

/* A key whose value is a secret: never written out (log, dump). */
static int
secret(const struct key *k)
{
	return strcmp(k->name, "RedisPassword") == 0;
}

#define SECRET_SHOWN	"********"	/* what a secret is written as */

/* A list's value and its count of entries: "file:/x (3 entries)". */
static void
list_entries(const struct config *c, const struct key *k, char *buf,
    size_t len)
{
	const struct addrlist	*l = *(struct addrlist * const *)field(c, k);

	snprintf(buf, len, "%.*s (%zu entries)", (int)(len / 2),
	    addrlist_source(l), addrlist_count(l));
}

/*
 * For each key whose value differs between a and b, fn(key, old, new,
 * arg), the values as the file gives them (a secret as SECRET_SHOWN),
 * and each file: list whose file now holds other entries (with the
 * count of each): what a reload changed, for its log line. Returns how
 * many.
 */
size_t
config_changes(const struct config *a, const struct config *b,
    void (*fn)(const char *, const char *, const char *, void *), void *arg)
{
	char	va[CONF_LINE_MAX + 1], vb[CONF_LINE_MAX + 1];	/* any value whole */
	size_t	i, n = 0;

	for (i = 0; i < NKEYS; i++) {
		format_value(a, &keys[i], va, sizeof(va));
		format_value(b, &keys[i], vb, sizeof(vb));
		if (strcmp(va, vb) == 0 && keys[i].type == CT_ADDRLIST &&
		    !addrlist_equal(*(struct addrlist * const *)field(a, &keys[i]),
		    *(struct addrlist * const *)field(b, &keys[i]))) {
			/* the same file: read again, with other entries */
			n++;
			list_entries(a, &keys[i], va, sizeof(va));
			list_entries(b, &keys[i], vb, sizeof(vb));
			fn(keys[i].name, va, vb, arg);
			continue;
		}
		if (strcmp(va, vb) == 0)
			continue;
		n++;
		if (secret(&keys[i])) {
			snprintf(va, sizeof(va), "%s", va[0] ? SECRET_SHOWN : "");
			snprintf(vb, sizeof(vb), "%s", vb[0] ? SECRET_SHOWN : "");
		}
		fn(keys[i].name, va, vb, arg);
	}
	return n;
}

int
config_reloadable(const struct config *cur, const struct config *next,
    char *err, size_t errlen)
{
	char a[CONF_LINE_MAX + 1], b[CONF_LINE_MAX + 1];	/* any value whole */
	size_t i;

	for (i = 0; i < NKEYS; i++) {
		if (keys[i].reload)
			continue;
		format_value(cur, &keys[i], a, sizeof(a));
		format_value(next, &keys[i], b, sizeof(b));
		if (strcmp(a, b) != 0) {
			if (secret(&keys[i]))
				util_seterr(err, errlen, "%s cannot change on "
				    "reload; restart nilsimsa-milter",
				    keys[i].name);
			else
				util_seterr(err, errlen, "%s cannot change on "
				    "reload ('%s' to '%s'); restart "
				    "nilsimsa-milter", keys[i].name, a, b);
			return -1;
		}
	}
	/*
	 * The same Profile path may hold a re-learned profile: the codes it
	 * makes cannot be compared with the store's, whatever the text says.
	 */
	config_score_mode(cur, a, sizeof(a));
	config_score_mode(next, b, sizeof(b));
	if (strcmp(a, b) != 0) {
		util_seterr(err, errlen, "Profile cannot change on reload ('%s' to "
		    "'%s'); restart nilsimsa-milter", a, b);
		return -1;
	}
	return 0;
}

void
config_dump(const struct config *c, FILE *fp)
{
	char buf[8192];
	size_t i;

	fprintf(fp, "# nilsimsa-milter configuration%s%s\n",
	    c->path != NULL ? " read from " : " (defaults)",
	    c->path != NULL ? c->path : "");
	for (i = 0; i < NKEYS; i++) {
		const char *note = keys[i].reload ? "" : "\t# restart to change";
		size_t name = strlen(keys[i].name);

		format_value(c, &keys[i], buf, sizeof(buf));
		if (secret(&keys[i]) && buf[0] != '\0')
			snprintf(buf, sizeof(buf), "%s", SECRET_SHOWN);
		/*
		 * A value as long as a line may be (a long list) is written
		 * as it was read, name, one space, value: padded or with the
		 * note, the dump would not load (fuzz_config).
		 */
		if ((name > 20 ? name : 20) + 1 + strlen(buf) + strlen(note) >
		    CONF_LINE_MAX) {
			fprintf(fp, "%s %s\n", keys[i].name, buf);
			continue;
		}
		/* unset keys are commented out so the dump can be loaded */
		fprintf(fp, "%s%-20s %s%s\n", buf[0] == '\0' ? "#" : "",
		    keys[i].name, buf[0] == '\0' ? "(unset)" : buf, note);
	}
}

const char *
config_action_name(int action)
{
	return name_of(action_names, action);
}

const char *
config_mode_name(int mode)
{
	return name_of(mode_names, mode);
}

const char *
config_loglevel_name(int level)
{
	return name_of(loglevel_names, level);
}

const char *
config_facility_name(int facility)
{
	return name_of(facility_names, facility);
}

int
config_key_reloadable(const char *name)
{
	const struct key *k = key_find(name);

	return k == NULL ? -1 : k->reload;
}
