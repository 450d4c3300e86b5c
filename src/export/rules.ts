/**
 * PrestaShop's write-time validators (`classes/Validate.php`) as JSON Schema constraints.
 *
 * Only rules that can be stated exactly are here. A validator whose rule depends on the store's
 * configuration (`isLinkRewrite`, `isCleanHtml`), on the clock (`isBirthDate`), on a checksum
 * (`isEan13`, `isGtin`), on a library (`isEmail`, `isCustomerName`), on PHP's loose comparison
 * (`isFloat`) or on Unicode classes that a regex reader without the `u` flag would misread
 * (`isUrl`, `isThemeName`) gets no constraint rather than an approximate one.
 *
 * Patterns are written in the ECMA-262 dialect JSON Schema uses, without flags, and only with
 * syntax that reads the same with and without the `u` flag.
 *
 * `ObjectModel::validateField` runs a validator only on a non-empty value: `""` and `"0"` are
 * never checked (a required field rejects `""` through its own check). `stringPattern` therefore
 * accepts both around every rule, and numeric rules accept 0.
 */

/** Constraints on a value exported as a string. `pattern` is the rule's unanchored body. */
export interface StringRule {
  readonly pattern?: string;
  readonly maxLength?: number;
}

/** Constraints on a value exported as a number or integer. */
export interface NumberRule {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly enum?: readonly number[];
}

export interface ValidatorRule {
  readonly string?: StringRule;
  readonly number?: NumberRule;
}

/** A case-insensitive ASCII literal as a character-class sequence (`both` → `[Bb][Oo][Tt][Hh]`). */
function caseless(word: string): string {
  return [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c)).join('');
}

const TIME = '(?: [0-9]{2}:[0-9]{2}:[0-9]{2})?';
/** `Validate::isDate`: the date regex plus PHP `checkdate` (month 1-12, real day of month, year 1-9999). */
const LEAP_YEAR = '(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';
const CALENDAR_DATE =
  '(?!0000)(?:[0-9]{4}-(?:' +
  '(?:0?[13578]|1[02])-(?:0?[1-9]|[12][0-9]|3[01])' +
  '|(?:0?[469]|11)-(?:0?[1-9]|[12][0-9]|30)' +
  '|0?2-(?:0?[1-9]|1[0-9]|2[0-8])' +
  `)|${LEAP_YEAR}-0?2-29)${TIME}`;

const UNSIGNED_INT: NumberRule = { minimum: 0, maximum: 4294967295 };
const PRICE_DIGITS = '[0-9]{1,10}(?:\\.[0-9]{1,9})?';

