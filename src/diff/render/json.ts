/**
 * The JSON output: the report with a format version, keys in a fixed order, two-space indent and
 * a final newline. Its JSON Schema ships as `schemas/diff-output.schema.json`; bump
 * `DIFF_JSON_FORMAT_VERSION` on any incompatible change to it.
 */
import type { IgnoreRule } from '../ignore.js';
import type { DiffReport } from '../report.js';
import type { Change } from '../types.js';

export const DIFF_JSON_FORMAT_VERSION = 1 as const;

const change = (c: Change): Change => ({
  id: c.id,
  path: c.path,
  resource: c.resource,
  method: c.method,
  association: c.association,
  field: c.field,
  kind: c.kind,
  property: c.property,
  before: c.before,
  after: c.after,
  severity: c.severity,
  direction: c.direction,
  message: c.message,
  reason: c.reason,
  origin: c.origin,
});

const entry = (e: IgnoreRule): IgnoreRule => ({
  id: e.id,
  path: e.path,
  reason: e.reason,
  expires: e.expires,
  source: e.source,
});

export function diffJson(report: DiffReport): unknown {
  return {
    formatVersion: DIFF_JSON_FORMAT_VERSION,
    old: { label: report.old.label, psVersion: report.old.psVersion },
    new: { label: report.new.label, psVersion: report.new.psVersion },
    failOn: report.failOn,
    failed: report.failed,
    summary: { ...report.summary },
    changes: report.changes.map(change),
    ignored: report.ignored.map((i) => ({ change: change(i.change), entry: entry(i.entry) })),
    expiredIgnores: report.expiredIgnores.map((x) => ({ entry: entry(x.entry), matches: x.matches })),
    unusedIgnores: report.unusedIgnores.map(entry),
  };
}

export function renderJson(report: DiffReport): string {
  return `${JSON.stringify(diffJson(report), null, 2)}\n`;
}
