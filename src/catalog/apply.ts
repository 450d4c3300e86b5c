/**
 * Applies a bundled catalog to a store's synopsis-level model. Pure.
 *
 * An entry is applied to a field only when the store's synopsis agrees with it on the field's
 * `format`, `required` and `maxSize`; otherwise the field counts as customised (a class override
 * or a module changed it), keeps what its synopsis says, and gets a diagnostic. Fields and
 * resources the catalog does not list (modules) come from the synopsis alone, with origin `module`.
 */
import type { Association, Field, Resource, StoreSchema } from '../model/index.js';
import type { Catalog, CatalogField } from './types.js';

export interface CatalogDiagnostic {
  readonly resource: string;
  readonly field: string;
  readonly message: string;
}

export interface AppliedCatalog {
  readonly schema: StoreSchema;
  readonly diagnostics: readonly CatalogDiagnostic[];
  /** Fields an entry was applied to, and fields found customised. */
  readonly counts: { readonly applied: number; readonly customised: number };
}

/** What differs between the synopsis and the catalog entry, or an empty list when they agree. */
function differences(field: Field, entry: CatalogField): string[] {
  const out: string[] = [];
  const format = entry.format ?? null;
  if (field.format !== format) out.push(`format ${JSON.stringify(format)} → ${JSON.stringify(field.format)}`);
  const required = entry.required ?? false;
  if (field.required !== required) out.push(`required ${required} → ${field.required}`);
  const maxSize = entry.maxSize ?? null;
  if (field.maxSize !== maxSize) out.push(`maxSize ${maxSize} → ${field.maxSize}`);
  return out;
}

/** A field with a catalog entry's data applied (origin `catalog`). */
export function withEntry(field: Field, entry: CatalogField): Field {
  return {
    ...field,
    type: entry.type ?? field.type,
    values: entry.values ?? field.values,
    write: entry.write ?? 'stored',
    setter: entry.setter ?? null,
    modifier: entry.modifier ?? null,
    computed: entry.computed ?? false,
    writeBack: entry.writeBack ?? true,
    allowNull: entry.allowNull ?? false,
    origin: 'catalog',
  };
}

/** A resource the catalog does not have: a module's, with every field and association field. */
function markModule(r: Resource): Resource {
  const mark = (f: Field): Field => ({ ...f, origin: 'module' });
  return { ...r, fields: r.fields.map(mark), associations: r.associations.map((a) => ({ ...a, fields: a.fields.map(mark) })), origin: 'module' };
}

export function applyCatalog(schema: StoreSchema, catalog: Catalog): AppliedCatalog {
  const diagnostics: CatalogDiagnostic[] = [];
  let applied = 0;
  let customised = 0;
  const applyField = (resource: string, label: string, field: Field, entry: CatalogField | undefined, strict: boolean): Field => {
    // No entry although the store's catalog applies: a module's field (or an override's).
    if (entry === undefined) return { ...field, origin: 'module' };
    const diff = strict ? differences(field, entry) : field.required === (entry.required ?? false) ? [] : ['required'];
    if (diff.length === 0) {
      applied++;
      return withEntry(field, entry);
    }
    customised++;
    diagnostics.push({
      resource,
      field: label,
      message: `${resource}.${label}: the store's synopsis differs from the PrestaShop ${catalog.version} catalog (${diff.join(', ')}); read from the synopsis alone (a class override or a module changed it)`,
    });
    return { ...field, origin: 'customised' };
  };
  const resources = schema.resources.map((r): Resource => {
    const entry = catalog.resources[r.name];
    if (entry === undefined) return markModule(r);
    const fields = r.fields.map((f) => applyField(r.name, f.name, f, entry.fields[f.name], true));
    const associations = r.associations.map((a): Association => {
      const assoc = entry.associations[a.name];
      if (assoc === undefined) return a;
      // Association item fields carry no format or maxSize in a synopsis: only `required` is compared.
      return { ...a, fields: a.fields.map((f) => applyField(r.name, `${a.name}.${f.name}`, f, assoc.fields[f.name], false)) };
    });
    return { ...r, fields, associations, quirks: [...new Set([...r.quirks, ...(entry.quirks ?? [])])].sort(), origin: 'core' };
  });
  return {
    schema: { ...schema, store: { ...schema.store, catalog: catalog.version }, resources },
    diagnostics,
    counts: { applied, customised },
  };
}
