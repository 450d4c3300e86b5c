/**
 * The records of a testing fake store, as the user sees them: plain JSON in the shape the engine
 * keeps them (scalar fields as strings or null, multilingual fields keyed by language id,
 * associations by name), and the seeder a `seed` function gets. The seed itself is the engine's
 * (`CrudSeed`, fakestore/crud/derive.ts): the 8.2.0 demo-like records, derived records for the rest.
 */
import { InputError } from '../errors.js';
import type { CrudEngine } from '../fakestore/crud/engine.js';
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

/**
 * The user's seed function over the engine's own seed (`CrudSeed` as a function): `add` checks the
 * record against the snapshot, then inserts it as the engine seeds (multilingual values narrowed to
 * the store's languages by `fillFromSeed`).
 */
export function seederFor(engine: CrudEngine, schema: StoreSchema): FakeStoreSeeder {
  return {
    add(resource, record) {
      const def = schema.resources.find((r) => r.name === resource && r.nodeName !== null);
      if (def === undefined)
        throw new InputError(
          `no resource "${resource}" with fields in the snapshot; add records only to the snapshot's resources`,
          'seed',
        );
      const known = new Set(['id', 'associations', ...def.fields.map((f) => f.name)]);
      for (const [key, value] of Object.entries(record)) {
        if (!known.has(key))
          throw new InputError(
            `${resource} has no field "${key}" in the snapshot; remove it from the seed record`,
            'seed',
          );
        const multilingual = def.fields.some((f) => f.name === key && f.multilingual);
        if (key !== 'associations' && !multilingual && typeof value === 'object' && value !== null) {
          throw new InputError(
            `${resource}.${key} is not multilingual; give one value, not values by language`,
            'seed',
          );
        }
      }
      for (const name of Object.keys(record.associations ?? {})) {
        if (!def.associations.some((a) => a.name === name))
          throw new InputError(
            `${resource} has no association "${name}" in the snapshot; remove it from the seed record`,
            'seed',
          );
      }
      const id = record.id ?? engine.records(resource).reduce((max, r) => Math.max(max, r.id), 0) + 1;
      if (!Number.isInteger(id) || id < 1)
        throw new InputError(`${resource}: the id ${String(record.id)} is not a positive integer`, 'seed');
      if (engine.get(resource, id) !== undefined)
        throw new InputError(`${resource} ${id} is already seeded; remove it first or leave the id out`, 'seed');
      const copy: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(record)) {
        if (k === 'id' || v === undefined) continue;
        copy[k] = typeof v === 'boolean' ? (v ? '1' : '0') : typeof v === 'number' ? String(v) : v;
      }
      return engine.insert(resource, { ...copy, id });
    },
    records: (resource) => engine.records(resource) as unknown as FakeRecord[],
    remove(resource, id) {
      for (const r of engine.records(resource)) if (id === undefined || r.id === id) engine.deleteRaw(resource, r.id);
    },
  };
}
