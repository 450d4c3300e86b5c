/**
 * Builds a bundled catalog (`catalog/prestashop-<version>.json`) from one release's raw data:
 * `definitions.json` (each class's `ObjectModel::$definition` and SQL columns) and
 * `parameters.json` (each class's `getWebserviceParameters()`). Pure; `scripts/build-catalog.ts`
 * does the file I/O, and a test rebuilds from `fixtures/catalog-src/` and compares.
 *
 * What each entry says, and where it comes from:
 * - synopsis attributes (`format`, `required`, `maxSize`, `multilingual`): exactly what
 *   `WebserviceOutputBuilder::getSynopsisDetails` renders from the parameters, so introspection can
 *   tell a core field from one an override or a module changed;
 * - `type`: the definition's `TYPE_*`; for webservice-only (virtual) fields, the getter's value type
 *   read from the class (`VIRTUAL_TYPES`) or the SQL column;
 * - `values`: the definition's enum; where it gives none, the SQL column's `ENUM(...)` from the
 *   release's `install/data/db_structure.sql` (`enums.json`): MySQL stores '' for any other value
 *   (`products.redirect_type: 'bogus'` → 201 and ''), so the generated code must refuse it;
 * - `write`: `setter => false` is refused (400/93), `setter => null` or none stores the value as sent,
 *   `setWsPasswd` hashes, any other setter method takes the value with effects of its own;
 * - `modifier`: a webservice modifier and the methods it runs on (`WebserviceRequest::HTTP_*` bits);
 * - `allowNull`: the definition's `allow_null` (a field left out of a PUT is stored as NULL);
 * - `computed`: the field has a getter; `writeBack: false` where writing the value read back fails or
 *   changes the record (`WRITE_BACK_UNSAFE`).
 */
import { HTTP_METHODS, type HttpMethod, type PhpType } from '../model/index.js';
import { CATALOG_FORMAT, type Catalog, type CatalogAssociation, type CatalogField, type CatalogResource } from './types.js';

type Json = Record<string, unknown>;

/** `WebserviceRequest::HTTP_GET` = 1, `HTTP_POST` = 2, `HTTP_PUT` = 4, `HTTP_PATCH` = 8 (8.0+). */
const METHOD_BITS: ReadonlyArray<readonly [number, HttpMethod]> = [
  [1, 'GET'],
  [2, 'POST'],
  [4, 'PUT'],
  [8, 'PATCH'],
];

/** Setters that hash the value they are given (`Customer::setWsPasswd`, `Employee::setWsPasswd`). */
const HASHING_SETTERS = new Set(['setWsPasswd']);

/**
 * Types of fields that exist only in `$webserviceParameters` (no definition entry), from the value
 * the class's getter returns or the property it fills.
 */
const VIRTUAL_TYPES: Readonly<Record<string, PhpType>> = {
  'carriers.id_tax_rules_group': 'int', // Carrier::getIdTaxRulesGroup(): int
  'categories.nb_products_recursive': 'int', // Category::getWsNbProductsRecursive(): int
  'manufacturers.link_rewrite': 'string', // Manufacturer::getLink(): string
  'orders.shipping_number': 'string', // Order::getWsShippingNumber(): string
  'products.id_default_image': 'int', // Product::getCoverWs(): image id
  'products.id_default_combination': 'int', // Product::getWsDefaultCombination(): int
  'products.position_in_category': 'int', // Product::getWsPositionInCategory(): int|''
  'products.manufacturer_name': 'string', // Product::getWsManufacturerName(): string
  'products.quantity': 'int', // Product::$quantity, int(10) in stock_available
  'products.type': 'string', // Product::getWsType(): 'simple' | 'pack' | 'virtual'
  'stock_movements.id_product': 'int',
  'stock_movements.id_product_attribute': 'int',
  'stock_movements.id_warehouse': 'int',
  'stock_movements.id_currency': 'int',
  'stock_movements.management_type': 'string',
  'stock_movements.product_name': 'string',
  'stock_movements.ean13': 'string',
  'stock_movements.upc': 'string',
  'stock_movements.reference': 'string',
  'stock_movements.mpn': 'string',
  'stocks.real_quantity': 'int', // Stock::getWsRealQuantity(): int
  'suppliers.link_rewrite': 'string',
  'warehouses.valuation': 'float', // Warehouse::getWsStockValue(): float
};

/** Allowed values of webservice-only fields, from the setter that refuses any other. */
const VIRTUAL_VALUES: Readonly<Record<string, readonly string[]>> = {
  // Product::setWsType() returns false for any type but these three.
  'products.type': ['simple', 'pack', 'virtual'],
};

