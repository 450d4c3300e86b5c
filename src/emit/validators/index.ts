/**
 * The validators emitter: for every resource that accepts writes, `validators/<file>.ts` with
 * `validate<Type>Input(value: unknown)` (POST/PUT) and, where PATCH is allowed,
 * `validate<Type>Patch(value: unknown)`, plus the `validators/index.ts` barrel.
 *
 * `validators: 'standalone'` (default) emits a dependency-free table of the checks of every field,
 * run by `../runtime/check.js` with the rule primitives of `../runtime/rules.js`; `validators: 'zod'` emits zod v4 schemas making the
 * same checks, with the same two functions on top; `validators: 'none'` emits nothing. Pure.
 */
import { compareCodeUnits } from '../../model/index.js';
import type { ResourcePlan as StoreResourcePlan } from '../../plan/index.js';
import { fileHeader, importTypes, moduleStatement, statement } from '../code.js';
import { callAssignment, callArguments, functionHead, type Layout } from '../layout.js';
import type { Diagnostic, Emitter, FileMap } from '../context.js';
import { jsdoc, jsString, type ResourceNames } from '../../naming/index.js';
import { hasTypes } from '../types/index.js';
import { newImports, type RuntimeImports } from './lines.js';
import { checkPlan, type ResourcePlan } from './plan.js';
import { renderSpec } from './standalone.js';
import { renderZodSchemas, ZOD_GLUE_FILE } from './zod.js';
import { zodGlue } from './zod-glue.js';

/** Resources that get validators: they have a write type (fields, and POST, PUT or PATCH that PrestaShop allows). */
export function hasValidators(resource: StoreResourcePlan): boolean {
  return hasTypes(resource) && (resource.hasInput || resource.hasPatch);
}

function importLine(names: Iterable<string>, from: string, layout: Layout, typeOnly: ReadonlySet<string> = new Set()): string {
  const sorted = [...new Set(names)].sort(compareCodeUnits);
  return moduleStatement('import', sorted.map((n) => (typeOnly.has(n) ? `type ${n}` : n)), from, layout);
}

const VALIDATION_TYPES: ReadonlySet<string> = new Set(['ValidationIssue', 'ValidationResult']);
const CHECK_TYPES: ReadonlySet<string> = new Set(['RecordSpec']);

/** The runtime and type imports of one validators file. */
function imports(runtime: RuntimeImports, typeNames: readonly string[], typesFile: string, layout: Layout, extra = ''): string {
  return (
    extra +
    importLine(runtime.common, '../common.js', layout) +
    importLine(runtime.check, '../runtime/check.js', layout, CHECK_TYPES) +
    importLine(runtime.rules, '../runtime/rules.js', layout) +
    importLine(runtime.validation, '../runtime/validation.js', layout, VALIDATION_TYPES) +
    // Every entry point is a Standard Schema too (`~standard`).
    moduleStatement('import', ['standardSchema'], '../runtime/standard-schema.js', layout) +
    importTypes(typeNames, `../types/${typesFile}.js`, layout)
  );
}

/** The exported entry points, shared by both flavours: `call(patch, create)` is the check of a body. */
function entryPoints(
  resource: StoreResourcePlan,
  names: ResourceNames,
  layout: Layout,
  call: (type: string, patch: string, create: string) => [string, string[]],
): string {
  // `function _<name>` does the check; the export is that function carrying `~standard`, built by
  // a call marked pure, so that a bundler still drops the validators a program does not use.
  const fn = (doc: string, name: string, params: string[], result: string, [callee, args]: [string, string[]]): string =>
    statement(functionHead(`function _${name}`, params, `: ValidationResult<${result}> {`, layout), 0, layout) +
    statement(['return ', callee, callArguments(args, layout), ';'], 1, layout) +
    '}\n' +
    doc +
    statement(callAssignment(`export const ${name} =`, '/* @__PURE__ */ standardSchema', `_${name}`, layout), 0, layout);
  let out = '';
  if (resource.hasInput) {
    const doc = jsdoc([
      `Checks a body for a POST or PUT to \`/api/${resource.name}\` as the store would, before it is sent, and reports every issue.`,
      '`operation`: `create` (default) for a POST, where the store normalises some values first (`link_rewrite`), `update` for a PUT.',
      'It is a Standard Schema too (`~standard`, v1: a POST body).',
    ]);
    out += `
${fn(doc, names.validateInput, ['value: unknown', `operation: ${jsString('create')} | ${jsString('update')} = ${jsString('create')}`], names.input, call(names.input, 'false', `operation === ${jsString('create')}`))}`;
  }
  if (resource.hasPatch) {
    const doc = jsdoc([
      `Checks a body for a PATCH to \`/api/${resource.name}\`: like \`${resource.hasInput ? names.validateInput : 'the input check'}\`, but no field is required; a Standard Schema too.`,
    ]);
    out += `\n${fn(doc, names.validatePatch, ['value: unknown'], names.patch, call(names.patch, 'true', 'false'))}`;
  }
  return out;
}

