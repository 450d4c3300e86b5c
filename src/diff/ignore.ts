/**
 * Accepted changes: entries that hide expected changes by check id and path, each with a reason
 * and an optional expiry date. Pure: the caller reads the file and passes today's date.
 *
 * The ignore file (`.prestashop-codegen-diff-ignore`) is either a JSON array of entries
 * (`{"id", "path", "reason", "expires"?}`, the shape of `diff.ignore` in the config), or lines:
 *
 *     # comment
 *     <check-id> <path> [<YYYY-MM-DD>] <reason…>
 *
 * `*` in an id or a path matches any run of characters. An entry applies up to and including its
 * expiry date; after it, it hides nothing and is reported as expired.
 */
import type { DiffIgnoreEntry } from '../config/types.js';
import { ConfigError } from '../errors.js';
import { isCheckId } from './rules.js';
import type { Change } from './types.js';

/** An entry plus where it came from (`file:line`, `config`), for messages. */
export interface IgnoreRule {
  readonly id: string;
  readonly path: string;
  readonly reason: string;
  readonly expires: string | null;
  readonly source: string;
}

export interface IgnoredChange {
  readonly change: Change;
  readonly entry: IgnoreRule;
}

export interface ExpiredRule {
  readonly entry: IgnoreRule;
  /** How many changes it would have hidden. */
  readonly matches: number;
}

export interface IgnoreOutcome {
  readonly kept: readonly Change[];
  readonly ignored: readonly IgnoredChange[];
  readonly expired: readonly ExpiredRule[];
  /** Entries in force that hid nothing (stale, or a typo in the path). */
  readonly unused: readonly IgnoreRule[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = DATE.exec(text);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Checks one entry (from the file or the config) and gives it its source. */
export function toIgnoreRule(entry: unknown, source: string): IgnoreRule {
  const fail = (message: string): never => {
    throw new ConfigError(`${source}: ${message}`, 'diff.ignore');
  };
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    fail('expected an object {id, path, reason, expires?}');
  const e = entry as Partial<Record<keyof DiffIgnoreEntry, unknown>>;
  const id = e.id;
  const path = e.path;
  const reason = e.reason;
  if (typeof id !== 'string' || id.length === 0) return fail('"id" must be a check id, e.g. field-removed');
  if (!id.includes('*') && !isCheckId(id)) fail(`unknown check id "${id}" (see the rule table in docs/diff.md)`);
  if (typeof path !== 'string' || path.trim().length === 0)
    return fail('"path" must be a change path, e.g. products.meta_keywords');
  if (typeof reason !== 'string' || reason.trim().length === 0) return fail('every entry needs a "reason"');
  let expires: string | null = null;
  if (e.expires !== undefined && e.expires !== null) {
    if (typeof e.expires !== 'string' || !isIsoDate(e.expires)) fail('"expires" must be a date written YYYY-MM-DD');
    expires = e.expires as string;
  }
  return { id, path: path.trim(), reason: reason.trim(), expires, source };
}

/** Reads the ignore file's text (JSON array or line format). Errors name the file and line. */
export function parseIgnoreFile(text: string, file: string): IgnoreRule[] {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trimStart().startsWith('[')) {
    let raw: unknown;
    try {
      raw = JSON.parse(body);
    } catch (error) {
      throw new ConfigError(`${file}: not valid JSON (${(error as Error).message})`, 'diff.ignore');
    }
    if (!Array.isArray(raw)) throw new ConfigError(`${file}: expected a JSON array of entries`, 'diff.ignore');
    return raw.map((e, i) => toIgnoreRule(e, `${file}[${i}]`));
  }
  const rules: IgnoreRule[] = [];
  body.split(/\r?\n/).forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const source = `${file}:${i + 1}`;
    const m = /^(\S+)\s+(\S+)(?:\s+(\d{4}-\d{2}-\d{2}))?(?:\s+(.*))?$/.exec(trimmed);
    if (m === null)
      throw new ConfigError(`${source}: expected "<check-id> <path> [YYYY-MM-DD] <reason>"`, 'diff.ignore');
    rules.push(toIgnoreRule({ id: m[1], path: m[2], reason: m[4] ?? '', expires: m[3] }, source));
  });
  return rules;
}

/**
 * `*` matches any run of characters; everything else matches itself. No regular expression: the
 * first piece must start the text, the last end it, and each middle piece is found with `indexOf`
 * after the previous one (the leftmost match is always a right choice), so the text is scanned
 * forward once per piece, never backtracked (`*a*a*a*a*b` on 256 characters took 121 s as a RegExp).
 */
export function globMatches(pattern: string, text: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === text;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (first.length + last.length > text.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i]!;
    if (part === '') continue;
    const found = text.indexOf(part, at);
    if (found === -1 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

const ruleMatches = (rule: IgnoreRule, change: Change): boolean =>
  globMatches(rule.id, change.id) && globMatches(rule.path, change.path);

/** Splits changes into kept and ignored. `today` is YYYY-MM-DD; entries past their date do not apply. */
export function applyIgnores(changes: readonly Change[], rules: readonly IgnoreRule[], today: string): IgnoreOutcome {
  const active = rules.filter((r) => r.expires === null || r.expires >= today);
  const expired = rules
    .filter((r) => r.expires !== null && r.expires < today)
    .map((entry) => ({ entry, matches: changes.filter((c) => ruleMatches(entry, c)).length }));
  const used = new Set<IgnoreRule>();
  const kept: Change[] = [];
  const ignored: IgnoredChange[] = [];
  for (const change of changes) {
    const rule = active.find((r) => ruleMatches(r, change));
    if (rule === undefined) {
      kept.push(change);
    } else {
      used.add(rule);
      ignored.push({ change, entry: rule });
    }
  }
  return { kept, ignored, expired, unused: active.filter((r) => !used.has(r)) };
}
