/**
 * The one table that maps a field's PrestaShop validator (`format`) or the spec's `inputType`
 * to a value kind. Emitters, validators, the diff and the export all derive types from here.
 */
import type { Field } from './schema.js';

/**
 * - `id`: an entity id or foreign key (unsigned integer, 0 = none);
 * - `int`: any other integer;
 * - `decimal`: a decimal number that PrestaShop sends as a string (`"23.900000"`);
 * - `bool`: `"0"`/`"1"` on the wire;
 * - `date`: `YYYY-MM-DD[ HH:MM:SS]` string;
 * - `html`: string that may hold (clean) HTML;
 * - `string`: any other string;
 * - `unknown`: no format, or one this table does not know; typed and validated as a string.
 */
export type FieldKind = 'id' | 'int' | 'decimal' | 'bool' | 'date' | 'html' | 'string' | 'unknown';

export const FIELD_KINDS: readonly FieldKind[] = ['id', 'int', 'decimal', 'bool', 'date', 'html', 'string', 'unknown'];

/** Known PrestaShop validators (lower-cased key) and their value kind. */
const FORMAT_KINDS: ReadonlyMap<string, FieldKind> = new Map(
  (
    [
      // integers
      ['isUnsignedId', 'id'],
      ['isNullOrUnsignedId', 'id'],
      ['isUnsignedInt', 'int'],
      ['isInt', 'int'],
      ['isPositiveInt', 'int'],
      ['isImageSize', 'int'],
      ['isPriceDisplayMethod', 'int'],
      ['isUnsignedInteger', 'int'],
      // booleans
      ['isBool', 'bool'],
      // decimals
      ['isPrice', 'decimal'],
      ['isNegativePrice', 'decimal'],
      ['isFloat', 'decimal'],
      ['isUnsignedFloat', 'decimal'],
      ['isOptFloat', 'decimal'],
      ['isPercentage', 'decimal'],
      ['isCoordinate', 'decimal'],
      // dates
      ['isDate', 'date'],
      ['isDateFormat', 'date'],
      ['isDateOrNull', 'date'],
      ['isBirthDate', 'date'],
      // html
      ['isCleanHtml', 'html'],
      // strings
      ['isGenericName', 'string'],
      ['isCatalogName', 'string'],
      ['isName', 'string'],
      ['isCustomerName', 'string'],
      ['isCarrierName', 'string'],
      ['isAddress', 'string'],
      ['isCityName', 'string'],
      ['isMessage', 'string'],
      ['isReference', 'string'],
      ['isString', 'string'],
      ['isTplName', 'string'],
      ['isModuleName', 'string'],
      ['isConfigName', 'string'],
      ['isThemeName', 'string'],
      ['isImageTypeName', 'string'],
      ['isPhpDateFormat', 'string'],
      ['isEmail', 'string'],
      ['isUrl', 'string'],
      ['isAbsoluteUrl', 'string'],
      ['isLinkRewrite', 'string'],
      ['isColor', 'string'],
      ['isPhoneNumber', 'string'],
      ['isPostCode', 'string'],
      ['isZipCodeFormat', 'string'],
      ['isStateIsoCode', 'string'],
      ['isLanguageIsoCode', 'string'],
      ['isLanguageCode', 'string'],
      ['isLocale', 'string'],
      ['isNumericIsoCode', 'string'],
      ['isEan13', 'string'],
      ['isGtin', 'string'],
      ['isUpc', 'string'],
      ['isIsbn', 'string'],
      ['isMpn', 'string'],
      ['isMd5', 'string'],
      ['isSha1', 'string'],
      ['isHashedPassword', 'string'],
      ['isPasswd', 'string'],
      ['isPasswdAdmin', 'string'],
      ['isPlaintextPassword', 'string'],
      ['isJson', 'string'],
      ['isIp2Long', 'string'],
      ['isApe', 'string'],
      ['isDniLite', 'string'],
      ['isTrackingNumber', 'string'],
      ['isAnything', 'string'],
      ['isProductVisibility', 'string'],
      ['isReductionType', 'string'],
      ['isStockManagement', 'string'],
      ['isSerializedArray', 'string'],
      ['isCookie', 'string'],
      ['isSearch', 'string'],
      ['isWeightUnit', 'string'],
      ['isDistanceUnit', 'string'],
      ['isSubDomainName', 'string'],
      ['isVoucherDescription', 'string'],
      ['isGenderIsoCode', 'string'],
      ['isGenderName', 'string'],
      ['isCurrencyConversionRate', 'decimal'],
      ['isUnixDate', 'int'],
    ] as const
  ).map(([name, kind]) => [name.toLowerCase(), kind]),
);

/** The spec's `inputType` values and their kind (`langList` is a multilingual string). */
const INPUT_TYPE_KINDS: ReadonlyMap<string, FieldKind> = new Map<string, FieldKind>([
  ['listid', 'id'],
  ['langlist', 'string'],
  ['numeric', 'decimal'],
]);

/** True when the validator name is in the table (compared case-insensitively, as PHP does). */
export function isKnownFormat(format: string): boolean {
  return FORMAT_KINDS.has(format.toLowerCase());
}

/** True when the spec `inputType` value is one the tool understands. */
export function isKnownInputType(inputType: string): boolean {
  return INPUT_TYPE_KINDS.has(inputType.toLowerCase());
}

/**
 * The value kind of a field: its format first, then its inputType, then `id` for a field that is a
 * foreign key (`references`, typically an association field such as `product_id` that the store gives
 * no format) or is named `id`.
 */
export function fieldKind(
  field: Pick<Field, 'name' | 'format' | 'inputType'> & { readonly references?: string | null },
): FieldKind {
  if (field.format !== null) {
    // PrestaShop may space-join several validators; the first known one decides.
    for (const part of field.format.split(/\s+/)) {
      const kind = FORMAT_KINDS.get(part.toLowerCase());
      if (kind !== undefined) return kind;
    }
  }
  if (field.inputType !== null) {
    const kind = INPUT_TYPE_KINDS.get(field.inputType.toLowerCase());
    if (kind !== undefined) return kind;
  }
  if (field.name === 'id' || (field.references !== undefined && field.references !== null)) return 'id';
  return 'unknown';
}

/** Kinds whose decoded value is a number (decimals only when the user keeps the default). */
export function isNumericKind(kind: FieldKind): boolean {
  return kind === 'id' || kind === 'int' || kind === 'decimal';
}
