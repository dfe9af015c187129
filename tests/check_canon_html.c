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

#include "canon-internal.h"
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
	/* not tags, unknown entities, entities without ';' (only HTML 4's
	   Latin-1 names and amp, lt, gt, quot), &#150;, &#0; (U+FFFD) */
	CHECK_TEXT("Content-Type: text/html\n\n"
	    "1 < 2 &foo; AT&amp T &amp &#150; &#0; &#xZZ; <3 &eacute &euro\n",
	    "1 < 2 &foo; at& t & \xe2\x80\x93 \xef\xbf\xbd &#xzz; <3 "
	    "\xc3\xa9 &euro");
	/* a number ends at its first non-digit; HTML5's names of ASCII
	   punctuation */
	CHECK_TEXT("Content-Type: text/html\n\n"
	    "&#111ne &#x6Fne &#x6fg; &excl;&colon; &lpar;&semi;&rpar;\n",
	    "one one og; !: (;)");
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

#define HTML_PART "Content-Type: text/html\n\n"

/*
 * Hidden text is dropped where a reader sees text enough: the tests of
 * hiding start their HTML with this paragraph (SHOWN_MIN bytes and more).
 * Next to nothing visible, the hidden text is digested after it
 * (test_html_hidden_little_shown).
 */
#define SHOWN_TEXT "the text a reader sees here is long enough that " \
	"nothing hidden in this message is digested in its place: one " \
	"hundred and twenty eight bytes"
#define SHOWN_PART HTML_PART "<p>" SHOWN_TEXT "</p>"
#define CHECK_HIDDEN(msg, expect) CHECK_TEXT((msg), SHOWN_TEXT " " expect)

/*
 * What a reader does not see is not digested: elements hidden by their
 * style or the hidden attribute, however the attribute is written; what
 * is merely styled, or shown in the end, stays.
 */
START_TEST(test_html_hidden)
{
	CHECK_HIDDEN(SHOWN_PART "Buy <span style=\"display:none\">qzx wvk</span>"
	    "now<span style='DISPLAY : NONE !important'>kjh</span> "
	    "<SPAN STYLE=display:none>plo</SPAN>here\n", "buy now here");
	/* each way of hiding; the shown ones next to them */
	CHECK_HIDDEN(SHOWN_PART
	    "<p style=\"color:red; visibility: hidden\">a1</p>"
	    "<p style=\"font-size:0px\">a2</p><p style=\"font-size: 0\">a3</p>"
	    "<p style=\"font-size:1px\">a4</p><p style=\"font-size:.5pt\">a5</p>"
	    "<p style=\"opacity:0\">a6</p><p style=\"font:0/0 a\">a7</p>"
	    "<div hidden>a8</div><div hidden=\"hidden\">a9</div>"
	    "<p style=\"font-size:12px\">b1</p><p style=\"opacity:0.5\">b2</p>"
	    "<p style=\"display:block\">b3</p><p style=\"font-size:1em\">b4</p>"
	    "<p data-hidden=\"1\" title=\"display:none\">b5</p>"
	    "<p style=\"display:nonexxxxxxxxxxxxxxxxxxxxxxxxx\">b6</p>"
	    "<p style=\"font-family:x;;display\">b7</p>"
	    "<p style=\"mso-hide:all\">b8</p>\n",
	    "b1 b2 b3 b4 b5 b6 b7 b8");
	/* nested elements; void elements hide nothing */
	CHECK_HIDDEN(SHOWN_PART "<div style=\"display:none\"><div>a</div>b"
	    "<div><div>c</div></div>d</div>e<img style=\"display:none\" "
	    "src=x>f<br hidden>g\n", "e f g");
	/* a value's entities are what a browser reads in it */
	CHECK_HIDDEN(SHOWN_PART "<p style=\"display&#58;none\">a1</p>"
	    "<p style='display&colon;none'>a2</p><p style=&#x64;isplay:none>"
	    "a3</p><p style=\"display:n&#111ne\">a4</p>"
	    "<p style=\"display&#58block\">b1</p><p style=\"display&bogus;"
	    ":none\">b2</p><p style=\"display:none&#x3b;display:block\">b3"
	    "</p>\n", "b1 b2 b3");
	CHECK_HIDDEN(SHOWN_PART "<style>.h{display:none}</style>"
	    "<p class=\"&#104;\">a</p><p class=\"&amp;h\">b</p>\n", "b");
	/* as browsers: names without ';' only of HTML 4's Latin-1 and amp,
	   lt, gt, quot, and not before '='; &#0; is U+FFFD; a number's
	   leading zeros, however many; an entity ending an unquoted value */
	CHECK_HIDDEN(SHOWN_PART "<style>.h{display:none}</style>"
	    "<p style='display&colon none'>b1</p>"
	    "<p style='color:red&semi display:none'>b2</p>"
	    "<p class=\"h&#0;\">b3</p><p style=\"display&#0;x:none\">b4</p>"
	    "<p style=\"a&quot=;display:none\">a1</p>"
	    "<p style=\"display&#000000000000000000000000000000000000000058;"
	    "none\">a2</p><p style=\"display:&#x00000000000000000000000000000"
	    "00000006e;one\">a3</p><p style=display:none&#59>a4</p>"
	    "<p style=\"display:&#99999999999999999999999999999999999;none\">"
	    "b5</p>\n", "b1 b2 b3 b4 b5");
	/* entities and "<" inside are hidden too; text around them is not */
	CHECK_HIDDEN(SHOWN_PART "a<i hidden>&eacute; &foo; 1 < 2</i>b\n", "ab");
	/* one never closed ends with its part; text after </body> goes on
	   in the elements open, as browsers put it */
	CHECK_HIDDEN(SHOWN_PART "<body>x<div style=display:none>y</body>z\n",
	    "x");
	CHECK_HIDDEN("Content-Type: multipart/mixed; boundary=b\n\n--b\n"
	    SHOWN_PART "one<span hidden>two\n--b\n" HTML_PART "three\n--b--\n",
	    "one three");
}
END_TEST

