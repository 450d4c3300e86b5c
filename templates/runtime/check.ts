/**
 * The engine of the generated standalone validators. Each `validators/<resource>.ts` describes its
 * fields as a table (`RecordSpec`); this module turns the table into one check per field, once, on
 * first use, and runs them. The checks follow `ObjectModel::validateField`: required, then length,
 * then the rule (skipped for PHP-empty values), then the allowed values; only the first failure of
 * a value is reported, and every value is checked.
 */
import { fastTest, type FastTest } from './check-fast.js';
import { charLength } from './rules.js';
import {
  dateToWire,
  dayToWire,
  formatIssue,
  isExtensions,
  isRecord,
  isValidDate,
  languageIssue,
  lengthIssue,
  numberToWire,
  own,
  readOnlyIssue,
  requiredIssue,
  stripUnknownKeys,
  typeIssue,
  unknownKeyIssue,
  valueIssue,
  type ValidationIssue,
  type ValidationResult,
} from './validation.js';

/** How a value is typed in the write shapes. */
export type Form = 'string' | 'number' | 'boolean' | 'datetime' | 'day';

/**
 * One field: `[wire name, form, flags, max length (0: none), rule name ('' : none), allowed values]`.
 * Flags, one letter each: `r` required, `l` multilingual, `o` read-only (refused in writes),
 * `c` the rule is not checked on create (a modifier normalises the value first), `p` required on
 * create only (a modifier reads it then), `n` `null` is valid (the store keeps NULL).
 */
export type FieldSpec = readonly [name: string, form: Form, flags?: string, maxSize?: number, rule?: string, values?: readonly string[]];

export interface RecordSpec {
  /** The class name the store uses in its messages (`Product`): `Product->name`. */
  readonly className: string;
  /** The store's language ids (empty: any positive integer) and the one required values must have. */
  readonly languages: readonly number[];
  readonly defaultLanguage: number;
  /** The rules the fields name, by name (`{ isReference, ... }`: a bundle keeps only those). */
  readonly rules: object;
  /** Writable fields, then read-only ones. */
  readonly fields: readonly FieldSpec[];
  /** `[name, item fields]` of every association, sorted by name. */
  readonly associations?: readonly (readonly [name: string, fields: readonly FieldSpec[]])[];
  /** Key of the module fields (default `extensions`). */
  readonly extensions?: string;
  /** What to do with keys the snapshot does not know (default `passthrough`). */
  readonly unknownKeys?: 'passthrough' | 'strict' | 'strip';
}

/** Run-time state of one check. */
interface Run {
  readonly issues: ValidationIssue[];
  readonly patch: boolean;
  readonly create: boolean;
}

const STRING = 0;
const NUMBER = 1;
const BOOLEAN = 2;
const DATETIME = 3;
const DAY = 4;
const FORMS: Readonly<Record<Form, number>> = { string: STRING, number: NUMBER, boolean: BOOLEAN, datetime: DATETIME, day: DAY };
const EXPECTED = ['a string', 'a finite number', 'a boolean', 'a valid Date or null', 'a valid Date or null'] as const;

/** One field of the table, compiled: plain data, one shape for all, read by the functions below. */
interface Field {
  readonly name: string;
  readonly form: number;
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly multilingual: boolean;
  /** Read as an own key only (`constructor`, `__proto__`, ...: a plain read would find Object.prototype's). */
  readonly ownOnly: boolean;
  readonly max: number;
  readonly rule: ((value: string) => boolean) | null;
  readonly ruleName: string;
  readonly notOnCreate: boolean;
  /** Required on create (POST) only. */
  readonly onCreate: boolean;
  /** `null` is valid: the client leaves it out, and the store keeps NULL. */
  readonly nullable: boolean;
  readonly values: readonly string[] | null;
  /** `Class->field`, as the store names the property in its messages. */
  readonly property: string;
  /** Path of the issue when the field is missing (`name[1]` for a multilingual one). */
  readonly missing: string;
  /** True when a present value certainly raises no issue (check-fast.ts); false: run the full check. */
  readonly fast: FastTest;
}

