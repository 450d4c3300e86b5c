/**
 * Regression tests for the four ways the emitters used to disagree with each other, each derived
 * on its own from the model. They now print from one field plan (src/plan), so each case below
 * checks that types, validators, client metadata and the export say the same thing.
 */
import { describe, expect, it } from 'vitest';
import { emitAll, resolveEmitOptions, type EmitOptions } from '../../src/emit/index.js';
import { renderExport } from '../../src/export/index.js';
import {
  makeField,
  makeResource,
  SCHEMA_VERSION,
  VALIDATORS,
  type Field,
  type Resource,
  type StoreSchema,
} from '../../src/model/index.js';
import { buildPlan } from '../../src/plan/index.js';
import * as rules from '../../templates/runtime/rules.js';

/** The text with every run of whitespace as one space (the layout step breaks long lines). */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

function schemaOf(...resources: Resource[]): StoreSchema {
  return {
    schemaVersion: SCHEMA_VERSION,
    store: { psVersion: '8.2.0', languages: [{ id: 1, isoCode: 'en' }], catalog: null, timeZone: null },
    resources,
  };
}

function thing(
  fields: Field[],
  methods: Resource['methods'] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'],
): Resource {
  return makeResource('things', { nodeName: 'thing', nodesName: 'things', methods, fields });
}

function emit(model: StoreSchema, options: Partial<EmitOptions> = {}) {
  return emitAll(model, resolveEmitOptions(options), { templates: new Map() });
}

describe('one validator table: a format is either known (typed and checked) or unknown (reported, not checked)', () => {
  it('every name of the table is a rule the runtime exports', () => {
    const exported = rules as unknown as Record<string, unknown>;
    for (const v of VALIDATORS) expect(typeof exported[v.name], v.name).toBe('function');
  });

  it('isCountryName is known: typed as a string, checked, and not reported', () => {
    const { files, diagnostics } = emit(schemaOf(thing([makeField('country', { format: 'isCountryName' })])));
    expect(diagnostics.filter((d) => d.code === 'unknown-format')).toEqual([]);
    expect(files.get('validators/things.ts')).toContain('["country", "string", "", 0, "isCountryName"]');
    expect(files.get('validators/things.ts')).toContain('rules: { isCountryName }');
    expect(files.get('types/things.ts')).not.toContain('unknown to prestashop-codegen');
  });

  it('a name PrestaShop has no rule for (isCurrencyConversionRate) is reported once, typed from its kind source, and not checked', () => {
    const model = schemaOf(
      thing([makeField('conversion_rate', { format: 'isCurrencyConversionRate', type: 'float' })]),
    );
    const { files, diagnostics } = emit(model);
    expect(diagnostics.filter((d) => d.code === 'unknown-format').map((d) => d.field)).toEqual(['conversion_rate']);
    expect(files.get('validators/things.ts')).not.toContain('isCurrencyConversionRate(');
    // Typed from the catalog's PHP type, in every shape and in the client's metadata alike.
    expect(files.get('types/things.ts')).toMatch(/conversion_rate: number;/);
    expect(files.get('clients/things.ts')).toContain('{ name: "conversion_rate", kind: "decimal" }');
    expect(buildPlan(model).resources[0]!.fields[0]).toMatchObject({ kind: 'decimal', rule: null });
  });
});

describe('a date field formatted `isDate isBirthDate`, with --dates Date', () => {
  const model = schemaOf(thing([makeField('born', { format: 'isDate isBirthDate' })]));
  const plan = buildPlan(model, { decimals: 'number', dates: 'Date', brandedIds: true }).resources[0]!.fields[0]!;

  it('is a date-time for the types, the client and the validator alike (the first known name decides)', () => {
    expect(plan).toMatchObject({ kind: 'date', dateOnly: false, form: 'datetime', rule: 'isDate' });
    const { files } = emit(model, { dates: 'Date' });
    // The client writes a date-time: no dateOnly flag in its metadata.
    expect(files.get('clients/things.ts')).toContain('{ name: "born", kind: "date" }');
    // The validator's row is a date-time (runtime/check.ts writes it with dateToWire) checked with isDate.
    const validator = files.get('validators/things.ts')!;
    expect(validator).toContain('["born", "datetime", "", 0, "isDate"]');
    expect(validator).not.toContain('"day"');
    expect(files.get('types/things.ts')).toMatch(/born: Date \| null;/);
  });

  it('and `isBirthDate` alone is a date without a time everywhere', () => {
    const only = schemaOf(thing([makeField('born', { format: 'isBirthDate' })]));
    const { files } = emit(only, { dates: 'Date' });
    expect(files.get('clients/things.ts')).toContain('{ name: "born", kind: "date", dateOnly: true }');
    expect(files.get('validators/things.ts')).toContain('["born", "day", "", 0, "isBirthDate"]');
  });
});

