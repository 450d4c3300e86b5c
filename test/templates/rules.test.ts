/**
 * Each rule against values PrestaShop's `Validate::is*` (8.x) accepts and refuses. The expected
 * answers follow the PHP source: its regular expressions (with `$` matching before a final
 * newline), PHP's numeric-string and float-printing semantics, and the helper classes the rules
 * call (Symfony/egulias e-mail validation, the CustomerName constraint, Isbn::VALID_PATTERN).
 */
import { describe, expect, it } from 'vitest';
import * as rules from '../../templates/runtime/rules.js';

type Rule = (value: string) => boolean;

/** rule name → [accepted, refused] */
const CASES: Record<string, [accepted: string[], refused: string[]]> = {
  isUnsignedId: [
    ['0', '1', '42', '4294967295'],
    ['-1', '4294967296', '1.0', '01', '+1', ' 1', '1 ', '1e3', 'abc', '', '-0', '1\n'],
  ],
  isNullOrUnsignedId: [
    ['0', '7'],
    ['-7', 'x'],
  ],
  isUnsignedInt: [
    ['0', '4294967295'],
    ['4294967296', '-1', '1.5'],
  ],
  isPositiveInt: [
    ['1', '4294967295'],
    ['0', '-1', '4294967296', '1.5'],
  ],
  isInt: [
    ['0', '-1', '42', '9223372036854775807', '-9223372036854775808'],
    ['9223372036854775808', '1.0', '01', '-0', '+5', '1e2', ' 1', '', 'x'],
  ],
  isBool: [
    ['0', '1', '1\n'],
    ['2', 'true', 'false', '', '01', ' 1', 'yes'],
  ],
  isPrice: [
    ['0', '12', '12.5', '0.123456789', '1234567890', '1234567890.123456789', '19.90\n'],
    ['-1', '1.2.3', '1.', '.5', '12345678901', '1.1234567890', '1e3', '+1', '1,5', ' 1', '', 'abc'],
  ],
  isNegativePrice: [
    ['-1', '-12.50', '3'],
    ['--1', '-', '-1.2.3', '+1'],
  ],
  isFloat: [
    ['0', '1.5', '-1.5', '1e3', '.5', '5.', '+1', ' 1.5', '1.5 ', '12345678901234', '0.1', '-0'],
    ['1.2.3', 'abc', '', ' ', '1e', '0x1A', 'INF', '123456789012345678', '0.30000000000000004', '1,5', '1e400'],
  ],
  isUnsignedFloat: [
    ['0', '1.5', '-0'],
    ['-1.5', '-0.1', 'x'],
  ],
  isOptFloat: [
    ['', '0', '1.5'],
    ['x', '1.2.3'],
  ],
  isPercentage: [
    ['0', '55.5', '100'],
    ['-1', '100.01', '1.2.3'],
  ],
  isDate: [
    ['2024-02-29', '2023-12-31 23:59:59', '2024-1-5', '2024-01-05 99:99:99', '2024-01-05\n'],
    [
      '2023-02-29',
      '0000-00-00',
      '0000-00-00 00:00:00',
      '2024-13-01',
      '2024-00-10',
      '2024-01-32',
      '24-01-01',
      '2024/01/01',
      '2024-01-01T10:00:00',
      '',
    ],
  ],
  isDateFormat: [
    ['2023-02-31', '2024-01-05 10:00:00', '0000-00-00'],
    ['2024-13-01', '2024-01-01T00:00:00', 'x'],
  ],
  isDateOrNull: [
    ['0000-00-00', '0000-00-00 00:00:00', '2024-02-29'],
    ['2023-02-29', '0000-00-00 00:00'],
  ],
  isEmail: [
    [
      'a@b.co',
      'a+b@c.de',
      'first.last@example.com',
      'x_y-z@sub.example.org',
      '"quoted name"@example.com',
      'a@é.fr',
      'a@[192.168.0.1]',
      `a@${'b'.repeat(63)}.com`,
      `a@${'é'.repeat(64)}.com`,
      'a@b_c.d-e.fr',
      "a!#$%&'*+/=?^_`{|}~-@b.co",
    ],
    [
      `a@${'b'.repeat(64)}.com`,
      `a@${'b.'.repeat(127)}co`,
      'a@b.c-',
      'a@.b.co',
      'a@b.c_o;',
      'a(b)@c.de',
      'a@b.co\n',
      '',
      '0',
      'a',
      'a@b',
      'a@b.',
      '@b.co',
      'a@@b.co',
      'a@b@c.co',
      '.a@b.co',
      'a.@b.co',
      'a..b@c.de',
      'a b@c.de',
      'é@c.de',
      'a@-b.co',
      'a@b-.co',
      'a@b..co',
      'a,b@c.de',
      'a@b.co ',
    ],
  ],
  // `\pS` lets every symbol through, `<` and `>` included.
  isUrl: [
    ['https://example.com/a?b=c&d=e#f', 'example.com', 'http://exemple.fr/été', 'a<b>'],
    ['', 'a"b', 'a[b]', "it's", 'a!b'],
  ],
  isAbsoluteUrl: [
    ['', 'https://example.com/x', '//cdn.example.com/a.png'],
    ['example.com', 'ftp://x.y', 'https://ex ample.com/"'],
  ],
  isCatalogName: [
    ['T-shirt "Colibri" (men)', 'Été 2024 – 50%', ''],
    ['a<b', 'a;b', 'x=y', 'a#1', '{x}', 'x>'],
  ],
  isGenericName: [
    ['Hello, world!', '', '0', 'x; y # z'],
    ['a<b', 'a=b', '{a}'],
  ],
  isName: [
    ['Jean-Luc', "O'Brien", 'Zoë Ångström', 'José María'],
    ['R2D2', 'a@b', 'a,b', 'a_b', 'x:y', 'a|b'],
  ],
  isCustomerName: [
    ['Jean', 'Jean-Luc', 'J. R. Tolkien', 'Dr.', 'Ñandú', 'Li'],
    ['', '   ', 'R2D2', 'J.R.Tolkien', 'a/b', 'a\\b', 'a*b', 'a[b]', 'a^b', 'A.B'],
  ],
  isAddress: [
    ['12, rue de la Paix', '', '0', 'Flat 3 #4'],
    ['a!b', 'a_b', 'a@b', '100%'],
  ],
  isCityName: [
    ['Saint-Étienne', "L'Haÿ-les-Roses", 'Paris 75001'],
    ['a#b', 'a;b', 'a_b', 'a"b'],
  ],
  isPostCode: [
    ['75001', 'SW1A 1AA', 'AB-12', '', '0'],
    ['75001!', 'a_b', '1.2'],
  ],
  isPhoneNumber: [
    ['+33 (0)1 23.45/67-89', ''],
    ['+33 1 23 45 67 89 ext', '0612x'],
  ],
  isReference: [
    ['demo_1', 'REF-001/A', ''],
    ['a<b', 'a;b', 'a=b', '{a}'],
  ],
  isLinkRewrite: [
    ['t-shirt_colibri', 'A1'],
    ['', 't shirt', 'été', 'a/b', 'a.b'],
  ],
  isCleanHtml: [
    ['<p>Hello <b>world</b></p>', 'a < b', 'onion = vegetable', 'Use the script tag'],
    [
      '<script>alert(1)</script>',
      '< SCRIPT src=x>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:void(0)">',
      '<iframe src=x>',
      '<form>',
      '<p onclick = "x">',
    ],
  ],
  isColor: [
    ['#ff00AA', 'red', 'light-blue', ''],
    ['#fff', '#ff00ag', 'rgb(0,0,0)', 'dark blue'],
  ],
  isLanguageIsoCode: [
    ['en', 'fra', 'EN'],
    ['e', 'engl', 'e1', 'en-us'],
  ],
  isEan13: [
    ['', '0', '3017620422003', '123'],
    ['30176204220031', '301762042200A', '-1'],
  ],
  isGtin: [
    ['', '30176204220031', '123'],
    ['301762042200311', 'abc'],
  ],
  isUpc: [
    ['', '036000291452', '1'],
    ['0360002914520', '03600029145A'],
  ],
  isIsbn: [
    [
      '',
      '0',
      '978-3-16-148410-0',
      '9783161484100',
      '0-306-40615-2',
      '0306406152',
      'ISBN 978-3-16-148410-0',
      '080442957X',
    ],
    ['12345', '978-3-16-148410', 'abc', '978--3-16-148410-0', '9783161484100000'],
  ],
  isMpn: [['', 'MPN-12345', 'x'.repeat(40)], ['x'.repeat(41)]],
  isMessage: [
    ['Hello, how are you? 100% sure!', ''],
    ['a<b', 'x{y}', 'a>b'],
  ],
  isString: [['', 'anything <at> all'], []],
  isProductVisibility: [
    ['both', 'catalog', 'search', 'none', 'BOTH', 'bothered', 'xcatalogx'],
    ['', 'hidden', 'nonexistent'],
  ],
  isReductionType: [
    ['amount', 'percentage'],
    ['Amount', 'percent', ''],
  ],
  isStockManagement: [
    ['WA', 'FIFO', 'LIFO'],
    ['wa', 'FEFO', ''],
  ],
  isCoordinate: [
    ['48.8566', '-2.3522'],
    ['48', '48.', '123456789.1', '1.123456789'],
  ],
  isImageSize: [
    ['1', '9999'],
    ['10000', '', 'a'],
  ],
  isPriceDisplayMethod: [
    ['0', '1', '1.0', ' 1'],
    ['2', '-1', 'x', ''],
  ],
  isConfigName: [
    ['PS_SHOP_NAME', 'my-key_2'],
    ['PS SHOP', 'a.b', ''],
  ],
  isModuleName: [['ps_checkpayment'], ['ps checkpayment', '']],
  isTplName: [['order_conf'], ['order conf']],
  isThemeName: [
    ['classic', 'thème-2'],
    ['ab', 'my theme'],
  ],
  isImageTypeName: [
    ['small_default', 'home default'],
    ['a.b', ''],
  ],
  isPhpDateFormat: [
    ['Y-m-d H:i:s', 'd/m/Y'],
    ['', '<b>Y</b>'],
  ],
  isLanguageCode: [
    ['en', 'en-us', 'pt-BR'],
    ['eng', 'en_us', 'en-usa'],
  ],
  isLocale: [
    ['en-US', 'fr-FR'],
    ['en-us', 'EN-US', 'en'],
  ],
  isStateIsoCode: [
    ['CA', 'US-CA', 'ABCD-1234'],
    ['ABCDE', 'US_CA', ''],
  ],
  isNumericIsoCode: [
    ['978', '036'],
    ['97', '9788', 'EUR'],
  ],
  isZipCodeFormat: [
    ['', 'NNNNN', 'LNL NLN', 'CNNNN'],
    ['AAAAA', '99_99'],
  ],
  isDniLite: [
    ['', '12345678Z', 'X-1234567.L'],
    ['1234567890123456789', 'a b', 'a_b'],
  ],
  isApe: [
    ['6201Z', '62.01Z', '12A'],
    ['1A', '6201', 'Z6201', '620123Z'],
  ],
  isMd5: [
    ['d41d8cd98f00b204e9800998ecf8427e'],
    ['d41d8cd98f00b204e9800998ecf8427', 'g41d8cd98f00b204e9800998ecf8427e'],
  ],
  isSha1: [['da39a3ee5e6b4b0d3255bfef95601890afd80709'], ['da39a3ee5e6b4b0d3255bfef95601890afd8070']],
  isHashedPassword: [
    ['d41d8cd98f00b204e9800998ecf8427e', `$2y$10$${'a'.repeat(53)}`],
    ['short', 'x'.repeat(33)],
  ],
  isJson: [
    ['{"a":1}', '[]', '1', '"x"', ' {} '],
    ['', '{a:1}', "{'a':1}", '[1,]'],
  ],
  isIp2Long: [
    ['2130706433', '-1'],
    ['127.0.0.1', ''],
  ],
  isTrackingNumber: [
    ['1Z999AA10123456784', 'AB-12/34 [x]'],
    ['', 'a"b', 'a<b'],
  ],
  isCarrierName: [
    ['', '0', 'My carrier'],
    ['a<b', 'a#b'],
  ],
  isAnything: [['', '<script>'], []],
  // Code points, entities counting as one: the UTF-16 length alone does not settle these.
  isPasswd: [
    ['12345', 'x'.repeat(72), '\u{1F600}'.repeat(5), '&amp;'.repeat(5), '&amp;'.repeat(14), '\u{1F600}'.repeat(72)],
    ['1234', 'x'.repeat(73), '\u{1F600}'.repeat(4), '&amp;'.repeat(4), '\u{1F600}'.repeat(73), '&amp;'.repeat(73)],
  ],
  isPasswdAdmin: [
    ['12345678', '\u{1F600}'.repeat(8)],
    ['1234567', '\u{1F600}'.repeat(7), '&amp;'.repeat(7)],
  ],
  isSerializedArray: [
    ['a:1:{i:0;s:1:"a";}', 'a:0:{;}'],
    ['s:1:"a";', 'a:1:{i:0}'],
  ],
  isWeightUnit: [
    ['kg', 'lbs', 'kg\u00b2'],
    ['kilos', 'k<g'],
  ],
  isDistanceUnit: [['cm', 'km'], ['miles']],
  isNumeric: [
    ['1', '-1.5', '1e3', ' 2 '],
    ['', 'x', '1.2.3'],
  ],
  isTagsList: [['red, green, blue'], ['a!b', 'a#b']],
  isLabel: [['Your name'], ['a{b}', 'a<b']],
  isVoucherDescription: [
    ['Line one<br />Line two', ''],
    ['<b>x</b>', '{x}'],
  ],
};

describe('rules (PrestaShop Validate::is*)', () => {
  for (const [name, [accepted, refused]] of Object.entries(CASES)) {
    const rule = (rules as unknown as Record<string, Rule>)[name];
    it(`${name} is exported`, () => {
      expect(typeof rule).toBe('function');
    });
    if (typeof rule !== 'function') continue;
    for (const v of accepted) {
      it(`${name} accepts ${JSON.stringify(v)}`, () => expect(rule(v)).toBe(true));
    }
    for (const v of refused) {
      it(`${name} refuses ${JSON.stringify(v)}`, () => expect(rule(v)).toBe(false));
    }
  }
});
