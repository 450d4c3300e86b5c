import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

class Capture extends Writable {
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