/*
 * It hides no more than a browser: what a browser shows and the filter
 * dropped would be text a sender could take out of the digest (review).
 * The last declaration counts, strings and comments are CSS's, an inline
 * display overrides the hidden attribute, the first style attribute
 * counts, and a hidden element ends where HTML ends it.
 */
START_TEST(test_html_hidden_as_browsers)
{
	CHECK_HIDDEN(SHOWN_PART "<div style=\"display:none;display:block\">a</div>"
	    "<div hidden style=\"display:block\">b</div>"
	    "<div style=\"color:red\" style=\"display:none\">c</div>"
	    "<div style=\"font-size:0;font-size:14px\">d</div>"
	    "<div style=\"/*;display:none;*/color:red\">e</div>"
	    "<div style=\"font-family:'a;display:none;'\">f</div>"
	    "<div style=\"display:block;display:none\">x</div>end\n",
	    "a b c d e f end");
	/* elements HTML closes without their end tag */
	CHECK_HIDDEN(SHOWN_PART "<p hidden><div>buy</div>end\n", "buy end");
	CHECK_HIDDEN(SHOWN_PART "<table><tr><td>A</td><td style=\"display:none\">"
	    "x</table><p>visible</p>\n", "a visible");
	CHECK_HIDDEN(SHOWN_PART "<ul><li>one<li hidden>x</ul><p>visible</p>\n",
	    "one visible");
	CHECK_HIDDEN(SHOWN_PART "<ul><li hidden>a<li>b</ul><p hidden>c<p>d\n",
	    "b d");
	/* a <template>'s content is never shown */
	CHECK_HIDDEN(SHOWN_PART "<template><p>qzx wvy</p><template>a</template>"
	    "b</template>end\n", "end");
	CHECK_HIDDEN(SHOWN_PART "<template style=\"display:block\">x</template>"
	    "end\n", "end");
	/* an end tag of nothing open, in the hidden element or around it,
	   is ignored, as browsers do: it does not end the hidden one */
	CHECK_HIDDEN(SHOWN_PART "<div style=\"display:none\"></p>qzx wvy "
	    "rrt</div>end\n", "end");
	CHECK_HIDDEN(SHOWN_PART "<div style=\"display:none\">a</zz>b</td>c"
	    "</li>d</h1>e</table>f</div>end\n", "end");
	/* <div> closed the <p> around it, <hr> too: its </p> is stray */
	CHECK_HIDDEN(SHOWN_PART "<p>text<hr><span style=\"display:none\"></p>x"
	    "</span>end\n", "text end");
	CHECK_HIDDEN(SHOWN_PART "<p>text<div style=\"display:none\"></p>x"
	    "</div>end\n", "text end");
	/* the end tag of an element open around it ends it */
	CHECK_HIDDEN(SHOWN_PART "<div><span style=\"display:none\">x</div>end\n",
	    "end");
	CHECK_HIDDEN(SHOWN_PART "<table><tr><td><div style=\"display:none\">x"
	    "</td><td>y</td></tr></table>\n", "y");
	CHECK_HIDDEN(SHOWN_PART "<table><tr><td style=\"font-size:0\">x<div>one"
	    "</div><div hidden>h</td><td>y</td></tr></table>\n", "one y");
	/* a peer inside a nested list or table does not end the hidden one */
	CHECK_HIDDEN(SHOWN_PART "<ul><li hidden>a<ul><li>b</ul>c<li>d</ul>\n",
	    "d");
	/* a tiny font size or visibility: the element's text to its first
	   child, which may set them again (templates' font-size:0 cells) */
	CHECK_HIDDEN(SHOWN_PART "<table><td style=\"font-size:0\">x<div style="
	    "\"font-size:14px\">one</div><div>two</div></td></table>\n",
	    "one two");
	CHECK_HIDDEN(SHOWN_PART "<table><td style=\"font-size:0\"><a style=\""
	    "font:14px Arial\">shop now</a><font size=3>hello</font></td>"
	    "</table>end\n", "shop nowhello end");
	CHECK_HIDDEN(SHOWN_PART "<table><td style=\"display:none\">x<div style="
	    "\"font-size:14px\">one</div></td></table>z\n", "z");
	/* a box of no height or width that clips what overflows it hides
	   it, if the element makes a box (not an inline one, a table, a
	   cell); a transparent color hides, unless the text is painted
	   otherwise (gradient text, a shadow) */
	CHECK_HIDDEN(SHOWN_PART "<div style=\"max-height:0;overflow:hidden\">x"
	    "</div>one <div style=\"height: 0px; overflow: hidden;\">y</div>"
	    "<span style=\"max-height:0;overflow:hidden\">two</span> "
	    "<span style=\"display:block;height:0;overflow-y:hidden\">z</span>"
	    "<div style=\"height:0\">three</div><div style=\"width:0;"
	    "overflow-x:clip\">w</div><div style=\"height:0;overflow-x:hidden"
	    "\">four</div><table style=\"height:0;overflow:hidden\"><tr><td "
	    "style=\"height:0;overflow:hidden\">five</table>\n",
	    "one two three four five");
	CHECK_HIDDEN(SHOWN_PART "<p style=\"color:transparent\">x</p><p style="
	    "\"color:rgba(0,0,0,0)\">y</p><p style=\"color:#0000\">z</p><p style="
	    "\"color: rgb(0 0 0 / 0%)\">v</p><p style=\"color:transparent\">u"
	    "<b style=\"color:red\">one</b></p><p style=\"color:rgba(0,0,0,0.5)"
	    "\">two</p><p style=\"color:#ffffff00\">w</p><p style=\"color:#fff"
	    "\">three</p><p style=\"background-clip:text;color:transparent;"
	    "background:linear-gradient(#fd6,#fa0)\">four</p><p style=\"color:"
	    "transparent;text-shadow:0 0 4px #000\">five</p>\n",
	    "one two three four five");
	/* the tags of a table's parts outside a table make no element */
	CHECK_HIDDEN(SHOWN_PART "<td style=\"display:none\">one</td> <span "
	    "hidden>x<tbody></span>two <tr hidden><th>three\n",
	    "one two three");
}
END_TEST

