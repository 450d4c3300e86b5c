/**
 * Tree-shaking: a program that builds one resource's client on `createClientContext` keeps only
 * that resource's modules when bundled (esbuild, with its metafile), even through the top-level
 * barrel; `createClient` keeps every resource. Sizes are measured in `npm run bench` (output).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEmitOptions } from '../../src/emit/context.js';
import { emitAll } from '../../src/emit/index.js';
import { parseSnapshot } from '../../src/model/index.js';
import { readRuntimeTemplates } from '../../src/templates.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'psc-tree-shaking-'));
  const model = parseSnapshot(await readFile(new URL('../golden/prestashop-8.2.0/prestashop-schema.json', import.meta.url), 'utf8'));
  const { files } = emitAll(model, resolveEmitOptions(), { templates: await readRuntimeTemplates() });
  for (const [path, text] of files) {
    await mkdir(dirname(join(dir, 'out', path)), { recursive: true });
    await writeFile(join(dir, 'out', path), text);
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The generated modules (paths under out/) that contribute bytes to the bundle of `source`. */
async function kept(name: string, source: string): Promise<string[]> {
  const entry = join(dir, `${name}.ts`);
  await writeFile(entry, source);
  const result = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'neutral', write: false, metafile: true, logLevel: 'silent' });
  const [output] = Object.values(result.metafile.outputs);
  return Object.entries(output!.inputs)
    .filter(([, i]) => i.bytesInOutput > 0)
    .map(([p]) => p.replace(/^.*?out\//, ''))
    .filter((p) => !p.endsWith(`${name}.ts`))
    .sort();
}

const resourceModules = (paths: readonly string[]): string[] => paths.filter((p) => /^(clients|validators|types)\/(?!_|index\.ts)/.test(p));

describe('a program that uses one resource', () => {
  it('keeps only that resource\'s client and validators, through the barrel', async () => {
    const modules = await kept(
      'one',
      "import { createClientContext, createProductsClient } from './out/index.js';\n" +
        "const products = createProductsClient(createClientContext({ baseUrl: 'https://shop.example', apiKey: 'k' }));\n" +
        'console.log(await products.get(1));\n',
    );
    expect(resourceModules(modules)).toEqual(['clients/products.ts', 'validators/products.ts']);
    expect(modules).toContain('clients/_context.ts');
  });

  it('createClient keeps every resource (the reason for the per-resource factory)', async () => {
    const modules = await kept(
      'all',
      "import { createClient } from './out/index.js';\n" +
        "console.log(await createClient({ baseUrl: 'https://shop.example', apiKey: 'k' }).products.get(1));\n",
    );
    expect(resourceModules(modules).filter((p) => p.startsWith('clients/')).length).toBeGreaterThan(50);
  });
});
