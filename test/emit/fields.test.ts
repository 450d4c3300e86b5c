/**
 * Table-driven: one row per kind of field → its plan's TypeScript type, its JSDoc and its warnings
 * (src/plan/field.ts, the one place a field's meaning is decided).
 */
import { describe, expect, it } from 'vitest';
import { resolveEmitOptions, type EmitOptions } from '../../src/emit/context.js';
import { typeText } from '../../src/emit/layout-types.js';
import { makeField, type Field } from '../../src/model/index.js';
import { planField, type FieldPlan, type PlanDiagnostic } from '../../src/plan/index.js';

function plan(field: Field, options: Partial<EmitOptions> = {}, diagnostics: PlanDiagnostic[] = []): FieldPlan {
  return planField(field, { resource: 'products', label: field.name }, resolveEmitOptions(options), diagnostics);
}

interface Row {
  readonly field: Field;
  readonly options?: Partial<EmitOptions>;
  readonly type: string;
  readonly imports?: readonly string[];
  /** Substrings the JSDoc must hold; none at all for `[]` (the type says everything). */
  readonly doc: readonly string[];
}

const F = makeField;

const rows: Record<string, Row> = {
  'id format': { field: F('id_lang', { format: 'isUnsignedId' }), type: 'number', doc: [] },
  'nullable id format': { field: F('id_x', { format: 'isNullOrUnsignedId' }), type: 'number', doc: [] },
  'foreign key, branded': {
    field: F('id_manufacturer', { format: 'isUnsignedId', references: 'manufacturers' }),
    type: 'Id<"manufacturers">',
    imports: ['Id'],
    doc: [],
  },
  'foreign key, brandedIds off': {
    field: F('id_manufacturer', { format: 'isUnsignedId', references: 'manufacturers' }),
    options: { brandedIds: false },
    type: 'number',
    doc: ['Foreign key to `manufacturers`'],
  },
  'foreign key without a format (association field)': {
    field: F('product_id', { required: true, references: 'products' }),
    type: 'Id<"products">',
    imports: ['Id'],
    doc: [],
  },
  'foreign key with a hostile target is quoted': {
    field: F('id_x', { format: 'isUnsignedId', references: 'a"b\\c' }),
    // prettier's quotes: single, as the value holds a double quote and no single one.
    type: `Id<'a"b\\\\c'>`,
    imports: ['Id'],
    doc: [],
  },
  int: { field: F('position', { format: 'isUnsignedInt' }), type: 'number', doc: [] },
  bool: { field: F('active', { format: 'isBool' }), type: 'boolean', doc: [] },
  'decimal as number': { field: F('price', { required: true, format: 'isPrice' }), type: 'number', doc: [] },
  'decimal as string': {
    field: F('price', { format: 'isPrice' }),
    options: { decimals: 'string' },
    type: 'string',
    doc: [],
  },
  'date and time': { field: F('date_add', { format: 'isDate' }), type: 'PsDateTime', imports: ['PsDateTime'], doc: [] },
  'date only': { field: F('birthday', { format: 'isBirthDate' }), type: 'PsDate', imports: ['PsDate'], doc: [] },
  'date as Date': {
    field: F('date_add', { format: 'isDate' }),
    options: { dates: 'Date' },
    type: 'Date | null',
    doc: [],
  },
  html: { field: F('description', { format: 'isCleanHtml' }), type: 'string', doc: ['May hold clean HTML.'] },
  'string with maxSize': {
    field: F('reference', { maxSize: 64, format: 'isReference' }),
    type: 'string',
    doc: ['Max 64 characters.'],
  },
  'format case-insensitive (IsGenericName)': {
    field: F('available_later', { format: 'IsGenericName' }),
    type: 'string',
    doc: [],
  },
  multilingual: {
    field: F('name', { maxSize: 128, format: 'isCatalogName', multilingual: true, required: true }),
    type: 'Multilang<string>',
    imports: ['Multilang'],
    doc: ['Max 128 characters per language.'],
  },
  'multilingual date as Date': {
    field: F('when', { format: 'isDate', multilingual: true }),
    options: { dates: 'Date' },
    type: 'Multilang<Date | null>',
    imports: ['Multilang'],
    doc: [],
  },
  'read-only': {
    field: F('quantity', { readOnly: true, filterable: false }),
    type: 'string',
    doc: ['Read-only (the store refuses it in writes); not filterable.'],
  },
  'no format, PHP type from the catalog': {
    field: F('active', { type: 'bool', origin: 'catalog' }),
    type: 'boolean',
    doc: [],
  },
  'no format, PHP float from the catalog': {
    field: F('total_paid_tax_incl', { type: 'float' }),
    type: 'number',
    doc: [],
  },
  'allowed values': {
    field: F('condition', { format: 'isGenericName', type: 'string', values: ['new', 'used', 'refurbished'] }),
    type: '"new" | "used" | "refurbished"',
    doc: [],
  },
  'hashed by the setter': {
    field: F('passwd', {
      format: 'isHashedPassword',
      required: true,
      maxSize: 255,
      write: 'hashed',
      setter: 'setWsPasswd',
    }),
    type: 'string',
    doc: ['Write a plain password: the store hashes it.'],
  },
  'read-only in the synopsis, stored as sent': {
    field: F('secure_key', { format: 'isMd5', readOnly: true, write: 'stored' }),
    type: 'string',
    doc: ['Managed by the store but stored as sent: a PUT without it empties it'],
  },
  'computed, not written back': {
    field: F('position_in_category', { type: 'int', computed: true, write: 'setter', writeBack: false }),
    type: 'number',
    doc: ['Computed by the store: the client leaves it out when it writes back'],
  },
  'normalised on create': {
    field: F('link_rewrite', {
      format: 'isLinkRewrite',
      multilingual: true,
      modifier: { name: 'modifierWsLinkRewrite', methods: ['POST'] },
    }),
    type: 'Multilang<string>',
    imports: ['Multilang'],
    doc: [
      'On create the store normalises it first (`modifierWsLinkRewrite`); on update it must already pass `isLinkRewrite`.',
    ],
  },
  'spec vocabulary: boolean': { field: F('active', { inputType: 'boolean' }), type: 'boolean', doc: [] },
  'spec vocabulary: date': {
    field: F('birthday', { inputType: 'date' }),
    type: 'PsDate',
    imports: ['PsDate'],
    doc: [],
  },
  'no format': { field: F('valid'), type: 'string', doc: ['The store gives no type: typed as a string.'] },
  'unknown format': {
    field: F('colour', { format: 'isColourFromModule' }),
    type: 'string',
    doc: ['Format `isColourFromModule` unknown to prestashop-codegen: not checked'],
  },
  'spec listId': {
    field: F('id_shop', { inputType: 'listId', maxSize: 10 }),
    type: 'number',
    doc: ['Max 10 characters.'],
  },
  'spec numeric': { field: F('price', { inputType: 'numeric', required: true }), type: 'number', doc: [] },
  'spec langList': {
    field: F('name', { inputType: 'langList', multilingual: true, maxSize: 128 }),
    type: 'Multilang<string>',
    imports: ['Multilang'],
    doc: ['Max 128 characters per language.'],
  },
  'spec unknown inputType': {
    field: F('colour', { inputType: 'colourPicker' }),
    type: 'string',
    doc: ['Input type `colourPicker` unknown to prestashop-codegen'],
  },
};

