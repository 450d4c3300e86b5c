import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { main } from '../../src/cli/main.js';
import { reapAtTestEnd } from '../hardening/children.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export class Capture extends Writable {
  text = '';
  isTTY = false;
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

/** Runs the CLI in-process with captured output, a working directory and an environment. */
export async function runCli(argv: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await main(argv, { stdout, stderr, cwd: opts.cwd ?? tempDir(), env: opts.env ?? {} });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'psc-cli-'));

export const BIN = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

/** Runs the built CLI (`dist/cli/bin.js`, see `npm run build`) in a child process. */
export function spawnCli(
  argv: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; uid?: number; gid?: number; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = execFile(
      process.execPath,
      [BIN, ...argv],
      {
        cwd: opts.cwd ?? tempDir(),
        env: { PATH: process.env.PATH ?? '', ...opts.env },
        timeout: opts.timeoutMs ?? 30_000,
        ...(opts.uid === undefined ? {} : { uid: opts.uid, gid: opts.gid ?? opts.uid }),
      },
      (error, stdout, stderr) => {
        if (error !== null && typeof error.code !== 'number') {
          fail(error);
          return;
        }
        done({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
    // Killed when the test ends, even if it times out first.
    reapAtTestEnd(child);
    child.stdin?.end();
  });
}
