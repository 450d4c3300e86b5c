/**
 * The fast path of the standalone validators (templates/runtime/check-fast.ts) against the full
 * check of check.ts: a value the fast path passes must be one the full check passes, and every
 * record must get the same issues, in the same order, whichever path a field takes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NUMBER_TESTS, STRING_TESTS } from '../../templates/runtime/check-fast.js';
import { checkRecord, type FieldSpec, type RecordSpec } from '../../templates/runtime/check.js';
import * as rules from '../../templates/runtime/rules.js';
import { numberToWire } from '../../templates/runtime/validation.js';
import { random } from './random.js';

/** Numbers near every boundary the rules have, and random ones of every magnitude and precision. */
function numbers(): number[] {
  const edges = [
    0,
    -0,
    1,
    -1,
    0.1,
    0.2,
    0.1 + 0.2,
    61.8,
    55.5,
    1e-4,
    1e-5,
    1e-7,
    5e-324,
    0.30000000000000004,
    123.45678,
    1.23456789,
    4294967295,
    4294967296,
    4294967294.5,
    9999999999,
    9999999999.5,
    1e10,
    1e10 - 0.0001,
    99999999999999,
    1e14,
    1e14 - 1,
    123456789012345,
    999999999.9999,
    1e9,
    -1e9,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    2 ** 63,
    -(2 ** 63),
    1e21,
    1.5e300,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.EPSILON,
    1 / 3,
    2 / 3,
    0.99995,
    0.99999,
    999999999.99995,
  ];
  const next = random(14);
  const out = [...edges, ...edges.map((x) => -x)];
  for (let i = 0; i < 20000; i++) {
    const magnitude = 10 ** Math.floor(next() * 30 - 12);
    const decimals = Math.floor(next() * 12);
    const x = Math.round(next() * magnitude * 10 ** decimals) / 10 ** decimals;
    out.push(next() < 0.3 ? -x : x, next() * magnitude);
  }
  return out;
}

describe('number tests', () => {
  const xs = numbers();
  for (const [rule, test] of NUMBER_TESTS) {
    const name = Object.entries(rules).find(([, f]) => f === rule)![0];
    it(`${name}: passes only numbers whose wire text the rule accepts`, () => {
      const wrong = xs.filter((x) => x !== 0 && test(x) && !rule(numberToWire(x)));
      expect(wrong).toEqual([]);
      // And it does answer most of the common values itself.
      expect(test(42)).toBe(true);
    });
  }
  it('answers prices and floats with decimals without the rule', () => {
    expect(NUMBER_TESTS.get(rules.isPrice)!(61.8)).toBe(true);
    expect(NUMBER_TESTS.get(rules.isFloat)!(-0.0025)).toBe(true);
    expect(NUMBER_TESTS.get(rules.isUnsignedFloat)!(0.3)).toBe(true);
  });
});

const LANGUAGES = [1, 2];
const fields: FieldSpec[] = [
  ['active', 'boolean'],
  ['count', 'number', '', 0, 'isUnsignedInt'],
  ['depth', 'number', '', 0, 'isUnsignedFloat'],
  ['ean13', 'string', '', 13, 'isEan13'],
  ['level', 'number', '', 0, 'isInt'],
  ['link_rewrite', 'string', 'lc', 128, 'isLinkRewrite'],
  ['min', 'number', '', 0, 'isPositiveInt'],
  ['name', 'string', 'lr', 128, 'isCatalogName'],
  ['note', 'string', '', 20],
  ['price', 'number', 'r', 0, 'isPrice'],
  ['rate', 'number', '', 0, 'isFloat'],
  ['reference', 'string', '', 64, 'isReference'],
  ['slug', 'number', 'c', 0, 'isUnsignedId'],
  ['tag', 'string', 'r'],
  ['type', 'string', '', 0, 'isGenericName', ['standard', 'pack', '']],
  ['weight', 'number', '', 5, 'isUnsignedFloat'],
  ['id', 'number', 'o'],
];

function spec(wrap: boolean, unknownKeys?: RecordSpec['unknownKeys']): RecordSpec {
  // Wrapped rules are not the runtime's functions: every number then takes the full check.
  const table = Object.fromEntries(
    Object.entries(rules).map(([k, f]) => [k, wrap ? (v: string) => (f as (v: string) => boolean)(v) : f]),
  );
  return {
    className: 'Product',
    languages: LANGUAGES,
    defaultLanguage: 1,
    rules: table,
    fields,
    associations: [
      [
        'categories',
        [
          ['id', 'number', 'r', 0, 'isUnsignedId'],
          ['name', 'string', 'l', 0, 'isGenericName'],
        ],
      ],
    ],
    ...(unknownKeys === undefined ? {} : { unknownKeys }),
  };
}

