/**
 * The programmatic API: the same functions the commands run. docs/api.md lists every export of
 * the package root; test/docs/api-exports.test.ts fails when the two differ.
 *
 * ```ts
 * import { introspect, generate, diff, loadSnapshot } from 'prestashop-codegen';
 * const { schema } = await introspect({ url: 'https://shop.example', key: process.env.PRESTASHOP_API_KEY!, out: 'prestashop-schema.json' });
 * await generate(schema, { out: 'src/prestashop' });
 * const changes = diff(await loadSnapshot('old.json'), schema);
 * ```
 */
export { introspect, type IntrospectApiOptions, type IntrospectApiResult } from './introspect.js';
export { generate, type GenerateOptions, type GenerateResult } from './generate.js';
export { exportSnapshot, type ExportApiOptions, type ExportApiResult, type ExportFormat } from './export.js';
export {
  doctor,
  type DoctorOptions,
  type DoctorResult,
  type Diagnosis,
  type DoctorFinding,
  type DoctorFindingLevel,
} from './doctor.js';
export {
  impact,
  type ImpactApiOptions,
  type ImpactApiResult,
  type ImpactFinding,
  type ImpactReport,
} from './impact.js';
export { loadSnapshot } from './snapshot.js';
