/**
 * `.env` and `--env-file`: the store's URL and key read from a file, under the real environment;
 * a missing named file is a usage error; `--no-env-file` reads none; the key is never printed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.js';

const KEY = 'ENVFILEKEY'.repeat(3) + 'AB';
/** Nothing listens on port 9 (discard): introspect fails at once and names the URL it used. */
const unreachable = (port: number): string => `http://127.0.0.1:${port}`;

function project(envText: string, name = '.env'): string {
  const dir = tempDir();
  writeFileSync(join(dir, name), envText);
  return dir;
}

describe('.env and --env-file', () => {
  it('reads PRESTASHOP_URL and PRESTASHOP_API_KEY from .env in the working directory', async () => {
    const dir = project(`# the store\nPRESTASHOP_URL=${unreachable(9)}\nPRESTASHOP_API_KEY="${KEY}"\n`);
    const run = await runCli(['introspect', '--retries', '0', '--verbose'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('127.0.0.1:9');
    expect(run.stderr).not.toContain(KEY);
    const none = await runCli(['introspect', '--retries', '0', '--no-env-file'], { cwd: dir });
    expect(none.stderr).toBe('error: no store URL: pass --url, set PRESTASHOP_URL, or set "url" in the config file\n');
    // --no-config (CI on a fork's pull request) skips the automatic .env as well.
    const noConfig = await runCli(['introspect', '--retries', '0', '--no-config'], { cwd: dir });
    expect(noConfig.stderr).toBe(none.stderr);
  });

  it('--env-file names another file; the real environment wins over it', async () => {
    const dir = project(`PRESTASHOP_URL=${unreachable(9)}\nPRESTASHOP_API_KEY=${KEY}\n`, 'ci.env');
    const fromFile = await runCli(['introspect', '--retries', '0', '--env-file', 'ci.env'], { cwd: dir });
    expect(fromFile.stderr).toContain('127.0.0.1:9');
    const fromEnv = await runCli(['introspect', '--retries', '0', '--env-file=ci.env'], {
      cwd: dir,
      env: { PRESTASHOP_URL: unreachable(7) },
    });
    expect(fromEnv.stderr).toContain('127.0.0.1:7');
    expect(fromEnv.stderr).not.toContain('127.0.0.1:9');
    expect(fromEnv.stderr).not.toContain(KEY);
  });

  it('a missing --env-file is a usage error naming the path', async () => {
    const dir = tempDir();
    const run = await runCli(['introspect', '--env-file', 'missing.env'], { cwd: dir });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: --env-file: cannot read ${join(dir, 'missing.env')} (ENOENT); check the path, or pass --no-env-file\n`,
    });
  });
});