function compileField(spec: RecordSpec, [name, form, flags = '', max = 0, ruleName = '', values]: FieldSpec): Field {
  // A boolean is written "0"/"1", which isBool always accepts.
  const ruleless = ruleName === '' || (form === 'boolean' && ruleName === 'isBool');
  const found: unknown = ruleless || !(ruleName in spec.rules) ? undefined : (spec.rules as Record<string, unknown>)[ruleName];
  if (!ruleless && typeof found !== 'function') throw new TypeError(`${spec.className}->${name}: unknown rule ${ruleName}`);
  const rule = ruleless ? null : (found as (value: string) => boolean);
  const multilingual = flags.includes('l');
  const required = flags.includes('r') && !flags.includes('o');
  const readOnly = flags.includes('o');
  const notOnCreate = flags.includes('c');
  const checks = { form, required, readOnly, multilingual, max, rule, notOnCreate, values: values ?? null };
  return {
    name,
    form: FORMS[form],
    required,
    readOnly,
    multilingual,
    ownOnly: name === '__proto__' || name in Object.prototype,
    max,
    rule,
    ruleName,
    notOnCreate,
    onCreate: flags.includes('p'),
    nullable: flags.includes('n'),
    values: values ?? null,
    property: `${spec.className}->${name}`,
    missing: multilingual ? `${name}[${spec.defaultLanguage}]` : name,
    fast: fastTest(checks, spec.languages, spec.defaultLanguage),
  };
}

/** The path of an issue: `prefix + name`, then `[lang]` for a language entry; built only for an issue. */
function pathOf(prefix: string, f: Field, lang: unknown): string {
  return lang === undefined ? prefix + f.name : `${prefix}${f.name}[${String(lang)}]`;
}

function read(record: Record<string, unknown>, f: Field): unknown {
  return f.ownOnly ? own(record, f.name) : record[f.name];
}

/** Length, rule and allowed values on the wire text `s`; the first failure only. */
function checkWire(f: Field, s: string, mayBeEmpty: boolean, run: Run, prefix: string, lang: unknown): void {
  if (f.max > 0 && s.length > f.max && charLength(s) > f.max) {
    run.issues.push(lengthIssue(pathOf(prefix, f, lang), charLength(s), f.max));
    return;
  }
  if (s === '0' || (mayBeEmpty && s === '')) return;
  if (f.rule !== null && !(f.notOnCreate && run.create) && !f.rule(s)) run.issues.push(formatIssue(pathOf(prefix, f, lang), f.ruleName));
  else if (f.values !== null && !f.values.includes(s)) run.issues.push(valueIssue(pathOf(prefix, f, lang), f.property, f.values));
}

/** A present single value; `when` tells whether an empty value counts as missing (language entries). */
function checkValue(f: Field, x: unknown, run: Run, when: boolean, prefix: string, lang: unknown): void {
  const plain = f.max === 0 && f.rule === null && f.values === null;
  switch (f.form) {
    case STRING:
      if (typeof x !== 'string') run.issues.push(typeIssue(pathOf(prefix, f, lang), EXPECTED[STRING], x));
      else if (f.required && x === '') {
        if (when) run.issues.push(requiredIssue(pathOf(prefix, f, lang)));
      } else if (!plain) checkWire(f, x, !f.required, run, prefix, lang);
      return;
    case NUMBER:
      if (typeof x !== 'number' || !Number.isFinite(x)) run.issues.push(typeIssue(pathOf(prefix, f, lang), EXPECTED[NUMBER], x));
      else if (!plain) checkWire(f, numberToWire(x), false, run, prefix, lang);
      return;
    case BOOLEAN:
      if (typeof x !== 'boolean') run.issues.push(typeIssue(pathOf(prefix, f, lang), EXPECTED[BOOLEAN], x));
      else if (!plain) checkWire(f, x ? '1' : '0', false, run, prefix, lang);
      return;
    default:
      // A date: `null` is the empty date (the types allow `Date | null`).
      if (x === null) {
        if (f.required && when) run.issues.push(requiredIssue(pathOf(prefix, f, lang)));
      } else if (!isValidDate(x)) run.issues.push(typeIssue(pathOf(prefix, f, lang), EXPECTED[DATETIME], x));
      else if (!plain) checkWire(f, f.form === DAY ? dayToWire(x) : dateToWire(x), false, run, prefix, lang);
  }
}

