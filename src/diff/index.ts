/**
 * Schema diff: pure functions from two store schemas to classified changes, and renderers for
 * them. No file, network, console or clock access here; the CLI does that.
 */
export { changePath, changeSummary, compareChanges, diff, type DiffOptions } from './diff.js';
export { originClassifier, type Baselines } from './origin.js';
export { CHECK_IDS, isCheckId, RULES, ruleDirection, type CheckId, type Rule } from './rules.js';
export {
  applyIgnores,
  globMatches,
  isIsoDate,
  parseIgnoreFile,
  toIgnoreRule,
  type ExpiredRule,
  type IgnoredChange,
  type IgnoreOutcome,
  type IgnoreRule,
} from './ignore.js';
export {
  buildReport,
  FAIL_ON_LEVELS,
  reaches,
  type DiffReport,
  type DiffSide,
  type DiffSummary,
  type FailOn,
} from './report.js';
export { renderText, type Styler, type TextStyle } from './render/text.js';
export { renderMarkdown } from './render/markdown.js';
export { diffJson, renderJson, DIFF_JSON_FORMAT_VERSION } from './render/json.js';
export { renderGithub, type GithubOptions } from './render/github.js';
export type * from './types.js';
export { SEVERITIES } from './types.js';

import type { DiffReport } from './report.js';
import { renderGithub, type GithubOptions } from './render/github.js';
import { renderJson } from './render/json.js';
import { renderMarkdown } from './render/markdown.js';
import { renderText, type Styler } from './render/text.js';

export type DiffFormat = 'text' | 'markdown' | 'json' | 'github';
export const DIFF_FORMATS: readonly DiffFormat[] = ['text', 'markdown', 'json', 'github'];

/** Renders a report in one of the CLI's formats. */
export function renderReport(
  report: DiffReport,
  format: DiffFormat,
  options: { readonly style?: Styler; readonly file?: string | null; readonly line?: GithubOptions['line'] } = {},
): string {
  switch (format) {
    case 'text':
      return renderText(report, options.style);
    case 'markdown':
      return renderMarkdown(report);
    case 'json':
      return renderJson(report);
    case 'github':
      return renderGithub(report, { file: options.file ?? null, line: options.line ?? null });
  }
}
