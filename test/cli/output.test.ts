/**
 * What the commands print: --quiet (errors only), --json reports valid against their schemas,
 * a progress bar that moves steadily and survives a 0-column terminal, and GitHub annotations
 * with the snapshot line of each change.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Reporter } from '../../src/cli/reporter.js';
import { snapshotLineIndex } from '../../src/cli/snapshot-lines.js';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { introspectStore } from '../../src/introspect/index.js';
import { parseSnapshot, serializeSnapshot } from '../../src/model/index.js';
import { runCli, tempDir } from './helpers.js';

const MINI = fileURLToPath(new URL('../../fixtures/mini/catalog.json', import.meta.url));
const schemaFile = (name: string): object =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../schemas/${name}-output.schema.json`, import.meta.url)), 'utf8'),
  ) as object;
const ajv = new Ajv2020({ strict: true, allErrors: true });
const validate = (name: string, value: unknown): void => {
  const check = ajv.compile(schemaFile(name));
  expect(check(value), JSON.stringify(check.errors)).toBe(true);
};

let store: FakeStore;
beforeAll(async () => {
  store = await startFakeStore({ flavor: '8.x' });
});
afterAll(async () => {
  await store.close();
});
const env = (): NodeJS.ProcessEnv => ({ PRESTASHOP_URL: store.url, PRESTASHOP_API_KEY: FAKE_STORE_KEY });

describe('--json reports', () => {
  it('introspect, generate (and --check) and doctor print one document valid against its schema', async () => {
    const dir = tempDir();
    const intro = await runCli(['introspect', '--json'], { cwd: dir, env: env() });
    expect(intro.code).toBe(0);
    const report = JSON.parse(intro.stdout) as { snapshot: { path: string }; summary: { resources: number } };
    validate('introspect', report);
    expect(report.snapshot.path).toBe('prestashop-schema.json');
    expect(report.summary.resources).toBeGreaterThan(50);

    const gen = await runCli(['generate', '--out', 'gen', '--no-format', '--json'], { cwd: dir });
    expect(gen.code).toBe(0);
    validate('generate', JSON.parse(gen.stdout));
    writeFileSync(join(dir, 'gen/types/products.ts'), '// edited\n');
    const check = await runCli(['generate', '--out', 'gen', '--no-format', '--check', '--json'], { cwd: dir });
    expect(check.code).toBe(1);
    const checked = JSON.parse(check.stdout) as { upToDate: boolean; drift: { changed: string[] } };
    validate('generate', checked);
    expect(checked).toMatchObject({ upToDate: false, drift: { changed: ['types/products.ts'] } });

    const doctor = await runCli(['doctor', '--json', '--include', 'products'], { cwd: dir, env: env() });
    expect(doctor.code).toBe(0);
    validate('doctor', JSON.parse(doctor.stdout));
    const down = await runCli(['doctor', '--json', '--url', 'http://127.0.0.1:9', '--retries', '0'], {
      cwd: dir,
      env: env(),
    });
    expect(down.code).toBe(1);
    const sick = JSON.parse(down.stdout) as { healthy: boolean; findings: { code: string; fix: string | null }[] };
    validate('doctor', sick);
    expect(sick.healthy).toBe(false);
    expect(sick.findings.find((f) => f.code === 'unreachable')?.fix).toMatch(/nothing answers at this address/i);
  }, 30_000);

  it('--json is spelt the same on export, diff and impact (where it is --format json)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'prestashop-schema.json'), readFileSync(MINI));
    const exported = await runCli(['export', '--out', 'openapi.json', '--json'], { cwd: dir });
    expect(exported.code).toBe(0);
    const report = JSON.parse(exported.stdout) as { bytes: number; resources: number };
    validate('export', report);
    expect(report).toMatchObject({
      command: 'export',
      format: 'openapi',
      out: 'openapi.json',
      bytes: readFileSync(join(dir, 'openapi.json')).length,
    });

    const viaJson = await runCli(['diff', 'prestashop-schema.json', 'prestashop-schema.json', '--json'], { cwd: dir });
    const viaFormat = await runCli(['diff', 'prestashop-schema.json', 'prestashop-schema.json', '--format', 'json'], {
      cwd: dir,
    });
    expect(viaJson.code).toBe(0);
    expect(viaJson.stdout).toBe(viaFormat.stdout);
    expect(JSON.parse(viaJson.stdout)).toMatchObject({ formatVersion: 1 });
    const clash = await runCli(
      ['diff', 'prestashop-schema.json', 'prestashop-schema.json', '--json', '--format', 'markdown'],
      { cwd: dir },
    );
    expect({ code: clash.code, stderr: clash.stderr }).toEqual({
      code: 2,
      stderr: 'error: --json: prints the JSON report; drop --format markdown\n',
    });
    const impact = await runCli(
      [
        'impact',
        'a.json',
        'b.json',
        '--project',
        'tsconfig.json',
        '--generated',
        'gen',
        '--json',
        '--format',
        'github',
      ],
      { cwd: dir },
    );
    expect(impact.stderr).toBe('error: --json: prints the JSON report; drop --format github\n');
  });
});

describe('--quiet', () => {
  it('prints errors only: no summary, no warnings', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'prestashop-schema.json'), readFileSync(MINI));
    const loud = await runCli(['generate', '--out', 'gen', '--no-format'], { cwd: dir });
    expect(loud.stdout).toMatch(/^Generated \d+ files/);
    expect(loud.stderr).toContain('warning:');
    const quiet = await runCli(['generate', '--out', 'gen', '--no-format', '--quiet'], { cwd: dir });
    expect(quiet).toEqual({ code: 0, stdout: '', stderr: '' });
    const failing = await runCli(['generate', '--out', 'gen', '--schema', 'missing.json', '--quiet'], { cwd: dir });
    expect(failing.code).toBe(2);
    expect(failing.stderr).toMatch(/^error: .*missing\.json: no snapshot here/);
  });
});

class Tty extends Writable {
  text = '';
  isTTY = true;
  constructor(readonly columns: number) {
    super();
  }
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

describe('progress', () => {
  it('resources finish one after another: half of them are done before 70% of the requests', async () => {
    const slow = await startFakeStore({ flavor: '8.x', latencyMs: 2 });
    try {
      const seen: { done: number; requests: number }[] = [];
      const result = await introspectStore({
        url: slow.url,
        key: FAKE_STORE_KEY,
        concurrency: 4,
        onProgress: (done) => seen.push({ done, requests: slow.requests.length }),
      });
      const total = result.summary.requests;
      const half = seen.find((s) => s.done >= result.summary.resources / 2)!;
      expect(half.requests / total).toBeLessThan(0.7);
      expect(seen[0]!.requests / total).toBeLessThan(0.2);
    } finally {
      await slow.close();
    }
  }, 30_000);

  it('a terminal reporting 0 columns does not cut the label', () => {
    const stderr = new Tty(0);
    const reporter = new Reporter({ stdout: new Tty(0), stderr });
    reporter.progress(2, 69, 'search');
    expect(stderr.text).toMatch(/2\/69 search$/);
    const narrow = new Tty(20);
    new Reporter({ stdout: narrow, stderr: narrow }).progress(2, 69, 'search');
    expect(narrow.text.replace(/^\r\u001b\[2K/, '')).toHaveLength(19);
  });
});

describe('GitHub annotations', () => {
  it('name the line of the field or resource in the snapshot file', async () => {
    const dir = tempDir();
    const mini = parseSnapshot(readFileSync(MINI, 'utf8'), 'mini');
    const changed = {
      ...mini,
      resources: mini.resources.map((r) =>
        r.name === 'products' ? { ...r, fields: r.fields.filter((f) => f.name !== 'price').concat() } : r,
      ),
    };
    writeFileSync(join(dir, 'old.json'), serializeSnapshot(mini));
    const newText = serializeSnapshot({
      ...changed,
      resources: changed.resources.filter((r) => r.name !== 'customers'),
    });
    writeFileSync(join(dir, 'new.json'), newText);
    const run = await runCli(['diff', 'old.json', 'new.json', '--format', 'github'], { cwd: dir });
    const lines = newText.split('\n');
    const priceRemoved = run.stdout.split('\n').find((l) => l.includes('products.price'))!;
    const line = Number(/line=(\d+)/.exec(priceRemoved)![1]);
    // A removed field points at its resource in the new snapshot.
    expect(lines[line - 1]).toBe('      "name": "products",');
    const customers = run.stdout.split('\n').find((l) => l.includes('(resource-removed)'))!;
    expect(customers).toMatch(/^::error file=new\.json,title=/);
    const at = snapshotLineIndex(newText);
    const nameLine = at({ resource: 'products', method: null, association: null, field: 'name' })!;
    expect(lines[nameLine - 1]).toMatch(/^ {10}"name": "name",$/);
  });
});

describe('generate --check --verbose', () => {
  it('prints a patch that git apply accepts from the repository root', async () => {
    const repo = tempDir();
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    const pkg = join(repo, 'pkg');
    mkdirSync(pkg);
    writeFileSync(join(pkg, 'prestashop-schema.json'), readFileSync(MINI));
    expect((await runCli(['generate', '--out', 'gen', '--no-format'], { cwd: pkg })).code).toBe(0);
    writeFileSync(join(pkg, 'gen/types/products.ts'), '// edited by hand\n');
    rmSync(join(pkg, 'gen/types/customers.ts'));
    // Without clients, the client files are stale: the patch deletes them.
    const check = await runCli(['generate', '--out', 'gen', '--no-format', '--no-clients', '--check', '--verbose'], {
      cwd: pkg,
    });
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('--- a/pkg/gen/types/products.ts\n+++ b/pkg/gen/types/products.ts');
    expect(check.stdout).toContain('--- /dev/null\n+++ b/pkg/gen/types/customers.ts');
    expect(check.stdout).toContain('--- a/pkg/gen/clients/products.ts\n+++ /dev/null');
    const patch = check.stdout.slice(0, check.stdout.lastIndexOf('\ngen is out of date') + 1);
    expect(patch).toMatch(/^={10,}\n/);
    writeFileSync(join(repo, 'drift.patch'), patch);
    git('apply', 'drift.patch');
    const after = await runCli(['generate', '--out', 'gen', '--no-format', '--no-clients', '--check'], { cwd: pkg });
    expect(after.stdout).toMatch(/^gen is up to date/);
    expect(after.code).toBe(0);
  });
});
