/**
 * Test helpers for the validators emitter: emit a snapshot's whole output (types, validators,
 * runtime) into a temporary directory and import it, and build sample values that a resource's
 * validator accepts or refuses, from the same plans the emitter uses.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveEmitOptions, type EmitOptions, type FileMap } from '../../src/emit/context.js';
import { createEmitContext, emitAll } from '../../src/emit/index.js';
import type { FieldCheck as ValuePlan, ResourceChecks as ResourcePlan } from '../../src/plan/index.js';
import { parseSnapshot, type StoreSchema } from '../../src/model/index.js';
import { readRuntimeTemplates } from '../../src/templates.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function loadSnapshot(path: string): StoreSchema {
  return parseSnapshot(readFileSync(join(ROOT, path), 'utf8'), path);
}

export const SNAPSHOT_820 = 'test/golden/prestashop-8.2.0/prestashop-schema.json';

export interface ValidationIssue {
  path: string;
  code: string;
  message: string;
}
export type ValidationResult = { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] };
export type Validator = (value: unknown, operation?: 'create' | 'update') => ValidationResult;

/** Everything `emitAll` writes for a model, runtime templates included. */
export async function emitOutput(model: StoreSchema, options: Partial<EmitOptions> = {}): Promise<FileMap> {
  const resolved = resolveEmitOptions(options);
  return emitAll(model, resolved, { templates: await readRuntimeTemplates() }).files;
}

/**
 * Writes an output to a fresh directory under the repository's ignored `tmp/` (so `zod` resolves
 * from its node_modules) and imports its `index.ts`.
 */
