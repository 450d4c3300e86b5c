/**
 * Store models of the other generations for the CRUD fake store. The bundled 8.2.0 snapshot is
 * what a real 8.2.0 store's synopsis gives; a 1.7.8- or 9.0-style store is built from the bundled
 * catalog of that release (`catalog/prestashop-<version>.json`: each class's fields in store order,
 * their PHP types, allowed values and write behaviour), with the node names, references and
 * association targets of the 8.2.0 snapshot, which did not change between the three.
 *
 * Pure: the caller loads the catalog (`loadCatalog`).
 */
import { withEntry, type Catalog, type CatalogField } from '../catalog/index.js';
import { makeField, type Association, type Field, type Resource, type StoreSchema } from '../model/index.js';

function fieldOf(name: string, entry: CatalogField, base: Field | undefined): Field {
  const synopsis = makeField(name, {
    required: entry.required ?? false,
    maxSize: entry.maxSize ?? null,
    format: entry.format ?? null,
    multilingual: entry.multilingual ?? false,
    // What the synopsis of that release says: read-only is `setter => false`; a getter is notFilterable.
    readOnly: entry.write === 'refused',
    filterable: entry.computed !== true,
    references: base?.references ?? null,
  });
  return withEntry(synopsis, entry);
}

/** The 8.2.0 model rebuilt from another release's catalog (resources the catalog lacks are dropped). */
export function schemaFromCatalog(base: StoreSchema, catalog: Catalog): StoreSchema {
  const resources: Resource[] = [];
  for (const r of base.resources) {
    const entry = catalog.resources[r.name];
    if (entry === undefined) continue;
    const byName = new Map(r.fields.map((f) => [f.name, f]));
    const fields = Object.entries(entry.fields).map(([name, e]) => fieldOf(name, e, byName.get(name)));
    const associations: Association[] = [];
    for (const [name, a] of Object.entries(entry.associations)) {
      const known = r.associations.find((x) => x.name === name);
      if (known === undefined) continue;
      const sub = new Map(known.fields.map((f) => [f.name, f]));
      associations.push({ ...known, fields: Object.entries(a.fields).map(([n, e]) => fieldOf(n, e, sub.get(n))) });
    }
    resources.push({ ...r, fields, associations, quirks: [...(entry.quirks ?? [])].sort() });
  }
  return { ...base, store: { ...base.store, psVersion: catalog.version, catalog: catalog.version }, resources };
}
