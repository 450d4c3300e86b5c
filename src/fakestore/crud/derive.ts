/**
 * The default seed of the fake store: a deterministic record set for every resource served. A
 * resource with demo records (the 8.2.0 seed, `fixtures/crud-seed/`) keeps them; the others get two
 * records derived from the field plan: a value of each field's kind that its validator accepts,
 * within its size, the first allowed value, and for a reference the first id of the target
 * resource, so that every reference resolves. Languages come from the snapshot; stock_availables
 * hold one row per product and combination of the (single) shop, as `StockAvailable` keeps them.
 */
import type { StoreSchema } from '../../model/index.js';
import { storedValue, type CrudField, type CrudResource } from './model.js';
import type { CrudGeneration } from './render.js';
import type { SeedRecord } from './seed.js';

/** Derived records per resource. */
const DERIVED_COUNT = 2;
/** The time every derived record was created and last updated. */
const SEED_TIME = '2026-01-01 00:00:00';
/** A fixed bcrypt-shaped hash (60 characters) for derived password fields. */
const SEED_HASH = `$2y$10$${'SeedHashOfTheFakeStore0'.repeat(3).slice(0, 53)}`;

type Records = Record<string, SeedRecord[]>;

export function derivedRecords(
  defs: readonly CrudResource[],
  demo: Readonly<Record<string, readonly SeedRecord[]>>,
  schema: StoreSchema,
  generation: CrudGeneration,
): Records {
  const served = new Map(defs.map((d) => [d.name, d]));
  const out: Records = {};
  for (const def of defs) {
    const given = demo[def.name];
    if (given !== undefined && given.length > 0) out[def.name] = [...given];
  }
  if (served.has('languages')) {
    // Exactly the store's languages: the demo record of the same id, else one made like the first.
    const given = out['languages'] ?? [];
    out['languages'] = schema.store.languages.map((l) => {
      const iso = l.isoCode ?? '';
      const made = {
        ...(given[0] ?? {}),
        id: l.id,
        name: l.isoCode ?? `Language ${l.id}`,
        iso_code: iso,
        active: '1',
        ...(given[0] === undefined ? {} : { language_code: iso }),
      };
      return given.find((r) => r.id === l.id) ?? (made as SeedRecord);
    });
  }
  const firstId = (name: string): number | null => {
    if (!served.has(name)) return null;
    const list = out[name];
    return list === undefined || list.length === 0 ? 1 : Math.min(...list.map((r) => r.id));
  };
  const ctx: FieldContext = { firstId, languages: schema.store.languages.map((l) => l.id), generation };
  for (const def of defs) {
    if (out[def.name] !== undefined || def.name === 'stock_availables') continue;
    out[def.name] = Array.from({ length: DERIVED_COUNT }, (_, i) => derivedRecord(def, i, ctx));
  }
  if (served.has('stock_availables')) out['stock_availables'] = stockRows(out);
  return out;
}

interface FieldContext {
  readonly firstId: (resource: string) => number | null;
  readonly languages: readonly number[];
  readonly generation: CrudGeneration;
}

function derivedRecord(def: CrudResource, index: number, ctx: FieldContext): SeedRecord {
  const record: Record<string, unknown> = { id: index + 1 };
  for (const field of def.fields) {
    if (field.name === 'id') continue;
    const value = fieldValue(def.name, field, index, ctx);
    record[field.name] = field.multilingual ? Object.fromEntries(ctx.languages.map((l) => [String(l), value])) : value;
  }
  const associations: Record<string, Record<string, string>[]> = {};
  for (const assoc of def.associations) {
    if (!assoc.writable) continue;
    const target = assoc.resource === null ? null : ctx.firstId(assoc.resource);
    if (assoc.resource !== null && target === null) continue;
    const entry: Record<string, string> = {};
    for (const f of assoc.fields)
      entry[f.name] = f.name === 'id' && target !== null ? String(target) : fieldValue(assoc.name, f, 0, ctx);
    associations[assoc.name] = [entry];
  }
  if (Object.keys(associations).length > 0) record['associations'] = associations;
  return record as SeedRecord;
}

/** A value of the field's kind and format, within its size. */
function fieldValue(resource: string, field: CrudField, index: number, ctx: FieldContext): string {
  if (field.values !== null && field.values.length > 0) return field.values[0]!;
  if (field.references !== null) return String(ctx.firstId(field.references) ?? 0);
  if (field.name === 'date_add' || field.name === 'date_upd') return SEED_TIME;
  if (field.write === 'hashed') return SEED_HASH;
  const letter = String.fromCharCode(65 + index);
  const format = (field.format ?? '').split(' ')[0]!.toLowerCase();
  const byFormat = FORMAT_VALUES[format];
  if (byFormat !== undefined) return fit(field, byFormat(`${resource}${index + 1}`, letter));
  switch (field.kind) {
    case 'id':
      return '0';
    case 'bool':
      return field.name === 'deleted' ? '0' : '1';
    case 'int':
      return '1';
    case 'decimal':
      return storedValue(field, '1');
    case 'date':
      return /birth/i.test(field.format ?? '') ? '1990-01-01' : SEED_TIME;
    case 'html':
      return fit(field, `<p>Sample ${letter}</p>`);
    default:
      return fit(field, `Sample ${letter}`);
  }
}

