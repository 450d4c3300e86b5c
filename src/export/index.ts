/**
 * The export: a snapshot as an OpenAPI 3.1 document or a JSON Schema 2020-12 bundle, for other
 * tools. Pure (no I/O); the CLI reads the snapshot and writes the text.
 */
import type { StoreSchema } from '../model/index.js';
import { stableJson } from './json.js';
import { buildJsonSchema } from './jsonschema.js';
import { buildOpenApi } from './openapi.js';
import { DEFAULT_EXPORT_OPTIONS, type ExportOptions } from './schemas.js';

export type ExportFormat = 'openapi' | 'jsonschema';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['openapi', 'jsonschema'];

export { buildOpenApi } from './openapi.js';
export { buildJsonSchema } from './jsonschema.js';
export { stableJson } from './json.js';
export { type ExportOptions } from './schemas.js';
export { validatorRule, stringPattern, ruledValidators } from './rules.js';

/** The export's file text: deterministic JSON, two-space indentation, final newline. */
export function renderExport(model: StoreSchema, format: ExportFormat, options: Partial<ExportOptions> = {}): string {
  const resolved: ExportOptions = { decimals: options.decimals ?? DEFAULT_EXPORT_OPTIONS.decimals };
  return stableJson(format === 'openapi' ? buildOpenApi(model, resolved) : buildJsonSchema(model, resolved));
}
