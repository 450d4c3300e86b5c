/**
 * The list parameters of the CRUD fake store, with PrestaShop's semantics and error codes
 * (`WebserviceRequest::manageFilters`, `setFieldsToDisplay`, `filterLanguage` and
 * `SQLUtils::getSQLRetrieveFilter`): filters on stored values, sort, limit, display and language.
 */
import type { CrudField, CrudResource } from './model.js';

/** A stored item: scalar fields as strings, multilingual fields per language, association lists. */
export interface StoredItem {
  id: number;
  values: Map<string, string>;
  langs: Map<string, Map<number, string>>;
  associations: Map<string, Record<string, string>[]>;
  /** During a write: the fields the body set (the others hold what the object loaded or null). */
  sent?: Set<string>;
}

/** A webservice error (status, code, message). */
export class WsError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
    /** Errors the store adds after this one (`Unable to save resource` after an `add` override's own). */
    readonly more: readonly { readonly code: number | null; readonly message: string }[] = [],
  ) {
    super(message);
  }
}

/** `display`: `minimum` (ids), `full`, or the fields (and association sub-fields) listed. */
export type DisplaySpec =
  | { readonly kind: 'minimum' }
  | { readonly kind: 'full' }
  | {
      readonly kind: 'fields';
      readonly fields: ReadonlySet<string>;
      readonly associations: ReadonlyMap<string, readonly string[]>;
    };

export function parseDisplay(resource: CrudResource, raw: string | null, fallback: 'minimum' | 'full'): DisplaySpec {
  if (raw === null) return { kind: fallback };
  if (raw === 'full') return { kind: 'full' };
  if (raw === 'minimum') return { kind: 'minimum' };
  const available = resource.fields.map((f) => f.name).join(', ');
  const m = /^\[(.*)\]$/s.exec(raw);
  if (m === null) {
    throw new WsError(
      400,
      36,
      `The 'display' syntax is wrong. You can set 'full' or '[field_1,field_2,field_3,...]'. These are available: ${available}`,
    );
  }
  const fields = new Set<string>();
  const associations = new Map<string, string[]>();
  for (const part of splitTopLevel(m[1]!)) {
    const bracket = part.indexOf('[');
    const name = (bracket === -1 ? part : part.slice(0, bracket)).trim();
    if (bracket === -1) {
      if (!resource.fields.some((f) => f.name === name))
        throw new WsError(
          400,
          35,
          `Unable to display this field "${name}". However, these are available: ${available}`,
        );
      fields.add(name);
      continue;
    }
    const assoc = resource.associations.find((a) => a.name === name);
    const subs = part.slice(bracket + 1, part.endsWith(']') ? -1 : undefined).split(',');
    if (assoc === undefined || subs.some((s) => s !== 'id' && !assoc.fields.some((f) => f.name === s))) {
      throw new WsError(400, 35, `Unable to display this field "${name}". However, these are available: ${available}`);
    }
    associations.set(name, subs);
  }
  return { kind: 'fields', fields, associations };
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    if (c === '[') depth++;
    if (c === ']') depth--;
    current += c;
  }
  if (current !== '') parts.push(current);
  return parts;
}

/** `language=N | [a|b] | [from,to]`: the language ids to render, among the store's. */
export function parseLanguages(raw: string | null, storeLanguages: readonly number[]): number[] {
  if (raw === null) return [...storeLanguages];
  let ids: number[];
  const list = /^\[(.*)\]$/.exec(raw);
  if (list === null) {
    if (!/^\d+$/.test(raw)) throw new WsError(400, 79, 'Language ID must be numeric');
    ids = [Number(raw)];
  } else if (list[1]!.includes(',')) {
    const range = list[1]!.split(',');
    if (range.length !== 2) throw new WsError(400, 78, 'The range has to be formed as this example: [1,5]');
    if (!range.every((r) => /^\d+$/.test(r))) throw new WsError(400, 80, 'Language ID must be numeric');
    const [from, to] = range.map(Number) as [number, number];
    ids = storeLanguages.filter((id) => id >= Math.min(from, to) && id <= Math.max(from, to));
  } else {
    const items = list[1]!.split('|');
    if (!items.every((r) => /^\d+$/.test(r))) throw new WsError(400, 80, 'Language ID must be numeric');
    ids = items.map(Number);
  }
  const kept = storeLanguages.filter((id) => ids.includes(id));
  if (kept.length === 0) throw new WsError(400, 81, 'language is not available');
  return kept;
}

