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
 * canon_charset.c: the canonicaliser's charset stage: a part's label to
 * a converter, and the decoded bytes through it to UTF-8.
 */

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

#include <uchardet.h>

#include "canon-internal.h"

/* ------------------------------------------------------------ charsets */

/*
 * The charsets converted, and the labels that name them. The table is
 * the WHATWG Encoding Standard's, which is what browsers and mail
 * clients decode: a label outside it is shown as bytes by them and
 * passed through here (CANON_F_CHARSET). Labels are mapped to the
 * superset mail really uses (GB2312 mail is GBK, ISO-8859-1 mail is
 * windows-1252, Shift_JIS is CP932, EUC-KR is CP949), so a message
 * decodes the same whatever its label. Two choices differ from WHATWG:
 * us-ascii is taken as UTF-8 (mislabelled UTF-8 is common, and ASCII is
 * the same either way), and UTF-7, UTF-32 and ISO-2022-KR are decoded
 * (mail clients do: Korean mail of RFC 1557's 7-bit days, which Outlook
 * and Apple Mail still show). The other stateful charsets WHATWG
 * replaces outright for safety (ISO-2022-CN, ISO-2022-CN-EXT, HZ) pass
 * through: glibc's ISO-2022-CN-EXT decoder crashes on input a sender can
 * choose.
 *
 * Only these converters are ever opened, at most one descriptor each
 * per canonicaliser, opened on first use and kept: a message with parts
 * in many charsets costs no more than one in a single charset.
 *
 * A part without a label (or us-ascii, or a label outside the table) is
 * what its bytes are: much Chinese, Japanese and Russian mail is 8-bit
 * text with no MIME headers at all, and passed on as bytes it would be
 * digested as Latin-script noise, whose codes lie close together. Its
 * first SNIFF_MAX bytes (after any run of plain ASCII, which tells no
 * charset: an HTML head's style sheet) are held back; 7-bit text whose
 * escapes name ISO-2022-JP or -KR is read in that charset (Japanese
 * mail, labelled or not, was that for decades), other 7-bit text and
 * text mostly valid UTF-8 pass as they are, else uchardet (the detector
 * of Mozilla's lineage that Debian ships) names the charset, and the
 * part is converted as if it carried that label. A part labelled Latin-1
 * (iso-8859-1, windows-1252: the label many clients write whatever the
 * text) is held back too: faultless UTF-8 is read as UTF-8, and text
 * uchardet finds in a charset of another script (GBK, Big5, Shift_JIS,
 * windows-1251, ...) in that charset; else it is Latin-1 as labelled.
 * Any other label of one byte a character (windows-1251, KOI8-R, the
 * ISO-8859 parts, ...) is held back as well, and faultless UTF-8 under
 * it is read as UTF-8: text in those charsets is hardly ever valid UTF-8
 * (two letters in a row are a lead byte and no continuation), but for
 * IBM866, whose letters are lead and trail bytes, which keeps its label.
 * A part labelled ISO-2022-JP or ISO-2022-KR, 7-bit charsets, that has
 * 8-bit bytes and none of their escapes is not what it says (Japanese
 * clients write that label on Shift_JIS): it is read as an unlabelled
 * part, else as labelled. Parts labelled UTF-16 or UTF-32, or that
 * uchardet finds in one of them, are read in the byte order
 * utf16_32_order() says.
 * Written here only the hand-off: detecting charsets from statistics is
 * the library's craft.
 */
static const char *const cs_iconv[] = {
	"IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5",
	"ISO-8859-6", "ISO-8859-7", "ISO-8859-8", "ISO-8859-10",
	"ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16",
	"KOI8-R", "KOI8-U", "MACINTOSH", "MAC-CYRILLIC", "CP874",
	"WINDOWS-1250", "WINDOWS-1251", "WINDOWS-1252", "WINDOWS-1253",
	"WINDOWS-1254", "WINDOWS-1255", "WINDOWS-1256", "WINDOWS-1257",
	"WINDOWS-1258", "GB18030", "BIG5-HKSCS", "EUC-JP", "ISO-2022-JP",
	"ISO-2022-JP-2", "CP932", "CP949", "UTF-16BE", "UTF-16LE", "UTF-16",
	"UTF-32BE", "UTF-32LE", "UTF-32", "UTF-7", "ISO-2022-KR"
};

