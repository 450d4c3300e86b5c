/**
 * The bundled store-behaviour catalog: what a core PrestaShop release decides in its PHP classes
 * and its synopsis does not say. One file per generation (`catalog/prestashop-<version>.json`),
 * built at development time by `scripts/build-catalog.ts` from each release's `$definition`s and
 * `getWebserviceParameters()` (see `fixtures/catalog-src/`).
 *
 * Every optional member has a default, and the files leave defaults out to stay small.
 */
import type { FieldModifier, PhpType, WriteMode } from '../model/index.js';

/** Bump when the file layout changes. */
export const CATALOG_FORMAT = 1 as const;

export interface CatalogField {
  /** PHP type of the class property (`ObjectModel::TYPE_*`), or of the getter's value for virtual fields. */
  readonly type?: PhpType;
  /** What the store's synopsis shows for this field: the `Validate::is*` names, space-joined. */
  readonly format?: string;
  /** Synopsis `required` (before any back-office "required fields" customisation). Default false. */
  readonly required?: boolean;
  /** Synopsis `maxSize`. Default none. */
  readonly maxSize?: number;
  /** Multilingual (`i18n`). Default false. */
  readonly multilingual?: boolean;
  /** Allowed values (`ObjectModel::validateField` refuses others with code 85). */
  readonly values?: readonly string[];
  /** What a write does with the value. Default `stored`. */
  readonly write?: WriteMode;
  /** The setter method that takes the value (`write` is `hashed` or `setter`). */
  readonly setter?: string;
  /** A modifier the store runs on the written value, and the methods it runs on. */
  readonly modifier?: FieldModifier;
  /** The read value comes from a getter (not a column). Default false. */
  readonly computed?: boolean;
  /** False when a value read must not be sent back unchanged (it fails or changes the record). Default true. */
  readonly writeBack?: boolean;
  /** Why `writeBack` is false, for docs and JSDoc. */
  readonly note?: string;
  /** The definition's `allow_null`: a PUT that leaves the field out stores NULL. Default false. */
  readonly allowNull?: boolean;
}

export interface CatalogAssociation {
  /** Association item fields, in store order. */
  readonly fields: Readonly<Record<string, CatalogField>>;
}

export interface CatalogResource {
  /** The PHP class (`Product`). */
  readonly class: string;
  /** Fields in the order the store lists and applies them (the synopsis order). */
  readonly fields: Readonly<Record<string, CatalogField>>;
  /** Associations in the order the store applies them. */
  readonly associations: Readonly<Record<string, CatalogAssociation>>;
  /**
   * Known store behaviours: `xml-item-500` (an XML read of one item answers 500),
   * `create-reads-back` (a POST answers the posted object, not the one stored: read it back).
   */
  readonly quirks?: readonly string[];
}

export interface Catalog {
  readonly format: typeof CATALOG_FORMAT;
  /** The release the data was read from (`8.2.0`). */
  readonly version: string;
  /** Sorted by name. */
  readonly resources: Readonly<Record<string, CatalogResource>>;
}

/** The generations bundled, oldest first. */
export const CATALOG_VERSIONS = ['1.7.8.10', '8.2.0', '9.0.0'] as const;
export type CatalogVersion = (typeof CATALOG_VERSIONS)[number];

/**
 * The catalog of a store's generation: 1.7.x → 1.7.8.10, 8.x → 8.2.0, 9.x → 9.0.0. Null for a
 * version outside these lines (or none), whose store is then read from its synopsis alone.
 */
export function catalogVersionFor(psVersion: string | null): CatalogVersion | null {
  if (psVersion === null) return null;
  const m = /^(\d{1,3})\.(\d{1,3})/.exec(psVersion.trim());
  if (m === null) return null;
  const major = Number(m[1]);
  const minor = Number(m[2]);
  if (major === 1 && minor === 7) return '1.7.8.10';
  if (major === 8) return '8.2.0';
  if (major === 9) return '9.0.0';
  return null;
}