function isNumericKind(field: CrudField): boolean {
  return field.kind === 'id' || field.kind === 'int' || field.kind === 'bool' || field.kind === 'decimal';
}

/** MySQL-like comparison: numerically for numeric columns, else case-insensitively as text. */
function compare(field: CrudField, a: string, b: string): number {
  if (isNumericKind(field)) {
    const x = Number(a);
    const y = Number(b);
    if (!Number.isNaN(x) && !Number.isNaN(y)) return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = a.toLowerCase().trimEnd();
  const y = b.toLowerCase().trimEnd();
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * `LIKE` with `%`, `_` and backslash escapes, case-insensitive: the two-pointer wildcard match
 * (back to the last `%` on a mismatch), at most pattern × value steps; no RegExp to backtrack.
 */
function like(value: string, pattern: string): boolean {
  const tokens: (string | null | '')[] = []; // a character, null for `%`, '' for `_`
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) tokens.push(pattern[++i]!.toLowerCase());
    else tokens.push(c === '%' ? null : c === '_' ? '' : c.toLowerCase());
  }
  const text = value.toLowerCase();
  let t = 0;
  let p = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    const token = tokens[p];
    if (p < tokens.length && token !== null && (token === '' || token === text[t])) {
      t++;
      p++;
    } else if (p < tokens.length && token === null) {
      star = p++;
      mark = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++mark;
    } else return false;
  }
  while (p < tokens.length && tokens[p] === null) p++;
  return p === tokens.length;
}

/**
 * `^(.*)\[(.*)\](.*)$` as PCRE reads it (no `s` flag), without the RegExp (cubic on a long value):
 * the last `]`, the last `[` before it, and no line break anywhere.
 */
function splitBrackets(raw: string): [string, string, string] | null {
  if (/[\n\r\u2028\u2029]/.test(raw)) return null;
  const close = raw.lastIndexOf(']');
  const open = close < 1 ? -1 : raw.lastIndexOf('[', close - 1);
  if (open === -1) return null;
  return [raw.slice(0, open), raw.slice(open + 1, close), raw.slice(close + 1)];
}

/**
 * A predicate for `filter[field]=value`, following `SQLUtils::getSQLRetrieveFilter`: `[a|b]`,
 * `[a,b]` (numbers/dates only), `%[v]%`, `>[v]`, `<[v]`, `![a|b]`, `[v]` and plain `v`.
 * The value is what PHP received, already URL-decoded. pSQL un-escapes nothing; a backslash in
 * a LIKE value escapes the next character (MySQL's default).
 */
export function filterPredicate(field: CrudField, raw: string): (value: string) => boolean {
  // PCRE without the s flag: `.` does not match a line break.
  const m = splitBrackets(raw);
  if (m === null) return (v) => compare(field, v, raw) === 0;
  const [before, inner, after] = m;
  if (before === '%' || after === '%') {
    const pattern = `${before}${inner}${after}`;
    return (v) => like(v, pattern);
  }
  if (before === '' && after === '') {
    if (inner.indexOf('|') > 0) {
      const values = inner.split('|');
      return (v) => values.some((x) => compare(field, v, x) === 0);
    }
    const interval = /^([\d.:\-\s]+),([\d.:\-\s]+)$/.exec(inner);
    if (interval !== null) {
      const ends = [interval[1]!, interval[2]!].sort((a, b) => compare(field, a, b));
      return (v) => compare(field, v, ends[0]!) >= 0 && compare(field, v, ends[1]!) <= 0;
    }
    return (v) => compare(field, v, inner) === 0;
  }
  if (before === '>') return (v) => compare(field, v, inner) > 0;
  if (before === '<') return (v) => compare(field, v, inner) < 0;
  if (before === '!') {
    const values = inner.split('|');
    return (v) => values.every((x) => compare(field, v, x) !== 0);
  }
  return () => true;
}

export interface ListParams {
  readonly filters: readonly { readonly field: CrudField; readonly test: (value: string) => boolean }[];
  readonly sort: readonly { readonly field: CrudField; readonly desc: boolean }[];
  readonly limit: { readonly offset: number; readonly count: number } | null;
}

function didYouMean(label: string, wrong: string, available: readonly string[]): string {
  return `${label}. Did you mean: "${closest(wrong, available)}"?${available.length > 1 ? ` The full list is: "${available.join('", "')}"` : ''}`;
}