/* cs_label.to: an index into cs_iconv, or one of these */
_Static_assert(sizeof(cs_iconv) / sizeof(cs_iconv[0]) == CS_NCONV,
    "CS_NCONV is the number of converters");

#define CS_UTF8		-1	/* no conversion */
#define CS_OPAQUE	-2	/* known, not converted: bytes pass through */
#define CS_UNKNOWN	-3	/* not in the table: bytes pass through */
#define CS_LATIN1	20	/* WINDOWS-1252, what iso-8859-1 is read as */
#define CS_SINGLE_LAST	26	/* cs_iconv[0..26]: one byte a character */
#define CS_IBM866	0	/* whose letters are UTF-8 lead and trail bytes */
#define CS_ISO2022JP	30	/* ISO-2022-JP; 31 is ISO-2022-JP-2 */
#define CS_ISO2022KR	41	/* ISO-2022-KR, the last converter */
#define CS_UTF16BE	34	/* 35 UTF-16LE */
#define CS_UTF16	36	/* a label only: utf16_32_order() */
#define CS_UTF32BE	37	/* 38 UTF-32LE */
#define CS_UTF32	39	/* a label only: utf16_32_order() */

struct cs_label {
	const char	*name;		/* lower case, sorted for bsearch */
	int		 to;
};

