/**
 * What generated validators return, and the small helpers they share: issue constructors with
 * messages a user can be shown, and the conversion of a value to the text the store receives.
 *
 * Copied verbatim into generated output.
 */
import { formatNumber, formatPsDate } from './codec.js';
import { ValidationError } from './errors.js';

// Defined with the client's errors, so that a program that only reads does not load this module.
export { ValidationError };

/**
 * Why a value would be refused. Each code stands for the store's own answer:
 *
 * | code             | the store answers                                                  |
 * | ---------------- | ------------------------------------------------------------------ |
 * | `required`       | 400, code 41 `parameter "x" required`, or 84/85 `Property … is empty` |
 * | `read_only`      | 400, code 93 `parameter "x" not writable` (91 for an `id` in a POST) |
 * | `too_long`       | 400, code 84 (multilingual) / 85 `The length of property … is currently n chars` |
 * | `invalid_format` | 400, code 84 / 85 `Property … is not valid` (the field's `Validate::is*` rule) |
 * | `invalid_value`  | 400, code 85 `Property … has a bad value (allowed values are: …)` (the class's list of values) |
 * | `invalid_type`   | a value of the wrong kind (a string for a number, …), or a malformed language list |
 * | `unknown_key`    | a key the snapshot does not know (`strict` mode), or an unknown association (86) |
 */
export type IssueCode = 'required' | 'read_only' | 'too_long' | 'invalid_format' | 'invalid_value' | 'invalid_type' | 'unknown_key';

/** The store's Webservice error codes each issue code stands for (see the table above). */
export const PRESTASHOP_ERROR_CODES: Readonly<Record<IssueCode, readonly number[]>> = {
  required: [41, 84, 85],
  read_only: [93, 91],
  too_long: [84, 85],
  invalid_format: [84, 85],
  invalid_value: [85],
  invalid_type: [],
  unknown_key: [86],
};

export interface ValidationIssue {
  /** Where: `price`, `name[2]` (language id 2), `associations.categories[0].id`. */
  readonly path: string;
  readonly code: IssueCode;
  /** A sentence that can be shown to a user. */
  readonly message: string;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/** The value when the result is valid; throws a `ValidationError` listing every issue otherwise. */
export function assertValid<T>(result: ValidationResult<T>): T {
  if (result.ok) return result.value;
  throw new ValidationError(result.issues);
}

// ---------------------------------------------------------------------------------------------
// Values as the store receives them

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property of `object` (never an inherited one such as `constructor`). */
export function own(object: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

function isLanguageList(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry['id'] !== 'number' || typeof entry['value'] !== 'string') return false;
  }
  return true;
}

/** The module-field escape hatch: an object of strings, finite numbers, booleans, null or `{ id, value }` lists. */
export function isExtensions(value: unknown): boolean {
  if (!isRecord(value)) return false;
  for (const key of Object.keys(value)) {
    const x = value[key];
    const ok =
      x === null ||
      typeof x === 'string' ||
      typeof x === 'boolean' ||
      (typeof x === 'number' && Number.isFinite(x)) ||
      isLanguageList(x);
    if (!ok) return false;
  }
  return true;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * A copy of a write body without the keys the snapshot does not know (`unknownKeys: 'strip'`):
 * top-level keys outside `keys`, associations outside `items`, and item keys outside their set.
 */
export function stripUnknownKeys(
  value: Record<string, unknown>,
  keys: ReadonlySet<string>,
  items: ReadonlyMap<string, ReadonlySet<string>> | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (!keys.has(key)) continue;
    const x = value[key];
    if (key !== 'associations' || items === null || !isRecord(x)) {
      setOwn(out, key, x);
      continue;
    }
    const associations: Record<string, unknown> = {};
    for (const name of Object.keys(x)) {
      const itemKeys = items.get(name);
      if (itemKeys === undefined) continue;
      const list = x[name];
      setOwn(
        associations,
        name,
        Array.isArray(list) ? list.map((item: unknown) => (isRecord(item) ? stripUnknownKeys(item, itemKeys, null) : item)) : list,
      );
    }
    out[key] = associations;
  }
  return out;
}

