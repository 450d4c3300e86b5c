/**
 * zod v4 output (`validators: 'zod'`): per resource, `<type>InputSchema` / `<type>PatchSchema`
 * making the checks of the standalone validators (same plans, same rule primitives), and the same
 * `validate<Type>Input` / `validate<Type>Patch` functions on top, which turn zod's issues into the
 * standalone issue format. `validators/_zod.ts` holds the shared glue (no resource file can be named
 * `_zod`: resource file stems never start with `_`).
 */
import type { EmitOptions } from '../context.js';
import { compareCodeUnits } from '../../model/index.js';
import { statement } from '../code.js';
import { arrayLiteral, assignment, functionHead, objectLiteral, property, type Doc, type Layout, type ValueKind } from '../layout.js';
import { arrow, call, chain, plain, poorlyBreakable, type Arg, type Call } from '../layout-js.js';
import { ASSOCIATIONS_KEY, jsString, propertyKey, type ResourceNames } from '../../naming/index.js';
import type { RuntimeImports } from './lines.js';
import type { AssociationPlan, ResourcePlan, ValuePlan } from './plan.js';

/** Path of the shared zod glue inside the output. */
export const ZOD_GLUE_FILE = 'validators/_zod.ts';

type UnknownKeys = EmitOptions['unknownKeys'];

/** The chain of calls on `z` that makes a value of each form. */
const BASE: Record<ValuePlan['form'], readonly Call[]> = {
  number: [{ name: 'number', args: [] }],
  boolean: [{ name: 'boolean', args: [] }],
  string: [{ name: 'string', args: [] }],
  datetime: [
    { name: 'date', args: [] },
    { name: 'nullable', args: [] },
  ],
  day: [
    { name: 'date', args: [] },
    { name: 'nullable', args: [] },
  ],
};

const OPTIONAL: Call = { name: 'optional', args: [] };
const NULLABLE: Call = { name: 'nullable', args: [] };

/** `(v) => wire text` for a form, or null when the value is already the text. */
function wireOf(p: ValuePlan, v: string, imports: RuntimeImports): string {
  switch (p.form) {
    case 'number':
      imports.validation.add('numberToWire');
      return `numberToWire(${v})`;
    case 'boolean':
      return `${v} ? ${jsString('1')} : ${jsString('0')}`;
    case 'string':
      return v;
    case 'datetime':
      imports.validation.add('dateToWire');
      return `${v} === null ? ${jsString('')} : dateToWire(${v})`;
    case 'day':
      imports.validation.add('dayToWire');
      return `${v} === null ? ${jsString('')} : dayToWire(${v})`;
  }
}

/** Whether a value needs the wire check (emptiness, length or rule) at all; numbers are never empty. */
function needsWireCheck(p: ValuePlan): boolean {
  const rule = p.rule !== null && !(p.form === 'boolean' && p.rule === 'isBool');
  const canBeEmpty = p.form === 'string' || p.form === 'datetime' || p.form === 'day';
  return (p.required && canBeEmpty) || p.maxSize !== null || rule || p.values !== null;
}

/** `max, rule, ruleName, values, property`; on create, a rule the store's modifier makes moot is left out. */
function ruleArgs(p: ValuePlan, imports: RuntimeImports, create: boolean, layout: Layout): Arg[] {
  const rule = p.rule !== null && !(p.form === 'boolean' && p.rule === 'isBool') && !(create && p.skipRuleOnCreate) ? p.rule : null;
  if (rule !== null) imports.rules.add(rule);
  const values = p.values === null ? plain('null') : plain(arrayLiteral(p.values.map((v) => ({ doc: jsString(v) })), layout));
  return [plain(String(p.maxSize ?? 'null')), plain(rule ?? 'null'), plain(jsString(rule ?? '')), values, plain(jsString(p.property))];
}

/** `.superRefine((params) => check)`. */
function refine(params: string, check: Arg, layout: Layout): Call {
  return { name: 'superRefine', args: [arrow(params, check.doc, layout)] };
}

/** The calls on `z` of a single (non-multilingual) value that is present. */
function valueSchema(p: ValuePlan, imports: RuntimeImports, layout: Layout, create = false): Call[] {
  if (!needsWireCheck(p)) return [...BASE[p.form]];
  imports.glue.add('wireCheck');
  const check = call('wireCheck', [plain('ctx'), plain(wireOf(p, 'v', imports)), ...ruleArgs(p, imports, create, layout), plain(String(p.required))], layout);
  return [...BASE[p.form], refine('(v, ctx)', check, layout)];
}