static const struct cs_label cs_labels[] = {
	{ "", CS_UTF8 }, { "866", 0 }, { "ansi_x3.4-1968", CS_UTF8 },
	{ "arabic", 5 }, { "ascii", CS_UTF8 }, { "asmo-708", 5 },
	{ "big5", 28 }, { "big5-hkscs", 28 }, { "chinese", 27 },
	{ "cn-big5", 28 }, { "cp1250", 18 }, { "cp1251", 19 },
	{ "cp1252", 20 }, { "cp1253", 21 }, { "cp1254", 22 },
	{ "cp1255", 23 }, { "cp1256", 24 }, { "cp1257", 25 },
	{ "cp1258", 26 }, { "cp819", 20 }, { "cp866", 0 }, { "cp874", 17 },
	{ "cp932", 32 }, { "cp936", 27 }, { "cp949", 33 }, { "csbig5", 28 },
	{ "cseuckr", 33 }, { "cseucpkdfmtjapanese", 29 }, { "csgb2312", 27 },
	{ "csibm866", 0 }, { "csiso2022jp", 30 }, { "csiso2022kr", CS_ISO2022KR },
	{ "csiso58gb231280", 27 }, { "csiso88596e", 5 },
	{ "csiso88596i", 5 }, { "csiso88598e", 7 }, { "csiso88598i", 7 },
	{ "csisolatin1", 20 }, { "csisolatin2", 1 }, { "csisolatin3", 2 },
	{ "csisolatin4", 3 }, { "csisolatin5", 22 }, { "csisolatin6", 8 },
	{ "csisolatin9", 11 }, { "csisolatinarabic", 5 },
	{ "csisolatincyrillic", 4 }, { "csisolatingreek", 6 },
	{ "csisolatinhebrew", 7 }, { "cskoi8r", 13 }, { "csksc56011987", 33 },
	{ "csmacintosh", 15 }, { "csshiftjis", 32 }, { "csunicode", 35 },
	{ "cyrillic", 4 }, { "default", CS_OPAQUE }, { "dos-874", 17 },
	{ "ecma-114", 5 }, { "ecma-118", 6 }, { "elot_928", 6 },
	{ "euc-cn", 27 }, { "euc-jp", 29 }, { "euc-kr", 33 },
	{ "gb18030", 27 }, { "gb2312", 27 }, { "gb_2312", 27 },
	{ "gb_2312-80", 27 }, { "gbk", 27 }, { "greek", 6 }, { "greek8", 6 },
	{ "hebrew", 7 }, { "hz-gb-2312", CS_OPAQUE }, { "ibm819", 20 },
	{ "ibm866", 0 }, { "iso-10646-ucs-2", 35 }, { "iso-2022-cn", CS_OPAQUE },
	{ "iso-2022-cn-ext", CS_OPAQUE }, { "iso-2022-jp", 30 },
	{ "iso-2022-jp-1", 31 }, { "iso-2022-jp-2", 31 },
	{ "iso-2022-kr", CS_ISO2022KR }, { "iso-8859-1", 20 },
	{ "iso-8859-10", 8 }, { "iso-8859-11", 17 }, { "iso-8859-13", 9 },
	{ "iso-8859-14", 10 }, { "iso-8859-15", 11 }, { "iso-8859-16", 12 },
	{ "iso-8859-2", 1 }, { "iso-8859-3", 2 }, { "iso-8859-4", 3 },
	{ "iso-8859-5", 4 }, { "iso-8859-6", 5 }, { "iso-8859-6-e", 5 },
	{ "iso-8859-6-i", 5 }, { "iso-8859-7", 6 }, { "iso-8859-8", 7 },
	{ "iso-8859-8-e", 7 }, { "iso-8859-8-i", 7 }, { "iso-8859-9", 22 },
	{ "iso-ir-100", 20 }, { "iso-ir-101", 1 }, { "iso-ir-109", 2 },
	{ "iso-ir-110", 3 }, { "iso-ir-126", 6 }, { "iso-ir-127", 5 },
	{ "iso-ir-138", 7 }, { "iso-ir-144", 4 }, { "iso-ir-148", 22 },
	{ "iso-ir-149", 33 }, { "iso-ir-157", 8 }, { "iso-ir-58", 27 },
	{ "iso8859-1", 20 }, { "iso8859-10", 8 }, { "iso8859-11", 17 },
	{ "iso8859-13", 9 }, { "iso8859-14", 10 }, { "iso8859-15", 11 },
	{ "iso8859-2", 1 }, { "iso8859-3", 2 }, { "iso8859-4", 3 },
	{ "iso8859-5", 4 }, { "iso8859-6", 5 }, { "iso8859-7", 6 },
	{ "iso8859-8", 7 }, { "iso8859-9", 22 }, { "iso88591", 20 },
	{ "iso885910", 8 }, { "iso885911", 17 }, { "iso885913", 9 },
	{ "iso885914", 10 }, { "iso885915", 11 }, { "iso88592", 1 },
	{ "iso88593", 2 }, { "iso88594", 3 }, { "iso88595", 4 },
	{ "iso88596", 5 }, { "iso88597", 6 }, { "iso88598", 7 },
	{ "iso88599", 22 }, { "iso_8859-1", 20 }, { "iso_8859-15", 11 },
	{ "iso_8859-1:1987", 20 }, { "iso_8859-2", 1 },
	{ "iso_8859-2:1987", 1 }, { "iso_8859-3", 2 }, { "iso_8859-3:1988", 2 },
	{ "iso_8859-4", 3 }, { "iso_8859-4:1988", 3 }, { "iso_8859-5", 4 },
	{ "iso_8859-5:1988", 4 }, { "iso_8859-6", 5 }, { "iso_8859-6:1987", 5 },
	{ "iso_8859-7", 6 }, { "iso_8859-7:1987", 6 }, { "iso_8859-8", 7 },
	{ "iso_8859-8:1988", 7 }, { "iso_8859-9", 22 },
	{ "iso_8859-9:1989", 22 }, { "koi", 13 }, { "koi8", 13 },
	{ "koi8-r", 13 }, { "koi8-ru", 14 }, { "koi8-u", 14 }, { "koi8_r", 13 },
	{ "korean", 33 }, { "ks_c_5601", 33 }, { "ks_c_5601-1987", 33 },
	{ "ks_c_5601-1989", 33 }, { "ksc5601", 33 }, { "ksc_5601", 33 },
	{ "l1", 20 }, { "l2", 1 }, { "l3", 2 }, { "l4", 3 }, { "l5", 22 },
	{ "l6", 8 }, { "l9", 11 }, { "latin1", 20 }, { "latin2", 1 },
	{ "latin3", 2 }, { "latin4", 3 }, { "latin5", 22 }, { "latin6", 8 },
	{ "logical", 7 }, { "mac", 15 }, { "macintosh", 15 }, { "ms932", 32 },
	{ "ms_kanji", 32 }, { "shift-jis", 32 }, { "shift_jis", 32 },
	{ "sjis", 32 }, { "sun_eu_greek", 6 }, { "tis-620", 17 },
	{ "ucs-2", 35 }, { "unicode", 35 }, { "unicode-1-1-utf-7", 40 },
	{ "unicode-1-1-utf-8", CS_UTF8 }, { "unicode11utf8", CS_UTF8 },
	{ "unicode20utf8", CS_UTF8 }, { "unicodefeff", 35 },
	{ "unicodefffe", 34 }, { "unknown", CS_OPAQUE },
	{ "unknown-8bit", CS_OPAQUE }, { "us-ascii", CS_UTF8 },
	{ "utf-16", 36 }, { "utf-16be", 34 }, { "utf-16le", 35 },
	{ "utf-32", 39 }, { "utf-32be", 37 }, { "utf-32le", 38 },
	{ "utf-7", 40 }, { "utf-8", CS_UTF8 }, { "utf8", CS_UTF8 },
	{ "visual", 7 }, { "windows-1250", 18 }, { "windows-1251", 19 },
	{ "windows-1252", 20 }, { "windows-1253", 21 }, { "windows-1254", 22 },
	{ "windows-1255", 23 }, { "windows-1256", 24 }, { "windows-1257", 25 },
	{ "windows-1258", 26 }, { "windows-31j", 32 }, { "windows-874", 17 },
	{ "windows-949", 33 }, { "x-big5", 28 }, { "x-cp1250", 18 },
	{ "x-cp1251", 19 }, { "x-cp1252", 20 }, { "x-cp1253", 21 },
	{ "x-cp1254", 22 }, { "x-cp1255", 23 }, { "x-cp1256", 24 },
	{ "x-cp1257", 25 }, { "x-cp1258", 26 }, { "x-euc-jp", 29 },
	{ "x-gbk", 27 }, { "x-mac-cyrillic", 16 }, { "x-mac-roman", 15 },
	{ "x-mac-ukrainian", 16 }, { "x-sjis", 32 }, { "x-unicode20utf8", CS_UTF8 },
	{ "x-unknown", CS_OPAQUE }, { "x-user-defined", CS_OPAQUE },
	{ "x-x-big5", 28 }
};

