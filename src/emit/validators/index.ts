/**
 * The validators emitter: for every resource that accepts writes, `validators/<file>.ts` with
 * `validate<Type>Input(value: unknown)` (POST/PUT) and, where PATCH is allowed,
 * `validate<Type>Patch(value: unknown)`, plus the `validators/index.ts` barrel. The flavour the
 * `validators` option names (flavours.ts) prints each file from the plan's checks; `none` emits
 * nothing. A flavour's glue (its `templates/` folder) is added by `emitAll`. Pure.
 */
import { compareCodeUnits } from '../../model/index.js';
import type { ResourcePlan } from '../../plan/index.js';
import { fileHeader, moduleStatement } from '../code.js';
import type { Diagnostic, Emitter, FileMap } from '../context.js';
import { jsString } from '../../naming/index.js';
import { hasTypes } from '../types/index.js';
import { flavourOf } from './flavours.js';

/** Resources that get validators: they have a write type (fields, and POST, PUT or PATCH that PrestaShop allows). */
export function hasValidators(resource: ResourcePlan): boolean {
  return hasTypes(resource) && (resource.hasInput || resource.hasPatch);
}

export const emitValidators: Emitter = (_model, options, ctx) => {
  const files: FileMap = new Map();
  const diagnostics: Diagnostic[] = [];
  const flavour = flavourOf(options.validators);
  if (flavour === null) return { files, diagnostics };
  const stems: string[] = [];
  for (const resource of ctx.plan.resources.filter(hasValidators)) {
    const body = flavour.render({ resource, unknownKeys: options.unknownKeys, layout: ctx.layout });
    files.set(`validators/${resource.names.file}.ts`, `${fileHeader(ctx)}${body}`);
    stems.push(resource.names.file);
  }
  stems.sort(compareCodeUnits);
  const barrel =
    stems.map((stem) => `export * from ${jsString(`./${stem}.js`)};\n`).join('') +
    moduleStatement(
      'export',
      ['assertValid', 'PRESTASHOP_ERROR_CODES', 'ValidationError'],
      '../runtime/validation.js',
      ctx.layout,
    ) +
    moduleStatement(
      'export type',
      ['IssueCode', 'ValidationIssue', 'ValidationResult'],
      '../runtime/validation.js',
      ctx.layout,
    );
  files.set('validators/index.ts', `${fileHeader(ctx)}${barrel}`);
  return { files, diagnostics };
};
