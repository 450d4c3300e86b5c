/**
 * The normalised model of a PrestaShop store's Webservice schema.
 *
 * This module is pure: no I/O, no dependencies. Every other layer (introspect, emit, diff,
 * export, write) imports it; it imports nothing but its siblings.
 *
 * Conventions:
 * - every key is always present; "absent" is `null`, never `undefined`;
 * - names are wire names, never re-cased;
 * - the canonical form (see `canonicalize`) sorts everything by code units, so a snapshot of the
 *   same store is byte-identical whatever order the store answered in.
 */

/**
 * Bump when the snapshot format changes, and keep a reader for the old version.
 * - 1: synopsis only, fields and associations sorted by name.
 * - 2: fields and associations in store order; per-field catalog data (`type`, `values`, `write`,
 *   `setter`, `modifier`, `computed`, `writeBack`, `origin`); association `api`; resource `quirks`;
 *   store `catalog`. Version-1 snapshots still load (the new members take their defaults).
 * - 3: field `allowNull` (the store keeps NULL: `allow_null` in the definition); field origin
 *   `module` (no catalog entry although a catalog was applied: a module's field) and resource
 *   `origin` (`core`, `module`, or null without a catalog). Version-2 snapshots load with
 *   `allowNull` false and the origins derived from what they hold (see snapshot-read.ts).
 */
export const SCHEMA_VERSION = 3 as const;
export const SUPPORTED_SCHEMA_VERSIONS: readonly number[] = [1, 2, 3];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Where a resource's field metadata came from. */
export type SynopsisSource = 'json' | 'xml' | 'none';

/** PHP type of a class property (`ObjectModel::TYPE_*`); `nothing` is a property PrestaShop never casts. */
export const PHP_TYPES = ['int', 'bool', 'float', 'date', 'string', 'html', 'sql', 'nothing'] as const;
export type PhpType = (typeof PHP_TYPES)[number];

/**
 * What the store does with a written value (`WebserviceRequest::saveEntityFromXml`):
 * - `stored`: stored as sent (no setter, or `setter => null`);
 * - `refused`: `setter => false`, the store answers 400/93 when the field is sent;
 * - `hashed`: a setter hashes it (`Customer::setWsPasswd`): send the plain value, read a hash;
 * - `setter`: a setter method takes it, with effects beyond the column (`setCoverWs`, `setWsType`, ...).
 */
export const WRITE_MODES = ['stored', 'refused', 'hashed', 'setter'] as const;
export type WriteMode = (typeof WRITE_MODES)[number];

/** A webservice modifier: a method the store runs on the written value for some methods (`link_rewrite` on POST). */
export interface FieldModifier {
  readonly name: string;
  /** In `HTTP_METHODS` order. */
  readonly methods: readonly HttpMethod[];
}

/**
 * Where a field's meaning came from:
 * - `catalog`: the synopsis agrees with the bundled catalog, whose entry was applied;
 * - `customised`: the catalog has the field but the store's synopsis differs (an override or a
 *   module changed it), so only the synopsis is used;
 * - `module`: no catalog entry although the store's catalog was applied: a module's field (or a
 *   module resource's);
 * - `synopsis`: no catalog applied (a store outside the bundled generations): nothing tells.
 */
export const FIELD_ORIGINS = ['catalog', 'customised', 'module', 'synopsis'] as const;
export type FieldOrigin = (typeof FIELD_ORIGINS)[number];

/** Where a resource comes from: `core` (the catalog has it), `module` (it has not); null without a catalog. */
export const RESOURCE_ORIGINS = ['core', 'module'] as const;
export type ResourceOrigin = (typeof RESOURCE_ORIGINS)[number];

export interface StoreSchema {
  readonly schemaVersion: typeof SCHEMA_VERSION;
  readonly store: StoreInfo;
  /** Sorted by `name`. */
  readonly resources: readonly Resource[];
}

export interface StoreInfo {
  /** `PSWS-Version` header of the store (for example `8.2.0`); null when the store did not say. */
  readonly psVersion: string | null;
  /** Languages seen in the synopsis (and the `languages` resource when readable); sorted by id. */
  readonly languages: readonly Language[];
  /** The bundled catalog applied (`8.2.0`), or null when none was. */
  readonly catalog: string | null;
  /** The store's time zone (`PS_TIMEZONE`, e.g. `Europe/Paris`) when the key could read it, else null. */
  readonly timeZone: string | null;
}

export interface Language {
  readonly id: number;
  /** ISO code (`en`) when the store told us, else null. */
  readonly isoCode: string | null;
}