/* Is converter `to` a 7-bit ISO-2022 charset (JP, JP-2, KR)? */
static int
iso2022(int to)
{
	return to == CS_ISO2022JP || to == CS_ISO2022JP + 1 ||
	    to == CS_ISO2022KR;
}

/* bsearch comparison of a label with a table entry. */
static int
cs_cmp(const void *k, const void *e)
{
	return strcmp(k, ((const struct cs_label *)e)->name);
}

/* What charset label cs (lower case) converts to: CS_* or a cs_iconv index. */
static int
cs_lookup(const char *cs)
{
	const struct cs_label *l;

	l = bsearch(cs, cs_labels, sizeof(cs_labels) / sizeof(cs_labels[0]),
	    sizeof(cs_labels[0]), cs_cmp);
	return l == NULL ? CS_UNKNOWN : l->to;
}

/*
 * The iconv name to convert charset label cs (any case) to UTF-8 with,
 * as a part's text is: NULL when its bytes are UTF-8 (or ASCII) already,
 * "" when the label is unknown or not converted (rfc2047.c).
 */
const char *
canon_charset_iconv(const char *cs)
{
	char	lc[64];
	size_t	i;
	int	to;

	for (i = 0; cs[i] != '\0' && i < sizeof(lc) - 1; i++)
		lc[i] = (char)tolower((unsigned char)cs[i]);
	if (cs[i] != '\0')
		return "";
	lc[i] = '\0';
	to = cs_lookup(lc);
	if (to == CS_UTF8)
		return NULL;
	return to >= 0 ? cs_iconv[to] : "";
}

