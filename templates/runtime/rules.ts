/**
 * PrestaShop's field rules: one function per `Validate::is*` method a Webservice resource uses
 * (PrestaShop 8.x `classes/Validate.php`, plus `isGtin` of 9.0 and the 1.7 password rules).
 *
 * Each rule takes the value as the store receives it, a string (the XML text), and answers what
 * `Validate::isX($value)` answers. PHP details are kept: `$` also matches before a final `"\n"`
 * (hence the `\n?$` below), `u` patterns are Unicode-aware, numeric strings compare as numbers.
 *
 * The store skips a field's rule when the value is PHP-empty (`""`, `"0"`); that is the caller's
 * business (see `phpEmpty`), not the rule's: `isEmail("")` is false here as in PHP.
 *
 * Dependency-free: this file is copied verbatim into generated output.
 */
import {
  charLength,
  isCanonicalPhpInt,
  isPhpNumeric,
  matcher,
  noneOf,
  phpEmpty,
  phpNumber,
  survivesPhpFloatPrint,
} from './validation-php.js';

export { isEmail } from './validation-email.js';
export { charLength, phpEmpty } from './validation-php.js';

const UINT32_MAX = 4294967295;

// ---------------------------------------------------------------------------------------------
// Numbers

/** `isInt`: `(string) (int) $v === (string) $v`, a canonical 64-bit integer. */
export function isInt(value: string): boolean {
  return isCanonicalPhpInt(value);
}

/** `isUnsignedInt`: a canonical integer in 0 … 4294967295. */
export function isUnsignedInt(value: string): boolean {
  return isCanonicalPhpInt(value) && value[0] !== '-' && (value.length < 10 || Number(value) <= UINT32_MAX);
}

/** `isUnsignedId`: same as `isUnsignedInt` (0 means "no reference"). */
export const isUnsignedId = isUnsignedInt;
/** `isNullOrUnsignedId`: `null` never reaches the rule from XML, so same as `isUnsignedId`. */
export const isNullOrUnsignedId = isUnsignedInt;

/** `isPositiveInt`: `isUnsignedInt` and greater than zero. */
export function isPositiveInt(value: string): boolean {
  return isUnsignedInt(value) && value !== '0';
}

/** `isFloat`: a numeric string that survives PHP's 14-digit float print (`"1.2.3"` and `"1e"` fail). */
export function isFloat(value: string): boolean {
  return isPhpNumeric(value) && survivesPhpFloatPrint(phpNumber(value));
}

/** `isUnsignedFloat`: `isFloat` and `>= 0`. */
export function isUnsignedFloat(value: string): boolean {
  return isFloat(value) && phpNumber(value) >= 0;
}

/** `isOptFloat`: empty, or `isFloat`. */
export function isOptFloat(value: string): boolean {
  return phpEmpty(value) || isFloat(value);
}

/** `isPercentage`: `isFloat` between 0 and 100. */
export function isPercentage(value: string): boolean {
  if (!isFloat(value)) return false;
  const x = phpNumber(value);
  return x >= 0 && x <= 100;
}


/** `isPrice`: up to 10 digits, optionally a dot and 1 to 9 decimals; no sign, no exponent. */
export const isPrice = matcher(/^[0-9]{1,10}(?:\.[0-9]{1,9})?\n?$/);

/** `isNegativePrice`: `isPrice` with an optional leading `-`. */
export const isNegativePrice = matcher(/^-?[0-9]{1,10}(?:\.[0-9]{1,9})?\n?$/);

/** `isCoordinate`: latitude / longitude with a mandatory decimal part. */
export const isCoordinate = matcher(/^-?[0-9]{1,8}\.[0-9]{1,8}\n?$/);

/** `isImageSize`: 1 to 4 digits. */
export const isImageSize = matcher(/^[0-9]{1,4}\n?$/);

/** `isPriceDisplayMethod`: `== PS_TAX_EXC (1) || == PS_TAX_INC (0)`, compared the PHP way. */
export function isPriceDisplayMethod(value: string): boolean {
  if (!isPhpNumeric(value)) return false;
  const x = phpNumber(value);
  return x === 0 || x === 1;
}

/** The spec's `inputType: numeric`: a PHP numeric string. */
export function isNumeric(value: string): boolean {
  return isPhpNumeric(value);
}

const IP2LONG_RE = /^-?[0-9]+\n?$/;
/** `isIp2Long`: an optionally signed run of digits. */
export function isIp2Long(value: string): boolean {
  return IP2LONG_RE.test(value);
}

