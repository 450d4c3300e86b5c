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

/** Bump when the snapshot format changes incompatibly, and keep a reader for the old version. */
export const SCHEMA_VERSION = 1 as const;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Where a resource's field metadata came from. */
export type SynopsisSource = 'json' | 'xml' | 'none';

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
  /** Methods this key may use on this resource, in `HTTP_METHODS` order. */
  readonly methods: readonly HttpMethod[];
  readonly synopsis: SynopsisInfo;
  /** Sorted by `name`. The implicit `id` of PrestaShop entities is not listed unless the store listed it. */
  readonly fields: readonly Field[];
  /** Sorted by `name`. */
  readonly associations: readonly Association[];
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
}

export interface Association {
  /** Association name, e.g. `categories`, `order_rows`. */
  readonly name: string;
  /** Target resource (`api` attribute), or null for virtual entities. */
  readonly resource: string | null;
  /** Node name of one item (`nodeType`), e.g. `category`, `order_row`. */
  readonly nodeName: string;
  /** True for `virtualEntity="true"` associations (no resource of their own). */
  readonly virtual: boolean;
  /** Sorted by `name`. */
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
  };
}

export function makeResource(name: string, props: Partial<Omit<Resource, 'name'>> = {}): Resource {
  return {
    name,
    description: props.description ?? null,
    nodeName: props.nodeName ?? null,
    nodesName: props.nodesName ?? null,
    methods: props.methods ?? ['GET'],
    synopsis: props.synopsis ?? { source: 'xml', reason: null },
    fields: props.fields ?? [],
    associations: props.associations ?? [],
  };
}

export function makeAssociation(
  name: string,
  props: Partial<Omit<Association, 'name'>> & { nodeName: string },
): Association {
  return {
    name,
    resource: props.resource ?? null,
    nodeName: props.nodeName,
    virtual: props.virtual ?? false,
    fields: props.fields ?? [makeField('id')],
  };
}