/** The types a valid value has, and the one the shared check returns. */
function resultTypes(resource: StoreResourcePlan, names: ResourceNames): { typeNames: string[]; result: string } {
  const typeNames: string[] = [];
  if (resource.hasInput) typeNames.push(names.input);
  if (resource.hasPatch) typeNames.push(names.patch);
  return { typeNames, result: resource.hasInput ? names.input : names.patch };
}

function renderStandalone(
  resource: StoreResourcePlan,
  plan: ResourcePlan,
  names: ResourceNames,
  unknownKeys: 'passthrough' | 'strict' | 'strip',
  layout: Layout,
): string {
  const runtime = newImports();
  const { typeNames } = resultTypes(resource, names);
  runtime.check.add('checkRecord');
  runtime.check.add('RecordSpec');
  runtime.validation.add('ValidationResult');
  const spec = renderSpec(plan, 'SPEC', { unknownKeys }, runtime, layout);
  const doc = jsdoc([`The checks of a \`${resource.name}\` body, one row per field (columns: see runtime/check.ts).`]);
  const call = (type: string, patch: string, create: string): [string, string[]] => [`checkRecord<${type}>`, ['SPEC', 'value', patch, create]];
  return `${imports(runtime, typeNames, names.file, layout)}\n${doc}${spec}${entryPoints(resource, names, layout, call)}`;
}

function renderZod(
  resource: StoreResourcePlan,
  plan: ResourcePlan,
  names: ResourceNames,
  unknownKeys: 'passthrough' | 'strict' | 'strip',
  layout: Layout,
): string {
  const runtime = newImports();
  const { typeNames, result } = resultTypes(resource, names);
  const check = `check${names.type}`;
  const shapes = { input: resource.hasInput, patch: resource.hasPatch };
  const code = renderZodSchemas(plan, names, check, result, unknownKeys, runtime, shapes, layout);
  const head = `${moduleStatement('import', ['z'], 'zod', layout)}${importLine(runtime.glue, './_zod.js', layout)}`;
  const call = (_type: string, patch: string, create: string): [string, string[]] => [check, ['value', patch, create]];
  return `${imports(runtime, typeNames, names.file, layout, head)}\n${code}${entryPoints(resource, names, layout, call)}`;
}

export const emitValidators: Emitter = (_model, options, ctx) => {
  const files: FileMap = new Map();
  const diagnostics: Diagnostic[] = [];
  if (options.validators === 'none') return { files, diagnostics };
  const stems: string[] = [];
  for (const resource of ctx.plan.resources.filter(hasValidators)) {
    const names = resource.names;
    const plan = checkPlan(ctx.plan, resource);
    const body =
      options.validators === 'zod'
        ? renderZod(resource, plan, names, options.unknownKeys, ctx.layout)
        : renderStandalone(resource, plan, names, options.unknownKeys, ctx.layout);
    files.set(`validators/${names.file}.ts`, `${fileHeader(ctx)}${body}`);
    stems.push(names.file);
  }
  if (options.validators === 'zod' && stems.length > 0) files.set(ZOD_GLUE_FILE, `${fileHeader(ctx)}${zodGlue()}`);
  stems.sort(compareCodeUnits);
  const barrel =
    stems.map((stem) => `export * from ${jsString(`./${stem}.js`)};\n`).join('') +
    moduleStatement('export', ['assertValid', 'PRESTASHOP_ERROR_CODES', 'ValidationError'], '../runtime/validation.js', ctx.layout) +
    moduleStatement('export type', ['IssueCode', 'ValidationIssue', 'ValidationResult'], '../runtime/validation.js', ctx.layout);
  files.set('validators/index.ts', `${fileHeader(ctx)}${barrel}`);
  return { files, diagnostics };
};
