/**
 * Upgrade projection: what a user's store will look like on another PrestaShop release, before the
 * upgrade. Core items come from the target release's baseline; what the store's modules add is
 * kept. Pure.
 *
 * - A resource of the store that the source baseline (the store's own release) defines is core: it
 *   is replaced by the target baseline's resource, or dropped when the target release has none.
 * - Any other resource is a module's and is kept as it is.
 * - In a core resource, fields and associations the source baseline does not define are a
 *   module's (or an override's): they are kept, after the core ones.
 * - A resource the target release adds is added. A core resource the snapshot does not hold (left
 *   out with `--exclude`, or not allowed to the key) stays out.
 * - Methods: a key keeps its permissions, so a resource keeps the methods the store allowed that
 *   the target release still allows, and its key's flags. A resource the target adds gets the
 *   target's methods.
 * - The store keeps its languages and time zone; `psVersion` becomes the target release.
 */
import type { Association, Field, HttpMethod, Resource, StoreSchema } from '../model/index.js';

export interface Projection {
  readonly schema: StoreSchema;
  /** Core resources of the store that the target release removes. */
  readonly removed: readonly string[];
  /** Resources the target release adds. */
  readonly added: readonly string[];
  /** Module resources kept, and module fields or associations kept in core resources (`res.field`, `res@assoc`). */
  readonly moduleItems: readonly string[];
}

function moduleExtras<T extends { readonly name: string }>(mine: readonly T[], core: readonly T[]): T[] {
  const known = new Set(core.map((x) => x.name));
  return mine.filter((x) => !known.has(x.name));
}

function merge<T extends { readonly name: string }>(target: readonly T[], extras: readonly T[]): T[] {
  const taken = new Set(target.map((x) => x.name));
  return [...target, ...extras.filter((x) => !taken.has(x.name))];
}

function projectResource(mine: Resource, source: Resource, target: Resource, moduleItems: string[]): Resource {
  const fields: Field[] = moduleExtras(mine.fields, source.fields);
  const associations: Association[] = moduleExtras(mine.associations, source.associations);
  for (const f of fields) moduleItems.push(`${mine.name}.${f.name}`);
  for (const a of associations) moduleItems.push(`${mine.name}@${a.name}`);
  const allowed = new Set<HttpMethod>(target.methods);
  return {
    ...target,
    methods: mine.methods.filter((m) => allowed.has(m)),
    keyMethods: mine.keyMethods,
    fields: merge(target.fields, fields),
    associations: merge(target.associations, associations),
  };
}

/**
 * Projects `store` (a snapshot of a store of the `source` baseline's generation) onto the `target`
 * baseline's release.
 */
export function projectUpgrade(store: StoreSchema, source: StoreSchema, target: StoreSchema): Projection {
  const sourceByName = new Map(source.resources.map((r) => [r.name, r]));
  const targetByName = new Map(target.resources.map((r) => [r.name, r]));
  const mineNames = new Set(store.resources.map((r) => r.name));
  const removed: string[] = [];
  const added: string[] = [];
  const moduleItems: string[] = [];
  const resources: Resource[] = [];
  for (const r of store.resources) {
    const src = sourceByName.get(r.name);
    const tgt = targetByName.get(r.name);
    if (src === undefined) {
      // A module's resource: kept as the store has it, even if the target release adds one of that name.
      moduleItems.push(r.name);
      resources.push(r);
    } else if (tgt === undefined) {
      removed.push(r.name);
    } else {
      resources.push(projectResource(r, src, tgt, moduleItems));
    }
  }
  for (const t of target.resources) {
    if (!mineNames.has(t.name) && !sourceByName.has(t.name)) {
      added.push(t.name);
      resources.push(t);
    }
  }
  return {
    schema: {
      schemaVersion: target.schemaVersion,
      // Core fields carry the target release's catalog entries; module fields their synopsis alone.
      store: {
        psVersion: target.store.psVersion,
        languages: store.store.languages,
        catalog: target.store.catalog,
        timeZone: store.store.timeZone,
      },
      resources,
    },
    removed,
    added,
    moduleItems,
  };
}
