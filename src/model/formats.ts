/**
 * The one table of every `Validate::is*` name the tool knows, and of the spec's `inputType` values:
 * for each, the value kind and whether the value is a date without a time. Every name here has a
 * rule function of the same name in `templates/runtime/rules.ts` (a test keeps the two in step), so
 * a format is either known (typed by its kind, checked by its rule) or unknown (reported once,
 * typed from the catalog or as a string, and not checked): never half of each.
 *
 * The field plan (`src/plan`) reads this table; emitters, the diff and the export read the plan.
 */
import type { Field, PhpType } from './schema.js';

/**
 * - `id`: an entity id or foreign key (unsigned integer, 0 = none);
 * - `int`: any other integer;
 * - `decimal`: a decimal number that PrestaShop sends as a string (`"23.900000"`);
 * - `bool`: `"0"`/`"1"` on the wire;
 * - `date`: `YYYY-MM-DD[ HH:MM:SS]` string;
 * - `html`: string that may hold (clean) HTML;
 * - `string`: any other string;
 * - `unknown`: no format and no type information; typed and validated as a string.
 */
export type FieldKind = 'id' | 'int' | 'decimal' | 'bool' | 'date' | 'html' | 'string' | 'unknown';

export const FIELD_KINDS: readonly FieldKind[] = ['id', 'int', 'decimal', 'bool', 'date', 'html', 'string', 'unknown'];

export interface ValidatorInfo {
  /** PrestaShop's spelling (`isGenericName`), also the runtime rule's export name. */
  readonly name: string;
  readonly kind: FieldKind;
  /** A date without a time (`YYYY-MM-DD`). */
  readonly dateOnly: boolean;
  /** The rule also accepts null (`isNullOrUnsignedId`, `isDateOrNull`). */
  readonly nullable: boolean;
}

const V = (name: string, kind: FieldKind, dateOnly = false, nullable = false): ValidatorInfo => ({
  name,
  kind,
  dateOnly,
  nullable,
});

/** Every `Validate::is*` method a webservice field of 1.7.8, 8.x or 9.0 uses, plus a few close relatives. */
export const VALIDATORS: readonly ValidatorInfo[] = [
  // integers
  V('isUnsignedId', 'id'),
  V('isNullOrUnsignedId', 'id', false, true),
  V('isUnsignedInt', 'int'),
  V('isInt', 'int'),
  V('isPositiveInt', 'int'),
  V('isImageSize', 'int'),
  V('isPriceDisplayMethod', 'int'),
  // booleans
  V('isBool', 'bool'),
  // decimals
  V('isPrice', 'decimal'),
  V('isNegativePrice', 'decimal'),
  V('isFloat', 'decimal'),
  V('isUnsignedFloat', 'decimal'),
  V('isOptFloat', 'decimal'),
  V('isPercentage', 'decimal'),
  V('isCoordinate', 'decimal'),
  V('isNumeric', 'decimal'),
  // dates
  V('isDate', 'date'),
  V('isDateOrNull', 'date', false, true),
  V('isDateFormat', 'date', true),
  V('isBirthDate', 'date', true),
  // html
  V('isCleanHtml', 'html'),
  // strings
  ...[
    'isAbsoluteUrl',
    'isAddress',
    'isAnything',
    'isApe',
    'isCarrierName',
    'isCatalogName',
    'isCityName',
    'isColor',
    'isConfigName',
    'isCountryName',
    'isCustomerName',
    'isDirName',
    'isDiscountName',
    'isDistanceUnit',
    'isDniLite',
    'isEan13',
    'isEmail',
    'isFileName',
    'isGenericName',
    'isGtin',
    'isHashedPassword',
    'isHookName',
    'isImageTypeName',
    'isIp2Long',
    'isIsbn',
    'isJson',
    'isLabel',
    'isLangIsoCode',
    'isLanguageCode',
    'isLanguageIsoCode',
    'isLinkRewrite',
    'isLocale',
    'isMailName',
    'isMailSubject',
    'isMd5',
    'isMessage',
    'isModuleName',
    'isMpn',
    'isName',
    'isNumericIsoCode',
    'isPasswd',
    'isPasswdAdmin',
    'isPhoneNumber',
    'isPhpDateFormat',
    'isPlaintextPassword',
    'isPostCode',
    'isProductVisibility',
    'isReductionType',
    'isReference',
    'isSerializedArray',
    'isSha1',
    'isStateIsoCode',
    'isStockManagement',
    'isString',
    'isSubDomainName',
    'isTabName',
    'isTagsList',
    'isThemeName',
    'isTplName',
    'isTrackingNumber',
    'isUpc',
    'isUrl',
    'isUrlOrEmpty',
    'isValidSearch',
    'isVoucherDescription',
    'isWeightUnit',
    'isZipCodeFormat',
  ].map((n) => V(n, 'string')),
];

