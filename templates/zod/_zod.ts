/**
 * The glue of the zod validators (`validators: 'zod'`), copied as `validators/_zod.ts` next to the
 * generated `validators/<resource>.ts`. Each of those makes one `checks(...)` for its resource and
 * one helper call per field (`c.string({ max: 255, rule: 'isEmail', required: true })`), which
 * makes the store's checks on the value's wire text: required (not empty), length, rule, allowed
 * values, as `ObjectModel::validateField` does and as the standalone validators do.
 * `fromZodIssues` turns zod's issues into the standalone issue format.
 */
import { z } from 'zod';
import { charLength } from '../runtime/rules.js';
import {
  dateToWire,
  dayToWire,
  formatIssue,
  isExtensions,
  languageIssue,
  lengthIssue,
  numberToWire,
  readOnlyIssue,
  requiredIssue,
  typeIssue,
  unknownKeyIssue,
  valueIssue,
  type IssueCode,
  type ValidationIssue,
} from '../runtime/validation.js';

interface Ctx {
  addIssue(issue: { code: 'custom'; message: string; path?: PropertyKey[]; params?: Record<string, unknown> }): void;
}

function fail(ctx: Ctx, code: IssueCode, path: PropertyKey[], params: Record<string, unknown> = {}): void {
  ctx.addIssue({ code: 'custom', message: code, path, params: { ...params, code } });
}

/** The checks of one value, by name (every option may be left out). */
export interface CheckOptions<R extends string = string> {
  /** Most characters, as `Tools::strlen` counts them. */
  readonly max?: number;
  /** The rule of `runtime/rules.ts` the wire text must pass (a key of the rules given to `checks`). */
  readonly rule?: R;
  /** Allowed wire texts. */
  readonly values?: readonly string[];
  /** `Class->field`, as the store names the property in its message about `values`. */
  readonly property?: string;
  /** The wire text must not be empty (for a multilingual field: that of the default language). */
  readonly required?: boolean;
}

/** A multilingual value's checks; `requireDefault`: the field's name, when the default language must be present. */
export interface LanguageOptions<R extends string = string> extends CheckOptions<R> {
  readonly requireDefault?: string;
}

type Rules = Readonly<Record<string, (s: string) => boolean>>;

/** The store's checks on the text it receives: required (not empty), length, then the rule, then the allowed values. */
function wireCheck(ctx: Ctx, s: string, o: CheckOptions, rules: Rules, required: boolean, path: PropertyKey[]): void {
  if (s === '') {
    if (required) fail(ctx, 'required', path);
    return;
  }
  const max = o.max;
  if (max !== undefined && s.length > max) {
    const length = charLength(s);
    if (length > max) return fail(ctx, 'too_long', path, { length, max });
  }
  // PHP's empty("0"): the store skips the rule and the allowed values.
  if (s === '0') return;
  if (o.rule !== undefined && !rules[o.rule]!(s)) return fail(ctx, 'invalid_format', path, { rule: o.rule });
  if (o.values !== undefined && !o.values.includes(s)) fail(ctx, 'invalid_value', path, { property: o.property, values: o.values });
}

const wireOfDate = (v: Date | null): string => (v === null ? '' : dateToWire(v));
const wireOfDay = (v: Date | null): string => (v === null ? '' : dayToWire(v));

/**
 * The field helpers of one resource: `rules` are the rules its fields name, `languages` the
 * store's language ids (null: any positive integer), `defaultLanguage` the one a required
 * multilingual field must have.
 */
export function checks<const L extends readonly number[], const R extends Rules>(languages: L | null, defaultLanguage: number, rules: R) {
  type Options = CheckOptions<keyof R & string>;
  const refine = <T extends z.ZodType>(schema: T, wire: (v: z.output<T>) => string, o: Options): T =>
    schema.superRefine((v, ctx) => wireCheck(ctx, wire(v), o, rules, o.required === true, [])) as unknown as T;
  const base = {
    string: () => z.string(),
    number: () => z.number(),
    boolean: () => z.boolean(),
    datetime: () => z.date().nullable(),
    day: () => z.date().nullable(),
  };
  const wires: { readonly [F in keyof typeof base]: (v: z.output<ReturnType<(typeof base)[F]>>) => string } = {
    string: (v) => v,
    number: numberToWire,
    boolean: (v) => (v ? '1' : '0'),
    datetime: wireOfDate,
    day: wireOfDay,
  };
  const id = (languages === null ? z.number().int().positive() : z.literal(languages)) as z.ZodType<L[number]>;
  return {
    string: (o: Options) => refine(base.string(), wires.string, o),
    number: (o: Options) => refine(base.number(), wires.number, o),
    boolean: (o: Options) => refine(base.boolean(), wires.boolean, o),
    datetime: (o: Options) => refine(base.datetime(), wires.datetime, o),
    day: (o: Options) => refine(base.day(), wires.day, o),
    /** A multilingual value: a list of `{ id, value }` entries, each value checked. */
    lang<F extends keyof typeof base>(form: F, o: LanguageOptions<keyof R & string> = {}) {
      const wire = wires[form] as (v: unknown) => string;
      const entry = z
        .looseObject({ id, value: base[form]() as ReturnType<(typeof base)[F]> })
        .superRefine((e, ctx) => wireCheck(ctx, wire(e.value), o, rules, o.required === true && e.id === defaultLanguage, ['value']));
      const list = z.array(entry);
      const at = o.requireDefault;
      if (at === undefined) return list;
      return list.superRefine((l, ctx) => {
        if (!l.some((e) => e.id === defaultLanguage)) fail(ctx, 'required', [], { at: `${at}[${defaultLanguage}]` });
      });
    },
  };
}