function closest(input: string, words: readonly string[]): string {
  let best = '';
  let bestDistance = Infinity;
  for (const w of words) {
    const d = levenshtein(input, w);
    if (d < bestDistance) {
      best = w;
      bestDistance = d;
    }
  }
  return best;
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** Reads `filter[…]`, `sort`, `limit` and `date` from the query (PHP's view of it). */
export function parseListParams(resource: CrudResource, query: URLSearchParams): ListParams {
  const dates = query.get('date') !== null && query.get('date') !== '' && query.get('date') !== '0';
  const usable = resource.fields.filter((f) => dates || (f.name !== 'date_add' && f.name !== 'date_upd'));
  const names = usable.map((f) => f.name);
  const filters: { field: CrudField; test: (value: string) => boolean }[] = [];
  for (const [key, value] of query) {
    const m = /^filter\[([^\]]*)\](.*)$/.exec(key);
    if (m === null) continue;
    const name = m[1]!;
    if (name === 'sort' || name === 'limit') continue;
    const field = usable.find((f) => f.name === name);
    if (field === undefined) {
      if (m[2] !== '') throw new WsError(400, 31, 'There is no existing linked table for this resource');
      throw new WsError(
        400,
        32,
        didYouMean(
          'This filter does not exist',
          name,
          names.filter((n) => !resource.fields.find((f) => f.name === n)?.multilingual),
        ),
      );
    }
    if (m[2] !== '') throw new WsError(400, 31, 'There is no existing linked table for this resource');
    if (value === '') throw new WsError(400, 33, `The filter "${name}" is malformed.`);
    if (!field.filterable)
      throw new WsError(
        400,
        34,
        `The field "${name}" is dynamic. It is not possible to filter GET query with this field.`,
      );
    filters.push({ field, test: filterPredicate(field, value) });
  }
  const sort: { field: CrudField; desc: boolean }[] = [];
  const rawSort = query.get('sort');
  if (rawSort !== null) {
    const inner = /^\[(.*)\]$/.exec(rawSort);
    for (const s of inner === null ? [rawSort] : inner[1]!.split(',')) {
      const at = s.lastIndexOf('_');
      const direction = at === -1 ? '' : s.slice(at + 1).toUpperCase();
      if (at === -1 || (direction !== 'ASC' && direction !== 'DESC')) {
        throw new WsError(
          400,
          37,
          'The "sort" value has to be formed as this example: "field_ASC" or \'[field_1_DESC,field_2_ASC,field_3_ASC,...]\' ("field" has to be an available field)',
        );
      }
      const field = usable.find((f) => f.name === s.slice(0, at));
      if (field === undefined)
        throw new WsError(400, 38, `Unable to filter by this field. However, these are available: ${names.join(', ')}`);
      sort.push({ field, desc: direction === 'DESC' });
    }
  }
  let limit: { offset: number; count: number } | null = null;
  const rawLimit = query.get('limit');
  if (rawLimit !== null) {
    const parts = rawLimit.split(',');
    if (parts.length > 2)
      throw new WsError(400, 39, 'The "limit" value has to be formed as this example: "5,25" or "10"');
    const int = (s: string): number => {
      const n = parseInt(s.trim(), 10);
      return Number.isNaN(n) ? 0 : n;
    };
    limit =
      parts.length === 1 ? { offset: 0, count: int(parts[0]!) } : { offset: int(parts[0]!), count: int(parts[1]!) };
  }
  return { filters, sort, limit };
}

/** The items that pass the filters, sorted and limited. Multilingual values match in any rendered language. */
export function applyListParams(
  items: readonly StoredItem[],
  params: ListParams,
  languages: readonly number[],
): StoredItem[] {
  const valuesOf = (item: StoredItem, field: CrudField): string[] => {
    if (field.name === 'id') return [String(item.id)];
    if (field.multilingual) {
      const langs = item.langs.get(field.name);
      return languages.map((l) => langs?.get(l) ?? '');
    }
    return [item.values.get(field.name) ?? ''];
  };
  let out = items.filter((item) => params.filters.every((f) => valuesOf(item, f.field).some((v) => f.test(v))));
  // No ORDER BY: the natural order is by primary key.
  out = [...out].sort((a, b) => a.id - b.id);
  if (params.sort.length > 0) {
    out.sort((a, b) => {
      for (const s of params.sort) {
        const c = compare(s.field, valuesOf(a, s.field)[0] ?? '', valuesOf(b, s.field)[0] ?? '');
        if (c !== 0) return s.desc ? -c : c;
      }
      return 0;
    });
  }
  if (params.limit !== null) out = out.slice(params.limit.offset, params.limit.offset + params.limit.count);
  return out;
}
