/**
 * The rules that take more than a value (a clock, a store setting), string length as
 * `Tools::strlen` counts it, PHP's `empty`, and the wire text of numbers and dates; the table of
 * `Validate::is*` answers is in rules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import * as rules from '../../templates/runtime/rules.js';

describe('isBirthDate', () => {
  const now = new Date(2025, 5, 15, 12, 0, 0);
  it.each([
    ['', true],
    ['0', true],
    ['0000-00-00', true],
    ['1990-04-01', true],
    ['2025-06-15', true],
    ['1990-4-1', true],
    ['1825-06-16', true],
    ['2025-06-16', false],
    ['1825-06-14', false],
    ['1825-06-15', false],
    ['1990-02-30', false],
    ['1990-13-01', false],
    ['1990-04-01 10:00:00', false],
    ['01/04/1990', false],
    ['1990-04-01\n', false],
    ['01990-04-01', false],
    ['1990-004-01', false],
    ['1990-04-001', false],
    ['1990--04-01', false],
    ['-1990-04-01', false],
    ['1990-04-01-', false],
    ['1990-04', false],
    ['1990-04-01-02', false],
    ['2000-2-29', true],
    ['1900-02-29', false],
  ])('%j → %s', (value, expected) => {
    expect(rules.isBirthDate(value, now)).toBe(expected);
  });
});

describe('isBirthDate at the edges of the 200 years', () => {
  it('accepts the day exactly 200 years ago only at midnight, and rolls Feb 29 over', () => {
    expect(rules.isBirthDate('1825-06-15', new Date(2025, 5, 15, 0, 0, 0))).toBe(true);
    // On Feb 29 2000, 200 years back is Mar 1 1800 (1800 has no Feb 29).
    expect(rules.isBirthDate('1800-03-01', new Date(2000, 1, 29, 12))).toBe(false);
    expect(rules.isBirthDate('1800-03-02', new Date(2000, 1, 29, 12))).toBe(true);
    expect(rules.isBirthDate('1824-02-29', new Date(2024, 1, 29, 12))).toBe(false);
    expect(rules.isBirthDate('1824-03-01', new Date(2024, 1, 29, 12))).toBe(true);
  });

  it('reads the clock on every call when none is given', () => {
    const today = new Date();
    const day = (d: Date) => `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
    expect(rules.isBirthDate(day(today))).toBe(true);
    expect(rules.isBirthDate(day(new Date(today.getFullYear() + 1, 0, 1)))).toBe(false);
  });
});

describe('isCleanHtml with iframes allowed', () => {
  it('accepts an iframe but still refuses scripts', () => {
    expect(rules.isCleanHtml('<iframe src="https://video.example"></iframe>', true)).toBe(true);
    expect(rules.isCleanHtml('<script></script>', true)).toBe(false);
  });
});

describe('isLinkRewrite with accented URLs allowed', () => {
  it('accepts letters of any script', () => {
    expect(rules.isLinkRewrite('été-2024', true)).toBe(true);
    expect(rules.isLinkRewrite('t shirt', true)).toBe(false);
  });
});

describe('charLength (Tools::strlen)', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['été', 3],
    ['😀', 1],
    ['a😀b', 3],
    ['&amp;', 1],
    ['&amp;amp;', 5],
    ['&eacute;t&eacute;', 3],
    ['&#233;&#xE9;&#XE9;', 3],
    ['&apos;', 6],
    ['&#39;', 5],
    ['&quot;', 1],
    ['&#0;', 4],
    ['&#x110000;', 10],
    ['&#0000000065;', 1],
    ['&unknown;', 9],
    ['&amp', 4],
    ['& amp;', 6],
    ['a & b', 5],
    ['&&amp;', 2],
    ['\ud800x', 2],
  ])('%j has %i characters', (value, expected) => {
    expect(rules.charLength(value)).toBe(expected);
  });

  it('never exceeds the UTF-16 length', () => {
    for (const v of ['&amp;', 'a😀', '&#1;', 'plain']) expect(rules.charLength(v)).toBeLessThanOrEqual(v.length);
  });
});

describe('phpEmpty', () => {
  it('treats "" and "0" as empty, nothing else', () => {
    expect(['', '0'].map(rules.phpEmpty)).toEqual([true, true]);
    expect(['00', ' ', '0.0', 'false'].map(rules.phpEmpty)).toEqual([false, false, false, false]);
  });
});

describe('wire text of numbers and dates (as the client writes them)', () => {
  it('writes numbers in plain notation', async () => {
    const { numberToWire } = await import('../../templates/runtime/validation.js');
    expect([0, -0, 12, 19.9, 0.1 + 0.2, 1e-7, 1e21, -2.5e-8, 2 ** 70].map(numberToWire)).toEqual([
      '0',
      '0',
      '12',
      '19.9',
      '0.30000000000000004',
      '0.0000001',
      '1000000000000000000000',
      '-0.000000025',
      '1180591620717411303424',
    ]);
  });

  it('writes dates from their UTC fields', async () => {
    const { dateToWire, dayToWire } = await import('../../templates/runtime/validation.js');
    const d = new Date(Date.UTC(2024, 1, 29, 7, 8, 9));
    expect(dateToWire(d)).toBe('2024-02-29 07:08:09');
    expect(dayToWire(d)).toBe('2024-02-29');
  });
});
