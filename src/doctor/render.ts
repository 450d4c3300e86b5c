/**
 * `doctor`'s report as text: one line per finding, problems with their fix, and a verdict. Pure.
 */
import { printable } from '../errors.js';
import type { Diagnosis, FindingLevel } from './diagnose.js';

const LABEL: Record<FindingLevel, string> = { ok: 'ok', info: 'info', problem: 'PROBLEM' };

export function renderDiagnosis(d: Diagnosis): string {
  const lines = [`Checking the PrestaShop webservice at ${d.base}`];
  for (const f of d.findings) {
    lines.push(`  ${LABEL[f.level].padEnd(8)}${f.title}`);
    for (const line of f.detail) lines.push(`          ${line}`);
    if (f.fix !== null) lines.push(`          Fix: ${f.fix}`);
  }
  lines.push(
    d.problems === 0
      ? 'No problems found: introspect should work against this store.'
      : `${d.problems} problem${d.problems === 1 ? '' : 's'} found.`,
  );
  // Titles and details quote what the store sent.
  return printable(lines.join('\n'));
}
