/**
 * Scalar conversions between the wire (strings, or JSON numbers on some stores) and the values
 * the generated types declare. One place, used by the decoder, the XML writer and the query builder.
 */
import type { Codec, FieldMeta } from './meta.js';

/** A wire scalar as the store may send it: XML text, or a JSON string / number / boolean / null. */
export type WireScalar = string | number | boolean | null | undefined;

const INT_RE = /^[+-]?\d+$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * Decodes one scalar of `field` (never a multilingual value: decode each language with this).
 * A value of the wrong type (an object or list where a scalar belongs, text that is not a number
 * in a numeric field) throws a `SyntaxError` naming the field, never `NaN` or `"[object Object]"`.
 */
export function decodeScalar(field: FieldMeta, raw: WireScalar, codec: Codec): unknown {
  if (typeof raw === 'object' && raw !== null) throw wrongType(field, Array.isArray(raw) ? 'a list' : 'an object');
  // NULL renders as empty; where the store keeps NULL (`allow_null`), empty is NULL, not 0.
  if (field.allowNull === true && (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))) return null;
  switch (field.kind) {
    case 'id':
    case 'int':
      return decodeInt(field, raw);
    case 'bool':
      return raw === true || raw === 1 || raw === '1' || (typeof raw === 'string' && raw.trim() === '1');
    case 'decimal':
      return decodeDecimal(field, raw, codec);
    case 'date':
      return decodeDate(raw, codec);
    case 'html':
    case 'string':
    case 'unknown':
      // JSON carries a getter's PHP bool as it is (`manufacturer_name: false` without a
      // manufacturer); XML renders it as PHP prints it: '' and '1'.
      if (raw === false) return '';
      if (raw === true) return '1';
      return raw === null || raw === undefined ? '' : String(raw);
  }
}

function wrongType(field: FieldMeta, got: string): SyntaxError {
  return new SyntaxError(`field ${field.name}: expected a ${field.kind} value, got ${got}`);
}

function decodeInt(field: FieldMeta, raw: WireScalar): number {
  if (typeof raw === 'number') return raw;
  if (raw === null || raw === undefined || raw === '' || raw === false) return 0;
  if (raw === true) return 1;
  const text = raw.trim();
  if (INT_RE.test(text)) return Number(text);
  // A computed value such as unit_price_ratio may come as "1.5"; keep what a number parse gives.
  const n = Number(text);
  if (!Number.isFinite(n) || text === '') throw wrongType(field, 'text that is not a number');
  return n;
}

function decodeDecimal(field: FieldMeta, raw: WireScalar, codec: Codec): number | string {
  const text = raw === null || raw === undefined || raw === '' || raw === false ? '0' : String(raw === true ? 1 : raw).trim();
  const n = Number(text);
  if (!Number.isFinite(n) || text === '') throw wrongType(field, 'text that is not a number');
  return codec.decimals === 'string' ? text : n;
}

function decodeDate(raw: WireScalar, codec: Codec): string | Date | null {
  const text = raw === null || raw === undefined || raw === false ? '' : String(raw).trim();
  if (codec.dates === 'string') return text;
  return parsePsDate(text);
}

/**
 * A PrestaShop date (`YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`, the shop's wall-clock time) as a `Date`
 * whose UTC fields hold that wall-clock time. Empty and zero dates (`0000-00-00…`) give null.
 */
export function parsePsDate(text: string): Date | null {
  const m = DATE_RE.exec(text);
  if (m === null) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p))) as number[];
  if (y === 0 || mo === 0 || d === 0) return null;
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  if (y! < 100) date.setUTCFullYear(y!);
  return date;
}

/** Formats a `Date` as PrestaShop expects it, from its UTC fields (the inverse of `parsePsDate`). */
export function formatPsDate(date: Date, dateOnly: boolean): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid Date cannot be sent to PrestaShop');
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  const day = `${p(date.getUTCFullYear(), 4)}-${p(date.getUTCMonth() + 1)}-${p(date.getUTCDate())}`;
  return dateOnly ? day : `${day} ${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())}`;
}

/**
 * A finite number in plain decimal notation (never `1e-7`, which PrestaShop's validators refuse),
 * exactly: the digits of the shortest representation with the point moved, so `1.5e-21` is
 * `0.0000000000000000000015` and reads back as the same number.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`${String(n)} cannot be sent to PrestaShop`);
  const s = String(n);
  const e = s.search(/e/i);
  if (e === -1) return s;
  if (Number.isInteger(n)) return BigInt(n).toString();
  const sign = s.startsWith('-') ? '-' : '';
  const mantissa = s.slice(sign.length, e);
  const exponent = Number(s.slice(e + 1));
  const point = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  // Non-integers only have negative exponents: every double of 2^53 or more is an integer.
  const shift = (point === -1 ? mantissa.length : point) + exponent;
  return `${sign}0.${'0'.repeat(-shift)}${digits}`;
}

/**
 * Encodes one value of `field` for a write body or a filter. Numbers are written in plain
 * notation, booleans as `1`/`0`, dates (`Date`) as `YYYY-MM-DD[ HH:MM:SS]`, null as empty text.
 */
export function encodeScalar(field: FieldMeta | undefined, value: unknown, path: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return value;
  if (value instanceof Date) return formatPsDate(value, field?.dateOnly === true);
  throw new TypeError(`${path}: a ${describeType(value)} cannot be written as a PrestaShop value`);
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  return typeof value === 'object' ? 'object' : typeof value;
}