const text = (en: unknown, fr: unknown) => [
  { id: 1, value: en },
  { id: 2, value: fr },
];
const base = { price: 9.5, tag: 'mug', name: text('Mug', 'Tasse') };

const RECORDS: unknown[] = [
  base,
  { ...base, count: 0, depth: -0, level: -12, min: 0, rate: 0.1 + 0.2, weight: 12.5, active: false },
  { ...base, count: 4294967296, depth: -1, level: 2 ** 63, min: 1.5, rate: 123456789012345, weight: 123456, price: -1 },
  { ...base, count: Number.NaN, depth: Infinity, rate: 1e-7, price: 1e10, slug: -3 },
  { ...base, price: 0.0000001, slug: 3.5, level: '3', active: 1 },
  { ...base, name: text('', 'Tasse') },
  { ...base, name: text('Mug', '') },
  { ...base, name: [{ id: 2, value: 'Tasse' }] },
  { ...base, name: [{ id: 3, value: 'Mug' }, { id: 1, value: 'Mug<' }, null, { id: 1 }] },
  { ...base, name: 'Mug' },
  { ...base, link_rewrite: text('mug-rouge', 'tasse rouge') },
  { ...base, tag: '', note: 'x'.repeat(21), reference: 'ref;', type: 'hidden', ean13: '0' },
  { ...base, tag: '0', note: '&amp;'.repeat(20), reference: '0', type: '', ean13: '12345678901234' },
  { ...base, id: 3, extra: 1, extensions: { a: 1 } },
  {
    ...base,
    extensions: 3,
    associations: { categories: [{ id: 2 }, { name: text('A', 'B') }, {}, 3, { id: -1, more: 1 }] },
  },
  { ...base, associations: { categories: 'x', tags: [] } },
  { name: text('Mug', 'Tasse') },
  { count: 'x', price: 'y' },
  {},
  [],
  null,
];

describe('string tests', () => {
  const plainEmail = STRING_TESTS.get(rules.isEmail)!;

  it('answers everyday addresses without the rule', () => {
    for (const s of ['pub@prestashop.com', 'a+b@example.fr', 'john.doe@mail.example.co.uk', 'x_y@z-1.io'])
      expect(plainEmail(s)).toBe(true);
    for (const s of [
      '',
      '0',
      'a@b',
      '"q"@example.com',
      'a..b@example.com',
      'ü@example.com',
      'a@-b.com',
      `${'a'.repeat(60)}@b.com`,
    ])
      expect(plainEmail(s)).toBe(false);
  });

  it('passes only what isEmail passes (random texts near the shape of an address)', () => {
    const text = fc.string({ unit: fc.constantFrom(...'aZ09._+-@"[]: \n\u00fc'.split('')), maxLength: 70 });
    fc.assert(
      fc.property(text, (s) => !plainEmail(s) || rules.isEmail(s)),
      { numRuns: 20_000 },
    );
    const shaped = fc.stringMatching(/^[A-Za-z0-9._+-]{1,30}@[A-Za-z0-9._-]{1,40}$/);
    let passed = 0;
    fc.assert(
      fc.property(shaped, (s) => {
        if (plainEmail(s)) passed++;
        return !plainEmail(s) || rules.isEmail(s);
      }),
      { numRuns: 20_000 },
    );
    expect(passed).toBeGreaterThan(20);
  });
});

describe('checkRecord: the fast path changes no answer', () => {
  for (const mode of [undefined, 'strict', 'strip', 'passthrough'] as const) {
    const fast = spec(false, mode);
    const full = spec(true, mode);
    for (const [patch, create] of [
      [false, false],
      [false, true],
      [true, false],
    ] as const) {
      it(`${mode ?? 'default'} mode, ${patch ? 'patch' : create ? 'create' : 'update'}`, () => {
        for (const record of RECORDS)
          expect(checkRecord(fast, record, patch, create)).toEqual(checkRecord(full, record, patch, create));
      });
    }
  }

  it('reports the same issues as before (a sample)', () => {
    const r = checkRecord(spec(false), RECORDS[2], false, false);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      'count:invalid_format',
      'depth:invalid_format',
      'level:invalid_format',
      'min:invalid_format',
      'price:invalid_format',
      'rate:invalid_format',
      'weight:too_long',
    ]);
  });

  it('skips a rule marked for create on a POST only', () => {
    const s = spec(false);
    expect(checkRecord(s, { ...base, slug: 3.5 }, false, true).ok).toBe(true);
    expect(checkRecord(s, { ...base, slug: 3.5 }, false, false).ok).toBe(false);
    expect(checkRecord(s, { ...base, link_rewrite: text('a b', 'c') }, false, true).ok).toBe(true);
    expect(checkRecord(s, { ...base, link_rewrite: text('a b', 'c') }, false, false).ok).toBe(false);
  });
});
