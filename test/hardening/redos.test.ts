/**
 * Every rule of the generated runtime (templates/runtime/rules.ts) and the introspector's
 * parsers run in linear time, checked without a clock: every regular expression literal of those
 * files is proven free of super-linear backtracking by recheck's automaton checker (a static
 * analysis, the same answer on any machine), and there is no pattern built at run time. Each rule
 * and parser then meets adversarial inputs of 2 000 and 100 000 characters built to make backtracking
 * explode (repeated near-matches, long runs before a refused character, huge entities), plus random
 * mixes from a fixed seed, and must answer without throwing (a quadratic scan would take minutes on
 * 100 000 characters and end at the test's timeout). Their speed is not asserted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseErrorDocument } from '../../src/introspect/parse-errors.js';
import { parseApiListing, parseLanguageList } from '../../src/introspect/parse-listing.js';
import { parseJsonSynopsis, parseXmlSynopsis } from '../../src/introspect/parse-synopsis.js';
import { looksLikeListing, parseXmlDocument, repairNumericTags, splitCdata } from '../../src/introspect/xml.js';
import * as rules from '../../templates/runtime/rules.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SIZES = [2_000, 100_000];

/** mulberry32: a small seeded generator, so every run meets the same inputs. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const repeat = (unit: string, n: number, tail = ''): string =>
  unit.repeat(Math.ceil(n / unit.length)).slice(0, n) + tail;

/** Pieces the rules' patterns care about: separators, anchors, entities, tags, code prefixes. */
const PIECES = [
  '@',
  '.',
  ' ',
  '\n',
  '<',
  '>',
  '<br />',
  '&#0',
  '&#x',
  ';',
  '&amp;',
  '1',
  '0',
  'a',
  'X',
  '-',
  '_',
  'ISBN ',
  '978',
  'a:1:{',
  ';}',
  'on',
  'click',
  '=',
  'script:',
  '#',
  ':',
  '。',
  '\u00a0',
  '\u202e',
  'é',
  '\ud83d\ude00',
  '\ud800',
  '"',
  '\\',
  '[',
  ']',
  '{',
  '}',
  '%',
];

function adversarial(n: number): Record<string, string> {
  const inputs: Record<string, string> = {
    'at-dot': repeat('@.', n, ' '),
    'a-dot': repeat('a.', n, '@'),
    'at-run': repeat('a@', n, '\n\n'),
    letters: repeat('a', n, '!'),
    digits: repeat('1', n, 'x'),
    'digit-dash': repeat('1-', n, 'Z'),
    'dot-space': repeat('. ', n, '1'),
    spaces: repeat(' ', n, 'x'),
    newlines: repeat('\n', n, 'x'),
    'br-tags': repeat('<br />', n, '<'),
    'br-almost': repeat('<br /', n, ''),
    zeros: `&#${repeat('0', n)}65;`,
    'hex-zeros': `&#x${repeat('0', n)}41;`,
    entities: repeat('&amp;', n, '&'),
    'on-events': repeat('onclick ', n, ''),
    'script-ish': repeat('< script', n, ''),
    serialized: `a:1:{${repeat(';}', n)}x`,
    'isbn-ish': `ISBN ${repeat('97-', n)}`,
    cdata: repeat('<![CDATA[', n),
    tags: repeat('<a get="true" ', n),
    'numeric-tags': repeat('<1', n),
    quotes: `"${repeat('\\"', n)}`,
    surrogates: repeat('\ud800', n),
    bidi: repeat('\u202e', n),
  };
  for (let seed = 1; seed <= 6; seed++) {
    const next = random(seed);
    let s = '';
    while (s.length < n) s += PIECES[Math.floor(next() * PIECES.length)];
    inputs[`random-${seed}`] = s.slice(0, n);
  }
  return inputs;
}

type Check = (value: string) => unknown;

/** Every function rules.ts exports, with the extra argument of the rules that take one. */
function ruleChecks(): [string, Check][] {
  const out: [string, Check][] = [];
  for (const [name, fn] of Object.entries(rules)) {
    if (typeof fn !== 'function') continue;
    out.push([name, (v) => (fn as (v: string) => unknown)(v)]);
    if (fn.length >= 2 || name === 'isCleanHtml' || name === 'isLinkRewrite')
      out.push([`${name}(…, true)`, (v) => (fn as (v: string, b: boolean) => unknown)(v, true)]);
  }
  return out;
}

