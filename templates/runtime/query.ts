/**
 * Typed list queries and their translation to the Webservice's query parameters:
 * `display`, `filter[field]`, `sort`, `limit`, `language`, `date`, `id_shop` / `id_shop_group`.
 *
 * Filter operators follow PrestaShop's `SQLUtils::getSQLRetrieveFilter`: a plain value is an
 * equality, `[a|b]` any of, `[a,b]` an inclusive interval, `[v]%` / `%[v]` / `%[v]%` begins / ends /
 * contains, `>[v]`, `<[v]`, `![a|b]` none of. Values are checked and escaped so that a value can
 * never turn into another operator; a value the syntax cannot carry throws a `RangeError`.
 */
import { encodeScalar } from './codec.js';
import type { FieldMeta, ResourceMeta } from './meta.js';

/** A filter value of a field: a value (equality) or an operator built with the helpers below. */
export type Filter<V> = V | FilterOp<V>;

/**
 * An operator and its operands; build one with `anyOf`, `between`, `contains`, ... The operand
 * type keeps `contains('x')` (text) off a number field at compile time. Only the helpers make
 * operators: an object with the same shape from anywhere else (a JSON body, a query string) is a
 * plain value, and a plain object is refused as a filter value.
 */
export interface FilterOp<V> {
  readonly op: 'eq' | 'anyOf' | 'between' | 'beginsWith' | 'endsWith' | 'contains' | 'gt' | 'lt' | 'not';
  readonly values: readonly V[];
}

/** The class of the operators the helpers make; not exported, so nothing else can make one. */
class FilterOperator<V> implements FilterOp<V> {
  constructor(
    readonly op: FilterOp<V>['op'],
    readonly values: readonly V[],
  ) {
    Object.freeze(this);
  }
}

function op<V>(kind: FilterOp<V>['op'], values: readonly V[]): FilterOp<V> {
  if (values.length === 0) throw new RangeError(`${kind}() needs at least one value`);
  return new FilterOperator(kind, Object.freeze([...values]));
}

/**
 * The filter value with each operand mapped by `fn`, the operator kept: an operator built by the
 * helpers stays one (a plain object with the same shape would be refused as a filter).
 */
export function mapFilterOperands(value: unknown, fn: (operand: unknown) => unknown): unknown {
  if (value instanceof FilterOperator) return new FilterOperator(value.op, Object.freeze(value.values.map(fn)));
  return fn(value);
}

/** An operator whose operand must not be empty text (an empty LIKE or comparison matches every row). */
function nonEmpty<V>(kind: FilterOp<V>['op'], value: V): FilterOp<V> {
  if (value === '') throw new RangeError(`${kind}(''): an empty operand would match every row; leave the filter out instead`);
  return op(kind, [value]);
}

/** `field = value` (the same as passing the value itself). */
export const eq = <V>(value: V): FilterOp<V> => op('eq', [value]);
/** `field` is one of the values: `[a|b|c]`. */
export const anyOf = <V>(...values: readonly V[]): FilterOp<V> => op('anyOf', values);
/** `field` is none of the values: `![a|b]`. */
export const not = <V>(...values: readonly V[]): FilterOp<V> => op('not', values);
/** `from <= field <= to` (both ends included): `[from,to]`. Numbers and dates only. */
export const between = <V extends number | string | Date>(from: V, to: V): FilterOp<V> => op('between', [from, to]);
/** `field > value`: `>[v]`. */
export const gt = <V extends number | string | Date>(value: V): FilterOp<V> => nonEmpty('gt', value);
/** `field < value`: `<[v]`. */
export const lt = <V extends number | string | Date>(value: V): FilterOp<V> => nonEmpty('lt', value);
/** Text begins with `value`: `[v]%` (a SQL LIKE; `%` and `_` in the value are matched literally). */
export const beginsWith = (value: string): FilterOp<string> => nonEmpty('beginsWith', value);
/** Text ends with `value`: `%[v]`. */
export const endsWith = (value: string): FilterOp<string> => nonEmpty('endsWith', value);
/** Text contains `value`: `%[v]%`. */
export const contains = (value: string): FilterOp<string> => nonEmpty('contains', value);

/** `field_ASC` / `field_DESC`. */
export type Sort<F extends string> = `${F}_ASC` | `${F}_DESC`;

/** Multistore context: one shop (or `'all'`), or a shop group. */
export type ShopContext = { readonly id_shop: number | 'all' } | { readonly id_shop_group: number };

/** Pagination: a count, or an offset and a count (`limit=offset,count`). */
export type Limit = number | { readonly offset: number; readonly count: number };