// ---------------------------------------------------------------------------------------------
// Booleans and enumerations

/** `isBool`: `"0"` or `"1"`. */
export const isBool = matcher(/^[01]\n?$/);

// PrestaShop's pattern is `/^both|catalog|search|none$/i`: the anchors bind to the first and last
// alternatives only, so `"catalogue"` passes. Kept as the store has it.
/** `isProductVisibility`: `both`, `catalog`, `search` or `none` (loosely anchored, as in PrestaShop). */
export const isProductVisibility = matcher(/^both|catalog|search|none\n?$/i);

/** `isReductionType`: exactly `amount` or `percentage`. */
export function isReductionType(value: string): boolean {
  return value === 'amount' || value === 'percentage';
}

/** `isStockManagement`: exactly `WA`, `FIFO` or `LIFO`. */
export function isStockManagement(value: string): boolean {
  return value === 'WA' || value === 'FIFO' || value === 'LIFO';
}

// ---------------------------------------------------------------------------------------------
// Dates

const DATE_RE = /^([0-9]{4})-(0?[0-9]|1[0-2])-(0?[0-9]|[12][0-9]|3[01])(?: [0-9]{2}:[0-9]{2}:[0-9]{2})?\n?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** PHP `checkdate`. */
function isCalendarDate(year: number, month: number, day: number): boolean {
  return year >= 1 && year <= 32767 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** `isDateFormat`: `YYYY-M-D[ HH:MM:SS]` by shape only (`2023-02-31` passes). */
export const isDateFormat = matcher(DATE_RE);

/** `isDate`: `isDateFormat` and a real calendar day (`0000-00-00` fails). The time is not checked. */
export function isDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** `isDateOrNull`: the two zero dates, or `isDate`. */
export function isDateOrNull(value: string): boolean {
  return value === '0000-00-00 00:00:00' || value === '0000-00-00' || isDate(value);
}

/**
 * `/^([0-9]{1,4})-([0-9]{1,2})-([0-9]{1,2})$/` read in one pass: `year * 10000 + month * 100 + day`,
 * or -1 when the text has another shape.
 */
function birthDateKey(value: string): number {
  let key = 0;
  let part = 0;
  let digits = 0;
  let n = 0;
  for (let i = 0; i <= value.length; i++) {
    const c = i === value.length ? 0x2d /* - */ : value.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (++digits > (part === 0 ? 4 : 2)) return -1;
      n = n * 10 + (c - 0x30);
    } else if (c === 0x2d && digits > 0 && part < 3) {
      key = key * 100 + n;
      part++;
      digits = 0;
      n = 0;
    } else return -1;
  }
  return part === 3 ? key : -1;
}

/** What `isBirthDate` needs of the clock: today as `MMDD` and its year, the earliest day allowed, midnight or not. */
interface BirthDateClock {
  readonly at: number;
  readonly thisYear: number;
  readonly today: number;
  readonly earliest: number;
  readonly midnight: boolean;
}

function birthDateClock(now: Date): BirthDateClock {
  // PHP compares the day at 00:00 with now and with now minus 200 years (same time of day, and
  // Feb 29 becomes Mar 1 in a year without it), in the store's time zone.
  const thisYear = now.getFullYear();
  const today = (now.getMonth() + 1) * 100 + now.getDate();
  const past = thisYear - 200;
  const earliest = today === 229 && daysInMonth(past, 2) === 28 ? past * 10000 + 301 : past * 10000 + today;
  const midnight = now.getHours() === 0 && now.getMinutes() === 0 && now.getSeconds() === 0 && now.getMilliseconds() === 0;
  return { at: now.getTime(), thisYear, today, earliest, midnight };
}

/** The clock of the last call without `now`: the local calendar fields are read once per millisecond. */
let lastClock: BirthDateClock | null = null;

/**
 * `isBirthDate`: empty or `0000-00-00`, or a real `Y-m-d` day between 200 years ago and today
 * (`now`, in the local time zone, stands for the store's clock).
 */
export function isBirthDate(value: string, now?: Date): boolean {
  if (phpEmpty(value) || value === '0000-00-00') return true;
  const key = birthDateKey(value);
  if (key === -1) return false;
  const year = Math.floor(key / 10000);
  const month = Math.floor(key / 100) % 100;
  const day = key % 100;
  if (!isCalendarDate(year, month, day)) return false;
  let clock: BirthDateClock;
  if (now !== undefined) clock = birthDateClock(now);
  else {
    const at = Date.now();
    clock = lastClock !== null && lastClock.at === at ? lastClock : (lastClock = birthDateClock(new Date(at)));
  }
  return key <= clock.thisYear * 10000 + clock.today && (key > clock.earliest || (key === clock.earliest && clock.midnight));
}

