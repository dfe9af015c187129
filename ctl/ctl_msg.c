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
 * ctl_msg.c: the commands that read messages: check, predigest, digest,
 * compare and learn. A message goes through message.c, the milter's own
 * path (canonicaliser, digests, store, verdict), so that what is shown
 * here is what the milter computes; predigest prints the text it
 * digests (message_text_out).
 */
#include <arpa/inet.h>

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "canon.h"
#include "ctl.h"
#include "logline.h"
#include "message.h"

#define READ_CHUNK	65536

/* What a message file comes with: the envelope a file does not have. */
struct envelope {
	const char	*client;	/* IP address, or NULL */
	const char	*sender;
	char		**rcpt;
	int		 nrcpt;
};

static int
open_input(const char *path, FILE **fp)
{
	if (strcmp(path, "-") == 0) {
		*fp = stdin;
		return CTL_OK;
	}
	if ((*fp = fopen(path, "rb")) == NULL) {
		ctl_err("%s: %s", path, strerror(errno));
		return CTL_EFILE;
	}
	return CTL_OK;
}

static void
close_input(FILE *fp)
{
	if (fp != stdin)
		fclose(fp);
}

/* Feed a file to a sink in chunks; CTL_EFILE on a read error. */
static int
read_input(const char *path, FILE *fp,
    void (*sink)(void *, const unsigned char *, size_t), void *arg)
{
	unsigned char	*buf;
	size_t		 n;
	int		 rc = CTL_OK;

	if ((buf = malloc(READ_CHUNK)) == NULL) {
		ctl_err("out of memory");
		return CTL_ESTORE;
	}
	while ((n = fread(buf, 1, READ_CHUNK, fp)) > 0)
		sink(arg, buf, n);
	if (ferror(fp)) {
		ctl_err("%s: %s", path, strerror(errno));
		rc = CTL_EFILE;
	}
	free(buf);
	return rc;
}

static void
message_sink(void *arg, const unsigned char *buf, size_t len)
{
	message_body(arg, buf, len);
}

/* Is s an IPv4 or IPv6 address, as --client wants it ([...] is not)? */
static int
client_address(const char *s)
{
	unsigned char	buf[sizeof(struct in6_addr)];

	return inet_pton(AF_INET, s, buf) == 1 || inet_pton(AF_INET6, s, buf) == 1;
}

/*
 * Run a whole message file through the milter's path. store NULL: digest
 * only. Returns an exit status; r is filled when CTL_OK.
 */
static int
run_message(struct ctl *ctl, const char *path, FILE *fp, struct store *store,
    int dry_run, const struct envelope *env, struct message_result *r)
{
	struct message	*m;
	int		 i, rc;

	if ((m = message_new(ctl->cfg, 1)) == NULL) {
		ctl_err("out of memory");
		return CTL_ESTORE;
	}
	if (env != NULL) {
		if (env->client != NULL)
			message_client_str(m, env->client);
		if (env->sender != NULL)
			message_sender(m, env->sender);
		for (i = 0; i < env->nrcpt; i++)
			message_rcpt(m, env->rcpt[i]);
	}
	if ((rc = read_input(path, fp, message_sink, m)) == CTL_OK)
		message_finish(m, store, ctl->now, dry_run, r);
	message_free(m);
	return rc;
}

static int
digest_file(struct ctl *ctl, const char *path, struct message_result *r)
{
	FILE	*fp;
	int	 rc;

	if ((rc = open_input(path, &fp)) != CTL_OK)
		return rc;
	rc = run_message(ctl, path, fp, NULL, 1, NULL, r);
	close_input(fp);
	return rc;
}

/* ------------------------------------------------------------ digest */

/* Would the milter digest it (enough text)? */
static int
clusterable(const struct ctl *ctl, const struct message_result *r)
{
	return message_count_kind(ctl->cfg, r) != MESSAGE_COUNT_NONE;
}

/*
 * Say on stderr when the milter would not count a message's code (too
 * little text): the code is printed all the same, as nilsimsa(1) would.
 */
