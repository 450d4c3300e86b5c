/**
 * zod v4 output (`validators: 'zod'`): per resource, `<type>InputSchema` / `<type>PatchSchema`
 * making the checks of the standalone validators (same plans, same rule primitives), and the same
 * `validate<Type>Input` / `validate<Type>Patch` functions on top, which turn zod's issues into the
 * standalone issue format. `validators/_zod.ts` holds the shared glue (no resource file can be named
 * `_zod`: resource file stems never start with `_`).
 */
import type { EmitOptions } from '../context.js';
import { ASSOCIATIONS_KEY, jsString, propertyKey, type ResourceNames } from '../naming.js';
import { render, setLiteral, type Code, type RuntimeImports } from './lines.js';
import type { AssociationPlan, ResourcePlan, ValuePlan } from './plan.js';

/** Path of the shared zod glue inside the output. */
export const ZOD_GLUE_FILE = 'validators/_zod.ts';

type UnknownKeys = EmitOptions['unknownKeys'];

const BASE: Record<ValuePlan['form'], string> = {
  number: 'z.number()',
  boolean: 'z.boolean()',
  string: 'z.string()',
  datetime: 'z.date().nullable()',
  day: 'z.date().nullable()',
};

/** `(v) => wire text` for a form, or null when the value is already the text. */
function wireOf(p: ValuePlan, v: string, imports: RuntimeImports): string {
  switch (p.form) {
    case 'number':
      imports.validation.add('numberToWire');
      return `numberToWire(${v})`;
    case 'boolean':
      return `${v} ? '1' : '0'`;
    case 'string':
      return v;
    case 'datetime':
      imports.validation.add('dateToWire');
      return `${v} === null ? '' : dateToWire(${v})`;
    case 'day':
      imports.validation.add('dayToWire');
      return `${v} === null ? '' : dayToWire(${v})`;
  }
}

/** Whether a value needs the wire check (emptiness, length or rule) at all; numbers are never empty. */
function needsWireCheck(p: ValuePlan): boolean {
  const rule = p.rule !== null && !(p.form === 'boolean' && p.rule === 'isBool');
  const canBeEmpty = p.form === 'string' || p.form === 'datetime' || p.form === 'day';
  return (p.required && canBeEmpty) || p.maxSize !== null || rule || p.values !== null;
}

/** `max, rule, ruleName, values, property`; on create, a rule the store's modifier makes moot is left out. */
function ruleArgs(p: ValuePlan, imports: RuntimeImports, create: boolean): string {
  const rule = p.rule !== null && !(p.form === 'boolean' && p.rule === 'isBool') && !(create && p.skipRuleOnCreate) ? p.rule : null;
  if (rule !== null) imports.rules.add(rule);
  const values = p.values === null ? 'null' : `[${p.values.map(jsString).join(', ')}]`;
  return `${p.maxSize ?? 'null'}, ${rule ?? 'null'}, ${jsString(rule ?? '')}, ${values}, ${jsString(p.property)}`;
}

/** The schema of a single (non-multilingual) value that is present. */
function valueSchema(p: ValuePlan, imports: RuntimeImports, create = false): string {
  if (!needsWireCheck(p)) return BASE[p.form];
  imports.glue.add('wireCheck');
  return `${BASE[p.form]}.superRefine((v, ctx) => wireCheck(ctx, ${wireOf(p, 'v', imports)}, ${ruleArgs(p, imports, create)}, ${p.required}))`;
}

function readOnlySchema(imports: RuntimeImports): string {
  imports.glue.add('readOnly');
  return 'readOnly()';
}

function languageSchema(p: ValuePlan, plan: ResourcePlan, patch: boolean, imports: RuntimeImports, create: boolean): string {
  const id =
    plan.languages.length === 0
      ? 'z.number().int().positive()'
      : plan.languages.length === 1
        ? `z.literal(${plan.languages[0]})`
        : `z.union([${plan.languages.map((l) => `z.literal(${l})`).join(', ')}])`;
  const def = plan.defaultLanguage;
  let entry = `z.looseObject({ id: ${id}, value: ${BASE[p.form]} })`;
  if (needsWireCheck(p)) {
    imports.glue.add('wireCheck');
    const required = p.required ? `e.id === ${def}` : 'false';
    entry += `.superRefine((e, ctx) => wireCheck(ctx, ${wireOf(p, 'e.value', imports)}, ${ruleArgs(p, imports, create)}, ${required}, ['value']))`;
  }
  let list = `z.array(${entry})`;
  if (p.required && !patch) imports.glue.add('hasLanguage');
  if (p.required && !patch) list += `.superRefine((list, ctx) => hasLanguage(ctx, list, ${def}, ${jsString(`${p.name}[${def}]`)}))`;
  return list;
}