describe('field → type and JSDoc', () => {
  it.each(Object.entries(rows))('%s', (_name, row) => {
    const p = plan(row.field, row.options);
    expect(typeText(p.readType)).toBe(row.type);
    expect(typeText(p.writeType)).toBe(row.type);
    expect([...p.imports].sort()).toEqual([...(row.imports ?? [])].sort());
    const doc = p.doc.join('\n');
    if (row.doc.length === 0) expect(p.doc).toEqual([]);
    for (const part of row.doc) expect(doc.toLowerCase()).toContain(part.toLowerCase());
  });

  it('never repeats what the type says: no kind line, no required or allowed-values note', () => {
    for (const row of Object.values(rows)) {
      const doc = plan(row.field, row.options).doc.join('\n');
      expect(doc).not.toMatch(/Kind `|required in writes|Allowed values/i);
    }
  });

  it('write behaviour: refused fields leave the write shapes, stored ones stay, hashed ones take a plain password', () => {
    expect(plan(F('quantity', { readOnly: true }))).toMatchObject({
      writable: false,
      writeBack: false,
      serverManaged: false,
    });
    expect(plan(F('secure_key', { readOnly: true, write: 'stored' }))).toMatchObject({
      writable: true,
      serverManaged: true,
      writeBack: true,
    });
    expect(plan(F('passwd', { format: 'isHashedPassword', write: 'hashed' }))).toMatchObject({
      writable: true,
      hashed: true,
      rule: null,
    });
    expect(plan(F('position_in_category', { type: 'int', writeBack: false }))).toMatchObject({
      writable: true,
      writeBack: false,
    });
    expect(
      plan(
        F('link_rewrite', { format: 'isLinkRewrite', modifier: { name: 'modifierWsLinkRewrite', methods: ['POST'] } }),
      ),
    ).toMatchObject({ rule: 'isLinkRewrite', createRule: null });
    // A modifier that runs on every write does not lift the rule on create.
    expect(
      plan(
        F('iso_code', {
          format: 'isLanguageIsoCode',
          modifier: { name: 'setIsoCodeForWebService', methods: ['POST', 'PUT', 'PATCH'] },
        }),
      ),
    ).toMatchObject({ createRule: 'isLanguageIsoCode' });
  });

  it.each([
    ['unknown format', F('c', { format: 'isColourFromModule' }), ['unknown-format']],
    ['unknown inputType', F('c', { inputType: 'colourPicker' }), ['unknown-input-type']],
    ['both unknown', F('c', { format: 'isX', inputType: 'y' }), ['unknown-format', 'unknown-input-type']],
    ['known format', F('c', { format: 'isBool' }), []],
    ['one known part of a joined format', F('c', { format: 'isFoo isBool' }), []],
    ['no format at all', F('c'), []],
  ] as const)('diagnostics: %s', (_name, field, codes) => {
    const found: PlanDiagnostic[] = [];
    plan(field, {}, found);
    expect(found.map((d) => d.code)).toEqual(codes);
    for (const d of found) {
      expect(d).toMatchObject({ level: 'warning', resource: 'products', field: 'c' });
      expect(d.message).toContain('products.c');
    }
  });
});
