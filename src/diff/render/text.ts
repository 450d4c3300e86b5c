/**
 * Plain-text output for a terminal. Colour is the caller's choice: it passes a `style` function
 * (for example `util.styleText` on a TTY); the default adds none.
 */
import type { DiffReport } from '../report.js';
import type { Severity } from '../types.js';
import {
  bySeverity,
  DIRECTION_LABEL,
  printable,
  SEVERITY_TITLE,
  summaryLine,
  summaryOf,
  verdictLine,
  versionArrow,
  versionName,
} from './shared.js';

export type TextStyle = 'bold' | 'dim' | 'red' | 'yellow' | 'green';
export type Styler = (style: TextStyle, text: string) => string;

const plain: Styler = (_style, text) => text;

const SEVERITY_STYLE: Readonly<Record<Severity, TextStyle>> = { breaking: 'red', dangerous: 'yellow', safe: 'green' };

export function renderText(report: DiffReport, style: Styler = plain): string {
  const lines: string[] = [];
  lines.push(style('bold', `PrestaShop schema diff: ${versionArrow(report)}`));
  lines.push(`  old: ${printable(report.old.label)} (${versionName(report.old)})`);
  lines.push(`  new: ${printable(report.new.label)} (${versionName(report.new)})`);
  lines.push('', summaryLine(report));

  for (const [severity, changes] of bySeverity(report.changes)) {
    lines.push('', style(SEVERITY_STYLE[severity], style('bold', `${SEVERITY_TITLE[severity]} (${changes.length})`)));
    for (const c of changes) {
      const module = c.origin === 'module' ? style('dim', '  [module]') : '';
      lines.push(`  ${style('bold', printable(c.path))}: ${summaryOf(c)}${module}`);
      lines.push(style('dim', `      ${c.id} · ${DIRECTION_LABEL[c.direction]} · ${c.reason}`));
    }
  }

  if (report.ignored.length > 0) {
    lines.push('', style('bold', `Ignored (${report.ignored.length})`));
    for (const { change, entry } of report.ignored) {
      lines.push(`  ${printable(change.path)}: ${summaryOf(change)} [${change.severity}]`);
      lines.push(style('dim', `      ${change.id} · ${printable(entry.source)} · ${printable(entry.reason)}`));
    }
  }
  if (report.expiredIgnores.length > 0) {
    lines.push('', style('yellow', `Expired ignore entries (${report.expiredIgnores.length}); they no longer apply`));
    for (const { entry, matches } of report.expiredIgnores) {
      lines.push(
        `  ${printable(entry.source)}: ${printable(entry.id)} ${printable(entry.path)} expired ${entry.expires ?? ''}` +
          ` (matches ${matches === 1 ? '1 change' : `${matches} changes`})`,
      );
    }
  }
  if (report.unusedIgnores.length > 0) {
    lines.push('', style('dim', `Unused ignore entries (${report.unusedIgnores.length})`));
    for (const entry of report.unusedIgnores) {
      lines.push(style('dim', `  ${printable(entry.source)}: ${printable(entry.id)} ${printable(entry.path)}`));
    }
  }
  const verdict = verdictLine(report);
  if (verdict !== null) lines.push('', style(report.failed ? 'red' : 'green', verdict));
  return `${lines.join('\n')}\n`;
}
