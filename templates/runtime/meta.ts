/**
 * Runtime metadata: what the client needs to know about a resource to talk to the store.
 * The generator writes one `ResourceMeta` constant per resource (clients/<resource>.ts); the
 * runtime reads it to build XML bodies and to decode answers. Dependency-free.
 */

/** HTTP methods the Webservice knows. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/**
 * Value kind of a field (from its PrestaShop validator):
 * - `id`: entity id or foreign key, a number (0 = none);
 * - `int`: any other integer, a number;
 * - `decimal`: a decimal the store sends as a string (`"23.900000"`), decoded per `Codec.decimals`;
 * - `bool`: `"0"`/`"1"` on the wire, a boolean in TypeScript;
 * - `date`: `YYYY-MM-DD[ HH:MM:SS]`, decoded per `Codec.dates`;
 * - `html`, `string`, `unknown`: strings.
 */
export type FieldKind = 'id' | 'int' | 'decimal' | 'bool' | 'date' | 'html' | 'string' | 'unknown';

export interface FieldMeta {
  /** Wire name (`id_manufacturer`). */
  readonly name: string;
  readonly kind: FieldKind;
  /** The value is per language (`<language id="N">` children / `[{id, value}]`). */
  readonly multilingual?: boolean | undefined;
  /** The store refuses the field in a write body (code 93); never sent. */
  readonly readOnly?: boolean | undefined;
  /** The store refuses filters on it (code 34): it has a getter. */
  readonly notFilterable?: boolean | undefined;
  /** For `date` fields: the value is a date without a time (`isBirthDate`, `isDateFormat`). */
  readonly dateOnly?: boolean | undefined;
  /** The synopsis says read-only, but the store stores the value as sent: a PUT must carry it back. */
  readonly serverManaged?: boolean | undefined;
  /** Computed on read: a value read is not sent back (writing it fails or changes the record). */
  readonly noWriteBack?: boolean | undefined;
  /** For a foreign key: the resource it refers to (`categories` for `id_parent`). */
  readonly references?: string | undefined;
  /** The values the store accepts (others: 400, code 85). */
  readonly values?: readonly string[] | undefined;
  /**
   * The store keeps NULL (`allow_null`): an empty read value decodes as `null`, and a `null` is left
   * out of write bodies (a PUT then stores NULL; an empty value would be stored as 0).
   */
  readonly allowNull?: boolean | undefined;
  /** A modifier the store runs on create reads it: a POST without it fails (500) before saving. */
  readonly createRequired?: boolean | undefined;
}

export interface AssociationMeta {
  /** Association name (`categories`). */
  readonly name: string;
  /** Element name of one item (`category`). */
  readonly node: string;
  /** Fields of one item (at least `id`). */
  readonly fields: readonly FieldMeta[];
}

export interface ResourceMeta {
  /** API path segment (`products`). */
  readonly name: string;
  /** Element / JSON key of one item (`product`). */
  readonly node: string;
  /** Element / JSON key of a list (`products`; `order_slips` for `order_slip`). */
  readonly nodes: string;
  /** Every field of the resource, `id` first. */
  readonly fields: readonly FieldMeta[];
  readonly associations: readonly AssociationMeta[];
  /**
   * Key of the object that holds fields the metadata does not describe (module fields), in read
   * results and write bodies (default `extensions`).
   */
  readonly extensions?: string | undefined;
  /** Known store bugs (`xml-item-500`: an XML read of one item answers 500, so items are read in JSON). */
  readonly quirks?: readonly string[] | undefined;
  /**
   * `date`: the resource has a filterable `date_upd`, so `changes()` reads creations, updates and
   * deletions by date; absent: an id feed (creations and deletions only). The field plan decides.
   */
  readonly feed?: 'date' | undefined;
}

/** The key of the module-field escape hatch of a resource. */
export function extensionsKeyOf(meta: ResourceMeta): string {
  return meta.extensions ?? 'extensions';
}

/** How decimals and dates are decoded; matches the generated types (generate options `decimals` and `dates`). */
export interface Codec {
  readonly decimals: 'number' | 'string';
  readonly dates: 'string' | 'Date';
  /**
   * With `dates: 'Date'`: the IANA time zone the store's wall-clock times are in (`Europe/Paris`,
   * PrestaShop's `PS_TIMEZONE`). Absent: dates are read and written as if the store ran on UTC.
   */
  readonly timeZone?: string | undefined;
}

export const DEFAULT_CODEC: Codec = { decimals: 'number', dates: 'string' };

/**
 * Fields the store refuses (code 93) although they hold a stored value, so that a PUT, which resets
 * every field it does not carry, empties them (`customers.secure_key` on 9.0). A field with a getter
 * (`notFilterable`) is computed, not stored, and is not one of them.
 */
export function refusedStoredFields(meta: ResourceMeta): FieldMeta[] {
  return meta.fields.filter((f) => f.readOnly === true && f.notFilterable !== true && f.name !== 'id');
}

/** The field named `name`, or undefined. */
export function fieldOf(meta: { readonly fields: readonly FieldMeta[] }, name: string): FieldMeta | undefined {
  for (const f of meta.fields) if (f.name === name) return f;
  return undefined;
}