/* Convert with cs_iconv[to] from here on; 0, or -1 if it cannot be opened. */
static int
conv_select(struct canon *c, int to)
{
	if (c->cs[to] == (iconv_t)-1 && !c->cs_failed[to]) {
		c->cs[to] = iconv_open("UTF-8", cs_iconv[to]);
		c->cs_failed[to] = c->cs[to] == (iconv_t)-1;
	}
	if (c->cs[to] == (iconv_t)-1) {
		c->flags |= CANON_F_CHARSET;
		return -1;
	}
	iconv(c->cs[to], NULL, NULL, NULL, NULL);	/* initial state */
	c->cd = c->cs[to];
	return 0;
}

/* Select the conversion for a part in charset cs (lower case). */
void
conv_open(struct canon *c, const char *cs)
{
	int to;

	c->cd = (iconv_t)-1;
	c->dlen = 0;
	c->slen = 0;
	c->sniff = 0;
	to = cs_lookup(cs);
	if (to == CS_UNKNOWN)
		c->flags |= CANON_F_CHARSET;
	/* no label, ASCII, an unknown one, one byte a character, or
	 * ISO-2022-JP or -KR: see above */
	if ((to == CS_UTF8 && strstr(cs, "utf") == NULL) ||
	    to == CS_UNKNOWN || (to >= 0 && to <= CS_SINGLE_LAST) ||
	    iso2022(to) ||
	    to == CS_UTF16 || to == CS_UTF32) {
		c->sniff = 1;
		c->sniff_to = to;
		return;
	}
	if (to == CS_UTF8)
		return;
	if (to < 0) {
		c->flags |= CANON_F_CHARSET;
		return;
	}
	conv_select(c, to);
}

/*
 * Is p UTF-8? Counts its valid multi-byte sequences and its bytes that
 * are not in one (a sequence cut at the end of p is valid).
 */
static void
utf8_count(const unsigned char *p, size_t n, size_t *multi, size_t *bad)
{
	size_t	i, k, len;

	*multi = *bad = 0;
	for (i = 0; i < n; i += len) {
		len = 1;
		if (p[i] < 0x80)
			continue;
		if (p[i] >= 0xc2 && p[i] <= 0xf4)
			len = p[i] < 0xe0 ? 2 : p[i] < 0xf0 ? 3 : 4;
		for (k = 1; k < len && i + k < n && (p[i + k] & 0xc0) == 0x80; k++)
			;
		if (len > 1 && (k == len || i + k == n))
			(*multi)++;
		else {
			(*bad)++;
			len = 1;
		}
	}
}

/*
 * The converter of the charset uchardet names for the bytes sniffed, or
 * CS_UNKNOWN. It names a few charsets by names the table does not have
 * (UHC, MAC-CYRILLIC).
 */
static int
uchardet_charset(struct canon *c)
{
	const char	*name;
	char		 lc[CS_MAX];
	size_t		 i;

	if (c->detector == NULL && (c->detector = uchardet_new()) == NULL)
		return CS_UNKNOWN;
	uchardet_reset(c->detector);
	if (uchardet_handle_data(c->detector, (const char *)c->sbuf,
	    c->slen) != 0)
		return CS_UNKNOWN;
	uchardet_data_end(c->detector);
	name = uchardet_get_charset(c->detector);
	for (i = 0; name[i] != '\0' && i < sizeof(lc) - 1; i++)
		lc[i] = (char)tolower((unsigned char)name[i]);
	lc[i] = '\0';
	if (strcmp(lc, "uhc") == 0)
		return cs_lookup("cp949");
	if (strcmp(lc, "mac-cyrillic") == 0)
		return cs_lookup("x-mac-cyrillic");
	return lc[0] == '\0' ? CS_UNKNOWN : cs_lookup(lc);
}