/** A field the store refuses in writes. */
export function readOnly() {
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if (v !== undefined) fail(ctx, 'read_only', []);
    })
    .optional();
}

/** The module-field escape hatch. */
export function extensions() {
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if (v !== undefined && !isExtensions(v)) fail(ctx, 'invalid_type', [], { expected: 'an object of module fields' });
    })
    .optional();
}

interface ZodIssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly expected?: unknown;
  readonly keys?: readonly string[];
  readonly params?: Record<string, unknown>;
}

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out;
}

const EXPECTED: Record<string, string> = {
  number: 'a finite number',
  string: 'a string',
  boolean: 'a boolean',
  date: 'a valid Date or null',
  object: 'an object',
};

/** An issue about a multilingual field (`name`, `name[0].id`), or where an issue about an entry's value is (`name[2]`), or null. */
function languageFieldIssue(
  issue: ZodIssueLike,
  value: unknown,
  head: string,
  languages: readonly number[],
  defaultLanguage: number,
): { issue: ValidationIssue } | { text: string; path: readonly PropertyKey[] } | null {
  const path = issue.path;
  const entry = typeof path[1] === 'number' ? at(value, path.slice(0, 2)) : undefined;
  if (path.length >= 3 && path[2] === 'id') return { issue: languageIssue(head, at(entry, ['id']), languages) };
  if (path.length === 2) return { issue: typeIssue(head, 'a list of { id, value } entries', entry) };
  if (path.length >= 3) {
    const text = `${head}[${String(at(entry, ['id']))}]`;
    const valuePath = [...path.slice(0, 2), 'value'];
    // An entry without a value holds a value of the wrong type; the field is not missing.
    if (issue.code === 'invalid_type') return { issue: typeIssue(text, EXPECTED[String(issue.expected)] ?? 'a valid value', at(value, valuePath)) };
    return { text, path: valuePath };
  }
  if (issue.code === 'invalid_type') {
    const actual = at(value, path);
    const found =
      actual === undefined
        ? requiredIssue(`${head}[${defaultLanguage}]`)
        : typeIssue(head, 'a list of { id, value } entries, one per language', actual);
    return { issue: found };
  }
  return null;
}

/** One issue of zod's in the standalone format, at `text` (the value there is `actual`). */
function convert(issue: ZodIssueLike, text: string, actual: unknown): ValidationIssue {
  const params = issue.params ?? {};
  switch (issue.code === 'custom' ? (params['code'] as IssueCode) : issue.code) {
    case 'required':
      return requiredIssue(typeof params['at'] === 'string' ? params['at'] : text);
    case 'read_only':
      return readOnlyIssue(text);
    case 'too_long':
      return lengthIssue(text, params['length'] as number, params['max'] as number);
    case 'invalid_format':
      return formatIssue(text, params['rule'] as string);
    case 'invalid_value':
      return valueIssue(text, params['property'] as string, params['values'] as string[]);
    case 'invalid_type': {
      if (actual === undefined && issue.code === 'invalid_type') return requiredIssue(text);
      const expected =
        typeof params['expected'] === 'string'
          ? params['expected']
          : issue.expected === 'array'
            ? 'a list'
            : (EXPECTED[String(issue.expected)] ?? 'a valid value');
      return typeIssue(text, expected, actual);
    }
    default:
      return typeIssue(text, 'a valid value', actual);
  }
}

/** zod's issues in the standalone validators' format (paths `name[2]`, `associations.categories[0].id`). */
export function fromZodIssues(
  issues: readonly ZodIssueLike[],
  value: unknown,
  multilingual: ReadonlySet<string>,
  languages: readonly number[],
  defaultLanguage: number,
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = pathText(issue.path);
      for (const key of issue.keys ?? []) out.push(unknownKeyIssue(prefix === '' ? key : `${prefix}.${key}`));
      continue;
    }
    let text = pathText(issue.path);
    let path = issue.path;
    const head = path[0];
    if (typeof head === 'string' && multilingual.has(head)) {
      const found = languageFieldIssue(issue, value, head, languages, defaultLanguage);
      if (found !== null && 'issue' in found) {
        out.push(found.issue);
        continue;
      }
      if (found !== null) ({ text, path } = found);
    }
    out.push(convert(issue, text, at(value, path)));
  }
  return out;
}
