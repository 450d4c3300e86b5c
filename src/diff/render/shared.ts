/**
 * Helpers shared by the renderers. Everything a store sent (names, descriptions, formats) goes
 * through `printable` or a format-specific escape before it is printed.
 */
import { printableLine } from '../../errors.js';
import { changeSummary } from '../diff.js';
import type { DiffReport, DiffSide } from '../report.js';
import { SEVERITIES, type Change, type Direction, type Severity } from '../types.js';

/**
 * The one escape of store text for display (src/errors.ts), on one line: control characters,
 * newlines and bidirectional controls (U+202E, U+2066…) become `\u202e`-style escapes, so a name
 * cannot forge output or reorder what the reader sees, in the terminal, markdown or GitHub.
 */
export const printable = printableLine;

export function versionName(side: DiffSide): string {
  return side.psVersion === null ? 'unknown version' : `PrestaShop ${printable(side.psVersion)}`;
}

/** `8.2.0 → 9.0.0`, for titles. */
export function versionArrow(report: DiffReport): string {
  const v = (s: DiffSide): string => (s.psVersion === null ? '?' : printable(s.psVersion));
  return `${v(report.old)} → ${v(report.new)}`;
}

export const DIRECTION_LABEL: Readonly<Record<Direction, string>> = {
  read: 'readers',
  write: 'writers',
  both: 'readers and writers',
};

export const SEVERITY_TITLE: Readonly<Record<Severity, string>> = {
  breaking: 'Breaking',
  dangerous: 'Dangerous',
  safe: 'Safe',
};

/** The changes of each severity, most serious first; empty groups left out. */
export function bySeverity(changes: readonly Change[]): [Severity, Change[]][] {
  return SEVERITIES.map((s): [Severity, Change[]] => [s, changes.filter((c) => c.severity === s)]).filter(
    ([, list]) => list.length > 0,
  );
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** `3 breaking, 1 dangerous, 12 safe changes; 2 ignored; 1 from modules`. */
export function summaryLine(report: DiffReport): string {
  const s = report.summary;
  const total = s.breaking + s.dangerous + s.safe;
  if (total === 0 && s.ignored === 0) return 'No changes.';
  let line = `${s.breaking} breaking, ${s.dangerous} dangerous, ${plural(s.safe, 'safe change', 'safe changes')}`;
  if (s.ignored > 0) line += `; ${s.ignored} ignored`;
  if (s.module > 0) line += `; ${s.module} from modules`;
  return line;
}

/** The verdict against `--fail-on`, or null without it. */
export function verdictLine(report: DiffReport): string | null {
  if (report.failOn === null) return null;
  return report.failed
    ? `Fails --fail-on ${report.failOn}: a change at or above that level remains.`
    : `Passes --fail-on ${report.failOn}.`;
}

/** A change's summary with store-sent values made printable. */
export function summaryOf(change: Change): string {
  return printable(changeSummary(change));
}