export async function importOutput(files: FileMap): Promise<{ module: Record<string, unknown>; cleanup: () => void }> {
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'tmp', 'validators-'));
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const module = (await import(join(dir, 'index.ts'))) as Record<string, unknown>;
  return { module, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function plansOf(model: StoreSchema, options: Partial<EmitOptions> = {}): Map<string, ResourcePlan> {
  const resolved = resolveEmitOptions(options);
  const ctx = createEmitContext(model, resolved);
  const out = new Map<string, ResourcePlan>();
  for (const r of ctx.plan.resources) out.set(r.name, r.checks);
  return out;
}

/** A short text each rule accepts (fields without a rule get `Test`). */
const VALID_TEXT: Record<string, string> = {
  isEmail: 'a@b.co',
  isDate: '2024-01-02 03:04:05',
  isDateOrNull: '2024-01-02',
  isDateFormat: '2024-01-02',
  isBirthDate: '1990-04-01',
  isLanguageIsoCode: 'en',
  isLangIsoCode: 'en',
  isLanguageCode: 'en-us',
  isLocale: 'en-US',
  isNumericIsoCode: '978',
  isStateIsoCode: 'CA',
  isColor: '#aabbcc',
  isZipCodeFormat: 'NNNNN',
  isPostCode: '75001',
  isPhoneNumber: '0102030405',
  isEan13: '3017620422003',
  isGtin: '3017620422003',
  isUpc: '036000291452',
  isIsbn: '9783161484100',
  isProductVisibility: 'both',
  isReductionType: 'amount',
  isStockManagement: 'WA',
  isMd5: 'd41d8cd98f00b204e9800998ecf8427e',
  isSha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
  isHashedPassword: 'd41d8cd98f00b204e9800998ecf8427e',
  isPasswd: 'secret1',
  isPlaintextPassword: 'secret1',
  isPasswdAdmin: 'secret12',
  isJson: '{}',
  isUrl: 'https://example.com',
  isAbsoluteUrl: 'https://example.com',
  isApe: '6201Z',
  isThemeName: 'classic',
  isIp2Long: '2130706433',
  isPrice: '19.90',
  isNegativePrice: '-1',
  isFloat: '1.5',
  isUnsignedFloat: '1.5',
  isPercentage: '50',
  isCoordinate: '48.8566',
  isNumeric: '1',
  isInt: '1',
  isUnsignedInt: '1',
  isUnsignedId: '1',
  isPositiveInt: '1',
  isNullOrUnsignedId: '1',
  isImageSize: '1',
  isPriceDisplayMethod: '1',
};

/** A short text each rule refuses (and that is not PHP-empty). Rules missing here accept any text. */
const INVALID_TEXT: Record<string, string> = {
  isEmail: 'not-an-email',
  isDate: '2023-02-30',
  isDateOrNull: '2023-02-30',
  isDateFormat: 'tomorrow',
  isBirthDate: '3000-01-01',
  isGenericName: 'a<b',
  isCatalogName: 'a;b',
  isName: 'R2D2',
  isCustomerName: 'R2D2',
  isCarrierName: 'a<b',
  isAddress: 'a<b',
  isCityName: 'a;b',
  isReference: 'a<b',
  isMessage: 'a<b',
  isLinkRewrite: 'a b',
  isCleanHtml: '<script>x</script>',
  isLanguageIsoCode: 'e1',
  isLanguageCode: 'e1',
  isLocale: 'en',
  isNumericIsoCode: 'EUR',
  isStateIsoCode: 'A_B',
  isColor: '#abc',
  isPostCode: 'a!',
  isPhoneNumber: 'call me',
  isEan13: 'EAN',
  isGtin: 'GTIN',
  isUpc: 'UPC',
  isIsbn: '12345',
  isProductVisibility: 'hidden',
  isReductionType: 'free',
  isStockManagement: 'FEFO',
  isMd5: 'abc',
  isSha1: 'abc',
  isHashedPassword: 'abc',
  isPasswd: 'abc',
  isPlaintextPassword: 'abc',
  isPasswdAdmin: 'abc',
  isJson: '{',
  isUrl: 'a"b',
  isAbsoluteUrl: 'example.com',
  isApe: 'APE',
  isThemeName: 'a b',
  isIp2Long: '1.2',
  isConfigName: 'a b',
  isModuleName: 'a b',
  isTplName: 'a b',
  isImageTypeName: 'a.b',
  isPhpDateFormat: '<b>',
  isZipCodeFormat: 'AAA',
  isDniLite: 'a b',
  isTrackingNumber: 'a"b',
  isSubDomainName: 'a b',
  isWeightUnit: 'kilos',
  isDistanceUnit: 'miles',
  isPrice: '-1',
  isNegativePrice: '1.2.3',
  isFloat: '1.2.3',
  isUnsignedFloat: '-1.5',
  isPercentage: '101',
  isCoordinate: '48',
  isNumeric: 'x',
  isInt: '1.5',
  isUnsignedInt: '-1',
  isUnsignedId: '-1',
  isPositiveInt: '-1',
  isNullOrUnsignedId: '-1',
  isImageSize: '10000',
  isPriceDisplayMethod: '2',
  isMpn: 'x'.repeat(41),
};

/** The value of a plan's type whose wire text is `text`. */
function typed(p: ValuePlan, text: string): unknown {
  switch (p.form) {
    case 'number':
      return Number(text);
    case 'boolean':
      return text === '1';
    case 'string':
      return text;
    case 'datetime':
    case 'day': {
      const [y, m, d] = text.split(/[- :]/).map(Number);
      return new Date(Date.UTC(y!, m! - 1, d!));
    }
  }
}

/** A valid value for a plan (a language list for multilingual fields). */
export function validValue(p: ValuePlan): unknown {
  const allowed = p.values?.find((v) => v !== '');
  let text =
    allowed ??
    (p.form === 'boolean'
      ? '1'
      : ((p.rule !== null ? VALID_TEXT[p.rule] : undefined) ?? (p.form === 'number' ? '1' : 'Test')));
  if (p.maxSize !== null && text.length > p.maxSize) text = text.slice(0, p.maxSize);
  const v = typed(p, text);
  return p.multilingual
    ? [
        { id: 1, value: v },
        { id: 2, value: v },
      ]
    : v;
}

/** A value the plan's rule refuses, or null when there is none that fits the type and size. */
export function invalidValue(p: ValuePlan): unknown {
  if (p.rule === null || p.form === 'boolean' || p.values !== null) return null;
  const text = INVALID_TEXT[p.rule];
  if (text === undefined || (p.maxSize !== null && text.length > p.maxSize)) return null;
  if (p.form === 'number' && !Number.isFinite(Number(text))) return null;
  if ((p.form === 'day' || p.form === 'datetime') && p.rule !== 'isBirthDate') return null;
  const v = typed(p, text);
  return p.multilingual
    ? [
        { id: 1, value: validValue({ ...p, multilingual: false }) },
        { id: 2, value: v },
      ]
    : v;
}

/** Whether `tooLongValue` has a value for the plan (a limit short enough to build a string over it). */
export function hasTestableLimit(p: ValuePlan): boolean {
  if (p.maxSize === null || p.form === 'boolean' || p.form === 'day' || p.form === 'datetime') return false;
  // A number prints all its digits only up to 15 of them (`1e21` is shorter than 1000000000000000000000).
  return p.form === 'number' ? p.maxSize < 15 : p.maxSize < 5_000_000;
}

/** One character over the limit (in language 2 for multilingual fields), or null without a limit. */
export function tooLongValue(p: ValuePlan): unknown {
  if (!hasTestableLimit(p) || p.maxSize === null) return null;
  if (p.form === 'number') return Number('1'.repeat(p.maxSize + 1));
  const text = 'a'.repeat(p.maxSize + 1);
  return p.multilingual
    ? [
        { id: 1, value: validValue({ ...p, multilingual: false }) },
        { id: 2, value: text },
      ]
    : text;
}

/** A body with every writable field and one item per association, all valid. */
export function fullValidBody(plan: ResourcePlan): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of plan.fields) if (!f.readOnly) body[f.name] = validValue(f);
  if (plan.associations.length > 0) {
    const associations: Record<string, unknown> = {};
    for (const a of plan.associations) {
      const item: Record<string, unknown> = {};
      for (const f of a.fields) if (!f.readOnly) item[f.name] = validValue(f);
      associations[a.name] = [item];
    }
    body['associations'] = associations;
  }
  return body;
}

/** Only the required fields, valid; with those required on create (`products.name`), as `validate<Type>Input` checks a create by default. */
export function minimalValidBody(plan: ResourcePlan): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of plan.fields) if ((f.required || f.requiredOnCreate) && !f.readOnly) body[f.name] = validValue(f);
  return body;
}

/** `[path, code]` pairs of a result, sorted, for comparisons. */
export function pairs(result: ValidationResult): [string, string][] {
  if (result.ok) return [];
  return result.issues
    .map((i): [string, string] => [i.path, i.code])
    .sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : 1));
}
