/**
 * `Validate::isCustomerName` of PrestaShop 8.x, i.e. the `CustomerName` constraint:
 * - `PATTERN_NAME` (`u`): not blank; no digits and none of
 *   `! < > , ; ? = + ( ) / \ @ # " ° * \` { } _ ^ $ % : ¤ [ ] |`; a `.` or `。` only when followed by
 *   white space or the end;
 * - and, when the name holds a `.` or `。`, `PATTERN_DOT_SPACED` must find a dot followed by one
 *   white space and a non-space, or by the end. That pattern has no `u` modifier, so PHP reads it
 *   byte by byte: `[\.。]` is the set of bytes `.`, 0xE3, 0x80, 0x82, and `\s` is ASCII only.
 *
 * Dependency-free: this file is copied verbatim into generated output.
 */

// `\s` under PHP's `u` modifier (PCRE2 UCP): `\h`, `\v` and the Zs spaces.
const UNICODE_SPACE_RE = /[\t\n\v\f\r \x85\xa0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
/** Characters `PATTERN_NAME` refuses anywhere (the dots are handled apart), by code (all below 0x100). */
const FORBIDDEN = new Uint8Array(0x100);
for (const ch of '0123456789!<>,;?=+()/\\@#"°*`{}_^$%:¤[]|') FORBIDDEN[ch.charCodeAt(0)] = 1;

/** `\s` under `u` for one UTF-16 unit (every such space is a single unit). */
function isUnicodeSpace(c: number): boolean {
  return c < 0x80 ? c === 0x20 || (c >= 0x09 && c <= 0x0d) : UNICODE_SPACE_RE.test(String.fromCharCode(c));
}

/**
 * `PATTERN_NAME` as one pass: `/^(?!\s*$)(?:[^forbidden.。]|[.。](?:\s|(?=$)))*$/u`. The regular
 * expression pushes a backtracking frame per character and overflows the stack on a few megabytes;
 * the scan gives the same answers: not only white space, nothing forbidden, and every dot followed
 * by white space or the end (a final newline is white space too).
 */
function matchesNamePattern(value: string): boolean {
  let blank = true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x100 && FORBIDDEN[c] === 1) return false;
    if (c === 0x2e /* . */ || c === 0x3002 /* 。 */) {
      if (i + 1 < value.length && !isUnicodeSpace(value.charCodeAt(i + 1))) return false;
      blank = false;
    } else if (blank && !isUnicodeSpace(c)) {
      blank = false;
    }
  }
  return !blank;
}

export function isCustomerName(value: string): boolean {
  if (!matchesNamePattern(value)) return false;
  if (!value.includes('.') && !value.includes('。')) return true;
  return hasSpacedDot(value);
}

function isAsciiSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/**
 * A code point whose UTF-8 form ends in one of the bytes of `[\.。]` read as bytes: `.` itself, or
 * a multi-byte character whose last byte is 0x80 or 0x82 (0xE3 only ever leads a sequence).
 */
function endsInDotByte(cp: number): boolean {
  return cp === 0x2e || (cp >= 0x80 && ((cp & 0x3f) === 0x00 || (cp & 0x3f) === 0x02));
}

function hasSpacedDot(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const cp = value.codePointAt(i)!;
    const next = i + (cp > 0xffff ? 2 : 1);
    if (endsInDotByte(cp)) {
      // `$` (end, or before a final newline), or one ASCII space then any byte but a space.
      if (next === value.length || (next === value.length - 1 && value[next] === '\n')) return true;
      if (next < value.length - 1 && isAsciiSpace(value.charCodeAt(next)) && value[next + 1] !== ' ') return true;
    }
    i = next - 1;
  }
  return false;
}