function readOnlySchema(imports: RuntimeImports): Doc {
  imports.glue.add('readOnly');
  return 'readOnly()';
}

/** `{ a: A, b: B }` as an argument. */
function objectArg(props: readonly (readonly [string, Arg, ValueKind])[], layout: Layout, forceBreak = false): Arg {
  const doc = objectLiteral(props.map(([key, value, kind]) => property(key, value.doc, kind)), layout, forceBreak);
  return { doc, kind: props.length === 0 ? 'other' : 'object', simple: props.every(([, v]) => v.simple) };
}

/** A schema as a property value: the chain, and how prettier lays out `key: chain`. */
function member(key: string, calls: readonly Call[], layout: Layout): readonly [string, Arg, ValueKind] {
  return [key, chain('z', calls, layout), poorlyBreakable(calls, layout) ? 'string' : 'group'];
}

function languageSchema(p: ValuePlan, plan: ResourcePlan, patch: boolean, imports: RuntimeImports, create: boolean, layout: Layout): Call[] {
  // The ids are listed once, in common.ts.
  if (plan.languages.length > 0) imports.common.add('LANGUAGE_IDS');
  const id: Call[] =
    plan.languages.length === 0
      ? [{ name: 'number', args: [] }, { name: 'int', args: [] }, { name: 'positive', args: [] }]
      : [{ name: 'literal', args: [plain('LANGUAGE_IDS')] }];
  const def = plan.defaultLanguage;
  const entry: Call[] = [{ name: 'looseObject', args: [objectArg([member('id', id, layout), member('value', BASE[p.form], layout)], layout)] }];
  if (needsWireCheck(p)) {
    imports.glue.add('wireCheck');
    const required = p.required ? `e.id === ${def}` : 'false';
    const path: Arg = { doc: arrayLiteral([{ doc: jsString('value') }], layout), kind: 'array', simple: true };
    const check = call('wireCheck', [plain('ctx'), plain(wireOf(p, 'e.value', imports)), ...ruleArgs(p, imports, create, layout), plain(required), path], layout);
    entry.push(refine('(e, ctx)', check, layout));
  }
  const list: Call[] = [{ name: 'array', args: [chain('z', entry, layout)] }];
  if (p.required && !patch) {
    imports.glue.add('hasLanguage');
    const check = call('hasLanguage', [plain('ctx'), plain('list'), plain(String(def)), plain(jsString(`${p.name}[${def}]`))], layout);
    list.push(refine('(list, ctx)', check, layout));
  }
  return list;
}

function objectFn(unknownKeys: UnknownKeys, forAssociations = false): string {
  // An association the store does not know is refused by the store (86) unless stripped.
  if (forAssociations) return unknownKeys === 'strip' ? 'object' : 'strictObject';
  return unknownKeys === 'strict' ? 'strictObject' : unknownKeys === 'strip' ? 'object' : 'looseObject';
}

function itemSchema(a: AssociationPlan, unknownKeys: UnknownKeys, imports: RuntimeImports, layout: Layout): Call[] {
  const props = a.fields.map((f): readonly [string, Arg, ValueKind] => {
    if (f.readOnly) return [propertyKey(f.name), plain(readOnlySchema(imports)), 'string'];
    const s = valueSchema(f, imports, layout);
    return member(propertyKey(f.name), f.required ? s : [...s, OPTIONAL], layout);
  });
  return [{ name: objectFn(unknownKeys), args: [objectArg(props, layout)] }];
}

/** The properties of one schema object (its fields, extensions and associations). */
function shape(plan: ResourcePlan, patch: boolean, unknownKeys: UnknownKeys, imports: RuntimeImports, layout: Layout, create = false): Arg {
  const props: (readonly [string, Arg, ValueKind])[] = [];
  for (const p of plan.fields) {
    if (p.readOnly) {
      props.push([propertyKey(p.name), plain(readOnlySchema(imports)), 'string']);
      continue;
    }
    const value = p.multilingual ? languageSchema(p, plan, patch, imports, create, layout) : valueSchema(p, imports, layout, create);
    // `null`: NULL in a store that keeps it (`allow_null`); the client leaves it out of the body.
    const s = p.nullable ? [...value, NULLABLE] : value;
    const required = !patch && (p.required || (create && p.requiredOnCreate));
    props.push(member(propertyKey(p.name), required ? s : [...s, OPTIONAL], layout));
  }
  imports.glue.add('extensions');
  props.push([propertyKey(plan.extensionsKey), plain('extensions()'), 'string']);
  if (plan.associations.length > 0) {
    const assoc = plan.associations.map((a) =>
      member(propertyKey(a.name), [{ name: 'array', args: [chain('z', itemSchema(a, unknownKeys, imports, layout), layout)] }, OPTIONAL], layout),
    );
    const calls: Call[] = [{ name: objectFn(unknownKeys, true), args: [objectArg(assoc, layout, true)] }, OPTIONAL];
    props.push(member(propertyKey(ASSOCIATIONS_KEY), calls, layout));
  }
  return objectArg(props, layout, true);
}

