/**
 * The types emitter: `common.ts`, `types/<file>.ts` for every resource with fields, and the
 * `types/index.ts` barrel. Pure: model and options in, file map and warnings out.
 */
import { compareCodeUnits } from '../../model/index.js';
import { fileHeader } from '../code.js';
import type { Diagnostic, Emitter, FileMap } from '../context.js';
import { jsString } from '../../naming/index.js';
import { hasTypes, renderResourceTypes } from './resource.js';
import { renderShared } from './shared.js';

export { hasTypes } from './resource.js';

export const emitTypes: Emitter = (model, _options, ctx) => {
  const files: FileMap = new Map();
  const diagnostics: Diagnostic[] = [];
  files.set('common.ts', renderShared(model, ctx));
  const stems: string[] = [];
  for (const plan of ctx.plan.resources.filter(hasTypes)) {
    files.set(`types/${plan.names.file}.ts`, renderResourceTypes(plan, ctx));
    stems.push(plan.names.file);
  }
  stems.sort(compareCodeUnits);
  const barrel = stems.map((stem) => `export type * from ${jsString(`./${stem}.js`)};\n`).join('');
  files.set('types/index.ts', `${fileHeader(ctx)}${barrel.length === 0 ? 'export {};\n' : barrel}`);
  return { files, diagnostics };
};