static void
digest_note(const struct ctl *ctl, const char *path,
    const struct message_result *r)
{
	int	body = r->body_bytes < ctl->cfg->min_body_bytes;

	if (clusterable(ctl, r))
		return;
	ctl_err("%s: %llu bytes of canonical text, under %s %llu: the milter "
	    "would not count this code", path,
	    (unsigned long long)r->body_bytes,
	    body ? "MinBodyBytes" : "MinOwnText", (unsigned long long)(body ?
	    ctl->cfg->min_body_bytes : ctl->cfg->min_own_text));
}

int
cmd_digest(struct ctl *ctl, int argc, char **argv)
{
	struct message_result	 r;
	json_t			*a = NULL;
	int			 first, i, rc, ret = CTL_OK;

	if (ctl_opts_json(ctl, argc, argv, &first) != CTL_OK)
		return CTL_EUSAGE;
	if (first == argc) {
		ctl_err("usage: digest [--json] FILE...");
		return CTL_EUSAGE;
	}
	if (ctl->json && (a = json_array()) == NULL)
		return ctl_json_print(NULL);
	for (i = first; i < argc; i++) {
		if ((rc = digest_file(ctl, argv[i], &r)) != CTL_OK) {
			ret = rc;	/* go on with the others, as nilsimsa(1) */
			continue;
		}
		if (a != NULL)
			json_array_append_new(a, json_pack("{sssssIsb}",
			    "file", argv[i], "code", r.hex,
			    "bytes", (json_int_t)r.body_bytes,
			    "digested", clusterable(ctl, &r)));
		else {
			printf("%s %s\n", r.hex, argv[i]);
			digest_note(ctl, argv[i], &r);
		}
	}
	if (a != NULL && (rc = ctl_json_print(a)) != CTL_OK)
		ret = rc;
	return ret;
}

/* ----------------------------------------------------------- compare */

/* A 64-digit hex code as is, else a message file digested. */
static int
code_of(struct ctl *ctl, const char *arg, nilsimsa_code *code)
{
	struct message_result	r;
	int			rc;

	if (strlen(arg) == NILSIMSA_HEX_LEN &&
	    nilsimsa_from_hex(arg, NILSIMSA_HEX_LEN, code) == 0)
		return CTL_OK;
	if ((rc = digest_file(ctl, arg, &r)) == CTL_OK)
		*code = r.code;
	return rc;
}

int
cmd_compare(struct ctl *ctl, int argc, char **argv)
{
	nilsimsa_code	a, b;
	char		ha[NILSIMSA_HEX_LEN + 1], hb[NILSIMSA_HEX_LEN + 1];
	int		first, rc, score;

	if (ctl_opts_json(ctl, argc, argv, &first) != CTL_OK)
		return CTL_EUSAGE;
	if (argc - first != 2) {
		ctl_err("usage: compare [--json] CODE|FILE CODE|FILE");
		return CTL_EUSAGE;
	}
	if (strcmp(argv[first], "-") == 0 && strcmp(argv[first + 1], "-") == 0) {
		ctl_err("compare: standard input can be read only once");
		return CTL_EUSAGE;
	}
	if ((rc = code_of(ctl, argv[first], &a)) != CTL_OK ||
	    (rc = code_of(ctl, argv[first + 1], &b)) != CTL_OK)
		return rc;
	score = nilsimsa_score(&a, &b);
	if (!ctl->json) {
		printf("%d\n", score);
		return CTL_OK;
	}
	nilsimsa_to_hex(&a, ha);
	nilsimsa_to_hex(&b, hb);
	return ctl_json_print(json_pack("{sssssi}", "a", ha, "b", hb,
	    "score", score));
}

/* --------------------------------------------------------- predigest */

/* The text digested, to stdout; a write error kept. */
static void
write_sink(void *arg, const unsigned char *buf, size_t len)
{
	int	*err = arg;

	if (fwrite(buf, 1, len, stdout) != len)
		*err = 1;
}

