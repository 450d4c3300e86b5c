/**
 * The bits of PHP semantics PrestaShop's validators lean on, re-stated for JavaScript strings.
 *
 * PrestaShop receives every written value as a string (the XML text), then:
 * - skips a field's validator when the value is PHP-`empty` (`""` or `"0"`);
 * - measures length with `Tools::strlen`: `html_entity_decode(…, ENT_COMPAT, 'UTF-8')` then
 *   `mb_strlen`, i.e. Unicode code points, with HTML 4.01 entities counted as one character;
 * - runs `preg_match` patterns where `$` also matches before a final `"\n"`, and where the `u`
 *   modifier makes `\s` Unicode-aware (PHP turns on PCRE2_UCP with `u`);
 * - compares numeric strings numerically (`==`), and turns floats into strings with 14
 *   significant digits (`precision` ini).
 *
 * Dependency-free: this file is copied verbatim into generated output.
 */

/** PHP `empty()` for a string: `""` and `"0"` are empty. */
export function phpEmpty(value: string): boolean {
  return value === '' || value === '0';
}

/** A rule that is one `preg_match`. */
export function matcher(re: RegExp): (value: string) => boolean {
  return (value) => re.test(value);
}

/** A rule `empty($v) || preg_match(...)`: PHP-empty values (`""`, `"0"`) pass. */
export function emptyOrMatcher(re: RegExp): (value: string) => boolean {
  return (value) => phpEmpty(value) || re.test(value);
}

/**
 * A rule `/^[^chars]*\n?$/u`: none of `chars` anywhere (a final newline is not among them). A scan
 * over a table gives the same answers without a call into the regular expression engine, which
 * costs more than the scan on the short texts fields hold. `chars` are all below U+0100.
 */
export function noneOf(chars: string): (value: string) => boolean {
  const table = new Uint8Array(0x100);
  for (let i = 0; i < chars.length; i++) {
    const c = chars.charCodeAt(i);
    if (c >= 0x100 || c === 0x0a) throw new RangeError(`noneOf: ${chars[i]!} is not supported`);
    table[c] = 1;
  }
  return (value) => {
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c < 0x100 && table[c] === 1) return false;
    }
    return true;
  };
}

/**
 * PHP 8 numeric string (`is_numeric`): optional leading and trailing whitespace, a sign, digits
 * with an optional decimal point, an optional exponent. No hexadecimal, no `INF`.
 */
const NUMERIC_RE = /^[ \t\n\r\v\f]*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[ \t\n\r\v\f]*$/;

export function isPhpNumeric(value: string): boolean {
  return NUMERIC_RE.test(value);
}

/** The number a PHP numeric string stands for (call only when `isPhpNumeric` holds). */
export function phpNumber(value: string): number {
  return Number(value.trim());
}

/**
 * `(string) (float) $value == (string) $value` for a numeric string: PHP prints floats with 14
 * significant digits, so the round trip holds only when the number needs at most 14 of them.
 */
export function survivesPhpFloatPrint(x: number): boolean {
  return Number.isFinite(x) && Number(x.toPrecision(14)) === x;
}

/** PHP `(string) (int) $s === $s`: a canonical 64-bit decimal integer (no `+`, no leading zero, no `-0`). */
const CANONICAL_INT_RE = /^(?:0|-?[1-9][0-9]{0,18})$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function isCanonicalPhpInt(value: string): boolean {
  if (!CANONICAL_INT_RE.test(value)) return false;
  if (value.length < 19) return true;
  const n = BigInt(value);
  return n >= INT64_MIN && n <= INT64_MAX;
}

// ---------------------------------------------------------------------------------------------
// Length as PrestaShop counts it (Tools::strlen)

/** The named entities of HTML 4.01, which `html_entity_decode` (HTML 4.01 table) turns into one character each. */
const HTML401_ENTITY_NAMES: ReadonlySet<string> = new Set(
  (
    // Latin-1
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 ' +
    'sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc ' +
    'Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve ' +
    'Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute ' +
    'acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ' +
    'ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml ' +
    // symbols and Greek
    'fnof Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma ' +
    'Tau Upsilon Phi Chi Psi Omega alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu ' +
    'xi omicron pi rho sigmaf sigma tau upsilon phi chi psi omega thetasym upsih piv bull hellip prime ' +
    'Prime oline frasl weierp image real trade alefsym larr uarr rarr darr harr crarr lArr uArr rArr dArr ' +
    'hArr forall part exist empty nabla isin notin ni prod sum minus lowast radic prop infin ang and or ' +
    'cap cup int there4 sim cong asymp ne equiv le ge sub sup nsub sube supe oplus otimes perp sdot ' +
    'lceil rceil lfloor rfloor lang rang loz spades clubs hearts diams ' +
    // markup-significant and internationalisation
    'quot amp lt gt OElig oelig Scaron scaron Yuml circ tilde ensp emsp thinsp zwnj zwj lrm rlm ndash ' +
    'mdash lsquo rsquo sbquo ldquo rdquo bdquo dagger Dagger permil lsaquo rsaquo euro'
  ).split(' '),
);

