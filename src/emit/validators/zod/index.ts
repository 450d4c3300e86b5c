/**
 * zod v4 output (`validators: 'zod'`): per resource, `<type>InputSchema` / `<type>PatchSchema`
 * making the checks of the standalone validators (the same plan, the same rule primitives), and the
 * same `validate<Type>Input` / `validate<Type>Patch` functions on top, which turn zod's issues into
 * the standalone issue format. A field the store checks is one call of a helper of
 * `validators/_zod.ts` (templates/zod/_zod.ts) with named options:
 * `email: c.string({ max: 255, rule: "isEmail", required: true })`.
 */
import type { EmitOptions } from '../../context.js';
import { compareCodeUnits } from '../../../model/index.js';
import type { AssociationChecks, FieldCheck, ResourceChecks } from '../../../plan/index.js';
import { moduleStatement, statement } from '../../code.js';
import {
  arrayLiteral,
  assignment,
  functionHead,
  objectLiteral,
  property,
  type Layout,
  type ValueKind,
} from '../../layout.js';
import { call, chain, plain, poorlyBreakable, type Arg, type Call } from '../../layout-js.js';
import { ASSOCIATIONS_KEY, jsString, propertyKey } from '../../../naming/index.js';
import type { FlavourInput, ValidatorFlavour } from '../flavour.js';
import { entryPoints, importLine, imports, newImports, resultTypes, type RuntimeImports } from '../shared.js';

type UnknownKeys = EmitOptions['unknownKeys'];

/** The name of the field helpers of a file (`const c = checks(...)`). */
const HELPERS = 'c';

