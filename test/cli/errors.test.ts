/**
 * A user's mistakes: one line naming the thing and the fix, no stack trace, exit 2 (usage or
 * input), 1 (the store said no), 3 (a bug). Spawns the built CLI where the process matters.
 */
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { describeFailure, rewriteUsageMessage } from '../../src/cli/failure.js';
import { main } from '../../src/cli/main.js';
import { EXIT_INTERNAL, WriteError } from '../../src/errors.js';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { reapAtTestEnd, stopChild } from '../hardening/children.js';
import { BIN, Capture, runCli, spawnCli, tempDir } from './helpers.js';

const MINI = fileURLToPath(new URL('../../fixtures/mini/catalog.json', import.meta.url));
const KEY = FAKE_STORE_KEY;
let store: FakeStore;
beforeAll(async () => {
  store = await startFakeStore({ flavor: '8.x' });
});
afterAll(async () => {
  await store.close();
});

const noStack = (text: string): void => expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);

/** Spawn options that make file modes count: as root (which ignores them), run as "nobody"; skips the test when "nobody" cannot read the built CLI. */
async function unprivileged(ctx: { skip(note: string): void }): Promise<{ uid?: number; gid?: number }> {
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  if ('uid' in asUser && (await spawnCli(['--version'], { cwd: '/', ...asUser }).catch(() => null))?.code !== 0) {
    ctx.skip('running as root, and "nobody" cannot read the built CLI here');
  }
  return asUser;
}

