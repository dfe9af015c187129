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
 * check_canon_html: the HTML filter. Expected outputs were written by
 * hand from their inputs.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_canon.h"

/* ------------------------------------------------------------ HTML */

START_TEST(test_html)
{
	CHECK_TEXT("Content-Type: text/html\n\n"
	    "<html><head><title>T</title>"
	    "<style>p { color: red; } <b>bold</b></style>\n"
	    "<script type=\"text/javascript\">if (a < b) "
	    "{ document.write(\"</p>x\"); }</script></head>\n"
	    "<body><!-- hidden -- comment --><p title=\"a > b\" "
	    "alt='c > d'>Fish &amp; Chips &lt;3 &nbsp;&eacute;t&eacute; "
	    "&#233; &#xE9; &euro;</p>V<b></b>iagra<!---->!"
	    "</body></html>\n",
	    "t fish & chips <3 \xc3\xa9t\xc3\xa9 \xc3\xa9 \xc3\xa9 "
	    "\xe2\x82\xac viagra!");
	/* not tags, unknown entities, entities without ';', &#150; */
	CHECK_TEXT("Content-Type: text/html\n\n"
	    "1 < 2 &foo; AT&amp T &amp &#150; &#0; &#xZZ; <3\n",
	    "1 < 2 &foo; at& t & \xe2\x80\x93 &#xzz; <3");
	/* uppercase tags, SCRIPT closed with odd case, <!DOCTYPE> */
	CHECK_TEXT("Content-Type: text/html\n\n"
	    "<!DOCTYPE html><BODY><SCRIPT>var s = '</scrip';"
	    "</ScRiPt >Shown<BR>Text<TD>Cell</TD></BODY>\n",
	    "shown text cell");
	/* "<" right before the end tag; <style> likewise */
	CHECK_TEXT("Content-Type: text/html\n\n"
	    "<script>a<</script>One <style>a</</style>Two\n", "one two");
	/* an entity and a tag cut by the end of the part */
	CHECK_TEXT("Content-Type: text/html\n\nend &amp", "end &");
	CHECK_TEXT("Content-Type: text/html\n\nend <", "end <");
}
END_TEST

/* The test case of this stage. */
TCase *
tc_canon_html(void)
{
	TCase *tc = tcase_create("canon_html");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_html);
	return tc;
}
