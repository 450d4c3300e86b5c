/**
 * Core baselines from the store-behaviour catalog: the model a store of one PrestaShop release,
 * with no module and no back-office "required fields", would give `introspect`.
 *
 * A core resource's synopsis is a pure function of its class's webservice parameters
 * (`ObjectModel::getWebserviceParameters()`, which already merges `$definition`), rendered by
 * `WebserviceOutputBuilder::renderSchema` → `renderField` / `renderAssociations` →
 * `getSynopsisDetails` and `WebserviceOutputXML::renderField` / `renderAssociationHeader`
 * (the same code in 1.7.8, 8.x and 9.0). What each part of that code shows, and how the
 * introspector reads it (src/introspect/parse-synopsis.ts), is restated next to each line below.
 *
 * Pure: the caller reads the catalog files; this module only maps them. Fields and associations
 * come out in the order the class declares them, which is the order the synopsis lists them.
 */
import { applyCatalog, type Catalog } from '../catalog/index.js';
import {
  coreReference,
  makeAssociation,
  makeField,
  makeResource,
  NO_SYNOPSIS_RESOURCES,
  usableMethods,
  HTTP_METHODS,
  type Field,
  type HttpMethod,
  type Resource,
  type StoreSchema,
  SCHEMA_VERSION,
} from '../model/index.js';

/** One field of `parameters.json` (only the keys the synopsis depends on). */
export interface CatalogField {
  readonly required?: boolean;
  readonly maxSize?: number;
  readonly validateMethod?: readonly string[] | string;
  readonly i18n?: boolean;
  /** Present (even `false`) → `notFilterable="true"` (XML renderer: `isset($field['getter'])`). */
  readonly getter?: string | false | null;
  /** `false` or `null` → `readOnly="true"` (`getSynopsisDetails`: `array_key_exists && !setter`). */
  readonly setter?: string | false | null;
  readonly xlink_resource?: string | { readonly resourceName: string; readonly subResourceName?: string };
}

export interface CatalogAssociation {
  /** The node type of one item. */
  readonly resource: string;
  readonly api?: string;
  readonly virtual_entity?: boolean;
  /** `[]` in PHP's JSON for a field declared without attributes. */
  readonly fields?: Readonly<Record<string, CatalogField | readonly never[]>>;
}

/** One resource of `parameters.json`. */
export interface CatalogParameters {
  readonly objectNodeName: string;
  readonly objectsNodeName: string;
  readonly fields: Readonly<Record<string, CatalogField>>;
  readonly associations?: Readonly<Record<string, CatalogAssociation>>;
  readonly hidden_fields?: readonly string[];
}

/** One resource of `resources.json`. */
export interface CatalogResource {
  readonly name: string;
  readonly description: string | null;
  readonly specific_management: boolean;
  readonly allowed_methods: readonly string[];
}

/** What the builder reads from `catalog/<version>/`. */
export interface CatalogInputs {
  readonly version: string;
  /** The methods the recording key held on every resource (the `/api` listing's flags). */
  readonly keyMethods: readonly string[];
  readonly languages: readonly { readonly id: number; readonly iso_code: string | null }[];
  readonly resources: readonly CatalogResource[];
  readonly parameters: Readonly<Record<string, CatalogParameters>>;
}

const truthy = (v: unknown): boolean => v !== undefined && v !== null && v !== false && v !== '' && v !== 0;

/** `format` = `validateMethod`, space-joined when an array (WebserviceOutputXML: `implode(' ', $detail)`). */
function formatOf(f: CatalogField): string | null {
  const v = f.validateMethod;
  if (!truthy(v)) return null;
  const text = Array.isArray(v) ? v.join(' ') : String(v);
  return text.trim() === '' || (Array.isArray(v) && v.length === 0) ? null : text.trim();
}

/** `xlink:href` of a field that keeps it (association rows): `{ws}/{resource}/…`. */
function xlinkTarget(f: CatalogField): string | null {
  const x = f.xlink_resource;
  if (x === undefined || x === null) return null;
  return typeof x === 'string' ? x : x.resourceName;
}

function asField(v: CatalogField | readonly never[]): CatalogField {
  return Array.isArray(v) ? {} : (v as CatalogField);
}

/**
 * A top-level field as the synopsis shows it: `required`/`maxSize`/`format`/`readOnly` from
 * `getSynopsisDetails`; `notFilterable` only on a non-i18n field with a `getter` key; `<language>`
 * children (multilingual) for i18n; `xlink:href` removed (the introspector adds core foreign keys
 * from its bundled table, as done here).
 */
function topField(resource: string, name: string, f: CatalogField): Field {
  const multilingual = f.i18n === true;
  return makeField(name, {
    required: truthy(f.required),
    maxSize: truthy(f.maxSize) ? Number(f.maxSize) : null,
    format: formatOf(f),
    multilingual,
    readOnly: 'setter' in f && !truthy(f.setter),
    filterable: multilingual || !('getter' in f) || f.getter === null,
    references: coreReference(resource, name),
  });
}

/** A field of an association's template row: same details, plus its `xlink:href` kept. */
function associationField(name: string, f: CatalogField): Field {
  return makeField(name, {
    required: truthy(f.required),
    maxSize: truthy(f.maxSize) ? Number(f.maxSize) : null,
    format: formatOf(f),
    readOnly: 'setter' in f && !truthy(f.setter),
    filterable: !('getter' in f) || f.getter === null,
    references: xlinkTarget(f),
  });
}

/**
 * `<{name} nodeType="{resource}" api="{api ?? name}">` or `virtualEntity="true"`; the template row
 * holds the declared fields, or `id` alone when none is declared.
 */
