/**
 * Ctrl-C during the rename phase of a write (issue 23, item 9): the phase finishes, the folder is
 * complete, stderr says so, and the process still ends by the signal; a second signal stops at once
 * and says how many files were written and how to repair the folder.
 *
 * The writer runs in a child process (the built dist/), which sends itself the signals from the
 * `beforeRenames` hook and waits until the first has arrived; the second is left to the writer,
 * which must end the process (else the script goes on and prints "not stopped").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { reapAtTestEnd, stopChild } from '../hardening/children.js';

const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'psc-interrupt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES = 300;
const SCRIPT = join(dir, 'writer.mjs');
writeFileSync(
  SCRIPT,
  [
    `import { writeFileMap } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/write/index.js')).href)};`,
    'const [out, signals, times] = process.argv.slice(2);',
    'const files = new Map();',
    `for (let i = 0; i < ${FILES}; i++) files.set(\`f\${i % 7}/v\${i}.ts\`, \`export const v\${i} = \${i};\\n\`);`,
    // Signal handles do not keep the event loop alive: a timer does while a signal is on its way.
    'const beforeRenames = async () => {',
    '  const arrived = new Promise((resolve) => process.once(signals, resolve));',
    '  const keep = setInterval(() => {}, 1000);',
    '  process.kill(process.pid, signals);',
    '  await arrived;',
    '  clearInterval(keep);',
    // The second signal, with no listener of ours (as in the CLI): the guard must end the process.
    "  if (times === '2') {",
    '    process.kill(process.pid, signals);',
    '    await new Promise((resolve) => setTimeout(resolve, 20000));',
    '  }',
    '};',
    'await writeFileMap(out, files, { format: false, beforeRenames });',
    "process.stdout.write('not stopped\\n');",
  ].join('\n'),
);

function runWriter(
  out: string,
  signal: string,
  times: number,
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  const child = reapAtTestEnd(
    spawn(process.execPath, [SCRIPT, out, signal, String(times)], { stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, sig) => resolve({ code, signal: sig, stdout, stderr }));
  }).finally(() => stopChild(child)) as Promise<{
    code: number | null;
    signal: string | null;
    stdout: string;
    stderr: string;
  }>;
}

const count = (out: string): number =>
  readdirSync(out, { recursive: true }).filter((p) => String(p).endsWith('.ts')).length;

describe('an interrupt during the rename phase', () => {
  it.each(['SIGINT', 'SIGTERM'])(
    '%s: the phase finishes, the folder is complete, stderr says so, the process ends by the signal',
    async (signal) => {
      const out = join(dir, `once-${signal}`);
      const r = await runWriter(out, signal, 1);
      expect([r.code, r.signal, r.stdout]).toEqual([null, signal, '']);
      expect(r.stderr).toBe(
        `prestashop-codegen: ${signal}: finishing the write of ${FILES} file(s) to ${out} so it is not left half-written (send it again to stop now)\n` +
          `prestashop-codegen: ${out} is complete: all ${FILES} file(s) of this run are written; stopping (${signal})\n`,
      );
      expect(count(out)).toBe(FILES);
      expect(readFileSync(join(out, 'f3/v10.ts'), 'utf8')).toBe('export const v10 = 10;\n');
      // The manifest is written and the lock released; no temp file is left.
      const hidden = readdirSync(out).filter((n) => n.startsWith('.'));
      expect(hidden.some((n) => n.includes('manifest'))).toBe(true);
      expect(hidden.filter((n) => n.endsWith('.lock') || n.endsWith('.tmp'))).toEqual([]);
    },
  );

  it('a second signal stops at once and says how many files were written and how to repair', async () => {
    const out = join(dir, 'twice');
    const r = await runWriter(out, 'SIGINT', 2);
    expect([r.code, r.signal, r.stdout]).toEqual([null, 'SIGINT', '']);
    expect(r.stderr.split('\n')[1]).toBe(
      `prestashop-codegen: SIGINT: stopped with 0 of ${FILES} file(s) written: ${out} mixes new and old files; run generate again to repair it (it rewrites only what differs)`,
    );
    expect(existsSync(out) ? count(out) : 0).toBe(0);
  });
});