/** The chain of calls on `z` that makes a value of each form, unchecked. */
const BASE: Record<FieldCheck['form'], readonly Call[]> = {
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

type Prop = readonly [string, Arg, ValueKind];

/** `{ a: A, b: B }` as an argument. */
function objectArg(props: readonly Prop[], layout: Layout, forceBreak = false): Arg {
  const doc = objectLiteral(
    props.map(([key, value, kind]) => property(key, value.doc, kind)),
    layout,
    forceBreak,
  );
  return { doc, kind: props.length === 0 ? 'other' : 'object', simple: props.every(([, v]) => v.simple) };
}

/** A schema as a property value: the chain, and how prettier lays out `key: chain`. */
function member(key: string, head: string, calls: readonly Call[], layout: Layout): Prop {
  return [key, chain(head, calls, layout), poorlyBreakable(calls, layout) ? 'string' : 'group'];
}

/** The named options of a value's check; empty when the store checks nothing on it. */
function checkOptions(
  p: FieldCheck,
  imports: RuntimeImports,
  create: boolean,
  layout: Layout,
  extra: readonly Prop[] = [],
): Prop[] {
  const props: Prop[] = [];
  if (p.maxSize !== null) props.push(['max', plain(String(p.maxSize)), 'literal']);
  // On create, a rule the store's modifier makes moot is left out.
  if (p.rule !== null && !(create && p.skipRuleOnCreate)) {
    imports.rules.add(p.rule);
    props.push(['rule', plain(jsString(p.rule)), 'string']);
  }
  if (p.values !== null) {
    const values = arrayLiteral(
      p.values.map((v) => ({ doc: jsString(v) })),
      layout,
    );
    props.push(
      ['values', { doc: values, kind: 'array', simple: true }, 'group'],
      ['property', plain(jsString(p.property)), 'string'],
    );
  }
  // Only a text can be empty: a number or a boolean always has a wire text.
  const canBeEmpty = p.form === 'string' || p.form === 'datetime' || p.form === 'day';
  if (p.required && canBeEmpty) props.push(['required', plain('true'), 'literal']);
  return [...props, ...extra];
}

/** The calls of a single (non-multilingual) value that is present, on `z` or on the helpers. */
function valueSchema(p: FieldCheck, imports: RuntimeImports, layout: Layout, create = false): [string, Call[]] {
  const options = p.wireCheck ? checkOptions(p, imports, create, layout) : [];
  if (options.length === 0) return ['z', [...BASE[p.form]]];
  imports.glue.add('checks');
  return [HELPERS, [{ name: p.form, args: [objectArg(options, layout)] }]];
}

/** `c.lang("string", { ... })`: a list of `{ id, value }` entries, one per language. */
function languageSchema(
  p: FieldCheck,
  patch: boolean,
  imports: RuntimeImports,
  create: boolean,
  layout: Layout,
): Call[] {
  // The default language must be present in a POST/PUT body of a required field.
  const extra: Prop[] = p.required && !patch ? [['requireDefault', plain(jsString(p.name)), 'string']] : [];
  const options = p.wireCheck ? checkOptions(p, imports, create, layout, extra) : extra;
  const args = [plain(jsString(p.form)), ...(options.length === 0 ? [] : [objectArg(options, layout)])];
  imports.glue.add('checks');
  return [{ name: 'lang', args }];
}

function readOnlyMember(key: string, imports: RuntimeImports): Prop {
  imports.glue.add('readOnly');
  return [key, plain('readOnly()'), 'string'];
}

function objectFn(unknownKeys: UnknownKeys, forAssociations = false): string {
  // An association the store does not know is refused by the store (86) unless stripped.
  if (forAssociations) return unknownKeys === 'strip' ? 'object' : 'strictObject';
  return unknownKeys === 'strict' ? 'strictObject' : unknownKeys === 'strip' ? 'object' : 'looseObject';
}

function itemSchema(a: AssociationChecks, unknownKeys: UnknownKeys, imports: RuntimeImports, layout: Layout): Call[] {
  const props = a.fields.map((f): Prop => {
    if (f.readOnly) return readOnlyMember(propertyKey(f.name), imports);
    const [head, s] = valueSchema(f, imports, layout);
    return member(propertyKey(f.name), head, f.required ? s : [...s, OPTIONAL], layout);
  });
  return [{ name: objectFn(unknownKeys), args: [objectArg(props, layout)] }];
}

/** The properties of one schema object (its fields, extensions and associations). */
function shape(
  plan: ResourceChecks,
  patch: boolean,
  unknownKeys: UnknownKeys,
  imports: RuntimeImports,
  layout: Layout,
  create = false,
): Arg {
  const props: Prop[] = [];
  for (const p of plan.fields) {
    if (p.readOnly) {
      props.push(readOnlyMember(propertyKey(p.name), imports));
      continue;
    }
    const [head, value] = p.multilingual
      ? [HELPERS, languageSchema(p, patch, imports, create, layout)]
      : valueSchema(p, imports, layout, create);
    // `null`: NULL in a store that keeps it (`allow_null`); the client leaves it out of the body.
    const s = p.nullable ? [...value, NULLABLE] : value;
    const required = !patch && (p.required || (create && p.requiredOnCreate));
    props.push(member(propertyKey(p.name), head, required ? s : [...s, OPTIONAL], layout));
  }
  imports.glue.add('extensions');
  props.push([propertyKey(plan.extensionsKey), plain('extensions()'), 'string']);
  if (plan.associations.length > 0) {
    const assoc = plan.associations.map((a) =>
      member(
        propertyKey(a.name),
        'z',
        [{ name: 'array', args: [chain('z', itemSchema(a, unknownKeys, imports, layout), layout)] }, OPTIONAL],
        layout,
      ),
    );
    const calls: Call[] = [{ name: objectFn(unknownKeys, true), args: [objectArg(assoc, layout, true)] }, OPTIONAL];
    props.push(member(propertyKey(ASSOCIATIONS_KEY), 'z', calls, layout));
  }
  return objectArg(props, layout, true);
}

/** Lower-camel name of a schema constant, from a type name (`ProductInput` → `productInputSchema`). */
function schemaName(typeName: string): string {
  return `${typeName[0]!.toLowerCase()}${typeName.slice(1)}Schema`;
}

/** The schemas of a resource (`shapes`: which bodies it has) and its check function `check`. */
function renderSchemas(
  plan: ResourceChecks,
  names: { readonly input: string; readonly patch: string },
  check: string,
  result: string,
  unknownKeys: UnknownKeys,
  imports: RuntimeImports,
  shapes: { input: boolean; patch: boolean },
  layout: Layout,
): { code: string; schemas: BodySchemas } {
  imports.validation.add('ValidationResult');
  imports.glue.add('fromZodIssues');
  let out = '';
  const schemas: string[] = [];
  const schemaConst = (name: string, body: Arg): string =>
    statement(
      assignment(
        `export const ${name} =`,
        chain('z', [{ name: objectFn(unknownKeys), args: [body] }], layout).doc,
        ';',
      ),
      0,
      layout,
    ) + '\n';
  for (const [which, typeName] of [
    ['input', names.input],
    ['patch', names.patch],
  ] as const) {
    if (!shapes[which]) continue;
    const name = schemaName(typeName);
    schemas.push(name);
    out += `/** zod schema of a ${which === 'input' ? 'POST/PUT' : 'PATCH'} body for \`${plan.resource}\`. */\n`;
    out += schemaConst(name, shape(plan, which === 'patch', unknownKeys, imports, layout));
  }
  const [inputSchema, patchSchema] = shapes.input
    ? [schemas[0]!, schemas[1] ?? schemas[0]!]
    : [schemas[0]!, schemas[0]!];
  let createSchema = inputSchema;
  if (shapes.input && plan.createDiffers) {
    // The same body for a POST, where a modifier normalises some values before the store checks them.
    createSchema = schemaName(`${names.input}Create`);
    out += `/** zod schema of a POST body for \`${plan.resource}\` (values the store normalises on create are not checked; fields it reads on create are required). */\n`;
    out += schemaConst(createSchema, shape(plan, false, unknownKeys, imports, layout, true));
  }
  if (shapes.input) {
    // The schema of each `operation` of `validate<Type>Input` (shared.ts prints that parameter).
    const table = objectLiteral(
      [property('create', createSchema, 'string'), property('update', inputSchema, 'string')],
      layout,
    );
    out += statement(assignment('const INPUT_SCHEMAS =', table, ';'), 0, layout) + '\n';
  }
  const multilingual = [...new Set(plan.fields.filter((f) => f.multilingual && !f.readOnly).map((f) => f.name))].sort(
    compareCodeUnits,
  );
  const set: Arg =
    multilingual.length === 0
      ? plain('[]')
      : {
          doc: arrayLiteral(
            multilingual.map((m) => ({ doc: jsString(m) })),
            layout,
          ),
          kind: 'array',
          simple: true,
        };
  out +=
    statement(assignment('const MULTILINGUAL =', call('new Set<string>', [set], layout).doc, ';'), 0, layout) + '\n';
  imports.common.add('LANGUAGE_IDS');
  const issues = call(
    'fromZodIssues',
    ['parsed.error.issues', 'value', 'MULTILINGUAL', 'LANGUAGE_IDS', String(plan.defaultLanguage)].map(plain),
    layout,
  );
  out +=
    statement(
      functionHead(
        `function ${check}`,
        ['value: unknown', 'schema: z.ZodType'],
        `: ValidationResult<${result}> {`,
        layout,
      ),
      0,
      layout,
    ) +
    statement(assignment('const parsed =', 'schema.safeParse(value)', ';'), 1, layout) +
    '  if (!parsed.success) {\n' +
    statement(
      [
        'return ',
        objectLiteral([property('ok', 'false', 'literal'), property('issues', issues.doc, 'group')], layout),
        ';',
      ],
      2,
      layout,
    ) +
    '  }\n' +
    statement(
      [
        'return ',
        objectLiteral(
          [property('ok', 'true', 'literal'), property('value', `parsed.data as unknown as ${result}`, 'string')],
          layout,
        ),
        ';',
      ],
      1,
      layout,
    ) +
    '}\n';
  return { code: out, schemas: { input: inputSchema, patch: patchSchema, create: createSchema } };
}

/** The schema names a resource's bodies are checked with (the same name where two bodies share one). */
interface BodySchemas {
  readonly input: string;
  readonly patch: string;
  readonly create: string;
}

/**
 * The schema argument of the check for an entry point's `patch` and `create` expressions (see
 * shared.ts: `'true'`/`'false'`, or the `operation` test): the schema is chosen where the call is.
 */
function schemaArgument(schemas: BodySchemas, patch: string, create: string): string {
  if (patch === 'true') return schemas.patch;
  if (create === 'false') return schemas.input;
  // `validate<Type>Input(value, operation)`: the table printed with the schemas picks by operation.
  return 'INPUT_SCHEMAS[operation]';
}

/** `const c = checks(LANGUAGE_IDS, 1, { isEmail, ... });`: the field helpers of the file. */
function helpers(plan: ResourceChecks, imports: RuntimeImports, layout: Layout): string {
  if (plan.languages.length > 0) imports.common.add('LANGUAGE_IDS');
  const rules = [...imports.rules].sort(compareCodeUnits);
  const table: Arg =
    rules.length === 0 ? plain('{}') : { doc: objectLiteral(rules, layout), kind: 'object', simple: true };
  const args = [plain(plan.languages.length > 0 ? 'LANGUAGE_IDS' : 'null'), plain(String(plan.defaultLanguage)), table];
  return statement(assignment(`const ${HELPERS} =`, call('checks', args, layout).doc, ';'), 0, layout) + '\n';
}

function render({ resource, unknownKeys, layout }: FlavourInput): string {
  const runtime = newImports();
  const { result } = resultTypes(resource);
  const names = resource.names;
  const check = `check${names.type}`;
  const shapes = { input: resource.hasInput, patch: resource.hasPatch };
  const { code, schemas } = renderSchemas(resource.checks, names, check, result, unknownKeys, runtime, shapes, layout);
  // The helpers name the rules the schemas use, known once the schemas are printed.
  const head = moduleStatement('import', ['z'], 'zod', layout);
  const top = runtime.glue.has('checks') ? helpers(resource.checks, runtime, layout) : '';
  const glue = importLine(runtime.glue, './_zod.js', layout);
  const call = (_type: string, patch: string, create: string): [string, string[]] => [
    check,
    ['value', schemaArgument(schemas, patch, create)],
  ];
  return `${imports(runtime, resource, layout, head + glue)}\n${top}${code}${entryPoints(resource, layout, call)}`;
}

export const zod: ValidatorFlavour = {
  summary: 'zod v4 schemas making the same checks (the output imports zod)',
  packages: ['zod'],
  templates: 'zod',
  render,
};
