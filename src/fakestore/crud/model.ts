/**
 * What the CRUD fake store knows about a resource, derived from the model (a snapshot), and the
 * per-field rules it applies to writes the way PrestaShop's `ObjectModel` does: zero values of
 * fields a POST/PUT leaves out, format checks (code 85, 84 for languages), length checks.
 */
import { fieldKind, type FieldKind, type HttpMethod, type Resource, type WriteMode } from '../../model/index.js';

export interface CrudField {
  readonly name: string;
  readonly kind: FieldKind;
  readonly format: string | null;
  readonly multilingual: boolean;
  readonly readOnly: boolean;
  readonly required: boolean;
  readonly maxSize: number | null;
  /** False for fields with a getter: filters on them answer 400/34, output carries notFilterable. */
  readonly filterable: boolean;
  /** Target resource of an id (for `xlink:href`), or null. */
  readonly references: string | null;
  /** What `saveEntityFromXml` does with a sent value (`refused` = setter false: 400/93). */
  readonly write: WriteMode;
  /** The setter method, for `hashed` and `setter` fields. */
  readonly setter: string | null;
  /** Computed by a getter: no column, so a PUT that nulls it changes nothing stored. */
  readonly computed: boolean;
  /** Allowed values (`ObjectModel::validateField`: 85 "has a bad value"), or null. */
  readonly values: readonly string[] | null;
  /** The SQL `ENUM` column's list where the `$definition` gives none (`SQL_ENUM_ONLY`): what the column keeps. */
  readonly columnValues?: readonly string[] | null;
  /** `allow_null`: a write that sets the property to null stores NULL (rendered empty), not 0. */
  readonly allowNull: boolean;
}

export interface CrudAssociation {
  readonly name: string;
  readonly node: string;
  /** Target resource (`api` attribute), or null for virtual entities. */
  readonly resource: string | null;
  readonly fields: readonly CrudField[];
  /** False: PrestaShop has no setter, a write silently ignores it (products' stock_availables). */
  readonly writable: boolean;
}

export interface CrudResource {
  readonly name: string;
  readonly node: string;
  readonly nodes: string;
  /** `Product`, `StockAvailable`: used in validation messages (`Property Product->price is not valid`). */
  readonly className: string;
  /** `id` first, then the model's fields. */
  readonly fields: readonly CrudField[];
  readonly associations: readonly CrudAssociation[];
  /** Methods a key may use (the snapshot's `keyMethods`, the key's raw flags). */
  readonly methods: readonly HttpMethod[];
  /** Methods PrestaShop itself forbids on the resource (405, code 101): the release's `forbidden_method`. */
  readonly forbidden: readonly HttpMethod[];
}

/**
 * Associations PrestaShop reads but never writes: no `setWs…` method, or `'setter' => false`, which
 * `saveEntityFromXml` skips (Order.php `order_rows`, OrderDetail.php `taxes`, OrderSlip.php
 * `order_slip_details`, 8.2.0).
 */
const READ_ONLY_ASSOCIATIONS = new Set([
  'products.stock_availables',
  'products.images',
  'categories.categories',
  'categories.products',
  'orders.order_rows',
  'order_details.taxes',
  'order_slip.order_slip_details',
]);

const ID_FIELD: CrudField = {
  name: 'id',
  kind: 'id',
  format: 'isUnsignedId',
  multilingual: false,
  readOnly: false,
  required: false,
  maxSize: null,
  filterable: true,
  references: null,
  write: 'stored',
  setter: null,
  computed: false,
  values: null,
  allowNull: false,
};

/** Resources whose `forbidden_method` is every write: read-only views. */
const READ_ONLY_VIEWS = new Set([
  'search',
  'stock_movements',
  'stocks',
  'supply_orders',
  'supply_order_details',
  'supply_order_histories',
  'supply_order_receipt_histories',
  'supply_order_states',
  'warehouse_product_locations',
]);

