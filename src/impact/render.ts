/**
 * Renderers of the impact report, in the formats of `diff`: text, markdown, json and GitHub
 * annotations (one per affected line, on the user's file and line). Source text and messages go
 * through `printable` or the format's escape.
 */
import type { DiffFormat, DiffSide } from '../diff/index.js';
import { command } from '../diff/render/github.js';
import { mdCode, mdText } from '../diff/render/markdown.js';
import { printable } from '../diff/render/shared.js';
import type { Styler } from '../diff/render/text.js';
import { impactJson, type Finding, type ImpactReport } from './report.js';

const plain: Styler = (_style, text) => text;

const version = (s: DiffSide): string => (s.psVersion === null ? '?' : printable(s.psVersion));
const arrow = (r: ImpactReport): string => `${version(r.old)} → ${version(r.new)}`;

function summaryLine(r: ImpactReport): string {
  const s = r.summary;
  if (s.findings === 0)
    return `No line of the project uses what the ${s.changes} breaking or dangerous change(s) affect.`;
  return (
    `${s.lines} line(s) in ${s.files} file(s) use what ${s.changesUsed} of ${s.changes} breaking or dangerous change(s) affect: ` +
    `${s.breaking} breaking, ${s.dangerous} dangerous; ${s.compileErrors} would not compile with the new generated code.`
  );
}

function verdict(r: ImpactReport): string | null {
  if (r.failOn === null) return null;
  return r.failed
    ? `Fails --fail-on ${r.failOn}: a use at or above that level remains.`
    : `Passes --fail-on ${r.failOn}.`;
}

const what = (f: Finding): string =>
  f.changeId === null ? 'compile error (no matching change)' : `${printable(f.changePath ?? '')} (${f.changeId})`;

function renderImpactText(r: ImpactReport, style: Styler = plain): string {
  const lines: string[] = [style('bold', `PrestaShop upgrade impact: ${arrow(r)}`)];
  lines.push(`  old: ${printable(r.old.label)}`, `  new: ${printable(r.new.label)}`);
  lines.push(`  project: ${printable(r.project)} · generated: ${printable(r.generated)}`, '', summaryLine(r));
  let file: string | null = null;
  for (const f of r.findings) {
    if (f.file !== file) {
      file = f.file;
      lines.push('', style('bold', printable(f.file)));
    }
    const sev = style(f.severity === 'breaking' ? 'red' : 'yellow', f.severity);
    lines.push(`  ${f.line}:${f.column}  ${sev}  ${what(f)}${f.symbol === null ? '' : ` · ${printable(f.symbol)}`}`);
    lines.push(style('dim', `      ${printable(f.text)}`));
    if (f.diagnostic !== null)
      lines.push(style('dim', `      TS${f.diagnostic.code}: ${printable(f.diagnostic.message.split('\n')[0] ?? '')}`));
  }
  const v = verdict(r);
  if (v !== null) lines.push('', v);
  return `${lines.join('\n')}\n`;
}

function renderImpactMarkdown(r: ImpactReport): string {
  const out = [`## PrestaShop upgrade impact: ${mdText(arrow(r))}`, ''];
  out.push(`Old: ${mdCode(r.old.label)} · New: ${mdCode(r.new.label)} · Project: ${mdCode(r.project)}`, '');
  out.push(r.summary.breaking > 0 ? `**${mdText(summaryLine(r))}**` : mdText(summaryLine(r)));
  if (r.failOn !== null) {
    const flag = mdCode(`--fail-on ${r.failOn}`);
    out.push('', r.failed ? `❌ Fails ${flag}.` : `✅ Passes ${flag}.`);
  }
  if (r.findings.length > 0) {
    out.push(
      '',
      '| Where | Severity | Change | Uses | Code | Compile error |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const f of r.findings) {
      const change = f.changeId === null ? '_none_' : `${mdCode(f.changePath ?? '')} ${mdCode(f.changeId)}`;
      const error =
        f.diagnostic === null ? '' : `TS${f.diagnostic.code}: ${mdText(f.diagnostic.message.split('\n')[0] ?? '')}`;
      out.push(
        `| ${mdCode(`${f.file}:${f.line}:${f.column}`)} | ${f.severity} | ${change} | ${f.symbol === null ? '' : mdCode(f.symbol)} | ${mdCode(f.text)} | ${error} |`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}

function renderImpactGithub(r: ImpactReport): string {
  const lines = r.findings.map((f) =>
    command(
      f.severity === 'breaking' ? 'error' : 'warning',
      {
        file: f.file,
        line: String(f.line),
        col: String(f.column),
        title: `PrestaShop upgrade: ${f.changeId ?? 'compile error'}`,
      },
      `${what(f)}${f.symbol === null ? '' : `: uses ${printable(f.symbol)}`}${f.diagnostic === null ? '' : `. TS${f.diagnostic.code}: ${printable(f.diagnostic.message.split('\n')[0] ?? '')}`}`,
    ),
  );
  const v = verdict(r);
  lines.push(
    command(
      'notice',
      { title: `PrestaShop upgrade impact ${arrow(r)}` },
      `${summaryLine(r)}${v === null ? '' : ` ${v}`}`,
    ),
  );
  return `${lines.join('\n')}\n`;
}

export function renderImpact(r: ImpactReport, format: DiffFormat, style?: Styler): string {
  switch (format) {
    case 'text':
      return renderImpactText(r, style);
    case 'markdown':
      return renderImpactMarkdown(r);
    case 'json':
      return `${JSON.stringify(impactJson(r), null, 2)}\n`;
    case 'github':
      return renderImpactGithub(r);
  }
}