/** Values for the validators whose rule a plain "Sample A" would break. */
const FORMAT_VALUES: Readonly<Record<string, (slug: string, letter: string) => string>> = {
  isemail: (slug) => `${slug.replace(/[^a-z0-9]/gi, '')}@example.com`,
  islinkrewrite: (_s, letter) => `sample-${letter.toLowerCase()}`,
  isbirthdate: () => '1990-01-01',
  isdate: () => SEED_TIME,
  isdateformat: () => SEED_TIME,
  iscolor: () => '#FFFFFF',
  isphonenumber: () => '0102030405',
  ispostcode: () => '75001',
  iszipcodeformat: () => 'NNNNN',
  isurl: () => 'https://example.com',
  isabsoluteurl: () => 'https://example.com',
  isconfigname: (_s, letter) => `PS_SAMPLE_${letter}`,
  ismd5: () => '0123456789abcdef0123456789abcdef',
  issha1: () => '0123456789abcdef0123456789abcdef01234567',
  isnumericisocode: () => '978',
  islanguageisocode: () => 'en',
  islanguagecode: () => 'en-us',
  isstateisocode: (_s, letter) => `S${letter}`,
  islocale: () => 'en-US',
  isisocode: () => 'EUR',
  iscoordinate: () => '48.8566',
  isipaddress: () => '127.0.0.1',
  isunsignedid: () => '1',
  isnullorunsignedid: () => '1',
  isunsignedint: () => '1',
  isint: () => '1',
  isbool: () => '1',
  isprice: () => '1.000000',
  isnegativeprice: () => '1.000000',
  isfloat: () => '1.000000',
  isunsignedfloat: () => '1.000000',
  ispercentage: () => '1.000000',
  isgenericname: (_s, letter) => `Sample ${letter}`,
  isname: (_s, letter) => `Sample ${letter}`,
  iscustomername: (_s, letter) => `Sample ${letter}`,
  iscatalogname: (_s, letter) => `Sample ${letter}`,
  isreference: (_s, letter) => `REF-${letter}`,
  isean13: () => '4006381333931',
  isupc: () => '012345678905',
  isisbn: () => '9780306406157',
  ismpn: (_s, letter) => `MPN-${letter}`,
  isdnilite: () => '12345678Z',
  isthemename: () => 'classic',
  istplname: () => 'sample',
  isimagetypename: (_s, letter) => `sample_${letter.toLowerCase()}`,
  ispasswd: () => 'password1',
  isplaintextpassword: () => 'password1',
  isreductiontype: () => 'amount',
  isstockmanagement: () => 'WA',
};

/** Cuts a value to the field's size; decimals of a numeric format keep their stored shape. */
function fit(field: CrudField, value: string): string {
  const typed =
    field.kind === 'decimal' || field.kind === 'int' || field.kind === 'bool' || field.kind === 'id'
      ? storedValue(field, value)
      : value;
  return field.maxSize !== null && [...typed].length > field.maxSize
    ? [...typed].slice(0, field.maxSize).join('')
    : typed;
}

/** One stock_availables row per product and per combination, keeping the demo rows that exist. */
function stockRows(out: Records): SeedRecord[] {
  const rows = [...(out['stock_availables'] ?? [])];
  const key = (p: unknown, c: unknown): string => `${String(p)}/${String(c ?? '0')}`;
  const have = new Set(rows.map((r) => key(r['id_product'], r['id_product_attribute'])));
  const wanted: [string, string][] = [
    ...(out['products'] ?? []).map((p): [string, string] => [String(p.id), '0']),
    ...(out['combinations'] ?? []).map((c): [string, string] => [String(c['id_product']), String(c.id)]),
  ];
  let next = rows.reduce((m, r) => Math.max(m, r.id), 0) + 1;
  for (const [product, combination] of wanted) {
    if (have.has(key(product, combination))) continue;
    rows.push({
      id: next++,
      id_product: product,
      id_product_attribute: combination,
      id_shop: '1',
      id_shop_group: '0',
      quantity: '10',
      depends_on_stock: '0',
      out_of_stock: '2',
      location: '',
    } as SeedRecord);
  }
  return rows;
}
