/**
 * Module detection: is the item a change is about defined by PrestaShop's core, or added by the
 * store's modules (or overrides)? Decided from the bundled core baseline of a side's version, or,
 * without one, from the two sides being the same version (the same core cannot differ from itself).
 */
import type { StoreSchema } from '../model/index.js';
import type { ChangeKind, ChangeOrigin } from './types.js';

export interface Baselines {
  /** The core snapshot of the old side's PrestaShop version, when one is bundled. */
  readonly old?: StoreSchema | null;
  /** The core snapshot of the new side's PrestaShop version, when one is bundled. */
  readonly new?: StoreSchema | null;
}

export interface ItemRef {
  readonly resource: string;
  readonly association: string | null;
  readonly field: string | null;
}

/** Item lookups in a baseline: `resource`, `resource.field`, `resource@assoc`, `resource@assoc.field`. */
function itemKeys(schema: StoreSchema): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const r of schema.resources) {
    keys.add(itemKey({ resource: r.name, association: null, field: null }));
    for (const f of r.fields) keys.add(itemKey({ resource: r.name, association: null, field: f.name }));
    for (const a of r.associations) {
      keys.add(itemKey({ resource: r.name, association: a.name, field: null }));
      for (const f of a.fields) keys.add(itemKey({ resource: r.name, association: a.name, field: f.name }));
    }
  }
  return keys;
}

// NUL cannot occur in a model name (the snapshot reader rejects control characters).
const itemKey = (i: ItemRef): string => `${i.resource}\u0000${i.association ?? ''}\u0000${i.field ?? ''}`;

export type OriginOf = (item: ItemRef, kind: ChangeKind) => ChangeOrigin;

/** Builds the origin classifier for one diff. Per-run state only; nothing is cached across calls. */
export function originClassifier(old: StoreSchema, next: StoreSchema, baselines: Baselines = {}): OriginOf {
  const oldCore = baselines.old ? itemKeys(baselines.old) : null;
  const newCore = baselines.new ? itemKeys(baselines.new) : null;
  const sameVersion = old.store.psVersion !== null && old.store.psVersion === next.store.psVersion;
  const judge = (core: ReadonlySet<string> | null, key: string): ChangeOrigin =>
    core !== null ? (core.has(key) ? 'core' : 'module') : sameVersion ? 'module' : null;

  return (item, kind) => {
    const key = itemKey(item);
    if (kind === 'added') return judge(newCore, key);
    if (kind === 'removed') return judge(oldCore, key);
    // A property of an item both sides have: core when any known baseline defines the item.
    if (oldCore === null && newCore === null) return null;
    return oldCore?.has(key) === true || newCore?.has(key) === true ? 'core' : 'module';
  };
}
