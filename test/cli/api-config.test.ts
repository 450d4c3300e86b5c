/**
 * The programmatic API (the same code the commands run) and the config file: paths relative to
 * the file, named stores (`--store`, `diff store:a store:b`), and clear load errors.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUserConfig } from '../../src/config/load.js';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import {
  defineConfig,
  diff,
  doctor,
  exportSnapshot,
  generate,
  introspect,
  InputError,
  loadSnapshot,
  WriteError,
} from '../../src/index.js';
import { renderExport } from '../../src/export/index.js';
import { serializeSnapshot } from '../../src/model/index.js';
import { runCli, tempDir } from './helpers.js';

const MINI = fileURLToPath(new URL('../../fixtures/mini/catalog.json', import.meta.url));
let store: FakeStore;
let other: FakeStore;
beforeAll(async () => {
  [store, other] = await Promise.all([startFakeStore({ flavor: '8.x' }), startFakeStore({ flavor: '1.7' })]);
});
afterAll(async () => {
  await Promise.all([store.close(), other.close()]);
});

describe('programmatic API', () => {
  it('introspect → loadSnapshot → generate (map, then written) → diff', async () => {
    const dir = tempDir();
    const out = join(dir, 'schema.json');
    const result = await introspect({
      url: store.url,
      key: FAKE_STORE_KEY,
      include: [],
      exclude: ['stock_movements'],
      out,
    });
    expect(result.snapshot).toEqual({ path: out, changed: true });
    const schema = await loadSnapshot(out);
    expect(serializeSnapshot(schema)).toBe(readFileSync(out, 'utf8'));
    expect(schema.resources.some((r) => r.name === 'stock_movements')).toBe(false);

    const mini = await loadSnapshot(MINI);
    const warnings: string[] = [];
    const inMemory = await generate(mini, { format: false, onWarning: (m) => warnings.push(m) });
    expect(inMemory.write).toBeNull();
    expect(inMemory.files.get('types/products.ts')).toContain('export interface Product {');
    expect(warnings.some((w) => w.includes('isColourCodeFromModule'))).toBe(true);
    const written = await generate(MINI, { out: join(dir, 'gen'), format: false });
    expect(written.write?.written.length).toBe(inMemory.files.size);
    expect(readFileSync(join(dir, 'gen/types/products.ts'), 'utf8')).toBe(inMemory.files.get('types/products.ts'));

    expect(diff(mini, mini)).toEqual([]);
    const changes = diff(mini, schema);
    expect(changes.length).toBeGreaterThan(0);
    expect(defineConfig({ url: 'https://shop.example' })).toEqual({ url: 'https://shop.example' });
    await expect(loadSnapshot(join(dir, 'missing.json'))).rejects.toBeInstanceOf(InputError);
  }, 30_000);

  it('exportSnapshot returns the document and writes it with out; doctor checks a store', async () => {
    const dir = tempDir();
    const mini = await loadSnapshot(MINI);
    const inMemory = await exportSnapshot(MINI, { format: 'jsonschema' });
    expect(inMemory).toEqual({
      text: renderExport(mini, 'jsonschema'),
      format: 'jsonschema',
      resources: mini.resources.length,
      path: null,
    });
    const written = await exportSnapshot(mini, { out: join(dir, 'openapi.json'), decimals: 'string' });
    expect(readFileSync(join(dir, 'openapi.json'), 'utf8')).toBe(renderExport(mini, 'openapi', { decimals: 'string' }));
    expect(written.path).toBe(join(dir, 'openapi.json'));
    writeFileSync(join(dir, 'file'), '');
    await expect(exportSnapshot(mini, { out: join(dir, 'file', 'x.json') })).rejects.toBeInstanceOf(WriteError);

    const healthy = await doctor({ url: store.url, key: FAKE_STORE_KEY, include: ['products'] });
    expect(healthy.problems).toBe(0);
    expect(healthy.findings.some((f) => f.code === 'key-ok' || f.level === 'ok')).toBe(true);
    const wrongKey = await doctor({
      url: store.url,
      key: 'WRONGKEYWRONGKEYWRONGKEYWRONGKEY',
      include: ['products'],
      retries: 0,
    });
    expect(wrongKey.problems).toBeGreaterThan(0);
  }, 30_000);
});

describe('config file', () => {
  it('paths resolve against the config file, not the working directory', async () => {
    const proj = tempDir();
    writeFileSync(join(proj, 'schema.json'), readFileSync(MINI));
    writeFileSync(join(proj, 'prestashop-codegen.config.json'), JSON.stringify({ schema: 'schema.json', out: 'gen' }));
    const elsewhere = tempDir();
    const run = await runCli(['generate', '--config', join(proj, 'prestashop-codegen.config.json'), '--no-format'], {
      cwd: elsewhere,
    });
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    expect(existsSync(join(proj, 'gen/types/products.ts'))).toBe(true);
  });

  it('a config without a default export, and syntax errors, are reported with the fix and the line', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'prestashop-codegen.config.ts'),
      "export const config = { url: 'https://shop.example' };\n",
    );
    await expect(loadUserConfig(dir)).rejects.toThrow(
      /has no default export \(it exports config\); write `export default defineConfig\(\{ \.\.\. \}\)`/,
    );
    writeFileSync(join(dir, 'prestashop-codegen.config.ts'), "export default {\n  url: 'x' +,\n};\n");
    await expect(loadUserConfig(dir)).rejects.toThrow(
      /prestashop-codegen\.config\.ts: syntax error at line 2, column \d+/,
    );
    const json = tempDir();
    writeFileSync(join(json, 'prestashop-codegen.config.json'), '{\n  "url": "x",\n}\n');
    await expect(loadUserConfig(json)).rejects.toThrow(/not valid JSON at line 3, column 1/);
  });

  it('named stores: --store picks one, unknown names are refused, diff compares two by name', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'prestashop-codegen.config.json'),
      JSON.stringify({
        stores: {
          production: { url: store.url, keyEnv: 'PROD_KEY', schema: 'snapshots/production.json' },
          staging: { url: other.url, keyEnv: 'STAGING_KEY', introspect: { exclude: ['stock_movements'] } },
        },
      }),
    );
    mkdirSync(join(dir, 'snapshots'));
    const env = { PROD_KEY: FAKE_STORE_KEY, STAGING_KEY: FAKE_STORE_KEY };
    const prod = await runCli(['introspect', '--store', 'production', '--quiet'], { cwd: dir, env });
    expect(prod.stderr).toBe('');
    expect(prod.code).toBe(0);
    expect(existsSync(join(dir, 'snapshots/production.json'))).toBe(true);
    // generate --store reads that store's snapshot, offline.
    const before = store.requests.length;
    const gen = await runCli(['generate', '--store', 'production', '--out', 'gen', '--no-format', '--quiet'], {
      cwd: dir,
      env,
    });
    expect(gen.code).toBe(0);
    expect(existsSync(join(dir, 'gen/types/products.ts'))).toBe(true);
    expect(store.requests.length).toBe(before);
    const typo = await runCli(['introspect', '--store', 'prodution'], { cwd: dir, env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(
      'no store named "prodution" in the config file (known: production, staging); did you mean "production"?',
    );
    const noKey = await runCli(['introspect', '--store', 'staging'], { cwd: dir, env: {} });
    expect(noKey.stderr).toContain('set the environment variable STAGING_KEY');
    const compared = await runCli(['diff', 'store:production', 'store:staging', '--format', 'json'], { cwd: dir, env });
    expect(compared.stderr).not.toMatch(/error/);
    const report = JSON.parse(compared.stdout) as { old: { label: string }; new: { label: string; psVersion: string } };
    expect(report.old.label).toBe('store:production');
    expect(report.new.label).toBe('store:staging');
    expect(compared.stdout).not.toContain(FAKE_STORE_KEY);
  }, 30_000);

  it('store flags work wherever a store is given: generate --url, diff --new-url, doctor', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'old.json'), readFileSync(MINI));
    const env = { PRESTASHOP_API_KEY: FAKE_STORE_KEY };
    const flags = [
      '--exclude',
      'stock_movements',
      '--timeout',
      '20000',
      '--retries',
      '1',
      '--concurrency',
      '4',
      '--ws-key',
    ];
    const gen = await runCli(['generate', '--url', store.url, '--out', 'gen', '--no-format', '--quiet', ...flags], {
      cwd: dir,
      env,
    });
    expect(gen.stderr).toBe('');
    expect(gen.code).toBe(0);
    expect(existsSync(join(dir, 'gen/types/stock_movements.ts'))).toBe(false);
    expect(existsSync(join(dir, 'gen/types/products.ts'))).toBe(true);
    const before = store.requests.length;
    const d = await runCli(['diff', 'old.json', '--new-url', store.url, '--format', 'json', ...flags], {
      cwd: dir,
      env,
    });
    expect(d.stderr).not.toMatch(/error/);
    expect(store.requests.slice(before).every((r) => r.key === FAKE_STORE_KEY && !r.hadAuthorization)).toBe(true);
    const doc = await runCli(
      [
        'doctor',
        '--url',
        store.url,
        '--include',
        'products,customers',
        '--exclude',
        'customers',
        '--json',
        '--retries',
        '0',
      ],
      { cwd: dir, env },
    );
    expect(doc.code).toBe(0);
    expect(JSON.parse(doc.stdout)).toMatchObject({ command: 'doctor', healthy: true });
  }, 30_000);
});