/*
 * The converter of the charset of the bytes sniffed, or CS_UNKNOWN.
 * uchardet takes up to 1.6 ms on SNIFF_MAX bytes of 8-bit noise, so
 * that a message of a thousand such parts took 440 ms a MiB: it reads
 * the first SNIFF_PARTS parts of a message that need it, while they fit
 * in SNIFF_BUDGET bytes in all (four parts of noise took 11 ms a message
 * of 16 KB, helper-65), and finds nothing in the parts after them,
 * which are then read as labelled, or as bytes (sniff_charset). Each
 * part is read by all its sniffed bytes, or not at all, and by its own
 * bytes and label alone: what the parts before it hold does not decide
 * its charset, only whether uchardet reads it (a part cut to what a
 * decoy before it left would be read as the decoy's length chose).
 */
static int
sniffed_charset(struct canon *c)
{
	if (c->sniffs >= SNIFF_PARTS || c->slen > SNIFF_BUDGET - c->sniffed)
		return CS_UNKNOWN;
	c->sniffs++;
	c->sniffed += c->slen;
	return uchardet_charset(c);
}

/* Is a converter's charset one of a script other than Latin? */
static int
non_latin(int to)
{
	static const char *const latin[] = {
		"ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-10",
		"ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16",
		"MACINTOSH", "WINDOWS-1250", "WINDOWS-1252", "WINDOWS-1254",
		"WINDOWS-1257", "WINDOWS-1258", "UTF-7"
	};
	size_t	i;

	for (i = 0; i < sizeof(latin) / sizeof(latin[0]); i++)
		if (strcmp(cs_iconv[to], latin[i]) == 0)
			return 0;
	return 1;
}

/* Has p an ISO-2022-JP or -KR escape (ESC $ or ESC ( )? */
static int
has_2022_escape(const unsigned char *p, size_t n)
{
	size_t	i;

	for (i = 0; i + 1 < n; i++)
		if (p[i] == 0x1b && (p[i + 1] == '$' || p[i + 1] == '('))
			return 1;
	return 0;
}

/*
 * The ISO-2022 charset that 7-bit text without a label of its own names
 * by its escapes: ISO-2022-KR by its designation of KS C 5601 (ESC $ )
 * C, RFC 1557), ISO-2022-JP(-2) by a switch to JIS X 0208 or 0212 (ESC
 * $ @, ESC $ B, ESC $ ( D) or to GB 2312 (ESC $ A, -JP-2's); else
 * CS_UTF8 (ASCII, whose escapes are a terminal's).
 */
static int
iso2022_named(const unsigned char *p, size_t n)
{
	size_t	i;

	for (i = 0; i + 2 < n; i++) {
		if (p[i] != 0x1b || p[i + 1] != '$')
			continue;
		if (p[i + 2] == ')' && i + 3 < n && p[i + 3] == 'C')
			return CS_ISO2022KR;
		if (p[i + 2] == '@' || p[i + 2] == 'B' || p[i + 2] == 'A' ||
		    (p[i + 2] == '(' && i + 3 < n && p[i + 3] == 'D'))
			return CS_ISO2022JP + 1;	/* -JP-2: -JP's superset */
	}
	return CS_UTF8;
}