/**
 * Fields whose value, read and sent back unchanged, fails or changes the record. Each one from the
 * setter's code:
 * - `Product::setWsPositionInCategory()` moves the product within its default category, answers
 *   500/134 for a position of 0 ("the minimum is 1"), and on 8.x raises a PHP warning
 *   (`Product.php` line 7273) when the product is not yet in that category.
 */
const WRITE_BACK_UNSAFE: Readonly<Record<string, string>> = {
  'products.position_in_category':
    'computed by the store; writing it moves the product in its category, and a 0 read back is refused (500/134)',
};

/** Types of association item fields (associations carry no definition), by field name. */
const ASSOCIATION_FIELD_TYPES: Readonly<Record<string, PhpType>> = {
  quantity: 'int',
  product_quantity: 'int',
  amount_tax_excl: 'float',
  amount_tax_incl: 'float',
  product_price: 'float',
  unit_price_tax_incl: 'float',
  unit_price_tax_excl: 'float',
  product_name: 'string',
  product_reference: 'string',
  product_ean13: 'string',
  product_isbn: 'string',
  product_upc: 'string',
  product_mpn: 'string',
  supplier_reference: 'string',
  value: 'string',
  name: 'string',
};

/** Known store behaviours the client works around (confirmed on 8.2.0; the code is the same in 1.7.8 and 9.0). */
const QUIRKS: Readonly<Record<string, readonly string[]>> = {
  // Order::addWs builds a new order from the cart (PaymentModule::validateOrder: total, reference,
  // current_state 8 when total_paid differs from the cart's total) and answers the posted object.
  orders: ['create-reads-back'],
  // WebserviceOutputXML::renderField line 141: "Array to string conversion" for its `value` field.
  translated_configurations: ['xml-item-500'],
};

const PHP_TYPE_NAMES: ReadonlySet<string> = new Set(['int', 'bool', 'float', 'date', 'string', 'html', 'sql', 'nothing']);

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sqlType(column: string): PhpType | null {
  const c = column.toLowerCase();
  if (c.startsWith('tinyint(1)')) return 'bool';
  if (/^(tiny|small|medium|big)?int/.test(c)) return 'int';
  if (c.startsWith('decimal') || c.startsWith('float') || c.startsWith('double')) return 'float';
  if (c.startsWith('date')) return 'date';
  if (c.startsWith('varchar') || c.startsWith('char') || c.endsWith('text') || c.startsWith('enum')) return 'string';
  return null;
}

function columnType(definition: Json, field: string): PhpType | null {
  const columns = isRecord(definition.columns) ? definition.columns : {};
  for (const table of Object.values(columns)) {
    if (isRecord(table) && isRecord(table[field]) && typeof table[field].type === 'string') {
      return sqlType(table[field].type);
    }
  }
  return null;
}

function modifierOf(raw: unknown): CatalogField['modifier'] {
  if (!isRecord(raw) || typeof raw.modifier !== 'string' || typeof raw.http_method !== 'number') return undefined;
  const bits = raw.http_method;
  const methods = METHOD_BITS.filter(([bit]) => (bits & bit) !== 0).map(([, m]) => m);
  return { name: raw.modifier, methods: HTTP_METHODS.filter((m) => methods.includes(m)) };
}

/** `table.column` → the column's `ENUM` values, from a release's `enums.json`. */
type SqlEnums = Readonly<Record<string, readonly string[]>>;

function sqlEnums(raw: unknown): SqlEnums {
  const columns = isRecord(raw) && isRecord(raw.columns) ? raw.columns : {};
  const out: Record<string, readonly string[]> = {};
  for (const [key, values] of Object.entries(columns)) if (Array.isArray(values)) out[key] = values.map(String);
  return out;
}

/** The `ENUM` values of a field's column in the class's table (or its `_shop` / `_lang` table), or undefined. */
function columnEnum(definition: Json, field: string, enums: SqlEnums): readonly string[] | undefined {
  if (typeof definition.table !== 'string') return undefined;
  for (const table of [definition.table, `${definition.table}_shop`, `${definition.table}_lang`]) {
    const values = enums[`${table}.${field}`];
    if (values !== undefined) return values;
  }
  return undefined;
}

