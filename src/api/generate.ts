/**
 * `generate(snapshot, options)`: the model → TypeScript files. Without `out` it returns the file
 * map (formatted unless `format: false`); with `out` it writes (or, with `check`, compares) the
 * directory through src/write. The `generate` command and the demo call this.
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { resolveEmitOptions, type Diagnostic, type EmitOptions } from '../emit/context.js';
import type { Layout } from '../emit/layout.js';
import { InputError } from '../errors.js';
import { compareCodeUnits, parseSnapshot, serializeSnapshot, type StoreSchema } from '../model/index.js';
import { readPreformattedTemplates, readRuntimeTemplates } from '../templates.js';
import { skipLaidOut, type Formatter } from '../write/format.js';
import { writeFileMap, type WriteResult } from '../write/index.js';
import { formatSources, runKey } from '../write/run-key.js';
import { findUpToDate } from '../write/up-to-date.js';
import { readSnapshotText, writeFailure } from './snapshot.js';

export interface GenerateOptions extends Partial<EmitOptions> {
  /** Output directory: write the files there (absolute, or relative to the working directory). */
  out?: string;
  /** With `out`: compare instead of writing (`result.write.drift` says what differs). */
  check?: boolean;
  /** With `out`: overwrite files the tool did not write (refused by default). */
  force?: boolean;
  /** Format with prettier (the project's own when it resolves from `out`, else the bundled one) and the prettier config that applies to `out` (default true). */
  format?: boolean;
  /** Called for each emitter warning (unknown formats, renamed identifiers, ...). */
  onWarning?: (message: string) => void;
  /** With `out`: called as files are formatted, then written (files done, files in the phase). */
  onProgress?: (phase: 'format' | 'write', done: number, total: number) => void;
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
  /**
   * With `out`: true when the manifest showed the directory up to date (same snapshot, options,
   * version, templates and formatter settings, every file as written), so nothing was emitted;
   * `files` then holds the texts on disk.
   */
  readonly upToDate: boolean;
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
  const [{ createPrettierFormatter }, { layoutOf }] = await Promise.all([
    import('../write/format.js'),
    import('../emit/layout-config.js'),
  ]);
  const formatter = await createPrettierFormatter(configFrom);
  return { formatter, layout: layoutOf(formatter.config ?? null) };
}