const BY_LOWER_NAME: ReadonlyMap<string, ValidatorInfo> = new Map(VALIDATORS.map((v) => [v.name.toLowerCase(), v]));

/** A validator by name, compared case-insensitively as PHP does (so the core's typo `IsGenericName` is found). */
export function validatorInfo(name: string): ValidatorInfo | null {
  return BY_LOWER_NAME.get(name.toLowerCase()) ?? null;
}

/** The validator that decides a format: the first known name of a space-joined `format`, or null. */
export function formatValidator(format: string | null): ValidatorInfo | null {
  if (format === null) return null;
  for (const part of format.split(' ')) {
    const info = part === '' ? null : validatorInfo(part);
    if (info !== null) return info;
  }
  return null;
}

/** True when the validator name is in the table (compared case-insensitively, as PHP does). */
export function isKnownFormat(format: string): boolean {
  return validatorInfo(format) !== null;
}

/**
 * The spec's `inputType` values (it shows `listId`, `langList` and `numeric`; its full set is "not
 * shown", see docs/introspect.md) and the obvious further names, with their kind and the rule they carry. `langList` is a
 * multilingual string; it is a shape, not a rule.
 */
const INPUT_TYPES: ReadonlyMap<
  string,
  { readonly kind: FieldKind; readonly rule: string | null; readonly dateOnly: boolean }
> = new Map(
  (
    [
      ['listId', 'id', 'isUnsignedId'],
      ['langList', 'string', null],
      ['numeric', 'decimal', 'isNumeric'],
      ['bool', 'bool', 'isBool'],
      ['boolean', 'bool', 'isBool'],
      ['date', 'date', 'isDateFormat', true],
      ['datetime', 'date', 'isDate'],
      ['html', 'html', 'isCleanHtml'],
      ['text', 'string', null],
      ['string', 'string', null],
      ['int', 'int', 'isInt'],
      ['integer', 'int', 'isInt'],
      ['float', 'decimal', 'isFloat'],
      ['decimal', 'decimal', 'isFloat'],
      ['price', 'decimal', 'isPrice'],
      ['email', 'string', 'isEmail'],
      ['url', 'string', 'isUrl'],
    ] as const
  ).map(([name, kind, rule, dateOnly]) => [name.toLowerCase(), { kind, rule, dateOnly: dateOnly === true }]),
);

/** True when the spec `inputType` value is one the tool understands. */
export function isKnownInputType(inputType: string): boolean {
  return INPUT_TYPES.has(inputType.toLowerCase());
}

/** What an `inputType` means: its kind, its rule (or null) and whether it is a date only; null when unknown. */
export function inputTypeInfo(
  inputType: string | null,
): { kind: FieldKind; rule: string | null; dateOnly: boolean } | null {
  return inputType === null ? null : (INPUT_TYPES.get(inputType.toLowerCase()) ?? null);
}

/** The kind a PHP type stands for (used when the synopsis gives no format). */
export function phpTypeKind(type: PhpType | null): FieldKind | null {
  switch (type) {
    case 'int':
      return 'int';
    case 'bool':
      return 'bool';
    case 'float':
      return 'decimal';
    case 'date':
      return 'date';
    case 'html':
      return 'html';
    case 'string':
    case 'sql':
      return 'string';
    default:
      return null;
  }
}

/**
 * The value kind of a field: its format first, then its inputType, then `id` for a foreign key or
 * `id`, then its catalog PHP type, else `unknown`.
 */
export function fieldKind(
  field: Pick<Field, 'name' | 'format' | 'inputType'> & {
    readonly references?: string | null;
    readonly type?: PhpType | null;
  },
): FieldKind {
  const validator = formatValidator(field.format);
  if (validator !== null) return validator.kind;
  const input = inputTypeInfo(field.inputType);
  if (input !== null) return input.kind;
  if (field.name === 'id' || (field.references !== undefined && field.references !== null)) return 'id';
  return phpTypeKind(field.type ?? null) ?? 'unknown';
}

/** Kinds whose decoded value is a number (decimals only when the user keeps the default). */
export function isNumericKind(kind: FieldKind): boolean {
  return kind === 'id' || kind === 'int' || kind === 'decimal';
}
