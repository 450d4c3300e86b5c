/** The ignore file: both syntaxes, validation, matching, expiry. */
import { describe, expect, it, vi } from 'vitest';
import { applyIgnores, diff, globMatches, isIsoDate, parseIgnoreFile, toIgnoreRule } from '../../src/diff/index.js';
import { ConfigError } from '../../src/errors.js';
import { baseStore, edit, fld, res } from './helpers.js';

const old = baseStore();
const next = edit(old, (s) => {
  res(s, 'products').fields = res(s, 'products').fields.filter((f: { name: string }) => f.name !== 'note');
  fld(s, 'products', 'name').maxSize = 64;
  s.resources.pop();
});
const changes = diff(old, next);

describe('ignore file', () => {
  it('reads the line format: id, path, optional expiry, reason', () => {
    const rules = parseIgnoreFile(
      [
        '# accepted for the 9.0 upgrade',
        '',
        'field-removed   products.note   2030-01-31  Dropped in 9.0, we never used it',
        'resource-removed  tags  Tags moved to a module',
      ].join('\n'),
      '.ignore',
    );
    expect(rules).toEqual([
      {
        id: 'field-removed',
        path: 'products.note',
        expires: '2030-01-31',
        reason: 'Dropped in 9.0, we never used it',
        source: '.ignore:3',
      },
      { id: 'resource-removed', path: 'tags', expires: null, reason: 'Tags moved to a module', source: '.ignore:4' },
    ]);
  });

  it('reads the JSON format (the config shape)', () => {
    const rules = parseIgnoreFile(
      '[{"id":"field-removed","path":"products.note","reason":"ok","expires":"2030-01-01"}]',
      'f',
    );
    expect(rules).toEqual([
      { id: 'field-removed', path: 'products.note', reason: 'ok', expires: '2030-01-01', source: 'f[0]' },
    ]);
  });

  it.each([
    ['field-removed products.note', 'f:1: every entry needs a "reason"'],
    ['field-removed products.note 2030-02-30 bad day', '"expires" must be a date'],
    ['feild-removed products.note typo', 'unknown check id "feild-removed"'],
    ['field-removed', 'expected "<check-id> <path> [YYYY-MM-DD] <reason>"'],
    ['[{"id":"field-removed","path":"x"}]', 'every entry needs a "reason"'],
    ['[1', 'not valid JSON'],
  ])('rejects %j', (text, message) => {
    expect(() => parseIgnoreFile(text, 'f')).toThrow(ConfigError);
    expect(() => parseIgnoreFile(text, 'f')).toThrow(message);
  });

  it('checks config entries the same way', () => {
    expect(() => toIgnoreRule({ id: 'field-removed', path: 'a.b' }, 'config')).toThrow('needs a "reason"');
    expect(toIgnoreRule({ id: '*', path: 'a.*', reason: 'r' }, 'config').id).toBe('*');
  });

  it('validates dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-1')).toBe(false);
  });

  it('globs with * only; other characters are literal', () => {
    expect(globMatches('products.*', 'products.meta_keywords')).toBe(true);
    expect(globMatches('*.meta_keywords', 'categories.meta_keywords')).toBe(true);
    expect(globMatches('products.name', 'productsXname')).toBe(false);
    expect(globMatches('a(b)+', 'a(b)+')).toBe(true);
  });

  it('globs in one forward scan: the same answers as a reference matcher, and no backtracking', () => {
    // Reference: the textbook dynamic programme over (pattern, text) positions.
    const reference = (p: string, t: string): boolean => {
      let row = Array.from({ length: t.length + 1 }, (_, j) => j === 0);
      for (const c of p) {
        const next = new Array<boolean>(t.length + 1).fill(false);
        next[0] = c === '*' && row[0]!;
        for (let j = 1; j <= t.length; j++)
          next[j] = c === '*' ? row[j]! || next[j - 1]! : row[j - 1]! && t[j - 1] === c;
        row = next;
      }
      return row[t.length]!;
    };
    let seed = 24;
    const rnd = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const word = (n: number, alphabet: string): string =>
      Array.from({ length: rnd(n) }, () => alphabet[rnd(alphabet.length)]).join('');
    for (let i = 0; i < 5000; i++) {
      const pattern = word(8, 'ab*');
      const text = word(10, 'ab');
      expect(globMatches(pattern, text), `${pattern} ${text}`).toBe(reference(pattern, text));
    }
    // As a RegExp, `*a*a*a*a*b` on 256 characters took 121 s; the scan answers at once.
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    expect(globMatches(`${'*a'.repeat(40)}*c*b`, `${'a'.repeat(100_000)}b`)).toBe(false);
    expect(globMatches(`${'*a'.repeat(40)}*b`, `${'a'.repeat(100_000)}b`)).toBe(true);
    expect(indexOf.mock.calls.length).toBeLessThanOrEqual(81);
    indexOf.mockRestore();
  });

  it('hides matching changes, reports expired and unused entries', () => {
    const rules = parseIgnoreFile(
      [
        'field-removed products.note 2030-01-01 accepted',
        'resource-removed tags 2020-01-01 was accepted once',
        'field-max-size-* products.* size changes reviewed',
        'field-removed products.nope typo in path',
      ].join('\n'),
      'f',
    );
    const out = applyIgnores(changes, rules, '2025-06-01');
    expect(out.kept.map((c) => c.path)).toEqual(['tags']);
    expect(out.ignored.map((i) => [i.change.path, i.entry.source])).toEqual([
      ['products.name', 'f:3'],
      ['products.note', 'f:1'],
    ]);
    expect(out.expired.map((e) => [e.entry.source, e.matches])).toEqual([['f:2', 1]]);
    expect(out.unused.map((e) => e.source)).toEqual(['f:4']);
  });

  it('applies an entry through its expiry day', () => {
    const rules = parseIgnoreFile('resource-removed tags 2025-06-01 until the end of the day', 'f');
    expect(applyIgnores(changes, rules, '2025-06-01').expired).toEqual([]);
    expect(applyIgnores(changes, rules, '2025-06-02').expired).toHaveLength(1);
  });
});