/**
 * What a real store forbids: `forbidden_method` of `WebserviceRequest::getResources()` in each
 * release (8.2.0 classes/webservice/WebserviceRequest.php 331-346; 1.7.8 lists the read-only views
 * without PATCH, which 1.7.8 does not know at all: 405/23 before this check). The model's table
 * also lists `attachments` POST, a client-side policy: a real store answers it, saving nothing
 * (attachments.ts). Module resources
 * (`addWebserviceResources`) carry their own `forbidden_method`, which a snapshot does not record.
 */
function storeForbidden(resource: string, generation: string = '8.x'): readonly HttpMethod[] {
  if (READ_ONLY_VIEWS.has(resource))
    return generation === '1.7' ? ['PUT', 'POST', 'DELETE'] : ['PUT', 'POST', 'PATCH', 'DELETE'];
  if (resource === 'stock_availables') return ['POST', 'DELETE'];
  if (resource === 'warehouses') return ['DELETE'];
  return [];
}

/**
 * `allow_null` fields of each release's `$definition` (fixtures/catalog-src/<release>/definitions.json,
 * read from the classes' `$definition`): `ObjectModel::formatValue($value, $type, …, $allow_null)`
 * stores NULL for a null property, `(int) ''` = 0 for an empty one. 8.2.0 and 9.0.0 add
 * `order_payments.id_employee` to 1.7.8.10's four.
 */
const ALLOW_NULL_17 = [
  'combinations.low_stock_threshold',
  'combinations.default_on',
  'currencies.numeric_iso_code',
  'products.low_stock_threshold',
];
const ALLOW_NULL: Readonly<Record<string, ReadonlySet<string>>> = {
  '1.7': new Set(ALLOW_NULL_17),
  '8.x': new Set([...ALLOW_NULL_17, 'order_payments.id_employee']),
  '9.0': new Set([...ALLOW_NULL_17, 'order_payments.id_employee']),
};

export function crudResourceOf(resource: Resource, generation: string = '8.x'): CrudResource {
  const nullable = ALLOW_NULL[generation] ?? ALLOW_NULL['8.x']!;
  const node = resource.nodeName ?? resource.name;
  const fields: CrudField[] = [ID_FIELD];
  for (const f of resource.fields) {
    if (f.name === 'id') continue;
    fields.push({
      name: f.name,
      kind: fieldKind(f),
      format: f.format,
      multilingual: f.multilingual,
      // What the store refuses is what its setter refuses, not what the synopsis calls read-only.
      readOnly: f.write === 'refused',
      required: f.required,
      maxSize: f.maxSize,
      filterable: f.filterable,
      references: f.references,
      write: f.write,
      setter: f.setter,
      computed: f.computed,
      values: SQL_ENUM_ONLY.has(`${resource.name}.${f.name}`) ? null : f.values,
      columnValues: SQL_ENUM_ONLY.has(`${resource.name}.${f.name}`) ? f.values : null,
      allowNull: f.allowNull || nullable.has(`${resource.name}.${f.name}`),
    });
  }
  return {
    name: resource.name,
    node,
    nodes: resource.nodesName ?? resource.name,
    className: node
      .split('_')
      .map((w) => (w === '' ? '' : w[0]!.toUpperCase() + w.slice(1)))
      .join(''),
    fields,
    associations: resource.associations.map((a) => ({
      name: a.name,
      node: a.nodeName,
      resource: a.resource,
      writable: !READ_ONLY_ASSOCIATIONS.has(`${resource.name}.${a.name}`),
      fields: a.fields.map((f) => ({
        name: f.name,
        kind: f.name === 'id' ? 'id' : fieldKind(f),
        format: f.format,
        multilingual: false,
        readOnly: f.write === 'refused',
        required: f.required,
        maxSize: f.maxSize,
        filterable: true,
        references: f.name === 'id' ? a.resource : f.references,
        write: f.write,
        setter: f.setter,
        computed: f.computed,
        values: f.values,
        allowNull: false,
      })),
    })),
    // What the key's flags allow: a real store does not apply the spec's table.
    methods: resource.keyMethods,
    forbidden: storeForbidden(resource.name, generation),
  };
}