/*
 * What a browser shows that the filter once dropped (helper-65's
 * review): the cascade's !important (a declaration not undone by a later
 * one that is not; a class shown !important over the element's own
 * display), elements HTML5 closes when another opens (a second <a>,
 * <button> or <nobr>, a heading after a heading, a row or cell after a
 * row or cell of its table), a table's text outside its cells (shown in
 * front of the table), and a comment that "--!>" ends.
 */
#define DIV8	"<div><div><div><div><div><div><div><div>"
#define DIV32	DIV8 DIV8 DIV8 DIV8

START_TEST(test_html_hidden_html5)
{
	CHECK_HIDDEN(SHOWN_PART
	    "<div style=\"display:block !important; display:none\">one</div>"
	    "<i style=\"visibility:visible!important;visibility:hidden\">"
	    "two</i> "
	    "<i style=\"opacity:1 !important;opacity:0\">three</i> "
	    "<i style=\"font-size:14px ! important;font-size:0\">four</i> "
	    "<i style=\"display:none!important;display:block\">x</i> "
	    "<i style=\"display:block!important;display:none!important\">y</i>"
	    "end\n", "one two three four end");
	CHECK_HIDDEN(SHOWN_PART "<style>.v{display:block !important}"
	    ".v{display:none}.w{display:block}</style>"
	    "<div class=\"v\" style=\"display:none\">one</div>"
	    "<div class=v>two</div>"
	    "<div class=v style=\"display:none!important\">x</div>"
	    "<div class=w style=\"display:none\">y</div>end\n", "one two end");
	CHECK_HIDDEN(SHOWN_PART "<style>.v{display:block !important}"
	    ".v{display:none !important}</style><div class=v>x</div>end\n",
	    "end");
	CHECK_HIDDEN(SHOWN_PART "<a href=x style=\"display:none\">x<a href=y>"
	    "one</a> <button style=\"display:none\">y<span><button>two"
	    "</button> "
	    "<nobr style=\"display:none\">z<nobr>three</nobr> end\n",
	    "one two three end");
	CHECK_HIDDEN(SHOWN_PART "<h1 style=\"display:none\">x<h2>one</h2>"
	    "<h3 hidden><span>y<h4>z</h4></span></h3>end\n", "one end");
	CHECK_HIDDEN(SHOWN_PART "<table><tr style=\"display:none\"><td>x<tr>"
	    "<td>one<td style=\"display:none\">y<td>two</table>"
	    "<table><tr hidden><td><table><tr><td>z</table>w</table>end\n",
	    "one two end");
	CHECK_HIDDEN(SHOWN_PART "<table style=\"display:none\"><tr><td>x</td>"
	    "</tr>one</table><div hidden><table>y</table></div>"
	    "<table><tbody hidden><tr>two<td>z</table>end\n", "one two end");
	CHECK_HIDDEN(SHOWN_PART "<!-- x --!> one <!-- y --> two <!-- --!- z "
	    "--> end\n", "one two end");
	/*
	 * ... and never more than a browser (helper-66): an <a> or <nobr>
	 * keeps a block open in it; a row outside any table is none; an
	 * element in a hidden table outside its cells is moved out, and
	 * shows (with what follows: where unsure, show); "!importantx" is
	 * no CSS; more classes shown !important than are kept hide none.
	 */
	CHECK_HIDDEN(SHOWN_PART "<a>one <div>two <a>three <span style="
	    "\"display:none\">x</div> four</a> <nobr>five <div><nobr>six "
	    "<span hidden>y</div> seven\n", "one two three four five six seven");
	/*
	 * HTML5's adoption agency: a second <a> or <nobr>, or the end tag
	 * of the hidden formatting element, moves a block open in it out,
	 * and what follows in the block shows (helper-66); the end tag of
	 * an inline element other than a formatting one is ignored across
	 * a block, and what follows stays hidden.
	 */
	CHECK_HIDDEN(SHOWN_PART "<a href=x style=\"display:none\">x<div>y"
	    "<a href=y>one</a> two</div> three\n", "one two three");
	CHECK_HIDDEN(SHOWN_PART "<nobr style=\"display:none\">x<b><div>y<i>z"
	    "<nobr>one</nobr> two</div> three\n", "one two three");
	CHECK_HIDDEN(SHOWN_PART "<div><b style=\"display:none\">x<div>y</b>"
	    "one</div> two</div> three\n", "one two three");
	CHECK_HIDDEN(SHOWN_PART "<div><span style=\"display:none\">x<div>y"
	    "</span>z</div>w</span>one</div> two\n", "one two");
	CHECK_HIDDEN(SHOWN_PART "<div style=\"display:none\">x<span>y<div>z"
	    "</span>w</div>v</div>one\n", "one");
	/* a start tag closes elements open around the hidden one, and
	   with them the hidden one: the next cell or row a cell, the next
	   item an item, a block a <p>; a heading only a heading open */
	CHECK_HIDDEN(SHOWN_PART "<table><tr><td><span hidden>x<td>one<td>"
	    "<b hidden>y<tr><td>two</table><ul><li><span hidden>z<li>three"
	    "<li><div hidden>w<li>four<li><ul hidden><li>v<li>u</ul></ul>\n",
	    "one two three four");
	CHECK_HIDDEN(SHOWN_PART "<dl><dt><span hidden>z<dd>one</dl><p><span "
	    "hidden>y<p>two<p><i hidden>x<div>w</div></i>three "
	    "<h1><span hidden>v<h2>u</h2></span>four</h1>\n",
	    "one two three four");
	/* a formatting element closed around the hidden one, or a block's
	   end, closes it, but browsers open it again around what follows,
	   hidden, until its end tag or a cell's end */
	CHECK_HIDDEN(SHOWN_PART "<div><b hidden>x</div>y</b>one <a href=a>"
	    "two <b hidden>z<a href=b>w</a></b>three <table><tr><td>"
	    "<b hidden>v</td><td>four</table>\n", "one two three four");
	/* an element hidden by its own style inside the hidden one hides
	   on when that one ends and browsers keep it (a formatting element
	   opened again, a block the adoption agency moves); a heading's end
	   closes a heading of any rank; a table's part closes elements
	   moved out in front of the table */
	CHECK_HIDDEN(SHOWN_PART "<p hidden><b hidden>x</p>y</b>one <i hidden>"
	    "<ol hidden><li>z</i>w</ol>two <h2 hidden>v</h4>three <table>"
	    "<em hidden>u<td>four</td></table>\n", "one two three four");
	/* ... but not after a hidden cell (a marker) ends, nor a formatting
	   element more than three below the block the adoption agency
	   moves, nor when end tags past HSTACK_MAX were not told
	   (helper-68); a table past OSTACK_MAX is still a table */
	CHECK_HIDDEN(SHOWN_PART "<table><td hidden><b hidden>x</td>one</table>"
	    "two <object hidden><b hidden>y</object>three <b hidden><i hidden>"
	    "<span><span><span><div></b>four\n", "one two three four");
	CHECK_HIDDEN(SHOWN_PART "<div><b hidden><span><span><span><span><span>"
	    "<span><span><span><span><span><span><span><span><span><span>"
	    "<span>x</b></div>one " DIV32 "<table><tr><td><span hidden>y</td>"
	    "two</tr></table>three\n", "one two three");
	/* an end tag of an element other than a special one closes what
	   it is open around, not across a special element; a special one's
	   only in its scope (not past a table or a cell) */
	CHECK_HIDDEN(SHOWN_PART "<div><x-a><span hidden>x</x-a>one</div>"
	    "<div><span hidden>y<x-a>z</span>two</x-a> three</div>"
	    "<label><span hidden>w<div>v</label>u</div>t</span>four\n",
	    "one two three four");
	CHECK_HIDDEN(SHOWN_PART "<div hidden><table><tr><td>x</div>y</table>"
	    "z</div>one <div><object><span hidden>w</div>v</object>two\n",
	    "one two");
	/* an inline end tag closes an inline hidden element in it, but for
	   a formatting one, which is opened again; a formatting end tag
	   across a block too (the adoption agency closes what is open in
	   the block), another one not */
	CHECK_HIDDEN(SHOWN_PART "<b><span style=\"display:none\">x</b>one "
	    "<label><span hidden>y<i>z</label>two <u><div><span hidden>w</u>"
	    "three </span>four</div><label><div><span hidden>v</label>u"
	    "</span>five</div>\n", "one two three four five");
	CHECK_HIDDEN(SHOWN_PART "<label><b style=\"display:none\">x</label>y"
	    "</b>one <span><div hidden>z</span>w</div>two\n", "one two");
	CHECK_HIDDEN(SHOWN_PART "<tr><div>one<tr><span style=\"display:none\">"
	    "x</div>two\n", "one two");
	CHECK_HIDDEN(SHOWN_PART "<table style=\"display:none\"><b>one</b><tr>"
	    "<td>two</table>end\n", "one two end");
	CHECK_HIDDEN(SHOWN_PART "<div style=\"display:none!importantx; "
	    "display:block\">one</div><style>.q{display:none !important foo;"
	    "display:block}</style><div class=q>two</div>end\n", "one two end");
	CHECK_HIDDEN(SHOWN_PART "<style>.f1,.f2,.f3,.f4,.f5,.f6,.f7,.f8"
	    "{display:block!important}.v{display:block!important}"
	    ".v{display:none}</style><div class=v>one</div>"
	    "<div class=w style=\"display:none\">two</div>end\n",
	    "one two end");
}
END_TEST

