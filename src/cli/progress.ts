/**
 * What a store read shows while it runs and when it ends: the progress printer and the one-line
 * summary, shared by `introspect`, `generate --url` and `demo`.
 */
import type { IntrospectSummary } from '../introspect/index.js';
import type { Reporter } from './reporter.js';

/**
 * Progress: the reporter's bar on a TTY; otherwise a plain line at each tenth of the way (and
 * every line with --verbose), so CI logs show progress without one line per resource.
 */
export function progressPrinter(reporter: Reporter): (done: number, total: number, resource: string) => void {
  let lastTenth = 0;
  return (done, total, resource) => {
    if (reporter.isTTY || reporter.verbose) {
      reporter.progress(done, total, resource);
      return;
    }
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth > lastTenth || done === total) {
      lastTenth = tenth;
      reporter.info(`introspect: ${done}/${total} resources (${resource})`);
    }
  };
}

/** The one-line summary printed after a run. */
export function formatSummary(summary: IntrospectSummary): string {
  const sources = (['xml', 'json', 'none'] as const)
    .filter((s) => summary.sources[s] > 0)
    .map((s) => `${s} ${summary.sources[s]}`)
    .join(', ');
  const parts = [
    `${summary.resources} resources`,
    `${summary.fields} fields`,
    `synopsis: ${sources || 'none'}`,
    `${summary.requests} requests`,
    `${summary.retries} retries`,
    `${(summary.ms / 1000).toFixed(1)} s`,
  ];
  const w = summary.warnings.length;
  if (w > 0) parts.push(`${w} warning${w === 1 ? '' : 's'}`);
  const fallback = summary.listingFallback
    ? "; the /api listing was unreadable, so the spec's resource list was used"
    : '';
  return `Introspected ${parts.join(', ')}${fallback}`;
}