/** The `{ id, value }` entries of a multilingual value. */
function checkLanguages(spec: RecordSpec, f: Field, x: unknown, run: Run): void {
  if (!Array.isArray(x)) {
    run.issues.push(typeIssue(f.name, 'a list of { id, value } entries, one per language', x));
    return;
  }
  const { languages, defaultLanguage: def } = spec;
  let found = false;
  for (const e of x as unknown[]) {
    if (!isRecord(e)) {
      run.issues.push(typeIssue(f.name, 'a list of { id, value } entries', e));
      continue;
    }
    const id = e['id'];
    const known = languages.length === 0 ? typeof id === 'number' && Number.isInteger(id) && id > 0 : languages.includes(id as number);
    if (!known) {
      run.issues.push(languageIssue(f.name, id, languages));
      continue;
    }
    if (id === def) found = true;
    // An entry without a value is a value of the wrong type (undefined), not a missing field.
    checkValue(f, e['value'], run, id === def, '', id);
  }
  if (f.required && !found && !run.patch) run.issues.push(requiredIssue(f.missing));
}

/** A field's value that is present (not `undefined`); `prefix` is the record's path. */
function checkPresent(spec: RecordSpec, f: Field, x: unknown, run: Run, prefix: string): void {
  if (f.readOnly) run.issues.push(readOnlyIssue(prefix + f.name));
  else if (f.multilingual) checkLanguages(spec, f, x, run);
  else checkValue(f, x, run, true, prefix, undefined);
}

interface Compiled {
  readonly spec: RecordSpec;
  /** Top-level fields in table order, and their positions by name (extensions and associations: < 0). */
  readonly fields: readonly Field[];
  readonly index: Readonly<Record<string, number>>;
  /** Positions of the required fields, in table order; and of those required on create only. */
  readonly required: readonly number[];
  readonly onCreate: readonly number[];
  readonly extensions: string;
  /** `[name, item fields, item keys, path]` of every association, in table order. */
  readonly associations: readonly (readonly [name: string, fields: readonly Field[], keys: ReadonlySet<string>, path: string])[];
  /** Position of every association by name, in an object without prototype. */
  readonly associationIndex: Readonly<Record<string, number>>;
  readonly keys: ReadonlySet<string>;
  readonly items: ReadonlyMap<string, ReadonlySet<string>> | null;
  readonly unknownKeys: 'passthrough' | 'strict' | 'strip';
}

/** Position of every top-level key, in an object without prototype (faster to read than a Map). */
function indexOf(fields: readonly Field[], extensions: string, associations: boolean): Readonly<Record<string, number>> {
  const index = Object.create(null) as Record<string, number>;
  fields.forEach((f, i) => (index[f.name] = i));
  index[extensions] = EXTENSIONS;
  if (associations) index['associations'] = ASSOCIATIONS;
  return index;
}

function compile(spec: RecordSpec): Compiled {
  const extensions = spec.extensions ?? 'extensions';
  const associations = (spec.associations ?? []).map(
    ([name, fields]) => [name, fields.map((f) => compileField(spec, f)), new Set(fields.map((f) => f[0]).sort()), `associations.${name}`] as const,
  );
  const fields = spec.fields.map((f) => compileField(spec, f));
  return {
    spec,
    fields,
    index: indexOf(fields, extensions, associations.length > 0),
    required: fields.flatMap((f, i) => (f.required ? [i] : [])),
    onCreate: fields.flatMap((f, i) => (f.onCreate && !f.readOnly ? [i] : [])),
    extensions,
    associations,
    associationIndex: Object.assign(Object.create(null) as Record<string, number>, Object.fromEntries(associations.map((a, i) => [a[0], i]))),
    // Sorted (by code units): what `strip` keeps comes out in this order.
    keys: new Set([...fields.map((f) => f.name), extensions, ...(associations.length > 0 ? ['associations'] : [])].sort()),
    items: associations.length === 0 ? null : new Map(associations.map(([name, , itemKeys]) => [name, itemKeys])),
    unknownKeys: spec.unknownKeys ?? 'passthrough',
  };
}