/** Whether a field holds a date without time (`YYYY-MM-DD`). */
function dateOnly(field: CrudField): boolean {
  return /^(isBirthDate|isDateFormat)$/i.test(field.format ?? '');
}

/**
 * `$definition` defaults of the fields with allowed values (definitions.json of 1.7.8.10, 8.2.0 and
 * 9.0.0 agree): `ObjectModel::validateField` puts the default in an empty value before checking it.
 */
const VALUE_DEFAULTS: Readonly<Record<string, string>> = { condition: 'new', visibility: 'both' };

/** The value a field holds when a write sets it to null (what the database gives back). */
export function zeroValue(field: CrudField): string {
  if (field.values !== null) return VALUE_DEFAULTS[field.name] ?? '';
  switch (field.kind) {
    case 'id':
    case 'int':
    case 'bool':
      return '0';
    case 'decimal':
      return '0.000000';
    case 'date':
      return dateOnly(field) ? '0000-00-00' : '0000-00-00 00:00:00';
    default:
      return '';
  }
}

/** What a property left null stores: NULL (read as '') for `allow_null` fields, else the zero value. */
export function nullValue(field: CrudField): string {
  return field.allowNull ? '' : zeroValue(field);
}

/**
 * Fields whose allowed values the snapshot takes from the release's SQL `ENUM` column, not from the
 * `$definition` (fixtures/catalog-src/<version>/enums.json): `validateField` does not check them
 * (85 "has a bad value" never comes), only their `validate` rule does (`isReductionType`,
 * `isStockManagement`), and the column keeps '' for anything else (`columnValue`).
 */
const SQL_ENUM_ONLY = new Set([
  'products.redirect_type',
  'customer_threads.status',
  'specific_prices.reduction_type',
  'specific_price_rules.reduction_type',
  'warehouses.management_type',
]);

/**
 * ENUM columns whose `$definition` gives no allowed values, so `validateField` passes anything
 * (8.2.0 install/data/db_structure.sql 1638, 1698: product and product_shop). MySQL without strict
 * mode stores '' for a value outside the list: a real 8.2.0 store answers 201 and keeps ''
 * (issue 21, item 7). Other releases' lists differ and are not reproduced.
 */
const ENUM_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  'products.redirect_type': [
    '',
    '404',
    '410',
    '301-product',
    '302-product',
    '301-category',
    '302-category',
    '200-displayed',
    '404-displayed',
    '410-displayed',
    'default',
  ],
};

/** What the column keeps of a sent value: '' for a value outside an ENUM column's list (8.x). */
export function columnValue(resource: string, field: CrudField, value: string, generation: string): string {
  const allowed = field.columnValues ?? (generation === '8.x' ? ENUM_COLUMNS[`${resource}.${field.name}`] : undefined);
  return allowed !== undefined && allowed !== null && !allowed.includes(value) ? '' : value;
}

/** The stored form of a written value (decimals get six places, as a DECIMAL(20,6) column). */
export function storedValue(field: CrudField, value: string, previous?: string): string {
  // A DECIMAL column keeps its scale: DECIMAL(20,6) mostly, DECIMAL(5,2) for group reductions.
  const scale = previous === undefined ? 6 : (/\.(\d+)$/.exec(previous)?.[1]?.length ?? 6);
  if (field.kind === 'decimal' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value).toFixed(scale);
  if ((field.kind === 'int' || field.kind === 'id' || field.kind === 'bool') && /^[+-]?\d+$/.test(value))
    return String(Number(value));
  // An empty value is not null: `(int) ''` is 0 even in an `allow_null` column (issue 21, item 6).
  if (value === '' && field.kind !== 'string' && field.kind !== 'html' && field.kind !== 'unknown')
    return zeroValue(field);
  return value;
}

