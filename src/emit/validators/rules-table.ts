/**
 * Which export of `templates/runtime/rules.ts` checks a PrestaShop `format` (a `Validate::is*`
 * name, compared case-insensitively as PHP does, so the core's typo `IsGenericName` is
 * `isGenericName`) or a spec `inputType`. A test keeps this list and the template's exports in step.
 */

/** Rule functions of `runtime/rules.ts` that take the value alone, by their PrestaShop name. */
export const RULE_NAMES: readonly string[] = [
  'isAbsoluteUrl', 'isAddress', 'isAnything', 'isApe', 'isBirthDate', 'isBool', 'isCarrierName',
  'isCatalogName', 'isCityName', 'isCleanHtml', 'isColor', 'isConfigName', 'isCoordinate',
  'isCountryName', 'isCustomerName', 'isDate', 'isDateFormat', 'isDateOrNull', 'isDirName',
  'isDiscountName', 'isDistanceUnit', 'isDniLite', 'isEan13', 'isEmail', 'isFileName', 'isFloat',
  'isGenericName', 'isGtin', 'isHashedPassword', 'isHookName', 'isImageSize', 'isImageTypeName',
  'isInt', 'isIp2Long', 'isIsbn', 'isJson', 'isLabel', 'isLangIsoCode', 'isLanguageCode',
  'isLanguageIsoCode', 'isLinkRewrite', 'isLocale', 'isMailName', 'isMailSubject', 'isMd5',
  'isMessage', 'isModuleName', 'isMpn', 'isName', 'isNegativePrice', 'isNullOrUnsignedId',
  'isNumericIsoCode', 'isOptFloat', 'isPasswd', 'isPasswdAdmin', 'isPercentage', 'isPhoneNumber',
  'isPhpDateFormat', 'isPlaintextPassword', 'isPositiveInt', 'isPostCode', 'isPrice',
  'isPriceDisplayMethod', 'isProductVisibility', 'isReductionType', 'isReference',
  'isSerializedArray', 'isSha1', 'isStateIsoCode', 'isStockManagement', 'isString', 'isSubDomainName',
  'isTabName', 'isTagsList', 'isThemeName', 'isTplName', 'isTrackingNumber', 'isUnsignedFloat',
  'isUnsignedId', 'isUnsignedInt', 'isUpc', 'isUrl', 'isUrlOrEmpty', 'isValidSearch',
  'isVoucherDescription', 'isWeightUnit', 'isZipCodeFormat',
];

const BY_LOWER_NAME: ReadonlyMap<string, string> = new Map(RULE_NAMES.map((n) => [n.toLowerCase(), n]));

/** The spec's `inputType` values that carry a rule (`langList` is a shape, not a rule). */
const INPUT_TYPE_RULES: ReadonlyMap<string, string> = new Map([
  ['listid', 'isUnsignedId'],
  ['numeric', 'isNumeric'],
]);

/** The rule for a format name, or null when the runtime has none (the value then passes). */
export function ruleForFormat(format: string): string | null {
  return BY_LOWER_NAME.get(format.toLowerCase()) ?? null;
}

/** The rule for a spec `inputType`, or null. */
export function ruleForInputType(inputType: string): string | null {
  return INPUT_TYPE_RULES.get(inputType.toLowerCase()) ?? null;
}
