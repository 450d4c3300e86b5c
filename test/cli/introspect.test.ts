/**
 * The `introspect` and `demo` commands end to end (in-process, real HTTP to the fake store): exit
 * codes, the snapshot file, precedence of flags/env/config, and that the key is never printed.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { runCli, tempDir } from './helpers.js';

const GOLDEN = readFileSync(join(import.meta.dirname, '../golden/prestashop-8.2.0/prestashop-schema.json'), 'utf8');
const WRONG_KEY = 'WRONGKEY0000000000000000000000ZZ';

let store: FakeStore;
beforeAll(async () => {
  store = await startFakeStore({ flavor: '8.x' });
});
afterAll(() => store.close());

function expectNoKey(...texts: string[]): void {
  for (const t of texts) {
    expect(t).not.toContain(FAKE_STORE_KEY);
    expect(t).not.toContain(WRONG_KEY);
    expect(t).not.toContain(Buffer.from(`${FAKE_STORE_KEY}:`).toString('base64'));
  }
}

describe('prestashop-codegen introspect', () => {
  it('writes the snapshot and a summary, exit 0, without printing the key', async () => {
    const cwd = tempDir();
    const run = await runCli(['introspect', '--url', store.url, '--key', FAKE_STORE_KEY], { cwd });
    expect(run.code).toBe(0);
    const snapshot = readFileSync(join(cwd, 'prestashop-schema.json'), 'utf8');
    expect(snapshot).toBe(GOLDEN);
    expect(run.stdout).toMatch(
      /Introspected 69 resources, 826 fields, synopsis: xml 67, none 2, \d+ requests, 0 retries, [\d.]+ s/,
    );
    expect(run.stdout).toContain('Snapshot written to prestashop-schema.json');
    expect(run.stderr).toMatch(/introspect: 69\/69 resources/);
    expectNoKey(run.stdout, run.stderr, snapshot);

    const again = await runCli(['introspect', '--url', store.url, '--key', FAKE_STORE_KEY], { cwd });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Snapshot unchanged');
  });

  it('takes URL and key from the environment, and flags over the environment', async () => {
    const cwd = tempDir();
    const env = { PRESTASHOP_URL: store.url, PRESTASHOP_API_KEY: FAKE_STORE_KEY };
    const run = await runCli(
      ['introspect', '--out', 'schema/store.json', '--include', 'products', '--exclude', 'images,search'],
      { cwd, env },
    );
    expect(run.code).toBe(0);
    const snap = JSON.parse(readFileSync(join(cwd, 'schema/store.json'), 'utf8')) as { resources: { name: string }[] };
    expect(snap.resources.map((r) => r.name)).not.toContain('images');
    expect(snap.resources).toHaveLength(67);

    const wrongEnv = { PRESTASHOP_URL: store.url, PRESTASHOP_API_KEY: WRONG_KEY };
    const flagWins = await runCli(['introspect', '--key', FAKE_STORE_KEY], { cwd, env: wrongEnv });
    expect(flagWins.code).toBe(0);
    const envUsed = await runCli(['introspect'], { cwd, env: wrongEnv });
    expect(envUsed.code).toBe(1);
    expectNoKey(flagWins.stdout, flagWins.stderr, envUsed.stdout, envUsed.stderr);
  });

  it('reads URL, key and settings from the config file, below the environment', async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'prestashop-codegen.config.json'),
      JSON.stringify({
        url: 'http://127.0.0.1:9/nowhere',
        key: WRONG_KEY,
        schema: 'from-config.json',
        introspect: { exclude: ['images'] },
      }),
    );
    const run = await runCli(['introspect'], {
      cwd,
      env: { PRESTASHOP_URL: store.url, PRESTASHOP_API_KEY: FAKE_STORE_KEY },
    });
    expect(run.code).toBe(0);
    const snap = JSON.parse(readFileSync(join(cwd, 'from-config.json'), 'utf8')) as { resources: { name: string }[] };
    expect(snap.resources).toHaveLength(68);
    const withoutEnv = await runCli(['introspect', '--url', store.url], { cwd });
    expect(withoutEnv.code).toBe(1);
    expect(withoutEnv.stderr).toMatch(/does not know this API key/);
    expectNoKey(run.stdout, run.stderr, withoutEnv.stdout, withoutEnv.stderr);
  });

  it('exits 1 on a store error and leaves the previous snapshot untouched', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'prestashop-schema.json'), 'previous good snapshot\n');
    const run = await runCli(['introspect', '--url', store.url, '--key', WRONG_KEY], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`error: ${store.url}/api: the store does not know this API key`);
    expect(readFileSync(join(cwd, 'prestashop-schema.json'), 'utf8')).toBe('previous good snapshot\n');
    expectNoKey(run.stdout, run.stderr);

    const fault = store.fault({ path: '/api/products', query: { schema: 'synopsis' }, status: 500, body: '' });
    const failing = await runCli(['introspect', '--url', store.url, '--key', FAKE_STORE_KEY, '--retries', '1'], {
      cwd,
    });
    fault.remove();
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(/resource "products"\): the store answered HTTP 500 after 2 attempts/);
    expect(readFileSync(join(cwd, 'prestashop-schema.json'), 'utf8')).toBe('previous good snapshot\n');
    expect(readdirSync(cwd)).toEqual(['prestashop-schema.json']);
  });

  it('exits 2 on bad usage or a URL that is not a store', async () => {
    const cwd = tempDir();
    const cases: string[][] = [
      ['introspect', '--url', store.url],
      ['introspect', '--key', FAKE_STORE_KEY],
      ['introspect', '--url', 'not a url', '--key', FAKE_STORE_KEY],
      ['introspect', '--url', store.url, '--key', FAKE_STORE_KEY, '--concurrency', '0'],
      ['introspect', '--url', store.url, '--key', FAKE_STORE_KEY, '--synopsis-format', 'yaml'],
      ['introspect', '--url', store.url, '--key', FAKE_STORE_KEY, '--bogus'],
      ['introspect', '--url', `${store.url}/wrong-path`, '--key', FAKE_STORE_KEY],
      ['nonsense'],
    ];
    for (const argv of cases) {
      const run = await runCli(argv, { cwd });
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/error: /);
      expectNoKey(run.stdout, run.stderr);
    }
    const notStore = await runCli(['introspect', '--url', `${store.url}/wrong-path`, '--key', FAKE_STORE_KEY], { cwd });
    expect(notStore.stderr).toContain(`${store.url}/wrong-path/api`);
    expect(notStore.stderr).toMatch(/is --url the shop's base address/);
    expect(existsSync(join(cwd, 'prestashop-schema.json'))).toBe(false);
  });

  it('shows examples in --help', async () => {
    // yargs prints help through console.log.
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const run = await runCli(['introspect', '--help']);
    const help = log.mock.calls.map((c) => c.join(' ')).join('\n');
    log.mockRestore();
    expect(run.code).toBe(0);
    expect(help).toContain('Examples:');
    expect(help).toContain('--synopsis-format');
    expect(help).toContain('PRESTASHOP_API_KEY');
  });
});

describe('prestashop-codegen demo', () => {
  it('introspects the bundled 8.2.0 store into demo/prestashop-schema.json', async () => {
    const cwd = tempDir();
    const run = await runCli(['demo'], { cwd });
    expect(run.code).toBe(0);
    expect(readFileSync(join(cwd, 'demo/prestashop-schema.json'), 'utf8')).toBe(GOLDEN);
    expect(run.stdout).toContain('Snapshot: demo/prestashop-schema.json');
    expect(run.stdout).toMatch(/Introspected 69 resources/);
    expectNoKey(run.stdout, run.stderr);
  });
});
