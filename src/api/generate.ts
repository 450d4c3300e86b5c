/**
 * `generate(snapshot, options)`: the model → TypeScript files. Without `out` it returns the file
 * map (formatted unless `format: false`); with `out` it writes (or, with `check`, compares) the
 * directory through src/write. The `generate` command and the demo call this.
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { resolveEmitOptions, type Diagnostic, type EmitOptions } from '../emit/context.js';
import { emitAll, isLaidOut } from '../emit/index.js';
import { DEFAULT_LAYOUT, type Layout } from '../emit/layout.js';
import { InputError } from '../errors.js';
import type { StoreSchema } from '../model/index.js';
import { readPreformattedTemplates, readRuntimeTemplates } from '../templates.js';
import { skipLaidOut, type Formatter } from '../write/format.js';
import { writeFileMap, type WriteResult } from '../write/index.js';
import { loadSnapshot, writeFailure } from './snapshot.js';

export interface GenerateOptions extends Partial<EmitOptions> {
  /** Output directory: write the files there (absolute, or relative to the working directory). */
  out?: string;
  /** With `out`: compare instead of writing (`result.write.drift` says what differs). */
  check?: boolean;
  /** With `out`: overwrite files the tool did not write (refused by default). */
  force?: boolean;
  /** Format with prettier and the prettier config that applies to `out` (default true). */
  format?: boolean;
  /** Called for each emitter warning (unknown formats, renamed identifiers, ...). */
  onWarning?: (message: string) => void;
}

export interface GenerateResult {
  /** Every generated file by its path relative to the output directory: formatted (unless `format: false`) when there is no `out`; as emitted otherwise (the formatted texts are on disk). */
  readonly files: ReadonlyMap<string, string>;
  /** Warnings and notes of the emitters. */
  readonly diagnostics: readonly Diagnostic[];
  /** Fields typed as plain strings: neither the store nor the catalog says what they hold (`resource.field`). */
  readonly plainStrings: readonly string[];
  /** Those of `plainStrings` that are core fields PrestaShop declares without a type (`products.new`); the rest are module fields. */
  readonly untypedCore: readonly string[];
  /** With `out`: what was written, unchanged, removed, or (with `check`) drifting. */
  readonly write: WriteResult | null;
  /** Milliseconds spent reading the runtime templates and emitting. */
  readonly emitMs: number;
}

/** Refuses an output directory that is a file, before anything is emitted. */
async function assertOutputDir(outDir: string): Promise<void> {
  const info = await stat(outDir).catch(() => null);
  if (info !== null && !info.isDirectory()) {
    throw new InputError('is a file; --out names the directory to generate into', outDir);
  }
}

/** prettier with the settings that apply to `configFrom`, and the layout they map onto (null: none). */
async function createFormatter(configFrom: string): Promise<{ formatter: Formatter; layout: Layout | null }> {
  const [{ createPrettierFormatter }, { layoutOf }] = await Promise.all([import('../write/format.js'), import('../emit/layout-config.js')]);
  const formatter = await createPrettierFormatter(configFrom);
  return { formatter, layout: layoutOf(formatter.config ?? null) };
}

/** Formats a file map the way `writeFileMap` would, for callers that want the texts only. */
async function formatFiles(files: ReadonlyMap<string, string>, formatter: Formatter): Promise<Map<string, string>> {
  const [{ knownOutput }, preformatted] = await Promise.all([import('../write/preformatted.js'), readPreformattedTemplates()]);
  const out = new Map<string, string>();
  const pending: { path: string; text: string }[] = [];
  for (const [path, text] of files) {
    const known = knownOutput(preformatted, formatter.key, path, text);
    out.set(path, known ?? text);
    if (known === null) pending.push({ path, text });
  }
  const formatted = await formatter.formatAll(pending);
  pending.forEach((item, i) => out.set(item.path, formatted[i]!));
  return out;
}

/**
 * Generates the TypeScript of a store schema (or of the snapshot file at `snapshot`).
 * Throws `InputError` (bad snapshot, bad output path), `EmitError` or `WriteError`.
 */
export async function generate(snapshot: StoreSchema | string, options: GenerateOptions = {}): Promise<GenerateResult> {
  const { out, check = false, force = false, format = true, onWarning, ...emitOptions } = options;
  const outDir = out === undefined ? null : resolve(out);
  if (outDir !== null) await assertOutputDir(outDir);
  const schema = typeof snapshot === 'string' ? await loadSnapshot(snapshot) : snapshot;
  // The prettier settings of the output directory decide the layout the emitters print for; with
  // settings the layout step supports, prettier formats only what it does not lay out.
  const prettier = format ? await createFormatter(join(outDir ?? process.cwd(), 'index.ts')) : null;
  const t0 = performance.now();
  const templates = await readRuntimeTemplates();
  const resolved = resolveEmitOptions(emitOptions);
  const { files, diagnostics, plainStrings, untypedCore } = emitAll(schema, resolved, { templates, layout: prettier?.layout ?? DEFAULT_LAYOUT });
  const emitMs = performance.now() - t0;
  for (const d of diagnostics) if (d.level === 'warning') onWarning?.(d.message);
  const formatter =
    prettier === null ? undefined : prettier.layout === null ? prettier.formatter : skipLaidOut(prettier.formatter, isLaidOut);
  if (outDir === null) {
    const texts = formatter !== undefined ? await formatFiles(files, formatter) : files;
    return { files: texts, diagnostics, plainStrings, untypedCore, write: null, emitMs };
  }
  let write: WriteResult;
  try {
    write = await writeFileMap(outDir, files, {
      format,
      ...(formatter === undefined ? {} : { formatter }),
      preformatted: format ? await readPreformattedTemplates() : null,
      check,
      force,
      prettierConfigFrom: join(outDir, 'index.ts'),
    });
  } catch (error) {
    throw writeFailure(error, outDir);
  }
  return { files, diagnostics, plainStrings, untypedCore, write, emitMs };
}