function checkAssociations(c: Compiled, x: unknown, run: Run): void {
  if (!isRecord(x)) {
    run.issues.push(typeIssue('associations', 'an object', x));
    return;
  }
  // The associations the body holds (usually one or two of many), then checked in table order.
  let present: number[] | null = null;
  for (const k in x) {
    const i = c.associationIndex[k];
    if (i !== undefined) {
      // Kept sorted as it grows (a handful at most).
      if (present === null) present = [i];
      else {
        let j = present.length;
        while (j > 0 && present[j - 1]! > i) j--;
        present.splice(j, 0, i);
      }
    }
    // An association the store does not know is refused by the store (86) unless stripped.
    else if (c.unknownKeys !== 'strip' && Object.prototype.hasOwnProperty.call(x, k)) run.issues.push(unknownKeyIssue(`associations.${k}`));
  }
  if (present === null) return;
  for (const p of present) {
    const [name, fields, itemKeys, base] = c.associations[p]!;
    const a = own(x, name);
    if (a === undefined) continue;
    if (!Array.isArray(a)) {
      run.issues.push(typeIssue(base, 'a list', a));
      continue;
    }
    for (let i = 0; i < a.length; i++) {
      const it: unknown = a[i];
      if (!isRecord(it)) {
        run.issues.push(typeIssue(`${base}[${i}]`, 'an object', it));
        continue;
      }
      for (const f of fields) {
        const y = read(it, f);
        // A missing required field: allowed at the top level of a PATCH, never in association items.
        if (y !== undefined) {
          if (!f.fast(y, run.create, run.patch)) checkPresent(c.spec, f, y, run, `${base}[${i}].`);
        }
        else if (f.required) run.issues.push(requiredIssue(`${base}[${i}].${f.missing}`));
      }
      if (c.unknownKeys === 'strict') for (const k of Object.keys(it)) if (!itemKeys.has(k)) run.issues.push(unknownKeyIssue(`${base}[${i}].${k}`));
    }
  }
}

/**
 * The top-level fields. A body holds a few of a resource's many fields: the loop goes over the
 * body's keys (fast keyed reads) rather than over every field of the table, then reports the
 * missing required fields. Issues are put back in table order, as if the table had been walked.
 */
function checkFields(c: Compiled, value: Record<string, unknown>, run: Run): void {
  const issues = run.issues;
  let seen = 0;
  let order: number[] | null = null;
  let ext: unknown;
  let associations: unknown;
  for (const k in value) {
    const i = c.index[k];
    if (i === undefined) continue;
    const x = value[k];
    if (i < 0) {
      // Checked after the fields, as the table lists them.
      if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
      if (i === EXTENSIONS) ext = x;
      else associations = x;
      continue;
    }
    const f = c.fields[i]!;
    if (x === undefined || (f.ownOnly && !Object.prototype.hasOwnProperty.call(value, k))) continue;
    if (f.required) seen++;
    if (x === null && f.nullable) continue;
    if (f.fast(x, run.create, run.patch)) continue;
    const start = issues.length;
    checkPresent(c.spec, f, x, run, '');
    if (issues.length > start) for (let j = start; j < issues.length; j++) (order ??= []).push(i);
  }
  if (seen < c.required.length && !run.patch) {
    for (const i of c.required) {
      const f = c.fields[i]!;
      if (read(value, f) === undefined) {
        issues.push(requiredIssue(f.missing));
        (order ??= []).push(i);
      }
    }
  }
  if (run.create) {
    for (const i of c.onCreate) {
      if (read(value, c.fields[i]!) !== undefined) continue;
      issues.push(requiredIssue(c.fields[i]!.missing));
      (order ??= []).push(i);
    }
  }
  if (order !== null && order.some((n, j) => j > 0 && n < order![j - 1]!)) {
    const sorted = issues.map((issue, j) => [order![j]!, j, issue] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    sorted.forEach(([, , issue], j) => (issues[j] = issue));
  }
  if (ext !== undefined && !isExtensions(ext)) issues.push(typeIssue(c.extensions, 'an object of module fields', ext));
  if (associations !== undefined) checkAssociations(c, associations, run);
}

/** Positions of the two keys that are not fields in `Compiled.index`. */
const EXTENSIONS = -1;
const ASSOCIATIONS = -2;

/**
 * Checks `value` against `spec`: `patch` allows required fields to be absent (PATCH), `create`
 * skips the rules a modifier normalises on create (POST). `T` is the type a valid value has.
 */
export function checkRecord<T>(spec: RecordSpec, value: unknown, patch: boolean, create: boolean): ValidationResult<T> {
  // Compiled on first use and kept on the table itself (a generated module-level constant).
  const holder = spec as RecordSpec & { compiled?: Compiled };
  const c = holder.compiled ?? (holder.compiled = compile(spec));
  if (!isRecord(value)) return { ok: false, issues: [typeIssue('', 'an object', value)] };
  const run: Run = { issues: [], patch, create };
  checkFields(c, value, run);
  if (c.unknownKeys === 'strict') for (const k of Object.keys(value)) if (!c.keys.has(k)) run.issues.push(unknownKeyIssue(k));
  if (run.issues.length > 0) return { ok: false, issues: run.issues };
  return { ok: true, value: (c.unknownKeys === 'strip' ? stripUnknownKeys(value, c.keys, c.items) : value) as T };
}