function association(name: string, a: CatalogAssociation): ReturnType<typeof makeAssociation> {
  const virtual = a.virtual_entity === true;
  const api = a.api ?? name;
  const declared = Object.entries(a.fields ?? {});
  return makeAssociation(name, {
    resource: virtual ? null : (api.split('/').find((s) => s !== '') ?? null),
    api: virtual ? null : api,
    nodeName: a.resource,
    virtual,
    fields: declared.length === 0 ? [makeField('id')] : declared.map(([n, f]) => associationField(n, asField(f))),
  });
}

/**
 * A baseline models a key that holds every method on every resource: the `/api` listing then flags
 * every method the release knows, whatever the resource forbids (as the 8.2.0 fixture store's
 * listing shows). 1.7.8 has no PATCH, and its listing no `patch` flag (resources.json `key_methods`).
 */
function keyMethodsOf(inputs: CatalogInputs): HttpMethod[] {
  const held = new Set(inputs.keyMethods);
  return HTTP_METHODS.filter((m) => held.has(m));
}

function methodsOf(r: CatalogResource): HttpMethod[] {
  const allowed = new Set(r.allowed_methods);
  return usableMethods(
    r.name,
    HTTP_METHODS.filter((m) => allowed.has(m)),
  );
}

function resourceOf(r: CatalogResource, p: CatalogParameters | undefined, keyMethods: readonly HttpMethod[]): Resource {
  const noSynopsis = NO_SYNOPSIS_RESOURCES.get(r.name);
  if (noSynopsis !== undefined || p === undefined) {
    return makeResource(r.name, {
      description: r.description,
      methods: methodsOf(r),
      keyMethods,
      synopsis: { source: 'none', reason: noSynopsis ?? 'the catalog has no webservice parameters for it' },
    });
  }
  const hidden = new Set(p.hidden_fields ?? []);
  const fields = Object.entries(p.fields)
    // `id` is not rendered in a synopsis; hidden fields are never rendered.
    .filter(([name]) => name !== 'id' && !hidden.has(name))
    .map(([name, f]) => topField(r.name, name, f));
  const associations = Object.entries(p.associations ?? {}).map(([name, a]) => association(name, a));
  return makeResource(r.name, {
    description: r.description,
    nodeName: p.objectNodeName,
    nodesName: p.objectsNodeName,
    methods: methodsOf(r),
    keyMethods,
    synopsis: { source: 'xml', reason: null },
    fields,
    associations,
  });
}

/** The synopsis-level model of one release: what the introspector reads from its synopses. */
export function buildSynopsisModel(inputs: CatalogInputs): StoreSchema {
  return {
    schemaVersion: SCHEMA_VERSION,
    store: {
      psVersion: inputs.version,
      languages: inputs.languages.map((l) => ({ id: l.id, isoCode: l.iso_code ?? null })),
      catalog: null,
      // A store's own setting; a release has none.
      timeZone: null,
    },
    resources: inputs.resources.map((r) => resourceOf(r, inputs.parameters[r.name], keyMethodsOf(inputs))),
  };
}

/**
 * The core baseline of one release, in store order: its synopsis-level model with the release's
 * bundled store-behaviour catalog applied, as introspection applies it (src/catalog/apply.ts).
 */
export function buildBaseline(inputs: CatalogInputs, catalog: Catalog): StoreSchema {
  return applyCatalog(buildSynopsisModel(inputs), catalog).schema;
}

const FIELD_KEYS = ['required', 'maxSize', 'validateMethod', 'i18n', 'getter', 'setter', 'xlink_resource'] as const;

function pick<T extends object>(o: T, keys: readonly string[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in o) out[k] = (o as Record<string, unknown>)[k];
  return out as Partial<T>;
}

/** The part of a release's raw `resources.json` and `parameters.json` the builder reads. */
export function extractInputs(resourcesJson: unknown, parametersJson: unknown): CatalogInputs {
  const rj = resourcesJson as {
    prestashop_version: string;
    key_methods: string[];
    languages: { id: number; iso_code: string | null }[];
    resources: CatalogResource[];
  };
  const pj = parametersJson as Record<string, CatalogParameters>;
  const parameters: Record<string, CatalogParameters> = {};
  for (const [name, p] of Object.entries(pj)) {
    const fields = (o: Readonly<Record<string, CatalogField | readonly never[]>>) =>
      Object.fromEntries(Object.entries(o).map(([n, f]) => [n, Array.isArray(f) ? {} : pick(f as CatalogField, FIELD_KEYS)]));
    parameters[name] = {
      objectNodeName: p.objectNodeName,
      objectsNodeName: p.objectsNodeName,
      fields: fields(p.fields) as Record<string, CatalogField>,
      ...(p.hidden_fields === undefined ? {} : { hidden_fields: p.hidden_fields }),
      ...(p.associations === undefined
        ? {}
        : {
            associations: Object.fromEntries(
              Object.entries(p.associations).map(([n, a]) => [
                n,
                {
                  resource: a.resource,
                  ...(a.api === undefined ? {} : { api: a.api }),
                  ...(a.virtual_entity === undefined ? {} : { virtual_entity: a.virtual_entity }),
                  ...(a.fields === undefined ? {} : { fields: fields(a.fields) }),
                },
              ]),
            ),
          }),
    };
  }
  return {
    version: rj.prestashop_version,
    keyMethods: rj.key_methods,
    languages: rj.languages.map((l) => ({ id: l.id, iso_code: l.iso_code })),
    resources: rj.resources.map((r) => ({
      name: r.name,
      description: r.description,
      specific_management: r.specific_management,
      allowed_methods: r.allowed_methods,
    })),
    parameters,
  };
}
