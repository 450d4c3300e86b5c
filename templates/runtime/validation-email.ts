/**
 * `Validate::isEmail` of PrestaShop 8.x. A value passes when all of these hold:
 * 1. it is not PHP-empty;
 * 2. Symfony's `Email` constraint in `loose` mode: `/^.+\@\S+\.\S+$/` (byte semantics);
 * 3. PrestaShop's `CyrillicCharactersInEmailValidation`: nothing but ASCII before the first `@`;
 * 4. egulias `RFCValidation` (RFC 5322 errors; warnings are accepted).
 *
 * (4) is re-stated here for the shapes real addresses take: a dot-atom or quoted local part,
 * a domain of labels or a domain literal. Comments and folding white space, which egulias parses
 * with warnings, are refused here; no store data needs them.
 *
 * Dependency-free: this file is copied verbatim into generated output.
 */

const IPV4_RE = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$/;
const IPV6_RE = /^IPv6:[0-9A-Fa-f:.]+$/;
const DTEXT_RE = /^[\x21-\x5a\x5e-\x7e]*$/;

/** ASCII characters by class: 1 for RFC 5322 atext (unquoted local part), 2 for a domain label's. */
const ATEXT = 1;
const LABEL = 2;
const ASCII_CLASS = new Uint8Array(128);
function mark(chars: string, bits: number): void {
  for (let i = 0; i < chars.length; i++) {
    const c = chars.charCodeAt(i);
    ASCII_CLASS[c] = (ASCII_CLASS[c] ?? 0) | bits;
  }
}
mark("!#$%&'*+/=?^_`{|}~-", ATEXT);
mark('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', ATEXT | LABEL);
mark('_-', LABEL);

export function isEmail(value: string): boolean {
  if (value === '' || value === '0') return false;
  if (!isLooseEmail(value)) return false;
  // Nothing but ASCII before the first `@`.
  const at = value.indexOf('@');
  for (let i = 0; i < at; i++) if (value.charCodeAt(i) > 0x7f) return false;
  return isRfcEmail(value);
}

/** Byte-mode `\s` of PCRE without `u`: the ASCII white space (VT included). */
function isPcreSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/**
 * Symfony's loose pattern `/^.+\@\S+\.\S+$/` as a single pass (the regular expression backtracks
 * cubically on `"@."` repeated). `$` also matches before a final newline; `.` is anything but a
 * newline. It holds when some `@` after the first character is followed only by non-spaces, among
 * which a `.` that is neither the first nor the last; the leftmost such `@` is the best candidate.
 */
function isLooseEmail(value: string): boolean {
  const end = value.endsWith('\n') ? value.length - 1 : value.length;
  if (value.lastIndexOf('\n', end - 1) !== -1) return false;
  let tail = end;
  while (tail > 0 && !isPcreSpace(value.charCodeAt(tail - 1))) tail--;
  const at = value.indexOf('@', Math.max(1, tail));
  if (at === -1 || at >= end) return false;
  const dot = value.indexOf('.', at + 2);
  return dot !== -1 && dot < end - 1;
}

function isRfcEmail(value: string): boolean {
  const end = localPartEnd(value);
  if (end <= 0 || value.charCodeAt(end) !== 0x40 /* @ */) return false;
  return isDomain(value, end + 1);
}

/** Index just after a valid local part (where `@` must follow), or -1. */
function localPartEnd(value: string): number {
  if (value[0] === '"') {
    for (let i = 1; i < value.length; i++) {
      const c = value[i];
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === '\r' || c === '\n') return -1;
      if (c === '"') return i + 1;
    }
    return -1;
  }
  // Dot-separated atoms of atext up to the last `@`: none empty.
  const at = value.lastIndexOf('@');
  if (at <= 0) return -1;
  let atom = 0;
  for (let i = 0; i < at; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x2e /* . */) {
      if (atom === 0) return -1;
      atom = 0;
    } else if (c < 0x80 && (ASCII_CLASS[c]! & ATEXT) !== 0) atom++;
    else return -1;
  }
  return atom === 0 ? -1 : at;
}

/** The domain, `value` from `from` on. */
function isDomain(value: string, from: number): boolean {
  if (value.charCodeAt(from) === 0x5b /* [ */) {
    const domain = value.slice(from);
    if (!domain.endsWith(']')) return false;
    const inner = domain.slice(1, -1);
    return IPV4_RE.test(inner) || IPV6_RE.test(inner) || DTEXT_RE.test(inner);
  }
  const length = value.length - from;
  if (length === 0 || length > 253) return false;
  // Labels: letters, digits, `-`, `_` (egulias reads `a_b` as one word) or any non-ASCII, none
  // empty, none ending in `-`, and at most 63 long unless non-ASCII; the first not starting with `-`.
  if (value.charCodeAt(from) === 0x2d /* - */) return false;
  let start = from;
  let ascii = true;
  for (let i = from; i <= value.length; i++) {
    const c = i === value.length ? 0x2e : value.charCodeAt(i);
    if (c === 0x2e /* . */) {
      if (i === start || value.charCodeAt(i - 1) === 0x2d) return false;
      if (i - start > 63 && ascii) return false;
      start = i + 1;
      ascii = true;
    } else if (c >= 0x80) ascii = false;
    else if ((ASCII_CLASS[c]! & LABEL) === 0) return false;
  }
  return true;
}