// ---------------------------------------------------------------------------------------------
// Names and free text (patterns with the `u` modifier; negated classes, so any script passes)

/** `/^[^<>;=#{}]*$/u` of isCatalogName and friends. */
const CATALOG_NAME = noneOf('<>;=#{}');
const MESSAGE_FORBIDDEN_RE = /[<>{}]/;

/** `isCatalogName`: no `< > ; = # { }`. */
export const isCatalogName = CATALOG_NAME;

/** `isGenericName` (also the core's typo `IsGenericName`): empty, or no `< > = { }`. */
export const isGenericName = noneOf('<>={}');

/** `isCarrierName`: empty, or no `< > ; = # { }`. */
export const isCarrierName = CATALOG_NAME;

/** `isMailName`: no `< > ; = # { }`. */
export const isMailName = CATALOG_NAME;

/** `isName`: no digits and none of `! < > , ; ? = + ( ) @ # " ° { } _ $ % : ¤ |`. */
export const isName = noneOf('0123456789!<>,;?=+()@#"°{}_$%:¤|');

/** `isAddress`: empty, or none of `! < > ? = + @ { } _ $ %`. */
export const isAddress = noneOf('!<>?=+@{}_$%');

/** `isCityName`: none of `! < > ; ? = + @ # " ° { } _ $ %`. */
export const isCityName = noneOf('!<>;?=+@#"°{}_$%');

/** `isReference`: no `< > ; = { }`. */
export const isReference = noneOf('<>;={}');

/** `isMessage`: no `< > { }` anywhere. */
export function isMessage(value: string): boolean {
  return !MESSAGE_FORBIDDEN_RE.test(value);
}

/** `isTagsList`: none of `! < > ; ? = + # " ° { } _ $ %`. */
export const isTagsList = noneOf('!<>;?=+#"°{}_$%');

/** `isLabel`: no `{ } < >`. */
export const isLabel = noneOf('{}<>');

/** `isMailSubject`: no `< >`. */
export const isMailSubject = noneOf('<>');

/** `isDiscountName`: 3 to 32 characters, none of `! < > , ; ? = + ( ) @ " ° { } _ $ % :`. */
export const isDiscountName = matcher(/^[^!<>,;?=+()@"°{}_$%:]{3,32}\n?$/u);

/** `isValidSearch`: up to 64 characters without `< > ; = # { }`. */
export const isValidSearch = matcher(/^[^<>;=#{}]{0,64}\n?$/u);

/**
 * `isVoucherDescription`: no `< > { }` except the literal `<br />` (any case). PrestaShop's pattern
 * is `/^([^<>{}]|<br \/>)*$/i`; a scan gives the same answers without the regular expression's
 * backtracking stack, which overflows on a few megabytes.
 */
export function isVoucherDescription(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x3c /* < */ && isBrTag(value, i)) {
      i += 5;
      continue;
    }
    if (c === 0x3c || c === 0x3e || c === 0x7b || c === 0x7d) return false;
  }
  return true;
}

/** `<br />` at `i`, ASCII case-insensitive. */
function isBrTag(value: string, i: number): boolean {
  return (
    value.length - i >= 6 &&
    (value.charCodeAt(i + 1) | 0x20) === 0x62 &&
    (value.charCodeAt(i + 2) | 0x20) === 0x72 &&
    value.charCodeAt(i + 3) === 0x20 &&
    value.charCodeAt(i + 4) === 0x2f &&
    value.charCodeAt(i + 5) === 0x3e
  );
}

/** `isPhpDateFormat`: non-empty, no `< >`. */
export const isPhpDateFormat = matcher(/^[^<>]+\n?$/);

/** `isString`: every value that arrives from XML is a string. */
export function isString(): boolean {
  return true;
}

/** `isAnything` (1.7 payment card fields). */
export function isAnything(): boolean {
  return true;
}

/** `isWeightUnit`: `isGenericName` and fewer than 5 characters. */
export function isWeightUnit(value: string): boolean {
  return isGenericName(value) && charLength(value) < 5;
}

/** `isDistanceUnit`: `isGenericName` and fewer than 5 characters. */
export const isDistanceUnit = isWeightUnit;

export { isCustomerName } from './validation-customer-name.js';
export { isCleanHtml, isLinkRewrite } from './validation-html.js';
export * from './validation-codes.js';
