/**
 * `generate --watch` (issue 23, item 10), in a child process (the built CLI): one run at the start,
 * one after the snapshot is replaced the way `introspect` writes it (temp file, then rename), an
 * error line (and the watch going on) for a broken snapshot, and exit 0 on Ctrl-C. Each step waits
 * for the child's output, not for a time.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reapAtTestEnd, stopChild } from '../hardening/children.js';
import { BIN, tempDir } from './helpers.js';

const MINI = fileURLToPath(new URL('../../fixtures/mini/catalog.json', import.meta.url));
const OTHER = fileURLToPath(new URL('../../fixtures/mini/spec-store.json', import.meta.url));

describe('generate --watch', () => {
  it('generates, then again on each change of the snapshot, reports a broken one and goes on, and stops on Ctrl-C', async () => {
    const dir = tempDir();
    copyFileSync(MINI, join(dir, 'prestashop-schema.json'));
    const child = reapAtTestEnd(
      spawn(process.execPath, [BIN, 'generate', '--out', 'gen', '--no-format', '--watch'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
      }),
    );
    let out = '';
    let err = '';
    const waiters: { test: () => boolean; resolve: () => void }[] = [];
    const check = (): void => {
      for (const w of waiters.splice(0)) (w.test() ? w.resolve : () => waiters.push(w))();
    };
    child.stdout.on('data', (d: Buffer) => ((out += d.toString()), check()));
    child.stderr.on('data', (d: Buffer) => ((err += d.toString()), check()));
    const until = (test: () => boolean): Promise<void> =>
      new Promise((resolve) => (waiters.push({ test, resolve }), check()));
    const count = (text: string, what: string): number => text.split(what).length - 1;
    const replace = (text: string): void => {
      writeFileSync(join(dir, '.prestashop-schema.json.tmp'), text);
      renameSync(join(dir, '.prestashop-schema.json.tmp'), join(dir, 'prestashop-schema.json'));
    };
    // stdout and stderr are two pipes: a run's summary (stdout) may arrive after the watch line that follows it.
    const runs = (watching: number, generated: number): Promise<void> =>
      until(() => count(err, 'Watching 1 file(s)') >= watching && count(out, 'Generated ') >= generated);
    try {
      await runs(1, 1);
      expect(count(out, 'Generated ')).toBe(1);
      const first = readFileSync(join(dir, 'gen/index.ts'), 'utf8');

      replace(readFileSync(OTHER, 'utf8'));
      await runs(2, 2);
      expect(count(out, 'Generated ')).toBe(2);
      expect(readFileSync(join(dir, 'gen/index.ts'), 'utf8')).not.toBe(first);

      replace('{ not json');
      await runs(3, 2);
      expect(err).toMatch(/error: .*prestashop-schema\.json: /);
      expect(count(out, 'Generated ')).toBe(2);

      replace(readFileSync(MINI, 'utf8'));
      await runs(4, 3);
      expect(readFileSync(join(dir, 'gen/index.ts'), 'utf8')).toBe(first);

      const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      stopChild(child);
    }
  }, 60_000);
});
