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
 * notify.c: telling systemd (Type=notify) where the daemon is, with
 * sd_notify(3) from libsystemd: READY=1 once the milter socket listens
 * and the store is open, RELOADING=1 and READY=1 around a reload,
 * STOPPING=1 when it stops. Without NOTIFY_SOCKET in the environment
 * (not started by systemd) sd_notify does nothing; built without
 * libsystemd (configure --without-systemd) neither does this.
 */
#include "autoconf.h"

#include <stdio.h>
#include <time.h>

#ifdef HAVE_SYSTEMD
#include <systemd/sd-daemon.h>
#endif

#include "log.h"
#include "milter.h"

/* Send one state; a failure is only logged: the milter works without. */
static void
notify(const char *state)
{
#ifdef HAVE_SYSTEMD
	int	rc;

	if ((rc = sd_notify(0, state)) < 0)
		log_debug("systemd: sd_notify %s: error %d", state, -rc);
#else
	(void)state;
#endif
}

void
notify_ready(void)
{
	notify("READY=1\nSTATUS=filtering");
}

/*
 * Before a reload: RELOADING=1 with the CLOCK_MONOTONIC time in
 * microseconds, which systemd 253's Type=notify-reload asks for (252
 * ignores it).
 */
void
notify_reloading(void)
{
	struct timespec	ts;
	char		buf[96];

	clock_gettime(CLOCK_MONOTONIC, &ts);
	snprintf(buf, sizeof(buf), "RELOADING=1\nMONOTONIC_USEC=%llu",
	    (unsigned long long)ts.tv_sec * 1000000ULL +
	    (unsigned long long)ts.tv_nsec / 1000);
	notify(buf);
}

void
notify_stopping(void)
{
	notify("STOPPING=1\nSTATUS=stopping");
}