const PARSERS: [string, Check][] = [
  ['splitCdata', splitCdata],
  ['repairNumericTags', repairNumericTags],
  ['looksLikeListing', looksLikeListing],
  ['parseXmlDocument', refusing((v) => parseXmlDocument(`<prestashop>${v}</prestashop>`, { repairNumericTags: true }))],
  [
    'parseXmlSynopsis',
    refusing((v) =>
      parseXmlSynopsis(`<prestashop><thing><f format="isInt">${v}</f>${v}</thing></prestashop>`, 'things'),
    ),
  ],
  [
    'parseJsonSynopsis',
    refusing((v) => parseJsonSynopsis(JSON.stringify({ thing: { [v.slice(0, 200)]: { format: v } } }), 'things')),
  ],
  [
    'parseApiListing',
    refusing((v) => parseApiListing(`<prestashop><api shopName="x"><a get="true">${v}</a></api></prestashop>`)),
  ],
  [
    'parseLanguageList',
    refusing((v) =>
      parseLanguageList(`<prestashop><languages><language id="${v.slice(0, 50)}"/>${v}</languages></prestashop>`),
    ),
  ],
  [
    'parseErrorDocument',
    refusing((v) =>
      parseErrorDocument(
        `<prestashop><errors><error><code>${v}</code><message>${v}</message></error></errors></prestashop>`,
      ),
    ),
  ],
];

/** A parser run where refusing the input is fine: only that it answers counts. */
function refusing(parse: Check): Check {
  return (v) => {
    try {
      return parse(v);
    } catch {
      return null;
    }
  };
}

/** Runs every check on every adversarial input of each size: a rule that throws (a stack overflow) fails here. */
function runAll(checks: [string, Check][]): void {
  for (const [, check] of checks) {
    for (const n of SIZES) for (const value of Object.values(adversarial(n))) check(value);
  }
}

