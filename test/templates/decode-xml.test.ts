// The single-pass XML decoder (decode-xml.ts) against the tree path, and the scanner-based
// parseXml against the parser it replaced (xml-reference.ts), on every answer of the fake store
// and on thousands of mutations of them: the same records or trees, or both refuse.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSnapshot } from '../../src/model/snapshot.js';
import { createFakeStore, type TestingFakeStore } from '../../src/testing/index.js';
import { decodeXmlDocument, type DecodeContext } from '../../templates/runtime/decode.js';
import { decodeXmlSinglePass, decodeXmlText } from '../../templates/runtime/decode-xml.js';
import { DEFAULT_CODEC, type ResourceMeta } from '../../templates/runtime/meta.js';
import { parseXml } from '../../templates/runtime/xml.js';
import { generate, writeOut } from '../client/generated.js';
import { productMeta } from './metas.js';
import { random } from './random.js';
import { referenceParseXml } from './xml-reference.js';

const SNAPSHOT = join(import.meta.dirname, '../golden/prestashop-8.2.0/prestashop-schema.json');
const CTX: DecodeContext = { codec: DEFAULT_CODEC, fields: null, bareLanguage: null };

let store: TestingFakeStore;
const metas: ResourceMeta[] = [];
/** Every XML answer read: each resource's full list and its first item. */
const answers: { meta: ResourceMeta; text: string }[] = [];

beforeAll(async () => {
  const schema = parseSnapshot(readFileSync(SNAPSHOT, 'utf8'), 'snapshot');
  const dir = await writeOut('decode-xml', await generate(schema));
  const mod = (await import(`${dir}/index.ts`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod))
    if (name.endsWith('Meta') && typeof value === 'object') metas.push(value as ResourceMeta);
  store = await createFakeStore(SNAPSHOT);
  const headers = { authorization: `Basic ${Buffer.from(`${store.key}:`).toString('base64')}`, 'output-format': 'XML' };
  for (const meta of metas) {
    const list = await fetch(`${store.url}/api/${meta.name}?display=full`, { headers });
    if (list.status !== 200) continue;
    const text = await list.text();
    answers.push({ meta, text });
    const id = /<id><!\[CDATA\[(\d+)\]\]><\/id>/.exec(text)?.[1];
    if (id === undefined) continue;
    const item = await fetch(`${store.url}/api/${meta.name}/${id}`, { headers });
    if (item.status === 200) answers.push({ meta, text: await item.text() });
  }
}, 120_000);

afterAll(async () => {
  await store?.close();
});

type Outcome = { ok: true; value: unknown } | { ok: false };
const outcome = (f: () => unknown): Outcome => {
  try {
    return { ok: true, value: f() };
  } catch {
    return { ok: false };
  }
};

/** The same result: both refuse, or equal values with their keys in the same order. */
function expectSame(a: Outcome, b: Outcome, doc: string): void {
  expect(a.ok, doc).toBe(b.ok);
  if (a.ok && b.ok) expect(JSON.stringify(a.value), doc).toBe(JSON.stringify(b.value));
  if (a.ok && b.ok) expect(a.value, doc).toEqual(b.value);
}

const singlePass = (meta: ResourceMeta, text: string, ctx = CTX): Outcome =>
  outcome(() => decodeXmlText(meta, text, ctx));
const tree = (meta: ResourceMeta, text: string, ctx = CTX): Outcome =>
  outcome(() => decodeXmlDocument(meta, parseXml(text), ctx));

const PIECES = [
  '<',
  '>',
  '/',
  '"',
  "'",
  '=',
  ' ',
  '\u00a0',
  '&amp;',
  '&#x41;',
  '&bogus;',
  '<![CDATA[',
  ']]>',
  '<!-- c -->',
  '<?pi x?>',
  '<x/>',
  '</x>',
  '<language id="3">z</language>',
  '<language>q</language>',
  ' id="7"',
  '<associations/>',
  '<categories><category><id>9</id><extra>e</extra></category></categories>',
  '<!DOCTYPE x>',
  '\ufeff',
];

/** `count` mutations of `text`: a span deleted, a span repeated, or a piece inserted. */
function mutations(text: string, count: number, seed: number): string[] {
  const next = random(seed);
  const at = (): number => Math.floor(next() * (text.length + 1));
  return Array.from({ length: count }, () => {
    const i = at();
    const kind = next();
    if (kind < 0.3) return text.slice(0, i) + text.slice(Math.min(text.length, i + 1 + Math.floor(next() * 40)));
    if (kind < 0.5) {
      const end = Math.min(text.length, i + 1 + Math.floor(next() * 200));
      return text.slice(0, end) + text.slice(i, end) + text.slice(end);
    }
    return text.slice(0, i) + PIECES[Math.floor(next() * PIECES.length)] + text.slice(i);
  });
}

