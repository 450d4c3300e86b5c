/**
 * The layout step's promise: every file the emitters lay out (all but the runtime templates, which
 * are formatted at build time) is exactly what prettier prints for the same settings, so prettier
 * changes nothing in it (zod validators included). Checked on every golden snapshot, under the default settings and under the
 * settings the layout step follows (printWidth, trailingComma, bracketSpacing), and on a snapshot
 * whose names are built to land lines on both sides of the line width.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { format, type Options } from 'prettier';
import { describe, expect, it } from 'vitest';
import { resolveEmitOptions, type EmitOptions } from '../../src/emit/context.js';
import { emitAll, isLaidOut } from '../../src/emit/index.js';
import { DEFAULT_LAYOUT, type Layout } from '../../src/emit/layout.js';
import { parseSnapshot, type StoreSchema } from '../../src/model/index.js';
import { readRuntimeTemplates } from '../../src/templates.js';
import { layoutOf } from '../../src/emit/layout-config.js';
import { FLAVOURS, type FlavourName } from '../../src/emit/validators/flavours.js';

const TEMPLATES = await readRuntimeTemplates();
const read = (path: string): StoreSchema =>
  parseSnapshot(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'), path);

/** A field of a v1 snapshot. */
function field(name: string, format: string | null, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = {
    name,
    required: false,
    maxSize: null,
    format,
    inputType: null,
    multilingual: false,
    readOnly: false,
    filterable: true,
    references: null,
  };
  return { ...base, ...extra };
}

/**
 * Resources and fields whose names grow one character at a time, so that property lines, filter
 * lines, import lists, metadata objects, validator rows and signatures each cross the line width.
 */
function nearTheLimit(): StoreSchema {
  const resources = [];
  for (let n = 8; n <= 44; n += 3) {
    const name = `r${'x'.repeat(n)}s`;
    const fields = [field('id', 'isUnsignedId')];
    for (let len = 1; len <= 70; len += 3) {
      const f = `f${'a'.repeat(len)}`;
      fields.push(field(`${f}_s`, 'isGenericName', { maxSize: 64, required: len % 2 === 0 }));
      fields.push(field(`${f}_m`, 'isCatalogName', { multilingual: true, required: len % 4 === 1 }));
      fields.push(field(`${f}_b`, 'isBool', { readOnly: len % 3 === 0, filterable: len % 5 !== 0 }));
      fields.push(field(`${f}_i`, 'isUnsignedId', { references: 'products' }));
    }
    const associations = [
      {
        name: `a${'b'.repeat(n)}`,
        nodeName: 'item',
        resource: null,
        virtual: false,
        fields: [field('id', 'isUnsignedId'), field(`q${'u'.repeat(n)}`, 'isUnsignedInt')],
      },
    ];
    resources.push({
      name,
      description: null,
      nodeName: name.slice(0, -1),
      nodesName: null,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'],
      synopsis: { source: 'xml', reason: null },
      fields,
      associations,
    });
  }
  const languages = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, isoCode: null }));
  return parseSnapshot(
    JSON.stringify({ schemaVersion: 1, store: { psVersion: '8.2.0', languages }, resources }),
    'near-the-limit',
  );
}

/** The prettier options of a layout. */
const prettierOptions = (layout: Layout): Options => ({ parser: 'typescript', ...layout });

/** The laid-out files prettier would change, with the first differing line of each. */
async function changedByPrettier(model: StoreSchema, options: Partial<EmitOptions>, layout: Layout): Promise<string[]> {
  const resolved = resolveEmitOptions(options);
  const { files } = emitAll(model, resolved, { templates: TEMPLATES, layout });
  const changed: string[] = [];
  for (const [path, text] of files) {
    if (!isLaidOut(path)) continue;
    const formatted = await format(text, { ...prettierOptions(layout), filepath: path });
    if (formatted === text) continue;
    const a = text.split('\n');
    const b = formatted.split('\n');
    const i = a.findIndex((lineText, k) => lineText !== b[k]);
    changed.push(`${path}:${i + 1}: ${JSON.stringify(a[i])} → prettier ${JSON.stringify(b[i])}`);
  }
  return changed;
}

const WIDE: Layout = { printWidth: 100, trailingComma: 'es5', bracketSpacing: false };
const NARROW: Layout = { printWidth: 60, trailingComma: 'none', bracketSpacing: true };

