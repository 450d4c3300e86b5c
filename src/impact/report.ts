/**
 * The impact report: each line of the user's code that a breaking or dangerous change affects, with
 * the change that affects it. Pure; `schemas/impact-output.schema.json` describes its JSON form.
 */
import { reaches, type CheckId, type Change, type DiffSide, type FailOn } from '../diff/index.js';
import { compareCodeUnits } from '../model/index.js';

const IMPACT_JSON_FORMAT_VERSION = 1 as const;

export interface FindingDiagnostic {
  /** TypeScript error code (`2339`). */
  readonly code: number;
  readonly message: string;
}

export interface Finding {
  /** Path relative to the working directory, `/`-separated. */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  /** The change's severity; `breaking` for a compile error no change could be matched with. */
  readonly severity: 'breaking' | 'dangerous';
  /** The change's check id, or null for a compile error no change could be matched with. */
  readonly changeId: CheckId | null;
  /** The change's path (`products.meta_keywords`), or null. */
  readonly changePath: string | null;
  /** The generated declaration used here (`Product.meta_keywords`), or null for a compile error alone. */
  readonly symbol: string | null;
  /** `reference`: found by symbol in the current code; `compile-error`: only the new generation's errors show it. */
  readonly via: 'reference' | 'compile-error';
  /** The source line, trimmed. */
  readonly text: string;
  /** The compile error the new generated code causes here, if any. */
  diagnostic: FindingDiagnostic | null;
}

export interface ImpactSummary {
  readonly findings: number;
  readonly files: number;
  readonly lines: number;
  readonly breaking: number;
  readonly dangerous: number;
  /** Findings with a compile error under the new generation. */
  readonly compileErrors: number;
  /** Changes considered (breaking and dangerous) and how many of them the code uses. */
  readonly changes: number;
  readonly changesUsed: number;
}

export interface ImpactReport {
  readonly old: DiffSide;
  readonly new: DiffSide;
  /** The tsconfig and the generated folder, as the user named them. */
  readonly project: string;
  readonly generated: string;
  readonly failOn: FailOn | null;
  readonly failed: boolean;
  readonly summary: ImpactSummary;
  readonly changes: readonly Change[];
  readonly findings: readonly Finding[];
}

function compareFindings(a: Finding, b: Finding): number {
  return (
    compareCodeUnits(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    compareCodeUnits(a.changePath ?? '', b.changePath ?? '') ||
    compareCodeUnits(a.changeId ?? '', b.changeId ?? '')
  );
}

export function buildImpactReport(input: {
  readonly old: DiffSide;
  readonly new: DiffSide;
  readonly project: string;
  readonly generated: string;
  readonly changes: readonly Change[];
  readonly findings: readonly Finding[];
  readonly failOn: FailOn | null;
}): ImpactReport {
  const findings = [...input.findings].sort(compareFindings);
  const used = new Set(findings.map((f) => `${f.changeId}\u0000${f.changePath}`));
  return {
    old: input.old,
    new: input.new,
    project: input.project,
    generated: input.generated,
    failOn: input.failOn,
    failed: input.failOn !== null && findings.some((f) => reaches(f.severity, input.failOn!)),
    summary: {
      findings: findings.length,
      files: new Set(findings.map((f) => f.file)).size,
      lines: new Set(findings.map((f) => `${f.file}:${f.line}`)).size,
      breaking: findings.filter((f) => f.severity === 'breaking').length,
      dangerous: findings.filter((f) => f.severity === 'dangerous').length,
      compileErrors: findings.filter((f) => f.diagnostic !== null).length,
      changes: input.changes.length,
      changesUsed: input.changes.filter((c) => used.has(`${c.id}\u0000${c.path}`)).length,
    },
    changes: input.changes,
    findings,
  };
}

/** The JSON output: the report with a format version, keys in a fixed order. */
export function impactJson(report: ImpactReport): unknown {
  return {
    formatVersion: IMPACT_JSON_FORMAT_VERSION,
    old: { label: report.old.label, psVersion: report.old.psVersion },
    new: { label: report.new.label, psVersion: report.new.psVersion },
    project: report.project,
    generated: report.generated,
    failOn: report.failOn,
    failed: report.failed,
    summary: { ...report.summary },
    changes: report.changes.map((c) => ({
      id: c.id,
      path: c.path,
      severity: c.severity,
      direction: c.direction,
      message: c.message,
      origin: c.origin,
    })),
    findings: report.findings.map((f) => ({
      file: f.file,
      line: f.line,
      column: f.column,
      severity: f.severity,
      changeId: f.changeId,
      changePath: f.changePath,
      symbol: f.symbol,
      via: f.via,
      text: f.text,
      diagnostic: f.diagnostic === null ? null : { code: f.diagnostic.code, message: f.diagnostic.message },
    })),
  };
}
