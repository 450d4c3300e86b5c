/**
 * The records a fake store starts with: the bundled 8.2.0 seed (for the resources the snapshot
 * has), narrowed to the chosen languages, plus what the user's seed function adds. Records are
 * plain JSON in the shape the store keeps them: scalar fields as strings (or null), multilingual
 * fields keyed by language id, associations by name. Also the reverse: a stored item as a record.
 */
import { InputError } from '../errors.js';
import type { SeedRecord, SeedRecords } from '../fakestore/crud-seed.js';
import type { StoredItem } from '../fakestore/crud.js';
import type { StoreSchema } from '../model/index.js';

/** Values of a multilingual field, by language id (`{ "1": "Mug", "2": "Tasse" }`). */
export type FakeLanguageValues = Readonly<Record<string, string>>;
/** Associations by name: each a list of entries (`{ categories: [{ id: "2" }] }`). */
export type FakeAssociations = Readonly<Record<string, readonly Readonly<Record<string, string>>[]>>;

/** A stored record: `id`, scalar fields as strings, multilingual fields by language id, `associations`. */
export interface FakeRecord {
  readonly id: number;
  readonly associations?: FakeAssociations;
  readonly [field: string]: number | string | null | FakeLanguageValues | FakeAssociations | undefined;
}

/** A record to add: like `FakeRecord`, the id optional (default: the next free one), a multilingual value may be one string for every language. */
export interface FakeRecordInput {
  readonly id?: number;
  readonly associations?: FakeAssociations;
  readonly [field: string]: number | string | boolean | null | FakeLanguageValues | FakeAssociations | undefined;
}

/** What a seed function gets: the records being seeded, to add to, read or remove. */
export interface FakeStoreSeeder {
  /** Adds a record; returns its id. Throws an `InputError` for a resource or field the snapshot lacks. */
  add(resource: string, record: FakeRecordInput): number;
  /** The records seeded so far for the resource. */
  records(resource: string): readonly FakeRecord[];
  /** Removes one record, or every record of the resource when no id is given. */
  remove(resource: string, id?: number): void;
}

type Mutable = Record<string, unknown> & { id: number };

/** The seed records being built: starts from `base` (narrowed to `languages`), grown by `add`. */
export class SeedBuilder implements FakeStoreSeeder {
  private readonly byResource = new Map<string, Mutable[]>();

  constructor(
    private readonly schema: StoreSchema,
    private readonly languages: readonly { readonly id: number; readonly isoCode: string }[],
    base: SeedRecords | null,
  ) {
    for (const [name, list] of Object.entries(base?.records ?? {})) {
      if (!this.byResource.has(name) && schema.resources.some((r) => r.name === name && r.nodeName !== null)) {
        this.byResource.set(name, list.map((r) => this.narrow(name, r as unknown as Mutable)));
      }
    }
    this.fitLanguagesResource();
  }

  add(resource: string, record: FakeRecordInput): number {
    const def = this.schema.resources.find((r) => r.name === resource && r.nodeName !== null);
    if (def === undefined) throw new InputError(`no resource "${resource}" with fields in the snapshot; add records only to the snapshot's resources`, 'seed');
    const known = new Set(['id', 'associations', ...def.fields.map((f) => f.name)]);
    for (const [key, value] of Object.entries(record)) {
      if (!known.has(key)) throw new InputError(`${resource} has no field "${key}" in the snapshot; remove it from the seed record`, 'seed');
      const multilingual = def.fields.some((f) => f.name === key && f.multilingual);
      if (key !== 'associations' && !multilingual && typeof value === 'object' && value !== null) {
        throw new InputError(`${resource}.${key} is not multilingual; give one value, not values by language`, 'seed');
      }
    }
    for (const name of Object.keys(record.associations ?? {})) {
      if (!def.associations.some((a) => a.name === name)) throw new InputError(`${resource} has no association "${name}" in the snapshot; remove it from the seed record`, 'seed');
    }
    const list = this.byResource.get(resource) ?? [];
    this.byResource.set(resource, list);
    const id = record.id ?? list.reduce((max, r) => Math.max(max, r.id), 0) + 1;
    if (!Number.isInteger(id) || id < 1) throw new InputError(`${resource}: the id ${String(record.id)} is not a positive integer`, 'seed');
    if (list.some((r) => r.id === id)) throw new InputError(`${resource} ${id} is already seeded; remove it first or leave the id out`, 'seed');
    const copy: Mutable = { id };
    for (const [k, v] of Object.entries(record)) {
      if (k === 'id' || v === undefined) continue;
      copy[k] = typeof v === 'boolean' ? (v ? '1' : '0') : typeof v === 'number' ? String(v) : structuredClone(v);
    }
    list.push(this.narrow(resource, copy));
    return id;
  }

  records(resource: string): readonly FakeRecord[] {
    return structuredClone(this.byResource.get(resource) ?? []) as unknown as FakeRecord[];
  }

  remove(resource: string, id?: number): void {
    const list = this.byResource.get(resource);
    if (list === undefined) return;
    if (id === undefined) list.length = 0;
    else this.byResource.set(resource, list.filter((r) => r.id !== id));
  }

  /** The records for the engine (a copy: the engine's state never aliases them). */
  build(generation: string): SeedRecords {
    return { generation, records: structuredClone(Object.fromEntries(this.byResource)) as unknown as Record<string, SeedRecord[]> };
  }

  /** Multilingual values for exactly the store's languages (a language the seed lacks gets the first one's value). */
  private narrow(resource: string, record: Mutable): Mutable {
    const def = this.schema.resources.find((r) => r.name === resource);
    const multilingual = new Set(def?.fields.filter((f) => f.multilingual).map((f) => f.name) ?? []);
    const out: Mutable = { ...record };
    for (const [k, v] of Object.entries(record)) {
      if (!multilingual.has(k) || typeof v !== 'object' || v === null) continue;
      const values = v as Record<string, string>;
      const fallback = Object.values(values)[0] ?? '';
      out[k] = Object.fromEntries(this.languages.map((l) => [String(l.id), values[String(l.id)] ?? fallback]));
    }
    return out;
  }

  /** The `languages` records: the store's languages, each from the seed's record or from the first one. */
  private fitLanguagesResource(): void {
    const list = this.byResource.get('languages');
    if (list === undefined || list.length === 0) return;
    const template = list[0]!;
    this.byResource.set(
      'languages',
      this.languages.map((l) => list.find((r) => r.id === l.id) ?? { ...template, id: l.id, iso_code: l.isoCode, name: l.isoCode, language_code: l.isoCode }),
    );
  }
}

/** A stored item as a plain record (a deep copy). */
export function recordOf(item: StoredItem): FakeRecord {
  const out: Record<string, unknown> = { id: item.id };
  for (const [k, v] of item.values) out[k] = v;
  for (const [k, langs] of item.langs) out[k] = Object.fromEntries([...langs].map(([l, v]) => [String(l), v]));
  if (item.associations.size > 0) out['associations'] = Object.fromEntries([...item.associations].map(([k, list]) => [k, list.map((e) => ({ ...e }))]));
  return out as FakeRecord;
}
