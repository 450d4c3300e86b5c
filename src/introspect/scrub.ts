/**
 * The one scrubber of store-supplied text on its way into a file. Pure.
 *
 * A store that echoes the API key (into a format, a description, allowed values, an association's
 * name…) must not get it into the snapshot, and so into generated files. Names that hold the key
 * are refused earlier (names.ts: a name becomes code); every other string of the model is walked
 * here and each form of the key (`secretForms`) is replaced by `***`.
 */
import { scrubSecrets } from '../errors.js';

export interface ScrubResult<T> {
  readonly value: T;
  /** Where the key was found, e.g. `resources[products].fields[price].format`. */
  readonly paths: readonly string[];
}

function label(item: unknown, index: number): string {
  const name = typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : String(index);
}

/** A copy of `value` with every form of `key` in its strings replaced, and where it was found. */
export function scrubStoreStrings<T>(value: T, key: string | null | undefined): ScrubResult<T> {
  const paths: string[] = [];
  if (key === null || key === undefined || key.length < 4) return { value, paths };
  const walk = (v: unknown, path: string): unknown => {
    if (typeof v === 'string') {
      const clean = scrubSecrets(v, [key]);
      if (clean !== v) paths.push(path);
      return clean;
    }
    if (Array.isArray(v)) return v.map((item: unknown, i) => walk(item, `${path}[${label(item, i)}]`));
    if (typeof v === 'object' && v !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, item] of Object.entries(v)) {
        Object.defineProperty(out, k, {
          value: walk(item, path === '' ? k : `${path}.${k}`),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    return v;
  };
  return { value: walk(value, '') as T, paths };
}
