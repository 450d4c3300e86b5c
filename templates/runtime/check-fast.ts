/**
 * The fast path of the standalone validators (`check.ts`). For each field of a table it builds,
 * once, a test that answers `true` only when a present value certainly raises no issue; when the
 * test answers `false`, `check.ts` runs the full check, which alone words the issues. So a test
 * may give up on anything unusual (an empty value, a date, a long text), but must never pass a
 * value the full check would refuse.
 *
 * The main saving is on numbers: the full check writes a number as the store receives it
 * (`numberToWire`) and runs the rule on that text; the tests below answer the common cases from
 * the number itself.
 */
import { isEmail, isFloat, isInt, isPositiveInt, isPrice, isUnsignedFloat, isUnsignedInt } from './rules.js';

/** A present value; `create` is true for a POST, `patch` for a PATCH. */
export type FastTest = (x: unknown, create: boolean, patch: boolean) => boolean;

/** What the fast path reads of a compiled field (see `Field` in check.ts). */
export interface FastField {
  readonly form: 'string' | 'number' | 'boolean' | 'datetime' | 'day';
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly multilingual: boolean;
  readonly max: number;
  readonly rule: ((value: string) => boolean) | null;
  readonly notOnCreate: boolean;
  readonly values: readonly string[] | null;
}

const never: FastTest = () => false;

/**
 * `x` is the double nearest to a decimal of at most 4 decimals and 13 significant digits: it is
 * written with at most 4 decimals, and survives PHP's 14-digit float print.
 */
function isShortDecimal(x: number): boolean {
  return x < 1e9 && x > -1e9 && Math.round(x * 1e4) / 1e4 === x;
}

const isUnsigned32 = (x: number): boolean => Number.isInteger(x) && x > 0 && x <= 4294967295;

/**
 * Rules on a number, answered from the number (finite, not zero: `"0"` skips the rule). Each
 * answers `true` only where `rule(numberToWire(x))` does; `false` means "ask the rule".
 */
export const NUMBER_TESTS: ReadonlyMap<(value: string) => boolean, (x: number) => boolean> = new Map([
  [isUnsignedInt, isUnsigned32],
  [isPositiveInt, isUnsigned32],
  [isInt, (x: number) => Number.isSafeInteger(x)],
  [isFloat, (x: number) => isShortDecimal(x) || (Number.isInteger(x) && x < 1e14 && x > -1e14)],
  [isUnsignedFloat, (x: number) => x > 0 && (isShortDecimal(x) || (Number.isInteger(x) && x < 1e14))],
  [isPrice, (x: number) => x > 0 && x < 1e10 && isShortDecimal(x)],
]);

function numberTest(f: FastField): FastTest {
  if (f.max > 0 || f.values !== null) return never;
  if (f.rule === null) return (x) => typeof x === 'number' && Number.isFinite(x);
  const test = NUMBER_TESTS.get(f.rule);
  if (test === undefined) return never;
  if (f.notOnCreate) return (x, create) => typeof x === 'number' && ((x === 0 || create) ? Number.isFinite(x) : test(x));
  return (x) => typeof x === 'number' && (x === 0 || test(x));
}

/**
 * An everyday address (`john.doe+shop@mail.example.com`): dot-, `_`-, `+`- or `-`-separated ASCII
 * atoms, one `@`, two or more labels of letters, digits and inner `-`. Every such text of at most
 * 64 characters passes `isEmail` (the loose pattern, ASCII local part, RFC dot-atom and labels of at
 * most 63); the rule itself takes about five times as long. Linear: each repetition starts with a
 * character its predecessor cannot match.
 */
const PLAIN_EMAIL = /^[A-Za-z0-9]+(?:[._+-][A-Za-z0-9]+)*@[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?:\.[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)+$/;

/**
 * Rules on a text, answered for the common shapes only: each answers `true` only where the rule
 * does; `false` means "ask the rule".
 */
export const STRING_TESTS: ReadonlyMap<(value: string) => boolean, (s: string) => boolean> = new Map([
  [isEmail, (s: string) => s.length <= 64 && PLAIN_EMAIL.test(s)],
]);

function stringTest(f: FastField): FastTest {
  const { max, values } = f;
  const common = f.rule === null ? undefined : STRING_TESTS.get(f.rule);
  const full = f.rule;
  const rule = common === undefined || full === null ? full : (s: string) => common(s) || full(s);
  if (max === 0 && rule === null && values === null) return f.required ? (x) => typeof x === 'string' && x !== '' : (x) => typeof x === 'string';
  const allowed = values === null ? null : new Set(values);
  // `""` and `"0"` are left to the full check (required, or a rule skipped for PHP-empty values).
  const shape = (x: unknown): x is string => typeof x === 'string' && x !== '' && x !== '0' && (max === 0 || x.length <= max);
  if (rule === null) return (x) => shape(x) && (allowed === null || allowed.has(x));
  if (f.notOnCreate) return (x, create) => shape(x) && (create || rule(x)) && (allowed === null || allowed.has(x));
  if (allowed === null) return (x) => shape(x) && rule(x);
  return (x) => shape(x) && rule(x) && allowed.has(x);
}

function scalarTest(f: FastField): FastTest {
  switch (f.form) {
    case 'string':
      return stringTest(f);
    case 'number':
      return numberTest(f);
    case 'boolean':
      // A boolean is written "0"/"1"; with anything more to check, the full check decides.
      return f.max === 0 && f.rule === null && f.values === null ? (x) => typeof x === 'boolean' : never;
    default:
      return never;
  }
}

/** The `{ id, value }` list of a multilingual field: every entry known and passing, the default language there when required. */
function languagesTest(f: FastField, scalar: FastTest, languages: readonly number[], defaultLanguage: number): FastTest {
  const known = new Set(languages);
  const anyLanguage = languages.length === 0;
  const required = f.required;
  return (x, create, patch) => {
    if (!Array.isArray(x)) return false;
    let found = false;
    for (let i = 0; i < x.length; i++) {
      const e: unknown = x[i];
      if (typeof e !== 'object' || e === null || Array.isArray(e)) return false;
      const id = (e as Record<string, unknown>)['id'];
      if (anyLanguage ? !(typeof id === 'number' && Number.isInteger(id) && id > 0) : !known.has(id as number)) return false;
      if (id === defaultLanguage) found = true;
      if (!scalar((e as Record<string, unknown>)['value'], create, patch)) return false;
    }
    return found || !required || patch;
  };
}

/** The fast test of one field of a table. */
export function fastTest(f: FastField, languages: readonly number[], defaultLanguage: number): FastTest {
  if (f.readOnly) return never;
  const scalar = scalarTest(f);
  if (scalar === never || !f.multilingual) return scalar;
  return languagesTest(f, scalar, languages, defaultLanguage);
}