describe('a method PrestaShop forbids, left in a snapshot (stock_movements POST)', () => {
  const stock = makeResource('stock_movements', {
    nodeName: 'stock_mvt',
    nodesName: 'stock_mvts',
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'],
    fields: [makeField('id_product', { format: 'isUnsignedId' }), makeField('sign', { format: 'isInt' })],
  });
  const model = schemaOf(stock);

  it('gives no write shape, no validator, no client write and no export write', () => {
    expect(buildPlan(model).resources[0]).toMatchObject({ methods: ['GET', 'HEAD'], hasInput: false, hasPatch: false });
    const { files } = emit(model);
    expect(files.get('types/stock_movements.ts')).not.toContain('StockMvtInput');
    expect(files.has('validators/stock_movements.ts')).toBe(false);
    expect(files.get('validators/index.ts')).not.toContain('stock_movements');
    const client = files.get('clients/stock_movements.ts')!;
    expect(client).not.toMatch(/\bcreate\(|\bupdate\(|\bdelete\(/);
    const openapi = JSON.parse(renderExport(model, 'openapi')) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(openapi.paths['/stock_movements'] ?? {})).not.toContain('post');
    expect(openapi.components.schemas.StockMvtInput).toBeUndefined();
  });
});

describe('catalog facts reach every emitter the same way', () => {
  const model = schemaOf(
    thing([
      makeField('condition', { format: 'isGenericName', type: 'string', values: ['new', 'used'], origin: 'catalog' }),
      makeField('passwd', {
        format: 'isHashedPassword',
        required: true,
        write: 'hashed',
        setter: 'setWsPasswd',
        origin: 'catalog',
      }),
      makeField('secure_key', { format: 'isMd5', readOnly: true, write: 'stored', origin: 'catalog' }),
      makeField('quantity', { readOnly: true, type: 'int', origin: 'catalog' }),
      makeField('position', { type: 'int', computed: true, write: 'setter', writeBack: false, origin: 'catalog' }),
    ]),
  );
  const { files } = emit(model);

  it('allowed values: a literal union in types, a refusal with code 85 in validators, an enum in the export', () => {
    expect(files.get('types/things.ts')).toContain('condition?: "new" | "used";');
    expect(files.get('validators/things.ts')).toContain('className: "Thing"');
    expect(files.get('validators/things.ts')).toMatch(
      /\["condition", "string", "", \d+, "[A-Za-z]*", \["new", "used"\]\]/,
    );
    const schema = JSON.parse(renderExport(model, 'jsonschema')) as {
      $defs: Record<string, { properties: Record<string, { enum?: string[] }> }>;
    };
    expect(schema.$defs.ThingInput!.properties.condition!.enum).toEqual(['new', 'used']);
  });

  it('a hashed password is written plain, with no rule (setWsPasswd checks none), never isHashedPassword', () => {
    expect(files.get('validators/things.ts')).toContain(`["passwd", "string", "r"],`);
    expect(files.get('validators/things.ts')).not.toContain('isPlaintextPassword');
    expect(files.get('validators/things.ts')).not.toContain('isHashedPassword(');
  });

  it('read-only in the synopsis but stored as sent: writable, and carried back by the client', () => {
    expect(files.get('types/things.ts')).toContain('secure_key?: string;');
    expect(files.get('clients/things.ts')).toContain('{ name: "secure_key", kind: "string", serverManaged: true }');
    expect(files.get('validators/things.ts')).not.toContain('readOnlyIssue("secure_key")');
  });

  it('refused on write: out of every write shape; computed: not written back', () => {
    expect(files.get('types/things.ts')).not.toContain('quantity?:');
    expect(files.get('clients/things.ts')).toContain('{ name: "quantity", kind: "int", readOnly: true }');
    expect(files.get('clients/things.ts')).toContain('{ name: "position", kind: "int", noWriteBack: true }');
  });
});

describe('the store time zone reaches the client codec', () => {
  const model = schemaOf(thing([makeField('date_add', { format: 'isDate' })]));
  const zoned: StoreSchema = { ...model, store: { ...model.store, timeZone: 'Europe/Paris' } };

  it('with dates: Date, the context decodes and encodes in the snapshot zone; with strings, dates stay as sent and the zone serves changes({ since })', () => {
    expect(oneLine(emit(zoned, { dates: 'Date' }).files.get('clients/_context.ts')!)).toContain(
      'const CODEC: Codec = { decimals: "number", dates: "Date", timeZone: "Europe/Paris", };',
    );
    expect(oneLine(emit(zoned).files.get('clients/_context.ts')!)).toContain(
      'const CODEC: Codec = { decimals: "number", dates: "string", timeZone: "Europe/Paris", };',
    );
    expect(emit(model, { dates: 'Date' }).files.get('clients/_context.ts')).toContain(
      'const CODEC: Codec = { decimals: "number", dates: "Date" };',
    );
  });

  it('createClient offers request() and, on attachments, the file endpoints', () => {
    const attachments = makeResource('attachments', {
      nodeName: 'attachment',
      nodesName: 'attachments',
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'],
      fields: [makeField('file', { format: 'isGenericName' })],
    });
    const { files } = emit(schemaOf(attachments));
    expect(files.get('clients/index.ts')).toContain('request: createRequest(ctx),');
    expect(files.get('clients/attachments.ts')).toContain('...createAttachmentFiles(ctx, attachmentsMeta),');
    expect(oneLine(files.get('clients/attachments.ts')!)).toMatch(
      /export interface AttachmentsClient extends Pick<.*>, AttachmentFilesClient \{\}/,
    );
  });
});
