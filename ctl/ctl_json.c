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
 * ctl_json.c: a cluster as a JSON object, every field, and back. The
 * export writes one object a line and the import reads them, so the two
 * functions here must stay each other's inverse (check_ctl tests it).
 *
 * The subject sample is kept by the store as bytes: a sample that is not
 * valid UTF-8 (an unencoded 8-bit header) cannot be a JSON string and is
 * written as "subject_hex" instead, so that the round trip is exact.
 */
#include <stdio.h>
#include <string.h>

#include "ctl.h"
#include "util.h"

static json_t *
u64_json(uint64_t v)
{
	/* json_int_t is signed 64-bit; counters never come near. */
	return json_integer(v > INT64_MAX ? INT64_MAX : (json_int_t)v);
}

/* The names of the kinds of code (NILSIMSA_KIND_*), in their order. */
static const char *const kind_names[NILSIMSA_KIND_MAX + 1] = {
	"profile", "self", "marks"
};

static int
set(json_t *o, const char *k, json_t *v)
{
	return v == NULL ? -1 : json_object_set_new(o, k, v);
}

json_t *
ctl_cluster_json(const struct cluster *c)
{
	json_t	*o, *nets, *hist, *sndrs, *reps, *a;
	char	 hex[NILSIMSA_HEX_LEN + 1], sh[2 * CLUSTER_SUBJECT_MAX + 1];
	size_t	 i, slen;
	int	 rc = 0;

	if ((o = json_object()) == NULL)
		return NULL;
	nilsimsa_to_hex(&c->code, hex);
	slen = strnlen(c->subject, CLUSTER_SUBJECT_MAX);
	rc |= set(o, "id", u64_json(c->id));
	rc |= set(o, "code", json_string(hex));
	rc |= set(o, "reps", reps = json_array());
	for (i = 0; reps != NULL && i < c->nreps && i < CLUSTER_REPS - 1; i++) {
		nilsimsa_to_hex(&c->reps[i], hex);
		rc |= json_array_append_new(reps, json_string(hex));
	}
	rc |= set(o, "status", json_string(cluster_status_name(c->status)));
	rc |= set(o, "kind", json_string(c->kind <= NILSIMSA_KIND_MAX ?
	    kind_names[c->kind] : "unknown"));
	rc |= set(o, "first_seen", json_integer(c->first_seen));
	rc |= set(o, "last_seen", json_integer(c->last_seen));
	rc |= set(o, "messages", u64_json(c->messages));
	rc |= set(o, "recipients", u64_json(c->recipients));
	rc |= set(o, "networks", json_integer(c->networks));
	rc |= set(o, "tagged", json_integer(c->tagged));
	rc |= set(o, "rejected", json_integer(c->rejected));
	if (ctl_utf8_valid(c->subject, slen))
		rc |= set(o, "subject", json_stringn(c->subject, slen));
	else {
		for (i = 0; i < slen; i++)
			snprintf(sh + 2 * i, 3, "%02x", (unsigned char)c->subject[i]);
		sh[2 * slen] = '\0';
		rc |= set(o, "subject_hex", json_string(sh));
	}
	rc |= set(o, "nets", nets = json_array());
	for (i = 0; nets != NULL && i < c->networks && i < CLUSTER_MAX_NETS; i++)
		rc |= json_array_append_new(nets, json_integer(c->nets[i]));
	rc |= set(o, "senders", json_integer(c->senders));
	rc |= set(o, "sender_domains", sndrs = json_array());
	for (i = 0; sndrs != NULL && i < c->senders && i < CLUSTER_MAX_SENDERS; i++)
		rc |= json_array_append_new(sndrs, json_integer(c->sndrs[i]));
	rc |= set(o, "net_counts", a = json_array());
	for (i = 0; a != NULL && i < c->networks && i < CLUSTER_MAX_NETS; i++)
		rc |= json_array_append_new(a, json_integer(c->netn[i]));
	rc |= set(o, "net_hours", a = json_array());
	for (i = 0; a != NULL && i < c->networks && i < CLUSTER_MAX_NETS; i++)
		rc |= json_array_append_new(a, json_integer(c->neth[i]));
	rc |= set(o, "sender_counts", a = json_array());
	for (i = 0; a != NULL && i < c->senders && i < CLUSTER_MAX_SENDERS; i++)
		rc |= json_array_append_new(a, json_integer(c->sndn[i]));
	rc |= set(o, "rcpt_hashes", a = json_array());
	for (i = 0; a != NULL && i < c->nrset && i < CLUSTER_MAX_RCPTS; i++)
		rc |= json_array_append_new(a, json_integer(c->rset[i].h));
	rc |= set(o, "rcpt_hours", a = json_array());
	for (i = 0; a != NULL && i < c->nrset && i < CLUSTER_MAX_RCPTS; i++)
		rc |= json_array_append_new(a, json_integer(c->rset[i].hour));
	rc |= set(o, "hist_start", json_integer(c->hist_start));
	rc |= set(o, "hist", hist = json_array());
	for (i = 0; hist != NULL && i < CLUSTER_HISTORY; i++)
		rc |= json_array_append_new(hist, json_integer(c->hist[i]));
	if (rc != 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* An integer member in [min, max]; absent leaves *v alone. */
static int
get_int(const json_t *o, const char *k, json_int_t min, json_int_t max,
    json_int_t *v, char *err, size_t errlen)
{
	json_t		*j = json_object_get(o, k);
	json_int_t	 x;

	if (j == NULL)
		return 0;
	if (!json_is_integer(j)) {
		snprintf(err, errlen, "\"%s\" is not an integer", k);
		return -1;
	}
	x = json_integer_value(j);
	if (x < min || x > max) {
		snprintf(err, errlen, "\"%s\" out of range", k);
		return -1;
	}
	*v = x;
	return 0;
}

static int
get_subject(const json_t *o, struct cluster *c, char *err, size_t errlen)
{
	json_t		*s = json_object_get(o, "subject");
	json_t		*h = json_object_get(o, "subject_hex");
	const char	*p;
	size_t		 n, i;

	if (s != NULL && h != NULL) {
		snprintf(err, errlen, "both \"subject\" and \"subject_hex\"");
		return -1;
	}
	if (s != NULL) {
		if (!json_is_string(s)) {
			snprintf(err, errlen, "\"subject\" is not a string");
			return -1;
		}
		n = json_string_length(s);
		if (n >= CLUSTER_SUBJECT_MAX ||
		    memchr(json_string_value(s), '\0', n) != NULL) {
			snprintf(err, errlen, "\"subject\" longer than %d bytes "
			    "or holds NUL", CLUSTER_SUBJECT_MAX - 1);
			return -1;
		}
		memcpy(c->subject, json_string_value(s), n);
		return 0;
	}
	if (h == NULL)
		return 0;
	if (!json_is_string(h) || (n = json_string_length(h)) % 2 != 0 ||
	    n / 2 >= CLUSTER_SUBJECT_MAX) {
		snprintf(err, errlen, "\"subject_hex\" is not an even hex string "
		    "of at most %d bytes", CLUSTER_SUBJECT_MAX - 1);
		return -1;
	}
	p = json_string_value(h);
	for (i = 0; i < n / 2; i++) {
		int	hi = util_hexval(p[2 * i]);
		int	lo = util_hexval(p[2 * i + 1]);

		if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) {
			snprintf(err, errlen, "\"subject_hex\": bad byte at %zu", i);
			return -1;
		}
		c->subject[i] = (char)(hi << 4 | lo);
	}
	return 0;
}

/* The extra representatives: at most CLUSTER_REPS - 1 codes, oldest first. */
static int
get_reps(const json_t *o, struct cluster *c, char *err, size_t errlen)
{
	json_t	*a = json_object_get(o, "reps"), *e;
	size_t	 i;

	if (a == NULL)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > CLUSTER_REPS - 1) {
		snprintf(err, errlen, "\"reps\" is not an array of at most %d "
		    "codes", CLUSTER_REPS - 1);
		return -1;
	}
	json_array_foreach(a, i, e) {
		if (!json_is_string(e) || nilsimsa_from_hex(json_string_value(e),
		    json_string_length(e), &c->reps[i]) != 0) {
			snprintf(err, errlen, "\"reps\"[%zu] is not 64 hex digits",
			    i);
			return -1;
		}
	}
	c->nreps = (uint8_t)json_array_size(a);
	return 0;
}