/** What every read accepts. */
export interface ReadOptions {
  /** Languages of multilingual values: one id or several (default: every active language). */
  readonly language?: number | readonly number[] | undefined;
  /** Multistore context; overrides the client's `shop`. */
  readonly shop?: ShopContext | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** `display`: every field (`'full'`, the default) or a list of fields, which narrows the result type. */
export type Display<K extends string> = 'full' | readonly K[];

/** The list query of a resource with filter type `F`, sortable fields `S` and displayable fields `K`. */
export interface ListQuery<F, S extends string, K extends string> extends ReadOptions {
  readonly display?: Display<K> | undefined;
  readonly filter?: F | undefined;
  readonly sort?: Sort<S> | readonly Sort<S>[] | undefined;
  readonly limit?: Limit | undefined;
}

/** `listAll` pages by itself: no `limit`, a page size instead (default 100). */
export interface ListAllQuery<F, S extends string, K extends string> extends Omit<ListQuery<F, S, K>, 'limit'> {
  readonly pageSize?: number | undefined;
}

export interface GetQuery<K extends string> extends ReadOptions {
  readonly display?: Display<K> | undefined;
}

/** The result type for a `display`: the whole type, or only the fields listed. */
export type Selected<T, D> = D extends readonly (infer K)[] ? Pick<T, K & keyof T> : T;

/** Query parameters in a fixed order, ready for `URLSearchParams`. */
export type Params = [string, string][];

/** `display=full` or `display=[a,b]`; the field names are checked against the metadata. */
export function displayParam(meta: ResourceMeta, display: Display<string> | undefined): string {
  if (display === undefined || display === 'full') return 'full';
  if (!Array.isArray(display) || display.length === 0) throw new RangeError('display: expected "full" or a non-empty list of fields');
  for (const name of display) {
    if (!meta.fields.some((f) => f.name === name)) throw new RangeError(`display: ${meta.name} has no field ${JSON.stringify(name)}`);
  }
  return `[${display.join(',')}]`;
}

/** The set of fields a display asks for, or null for all of them. */
export function displayedFields(display: Display<string> | undefined): ReadonlySet<string> | null {
  return display === undefined || display === 'full' ? null : new Set(display);
}

/** Builds the parameters of a list query. `date=1` is added when a filter or sort uses a date field. */
export function listParams(meta: ResourceMeta, query: ListQuery<Readonly<Record<string, unknown>>, string, string>): Params {
  const params: Params = [['display', displayParam(meta, query.display)]];
  let usesDate = false;
  const filter = query.filter ?? {};
  for (const name of Object.keys(filter)) {
    const value = filter[name];
    if (value === undefined) continue;
    const field = filterableField(meta, name, 'filter');
    if (field.kind === 'date') usesDate = true;
    params.push([`filter[${name}]`, filterValue(field, value)]);
  }
  if (query.sort !== undefined) {
    const sorts: readonly string[] = typeof query.sort === 'string' ? [query.sort] : query.sort;
    for (const s of sorts) {
      const m = /^(.+)_(ASC|DESC)$/.exec(s);
      if (m === null) throw new RangeError(`sort: ${JSON.stringify(s)} is not field_ASC or field_DESC`);
      if (filterableField(meta, m[1]!, 'sort').kind === 'date') usesDate = true;
    }
    if (sorts.length > 0) params.push(['sort', `[${sorts.join(',')}]`]);
  }
  if (query.limit !== undefined) params.push(['limit', limitParam(query.limit)]);
  if (usesDate) params.push(['date', '1']);
  return params;
}

/** `language=N` or `language=[1|2]`. */
export function languageParam(language: number | readonly number[]): string {
  const ids = typeof language === 'number' ? [language] : language;
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id <= 0)) throw new RangeError('language: expected language ids');
  return ids.length === 1 ? String(ids[0]) : `[${ids.join('|')}]`;
}

/** `id_shop` / `id_shop_group` parameters. */
export function shopParams(shop: ShopContext | undefined): Params {
  if (shop === undefined) return [];
  if ('id_shop' in shop) {
    if (shop.id_shop !== 'all' && !(Number.isInteger(shop.id_shop) && shop.id_shop > 0)) throw new RangeError('shop.id_shop: expected a shop id or "all"');
    return [['id_shop', String(shop.id_shop)]];
  }
  if (!(Number.isInteger(shop.id_shop_group) && shop.id_shop_group > 0)) throw new RangeError('shop.id_shop_group: expected a shop group id');
  return [['id_shop_group', String(shop.id_shop_group)]];
}

