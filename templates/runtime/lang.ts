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
