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

const NON_ASCII_RE = /[^\x00-\x7f]/;
/** RFC 5322 atext, the characters egulias accepts in an unquoted local part. */
const ATEXT_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
/** A domain label: letters, digits, `-`, `_` (egulias reads `a_b` as one word), or any non-ASCII. */
const LABEL_RE = /^[A-Za-z0-9_\-\u0080-\uffff]+$/;
const IPV4_RE = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$/;
const IPV6_RE = /^IPv6:[0-9A-Fa-f:.]+$/;
const DTEXT_RE = /^[\x21-\x5a\x5e-\x7e]*$/;

export function isEmail(value: string): boolean {
  if (value === '' || value === '0') return false;
  if (!isLooseEmail(value)) return false;
  const at = value.indexOf('@');
  if (NON_ASCII_RE.test(value.slice(0, at))) return false;
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
  return isDomain(value.slice(end + 1));
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
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const atoms = local.split('.');
  for (const atom of atoms) if (!ATEXT_RE.test(atom)) return -1;
  return at;
}

function isDomain(domain: string): boolean {
  if (domain.startsWith('[')) {
    if (!domain.endsWith(']')) return false;
    const inner = domain.slice(1, -1);
    return IPV4_RE.test(inner) || IPV6_RE.test(inner) || DTEXT_RE.test(inner);
  }
  if (domain.length === 0 || domain.length > 253) return false;
  if (domain.startsWith('-')) return false;
  const labels = domain.split('.');
  for (const label of labels) {
    if (!LABEL_RE.test(label) || label.endsWith('-')) return false;
    if (label.length > 63 && !NON_ASCII_RE.test(label)) return false;
  }
  return true;
}