/* An array of at most max unsigned 32-bit integers. */
static int
get_u32s(const json_t *o, const char *k, uint32_t *v, size_t max, size_t *n,
    char *err, size_t errlen)
{
	json_t	*a = json_object_get(o, k), *e;
	size_t	 i;

	*n = 0;
	if (a == NULL)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > max) {
		snprintf(err, errlen, "\"%s\" is not an array of at most %zu",
		    k, max);
		return -1;
	}
	json_array_foreach(a, i, e) {
		if (!json_is_integer(e) || json_integer_value(e) < 0 ||
		    json_integer_value(e) > UINT32_MAX) {
			snprintf(err, errlen, "\"%s\"[%zu] is not a 32-bit count",
			    k, i);
			return -1;
		}
		v[i] = (uint32_t)json_integer_value(e);
	}
	*n = json_array_size(a);
	return 0;
}

static const char *const known_keys[] = {
	"id", "code", "kind", "reps", "status", "first_seen", "last_seen",
	"messages",
	"recipients", "networks", "tagged", "rejected", "subject",
	"subject_hex", "nets", "senders", "sender_domains", "hist_start", "hist",
	"net_counts", "net_hours", "sender_counts", "rcpt_hashes", "rcpt_hours",
	NULL
};

int
ctl_cluster_from_json(const json_t *j, struct cluster *c, char *err,
    size_t errlen)
{
	const char	*k;
	json_t		*v;
	json_int_t	 x;
	size_t		 i, nnets, nhist, nsndrs, nnetn, nneth, nsndn, nrh, nrt;
	uint32_t	 rh[CLUSTER_MAX_RCPTS], rt[CLUSTER_MAX_RCPTS];
	int		 st;

	memset(c, 0, sizeof(*c));
	if (!json_is_object(j)) {
		snprintf(err, errlen, "not a JSON object");
		return -1;
	}
	/* An unknown key is a typo or another program's data: refuse it. */
	json_object_foreach((json_t *)j, k, v) {
		for (i = 0; known_keys[i] != NULL; i++)
			if (strcmp(k, known_keys[i]) == 0)
				break;
		if (known_keys[i] == NULL) {
			snprintf(err, errlen, "unknown key \"%.40s\"", k);
			return -1;
		}
	}
	if ((v = json_object_get(j, "code")) == NULL || !json_is_string(v) ||
	    nilsimsa_from_hex(json_string_value(v), json_string_length(v),
	    &c->code) != 0) {
		snprintf(err, errlen, "\"code\" missing or not 64 hex digits");
		return -1;
	}
	if ((v = json_object_get(j, "kind")) != NULL) {
		for (i = 0; json_is_string(v) && i <= NILSIMSA_KIND_MAX; i++)
			if (strcmp(json_string_value(v), kind_names[i]) == 0)
				break;
		if (!json_is_string(v) || i > NILSIMSA_KIND_MAX) {
			snprintf(err, errlen,
			    "\"kind\" is not profile, self or marks");
			return -1;
		}
		c->kind = (uint8_t)i;
	}
	if ((v = json_object_get(j, "status")) != NULL) {
		if (!json_is_string(v) ||
		    (st = cluster_status_parse(json_string_value(v))) < 0) {
			snprintf(err, errlen, "\"status\" is not auto, spam or ham");
			return -1;
		}
		c->status = (uint8_t)st;
	}
#define INT(key, field, min, max) do {					\
	x = (json_int_t)c->field;					\
	if (get_int(j, key, min, max, &x, err, errlen) == -1)		\
		return -1;						\
	c->field = x;							\
} while (0)
	INT("id", id, 0, CTL_ID_MAX);
	INT("first_seen", first_seen, 0, INT64_MAX);
	INT("last_seen", last_seen, 0, INT64_MAX);
	INT("messages", messages, 0, INT64_MAX);
	INT("recipients", recipients, 0, INT64_MAX);
	INT("networks", networks, 0, CLUSTER_MAX_NETS);
	INT("senders", senders, 0, CLUSTER_MAX_SENDERS);
	INT("tagged", tagged, 0, UINT32_MAX);
	INT("rejected", rejected, 0, UINT32_MAX);
	INT("hist_start", hist_start, INT64_MIN / 2, INT64_MAX / 2);