/*
 * The byte order of a part in UTF-16 or UTF-32 (CS_UTF16 or CS_UTF32,
 * labelled or named by uchardet): big-endian with a big-endian
 * byte-order mark, else little-endian (WHATWG's utf-16, and
 * what Windows writes). Chosen here, not by glibc's UTF-16 and UTF-32
 * decoders: they read the mark only at a converter's first use and keep
 * what they made of it past a reset, so a part decoded otherwise on a
 * kept converter than on a new one (fuzz_canon), and without a mark
 * they take the host's byte order. The mark itself decodes to U+FEFF,
 * which the final stage drops.
 */
static int
utf16_32_order(const unsigned char *p, size_t n, int label)
{
	if (label == CS_UTF16)
		return n >= 2 && p[0] == 0xfe && p[1] == 0xff ? CS_UTF16BE :
		    CS_UTF16BE + 1;
	return n >= 4 && p[0] == 0 && p[1] == 0 && p[2] == 0xfe &&
	    p[3] == 0xff ? CS_UTF32BE : CS_UTF32BE + 1;
}

/*
 * The charset of a part whose first bytes were held back (see above).
 * Unlabelled: valid UTF-8 for the most part (ASCII is) stays as it is;
 * else the charset uchardet names, or bytes as they are when it names
 * none we convert. Labelled Latin-1: UTF-8 if it is that without a
 * fault; a non-Latin charset if uchardet names one; else Latin-1 as
 * labelled. Another label of one byte a character: UTF-8 if it is that
 * without a fault, else as labelled (IBM866: as labelled). ISO-2022-JP
 * or -KR with 8-bit bytes and no escape: as if unlabelled, as labelled when
 * uchardet names nothing we convert. UTF-16, UTF-32: by the mark.
 */
static int
sniff_charset(struct canon *c)
{
	size_t	multi, bad;
	int	to, label = c->sniff_to;

	if (label == CS_UTF16 || label == CS_UTF32)
		return label;		/* by its mark: sniff_decide() */
	utf8_count(c->sbuf, c->slen, &multi, &bad);
	if (label >= 0 && label <= CS_SINGLE_LAST) {	/* Latin-1 too */
		if (bad == 0 && multi > 0 && label != CS_IBM866)
			return CS_UTF8;
		if (label != CS_LATIN1)
			return label;
		to = sniffed_charset(c);
		return to < 0 || !non_latin(to) ? CS_LATIN1 : to;
	}
	/* no 8-bit byte: neither a multi-byte sequence nor a bad byte */
	if (iso2022(label) &&
	    ((multi == 0 && bad == 0) || has_2022_escape(c->sbuf, c->slen)))
		return label;
	if (multi == 0 && bad == 0)	/* unlabelled: ASCII or ISO-2022 */
		return iso2022_named(c->sbuf, c->slen);
	if (bad <= multi)
		return CS_UTF8;
	to = sniffed_charset(c);
	return to < 0 && label >= 0 ? label : to;
}

/*
 * The sniffed bytes are all in (SNIFF_MAX, or the part ended): decide
 * the part's charset and send them on.
 */
static void
sniff_decide(struct canon *c)
{
	int	to;

	c->sniff = 0;
	to = sniff_charset(c);
	if (to == CS_UTF16 || to == CS_UTF32)	/* labelled, or uchardet's */
		to = utf16_32_order(c->sbuf, c->slen, to);
	if (to >= 0 && conv_select(c, to) == 0)
		dec_out(c, c->sbuf, c->slen);
	else
		text_bytes(c, c->sbuf, c->slen);
	c->slen = 0;
}

/*
 * How many of these bytes lead as plain ASCII, which tells no charset
 * from another: no 8-bit byte, no NUL (UTF-16's and UTF-32's) and no
 * escape (ISO-2022's)?
 */
static size_t
plain_ascii(const unsigned char *p, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		if (p[i] >= 0x80 || p[i] == 0 || p[i] == 0x1b)
			break;
	return i;
}

/*
 * An unlabelled part's bytes: kept until its charset can be told. Plain
 * ASCII at the front of what is held (an HTML head's style sheet) tells
 * nothing: it goes on as it is, the same in every charset sniffed for,
 * and the part is told by the SNIFF_MAX bytes from its first other byte
 * on (an escape whole among them).
 */
