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
 * null-milter: a milter that does nothing but what the protocol costs,
 * for the benchmarks: it asks for the stages nilsimsa-milter asks for,
 * with no reply where nilsimsa-milter negotiates none (connect, MAIL,
 * RCPT, headers, body: milter/milter.c), continue at DATA, and at end of
 * message adds two headers of the size of ours, with TCP_NODELAY on its
 * sockets as nilsimsa-milter has. Its row beside Postfix alone is the
 * floor any milter of this shape pays; the difference to nilsimsa-milter's
 * row is ours. With -r it answers every command, as a milter that does
 * not negotiate (nilsimsa-milter before it did).
 *
 *	null-milter [-r] SOCKET	(libmilter syntax: inet:PORT@127.0.0.1,
 *				unix:/path)
 */
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmilter/mfapi.h>

#define NOREPLY	(SMFIP_NR_CONN | SMFIP_NR_MAIL | SMFIP_NR_RCPT | SMFIP_NR_HDR | \
		SMFIP_NR_EOH | SMFIP_NR_BODY)

static int	reply_each;	/* -r */

/* Continue, whatever the stage: without a reply where none is due. */
static sfsistat
cb_continue(SMFICTX *ctx)
{
	(void)ctx;
	return reply_each ? SMFIS_CONTINUE : SMFIS_NOREPLY;
}

/* DATA: always a reply, as nilsimsa-milter gives one. */
static sfsistat
cb_data(SMFICTX *ctx)
{
	(void)ctx;
	return SMFIS_CONTINUE;
}

static sfsistat
cb_negotiate(SMFICTX *ctx, unsigned long f0, unsigned long f1,
    unsigned long f2, unsigned long f3, unsigned long *pf0,
    unsigned long *pf1, unsigned long *pf2, unsigned long *pf3)
{
	(void)ctx;
	(void)f0;
	(void)f2;
	(void)f3;
	*pf0 = SMFIF_ADDHDRS;
	*pf1 |= f1 & NOREPLY;
	*pf2 = *pf3 = 0;
	return SMFIS_CONTINUE;
}

static sfsistat
cb_connect(SMFICTX *ctx, char *host, _SOCK_ADDR *addr)
{
	(void)host;
	(void)addr;
	return cb_continue(ctx);
}

static sfsistat
cb_args(SMFICTX *ctx, char **argv)
{
	(void)argv;
	return cb_continue(ctx);
}

static sfsistat
cb_header(SMFICTX *ctx, char *name, char *value)
{
	(void)name;
	(void)value;
	return cb_continue(ctx);
}

/* Asked for, as the milter does (a message with no header needs it). */
static sfsistat
cb_eoh(SMFICTX *ctx)
{
	return cb_continue(ctx);
}

static sfsistat
cb_body(SMFICTX *ctx, unsigned char *buf, size_t len)
{
	(void)buf;
	(void)len;
	return cb_continue(ctx);
}

/* Two headers the size of X-Nilsimsa and X-Nilsimsa-Cluster. */
static sfsistat
cb_eom(SMFICTX *ctx)
{
	static char	code[] = "0000000000000000000000000000000000000000000000000000000000000000";
	static char	cluster[] = "id=1; score=128; count=1; action=accept";

	if (smfi_addheader(ctx, "X-Null", code) != MI_SUCCESS ||
	    smfi_addheader(ctx, "X-Null-Cluster", cluster) != MI_SUCCESS)
		return SMFIS_TEMPFAIL;
	return SMFIS_CONTINUE;
}

static struct smfiDesc desc = {
	.xxfi_name = "null-milter",
	.xxfi_version = SMFI_VERSION,
	.xxfi_flags = SMFIF_ADDHDRS,
	.xxfi_connect = cb_connect,
	.xxfi_envfrom = cb_args,
	.xxfi_envrcpt = cb_args,
	.xxfi_data = cb_data,
	.xxfi_header = cb_header,
	.xxfi_eoh = cb_eoh,
	.xxfi_body = cb_body,
	.xxfi_eom = cb_eom,
	.xxfi_negotiate = cb_negotiate,
};

/*
 * TCP_NODELAY on the listener, which Linux copies to the sockets it
 * accepts; else our two header replies and the final one wait for the
 * MTA's delayed ACK. libmilter does not hand out the listener: find it.
 */
static void
listener_nodelay(void)
{
	socklen_t	len;
	int		fd, v, on = 1;

	for (fd = 3; fd < 1024; fd++) {
		len = sizeof(v);
		if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &v, &len) == -1 || !v)
			continue;
		len = sizeof(v);
		if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &v, &len) == 0 &&
		    (v == AF_INET || v == AF_INET6))
			(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
	}
}

int
main(int argc, char *argv[])
{
	if (argc == 3 && strcmp(argv[1], "-r") == 0) {
		reply_each = 1;
		desc.xxfi_negotiate = NULL;
		argv++;
		argc--;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: null-milter [-r] SOCKET\n");
		return 2;
	}
	if (smfi_setconn(argv[1]) == MI_FAILURE ||
	    smfi_register(desc) == MI_FAILURE ||
	    smfi_opensocket(1) == MI_FAILURE) {
		fprintf(stderr, "null-milter: cannot listen on %s\n", argv[1]);
		return 1;
	}
	listener_nodelay();
	return smfi_main() == MI_SUCCESS ? 0 : 1;
}
