/**
 * A diff report: the changes after ignores, with the two sides named, counted and judged against
 * `--fail-on`. Every renderer takes a report; the JSON output is the report itself.
 */
import type { IgnoreOutcome } from './ignore.js';
import { SEVERITIES, type Change, type Severity } from './types.js';

export type FailOn = 'breaking' | 'dangerous' | 'any';
export const FAIL_ON_LEVELS: readonly FailOn[] = ['breaking', 'dangerous', 'any'];

export interface DiffSide {
  /** What the user named: a file path, `ref:path`, a redacted URL, `core@8.2.0`. */
  readonly label: string;
  /** The store's `PSWS-Version`, or null when the snapshot does not say. */
  readonly psVersion: string | null;
}

export interface DiffSummary {
  readonly breaking: number;
  readonly dangerous: number;
  readonly safe: number;
  /** Changes hidden by ignore entries (not counted above). */
  readonly ignored: number;
  /** Changes (not ignored) whose item comes from a module. */
  readonly module: number;
}

export interface DiffReport {
  readonly old: DiffSide;
  readonly new: DiffSide;
  readonly failOn: FailOn | null;
  /** True when a change at or above `failOn` remains after ignores. */
  readonly failed: boolean;
  readonly summary: DiffSummary;
  readonly changes: readonly Change[];
  readonly ignored: IgnoreOutcome['ignored'];
  readonly expiredIgnores: IgnoreOutcome['expired'];
  readonly unusedIgnores: IgnoreOutcome['unused'];
}

/** True when `severity` is at or above the `--fail-on` level. */
export function reaches(severity: Severity, level: FailOn): boolean {
  if (level === 'any') return true;
  return SEVERITIES.indexOf(severity) <= SEVERITIES.indexOf(level);
}

export function buildReport(
  sides: { readonly old: DiffSide; readonly new: DiffSide },
  outcome: IgnoreOutcome,
  failOn: FailOn | null,
): DiffReport {
  const count = (s: Severity): number => outcome.kept.filter((c) => c.severity === s).length;
  return {
    old: { label: sides.old.label, psVersion: sides.old.psVersion },
    new: { label: sides.new.label, psVersion: sides.new.psVersion },
    failOn,
    failed: failOn !== null && outcome.kept.some((c) => reaches(c.severity, failOn)),
    summary: {
      breaking: count('breaking'),
      dangerous: count('dangerous'),
      safe: count('safe'),
      ignored: outcome.ignored.length,
      module: outcome.kept.filter((c) => c.origin === 'module').length,
    },
    changes: outcome.kept,
    ignored: outcome.ignored,
    expiredIgnores: outcome.expired,
    unusedIgnores: outcome.unused,
  };
}
