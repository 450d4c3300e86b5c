/**
 * `--json` reports of `introspect`, `generate`, `doctor` and `export` (`diff` and `impact` print theirs with src/diff and src/impact): one JSON document on stdout, described
 * by `schemas/<command>-output.schema.json`. `formatVersion` changes only on incompatible changes.
 */
import type { Diagnosis } from '../doctor/index.js';
import type { IntrospectSummary } from '../introspect/index.js';
import type { WriteResult } from '../write/index.js';

const JSON_REPORT_VERSION = 1;

const SUMMARY_KEYS = [
  'resources',
  'fields',
  'requests',
  'retries',
  'ms',
  'listingFallback',
  'sources',
  'catalog',
  'catalogFields',
  'customisedFields',
] as const satisfies readonly (keyof IntrospectSummary)[];

export interface IntrospectJson {
  readonly formatVersion: number;
  readonly command: 'introspect';
  readonly psVersion: string | null;
  readonly snapshot: { readonly path: string; readonly changed: boolean };
  readonly summary: Pick<IntrospectSummary, (typeof SUMMARY_KEYS)[number]>;
  readonly warnings: readonly string[];
}

export function introspectJson(
  psVersion: string | null,
  snapshot: { readonly path: string; readonly changed: boolean },
  summary: IntrospectSummary,
): IntrospectJson {
  // Listed, not spread: the report is a contract (its schema), the summary type may grow.
  const picked = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, summary[k]])) as IntrospectJson['summary'];
  return {
    formatVersion: JSON_REPORT_VERSION,
    command: 'introspect',
    psVersion,
    snapshot,
    summary: picked,
    warnings: summary.warnings,
  };
}

export interface GenerateJson {
  readonly formatVersion: number;
  readonly command: 'generate';
  /** The output directory, relative to the working directory. */
  readonly out: string;
  readonly check: boolean;
  /** False only for `--check` with drift. */
  readonly upToDate: boolean;
  readonly files: number;
  readonly written: readonly string[];
  readonly unchanged: number;
  readonly removed: readonly string[];
  readonly kept: readonly string[];
  readonly drift: {
    readonly added: readonly string[];
    readonly changed: readonly string[];
    readonly stale: readonly string[];
  } | null;
  readonly warnings: readonly string[];
  readonly timings: {
    readonly loadMs: number;
    readonly emitMs: number;
    readonly formatMs: number;
    readonly writeMs: number;
  };
}

export function generateJson(input: {
  out: string;
  check: boolean;
  files: number;
  write: WriteResult;
  warnings: readonly string[];
  loadMs: number;
  emitMs: number;
}): GenerateJson {
  const { write } = input;
  const { added, changed, stale } = write.drift;
  const drifting = added.length + changed.length + stale.length > 0;
  return {
    formatVersion: JSON_REPORT_VERSION,
    command: 'generate',
    out: input.out,
    check: input.check,
    upToDate: !input.check || !drifting,
    files: input.files,
    written: write.written,
    unchanged: write.unchanged.length,
    removed: write.removed,
    kept: write.kept,
    drift: input.check ? { added, changed, stale } : null,
    warnings: input.warnings,
    timings: {
      loadMs: Math.round(input.loadMs),
      emitMs: Math.round(input.emitMs),
      formatMs: Math.round(write.timings.formatMs),
      writeMs: Math.round(write.timings.writeMs),
    },
  };
}

export interface DoctorJson extends Diagnosis {
  readonly formatVersion: number;
  readonly command: 'doctor';
  readonly healthy: boolean;
  readonly warnings: readonly string[];
}

export function doctorJson(diagnosis: Diagnosis, warnings: readonly string[]): DoctorJson {
  return {
    formatVersion: JSON_REPORT_VERSION,
    command: 'doctor',
    healthy: diagnosis.problems === 0,
    ...diagnosis,
    warnings,
  };
}

/** A report as printed: two-space indented, one document. */
export const renderJsonReport = (report: object): string => JSON.stringify(report, null, 2);

export interface ExportJson {
  readonly formatVersion: number;
  readonly command: 'export';
  /** `openapi` or `jsonschema`. */
  readonly format: string;
  /** The file written, as given. */
  readonly out: string;
  readonly resources: number;
  readonly bytes: number;
}

export function exportJson(run: Omit<ExportJson, 'formatVersion' | 'command'>): ExportJson {
  return { formatVersion: JSON_REPORT_VERSION, command: 'export', ...run };
}
