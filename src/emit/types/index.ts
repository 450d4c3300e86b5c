/**
 * The types emitter: `common.ts`, `types/<file>.ts` for every resource with fields, and the
 * `types/index.ts` barrel. Pure: model and options in, file map and warnings out.
 */
import { compareCodeUnits } from '../../model/index.js';
import { fileHeader } from '../code.js';
import type { Diagnostic, Emitter, FileMap } from '../context.js';
import { jsString } from '../naming.js';
import { hasTypes, renderResourceTypes } from './resource.js';
import { renderShared } from './shared.js';

export { acceptsInput, acceptsPatch, hasTypes } from './resource.js';
export { fieldDocLines, fieldType } from './fields.js';

export const emitTypes: Emitter = (model, options, ctx) => {
  const files: FileMap = new Map();
  const diagnostics: Diagnostic[] = [];
  files.set('common.ts', renderShared(model, ctx));
  const resources = [...model.resources].sort((a, b) => compareCodeUnits(a.name, b.name)).filter(hasTypes);
  const stems: string[] = [];
  for (const resource of resources) {
    const names = ctx.names.of(resource.name);
    const { text, diagnostics: found } = renderResourceTypes(resource, names, options, ctx);
    files.set(`types/${names.file}.ts`, text);
    diagnostics.push(...found);
    stems.push(names.file);
  }
  stems.sort(compareCodeUnits);
  const barrel = stems.map((stem) => `export type * from ${jsString(`./${stem}.js`)};\n`).join('');
  files.set('types/index.ts', `${fileHeader(ctx)}${barrel.length === 0 ? 'export {};\n' : barrel}`);
  return { files, diagnostics };
};