function objectFn(unknownKeys: UnknownKeys, forAssociations = false): string {
  // An association the store does not know is refused by the store (86) unless stripped.
  if (forAssociations) return unknownKeys === 'strip' ? 'z.object' : 'z.strictObject';
  return unknownKeys === 'strict' ? 'z.strictObject' : unknownKeys === 'strip' ? 'z.object' : 'z.looseObject';
}

function itemSchema(a: AssociationPlan, unknownKeys: UnknownKeys, imports: RuntimeImports): string {
  const props = a.fields.map((f) => {
    if (f.readOnly) return `${propertyKey(f.name)}: ${readOnlySchema(imports)}`;
    const s = valueSchema(f, imports);
    return `${propertyKey(f.name)}: ${f.required ? s : `${s}.optional()`}`;
  });
  return `${objectFn(unknownKeys)}({ ${props.join(', ')} })`;
}

function shape(plan: ResourcePlan, patch: boolean, unknownKeys: UnknownKeys, imports: RuntimeImports, create = false): Code[] {
  const lines: Code[] = [];
  for (const p of plan.fields) {
    if (p.readOnly) {
      lines.push(`${propertyKey(p.name)}: ${readOnlySchema(imports)},`);
      continue;
    }
    const s = p.multilingual ? languageSchema(p, plan, patch, imports, create) : valueSchema(p, imports, create);
    lines.push(`${propertyKey(p.name)}: ${p.required && !patch ? s : `${s}.optional()`},`);
  }
  imports.glue.add('extensions');
  lines.push(`${propertyKey(plan.extensionsKey)}: extensions(),`);
  if (plan.associations.length > 0) {
    const assoc = plan.associations.map((a) => `${propertyKey(a.name)}: z.array(${itemSchema(a, unknownKeys, imports)}).optional(),`);
    lines.push(`${propertyKey(ASSOCIATIONS_KEY)}: ${objectFn(unknownKeys, true)}({`, assoc, '}).optional(),');
  }
  return lines;
}

/** Lower-camel name of a schema constant, from a type name (`ProductInput` → `productInputSchema`). */
export function schemaName(typeName: string): string {
  return `${typeName[0]!.toLowerCase()}${typeName.slice(1)}Schema`;
}

export function renderZodSchemas(
  plan: ResourcePlan,
  names: ResourceNames,
  check: string,
  result: string,
  unknownKeys: UnknownKeys,
  imports: RuntimeImports,
  shapes: { input: boolean; patch: boolean },
): string {
  imports.validation.add('ValidationResult');
  imports.glue.add('fromZodIssues');
  const out: Code[] = [];
  const schemas: string[] = [];
  for (const [which, typeName] of [['input', names.input], ['patch', names.patch]] as const) {
    if (!shapes[which]) continue;
    const name = schemaName(typeName);
    schemas.push(name);
    out.push(`/** zod schema of a ${which === 'input' ? 'POST/PUT' : 'PATCH'} body for \`${plan.resource}\`. */`);
    out.push(`export const ${name} = ${objectFn(unknownKeys)}({`, shape(plan, which === 'patch', unknownKeys, imports), '});', '');
  }
  const [inputSchema, patchSchema] = shapes.input ? [schemas[0]!, schemas[1] ?? schemas[0]!] : [schemas[0]!, schemas[0]!];
  let createSchema = inputSchema;
  if (shapes.input && plan.createDiffers) {
    // The same body for a POST, where a modifier normalises some values before the store checks them.
    createSchema = schemaName(`${names.input}Create`);
    out.push(`/** zod schema of a POST body for \`${plan.resource}\` (values the store normalises on create are not checked). */`);
    out.push(`export const ${createSchema} = ${objectFn(unknownKeys)}({`, shape(plan, false, unknownKeys, imports, true), '});', '');
  }
  const multilingual = plan.fields.filter((f) => f.multilingual && !f.readOnly).map((f) => f.name);
  out.push(`const MULTILINGUAL = ${setLiteral(multilingual)};`, '');
  out.push(
    `function ${check}(value: unknown, patch: boolean, ${createSchema === inputSchema ? '_create' : 'create'}: boolean): ValidationResult<${result}> {`,
    [
      `const parsed = (patch ? ${patchSchema} : ${createSchema === inputSchema ? inputSchema : `create ? ${createSchema} : ${inputSchema}`}).safeParse(value);`,
      `if (parsed.success) return { ok: true, value: parsed.data as unknown as ${result} };`,
      `return { ok: false, issues: fromZodIssues(parsed.error.issues, value, MULTILINGUAL, [${plan.languages.join(', ')}], ${plan.defaultLanguage}) };`,
    ],
    '}',
  );
  return render(out);
}