/**
 * A number as the client writes it into the XML body (plain decimal notation, never an exponent),
 * so the rules see what the store gets. Callers pass finite numbers only.
 */
export function numberToWire(value: number): string {
  return formatNumber(value);
}

/** A `Date` as the client writes it: `YYYY-MM-DD HH:MM:SS` from its UTC fields. Callers pass valid dates only. */
export function dateToWire(value: Date): string {
  return formatPsDate(value, false);
}

/** A `Date` for a date-only field (`isBirthDate`, `isDateFormat`): `YYYY-MM-DD` from its UTC fields. */
export function dayToWire(value: Date): string {
  return formatPsDate(value, true);
}

export function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

// ---------------------------------------------------------------------------------------------
// Issues

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid date' : 'a date';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  const t = typeof value;
  return t === 'object' ? 'an object' : `a ${t}`;
}

/** `name[2]` → `name (language 2)`, for messages. */
function label(path: string): string {
  if (path.charCodeAt(path.length - 1) !== 0x5d /* ] */) return path;
  return path.replace(/\[(\d+)\]$/, (_, id: string) => ` (language ${id})`);
}

export function requiredIssue(path: string): ValidationIssue {
  return { path, code: 'required', message: `${label(path)} is required` };
}

export function readOnlyIssue(path: string): ValidationIssue {
  const why = path === 'id' ? 'the id is set by the store, or passed to update()' : 'the store refuses read-only fields';
  return { path, code: 'read_only', message: `${label(path)} cannot be written (${why})` };
}

export function typeIssue(path: string, expected: string, value: unknown): ValidationIssue {
  const what = path === '' ? 'The value' : label(path);
  return { path, code: 'invalid_type', message: `${what} must be ${expected}, not ${describe(value)}` };
}

export function languageIssue(path: string, id: unknown, known: readonly number[]): ValidationIssue {
  const list = known.length === 0 ? 'a positive integer' : `one of ${known.join(', ')}`;
  return { path, code: 'invalid_type', message: `${label(path)} has language id ${String(id)}; expected ${list}` };
}

export function lengthIssue(path: string, length: number, max: number): ValidationIssue {
  return { path, code: 'too_long', message: `${label(path)} is ${length} characters long; at most ${max} are allowed` };
}

export function formatIssue(path: string, rule: string): ValidationIssue {
  const hint = RULE_HINTS[rule];
  return {
    path,
    code: 'invalid_format',
    message: `${label(path)} is not valid for PrestaShop's ${rule}${hint === undefined ? '' : `: expected ${hint}`}`,
  };
}

/**
 * A value outside the field's allowed values, with the store's own message
 * (`ObjectModel::validateField`: "Property Product->condition has a bad value (allowed values are: new, used, refurbished).").
 */
export function valueIssue(path: string, property: string, allowed: readonly string[]): ValidationIssue {
  return { path, code: 'invalid_value', message: `Property ${property} has a bad value (allowed values are: ${allowed.join(', ')}).` };
}

export function unknownKeyIssue(path: string): ValidationIssue {
  const what = path.startsWith('associations.') && !path.includes('[') ? 'association' : 'field';
  return { path, code: 'unknown_key', message: `${label(path)} is not a known ${what} of this resource` };
}