const FORMAT_RULES: Readonly<Record<string, RegExp>> = {
  isunsignedid: /^\d+$/,
  isnullorunsignedid: /^\d*$/,
  isunsignedint: /^\d+$/,
  isint: /^[+-]?\d+$/,
  ispositiveint: /^[1-9]\d*$/,
  isbool: /^([01]|true|false)$/i,
  isprice: /^\d{1,10}(\.\d{1,9})?$/,
  isnegativeprice: /^[-]?\d{1,10}(\.\d{1,9})?$/,
  isfloat: /^[+-]?\d+(\.\d+)?$/,
  isunsignedfloat: /^\d+(\.\d+)?$/,
  isdate: /^\d{4}-\d{1,2}-\d{1,2}( \d{2}:\d{2}:\d{2})?$/,
  isdateformat: /^\d{4}-\d{1,2}-\d{1,2}( \d{2}:\d{2}:\d{2})?$/,
  isbirthdate: /^(\d{4}-\d{2}-\d{2})?$|^0000-00-00$/,
  isemail: /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/,
  iscatalogname: /^[^<>;=#{}]*$/,
  isgenericname: /^[^<>={}]*$/,
  isname: /^[^0-9!<>,;?=+()@#"°{}_$%:¤|]*$/u,
  islinkrewrite: /^[_a-zA-Z0-9\p{L}\p{S}-]*$/u,
  isreference: /^[^<>;={}]*$/,
  // Validate::isReductionType / isStockManagement (8.2.0 classes/Validate.php 1195, 1311).
  isreductiontype: /^(amount|percentage)$/,
  isstockmanagement: /^(WA|FIFO|LIFO)$/,
};

/**
 * The validation error of one value, or null. Values PHP calls empty (`''`, `'0'`) pass, as in
 * `ObjectModel::validateField`; required-ness is checked separately. Language values use code 84.
 */
export function checkValue(
  resource: CrudResource,
  field: CrudField,
  value: string,
  lang: number | null,
): { code: number; message: string } | null {
  const code = lang === null ? 85 : 84;
  // The store's messages pass through htmlentities: `Product-&gt;price` (crud-golden.json requests).
  const property = `${resource.className}-&gt;${field.name}`;
  if (field.values !== null && value !== '' && !field.values.includes(value)) {
    return {
      code,
      message: `Validation error: "Property ${property} has a bad value (allowed values are: ${field.values.join(', ')})."`,
    };
  }
  if (value === '' || value === '0') return null;
  if (field.maxSize !== null && [...value].length > field.maxSize) {
    return {
      code,
      message: `Validation error: "The length of property ${property} is currently ${[...value].length} chars. It must be between 0 and ${field.maxSize} chars."`,
    };
  }
  const rule = field.format === null ? undefined : FORMAT_RULES[field.format.toLowerCase()];
  const format = field.format?.toLowerCase();
  const bad =
    (rule !== undefined && !rule.test(value)) ||
    (format === 'isdate' && !realDate(value)) ||
    (format === 'iscleanhtml' && !cleanHtml(value));
  if (bad) return { code, message: `Validation error: "Property ${property} is not valid"` };
  return null;
}

/** `Validate::isDate`'s `checkdate()`: '0000-00-00 00:00:00' (what a zero column reads as) is not a date. */
function realDate(value: string): boolean {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(value);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y > 0 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * `Validate::isCleanHtml` with iframes not allowed (the default): no `<script`, no `on…=` event
 * attribute, no `…script:` URL, no `<iframe`, `<frame`, `<form`, `<input`, `<embed`, `<object`.
 * PrestaShop lists the event names; `on` + letters + `=` covers them.
 */
function cleanHtml(value: string): boolean {
  return (
    !/<\s*script/i.test(value) &&
    !/\bon[a-z]+\s*=/i.test(value) &&
    !/script:/i.test(value) &&
    !/<\s*(i?frame|form|input|embed|object)/i.test(value)
  );
}
