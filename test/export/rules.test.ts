import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruledValidators, stringPattern, validatorRule } from '../../src/export/index.js';

/** The exported pattern of a validator, compiled without and with the `u` flag. */
function compiled(format: string): { plain: RegExp; unicode: RegExp } {
  const body = validatorRule(format)?.string?.pattern;
  if (body === undefined) throw new Error(`no string pattern for ${format}`);
  const source = stringPattern(body);
  return { plain: new RegExp(source), unicode: new RegExp(source, 'u') };
}

/** `ObjectModel::validateField` never runs a validator on an empty value. */
const isEmpty = (v: string): boolean => v === '' || v === '0';

/** PHP's `checkdate`. */
function checkdate(month: number, day: number, year: number): boolean {
  if (year < 1 || year > 32767 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** `Validate::isDate`, transcribed. */
function phpIsDate(v: string): boolean {
  const m =
    /^([0-9]{4})-((?:0?[0-9])|(?:1[0-2]))-((?:0?[0-9])|(?:[1-2][0-9])|(?:3[01]))( [0-9]{2}:[0-9]{2}:[0-9]{2})?$/.exec(
      v,
    );
  return m !== null && checkdate(Number(m[2]), Number(m[3]), Number(m[1]));
}

/** The regexes of `classes/Validate.php` (PHP `/u` → JS `u`), for the rules that are one regex. */
const PHP_REGEX: readonly [string, RegExp][] = [
  ['isGenericName', /^[^<>={}]*$/u],
  ['isCatalogName', /^[^<>;=#{}]*$/u],
  ['isName', /^[^0-9!<>,;?=+()@#"°{}_$%:¤|]*$/u],
  ['isAddress', /^[^!<>?=+@{}_$%]*$/u],
  ['isCityName', /^[^!<>;?=+@#"°{}_$%]*$/u],
  ['isReference', /^[^<>;={}]*$/u],
  ['isTplName', /^[a-zA-Z0-9_-]+$/],
  ['isConfigName', /^[a-zA-Z_0-9-]+$/],
  ['isColor', /^(#[0-9a-fA-F]{6}|[a-zA-Z0-9-]*)$/],
  ['isPhoneNumber', /^[+0-9. ()/-]*$/],
  ['isPostCode', /^[a-zA-Z 0-9-]+$/],
  ['isStateIsoCode', /^[a-zA-Z0-9]{1,4}((-)[a-zA-Z0-9]{1,4})?$/],
  ['isLanguageIsoCode', /^[a-zA-Z]{2,3}$/],
  ['isUpc', /^[0-9]{0,12}$/],
  ['isIsbn', /^[0-9-]{0,32}$/],
  ['isPrice', /^[0-9]{1,10}(\.[0-9]{1,9})?$/],
  ['isNegativePrice', /^[-]?[0-9]{1,10}(\.[0-9]{1,9})?$/],
  ['isTrackingNumber', /^[~:#,%&_=()[\].? +\-@/a-zA-Z0-9]+$/],
  ['isAbsoluteUrl', /^(https?:)?\/\/[$~:;#,%&_=()[\].? +\-@/a-zA-Z0-9]+$/],
  ['isProductVisibility', /^both|catalog|search|none$/i],
  ['isDateFormat', /^([0-9]{4})-((0?[0-9])|(1[0-2]))-((0?[0-9])|([1-2][0-9])|(3[01]))( [0-9]{2}:[0-9]{2}:[0-9]{2})?$/],
  ['isReductionType', /^(?:amount|percentage)$/],
];

describe('validator rules', () => {
  it('every pattern compiles with and without the u flag', () => {
    for (const name of ruledValidators()) {
      const body = validatorRule(name)?.string?.pattern;
      if (body === undefined) continue;
      expect(() => compiled(name), name).not.toThrow();
    }
    expect(ruledValidators().length).toBeGreaterThan(40);
  });

  it('matches Validate.php on generated strings (empty values are never validated)', () => {
    const alphabet = fc.constantFrom(
      ...'aZ09-_.:/ #<>;={}+()@$%!?"°¤|~,&[]BbOoTtHhNnEeCcLlGgSsRrpmu'.split(''),
      'both',
      'none',
      'catalog',
      'https://',
      '1.5',
      '2024-02-29',
    );
    for (const [name, php] of PHP_REGEX) {
      const { plain, unicode } = compiled(name);
      fc.assert(
        fc.property(
          fc.array(alphabet, { maxLength: 12 }).map((parts) => parts.join('')),
          (v) => {
            const expected = isEmpty(v) || php.test(v);
            return plain.test(v) === expected && unicode.test(v) === expected;
          },
        ),
        { numRuns: 400, seed: 8 },
      );
    }
  });

  it('isDate is the date regex plus checkdate', () => {
    const { plain, unicode } = compiled('isDate');
    const years = ['0000', '0001', '1900', '1996', '2000', '2023', '2024', '2100', '2400', '9999'];
    const months = ['0', '00', '1', '01', '2', '02', '4', '09', '10', '11', '12', '13', '012'];
    const days = ['0', '00', '1', '01', '9', '28', '29', '30', '31', '32'];
    const times = ['', ' 10:00:00', ' 99:99:99', 'T10:00:00', ' 1:00:00'];
    let checked = 0;
    for (const y of years)
      for (const m of months)
        for (const d of days)
          for (const t of times) {
            const v = `${y}-${m}-${d}${t}`;
            expect(plain.test(v), v).toBe(phpIsDate(v));
            expect(unicode.test(v), v).toBe(phpIsDate(v));
            checked++;
          }
    expect(checked).toBe(6500);
    expect(plain.test('2024-02-29 12:00:00')).toBe(true);
    expect(plain.test('2023-02-29')).toBe(false);
    expect(plain.test('0000-00-00 00:00:00')).toBe(false);
  });

  it('isDateOrNull also accepts zero dates', () => {
    const { plain } = compiled('isDateOrNull');
    for (const v of ['0000-00-00', '0000-00-00 00:00:00', '2024-01-31', '']) expect(plain.test(v), v).toBe(true);
    for (const v of ['2024-02-30', '0000-00-00 00:00:01']) expect(plain.test(v), v).toBe(false);
  });

  it('gives the examples of the validators issue', () => {
    expect(compiled('isPrice').plain.test('1.2.3')).toBe(false);
    expect(compiled('isPrice').plain.test('-1')).toBe(false);
    expect(compiled('isPrice').plain.test('19.90')).toBe(true);
    expect(compiled('isCatalogName').plain.test('Mug <b>')).toBe(false);
    expect(compiled('isCatalogName').plain.test('a;b')).toBe(false);
    expect(compiled('isCatalogName').plain.test('Mug, 330 ml')).toBe(true);
    // the quirk of /^both|catalog|search|none$/i
    expect(compiled('isProductVisibility').plain.test('BOTHER')).toBe(true);
    expect(compiled('isProductVisibility').plain.test('hidden')).toBe(false);
  });

  it('names are case-insensitive; unknown, config-dependent and multi-validator formats get no rule', () => {
    expect(validatorRule('IsGenericName')).toEqual(validatorRule('isGenericName'));
    for (const f of [
      'isLinkRewrite',
      'isCleanHtml',
      'isEmail',
      'isEan13',
      'isBirthDate',
      'isUrl',
      'isFooBar',
      'isString',
    ]) {
      expect(validatorRule(f), f).toBeNull();
    }
    expect(validatorRule('isGenericName isCatalogName')).toBeNull();
    expect(validatorRule(null)).toBeNull();
    expect(validatorRule('isUnsignedId')?.number).toEqual({ minimum: 0, maximum: 4294967295 });
  });
});