export function limitParam(limit: Limit): string {
  const check = (n: number, what: string): number => {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`limit: ${what} must be a non-negative integer`);
    return n;
  };
  if (typeof limit === 'number') return String(check(limit, 'the count'));
  return `${check(limit.offset, 'the offset')},${check(limit.count, 'the count')}`;
}

function filterableField(meta: ResourceMeta, name: string, what: 'filter' | 'sort'): FieldMeta {
  const field = meta.fields.find((f) => f.name === name);
  if (field === undefined) throw new RangeError(`${what}: ${meta.name} has no field ${JSON.stringify(name)}`);
  if (field.notFilterable === true) throw new RangeError(`${what}: ${meta.name}.${name} cannot be filtered or sorted on (the store computes it)`);
  return field;
}

/** The `filter[field]` value for a value or an operator. */
export function filterValue(field: FieldMeta, value: unknown): string {
  if (!(value instanceof FilterOperator) && typeof value === 'object' && value !== null && !(value instanceof Date)) {
    throw new RangeError(`filter.${field.name}: a plain object is not a filter; build operators with anyOf(), not(), contains(), … and pass values as they are`);
  }
  const operator: FilterOp<unknown> = value instanceof FilterOperator ? value : { op: 'eq', values: [value] };
  if (operator.values.length === 0) throw new RangeError(`filter.${field.name}: ${operator.op} needs at least one value`);
  const texts = operator.values.map((v, i) => {
    const text = encodeScalar(field, v, `filter.${field.name}${operator.values.length > 1 ? `[${i}]` : ''}`);
    if (/[[\]]/.test(text)) throw new RangeError(`filter.${field.name}: "[" and "]" cannot be used in a filter value`);
    if (LONE_SURROGATE_RE.test(text)) throw new RangeError(`filter.${field.name}: the value has a lone UTF-16 surrogate, which cannot be sent (it would become U+FFFD)`);
    if (text.includes('\n') && !(operator.op === 'eq' || (operator.op === 'anyOf' && operator.values.length === 1))) {
      throw new RangeError(`filter.${field.name}: a line break can only be used in an equality filter`);
    }
    return text;
  });
  const needNonEmpty = (what: string): void => {
    if (texts.some((t) => t === '')) throw new RangeError(`filter.${field.name}: ${what} needs non-empty values`);
  };
  const noPipe = (): void => {
    if (texts.some((t) => t.includes('|'))) throw new RangeError(`filter.${field.name}: "|" cannot be used in a list of values`);
  };
  switch (operator.op) {
    case 'eq':
      return equality(texts[0]!);
    case 'anyOf':
      if (texts.length === 1) return equality(texts[0]!);
      needNonEmpty('anyOf');
      noPipe();
      return `[${texts.join('|')}]`;
    case 'not':
      needNonEmpty('not');
      noPipe();
      return `![${texts.join('|')}]`;
    case 'between': {
      if (texts.length !== 2) throw new RangeError(`filter.${field.name}: between needs two values`);
      // ASCII digits, separators and spaces only: PrestaShop reads anything else (a no-break space)
      // as an equality, not an interval.
      if (!texts.every((t) => /^[0-9.:\- ]+$/.test(t))) throw new RangeError(`filter.${field.name}: between takes numbers or dates`);
      return `[${texts[0]},${texts[1]}]`;
    }
    case 'gt':
      needNonEmpty('gt');
      return `>[${texts[0]}]`;
    case 'lt':
      needNonEmpty('lt');
      return `<[${texts[0]}]`;
    case 'beginsWith':
      needNonEmpty('beginsWith');
      return `[${likeEscape(texts[0]!)}]%`;
    case 'endsWith':
      needNonEmpty('endsWith');
      return `%[${likeEscape(texts[0]!)}]`;
    case 'contains':
      needNonEmpty('contains');
      return `%[${likeEscape(texts[0]!)}]%`;
    default:
      throw new RangeError(`filter.${field.name}: unknown operator ${JSON.stringify((operator as { op: unknown }).op)}`);
  }
}

/**
 * An equality: `[v]`, except where the bracketed form would mean something else (`[a|b]` any of,
 * `[1,5]` an interval); then the plain value, which the store always compares for equality.
 * The empty value is `[]` (a plain empty value is refused with code 33).
 */
function equality(text: string): string {
  if (text === '') return '[]';
  if (text.includes('|') || text.includes('\n') || /^[\d.:\-\s]+,[\d.:\-\s]+$/.test(text)) return text;
  return `[${text}]`;
}

/** A high surrogate not followed by a low one, or a low one without a high one before it. */
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Escapes LIKE wildcards so `%`, `_` and `\` match themselves (MySQL's default escape character). */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