/* The canonical text, as message.c digests it (message_text_out). */
int
cmd_predigest(struct ctl *ctl, int argc, char **argv)
{
	struct message_result	 r;
	struct message		*m;
	FILE			*fp;
	int			 rc, werr = 0;

	if (argc != 2) {
		ctl_err("usage: predigest FILE|-");
		return CTL_EUSAGE;
	}
	if ((rc = open_input(argv[1], &fp)) != CTL_OK)
		return rc;
	if ((m = message_new(ctl->cfg, 1)) == NULL) {
		close_input(fp);
		ctl_err("out of memory");
		return CTL_ESTORE;
	}
	message_text_out(m, write_sink, &werr);
	if ((rc = read_input(argv[1], fp, message_sink, m)) == CTL_OK)
		message_finish(m, NULL, ctl->now, 1, &r);
	message_free(m);
	close_input(fp);
	if (rc == CTL_OK && werr) {
		ctl_err("stdout: write error");
		rc = CTL_ESTORE;
	}
	return rc;
}

/* ------------------------------------------------------------- check */

static const char *
score_str(int score, char *buf, size_t len)
{
	if (score == STORE_SCORE_NONE)
		return "none";
	snprintf(buf, len, "%d", score);
	return buf;
}

static json_t *
score_json(int score)
{
	return score == STORE_SCORE_NONE ? json_null() : json_integer(score);
}

static const struct {
	unsigned	 flag;
	const char	*name;
} canon_flag_names[] = {
	{ CANON_F_TRUNCATED, "truncated" },
	{ CANON_F_BADMIME, "badmime" },
	{ CANON_F_BADENCODING, "badencoding" },
	{ CANON_F_NUL, "nul" },
	{ CANON_F_CHARSET, "charset" },
	{ CANON_F_DEPTH, "depth" },
};
#define NFLAGS	(sizeof(canon_flag_names) / sizeof(canon_flag_names[0]))

/*
 * The milter's log line for this result (logline.c), as an object: the
 * same keys, numbers as numbers, the rest as strings.
 */
static json_t *
log_json(const struct message_result *r)
{
	struct logline	 l;
	json_t		*o;
	size_t		 i;

	logline_fill(&l, r);
	if ((o = json_object()) == NULL)
		return NULL;
	for (i = 0; i < l.n; i++)
		json_object_set_new(o, l.f[i].key,
		    l.f[i].type == LOGLINE_INT ?
		    json_integer(strtoll(l.f[i].value, NULL, 10)) :
		    l.f[i].type == LOGLINE_REAL ?
		    json_real(strtod(l.f[i].value, NULL)) :
		    json_string(l.f[i].value));
	return o;
}

static json_t *
check_json(const struct ctl *ctl, const struct message_result *r)
{
	const struct store_result	*res = &r->res;
	json_t				*o, *fl;
	size_t				 i;

	o = json_pack("{sssIsssbsososIsb}",
	    "code", r->hex,
	    "bytes", (json_int_t)r->body_bytes,
	    "canonicalization", canon_mode_name(ctl->cfg->canonicalization),
	    "digested", clusterable(ctl, r),
	    "score", score_json(res->score),
	    "runner_up", score_json(res->runner_up),
	    "compared", (json_int_t)res->compared,
	    "exact", res->exact);
	if (o == NULL)
		return NULL;
	json_object_set_new(o, "passed_over", res->passed != 0 ?
	    json_integer((json_int_t)res->passed) : json_null());
	json_object_set_new(o, "flags", fl = json_array());
	for (i = 0; fl != NULL && i < NFLAGS; i++)
		if (r->canon_flags & canon_flag_names[i].flag)
			json_array_append_new(fl, json_string(canon_flag_names[i].name));
	json_object_set_new(o, "cluster", res->found ?
	    ctl_cluster_json(&res->c) : json_null());
	json_object_set_new(o, "verdict", json_pack("{ssssssss}",
	    "action", verdict_action_name(r->verdict.action),
	    "would", verdict_action_name(r->verdict.would),
	    "tier", r->verdict.tier ? r->verdict.tier : "none",
	    "reason", r->verdict.reason ? r->verdict.reason : ""));
	json_object_set_new(o, "log", log_json(r));
	return o;
}

