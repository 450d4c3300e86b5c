/**
 * The published package works: `npm pack` (dist/ must be built, as for every CLI test), install
 * the tarball into a fresh consumer project, then run its CLI and import its API there.
 *
 * The install is offline: the consumer's lock file takes the production dependencies' entries
 * (resolved URLs and integrity) from this repository's lock file, so `npm ci --offline` finds
 * every tarball in the npm cache that `npm ci` filled.
 */
import { execFile, type ExecFileOptions } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { reapAtTestEnd, stopChild } from '../hardening/children.js';
import { tempDir } from './helpers.js';

const execFileAsync = promisify(execFile);

/** `execFile` as a promise; the child is killed in a `finally` and when the test ends (even on a timeout). */
async function exec(
  file: string,
  args: string[],
  options: ExecFileOptions,
): Promise<{ stdout: string; stderr: string }> {
  const run = execFileAsync(file, args, { ...options, encoding: 'utf8' });
  reapAtTestEnd(run.child);
  try {
    return await run;
  } finally {
    stopChild(run.child);
  }
}
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface LockEntry {
  readonly dev?: boolean;
  readonly link?: boolean;
}

/** package.json and package-lock.json of a consumer that depends on the tarball only. */
function writeConsumer(dir: string, tarball: string): void {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const dependency = { 'prestashop-codegen': `file:${tarball}` };
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', version: '1.0.0', dependencies: dependency },
    'node_modules/prestashop-codegen': {
      version: pkg.version,
      resolved: `file:${tarball}`,
      license: pkg.license,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/') && entry.dev !== true && entry.link !== true) packages[path] = entry;
  }
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module', dependencies: dependency }),
  );
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', lockfileVersion: 3, requires: true, packages }),
  );
}

