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
 * ctl_holdlock: hold an LMDB store's writer lock, for the test of
 * nilsimsactl's "store locked" exit status. Usage: ctl_holdlock DIR
 * SECONDS. Prints "locked" once it holds the lock, then sleeps and
 * exits without committing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <lmdb.h>

int
main(int argc, char *argv[])
{
	MDB_env	*env;
	MDB_txn	*txn;
	int	 rc;

	if (argc != 3) {
		fprintf(stderr, "usage: ctl_holdlock dir seconds\n");
		return 2;
	}
	if ((rc = mdb_env_create(&env)) != 0 ||
	    (rc = mdb_env_set_maxdbs(env, 8)) != 0 ||
	    (rc = mdb_env_set_mapsize(env, 1UL << 30)) != 0 ||
	    (rc = mdb_env_open(env, argv[1], MDB_NOTLS, 0600)) != 0 ||
	    (rc = mdb_txn_begin(env, NULL, 0, &txn)) != 0) {
		fprintf(stderr, "ctl_holdlock: %s\n", mdb_strerror(rc));
		return 1;
	}
	printf("locked\n");
	fflush(stdout);
	sleep((unsigned)atoi(argv[2]));
	mdb_txn_abort(txn);
	mdb_env_close(env);
	return 0;
}
