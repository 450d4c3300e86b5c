/**
 * Markdown for a pull-request comment: a title with both versions, a summary, a table per
 * severity (safe changes folded), and the ignored changes with their reasons.
 */
import { changeSummary } from '../diff.js';
import type { DiffReport } from '../report.js';
import type { Change, Severity } from '../types.js';
import {
  bySeverity,
  DIRECTION_LABEL,
  printable,
  SEVERITY_TITLE,
  summaryLine,
  versionArrow,
  versionName,
} from './shared.js';

/** Inline code that survives any content, inside a table cell too. */
export function mdCode(text: string): string {
  const t = printable(text);
  const longest = Math.max(0, ...[...t.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = t.startsWith('`') || t.endsWith('`') || t === '' ? ' ' : '';
  return `${fence}${pad}${t}${pad}${fence}`.replace(/\|/g, '\\|');
}

/** Text (ours or a store's) in a table cell: no HTML, no pipes, no emphasis surprises. */
export function mdText(text: string): string {
  return printable(text).replace(/[\\`*_[\]<>|~]/g, '\\$&');
}

const ICON: Readonly<Record<Severity, string>> = { breaking: '🔴', dangerous: '🟠', safe: '🟢' };

/** `maxSize` `128` → `64`, with store values in code spans. */
function changeCell(c: Change): string {
  if (c.kind === 'changed') {
    const v = (x: Change['before']): string => (x === null ? '_none_' : mdCode(String(x)));
    return `${mdCode(c.property ?? '')} ${v(c.before)} → ${v(c.after)}`;
  }
  return mdText(changeSummary(c));
}

function table(changes: readonly Change[]): string[] {
  const rows = ['| Path | Change | Affects | Check | Why |', '| --- | --- | --- | --- | --- |'];
  for (const c of changes) {
    const path = `${mdCode(c.path)}${c.origin === 'module' ? ' (module)' : ''}`;
    rows.push(
      `| ${path} | ${changeCell(c)} | ${DIRECTION_LABEL[c.direction]} | ${mdCode(c.id)} | ${mdText(c.reason)} |`,
    );
  }
  return rows;
}

export function renderMarkdown(report: DiffReport): string {
  const out: string[] = [];
  out.push(`## PrestaShop schema diff: ${mdText(versionArrow(report))}`, '');
  out.push(
    `Old: ${mdCode(report.old.label)} (${mdText(versionName(report.old))}) · ` +
      `New: ${mdCode(report.new.label)} (${mdText(versionName(report.new))})`,
    '',
  );
  const s = report.summary;
  out.push(s.breaking > 0 ? `**${mdText(summaryLine(report))}**` : mdText(summaryLine(report)));
  if (report.failOn !== null) {
    const flag = mdCode(`--fail-on ${report.failOn}`);
    out.push('', report.failed ? `❌ Fails ${flag}: a change at or above that level remains.` : `✅ Passes ${flag}.`);
  }

  for (const [severity, changes] of bySeverity(report.changes)) {
    const title = `${ICON[severity]} ${SEVERITY_TITLE[severity]} (${changes.length})`;
    if (severity === 'safe') {
      out.push('', `<details><summary>${title}</summary>`, '', ...table(changes), '', '</details>');
    } else {
      out.push('', `### ${title}`, '', ...table(changes));
    }
  }

  if (report.ignored.length > 0) {
    out.push('', `<details><summary>Ignored (${report.ignored.length})</summary>`, '');
    out.push('| Path | Change | Check | Severity | Accepted because |', '| --- | --- | --- | --- | --- |');
    for (const { change, entry } of report.ignored) {
      out.push(
        `| ${mdCode(change.path)} | ${changeCell(change)} | ${mdCode(change.id)} | ${change.severity} | ${mdText(entry.reason)} |`,
      );
    }
    out.push('', '</details>');
  }
  if (report.expiredIgnores.length > 0) {
    out.push('', `**Expired ignore entries** (they no longer apply):`, '');
    for (const { entry, matches } of report.expiredIgnores) {
      out.push(
        `- ${mdCode(entry.source)}: ${mdCode(entry.id)} ${mdCode(entry.path)} expired ${entry.expires ?? ''} ` +
          `(matches ${matches === 1 ? '1 change' : `${matches} changes`})`,
      );
    }
  }
  if (report.unusedIgnores.length > 0) {
    out.push('', `Unused ignore entries: ${report.unusedIgnores.map((e) => mdCode(e.source)).join(', ')}`);
  }
  return `${out.join('\n')}\n`;
}