/*
 * Elements of a class that a rule of a <style> block hides are hidden:
 * rules of classes alone, the last rule of a class counting, in <style>
 * blocks for the screen; not rules with combinators, nested or inside
 * @media, or in a comment; a part's rules hold in that part; classes
 * are told apart by case, as browsers do.
 */
START_TEST(test_html_hidden_class)
{
	CHECK_HIDDEN(SHOWN_PART "<style>.h{display:none}</style>"
	    "<p>a<span class=\"h\">b</span>c<span class=h>d</span>e</p>\n",
	    "ace");
	CHECK_HIDDEN(SHOWN_PART "<style type=\"text/css\"><!--\n"
	    "p { color: red }\n/* .c { display: none } */\n"
	    ".x, SPAN.Y { font-family: \"}\"; display: none !important }\n"
	    ".a .b { display: none } td > .k { display: none }\n"
	    "@media (max-width: 600px) { .m { display: none } }\n"
	    ".o{opacity:0}.v{visibility:hidden}.s{display:none}.s{display:block}\n"
	    ".nope{ .z{} .n{display:none} }\n"
	    "--></style><p class=\"z x\">1</p><p class='Y'>2</p>"
	    "<p class=\"c\">3</p><p class=\"b\">4</p><p class=\"k\">5</p>"
	    "<p class=\"m\">6</p><p class=o>7</p><p class=v>8</p>"
	    "<p class=\"x-y\">9</p><p class=y>10</p><p class=s>11</p>"
	    "<p class=n>12</p><p class=a>13</p>\n",
	    "3 4 5 6 8 9 10 11 12 13");
	/* a descendant selector does not hide its ancestor */
	CHECK_HIDDEN(SHOWN_PART "<style>table.content td{display:none}</style>"
	    "<table class=\"content\"><tr><td>hello</td></tr></table>\n",
	    "hello");
	/* @media in <!-- --> */
	CHECK_HIDDEN(SHOWN_PART "<style><!--\n@media screen and (max-width:480px){\n"
	    ".a{width:100%}\n.mob{display:none !important}\n}\n--></style>"
	    "<div class=\"mob\">desktop text</div>\n", "desktop text");
	/* <style> blocks that do not apply on screen */
	CHECK_HIDDEN(SHOWN_PART "<style type=\"text/x-nothing\">.q{display:none}"
	    "</style><style media=\"print\">.r{display:none}</style>"
	    "<style type=\"TEXT/CSS\" media=\"screen\">.t{display:none}</style>"
	    "<p class=q>a</p><p class=r>b</p><p class=t>c</p>\n", "a b");
	/* an inline display overrides the class */
	CHECK_HIDDEN(SHOWN_PART "<style>.h{display:none}</style><p class=h "
	    "style=\"display:block\">a</p>\n", "a");
	CHECK_HIDDEN("Content-Type: multipart/mixed; boundary=b\n\n--b\n"
	    SHOWN_PART "<style>.h{display:none}</style>1<i class=h>2</i>\n--b\n"
	    HTML_PART "3<i class=h>4</i>\n--b--\n", "1 34");
	/* classes are kept up to NCLASS a part */
	CHECK_HIDDEN(SHOWN_PART "<style>.c1,.c2,.c3,.c4,.c5,.c6,.c7,.c8,.c9"
	    "{display:none}</style>a<b class=c8>b</b>c<b class=c9>d</b>\n",
	    "acd");
}
END_TEST

