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
 * privs.c: resolving UserID, and handing the store's files to that user
 * (the daemon does it before it drops root; nilsimsactl after it created
 * or wrote a store as root).
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "privs.h"

/* Resolve "user[:group]" into p. */
int
privs_lookup(const char *spec, struct privs *p, char *err, size_t errlen)
{
	struct passwd	*pw;
	struct group	*gr;
	char		*user, *group;

	if ((user = strdup(spec)) == NULL) {
		snprintf(err, errlen, "UserID: out of memory");
		return -1;
	}
	if ((group = strchr(user, ':')) != NULL)
		*group++ = '\0';
	if ((pw = getpwnam(user)) == NULL) {
		snprintf(err, errlen, "UserID %s: no such user", user);
		free(user);
		return -1;
	}
	p->uid = pw->pw_uid;
	p->gid = pw->pw_gid;
	if (group != NULL) {
		if ((gr = getgrnam(group)) == NULL) {
			snprintf(err, errlen, "UserID %s: no such group: %s", spec, group);
			free(user);
			return -1;
		}
		p->gid = gr->gr_gid;
	}
	p->user = user;
	return 0;
}

/* Give the open file fd to uid:gid with `mode`, if it is one we may touch. */
static int
own_fd(int fd, uid_t uid, gid_t gid, mode_t mode, int want_dir)
{
	struct stat	st;

	if (fstat(fd, &st) == -1)
		return -1;
	if (want_dir ? !S_ISDIR(st.st_mode) : (!S_ISREG(st.st_mode) || st.st_nlink != 1))
		return 0;
	if ((st.st_uid != uid || st.st_gid != gid) && fchown(fd, uid, gid) == -1)
		return -1;
	if ((st.st_mode & 07777) != mode && fchmod(fd, mode) == -1)
		return -1;
	return 0;
}

/* Is name one of a store's files? */
static int
store_file(const char *name)
{
	return strcmp(name, "data.mdb") == 0 || strcmp(name, "lock.mdb") == 0 ||
	    strncmp(name, "data.mdb.", 9) == 0;
}

/*
 * Is the directory d one a store is in, or may be made in? Those have a
 * data.mdb (an existing store, whatever else its administrator keeps
 * beside it), or nothing but a store's files. 0; or -1, the first other
 * entry named in err, followed by then. The caller rewinds d.
 */
static int
store_dir_ok(DIR *d, const char *dir, const char *then, char *err,
    size_t errlen)
{
	struct dirent	*de;
	char		 other[256];

	other[0] = '\0';
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, "data.mdb") == 0)
			return 0;
		if (other[0] == '\0' && strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0 && !store_file(de->d_name))
			snprintf(other, sizeof(other), "%s", de->d_name);
	}
	if (other[0] == '\0')
		return 0;
	snprintf(err, errlen, "store %s: not a store's directory (it holds %s, "
	    "and no data.mdb): %s", dir, other, then);
	return -1;
}

int
privs_store_dir(const char *dir, char *err, size_t errlen)
{
	DIR	*d;
	int	 rc;

	if ((d = opendir(dir)) == NULL) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "store %s: %s", dir, strerror(errno));
		return -1;
	}
	rc = store_dir_ok(d, dir, "give a directory of its own", err, errlen);
	closedir(d);
	return rc;
}

/* Hand the store directory and its store's files to uid:gid. */
int
privs_own_store(const char *dir, uid_t uid, gid_t gid, char *err, size_t errlen)
{
	DIR		*d;
	struct dirent	*de;
	int		 dfd, fd, rc = 0;

	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) == -1) {
		snprintf(err, errlen, "store %s: %s", dir, strerror(errno));
		return -1;
	}
	if ((d = fdopendir(dfd)) == NULL) {
		snprintf(err, errlen, "store %s: %s", dir, strerror(errno));
		close(dfd);
		return -1;
	}
	if (store_dir_ok(d, dir, "nothing handed over", err, errlen) == -1) {
		closedir(d);
		return -1;
	}
	rewinddir(d);
	if (own_fd(dirfd(d), uid, gid, 0700, 1) == -1) {
		snprintf(err, errlen, "store %s: chown: %s", dir, strerror(errno));
		closedir(d);
		return -1;
	}
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (!store_file(de->d_name))
			continue;
		/* O_NOFOLLOW: a symbolic link fails here and is skipped. */
		fd = openat(dirfd(d), de->d_name,
		    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (fd == -1)
			continue;
		if (own_fd(fd, uid, gid, 0600, 0) == -1) {
			snprintf(err, errlen, "store %s/%s: chown: %s", dir,
			    de->d_name, strerror(errno));
			rc = -1;
		}
		close(fd);
	}
	closedir(d);
	return rc;
}