static void
sniff_feed(struct canon *c, const unsigned char *p, size_t n)
{
	size_t	k;

	while (n > 0 && c->sniff) {
		k = sizeof(c->sbuf) - c->slen;
		if (k > n)
			k = n;
		memcpy(c->sbuf + c->slen, p, k);
		c->slen += k;
		p += k;
		n -= k;
		if (c->slen < sizeof(c->sbuf))
			return;
		k = c->sniff_to == CS_UTF16 || c->sniff_to == CS_UTF32 ? 0 :
		    plain_ascii(c->sbuf, c->slen);
		if (k == 0) {
			sniff_decide(c);
			continue;
		}
		text_bytes(c, c->sbuf, k);
		memmove(c->sbuf, c->sbuf + k, c->slen - k);
		c->slen -= k;
	}
	if (n > 0)
		dec_out(c, p, n);
}

/* Convert what is in dbuf; at the end of the part (final) flush all. */
void
conv_run(struct canon *c, int final)
{
	char ubuf[4 * DBUF_MAX];
	char *in = (char *)c->dbuf, *o;
	size_t inleft = c->dlen, oleft, r;

	while (inleft > 0) {
		o = ubuf;
		oleft = sizeof(ubuf);
		r = iconv(c->cd, &in, &inleft, &o, &oleft);
		if (o > ubuf)
			text_bytes(c, (unsigned char *)ubuf, o - ubuf);
		if (r != (size_t)-1)
			break;
		if (errno == E2BIG && o > ubuf)
			continue;
		if (errno == EINVAL && !final && inleft < 16)
			break;	/* a character split across calls */
		/*
		 * Invalid, truncated at the end, or an error reported after
		 * the input was consumed (glibc does that for a stateful
		 * charset cut inside a shift sequence): skip a byte, if one
		 * is left, and start the converter afresh.
		 */
		c->flags |= CANON_F_BADENCODING;
		iconv(c->cd, NULL, NULL, NULL, NULL);
		if (inleft == 0)
			break;
		in++;
		inleft--;
	}
	memmove(c->dbuf, in, inleft);
	c->dlen = inleft;
	if (final) {
		o = ubuf;
		oleft = sizeof(ubuf);
		iconv(c->cd, NULL, NULL, &o, &oleft);	/* stateful ones */
		if (o > ubuf)
			text_bytes(c, (unsigned char *)ubuf, o - ubuf);
		c->dlen = 0;
	}
}

/* Decoded bytes of a text part. */
void
dec_out(struct canon *c, const unsigned char *p, size_t n)
{
	size_t k;

	if (c->cd == (iconv_t)-1) {
		if (c->sniff)
			sniff_feed(c, p, n);
		else
			text_bytes(c, p, n);
		return;
	}
	while (n > 0) {
		k = sizeof(c->dbuf) - c->dlen;
		if (k > n)
			k = n;
		memcpy(c->dbuf + c->dlen, p, k);
		c->dlen += k;
		p += k;
		n -= k;
		if (c->dlen == sizeof(c->dbuf))
			conv_run(c, 0);
	}
}

/* The end of a part: what waits to be sniffed or converted goes on. */
void
conv_end(struct canon *c)
{
	if (c->sniff)
		sniff_decide(c);
	if (c->cd != (iconv_t)-1)
		conv_run(c, 1);
}

/* No converter open yet. */
void
conv_init(struct canon *c)
{
	size_t i;

	for (i = 0; i < CS_NCONV; i++)
		c->cs[i] = (iconv_t)-1;
}

/* Close the converters that were opened. */
void
conv_free(struct canon *c)
{
	size_t i;

	for (i = 0; i < CS_NCONV; i++)
		if (c->cs[i] != (iconv_t)-1)
			iconv_close(c->cs[i]);
	if (c->detector != NULL)
		uchardet_delete(c->detector);
}
