/**
 * `exportSnapshot(snapshot, options)`: a snapshot as an OpenAPI 3.1 document or a JSON Schema
 * 2020-12 bundle. Returns the text; with `out`, also writes it atomically. The `export` command
 * calls this.
 */
import { resolve } from 'node:path';
import { renderExport, type ExportFormat } from '../export/index.js';
import type { StoreSchema } from '../model/index.js';
import { writeFileAtomic } from '../write/atomic.js';
import { loadSnapshot, writeFailure } from './snapshot.js';

export type { ExportFormat } from '../export/index.js';

export interface ExportApiOptions {
  /** `openapi` (default) or `jsonschema`. */
  readonly format?: ExportFormat;
  /** Type of decimal fields, as in the generated types (default `number`). */
  readonly decimals?: 'number' | 'string';
  /** File to write, replaced atomically (absolute, or relative to the working directory). */
  readonly out?: string;
}

export interface ExportApiResult {
  /** The document: deterministic JSON, two-space indentation, final newline. */
  readonly text: string;
  readonly format: ExportFormat;
  /** Resources the document describes. */
  readonly resources: number;
  /** With `out`: the absolute path written; null otherwise. */
  readonly path: string | null;
}

/**
 * Exports a store schema (or the snapshot file at `snapshot`). Throws `InputError` (bad snapshot)
 * or `WriteError` (cannot write `out`).
 */
export async function exportSnapshot(
  snapshot: StoreSchema | string,
  options: ExportApiOptions = {},
): Promise<ExportApiResult> {
  const format = options.format ?? 'openapi';
  const schema = typeof snapshot === 'string' ? await loadSnapshot(snapshot) : snapshot;
  const text = renderExport(schema, format, { decimals: options.decimals ?? 'number' });
  const path = options.out === undefined ? null : resolve(options.out);
  if (path !== null) {
    try {
      await writeFileAtomic(path, text);
    } catch (error) {
      throw writeFailure(error, path);
    }
  }
  return { text, format, resources: schema.resources.length, path };
}
