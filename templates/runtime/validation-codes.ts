/**
 * PrestaShop 8.x rules for codes, identifiers and URLs (`classes/Validate.php`).
 * `\n?$` stands for PHP's `$`, which also matches before a final newline.
 *
 * Dependency-free: this file is copied verbatim into generated output.
 */
import { charLength, charLengthBetween, emptyOrMatcher as emptyOr, matcher as test } from './validation-php.js';

// Product codes
/** `isEan13`: empty, or up to 13 digits (no checksum). */
export const isEan13 = emptyOr(/^[0-9]{0,13}\n?$/);
/** `isGtin` (9.0): empty, or up to 14 digits. */
export const isGtin = emptyOr(/^[0-9]{0,14}\n?$/);
/** `isUpc`: empty, or up to 12 digits. */
export const isUpc = emptyOr(/^[0-9]{0,12}\n?$/);
/**
 * `isIsbn`: empty, or an ISBN-10 / ISBN-13, with an optional `ISBN` prefix and `-` or space
 * separators (PrestaShop's `Isbn::VALID_PATTERN`, case-insensitive).
 */
export const isIsbn = emptyOr(
  /^(?:ISBN(?:-1[03])?:? )?(?=[0-9X]{10}\n?$|(?=(?:[0-9]+[- ]){3})[- 0-9X]{13}\n?$|97[89][0-9]{10}\n?$|(?=(?:[0-9]+[- ]){4})[- 0-9]{17}\n?$)(?:97[89][- ]?)?[0-9]{1,5}[- ]?[0-9]+[- ]?[0-9]+[- ]?[0-9X]\n?$/i,
);
/** `isMpn`: at most 40 characters. */
export function isMpn(value: string): boolean {
  return value.length <= 40 || charLength(value) <= 40;
}
/** `isReference`-like free codes are in rules.ts; these are strict identifiers. */
export const isMd5 = test(/^[a-fA-F0-9]{32}\n?$/);
export const isSha1 = test(/^[a-fA-F0-9]{40}\n?$/);

// Addresses and contact
/** `isPostCode`: empty, or letters, digits, spaces and `-`. */
export const isPostCode = emptyOr(/^[a-zA-Z 0-9-]+\n?$/);
/** `isZipCodeFormat` (a country's pattern): empty, or `N`, `L`, `C`, digits, spaces and `-`. */
export const isZipCodeFormat = emptyOr(/^[NLCnlc 0-9-]+\n?$/);
/** `isPhoneNumber`: digits, spaces and `+ . ( ) / -`. */
export const isPhoneNumber = test(/^[+0-9. ()/-]*\n?$/);
/** `isDniLite`: empty, or 1 to 16 letters, digits, `-` and `.`. */
export const isDniLite = emptyOr(/^[0-9A-Za-z.-]{1,16}\n?$/);
/** `isApe`: a French activity code such as `62.01Z` or `6201Z`. */
export const isApe = test(/^[0-9]{1,2}\.?[0-9]{1,2}[a-zA-Z]\n?$/);

// Languages, countries, locales
export const isLanguageIsoCode = test(/^[a-zA-Z]{2,3}\n?$/);
export const isLangIsoCode = isLanguageIsoCode;
export const isLanguageCode = test(/^[a-zA-Z]{2}(?:-[a-zA-Z]{2})?\n?$/);
export const isLocale = test(/^[a-z]{2}-[A-Z]{2}\n?$/);
export const isStateIsoCode = test(/^[a-zA-Z0-9]{1,4}(?:-[a-zA-Z0-9]{1,4})?\n?$/);
export const isNumericIsoCode = test(/^[0-9]{3}\n?$/);
export const isCountryName = test(/^[a-zA-Z -]+\n?$/);

// Technical names
export const isConfigName = test(/^[a-zA-Z_0-9-]+\n?$/);
export const isModuleName = test(/^[a-zA-Z0-9_-]+\n?$/);
export const isTplName = isModuleName;
export const isHookName = isModuleName;
export const isImageTypeName = test(/^[a-zA-Z0-9_ -]+\n?$/);
export const isSubDomainName = test(/^[a-zA-Z0-9_-]*\n?$/);
export const isFileName = test(/^[a-zA-Z0-9_.-]+\n?$/);
export const isDirName = test(/^[a-zA-Z0-9_.-]*\n?$/);
export const isTabName = test(/^[^<>]+\n?$/u);
/** `isThemeName`: 3 to 255 word characters (Unicode letters and digits, `_`) or `-`. */
export const isThemeName = test(/^[\p{L}\p{N}_-]{3,255}\n?$/u);
/** `isColor`: `#rrggbb`, or a colour name made of letters, digits and `-` (empty passes). */
export const isColor = test(/^(?:#[0-9a-fA-F]{6}|[a-zA-Z0-9-]*)\n?$/);

// URLs
/** `isUrl`: non-empty; letters (any script), digits, symbols and `~:#,$%&_=().? +-@/`. */
export const isUrl = test(/^[~:#,$%&_=().? +\-@/a-zA-Z0-9\p{L}\p{S}-]+\n?$/u);
export const isUrlOrEmpty = emptyOr(/^[~:#,$%&_=().? +\-@/a-zA-Z0-9\p{L}\p{S}-]+\n?$/u);
/** `isAbsoluteUrl`: empty, or `//host…` / `http(s)://host…` with URL characters. */
export const isAbsoluteUrl = emptyOr(/^(?:https?:)?\/\/[$~:;#,%&_=()[\].? +\-@/a-zA-Z0-9]+\n?$/);
/** `isTrackingNumber`: non-empty; letters, digits and `~:#,%&_=()[].? +-@/`. */
export const isTrackingNumber = test(/^[~:#,%&_=()[\].? +\-@/a-zA-Z0-9]+\n?$/);

// Passwords and serialised data
/** `isHashedPassword`: 32 (MD5) or 60 (bcrypt) characters. */
export function isHashedPassword(value: string): boolean {
  const n = charLength(value);
  return n === 32 || n === 60;
}
/** `isPasswd` / `isPlaintextPassword` (1.7): 5 to 72 characters. */
export function isPasswd(value: string): boolean {
  return charLengthBetween(value, 5, 72);
}
export const isPlaintextPassword = isPasswd;
/** `isPasswdAdmin` (1.7): 8 to 72 characters. */
export function isPasswdAdmin(value: string): boolean {
  return charLengthBetween(value, 8, 72);
}
/** `isJson`: `json_decode` succeeds (a bare scalar is JSON too; the empty string is not). */
export function isJson(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}
/** `isSerializedArray`: looks like a PHP-serialised array, `a:N:{…;}`. */
export const isSerializedArray = test(/^a:[0-9]+:\{[^]*;\}\n?$/);