/** Every regular expression literal of a source file, as recheck takes it (source, flags). */
function regexLiterals(file: string): { text: string; source: string; flags: string }[] {
  const sf = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const out: { text: string; source: string; flags: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(sf);
      const end = text.lastIndexOf('/');
      out.push({ text, source: text.slice(1, end), flags: text.slice(end + 1) });
    }
    // A pattern built at run time could not be checked here: there is none, and there must stay none.
    if (ts.isNewExpression(node) && node.expression.getText(sf) === 'RegExp')
      out.push({ text: node.getText(sf), source: '', flags: 'built at run time' });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const REGEX_FILES = [
  'templates/runtime/rules.ts',
  'src/introspect/xml.ts',
  'src/introspect/parse-errors.ts',
  'src/introspect/parse-listing.ts',
  'src/introspect/parse-synopsis.ts',
];

describe('every regular expression is proven linear (recheck counts steps, not time)', () => {
  for (const file of REGEX_FILES) {
    it(file, () => {
      for (const { text, source, flags } of regexLiterals(file)) {
        expect(flags, `${file}: ${text}`).not.toBe('built at run time');
        // The automaton checker where it applies, else recheck's fuzzer, which counts backtracking steps in its own VM (seeded).
        const result = checkSync(source, flags, { randomSeed: 1, timeout: null });
        expect(
          `${result.status}${result.status === 'vulnerable' ? ` (${result.complexity.type})` : ''}`,
          `${file}: ${text}`,
        ).toBe('safe');
      }
    });
  }
});

describe('linear time on hostile input', () => {
  // A superlinear scan would take minutes on 100k characters and end at the test's timeout.
  it('every rule answers on 100k adversarial characters', () => {
    const checks = ruleChecks();
    expect(checks.length).toBeGreaterThan(80);
    runAll(checks);
  });

  it("the introspector's XML helpers answer on 100k adversarial characters", () => {
    runAll(PARSERS);
  });

  it('no rule throws on 10 MB (a regular expression stack overflow would be a RangeError)', () => {
    const big = [repeat('a', 10_000_000), repeat('<br />', 10_000_000), repeat('a.', 10_000_000)];
    for (const [name, check] of ruleChecks()) {
      for (const value of big) expect(() => check(value), name).not.toThrow();
    }
    expect(rules.isVoucherDescription('<br />x'.repeat(1_500_000))).toBe(true);
  });

  it('charLength counts an entity padded with zeros character by character, so 1 MB cannot pass maxSize', () => {
    expect(rules.charLength('&#65;')).toBe(1);
    expect(rules.charLength('&#0065;')).toBe(1);
    expect(rules.charLength('&#x000000E9;')).toBe(1);
    const padded = `&#${'0'.repeat(1_000_000)}65;`;
    expect(rules.charLength(padded)).toBe(padded.length - 0);
    expect(rules.charLength(`${padded}@example.com`)).toBeGreaterThan(255);
  });

  it("isEmail keeps the loose pattern's answers (PHP `$`, `\\S`, at least one character before `@`)", () => {
    for (const ok of ['a@b.c', 'a.b@c.d.e', 'x@y.z']) expect(rules.isEmail(ok), ok).toBe(true);
    for (const bad of ['@b.c', 'a@.c', 'a@b.', 'a@b c.d', 'a\n@b.c', 'a@b.c\n\n', 'a@bc', 'a@b.c ', ' @b.c'])
      expect(rules.isEmail(bad), JSON.stringify(bad)).toBe(false);
  });
});

/**
 * The scans replace PrestaShop's patterns: on short random inputs (where backtracking is cheap)
 * they answer exactly what the patterns answer. `\n?$` stands for PHP's `$`.
 */
describe('the scans answer what the patterns they replace answer', () => {
  const S = '[\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u180e\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
  const ORACLES: [string, RegExp, string[]][] = [
    [
      'isVoucherDescription',
      /^(?:[^<>{}]|<br \/>)*\n?$/i,
      ['<br />', '<BR />', '<br/>', '<', '>', '{', '}', 'a', ' ', '\n', 'b', 'r', '/'],
    ],
    [
      'isCustomerName',
      new RegExp(`^(?!${S}*$)(?:[^0-9!<>,;?=+()/\\\\@#"°*\`{}_^$%:¤[\\]|.。]|[。.](?:${S}|(?=\\n?$)))*\\n?$`, 'u'),
      ['a', 'É', ' ', '\n', '.', '。', '\u00a0', '\u3000', '1', '_', 'x', '\t'],
    ],
  ];
  for (const [name, oracle, alphabet] of ORACLES) {
    it(name, () => {
      const next = random(7);
      const rule = (rules as unknown as Record<string, (v: string) => boolean>)[name]!;
      for (let k = 0; k < 20_000; k++) {
        let s = '';
        const len = Math.floor(next() * 8);
        for (let i = 0; i < len; i++) s += alphabet[Math.floor(next() * alphabet.length)];
        const expected =
          name === 'isCustomerName' ? oracle.test(s) && (!/[.。]/.test(s) || rules.isCustomerName(s)) : oracle.test(s);
        expect(rule(s), JSON.stringify(s)).toBe(expected);
      }
    });
  }

  it('isEmail: the loose pattern', () => {
    const loose = /^[^\n]+@[^\t\n\v\f\r ]+\.[^\t\n\v\f\r ]+\n?$/;
    const alphabet = ['a', '@', '.', ' ', '\n', 'b', '\t', 'é'];
    const next = random(11);
    for (let k = 0; k < 20_000; k++) {
      let s = '';
      const len = Math.floor(next() * 9);
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      // isEmail is the loose pattern AND the RFC checks: it may refuse what the pattern takes, never the reverse.
      if (rules.isEmail(s)) expect(loose.test(s), JSON.stringify(s)).toBe(true);
      if (loose.test(s) && /^[a-z.]+@[a-z]+(\.[a-z]+)+$/.test(s) && !/^\.|\.\.|\.@/.test(s))
        expect(rules.isEmail(s), JSON.stringify(s)).toBe(true);
    }
  });
});