/** What each rule expects, in words (keys are the rule functions' names). */
const RULE_HINTS: Readonly<Record<string, string>> = {
  isAbsoluteUrl: 'an absolute URL (`https://…` or `//…`)',
  isAddress: 'an address without ! < > ? = + @ { } _ $ %',
  isApe: 'a French APE code such as 6201Z',
  isBirthDate: 'a date YYYY-MM-DD between 200 years ago and today',
  isBool: '0 or 1',
  isCarrierName: 'a name without < > ; = # { }',
  isCatalogName: 'a name without < > ; = # { }',
  isCityName: 'a city name without ! < > ; ? = + @ # " ° { } _ $ %',
  isCleanHtml: 'HTML without scripts, event handlers, iframes, forms or embeds',
  isColor: 'a colour #rrggbb or a colour name',
  isConfigName: 'letters, digits, _ and -',
  isCoordinate: 'a coordinate such as 48.8566 (1 to 8 digits, a dot, 1 to 8 decimals)',
  isCustomerName: 'a name without digits or ! < > , ; ? = + ( ) / \\ @ # " ° * ` { } _ ^ $ % : ¤ [ ] |',
  isDate: 'a real date YYYY-MM-DD, optionally followed by HH:MM:SS',
  isDateFormat: 'a date YYYY-MM-DD, optionally followed by HH:MM:SS',
  isDateOrNull: 'a real date YYYY-MM-DD[ HH:MM:SS] or a zero date',
  isDistanceUnit: 'a unit of at most 4 characters',
  isDniLite: 'an identity number of 1 to 16 letters, digits, - or .',
  isEan13: 'up to 13 digits',
  isEmail: 'an e-mail address with an ASCII local part',
  isFloat: 'a decimal number with at most 14 significant digits',
  isGenericName: 'text without < > = { }',
  isGtin: 'up to 14 digits',
  isHashedPassword: 'a hash of 32 or 60 characters',
  isImageSize: '1 to 4 digits',
  isImageTypeName: 'letters, digits, spaces, _ and -',
  isInt: 'an integer',
  isIp2Long: 'an integer',
  isIsbn: 'an ISBN-10 or ISBN-13',
  isJson: 'JSON text',
  isLanguageCode: 'a language code such as en or en-us',
  isLanguageIsoCode: 'a 2 or 3 letter ISO code',
  isLinkRewrite: 'letters, digits, _ and - (no spaces or accents)',
  isLocale: 'a locale such as en-US',
  isMd5: '32 hexadecimal digits',
  isMessage: 'text without < > { }',
  isModuleName: 'letters, digits, _ and -',
  isMpn: 'at most 40 characters',
  isName: 'a name without digits or ! < > , ; ? = + ( ) @ # " ° { } _ $ % : ¤ |',
  isNegativePrice: 'a price such as -12.5 (up to 10 digits and 9 decimals)',
  isNullOrUnsignedId: 'an id from 0 to 4294967295',
  isNumeric: 'a number',
  isNumericIsoCode: '3 digits',
  isPasswd: '5 to 72 characters',
  isPasswdAdmin: '8 to 72 characters',
  isPercentage: 'a number from 0 to 100',
  isPhoneNumber: 'digits, spaces and + . ( ) / -',
  isPhpDateFormat: 'a date format without < >',
  isPositiveInt: 'an integer from 1 to 4294967295',
  isPostCode: 'letters, digits, spaces and -',
  isPrice: 'a price such as 12.5 (up to 10 digits and 9 decimals, no sign)',
  isPriceDisplayMethod: '0 or 1',
  isProductVisibility: 'both, catalog, search or none',
  isReductionType: 'amount or percentage',
  isReference: 'a reference without < > ; = { }',
  isSha1: '40 hexadecimal digits',
  isStateIsoCode: 'a state code such as CA or US-CA',
  isStockManagement: 'WA, FIFO or LIFO',
  isThemeName: '3 to 255 letters, digits, _ or -',
  isTplName: 'letters, digits, _ and -',
  isTrackingNumber: 'letters, digits and ~ : # , % & _ = ( ) [ ] . ? + - @ /',
  isUnsignedFloat: 'a decimal number of 0 or more, with at most 14 significant digits',
  isUnsignedId: 'an id from 0 to 4294967295',
  isUnsignedInt: 'an integer from 0 to 4294967295',
  isUpc: 'up to 12 digits',
  isUrl: 'a URL',
  isWeightUnit: 'a unit of at most 4 characters',
  isZipCodeFormat: 'a zip code pattern made of N, L, C, digits, spaces and -',
};