/** Lower-camel name of a schema constant, from a type name (`ProductInput` → `productInputSchema`). */
function schemaName(typeName: string): string {
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
  layout: Layout,
): string {
  imports.validation.add('ValidationResult');
  imports.glue.add('fromZodIssues');
  let out = '';
  const schemas: string[] = [];
  const schemaConst = (name: string, body: Arg): string =>
    statement(assignment(`export const ${name} =`, chain('z', [{ name: objectFn(unknownKeys), args: [body] }], layout).doc, ';'), 0, layout) + '\n';
  for (const [which, typeName] of [['input', names.input], ['patch', names.patch]] as const) {
    if (!shapes[which]) continue;
    const name = schemaName(typeName);
    schemas.push(name);
    out += `/** zod schema of a ${which === 'input' ? 'POST/PUT' : 'PATCH'} body for \`${plan.resource}\`. */\n`;
    out += schemaConst(name, shape(plan, which === 'patch', unknownKeys, imports, layout));
  }
  const [inputSchema, patchSchema] = shapes.input ? [schemas[0]!, schemas[1] ?? schemas[0]!] : [schemas[0]!, schemas[0]!];
  let createSchema = inputSchema;
  if (shapes.input && plan.createDiffers) {
    // The same body for a POST, where a modifier normalises some values before the store checks them.
    createSchema = schemaName(`${names.input}Create`);
    out += `/** zod schema of a POST body for \`${plan.resource}\` (values the store normalises on create are not checked; fields it reads on create are required). */\n`;
    out += schemaConst(createSchema, shape(plan, false, unknownKeys, imports, layout, true));
  }
  const multilingual = [...new Set(plan.fields.filter((f) => f.multilingual && !f.readOnly).map((f) => f.name))].sort(compareCodeUnits);
  const set: Arg =
    multilingual.length === 0
      ? plain('[]')
      : { doc: arrayLiteral(multilingual.map((m) => ({ doc: jsString(m) })), layout), kind: 'array', simple: true };
  out += statement(assignment('const MULTILINGUAL =', call('new Set<string>', [set], layout).doc, ';'), 0, layout) + '\n';
  imports.common.add('LANGUAGE_IDS');
  const issues = call('fromZodIssues', ['parsed.error.issues', 'value', 'MULTILINGUAL', 'LANGUAGE_IDS', String(plan.defaultLanguage)].map(plain), layout);
  const createParam = createSchema === inputSchema ? '_create' : 'create';
  const patchParam = patchSchema === inputSchema && createSchema === inputSchema ? '_patch' : 'patch';
  out +=
    statement(functionHead(`function ${check}`, ['value: unknown', `${patchParam}: boolean`, `${createParam}: boolean`], `: ValidationResult<${result}> {`, layout), 0, layout) +
    statement(assignment('let schema: z.ZodType =', inputSchema, ';'), 1, layout) +
    (patchSchema === inputSchema ? '' : `  if (patch) {\n${statement(assignment('schema =', patchSchema, ';'), 2, layout)}  }`) +
    (createSchema === inputSchema
      ? ''
      : `${patchSchema === inputSchema ? '  if' : ' else if'} (create && !patch) {\n${statement(assignment('schema =', createSchema, ';'), 2, layout)}  }`) +
    (patchSchema === inputSchema && createSchema === inputSchema ? '' : '\n') +
    statement(assignment('const parsed =', 'schema.safeParse(value)', ';'), 1, layout) +
    '  if (!parsed.success) {\n' +
    statement(['return ', objectLiteral([property('ok', 'false', 'literal'), property('issues', issues.doc, 'group')], layout), ';'], 2, layout) +
    '  }\n' +
    statement(['return ', objectLiteral([property('ok', 'true', 'literal'), property('value', `parsed.data as unknown as ${result}`, 'string')], layout), ';'], 1, layout) +
    '}\n';
  return out;
}