export interface Resource {
  /** API path segment, e.g. `stock_availables` (wire name, never transformed). */
  readonly name: string;
  /** Description from the `/api` listing, or null. */
  readonly description: string | null;
  /** Singular node name of an item (`product`, `stock_mvt`, `content`); null without a synopsis. */
  readonly nodeName: string | null;
  /** Plural node name of a list (`products`, `stock_mvts`, `order_slips`); null when unknown. */
  readonly nodesName: string | null;
  /** Methods the client offers: the key's flags minus what PrestaShop or the spec forbids, in `HTTP_METHODS` order. */
  readonly methods: readonly HttpMethod[];
  /**
   * The key's raw flags from the `/api` listing (the spec's methods when the listing could not be
   * read), in `HTTP_METHODS` order. `generate.methods` may turn on, within these, methods the
   * spec's table refuses but a real store allows (`DELETE` on carts).
   */
  readonly keyMethods: readonly HttpMethod[];
  readonly synopsis: SynopsisInfo;
  /** In store order (the order the store lists and applies them). The implicit `id` is not listed unless the store listed it. */
  readonly fields: readonly Field[];
  /** In store order (the order the store applies them in a write). */
  readonly associations: readonly Association[];
  /** Known store bugs for this resource, from the catalog (`xml-item-500`, `create-reads-back`). Sorted. */
  readonly quirks: readonly string[];
  /** `core` or `module` when a catalog was applied, else null. */
  readonly origin: ResourceOrigin | null;
}

export interface SynopsisInfo {
  readonly source: SynopsisSource;
  /** Why the source is what it is (for example why there are no fields), or null. */
  readonly reason: string | null;
}

export interface Field {
  /** Wire name, e.g. `id_manufacturer`. */
  readonly name: string;
  readonly required: boolean;
  readonly maxSize: number | null;
  /** PrestaShop validator name (`isUnsignedId`, `isCatalogName`, ...), or null when the store gives none. */
  readonly format: string | null;
  /** The spec's JSON `inputType` (`listId`, `langList`, `numeric`, ...), or null. */
  readonly inputType: string | null;
  readonly multilingual: boolean;
  readonly readOnly: boolean;
  /** False when the store marks the field `notFilterable`. */
  readonly filterable: boolean;
  /** Target resource of a foreign key (from `xlink:href`), or null. */
  readonly references: string | null;
  /** PHP type from the catalog, or null when unknown. */
  readonly type: PhpType | null;
  /** Allowed values from the catalog, or null when any value of the kind is allowed. */
  readonly values: readonly string[] | null;
  /** What a write does with the value (for synopsis-only fields: `refused` when read-only, else `stored`). */
  readonly write: WriteMode;
  /** The setter method, when `write` is `hashed` or `setter`; else null. */
  readonly setter: string | null;
  /** A modifier run on written values, or null. */
  readonly modifier: FieldModifier | null;
  /** The read value is computed by a getter. */
  readonly computed: boolean;
  /** False when a value read must not be written back (it fails, or changes the record). */
  readonly writeBack: boolean;
  /**
   * The store keeps NULL (`allow_null` in the definition): a PUT that leaves the field out stores
   * NULL, while an empty value is stored as 0. Reads show NULL as empty.
   */
  readonly allowNull: boolean;
  readonly origin: FieldOrigin;
}

export interface Association {
  /** Association name, e.g. `categories`, `order_rows`. */
  readonly name: string;
  /** Target resource (first segment of `api`), or null for virtual entities. */
  readonly resource: string | null;
  /** The target path exactly as the store gives it (`images/products` on combinations), or null. */
  readonly api: string | null;
  /** Node name of one item (`nodeType`), e.g. `category`, `order_row`. */
  readonly nodeName: string;
  /** True for `virtualEntity="true"` associations (no resource of their own). */
  readonly virtual: boolean;
  /** In store order. */
  readonly fields: readonly Field[];
}

/** A field with every property at its neutral default; handy for building models by hand. */
export function makeField(name: string, props: Partial<Omit<Field, 'name'>> = {}): Field {
  return {
    name,
    required: props.required ?? false,
    maxSize: props.maxSize ?? null,
    format: props.format ?? null,
    inputType: props.inputType ?? null,
    multilingual: props.multilingual ?? false,
    readOnly: props.readOnly ?? false,
    filterable: props.filterable ?? true,
    references: props.references ?? null,
    type: props.type ?? null,
    values: props.values ?? null,
    write: props.write ?? (props.readOnly === true ? 'refused' : 'stored'),
    setter: props.setter ?? null,
    modifier: props.modifier ?? null,
    computed: props.computed ?? false,
    writeBack: props.writeBack ?? true,
    allowNull: props.allowNull ?? false,
    origin: props.origin ?? 'synopsis',
  };
}

export function makeResource(name: string, props: Partial<Omit<Resource, 'name'>> = {}): Resource {
  return {
    name,
    description: props.description ?? null,
    nodeName: props.nodeName ?? null,
    nodesName: props.nodesName ?? null,
    methods: props.methods ?? ['GET'],
    keyMethods: props.keyMethods ?? props.methods ?? ['GET'],
    synopsis: props.synopsis ?? { source: 'xml', reason: null },
    fields: props.fields ?? [],
    associations: props.associations ?? [],
    quirks: props.quirks ?? [],
    origin: props.origin ?? null,
  };
}

export function makeAssociation(
  name: string,
  props: Partial<Omit<Association, 'name'>> & { nodeName: string },
): Association {
  return {
    name,
    resource: props.resource ?? null,
    api: props.api ?? props.resource ?? null,
    nodeName: props.nodeName,
    virtual: props.virtual ?? false,
    fields: props.fields ?? [makeField('id')],
  };
}