describe('npm pack', () => {
  it('installs into a fresh project, where the CLI and the programmatic API work', async () => {
    const dir = tempDir();
    const env = {
      ...process.env,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    };
    const { stdout } = await exec(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: ROOT,
      env,
    });
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    const shipped = packed!.files.map((f) => f.path);
    const needs = [
      'LICENSE',
      'dist/cli/bin.js',
      'dist/index.js',
      'dist/index.d.ts',
      'schemas/generate-output.schema.json',
      'templates/runtime/client.ts',
    ];
    for (const needed of [
      ...needs,
      'dist/testing/index.js',
      'dist/testing/index.d.ts',
      'fixtures/crud-seed/prestashop-8.2.0.json',
    ]) {
      expect(shipped, needed).toContain(needed);
    }
    expect(shipped.some((p) => p.startsWith('src/') || p.startsWith('test/'))).toBe(false);

    writeConsumer(dir, packed!.filename);
    await exec(NPM, ['ci', '--offline', '--ignore-scripts'], { cwd: dir, env });

    const bin = join(dir, 'node_modules/.bin/prestashop-codegen');
    const help = await exec(bin, ['--help'], { cwd: dir });
    expect(help.stdout).toContain('prestashop-codegen <command> [options]');

    // The whole path of a user: the demo (fake store → snapshot → code), then the API on its snapshot.
    await exec(bin, ['demo', '--quiet'], { cwd: dir });
    writeFileSync(
      join(dir, 'use-api.mjs'),
      [
        "import { defineConfig, diff, doctor, exportSnapshot, generate, impact, introspect, loadSnapshot } from 'prestashop-codegen';",
        "const schema = await loadSnapshot('demo/prestashop-schema.json');",
        'const { files } = await generate(schema, { format: false });',
        "const { text } = await exportSnapshot('demo/prestashop-schema.json', { format: 'openapi' });",
        "console.log(JSON.stringify({ types: files.has('types/products.ts'), changes: diff(schema, schema).length, openapi: JSON.parse(text).openapi, functions: [typeof introspect, typeof doctor, typeof impact], config: defineConfig({ out: 'x' }) }));",
      ].join('\n'),
    );
    const api = await exec(process.execPath, ['use-api.mjs'], { cwd: dir });
    expect(JSON.parse(api.stdout)).toEqual({
      types: true,
      changes: 0,
      openapi: '3.1.0',
      functions: ['function', 'function', 'function'],
      config: { out: 'x' },
    });
    expect(readFileSync(join(dir, 'demo/generated/types/products.ts'), 'utf8')).toContain('export interface Product {');

    // prestashop-codegen/testing, in ESM: a fake of the demo's snapshot serves a seeded product.
    writeFileSync(
      join(dir, 'use-testing.mjs'),
      [
        "import { createFakeStore } from 'prestashop-codegen/testing';",
        "const store = await createFakeStore('demo/prestashop-schema.json');",
        'try {',
        '  const res = await fetch(`${store.url}/api/products/1?output_format=JSON`, { headers: { authorization: `Basic ${btoa(`${store.key}:`)}` } });',
        "  console.log(JSON.stringify({ status: res.status, reference: (await res.json()).product.reference, records: store.records('products').length }));",
        '} finally {',
        '  await store.close();',
        '}',
      ].join('\n'),
    );
    const testing = await exec(process.execPath, ['use-testing.mjs'], { cwd: dir, timeout: 60_000 });
    expect(JSON.parse(testing.stdout)).toEqual({ status: 200, reference: 'demo_1', records: 3 });

    // CommonJS, both ways (docs/generate.md, "CommonJS projects"): require() of the package and of
    // its testing entry (Node >= 20.19 loads ES modules from require), and the generated output
    // compiled to CommonJS by tsc in a package without "type": "module", then required.
    const cjs = join(dir, 'cjs');
    mkdirSync(join(cjs, 'src'), { recursive: true });
    writeFileSync(join(cjs, 'package.json'), JSON.stringify({ name: 'cjs-consumer', version: '1.0.0', private: true }));
    await exec(
      bin,
      ['generate', '--schema', '../demo/prestashop-schema.json', '--out', 'src/prestashop', '--no-format'],
      { cwd: cjs },
    );
    const cjsOptions = {
      module: 'nodenext',
      target: 'es2022',
      strict: true,
      rootDir: 'src',
      outDir: 'dist',
      verbatimModuleSyntax: false,
      skipLibCheck: true,
      types: [],
    };
    writeFileSync(join(cjs, 'tsconfig.json'), JSON.stringify({ compilerOptions: cjsOptions, include: ['src'] }));
    await exec(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: cjs });
    writeFileSync(
      join(cjs, 'use.cjs'),
      [
        "const { loadSnapshot, generate } = require('prestashop-codegen');",
        "const { createFakeStore } = require('prestashop-codegen/testing');",
        "const { createClient } = require('./dist/prestashop/index.js');",
        '(async () => {',
        "  const store = await createFakeStore('../demo/prestashop-schema.json');",
        '  try {',
        '    const shop = createClient({ baseUrl: store.url, apiKey: store.key });',
        '    const product = await shop.products.get(1);',
        "    const { files } = await generate(await loadSnapshot('../demo/prestashop-schema.json'), { format: false });",
        "    console.log(JSON.stringify({ reference: product.reference, types: files.has('types/products.ts') }));",
        '  } finally {',
        '    await store.close();',
        '  }',
        '})();',
      ].join('\n'),
    );
    const required = await exec(process.execPath, ['use.cjs'], { cwd: cjs, timeout: 60_000 });
    expect(JSON.parse(required.stdout)).toEqual({ reference: 'demo_1', types: true });
    expect(readFileSync(join(cjs, 'dist/prestashop/index.js'), 'utf8')).toContain('require("./common.js")');

    // The API's types, as a consumer on strict nodenext sees them (a misuse must be an error).
    writeFileSync(
      join(dir, 'use-types.ts'),
      [
        "import { defineConfig, diff, generate, loadSnapshot, type GenerateResult, type StoreSchema } from 'prestashop-codegen';",
        "const schema: StoreSchema = await loadSnapshot('demo/prestashop-schema.json');",
        "const result: GenerateResult = await generate(schema, { validators: 'zod', format: false });",
        'export const count: number = result.files.size;',
        'export const severity: string | undefined = diff(schema, schema)[0]?.severity;',
        "export const config = defineConfig({ stores: { production: { url: 'https://shop.example', keyEnv: 'PROD_KEY' } } });",
        "const { createFakeStore } = await import('prestashop-codegen/testing');",
        "const fake = await createFakeStore(schema, { generation: '9.0', seed: (s) => void s.add('products', { reference: 'x' }) });",
        'export const key: string = fake.key;',
        '// @ts-expect-error: the generation is a closed set',
        "await createFakeStore(schema, { generation: '7' });",
        '// @ts-expect-error: validators is a closed set',
        "await generate(schema, { validators: 'yup' });",
      ].join('\n'),
    );
    const compilerOptions = {
      strict: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules/@types')],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['use-types.ts'] }));
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const checked = await exec(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(checked).toBe('');
    // npm pack, npm ci and three programs: past 120 s on a loaded machine.
  }, 300_000);
});
