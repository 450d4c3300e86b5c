/**
 * GitHub Actions workflow commands: one annotation per change (`::error` breaking, `::warning`
 * dangerous, `::notice` safe) and a closing notice. Values are escaped as the runner expects, so
 * nothing a store sends can start a workflow command of its own.
 */
import type { DiffReport } from '../report.js';
import type { Change, Severity } from '../types.js';
import {
  DIRECTION_LABEL,
  SEVERITY_TITLE,
  printable,
  summaryLine,
  summaryOf,
  verdictLine,
  versionArrow,
} from './shared.js';

export interface GithubOptions {
  /** A repository file to attach the annotations to (the new snapshot), or null. */
  readonly file?: string | null;
  /** The 1-based line of a change in `file` (its resource, association or field), or null. */
  readonly line?: ((change: Change) => number | null) | null;
}

const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

const COMMAND: Readonly<Record<Severity, 'error' | 'warning' | 'notice'>> = {
  breaking: 'error',
  dangerous: 'warning',
  safe: 'notice',
};

export function command(name: string, props: Record<string, string | null>, message: string): string {
  const list = Object.entries(props)
    .filter((e): e is [string, string] => e[1] !== null)
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(',');
  return `::${name}${list === '' ? '' : ` ${list}`}::${escapeData(message)}`;
}

export function renderGithub(report: DiffReport, options: GithubOptions = {}): string {
  const file = options.file ?? null;
  const lines: string[] = [];
  for (const c of report.changes) {
    const module = c.origin === 'module' ? ' (module)' : '';
    const line = file === null ? null : (options.line?.(c) ?? null);
    lines.push(
      command(
        COMMAND[c.severity],
        {
          file,
          line: line === null ? null : String(line),
          title: `${SEVERITY_TITLE[c.severity]} PrestaShop change (${c.id})`,
        },
        `${printable(c.path)}${module}: ${summaryOf(c)}. Affects ${DIRECTION_LABEL[c.direction]}. ${c.reason}`,
      ),
    );
  }
  for (const { entry, matches } of report.expiredIgnores) {
    lines.push(
      command(
        'warning',
        { file: null, title: 'Expired diff ignore entry' },
        `${printable(entry.source)}: ${printable(entry.id)} ${printable(entry.path)} expired ${entry.expires ?? ''} and no longer applies (matches ${matches}).`,
      ),
    );
  }
  const verdict = verdictLine(report);
  lines.push(
    command(
      'notice',
      { title: `PrestaShop schema diff ${versionArrow(report)}` },
      `${summaryLine(report).replace(/\.$/, '')}${verdict === null ? '' : `. ${verdict}`}`,
    ),
  );
  return `${lines.join('\n')}\n`;
}
