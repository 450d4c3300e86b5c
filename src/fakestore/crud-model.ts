/**
 * What the CRUD fake store knows about a resource, derived from the model (a snapshot), and the
 * per-field rules it applies to writes the way PrestaShop's `ObjectModel` does: zero values of
 * fields a POST/PUT leaves out, format checks (code 85, 84 for languages), length checks.
 */
import { CORE_FORBIDDEN_METHODS, fieldKind, type FieldKind, type HttpMethod, type Resource } from '../model/index.js';

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
  /** Methods a key may use (the model's methods). */
  readonly methods: readonly HttpMethod[];
  /** Methods PrestaShop itself forbids on the resource (405, code 101). */
  readonly forbidden: readonly HttpMethod[];
}

/** Associations PrestaShop reads but never writes (no `setWs…` method). */
const READ_ONLY_ASSOCIATIONS = new Set(['products.stock_availables', 'products.images', 'categories.categories', 'categories.products']);

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
};

export function crudResourceOf(resource: Resource): CrudResource {
  const node = resource.nodeName ?? resource.name;
  const fields: CrudField[] = [ID_FIELD];
  for (const f of resource.fields) {
    if (f.name === 'id') continue;
    fields.push({
      name: f.name,
      kind: fieldKind(f),
      format: f.format,
      multilingual: f.multilingual,
      readOnly: f.readOnly,
      required: f.required,
      maxSize: f.maxSize,
      filterable: f.filterable,
      references: f.references,
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
        readOnly: f.readOnly,
        required: f.required,
        maxSize: f.maxSize,
        filterable: true,
        references: f.name === 'id' ? a.resource : f.references,
      })),
    })),
    methods: resource.methods,
    forbidden: CORE_FORBIDDEN_METHODS.get(resource.name)?.methods ?? [],
  };
}

/** Whether a field holds a date without time (`YYYY-MM-DD`). */
function dateOnly(field: CrudField): boolean {
  return /^(isBirthDate|isDateFormat)$/i.test(field.format ?? '');
}

/** The value a field holds when a write sets it to null (what the database gives back). */
export function zeroValue(field: CrudField): string {
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

/** The stored form of a written value (decimals get six places, as a DECIMAL(20,6) column). */
export function storedValue(field: CrudField, value: string): string {
  if (field.kind === 'decimal' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value).toFixed(6);
  if ((field.kind === 'int' || field.kind === 'id' || field.kind === 'bool') && /^[+-]?\d+$/.test(value)) return String(Number(value));
  if (value === '' && field.kind !== 'string' && field.kind !== 'html' && field.kind !== 'unknown') return zeroValue(field);
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
};

/**
 * The validation error of one value, or null. Values PHP calls empty (`''`, `'0'`) pass, as in
 * `ObjectModel::validateField`; required-ness is checked separately. Language values use code 84.
 */
export function checkValue(resource: CrudResource, field: CrudField, value: string, lang: number | null): { code: number; message: string } | null {
  if (value === '' || value === '0') return null;
  const code = lang === null ? 85 : 84;
  const property = `${resource.className}->${field.name}`;
  if (field.maxSize !== null && [...value].length > field.maxSize) {
    return { code, message: `The length of property ${property} is currently ${[...value].length} chars. It must be between 0 and ${field.maxSize} chars.` };
  }
  const rule = field.format === null ? undefined : FORMAT_RULES[field.format.toLowerCase()];
  if (rule !== undefined && !rule.test(value)) return { code, message: `Validation error: "Property ${property} is not valid"` };
  return null;
}