describe('prettier leaves every laid-out file unchanged', () => {
  const cases: [string, () => StoreSchema, Partial<EmitOptions>, Layout][] = [
    ['prestashop-8.2.0', () => read('test/golden/prestashop-8.2.0/prestashop-schema.json'), {}, DEFAULT_LAYOUT],
    [
      'prestashop-8.2.0, Date dates, strict keys, plain ids',
      () => read('test/golden/prestashop-8.2.0/prestashop-schema.json'),
      { dates: 'Date', unknownKeys: 'strict', brandedIds: false, decimals: 'string' },
      DEFAULT_LAYOUT,
    ],
    [
      'prestashop-8.2.0 at 100 columns, es5 commas, no bracket spacing',
      () => read('test/golden/prestashop-8.2.0/prestashop-schema.json'),
      {},
      WIDE,
    ],
    [
      'prestashop-8.2.0, zod',
      () => read('test/golden/prestashop-8.2.0/prestashop-schema.json'),
      { validators: 'zod' },
      DEFAULT_LAYOUT,
    ],
    ['spec-store', () => read('test/golden/spec-store/prestashop-schema.json'), {}, DEFAULT_LAYOUT],
    ['mini catalog', () => read('fixtures/mini/catalog.json'), {}, NARROW],
    ['mini spec-store', () => read('fixtures/mini/spec-store.json'), { unknownKeys: 'strip' }, DEFAULT_LAYOUT],
    ['odd names', () => read('fixtures/mini/odd-names.json'), {}, DEFAULT_LAYOUT],
    ['odd names at 60 columns', () => read('fixtures/mini/odd-names.json'), {}, NARROW],
    ['names near the line width', nearTheLimit, {}, DEFAULT_LAYOUT],
    ['names near the line width, at 60 and 100 columns', nearTheLimit, {}, NARROW],
    ['names near the line width, at 100 columns', nearTheLimit, { dates: 'Date' }, WIDE],
    ['names near the line width, zod', nearTheLimit, { validators: 'zod' }, DEFAULT_LAYOUT],
    [
      'names near the line width, zod, Date dates, strip, at 60 columns',
      nearTheLimit,
      { validators: 'zod', dates: 'Date', unknownKeys: 'strip' },
      NARROW,
    ],
    [
      'prestashop-8.2.0, zod, strict keys, Date dates, at 100 columns',
      () => read('test/golden/prestashop-8.2.0/prestashop-schema.json'),
      { validators: 'zod', unknownKeys: 'strict', dates: 'Date' },
      WIDE,
    ],
    [
      'mini spec-store, zod (no languages)',
      () => read('fixtures/mini/spec-store.json'),
      { validators: 'zod' },
      DEFAULT_LAYOUT,
    ],
  ];
  it.each(cases)('%s', async (_name, model, options, layout) => {
    expect(await changedByPrettier(model(), options, layout)).toEqual([]);
  });
});

describe('names a store may send', () => {
  // Any name (quotes, backslashes, angle brackets, letters of any script, spaces) in a field, an
  // association and its item: the layout step reads the types it wrote back, and prettier agrees.
  const name = fc.string({
    minLength: 1,
    maxLength: 30,
    unit: fc.constantFrom('a', 'é', 'ü', '_', '$', '-', ' ', '"', "'", '\\', '<', '|', ':', '{', '9', 'Z', '日'),
  });
  it('lays out what prettier prints, whatever the names', async () => {
    await fc.assert(
      fc.asyncProperty(
        name,
        name,
        name,
        fc.constantFrom(...(Object.keys(FLAVOURS) as FlavourName[])),
        async (fieldName, associationName, itemField, validators) => {
          const fields = [
            field('id', 'isUnsignedId'),
            field(fieldName, 'isGenericName', { maxSize: 32, required: true }),
            field(`${fieldName}_m`, 'isCatalogName', { multilingual: true }),
          ];
          const associations = [
            {
              name: associationName,
              nodeName: 'item',
              resource: null,
              virtual: false,
              fields: [field('id', 'isUnsignedId'), field(itemField, 'isUnsignedInt')],
            },
          ];
          const resources = [
            {
              name: 'things',
              description: null,
              nodeName: 'thing',
              nodesName: null,
              methods: ['GET', 'POST', 'PUT', 'PATCH'],
              synopsis: { source: 'xml', reason: null },
              fields,
              associations,
            },
          ];
          const model = parseSnapshot(
            JSON.stringify({
              schemaVersion: 1,
              store: { psVersion: '8.2.0', languages: [{ id: 1, isoCode: 'en' }] },
              resources,
            }),
            'names',
          );
          expect(await changedByPrettier(model, { validators }, DEFAULT_LAYOUT)).toEqual([]);
        },
      ),
      { numRuns: 12, seed: 14 },
    );
  });
});

describe('layoutOf: the prettier settings the layout step prints for', () => {
  it('follows printWidth, trailingComma and bracketSpacing, and accepts defaults and irrelevant options', () => {
    expect(layoutOf(null)).toEqual(DEFAULT_LAYOUT);
    expect(
      layoutOf({
        printWidth: 100,
        trailingComma: 'es5',
        bracketSpacing: false,
        semi: true,
        tabWidth: 2,
        jsxSingleQuote: true,
        plugins: [],
      }),
    ).toEqual(WIDE);
  });
  it('leaves formatting to prettier for any other setting, a plugin or an unknown option', () => {
    for (const config of [
      { semi: false },
      { singleQuote: true },
      { tabWidth: 4 },
      { useTabs: true },
      { plugins: ['prettier-plugin-x'] },
      { someFutureOption: 1 },
      { printWidth: 'wide' },
    ]) {
      expect(layoutOf(config), JSON.stringify(config)).toBeNull();
    }
  });
});
