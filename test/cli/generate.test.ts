/**
 * `prestashop-codegen generate` end to end through `main()`: summary, exit codes, --check drift,
 * options from flags, errors.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_STORE_KEY, startFakeStore } from '../../src/fakestore/index.js';
import { typecheck } from '../emit/typecheck.js';
import { runCli, type CliRun } from './helpers.js';

const MINI = fileURLToPath(new URL('../../fixtures/mini/', import.meta.url));
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'psc-gen-'));
  await copyFile(join(MINI, 'catalog.json'), join(dir, 'prestashop-schema.json'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (...argv: string[]): Promise<CliRun> => runCli(argv, { cwd: dir });

/** Every generated file under `root`, keyed by its path relative to it. */
async function readTree(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const full = join(entry.parentPath, entry.name);
    files.set(relative(root, full).split('\\').join('/'), await readFile(full, 'utf8'));
  }
  return files;
}

describe('generate', () => {
  it('generates from the default snapshot, then a no-op run writes nothing', async () => {
    const first = await run('generate', '--out', 'gen', '--no-format');
    expect(first.code).toBe(0);
    const summary =
      /^Generated (\d+) files in gen: (\d+) written, 0 unchanged, 0 removed \(load \d+ ms, emit \d+ ms, format \d+ ms( on \d+ threads)?, write \d+ ms\)\n$/.exec(
        first.stdout,
      );
    expect(summary).not.toBeNull();
    const count = summary![1]!;
    expect(summary![2]).toBe(count);
    expect(first.stderr).toContain('warning: products.colour_code: format "isColourCodeFromModule" is unknown');
    expect(await readFile(join(dir, 'gen/types/products.ts'), 'utf8')).toContain('export interface Product {');
    const second = await run('generate', '--out', 'gen', '--no-format');
    expect(second.stdout).toContain(`${count} files in gen: 0 written, ${count} unchanged, 0 removed`);
  });

  it('counts core fields PrestaShop declares without a type apart from module fields (products.new is core)', async () => {
    await copyFile(
      fileURLToPath(new URL('../../baselines/prestashop-8.2.0.json', import.meta.url)),
      join(dir, 'core.json'),
    );
    const { code, stdout, stderr } = await run(
      'generate',
      '--schema',
      'core.json',
      '--out',
      'gen',
      '--no-format',
      '--verbose',
    );
    expect(code).toBe(0);
    const text = stdout + stderr;
    expect(text).toMatch(/\d+ fields typed as plain strings \(\d+ core fields PrestaShop declares without a type\)/);
    expect(text).toContain('typed as a plain string: products.new (core, no declared type)');
    expect(text).not.toContain('module field');
  });

  it('formats with prettier by default', async () => {
    const { code } = await run('generate', '--schema', 'prestashop-schema.json', '--out', 'gen');
    expect(code).toBe(0);
    const text = await readFile(join(dir, 'gen/types/products.ts'), 'utf8');
    expect(text).toContain('import type {\n  Extensions,\n');
  });

  it('--check: 0 when up to date; 1 with a diff on a changed, a missing and a stale file', async () => {
    await run('generate', '--out', 'gen');
    const clean = await run('generate', '--out', 'gen', '--check');
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^gen is up to date: \d+ files checked/);

    const products = join(dir, 'gen/types/products.ts');
    await writeFile(products, (await readFile(products, 'utf8')).replace('price: number;', 'price: string;'));
    const short = await run('generate', '--out', 'gen', '--check');
    expect(short.code).toBe(1);
    expect(short.stdout).toContain('  changed: types/products.ts');
    expect(short.stdout).not.toContain('---');
    const changed = await run('generate', '--out', 'gen', '--check', '--verbose');
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('--- a/gen/types/products.ts');
    expect(changed.stdout).toContain('-  price: string;\n+  price: number;');
    expect(changed.stdout).toMatch(/gen is out of date: 0 missing, 1 changed, 0 stale/);

    await rm(join(dir, 'gen/types/orders.ts'));
    expect((await run('generate', '--out', 'gen', '--check')).stdout).toMatch(/1 missing, 1 changed, 0 stale/);

    await run('generate', '--out', 'gen');
    await copyFile(join(MINI, 'spec-store.json'), join(dir, 'prestashop-schema.json'));
    const stale = await run('generate', '--out', 'gen', '--check', '--verbose');
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/stale/);
    expect(stale.stdout).toContain('--- a/gen/types/orders.ts\n+++ /dev/null');
    expect(existsSync(join(dir, 'gen/types/orders.ts'))).toBe(true);

    const regenerated = await run('generate', '--out', 'gen');
    expect(regenerated.stdout).toMatch(/removed/);
    expect(existsSync(join(dir, 'gen/types/orders.ts'))).toBe(false);
    expect((await run('generate', '--out', 'gen', '--check')).code).toBe(0);
  });

  it('options from flags change the output', async () => {
    await run('generate', '--out', 'gen', '--no-format', '--decimals', 'string', '--dates', 'Date', '--no-branded-ids');
    const text = await readFile(join(dir, 'gen/types/products.ts'), 'utf8');
    expect(text).toContain('  price: string;');
    expect(text).toContain('  date_add: Date | null;');
    expect(text).toContain('  id_manufacturer: number;');
  });

  it('the config file mirrors the flags, and flags win', async () => {
    await writeFile(
      join(dir, 'prestashop-codegen.config.json'),
      JSON.stringify({ out: 'gen', generate: { decimals: 'string', brandedIds: false, format: false } }),
    );
    expect((await run('generate')).code).toBe(0);
    let text = await readFile(join(dir, 'gen/types/products.ts'), 'utf8');
    expect(text).toContain('  price: string;');
    expect(text).toContain('  id_manufacturer: number;');
    expect(text).not.toContain('import type {\n'); // not formatted
    expect((await run('generate', '--decimals', 'number', '--branded-ids')).code).toBe(0);
    text = await readFile(join(dir, 'gen/types/products.ts'), 'utf8');
    expect(text).toContain('  price: number;');
    expect(text).toContain('  id_manufacturer: Id<"manufacturers">;');
  });

  it.each([
    [{ generate: { decimals: 'float' } }, /generate\.decimals.*expected one of number, string/],
    [{ generate: { brandedIds: 'yes' } }, /generate\.brandedIds.*expected true or false/],
    [{ generate: { colours: true } }, /generate\.colours.*unknown option/],
  ])('a bad generate option in the config file exits 2 naming it: %j', async (config, message) => {
    await writeFile(join(dir, 'prestashop-codegen.config.json'), JSON.stringify({ out: 'gen', ...config }));
    const { code, stderr } = await run('generate');
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it.each([
    [['generate', '--out', 'gen', '--schema', 'missing.json'], /missing\.json: no snapshot here/],
    [['generate', '--out', 'gen', '--decimals', 'float'], /decimals/],
    [['generate', '--schema', 'prestashop-schema.json'], /--out <dir>/],
    [['generate', '--out', 'gen', '--url', 'http://127.0.0.1:9'], /API key/],
    [['generate', '--out', 'gen', '--default-language', '0'], /default-language/],
  ])('usage and input errors exit 2: %j', async (argv, message) => {
    const { code, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(existsSync(join(dir, 'gen'))).toBe(false);
  });

  it("refuses to overwrite the user's own files unless --force", async () => {
    await writeFile(join(dir, 'index.ts'), 'export const app = 1;\n');
    const refused = await run('generate', '--out', '.', '--no-format');
    expect(refused.code).toBe(2);
    // The working directory holds the snapshot and no manifest: not an earlier output.
    expect(refused.stderr).toMatch(
      /refused: the directory is not empty \("prestashop-schema\.json"\) and holds no prestashop-codegen manifest.*--force/,
    );
    expect(await readFile(join(dir, 'index.ts'), 'utf8')).toBe('export const app = 1;\n');
    expect((await run('generate', '--out', '.', '--no-format', '--force')).code).toBe(0);
  });

  it('a broken snapshot exits 2 naming the file and the bad item', async () => {
    await writeFile(
      join(dir, 'prestashop-schema.json'),
      JSON.stringify({ schemaVersion: 1, store: {}, resources: [] }),
    );
    const { code, stderr } = await run('generate', '--out', 'gen');
    expect(code).toBe(2);
    expect(stderr).toMatch(/prestashop-schema\.json: \$\.store\.languages: expected an array/);
  });
});

describe('generate from a live store, and the demo', () => {
  it('--url introspects the store first, and the key never shows', async () => {
    const store = await startFakeStore({ flavor: '8.x' });
    try {
      const result = await runCli(['generate', '--url', store.url, '--out', 'gen', '--no-format'], {
        cwd: dir,
        env: { PRESTASHOP_API_KEY: FAKE_STORE_KEY },
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Generated (\d+) files in gen: \1 written/);
      const files = await readTree(join(dir, 'gen'));
      expect(files.get('types/products.ts')).toContain('id_manufacturer: Id<"manufacturers">;');
      for (const text of [result.stdout, result.stderr, ...files.values()]) expect(text).not.toContain(FAKE_STORE_KEY);
    } finally {
      await store.close();
    }
  });

  it('`demo` generates code into demo/generated that a user imports and type-checks against', async () => {
    const first = await runCli(['demo'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Generated \d+ files in demo\/generated: \d+ written, 0 unchanged, 0 removed/);
    const files = await readTree(join(dir, 'demo/generated'));
    expect(files.get('types/products.ts')).toContain('export interface Product {\n');
    const use = `
import type { Product, ProductInput, Id } from './out/index.js';
declare const p: Product;
export const input: ProductInput = p;
export const brand: Id<'manufacturers'> = p.id_manufacturer;
export const name: string | undefined = p.name.find((l) => l.id === 1)?.value;
`;
    expect(typecheck(files, 'nodenext', { 'use.ts': use })).toEqual([]);
    const again = await runCli(['demo'], { cwd: dir });
    expect(again.stdout).toMatch(/in demo\/generated: 0 written, \d+ unchanged, 0 removed/);
  });
});