/*
 * A hidden element is dropped up to HIDE_MAX visible characters, and
 * shown from there on: a block that large is what every copy of a
 * campaign carries, not what varies one. White space and invisible
 * characters do not count.
 */
START_TEST(test_html_hidden_block)
{
	char	in[16384], want[8192], *got;
	size_t	words, i, n, w;

	/* "abcd " a word: 4 visible characters */
	for (words = HIDE_MAX / 4 - 1; words <= HIDE_MAX / 4 + 2; words++) {
		n = (size_t)snprintf(in, sizeof(in), SHOWN_PART
		    "a<div style=\"display:none\">");
		w = (size_t)snprintf(want, sizeof(want), SHOWN_TEXT " a ");
		for (i = 0; i < words; i++) {
			n += (size_t)snprintf(in + n, sizeof(in) - n, "abcd ");
			if (i == HIDE_MAX / 4)	/* its 'a' is the one past */
				w += (size_t)snprintf(want + w,
				    sizeof(want) - w, "bcd ");
			else if (i > HIDE_MAX / 4)
				w += (size_t)snprintf(want + w,
				    sizeof(want) - w, "abcd ");
		}
		snprintf(in + n, sizeof(in) - n, "</div>b\n");
		snprintf(want + w, sizeof(want) - w, "b");
		got = text_of(in, NULL);
		ck_assert_msg(strcmp(got, want) == 0, "%zu words: %.40s...",
		    words, got);
		free(got);
	}
	/* padded with white space and zero-width non-joiners */
	n = (size_t)snprintf(in, sizeof(in), SHOWN_PART
	    "a<div style=\"display:none\">random buster words");
	for (i = 0; i < 1100; i++)
		in[n++] = ' ';
	for (i = 0; i < 600; i++)
		n += (size_t)snprintf(in + n, sizeof(in) - n, "&zwnj;\xe2\x80\x8c");
	snprintf(in + n, sizeof(in) - n, "</div>b\n");
	CHECK_HIDDEN(in, "a b");
}
END_TEST

