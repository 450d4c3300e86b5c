/**
 * What `generate --check` prints when the output directory drifts: a short summary by default,
 * the full unified diff with --verbose. The diff's paths are rebased onto the repository root (the
 * folder holding `.git` above the output directory, else the working directory), and missing or
 * stale files use `/dev/null`, so `git apply` run from the repository root accepts it.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Drift } from '../write/index.js';

/** The folder holding `.git` at or above `dir`, or null. */
function repositoryRoot(dir: string): string | null {
  let current = resolve(dir);
  for (;;) {
    if (existsSync(join(current, '.git'))) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/** The path prefix of the output directory in patches: relative to the repository root, or to `cwd`. */
export function patchPrefix(outDir: string, cwd: string): string {
  const root = repositoryRoot(outDir) ?? cwd;
  const rel = relative(root, outDir).split('\\').join('/');
  return rel === '' ? '' : `${rel}/`;
}

const SEPARATOR = /^={10,}$/;

/**
 * Rewrites the `--- a/<p>` / `+++ b/<p>` headers of the drift's diff (each follows a `====` line)
 * to `a/<prefix><p>`, with `/dev/null` for files to create (missing) or delete (stale).
 */
export function rebaseDiff(diff: string, prefix: string, drift: Pick<Drift, 'added' | 'stale'>): string {
  const added = new Set(drift.added);
  const stale = new Set(drift.stale);
  const lines = diff.split('\n');
  for (let i = 0; i + 2 < lines.length; i++) {
    if (!SEPARATOR.test(lines[i]!)) continue;
    const from = /^--- a\/(.*?)(\t.*)?$/.exec(lines[i + 1]!);
    const to = /^\+\+\+ b\/(.*?)(\t.*)?$/.exec(lines[i + 2]!);
    if (from === null || to === null) continue;
    const path = from[1]!;
    lines[i + 1] = added.has(path) ? '--- /dev/null' : `--- a/${prefix}${path}`;
    lines[i + 2] = stale.has(path) ? '+++ /dev/null' : `+++ b/${prefix}${to[1]!}`;
    if (i > 0 && lines[i - 1] === `Index: ${path}`) lines[i - 1] = `Index: ${prefix}${path}`;
    i += 2;
  }
  return lines.join('\n');
}

/** The short listing: up to `limit` paths per kind, then a count of the rest. */
export function driftListing(drift: Pick<Drift, 'added' | 'changed' | 'stale'>, limit = 5): string[] {
  const out: string[] = [];
  const kinds: [string, readonly string[]][] = [
    ['missing', drift.added],
    ['changed', drift.changed],
    ['stale', drift.stale],
  ];
  for (const [kind, paths] of kinds) {
    for (const p of paths.slice(0, limit)) out.push(`  ${kind}: ${p}`);
    if (paths.length > limit) out.push(`  ... and ${paths.length - limit} more ${kind}`);
  }
  return out;
}
