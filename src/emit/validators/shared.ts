/**
 * What every validator flavour prints alike: the imports of a validators file and the exported
 * entry points `validate<Type>Input` / `validate<Type>Patch` on top of the flavour's own check.
 */
import { compareCodeUnits } from '../../model/index.js';
import type { ResourcePlan } from '../../plan/index.js';
import { importTypes, moduleStatement, statement } from '../code.js';
import { callAssignment, callArguments, functionHead, type Layout } from '../layout.js';
import { jsdoc, jsString, type ResourceNames } from '../../naming/index.js';

/** Identifiers one generated file imports, filled while rendering. */
export interface RuntimeImports {
  readonly rules: Set<string>;
  readonly validation: Set<string>;
  /** From the flavour's own glue (`./_zod.js`). */
  readonly glue: Set<string>;
  /** From `../common.js` (`LANGUAGE_IDS`). */
  readonly common: Set<string>;
  /** From `../runtime/check.js` (standalone output only). */
  readonly check: Set<string>;
}

export function newImports(): RuntimeImports {
  return { rules: new Set(), validation: new Set(), glue: new Set(), common: new Set(), check: new Set() };
}

export function importLine(
  names: Iterable<string>,
  from: string,
  layout: Layout,
  typeOnly: ReadonlySet<string> = new Set(),
): string {
  const sorted = [...new Set(names)].sort(compareCodeUnits);
  return moduleStatement(
    'import',
    sorted.map((n) => (typeOnly.has(n) ? `type ${n}` : n)),
    from,
    layout,
  );
}

const VALIDATION_TYPES: ReadonlySet<string> = new Set(['ValidationIssue', 'ValidationResult']);
const CHECK_TYPES: ReadonlySet<string> = new Set(['RecordSpec']);

/** The runtime and type imports of one validators file (`head`: the flavour's own, first). */
export function imports(runtime: RuntimeImports, resource: ResourcePlan, layout: Layout, head = ''): string {
  return (
    head +
    importLine(runtime.common, '../common.js', layout) +
    importLine(runtime.check, '../runtime/check.js', layout, CHECK_TYPES) +
    importLine(runtime.rules, '../runtime/rules.js', layout) +
    importLine(runtime.validation, '../runtime/validation.js', layout, VALIDATION_TYPES) +
    // Every entry point is a Standard Schema too (`~standard`).
    moduleStatement('import', ['standardSchema'], '../runtime/standard-schema.js', layout) +
    importTypes(resultTypes(resource).typeNames, `../types/${resource.names.file}.js`, layout)
  );
}

/** The types a valid value has, and the one the shared check returns. */
export function resultTypes(resource: ResourcePlan): { typeNames: string[]; result: string } {
  const names = resource.names;
  const typeNames: string[] = [];
  if (resource.hasInput) typeNames.push(names.input);
  if (resource.hasPatch) typeNames.push(names.patch);
  return { typeNames, result: resource.hasInput ? names.input : names.patch };
}

/** The exported entry points, shared by every flavour: `call(type, patch, create)` is the check of a body. */
export function entryPoints(
  resource: ResourcePlan,
  layout: Layout,
  call: (type: string, patch: string, create: string) => [string, string[]],
): string {
  const names: ResourceNames = resource.names;
  // `function _<name>` does the check; the export is that function carrying `~standard`, built by
  // a call marked pure, so that a bundler still drops the validators a program does not use.
  const fn = (
    doc: string,
    name: string,
    params: string[],
    result: string,
    [callee, args]: [string, string[]],
  ): string =>
    statement(functionHead(`function _${name}`, params, `: ValidationResult<${result}> {`, layout), 0, layout) +
    statement(['return ', callee, callArguments(args, layout), ';'], 1, layout) +
    '}\n' +
    doc +
    statement(
      callAssignment(`export const ${name} =`, '/* @__PURE__ */ standardSchema', `_${name}`, layout),
      0,
      layout,
    );
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