describe('the single-pass XML decoder', () => {
  it('reads every answer of the fake store as the tree path does', () => {
    expect(answers.length).toBeGreaterThan(60);
    for (const { meta, text } of answers) {
      // The single pass itself reads them (no fall-back to the tree path).
      const a = outcome(() => decodeXmlSinglePass(meta, text, CTX));
      expect(a.ok, `${meta.name}`).toBe(true);
      expectSame(a, tree(meta, text), meta.name);
      const display: DecodeContext = { ...CTX, fields: new Set(['id', meta.fields[1]?.name ?? 'id']), bareLanguage: 1 };
      expectSame(singlePass(meta, text, display), tree(meta, text, display), `${meta.name} display`);
    }
  });

  it('agrees with the tree path on thousands of mutated answers (same records, or both refuse)', () => {
    const products = answers.filter((a) => a.meta.name === 'products');
    const samples = [
      ...products,
      ...answers.filter((a) => ['customers', 'orders', 'carts', 'combinations'].includes(a.meta.name)),
    ];
    let refused = 0;
    samples.forEach(({ meta, text }, n) => {
      for (const doc of mutations(text, 400, 1000 + n)) {
        const a = singlePass(meta, doc);
        if (!a.ok) refused++;
        expectSame(a, tree(meta, doc), doc);
      }
    });
    // The mutations reach both sides of every check.
    expect(refused).toBeGreaterThan(100);
    expect(refused).toBeLessThan(samples.length * 400 - 100);
  });

  it('keeps the tree path reading of odd shapes: duplicates, minimal items, module fields, stray elements', () => {
    const docs = [
      '<prestashop><products><product id="3" xlink:href="x"/><product id="4"></product><product>  </product></products></prestashop>',
      '<prestashop><product><id>1</id><id>2</id><name><language id="1">a<b>x</b>c</language>t<language id="2">d</language></name><price><language id="1">9</language></price></product></prestashop>',
      '<prestashop><product><id>5</id><mod_x><language id="1">m</language></mod_x><mod_y>y &amp; z</mod_y><associations><categories><category><id>2</id><other>o</other><other>p</other></category></categories><categories><category><id>99</id></category></categories><tags><tag><id>1</id><id>2</id></tag></tags><tags/></associations><associations><categories/></associations></product></prestashop>',
      '<prestashop><product><id>6</id><associations><tags><tag><id>1</id></tag></tags><categories><category><id>3</id><id>4</id><x>1</x><x>2</x></category></categories><categories><category><id>98</id></category></categories><tags/></associations></product></prestashop>',
      '<prestashop><product><id>1</id></product><products><product><id>7</id></product></products><products><product><id>8</id></product></products></prestashop>',
      '<prestashop><product><id>1</id></product><product><id>2</id><__proto__>p</__proto__></product></prestashop>',
      '<prestashop><products/></prestashop>',
      '<prestashop><other/></prestashop>',
      '<prestashop><products><product><price>abc</price></product></products></prestashop>',
      '\ufeff<?xml version="1.0"?><!-- c --><prestashop><products><product id="&#49;"/></products></prestashop><!-- after -->',
    ];
    for (const doc of docs) {
      expectSame(singlePass(productMeta, doc), tree(productMeta, doc), doc);
      const display: DecodeContext = { ...CTX, fields: new Set(['id', 'name']), bareLanguage: 2 };
      expectSame(singlePass(productMeta, doc, display), tree(productMeta, doc, display), doc);
    }
  });
});

describe('parseXml on the shared tokenizer', () => {
  it('builds the tree the previous parser built, and refuses what it refused', () => {
    let refused = 0;
    answers.forEach(({ text }, n) => {
      expectSame(
        outcome(() => parseXml(text)),
        outcome(() => referenceParseXml(text)),
        text,
      );
      if (n % 8 !== 0) return;
      for (const doc of mutations(text, 150, 5000 + n)) {
        const a = outcome(() => parseXml(doc));
        if (!a.ok) refused++;
        expectSame(
          a,
          outcome(() => referenceParseXml(doc)),
          doc,
        );
      }
    });
    expect(refused).toBeGreaterThan(100);
  });
});