describe('exit codes and messages', () => {
  it('fake-store --generation 9.0 and 1.7 are accepted (string choices)', async () => {
    for (const generation of ['9.0', '1.7']) {
      const child = reapAtTestEnd(
        spawn(process.execPath, [BIN, 'fake-store', '--generation', generation], { stdio: ['ignore', 'pipe', 'pipe'] }),
      );
      let first: string;
      try {
        first = await new Promise<string>((done) => {
          let text = '';
          child.stdout.on('data', (c: Buffer) => {
            text += c.toString();
            if (text.includes('key:')) done(text);
          });
          child.on('exit', () => done(text));
        });
      } finally {
        stopChild(child);
      }
      expect(first).toContain(`(${generation === '1.7' ? '1.7.8' : generation} behaviour)`);
    }
  });

  it('fake-store on a port in use: one line, exit 2', async () => {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    try {
      const run = await spawnCli(['fake-store', '--port', String(port), '--schema', MINI]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `error: 127.0.0.1: port ${port} is already in use; choose another with --port, or --port 0 for any free port\n`,
      );
    } finally {
      server.close();
    }
  });

  it('unknown options are named once, as flags', async () => {
    const run = await runCli(['generate', '--dry-run']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error: unknown option --dry-run for this command');
    expect(run.stderr).not.toContain('dryRun');
    expect(rewriteUsageMessage('Unknown arguments: ws-key, wsKey', ['--ws-key'])).toBe(
      'unknown option --ws-key for this command',
    );
    expect(rewriteUsageMessage('Unknown argument: extra', ['extra'])).toBe('unexpected argument "extra"');
    const choice = await runCli(['generate', '--decimals', 'float', '--out', 'x']);
    expect(choice.stderr).toBe('error: --decimals: "float" is not one of number, string\nRun with --help for usage.\n');
  });

  it('a missing key says where to set it, without "Invalid value for option"', async () => {
    const run = await runCli(['introspect', '--url', store.url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: no API key: pass --key, set PRESTASHOP_API_KEY, or set "key" in the config file\n');
  });

  it('connection refused and unknown hosts come with a hint (exit 1)', async () => {
    const refused = await runCli(['introspect', '--url', 'http://127.0.0.1:9', '--key', KEY, '--retries', '0']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /ECONNREFUSED.*\(hint: nothing answers at this address: check the host and port of --url/,
    );
    const unknown = await runCli(['doctor', '--url', 'http://no-such-host.invalid', '--key', KEY, '--retries', '0']);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toMatch(/This host name does not resolve: check the spelling of --url/);
    expect(unknown.stdout).not.toContain('See the message above');
  });

  it('an unexpected error is an internal error: exit 3, stack only with --verbose', () => {
    const failure = describeFailure(new TypeError('x is undefined'));
    expect(failure.exitCode).toBe(EXIT_INTERNAL);
    expect(failure.message).toMatch(
      /^internal error: x is undefined\nThis is a bug in prestashop-codegen\. Please report it at https:\/\/github\.com\//,
    );
    const eacces = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES', path: '/x/y' });
    expect(describeFailure(eacces)).toMatchObject({
      exitCode: 2,
      message: '/x/y: permission denied; choose a location you can write to, or fix its permissions (EACCES)',
    });
    expect(describeFailure(new WriteError('cannot write', '/x')).exitCode).toBe(2);
  });

  it('a failure that no input explains is exit 3 with a report link; the stack only with --verbose', async () => {
    const dir = tempDir();
    copyFileSync(MINI, join(dir, 'prestashop-schema.json'));
    const run = async (...extra: string[]): Promise<{ code: number; stderr: string }> => {
      // A fresh stream each run: one that threw is destroyed and no longer calls write.
      const broken = new Writable({
        write: () => {
          throw new TypeError('stdout exploded');
        },
      });
      const stderr = new Capture();
      const code = await main(['generate', '--out', 'gen', '--no-format', ...extra], {
        stdout: broken,
        stderr,
        cwd: dir,
        env: {},
      });
      return { code, stderr: stderr.text };
    };
    const plain = await run();
    expect(plain.code).toBe(EXIT_INTERNAL);
    expect(plain.stderr).toContain('error: internal error: stdout exploded\nThis is a bug in prestashop-codegen.');
    noStack(plain.stderr);
    const verbose = await run('--verbose');
    expect(verbose.stderr).toMatch(/TypeError: stdout exploded\n\s+at /);
  });

  it('generate into a read-only directory: one line, exit 2, no stack', async (ctx) => {
    const asUser = await unprivileged(ctx);
    const dir = tempDir();
    chmodSync(dir, 0o755);
    copyFileSync(MINI, join(dir, 's.json'));
    chmodSync(join(dir, 's.json'), 0o644);
    mkdirSync(join(dir, 'ro'), { mode: 0o555 });
    const run = await spawnCli(['generate', '--schema', 's.json', '--out', 'ro', '--no-format'], {
      cwd: dir,
      ...asUser,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /error: .*\/ro(\/[a-z_/.]+)?: cannot write: permission denied; choose a location you can write to/,
    );
    noStack(run.stderr);
  });

  it('generate --out <a file> says "is a file"; introspect --out <a directory> fails before any request', async () => {
    const dir = tempDir();
    copyFileSync(MINI, join(dir, 'prestashop-schema.json'));
    writeFileSync(join(dir, 'notes.txt'), 'x');
    const gen = await runCli(['generate', '--out', 'notes.txt'], { cwd: dir });
    expect(gen.code).toBe(2);
    expect(gen.stderr).toBe(
      `error: ${join(dir, 'notes.txt')}: is a file; --out names the directory to generate into\n`,
    );
    mkdirSync(join(dir, 'snapshots'));
    const before = store.requests.length;
    const intro = await runCli(['introspect', '--url', store.url, '--key', KEY, '--out', 'snapshots'], { cwd: dir });
    expect(intro.code).toBe(2);
    expect(intro.stderr).toContain(
      `snapshots: is a directory; --out names the snapshot file, e.g. ${join(dir, 'snapshots', 'prestashop-schema.json')}`,
    );
    expect(store.requests.length).toBe(before);
    // A folder on the way that is a file: refused before the listing is read.
    const under = await runCli(['introspect', '--url', store.url, '--key', KEY, '--out', 'notes.txt/new/s.json'], {
      cwd: dir,
    });
    expect(under.code).toBe(2);
    expect(under.stderr).toBe(
      `error: ${join(dir, 'notes.txt')}: cannot write: a part of this path is a file, not a directory; check the path (ENOTDIR)\n`,
    );
    expect(store.requests.length).toBe(before);
  });

  it('introspect --out into a read-only folder fails before the first request', async (ctx) => {
    const asUser = await unprivileged(ctx);
    const dir = tempDir();
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'ro'), { mode: 0o555 });
    const before = store.requests.length;
    const run = await spawnCli(['introspect', '--url', store.url, '--key', KEY, '--out', 'ro/snapshots/s.json'], {
      cwd: dir,
      ...asUser,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `error: ${join(dir, 'ro')}: cannot write: permission denied; choose a location you can write to, or fix its permissions (EACCES)\n`,
    );
    expect(store.requests.length).toBe(before);
  });

  it('--exclude and --include typos are refused with "did you mean", before any synopsis request', async () => {
    const before = store.requests.length;
    const run = await runCli(['introspect', '--url', store.url, '--key', KEY, '--exclude', 'prodcts']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: --exclude: "prodcts" is not in the store\'s listing; did you mean "products"?\n');
    // Only the listing was read.
    expect(store.requests.slice(before).map((r) => r.path)).toEqual(['/api']);
    const include = await runCli(['introspect', '--url', store.url, '--key', KEY, '--include', 'custmers']);
    expect(include.code).toBe(2);
    expect(include.stderr).toMatch(/--include: "custmers" is not in the store's listing; did you mean "customers"\?/);
  });

  it('demo --out keeps an absolute path absolute', async () => {
    const cwd = tempDir();
    const target = join(tempDir(), 'abs-demo');
    const run = await runCli(['demo', '--out', target, '--quiet'], { cwd });
    expect(run.code).toBe(0);
    expect(existsSync(join(target, 'prestashop-schema.json'))).toBe(true);
    expect(existsSync(join(cwd, target))).toBe(false);
    // A whole demo (fake store, introspection, generation): ~11 s alone, past 30 s on a loaded machine.
  }, 120_000);
});
