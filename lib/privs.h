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
 * privs.h: the unprivileged user the milter runs as, and a store that
 * belongs to it. Shared by the daemon and nilsimsactl, which may create
 * or write the store as root.
 */
#ifndef PRIVS_H
#define PRIVS_H

#include <sys/types.h>

#include <stddef.h>

/* UserID when the configuration names none; `make install` creates it. */
#define PRIVS_DEFAULT_USER	"nilsimsa-milter"

struct privs {
	char	*user;		/* the user's name */
	uid_t	 uid;
	gid_t	 gid;		/* the group given, else the user's own */
};

/*
 * Resolve "user[:group]". 0, or -1 with the reason in err. The caller
 * frees p->user.
 */
int	privs_lookup(const char *spec, struct privs *p, char *err, size_t errlen);

/*
 * Is dir a store's directory, or one a store may be made in: absent,
 * empty, or holding nothing but a store's files (data.mdb, lock.mdb and
 * the stores moved aside, data.mdb.*)? 0, or -1 with the reason in err
 * (a Store or -s that names /var/lib or /etc by mistake is refused
 * before anything is made or handed over there).
 */
int	privs_store_dir(const char *dir, char *err, size_t errlen);

/*
 * The store directory (mode 0700) and its store's files (0600) become
 * uid:gid's; refused (-1) for a directory privs_store_dir() refuses.
 * Symbolic links and files with more than one link are left alone, so
 * that a planted link cannot turn this into a chown of another file. 0,
 * or -1 with the reason in err. Call it only while this process has no
 * store open: it opens and closes lock.mdb, which drops the POSIX locks
 * LMDB holds on it (see ctl_store()).
 */
int	privs_own_store(const char *dir, uid_t uid, gid_t gid, char *err,
	    size_t errlen);

#endif /* PRIVS_H */