/** Code points HTML 4.01 allows in a numeric entity (PHP `unicode_cp_is_allowed`), minus `'` (ENT_COMPAT). */
function decodableCodePoint(cp: number): boolean {
  if (cp === 0x27) return false;
  return (
    (cp >= 0x20 && cp <= 0x7e) ||
    cp === 0x0a ||
    cp === 0x09 ||
    cp === 0x0d ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0x10ffff && (cp & 0xffff) < 0xfffe && (cp < 0xfdd0 || cp > 0xfdef))
  );
}

/** Code points in a string (a lone surrogate counts as one, as its U+FFFD replacement would). */
function codePoints(value: string, from: number, to: number): number {
  let n = to - from;
  for (let i = from; i < to - 1; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = value.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * `Tools::strlen`: the length PrestaShop compares with `maxSize`. Code points, not UTF-16 units or
 * bytes; an HTML 4.01 entity (`&amp;`, `&eacute;`, `&#233;`, `&#xE9;`) counts as one character,
 * decoded once, left to right (`&amp;amp;` is five characters).
 *
 * The result is never more than `value.length`, so callers may skip it when `value.length <= max`.
 */
export function charLength(value: string): number {
  let amp = value.indexOf('&');
  if (amp === -1) return codePoints(value, 0, value.length);
  let total = 0;
  let from = 0;
  while (amp !== -1) {
    total += codePoints(value, from, amp) + 1;
    const end = entityEnd(value, amp + 1);
    from = end === -1 ? amp + 1 : end;
    amp = value.indexOf('&', from);
  }
  return total + codePoints(value, from, value.length);
}

/** `min <= charLength(value) <= max`, without counting when the UTF-16 length settles it. */
export function charLengthBetween(value: string, min: number, max: number): boolean {
  const n = value.length;
  // charLength is at most the UTF-16 length, and without entities at least half of it (pairs).
  if (n < min) return false;
  if (n <= max && n >= 2 * min && value.indexOf('&') === -1) return true;
  const length = charLength(value);
  return length >= min && length <= max;
}

/** Digits (leading zeros included) a numeric entity may have and still count as one character. */
const MAX_ENTITY_DIGITS = 16;

/** Where a decodable entity that starts at `i` (just after `&`) ends (after its `;`), or -1. */
function entityEnd(value: string, i: number): number {
  let j = i;
  if (value.charCodeAt(j) === 0x23 /* # */) {
    j++;
    const hex = value[j] === 'x' || value[j] === 'X';
    if (hex) j++;
    const start = j;
    let cp = 0;
    for (; j < value.length; j++) {
      const d = digitValue(value.charCodeAt(j), hex);
      if (d === -1) break;
      // PHP reads the digits with strtol and refuses anything above U+10FFFF; saturate.
      cp = Math.min(cp * (hex ? 16 : 10) + d, 0x110000);
    }
    if (j === start || value.charCodeAt(j) !== 0x3b /* ; */) return -1;
    // PHP's strtol would also decode `&#000…065;` with any number of zeros, but the database column
    // keeps the raw text: an entity longer than any real one is counted character by character, so
    // a megabyte of zeros can never pass `maxSize`.
    if (j - start > MAX_ENTITY_DIGITS) return -1;
    return decodableCodePoint(cp) ? j + 1 : -1;
  }
  for (; j < value.length; j++) {
    const c = value.charCodeAt(j);
    const alnum = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    if (!alnum) break;
  }
  if (j === i || value.charCodeAt(j) !== 0x3b) return -1;
  return HTML401_ENTITY_NAMES.has(value.slice(i, j)) ? j + 1 : -1;
}

function digitValue(c: number, hex: boolean): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (!hex) return -1;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}