/* check's report; with_sender: --from was given. */
static void
check_text(const struct ctl *ctl, const struct message_result *r,
    int with_sender)
{
	const struct store_result	*res = &r->res;
	const struct cluster		*c = &res->c;
	char				 b1[16], b2[16];
	size_t				 i;
	int				 any = 0;

	printf("code        %s\n", r->hex);
	printf("bytes       %llu canonical (%s)%s\n",
	    (unsigned long long)r->body_bytes,
	    canon_mode_name(ctl->cfg->canonicalization),
	    r->body_bytes < ctl->cfg->min_body_bytes ?
	    ", below MinBodyBytes: not digested" : "");
	printf("own text    %llu bytes%s\n", (unsigned long long)r->own_bytes,
	    r->body_bytes >= ctl->cfg->min_body_bytes &&
	    r->body_bytes < ctl->cfg->min_own_text ?
	    ", text below MinOwnText: not digested" :
	    message_count_kind(ctl->cfg, r) == MESSAGE_COUNT_NEAR ?
	    ", mostly boilerplate: joins only as a near copy" : "");
	printf("flags      ");
	for (i = 0; i < NFLAGS; i++)
		if (r->canon_flags & canon_flag_names[i].flag) {
			printf(" %s", canon_flag_names[i].name);
			any = 1;
		}
	printf("%s\n", any ? "" : " none");
	if (res->found) {
		printf("cluster     %llu (%s), score %d%s\n",
		    (unsigned long long)c->id, cluster_status_name(c->status),
		    res->score, res->exact ? ", exact duplicate" : "");
		printf("            messages %llu, recipients %llu, networks %u\n",
		    (unsigned long long)c->messages,
		    (unsigned long long)c->recipients, c->networks);
	} else if (res->passed != 0)
		printf("cluster     none (best score %s)\n",
		    score_str(res->score, b1, sizeof(b1)));
	else
		printf("cluster     none (best score %s, joining needs above %d)\n",
		    score_str(res->score, b1, sizeof(b1)),
		    ctl->cfg->similarity_threshold);
	if (res->passed != 0)
		printf("passed over %llu, a mailing of another sender: it takes "
		    "no loose match (MailingShare)%s\n",
		    (unsigned long long)res->passed, with_sender ? "" :
		    "; without --from the sender is unknown");
	printf("runner-up   %s\n", score_str(res->runner_up, b2, sizeof(b2)));
	printf("compared    %zu\n", res->compared);
	printf("verdict     %s", verdict_action_name(r->verdict.action));
	if (r->verdict.would != r->verdict.action)
		printf(" (enforce mode would %s)", verdict_action_name(r->verdict.would));
	printf(", tier %s, reason %s\n", r->verdict.tier ? r->verdict.tier : "none",
	    r->verdict.reason ? r->verdict.reason : "-");
}

int
cmd_check(struct ctl *ctl, int argc, char **argv)
{
	static const struct option	lo[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "client", required_argument, NULL, 'a' },
		{ "from", required_argument, NULL, 'f' },
		{ "rcpt", required_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 }
	};
	struct message_result	 r;
	struct envelope		 env;
	struct store		*s;
	FILE			*fp;
	int			 ch, rc;

	memset(&env, 0, sizeof(env));
	if ((env.rcpt = calloc(argc, sizeof(*env.rcpt))) == NULL) {
		ctl_err("out of memory");
		return CTL_ESTORE;
	}
	optind = 0;
	while ((ch = getopt_long(argc, argv, "a:f:jr:", lo, NULL)) != -1) {
		switch (ch) {
		case 'a':
			env.client = optarg;
			if (!client_address(optarg)) {
				ctl_err("check: --client %s: not an IPv4 or "
				    "IPv6 address", optarg);
				free(env.rcpt);
				return CTL_EUSAGE;
			}
			break;
		case 'f':
			env.sender = optarg;
			break;
		case 'j':
			ctl->json = 1;
			break;
		case 'r':
			env.rcpt[env.nrcpt++] = optarg;
			break;
		default:
			ctl_bad_option("check", argv);
			free(env.rcpt);
			return CTL_EUSAGE;
		}
	}
	if (argc - optind != 1) {
		free(env.rcpt);
		ctl_err("usage: check [--json] [--client IP] [--from ADDR] "
		    "[--rcpt ADDR]... FILE|-");
		return CTL_EUSAGE;
	}
	if ((rc = open_input(argv[optind], &fp)) != CTL_OK) {
		free(env.rcpt);
		return rc;
	}
	if ((rc = ctl_store(ctl, &s)) == CTL_OK) {
		rc = run_message(ctl, argv[optind], fp, s, 1, &env, &r);
		if (rc == CTL_OK && r.store_err != 0)
			rc = ctl_store_fail(r.store_err, "check");
	}
	close_input(fp);
	free(env.rcpt);
	if (rc != CTL_OK)
		return rc;
	if (ctl->json)
		return ctl_json_print(check_json(ctl, &r));
	check_text(ctl, &r, env.sender != NULL);
	return CTL_OK;
}

