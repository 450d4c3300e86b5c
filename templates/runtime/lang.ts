/**
 * Multilingual values. The store has two forms (per-language list, or a bare string when one
 * language is rendered); the client has one, the `Multilang` shape the generated types declare.
 */

/** One language's value as the runtime handles it internally. */
export interface LanguageEntry<T = unknown> {
  readonly id: number;
  readonly value: T;
}

/** The decoded multilingual shape: one `{ id, value }` entry per language, in the store's order. */
export function makeMultilang<T>(entries: readonly LanguageEntry<T>[]): LanguageEntry<T>[] {
  return entries.map((e) => ({ id: e.id, value: e.value }));
}

/**
 * The per-language entries of a multilingual input. Accepted: a list of `{ id, value }` (the
 * decoded shape, so a value read can be written back) or an object keyed by language id
 * (`{ 1: 'Mug', 2: 'Tasse' }`).
 */
export function languageEntries(value: unknown, path: string): LanguageEntry[] {
  if (Array.isArray(value)) {
    return value.map((entry: unknown, index) => {
      const e = entry as { id?: unknown; value?: unknown } | null;
      const id = typeof e?.id === 'number' ? e.id : typeof e?.id === 'string' ? Number(e.id) : NaN;
      if (!Number.isInteger(id) || id <= 0) throw new TypeError(`${path}[${index}]: expected { id: <language id>, value }`);
      return { id, value: e?.value };
    });
  }
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    return Object.keys(value).map((key) => {
      const id = Number(key);
      if (!Number.isInteger(id) || id <= 0) throw new TypeError(`${path}.${key}: not a language id`);
      return { id, value: (value as Record<string, unknown>)[key] };
    });
  }
  throw new TypeError(`${path}: a multilingual field needs one value per language, e.g. [{ id: 1, value: '…' }]`);
}

/** The store's languages by ISO code (`{ en: 1, fr: 2 }`), as the generated `LANGUAGES` lists them. */
export type LanguageCodes = Readonly<Record<string, number>>;

/** The language id of `language`: an id as is, an ISO code through `codes`; undefined for an unknown code. */
function languageId(language: number | string, codes: LanguageCodes): number | undefined {
  if (typeof language === 'number') return language;
  return Object.prototype.hasOwnProperty.call(codes, language) ? codes[language] : undefined;
}

/**
 * The value of one language in a multilingual value as read (`[{ id, value }]`), by language id or
 * by ISO code; undefined when the value has no entry for it (or is null or undefined).
 * `languageValue(product.name, 'fr', LANGUAGES)`.
 */
export function languageValue<T>(value: readonly { readonly id: number; readonly value: T }[] | null | undefined, language: number | string, codes: LanguageCodes = {}): T | undefined {
  const id = languageId(language, codes);
  if (id === undefined || value === null || value === undefined) return undefined;
  for (const entry of value) if (entry.id === id) return entry.value;
  return undefined;
}

/**
 * A multilingual value to write (`[{ id, value }]`, ascending ids) from one value per language,
 * keyed by ISO code (`{ en: 'Mug', fr: 'Tasse' }`) or by id (`{ 1: 'Mug' }`); an undefined value
 * is left out. An unknown code throws a `TypeError` that names the codes the store has.
 */
export function multilang<T>(values: Readonly<Record<string, T | undefined>>, codes: LanguageCodes = {}): { id: number; value: T }[] {
  const out: { id: number; value: T }[] = [];
  for (const key of Object.keys(values)) {
    const value = values[key];
    // A language left undefined is left out, as one not given.
    if (value === undefined) continue;
    const id = /^[1-9]\d{0,9}$/.test(key) ? Number(key) : languageId(key, codes);
    if (id === undefined) {
      const known = Object.keys(codes);
      throw new TypeError(`language ${JSON.stringify(key)}: not a language of the store (${known.length === 0 ? 'the snapshot names no ISO codes; use language ids' : `one of ${known.join(', ')}, or a language id`})`);
    }
    out.push({ id, value });
  }
  return out.sort((a, b) => a.id - b.id);
}