/** A catalog field from its webservice parameters and (when it has one) its definition entry. */
function catalogField(key: string, params: Json, def: Json | null, fallbackType: PhpType | null, columnValues?: readonly string[]): CatalogField {
  const out: Record<string, unknown> = {};
  const defType = def !== null && typeof def.type === 'string' && PHP_TYPE_NAMES.has(def.type) ? (def.type as PhpType) : null;
  const type = defType ?? VIRTUAL_TYPES[key] ?? fallbackType;
  if (type !== null) out.type = type;
  const validate = Array.isArray(params.validateMethod) ? params.validateMethod.filter((v) => typeof v === 'string') : [];
  if (validate.length > 0) out.format = validate.join(' ');
  if (params.required === true) out.required = true;
  if (typeof params.maxSize === 'number' && params.maxSize > 0) out.maxSize = params.maxSize;
  if (params.i18n === true) out.multilingual = true;
  const values = def !== null && Array.isArray(def.values) ? def.values.map(String) : (VIRTUAL_VALUES[key] ?? (def !== null ? columnValues : undefined));
  if (values !== undefined) out.values = values;
  if ('setter' in params) {
    const setter = params.setter;
    if (setter === false) out.write = 'refused';
    else if (typeof setter === 'string') {
      out.write = HASHING_SETTERS.has(setter) ? 'hashed' : 'setter';
      out.setter = setter;
    }
  }
  const modifier = modifierOf(params.modifier);
  if (modifier !== undefined) out.modifier = modifier;
  if ('getter' in params) out.computed = true;
  // `ObjectModel::formatValue(null, …, $allow_null)` stores NULL; any other value is cast (0 for '').
  if (def !== null && def.allow_null === true) out.allowNull = true;
  const unsafe = WRITE_BACK_UNSAFE[key];
  if (unsafe !== undefined) {
    out.writeBack = false;
    out.note = unsafe;
  }
  return out as CatalogField;
}

function associationField(name: string, raw: unknown): CatalogField {
  const params = isRecord(raw) ? raw : {};
  const type: PhpType | null = name === 'id' || name.startsWith('id_') || name.endsWith('_id') ? 'int' : (ASSOCIATION_FIELD_TYPES[name] ?? null);
  const out: Record<string, unknown> = {};
  if (type !== null) out.type = type;
  if (params.required === true) out.required = true;
  if (params.setter === false) out.write = 'refused';
  return out as CatalogField;
}

function catalogResource(name: string, params: Json, definition: Json, enums: SqlEnums): CatalogResource {
  const defFields = isRecord(definition.fields) ? definition.fields : {};
  const hidden = new Set(Array.isArray(params.hidden_fields) ? params.hidden_fields.map(String) : []);
  const fields: Record<string, CatalogField> = {};
  for (const [field, raw] of Object.entries(isRecord(params.fields) ? params.fields : {})) {
    // `id` is never rendered in a synopsis, nor are hidden fields.
    if (field === 'id' || hidden.has(field) || !isRecord(raw)) continue;
    const def = isRecord(defFields[field]) ? defFields[field] : null;
    fields[field] = catalogField(`${name}.${field}`, raw, def, def === null ? columnType(definition, field) : null, columnEnum(definition, field, enums));
  }
  const associations: Record<string, CatalogAssociation> = {};
  for (const [assoc, raw] of Object.entries(isRecord(params.associations) ? params.associations : {})) {
    const declared = isRecord(raw) && isRecord(raw.fields) ? raw.fields : { id: {} };
    const itemFields: Record<string, CatalogField> = {};
    // The synopsis lists `id` first even where the declaration omits it.
    if (!('id' in declared)) itemFields.id = associationField('id', {});
    for (const [f, d] of Object.entries(declared)) itemFields[f] = associationField(f, d);
    associations[assoc] = { fields: itemFields };
  }
  const quirks = QUIRKS[name];
  return {
    class: typeof definition.class === 'string' ? definition.class : name,
    fields,
    associations,
    ...(quirks === undefined ? {} : { quirks }),
  };
}

/**
 * The catalog of one release. Resources sorted by name; fields and associations in store order.
 * `enums`: the release's `enums.json` (its SQL `ENUM` columns), or nothing.
 */
export function buildCatalog(definitions: unknown, parameters: unknown, enums: unknown = {}): Catalog {
  if (!isRecord(definitions) || !isRecord(definitions.resources) || !isRecord(parameters)) {
    throw new Error('catalog inputs: expected definitions.json with "resources" and parameters.json keyed by resource');
  }
  const version = typeof definitions.prestashop_version === 'string' ? definitions.prestashop_version : 'unknown';
  const defs = definitions.resources;
  const resources: Record<string, CatalogResource> = {};
  const columns = sqlEnums(enums);
  for (const name of Object.keys(parameters).sort()) {
    const params = parameters[name];
    const definition = defs[name];
    if (!isRecord(params) || !isRecord(definition)) continue;
    resources[name] = catalogResource(name, params, definition, columns);
  }
  return { format: CATALOG_FORMAT, version, resources };
}

/** The catalog file's text: deterministic JSON (one-space indent, to stay small) with a final newline. */
export function serializeCatalog(catalog: Catalog): string {
  return `${JSON.stringify(catalog, null, 1)}\n`;
}