#undef INT
	if (c->last_seen < c->first_seen) {
		snprintf(err, errlen, "\"last_seen\" before \"first_seen\"");
		return -1;
	}
	if (get_subject(j, c, err, errlen) == -1 ||
	    get_reps(j, c, err, errlen) == -1 ||
	    get_u32s(j, "nets", c->nets, CLUSTER_MAX_NETS, &nnets, err,
	    errlen) == -1 ||
	    get_u32s(j, "hist", c->hist, CLUSTER_HISTORY, &nhist, err,
	    errlen) == -1 ||
	    get_u32s(j, "sender_domains", c->sndrs, CLUSTER_MAX_SENDERS, &nsndrs,
	    err, errlen) == -1 ||
	    get_u32s(j, "net_counts", c->netn, CLUSTER_MAX_NETS, &nnetn, err,
	    errlen) == -1 ||
	    get_u32s(j, "net_hours", c->neth, CLUSTER_MAX_NETS, &nneth, err,
	    errlen) == -1 ||
	    get_u32s(j, "sender_counts", c->sndn, CLUSTER_MAX_SENDERS, &nsndn,
	    err, errlen) == -1 ||
	    get_u32s(j, "rcpt_hashes", rh, CLUSTER_MAX_RCPTS, &nrh, err,
	    errlen) == -1 ||
	    get_u32s(j, "rcpt_hours", rt, CLUSTER_MAX_RCPTS, &nrt, err,
	    errlen) == -1)
		return -1;
	if (nrh != nrt) {
		snprintf(err, errlen, "\"rcpt_hashes\" and \"rcpt_hours\" "
		    "differ in length");
		return -1;
	}
	for (i = 0; i < nrh; i++) {
		if (rh[i] == 0) {
			snprintf(err, errlen, "\"rcpt_hashes\"[%zu] is 0", i);
			return -1;
		}
		c->rset[i].h = rh[i];
		c->rset[i].hour = rt[i];
	}
	c->nrset = (uint32_t)nrh;
	if ((nnetn != 0 && nnetn != nnets) || (nneth != 0 && nneth != nnets) ||
	    (nsndn != 0 && nsndn != nsndrs)) {
		snprintf(err, errlen, "\"net_counts\", \"net_hours\" or "
		    "\"sender_counts\" is not the length of its list");
		return -1;
	}
	if (json_object_get(j, "senders") == NULL)
		c->senders = (uint32_t)nsndrs;
	else if (json_object_get(j, "sender_domains") != NULL && c->senders != nsndrs) {
		snprintf(err, errlen, "\"senders\" is not the length of \"sender_domains\"");
		return -1;
	}
	if (json_object_get(j, "networks") == NULL)
		c->networks = (uint32_t)nnets;
	else if (json_object_get(j, "nets") != NULL && c->networks != nnets) {
		snprintf(err, errlen, "\"networks\" is not the length of \"nets\"");
		return -1;
	}
	return 0;
}