/*
 * A message of next to no visible text (under SHOWN_MIN bytes: images
 * and a line) digests its hidden text after it, as in a campaign that
 * hides one block under its images in every copy; up to HKEEP_MAX bytes
 * a message of characters that show, white space as one space.
 */
START_TEST(test_html_hidden_little_shown)
{
	char	in[16384], want[8192], *got;
	size_t	n, w, i, k;

	CHECK_TEXT(HTML_PART "<img src=x><p>Buy now</p><div style=\"display:"
	    "none\">Same <b>words</b><p>in every</div>copy<span hidden>and "
	    "these</span>\n", "buy now copy same words in every and these");
	/* the message's, whatever part held it */
	CHECK_TEXT("Content-Type: multipart/mixed; boundary=b\n\n--b\n"
	    HTML_PART "<i hidden>kept</i>seen\n--b\nContent-Type: text/plain"
	    "\n\nplain\n--b--\n", "seen plain kept");
	/* SHOWN_MIN bytes shown, or one less */
	for (k = SHOWN_MIN - 1; k <= SHOWN_MIN; k++) {
		n = (size_t)snprintf(in, sizeof(in), HTML_PART);
		w = 0;
		for (i = 0; i < k; i++)
			in[n++] = want[w++] = 'a';
		n += (size_t)snprintf(in + n, sizeof(in) - n,
		    "<p hidden>hid\n");
		if (k < SHOWN_MIN)
			w += (size_t)snprintf(want + w, sizeof(want) - w, " hid");
		want[w] = '\0';
		got = text_of(in, NULL);
		ck_assert_msg(strcmp(got, want) == 0, "%zu shown: ...%s", k,
		    tail20(got));
		free(got);
	}
	/* white space and invisible padding take no room */
	n = (size_t)snprintf(in, sizeof(in), HTML_PART "<img src=x><span "
	    "style=\"display:none\">Sale");
	for (i = 0; i < 400; i++)	/* 9,600 bytes */
		n += (size_t)snprintf(in + n, sizeof(in) - n,
		    "&zwnj;&nbsp;\xe2\x80\x8b\n        ");
	n += (size_t)snprintf(in + n, sizeof(in) - n, "</span><div hidden>");
	w = (size_t)snprintf(want, sizeof(want), "sale");
	for (i = 0; i < 200; i++) {	/* under HIDE_MAX */
		n += (size_t)snprintf(in + n, sizeof(in) - n, "word ");
		w += (size_t)snprintf(want + w, sizeof(want) - w, " word");
	}
	snprintf(in + n, sizeof(in) - n, "</div>\n");
	got = text_of(in, NULL);
	ck_assert_msg(strcmp(got, want) == 0, "%zu bytes: ...%s", strlen(got),
	    tail20(got));
	free(got);
	/* three blocks of 1,000 characters: kept to HKEEP_MAX bytes */
	n = (size_t)snprintf(in, sizeof(in), HTML_PART "x");
	w = (size_t)snprintf(want, sizeof(want), "x ");
	for (k = 0; k < 3; k++) {
		n += (size_t)snprintf(in + n, sizeof(in) - n, "<p hidden>%s",
		    k == 2 ? "a" : "");
		for (i = 0; i < 1000; i++)
			n += (size_t)snprintf(in + n, sizeof(in) - n, "\xc3\xa9");
		n += (size_t)snprintf(in + n, sizeof(in) - n, "</p>");
	}
	snprintf(in + n, sizeof(in) - n, "\n");
	/* 2,000 + 1 + 2,000 + 1 bytes, then 'a' and the 46 "é" that fit */
	for (k = 0; k < 3; k++) {
		if (k == 2)
			want[w++] = 'a';
		for (i = 0; i < (k == 2 ? 46 : 1000); i++)
			w += (size_t)snprintf(want + w, sizeof(want) - w,
			    "\xc3\xa9");
		want[w++] = ' ';
	}
	want[w - 1] = '\0';
	ck_assert_uint_eq(w - 1 - 2, HKEEP_MAX - 1);
	got = text_of(in, NULL);
	ck_assert_msg(strcmp(got, want) == 0, "%zu bytes: ...%s", strlen(got),
	    tail20(got));
	free(got);
}
END_TEST

/* The test case of this stage. */
TCase *
tc_canon_html(void)
{
	TCase *tc = tcase_create("canon_html");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_html);
	tcase_add_test(tc, test_html_hidden);
	tcase_add_test(tc, test_html_hidden_as_browsers);
	tcase_add_test(tc, test_html_hidden_html5);
	tcase_add_test(tc, test_html_hidden_block);
	tcase_add_test(tc, test_html_hidden_class);
	tcase_add_test(tc, test_html_hidden_little_shown);
	return tc;
}
