/**
 * Seeding the CRUD fake store with records as a real database returns them
 * (`fixtures/crud-seed/prestashop-8.2.0.json`: scalar values as strings or null, multilingual
 * values keyed by language id, associations as lists). Fields a getter computes are not stored
 * (the file's `computed_fields`); fields the store model lacks (another generation) are skipped;
 * multilingual values are narrowed to the store's languages.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { CrudResource } from './model.js';
import type { StoredItem } from './query.js';

export type SeedValue = string | number | null | Readonly<Record<string, string | null>>;
export type SeedRecord = Readonly<
  Record<string, SeedValue | Readonly<Record<string, readonly Readonly<Record<string, string>>[]>>>
> & { readonly id: number };

export interface SeedRecords {
  readonly generation: string;
  readonly records: Readonly<Record<string, readonly SeedRecord[]>>;
}

/** The bundled 8.2.0 seed records. */
export async function loadSeedRecords(): Promise<SeedRecords> {
  const file = fileURLToPath(new URL('../../../fixtures/crud-seed/prestashop-8.2.0.json', import.meta.url));
  return JSON.parse(await readFile(file, 'utf8')) as SeedRecords;
}

/**
 * Fills `item` (an empty item of the resource) from one record. A value outside a field's allowed
 * values (`def`: the store's model) is stored as '', as an SQL `ENUM` column without it stores it
 * (MySQL outside strict mode): 8.2.0's `redirect_type: 'default'` in a 1.7.8-style store.
 */
export function fillFromSeed(item: StoredItem, record: SeedRecord, def?: CrudResource): void {
  for (const [key, value] of Object.entries(record)) {
    if (key === 'id') continue;
    if (key === 'associations') {
      for (const [name, list] of Object.entries(value as Record<string, Record<string, string>[]>)) {
        if (item.associations.has(name))
          item.associations.set(
            name,
            list.map((e) => ({ ...e })),
          );
      }
      continue;
    }
    if (item.langs.has(key)) {
      const langs = item.langs.get(key)!;
      // Values for exactly the store's languages: a language the record lacks gets its first value.
      if (typeof value === 'object' && value !== null) {
        const given = value as Readonly<Record<string, string | null>>;
        const first = Object.values(given)[0] ?? '';
        for (const l of [...langs.keys()]) langs.set(l, given[String(l)] ?? first ?? '');
      } else for (const l of [...langs.keys()]) langs.set(l, value === null ? '' : String(value));
    } else if (item.values.has(key) && (typeof value !== 'object' || value === null)) {
      const field = def?.fields.find((f) => f.name === key);
      const allowed = field?.columnValues ?? field?.values ?? null;
      const text = value === null ? '' : String(value);
      item.values.set(key, allowed !== null && !allowed.includes(text) ? '' : text);
    }
  }
}

/** A stored item as a record of the seed file's shape (the inverse of `fillFromSeed`). */
export function recordOf(item: StoredItem): SeedRecord {
  const out: Record<string, unknown> = { id: item.id };
  for (const [k, v] of item.values) out[k] = v;
  for (const [k, langs] of item.langs) out[k] = Object.fromEntries([...langs].map(([l, v]) => [String(l), v]));
  if (item.associations.size > 0)
    out['associations'] = Object.fromEntries(
      [...item.associations].map(([k, list]) => [k, list.map((e) => ({ ...e }))]),
    );
  return out as SeedRecord;
}