/** Formats a file map the way `writeFileMap` would, for callers that want the texts only. */
async function formatFiles(files: ReadonlyMap<string, string>, formatter: Formatter): Promise<Map<string, string>> {
  const [{ knownOutput }, preformatted] = await Promise.all([
    import('../write/preformatted.js'),
    readPreformattedTemplates(),
  ]);
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

/** What the emitters reported, as the manifest records it for an up-to-date run to repeat. */
interface EmitReport {
  readonly diagnostics: readonly Diagnostic[];
  readonly plainStrings: readonly string[];
  readonly untypedCore: readonly string[];
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const isStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string' && !CONTROL.test(s));

/** The report recorded in a manifest, or null when it is not one (then the run goes the full way). */
function readReport(raw: unknown): EmitReport | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const diagnostics = r.diagnostics;
  if (!Array.isArray(diagnostics) || !isStrings(r.plainStrings) || !isStrings(r.untypedCore)) return null;
  // Replayed on the console: a message with control characters (an edited manifest) is not trusted.
  const ok = diagnostics.every((d: Record<string, unknown> | null) => {
    if (typeof d !== 'object' || d === null) return false;
    return (
      (d.level === 'warning' || d.level === 'info') &&
      typeof d.code === 'string' &&
      typeof d.message === 'string' &&
      !CONTROL.test(d.message)
    );
  });
  return ok
    ? { diagnostics: diagnostics as Diagnostic[], plainStrings: r.plainStrings, untypedCore: r.untypedCore }
    : null;
}

/** The result of a run the manifest showed up to date: every file unchanged, nothing written. */
function upToDateResult(files: ReadonlyMap<string, string>, report: EmitReport): GenerateResult {
  const unchanged = [...files.keys()].sort(compareCodeUnits);
  const drift = { added: [], changed: [], stale: [], diff: '' };
  const timings = { formatMs: 0, writeMs: 0, formatThreads: 0 };
  const write: WriteResult = { written: [], unchanged, removed: [], kept: [], formatted: 0, drift, timings };
  return { files, ...report, write, emitMs: 0, upToDate: true };
}

/**
 * Generates the TypeScript of a store schema (or of the snapshot file at `snapshot`).
 * Throws `InputError` (bad snapshot, bad output path), `EmitError` or `WriteError`.
 */
export async function generate(snapshot: StoreSchema | string, options: GenerateOptions = {}): Promise<GenerateResult> {
  const { out, check = false, force = false, format = true, onWarning, onProgress, ...emitOptions } = options;
  const outDir = out === undefined ? null : resolve(out);
  if (outDir !== null) await assertOutputDir(outDir);
  const snapshotText = typeof snapshot === 'string' ? await readSnapshotText(snapshot) : null;
  const resolved = resolveEmitOptions(emitOptions);
  const t0 = performance.now();
  const templates = await readRuntimeTemplates();
  const templatesMs = performance.now() - t0;
  // With an output directory, the run key: the files may be up to date already (see up-to-date.ts).
  const keyed =
    outDir === null
      ? null
      : { snapshot: snapshotText ?? serializeSnapshot(snapshot as StoreSchema), options: resolved, templates };
  const configFrom = join(outDir ?? process.cwd(), 'index.ts');
  if (keyed !== null) {
    const found = await findUpToDate(outDir!, { ...keyed, format, configFrom });
    const report = found === null ? null : readReport(found.report);
    if (report !== null) {
      for (const d of report.diagnostics) if (d.level === 'warning') onWarning?.(d.message);
      return upToDateResult(found!.files, report);
    }
  }
  const schema = typeof snapshot === 'string' ? parseSnapshot(snapshotText!, snapshot) : snapshot;
  // The prettier settings of the output directory decide the layout the emitters print for; with
  // settings the layout step supports, prettier formats only what it does not lay out.
  const [prettier, { emitAll, isLaidOut }, { DEFAULT_LAYOUT }] = await Promise.all([
    format ? createFormatter(configFrom) : null,
    import('../emit/index.js'),
    import('../emit/layout.js'),
  ]);
  const passedOver = prettier?.formatter.prettier?.note ?? null;
  if (passedOver !== null) onWarning?.(passedOver);
  const t1 = performance.now();
  const { files, diagnostics, plainStrings, untypedCore } = emitAll(schema, resolved, {
    templates,
    layout: prettier?.layout ?? DEFAULT_LAYOUT,
  });
  const emitMs = templatesMs + performance.now() - t1;
  for (const d of diagnostics) if (d.level === 'warning') onWarning?.(d.message);
  const formatter =
    prettier === null
      ? undefined
      : prettier.layout === null
        ? prettier.formatter
        : skipLaidOut(prettier.formatter, isLaidOut);
  if (outDir === null || keyed === null) {
    const texts = formatter !== undefined ? await formatFiles(files, formatter) : files;
    return { files: texts, diagnostics, plainStrings, untypedCore, write: null, emitMs, upToDate: false };
  }
  const report: EmitReport = { diagnostics, plainStrings, untypedCore };
  const run = {
    key: runKey({ ...keyed, formatterKey: formatter?.key ?? 'none' }),
    formatSources: format ? await formatSources(configFrom) : null,
    report,
  };
  let write: WriteResult;
  try {
    write = await writeFileMap(outDir, files, {
      format,
      ...(formatter === undefined ? {} : { formatter }),
      preformatted: format ? await readPreformattedTemplates() : null,
      check,
      force,
      prettierConfigFrom: configFrom,
      run,
      ...(onProgress === undefined ? {} : { onProgress }),
    });
  } catch (error) {
    throw writeFailure(error, outDir);
  }
  return { files, diagnostics, plainStrings, untypedCore, write, emitMs, upToDate: false };
}