/** Keyed by the lower-cased validator name (PHP method names are case-insensitive). */
const RULES: ReadonlyMap<string, ValidatorRule> = new Map<string, ValidatorRule>(
  (
    [
      // integers
      ['isUnsignedId', { number: UNSIGNED_INT }],
      ['isNullOrUnsignedId', { number: UNSIGNED_INT }],
      ['isUnsignedInt', { number: UNSIGNED_INT }],
      // > 0, but 0 is an empty value the validator never sees
      ['isPositiveInt', { number: { minimum: 0 } }],
      ['isImageSize', { number: { minimum: 0, maximum: 9999 } }],
      ['isPriceDisplayMethod', { number: { enum: [0, 1] } }],
      // decimals
      ['isPrice', { number: { minimum: 0, exclusiveMaximum: 1e10 }, string: { pattern: PRICE_DIGITS } }],
      [
        'isNegativePrice',
        { number: { exclusiveMinimum: -1e10, exclusiveMaximum: 1e10 }, string: { pattern: `-?${PRICE_DIGITS}` } },
      ],
      ['isUnsignedFloat', { number: { minimum: 0 } }],
      ['isPercentage', { number: { minimum: 0, maximum: 100 } }],
      [
        'isCoordinate',
        { number: { exclusiveMinimum: -1e8, exclusiveMaximum: 1e8 }, string: { pattern: '-?[0-9]{1,8}\\.[0-9]{1,8}' } },
      ],
      // dates
      ['isDate', { string: { pattern: CALENDAR_DATE } }],
      ['isDateOrNull', { string: { pattern: `0000-00-00(?: 00:00:00)?|${CALENDAR_DATE}` } }],
      ['isDateFormat', { string: { pattern: `[0-9]{4}-(?:0?[0-9]|1[0-2])-(?:0?[0-9]|[12][0-9]|3[01])${TIME}` } }],
      // free text with forbidden characters
      ['isGenericName', { string: { pattern: '[^<>={}]*' } }],
      ['isCatalogName', { string: { pattern: '[^<>;=#{}]*' } }],
      ['isCarrierName', { string: { pattern: '[^<>;=#{}]*' } }],
      ['isName', { string: { pattern: '[^0-9!<>,;?=+()@#"\u00b0{}_$%:\u00a4|]*' } }],
      ['isAddress', { string: { pattern: '[^!<>?=+@{}_$%]*' } }],
      ['isCityName', { string: { pattern: '[^!<>;?=+@#"\u00b0{}_$%]*' } }],
      ['isMessage', { string: { pattern: '[^<>{}]*' } }],
      ['isReference', { string: { pattern: '[^<>;={}]*' } }],
      ['isPhpDateFormat', { string: { pattern: '[^<>]+' } }],
      ['isVoucherDescription', { string: { pattern: `(?:[^<>{}]|<${caseless('br')} />)*` } }],
      ['isWeightUnit', { string: { pattern: '[^<>={}]{0,4}' } }],
      ['isDistanceUnit', { string: { pattern: '[^<>={}]{0,4}' } }],
      // identifiers and codes
      ['isTplName', { string: { pattern: '[a-zA-Z0-9_-]+' } }],
      ['isModuleName', { string: { pattern: '[a-zA-Z0-9_-]+' } }],
      ['isConfigName', { string: { pattern: '[a-zA-Z_0-9-]+' } }],
      ['isImageTypeName', { string: { pattern: '[a-zA-Z0-9_ -]+' } }],
      ['isSubDomainName', { string: { pattern: '[a-zA-Z0-9_-]*' } }],
      ['isColor', { string: { pattern: '#[0-9a-fA-F]{6}|[a-zA-Z0-9-]*' } }],
      ['isPhoneNumber', { string: { pattern: '[+0-9. ()/-]*' } }],
      ['isPostCode', { string: { pattern: '[a-zA-Z 0-9-]+' } }],
      ['isZipCodeFormat', { string: { pattern: '[NLCnlc 0-9-]+' } }],
      ['isStateIsoCode', { string: { pattern: '[a-zA-Z0-9]{1,4}(?:-[a-zA-Z0-9]{1,4})?' } }],
      ['isLanguageIsoCode', { string: { pattern: '[a-zA-Z]{2,3}' } }],
      ['isLanguageCode', { string: { pattern: '[a-zA-Z]{2}(?:-[a-zA-Z]{2})?' } }],
      ['isLocale', { string: { pattern: '[a-z]{2}-[A-Z]{2}' } }],
      ['isNumericIsoCode', { string: { pattern: '[0-9]{3}' } }],
      ['isUpc', { string: { pattern: '[0-9]{0,12}' } }],
      ['isIsbn', { string: { pattern: '[0-9-]{0,32}' } }],
      ['isMpn', { string: { maxLength: 40 } }],
      ['isMd5', { string: { pattern: '[a-fA-F0-9]{32}' } }],
      ['isSha1', { string: { pattern: '[a-fA-F0-9]{40}' } }],
      ['isIp2Long', { string: { pattern: '-?[0-9]+' } }],
      ['isApe', { string: { pattern: '[0-9]{3,4}[a-zA-Z]' } }],
      ['isDniLite', { string: { pattern: '[0-9A-Za-z.-]{1,16}' } }],
      ['isTrackingNumber', { string: { pattern: '[~:#,%&_=()\\[\\].? +@/a-zA-Z0-9-]+' } }],
      ['isAbsoluteUrl', { string: { pattern: '(?:https?:)?//[$~:;#,%&_=()\\[\\].? +@/a-zA-Z0-9-]+' } }],
      ['isSerializedArray', { string: { pattern: 'a:[0-9]+:\\{[\\s\\S]*;\\}' } }],
      // enumerations checked by the validator itself
      ['isReductionType', { string: { pattern: 'amount|percentage' } }],
      ['isStockManagement', { string: { pattern: 'WA|FIFO|LIFO' } }],
      // `/^both|catalog|search|none$/i`: the anchors bind to the first and last words only
      [
        'isProductVisibility',
        {
          string: {
            pattern: [
              `${caseless('both')}[\\s\\S]*`,
              `[\\s\\S]*${caseless('catalog')}[\\s\\S]*`,
              `[\\s\\S]*${caseless('search')}[\\s\\S]*`,
              `[\\s\\S]*${caseless('none')}`,
            ].join('|'),
          },
        },
      ],
    ] as const
  ).map(([name, rule]) => [name.toLowerCase(), rule]),
);

/**
 * The rule of a field's `format`, or null. A format naming several validators (space-joined)
 * gets none: which one the store applies is not knowable from the snapshot.
 */
export function validatorRule(format: string | null): ValidatorRule | null {
  if (format === null || /\s/.test(format.trim())) return null;
  return RULES.get(format.trim().toLowerCase()) ?? null;
}

/** The anchored pattern of a string rule: the rule, or an empty value (`""`, `"0"`) it never checks. */
export function stringPattern(body: string): string {
  return `^(?:0?|(?:${body}))$`;
}

/** Validator names with a rule (for documentation and tests). */
export function ruledValidators(): string[] {
  return [...RULES.keys()];
}