/** `validators/_zod.ts`: the glue every zod validators file imports. */
export function zodGlue(): string {
  return `import { z } from 'zod';
import { charLength } from '../runtime/rules.js';
import {
  formatIssue,
  isExtensions,
  languageIssue,
  lengthIssue,
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

/** The store's checks on the text it receives: required (not empty), length, then the rule. */
export function wireCheck(
  ctx: Ctx,
  s: string,
  max: number | null,
  rule: ((s: string) => boolean) | null,
  ruleName: string,
  values: readonly string[] | null,
  property: string,
  required: boolean,
  path: PropertyKey[] = [],
): void {
  if (s === '') {
    if (required) fail(ctx, 'required', path);
    return;
  }
  if (max !== null && s.length > max) {
    const length = charLength(s);
    if (length > max) return fail(ctx, 'too_long', path, { length, max });
  }
  if (rule !== null && s !== '0' && !rule(s)) return fail(ctx, 'invalid_format', path, { rule: ruleName });
  if (values !== null && s !== '0' && !values.includes(s)) fail(ctx, 'invalid_value', path, { property, values });
}

/** A required multilingual field must hold its default language. */
export function hasLanguage(ctx: Ctx, list: readonly { id: number }[], language: number, at: string): void {
  if (!list.some((e) => e.id === language)) fail(ctx, 'required', [], { at });
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
  for (const key of path) out += typeof key === 'number' ? \`[\${key}]\` : out === '' ? String(key) : \`.\${String(key)}\`;
  return out;
}

const EXPECTED: Record<string, string> = {
  number: 'a finite number',
  string: 'a string',
  boolean: 'a boolean',
  date: 'a valid Date or null',
  object: 'an object',
};

/** zod's issues in the standalone validators' format (paths \`name[2]\`, \`associations.categories[0].id\`). */
export function fromZodIssues(
  issues: readonly ZodIssueLike[],
  value: unknown,
  multilingual: ReadonlySet<string>,
  languages: readonly number[],
  defaultLanguage: number,
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    let path = issue.path;
    const head = path[0];
    const params = issue.params ?? {};
    if (issue.code === 'unrecognized_keys') {
      const prefix = pathText(path);
      for (const key of issue.keys ?? []) out.push(unknownKeyIssue(prefix === '' ? key : \`\${prefix}.\${key}\`));
      continue;
    }
    let text = pathText(path);
    if (typeof head === 'string' && multilingual.has(head)) {
      const entry = typeof path[1] === 'number' ? at(value, path.slice(0, 2)) : undefined;
      if (path.length >= 3 && path[2] === 'id') {
        out.push(languageIssue(head, at(entry, ['id']), languages));
        continue;
      }
      if (path.length === 2) {
        out.push(typeIssue(head, 'a list of { id, value } entries', entry));
        continue;
      }
      if (path.length >= 3) {
        text = \`\${head}[\${String(at(entry, ['id']))}]\`;
        path = [...path.slice(0, 2), 'value'];
        if (issue.code === 'invalid_type') {
          // An entry without a value holds a value of the wrong type; the field is not missing.
          out.push(typeIssue(text, EXPECTED[String(issue.expected)] ?? 'a valid value', at(value, path)));
          continue;
        }
      } else if (issue.code === 'invalid_type') {
        const actual = at(value, path);
        out.push(actual === undefined ? requiredIssue(\`\${head}[\${defaultLanguage}]\`) : typeIssue(head, 'a list of { id, value } entries, one per language', actual));
        continue;
      }
    }
    const actual = at(value, path);
    switch (issue.code === 'custom' ? (params['code'] as IssueCode) : issue.code) {
      case 'required':
        out.push(requiredIssue(typeof params['at'] === 'string' ? params['at'] : text));
        break;
      case 'read_only':
        out.push(readOnlyIssue(text));
        break;
      case 'too_long':
        out.push(lengthIssue(text, params['length'] as number, params['max'] as number));
        break;
      case 'invalid_format':
        out.push(formatIssue(text, params['rule'] as string));
        break;
      case 'invalid_value':
        out.push(valueIssue(text, params['property'] as string, params['values'] as string[]));
        break;
      case 'invalid_type':
        if (actual === undefined && issue.code === 'invalid_type') out.push(requiredIssue(text));
        else {
          const expected = typeof params['expected'] === 'string' ? params['expected'] : issue.expected === 'array' ? 'a list' : EXPECTED[String(issue.expected)] ?? 'a valid value';
          out.push(typeIssue(text, expected, actual));
        }
        break;
      default:
        out.push(typeIssue(text, 'a valid value', actual));
    }
  }
  return out;
}
`;
}