/* ------------------------------------------------------------- learn */

/*
 * One message: its cluster if the milter would join one, else a new
 * cluster recorded as the milter records a message; then the status.
 */
static int
learn_one(struct ctl *ctl, struct store *s, const char *path, int status)
{
	struct message_result	 r;
	FILE			*fp;
	const char		*how = "matched";
	int			 rc;

	if ((rc = ctl_input_twice(path, &fp)) != CTL_OK)
		return rc;
	rc = run_message(ctl, path, fp, s, 1, NULL, &r);
	if (rc == CTL_OK && r.store_err == 0 && !r.res.found &&
	    clusterable(ctl, &r) && (rc = ctl_input_again(path, fp)) == CTL_OK) {
		ctl_lock_arm(ctl);
		rc = run_message(ctl, path, fp, s, 0, NULL, &r);
		ctl_lock_disarm();
		how = r.res.created ? "new" : "joined";
	}
	fclose(fp);
	if (rc != CTL_OK)
		return rc;
	if (r.store_err != 0)
		return ctl_store_fail(r.store_err, path);
	if (r.body_bytes < ctl->cfg->min_body_bytes) {
		ctl_err("%s: %llu canonical bytes, below MinBodyBytes %zu: "
		    "the milter does not cluster it", path,
		    (unsigned long long)r.body_bytes, ctl->cfg->min_body_bytes);
		return CTL_EDATA;
	}
	if (r.body_bytes < ctl->cfg->min_own_text) {
		ctl_err("%s: %llu canonical bytes, below MinOwnText %zu: "
		    "the milter does not cluster it", path,
		    (unsigned long long)r.body_bytes, ctl->cfg->min_own_text);
		return CTL_EDATA;
	}
	ctl_lock_arm(ctl);
	rc = store_set_status(s, r.res.c.id, status);
	ctl_lock_disarm();
	if (rc != 0)
		return ctl_store_fail(rc, path);
	(void)ctl_fleet_tell(ctl, &r.res.c, status);
	printf("%s: cluster %llu (%s) is %s\n", path,
	    (unsigned long long)r.res.c.id, how, cluster_status_name(status));
	if (r.res.passed != 0)
		printf("%s: its best match, cluster %llu, is a mailing of another "
		    "sender and takes no loose match (MailingShare); to mark "
		    "that cluster, give its id to pin or see show\n", path,
		    (unsigned long long)r.res.passed);
	return CTL_OK;
}

int
cmd_learn(struct ctl *ctl, int argc, char **argv)
{
	struct store	*s;
	int		 status, i, rc, ret = CTL_OK;

	if (argc < 3 || ((status = cluster_status_parse(argv[1])) != CLUSTER_SPAM &&
	    status != CLUSTER_HAM)) {
		ctl_err("usage: learn spam|ham FILE...");
		return CTL_EUSAGE;
	}
	if ((rc = ctl_store(ctl, &s)) != CTL_OK)
		return rc;
	for (i = 2; i < argc; i++)
		if ((rc = learn_one(ctl, s, argv[i], status)) != CTL_OK) {
			ret = rc;
			if (rc != CTL_EFILE && rc != CTL_EDATA)
				break;	/* the store failed: the rest would too */
		}
	return ret;
}
