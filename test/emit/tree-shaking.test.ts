/**
 * Tree-shaking: a program that builds one resource's client on `createClientContext` keeps only
 * that resource's modules when bundled (esbuild, with its metafile), even through the top-level
 * barrel; `createClient` keeps every resource. With code splitting, a program that only reads
 * loads none of the write side (XML writing, validators, validation engine): it is in chunks
 * imported on the first write. Sizes are measured in `npm run bench` (output).
 */
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
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
  const model = parseSnapshot(
    await readFile(new URL('../golden/prestashop-8.2.0/prestashop-schema.json', import.meta.url), 'utf8'),
  );
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
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = Object.values(result.metafile.outputs);
  // A dynamic import()'s target leaves a namespace stub (about 30 bytes) even where the importing
  // client is dropped: those are not the module's code.
  return Object.entries(output!.inputs)
    .filter(([, i]) => i.bytesInOutput > 64)
    .map(([p]) => p.replace(/^.*?out\//, ''))
    .filter((p) => !p.endsWith(`${name}.ts`))
    .sort();
}

/**
 * The generated modules in the chunks `source` loads up front (its entry chunk and the chunks
 * that imports statically) and in the chunks it imports dynamically, bundled with code splitting.
 */
async function split(name: string, source: string): Promise<{ eager: string[]; lazy: string[] }> {
  const entry = join(dir, `${name}.ts`);
  await writeFile(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    outdir: join(dir, `dist-${name}`),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const start = Object.keys(outputs).find((k) => outputs[k]!.entryPoint?.endsWith(`/${name}.ts`) === true)!;
  const eager = new Set<string>();
  for (const stack = [start]; stack.length > 0;) {
    const k = stack.pop()!;
    if (eager.has(k)) continue;
    eager.add(k);
    for (const i of outputs[k]!.imports) if (i.kind === 'import-statement') stack.push(i.path);
  }
  const modules = (keys: string[]): string[] =>
    [
      ...new Set(
        keys.flatMap((k) =>
          Object.entries(outputs[k]!.inputs)
            .filter(([, i]) => i.bytesInOutput > 0)
            .map(([p]) => p.replace(/^.*?out\//, '')),
        ),
      ),
    ].sort();
  const reached = outputs[start]!.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
  return {
    eager: modules([...eager]),
    lazy: modules(
      reached.flatMap((k) => [
        k,
        ...outputs[k]!.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path),
      ]),
    ),
  };
}

const resourceModules = (paths: readonly string[]): string[] =>
  paths.filter((p) => /^(clients|validators|types)\/(?!_|index\.ts)/.test(p));

describe('a program that uses one resource', () => {
  it("keeps only that resource's client and validators, through the barrel", async () => {
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

describe('a program that only reads, bundled with code splitting', () => {
  const WRITE_SIDE = /^runtime\/(write|xml-write|check|rules|validation[-\w]*)\.ts$|^validators\//;

  it('loads the read path up front and the write side only on a write', async () => {
    const { eager, lazy } = await split(
      'reads',
      "import { createClientContext, createProductsClient } from './out/clients/index.js';\n" +
        "const products = createProductsClient(createClientContext({ baseUrl: 'https://shop.example', apiKey: 'k' }));\n" +
        'console.log(await products.get(1));\n',
    );
    expect(eager).toEqual(
      expect.arrayContaining([
        'clients/products.ts',
        'runtime/http.ts',
        'runtime/decode.ts',
        'runtime/xml.ts',
        'runtime/query.ts',
      ]),
    );
    expect(eager.filter((p) => WRITE_SIDE.test(p))).toEqual([]);
    expect(resourceModules(eager)).toEqual(['clients/products.ts']);
    // The chunks `create`/`update`/`patch` import: the write operations, the XML writer, the validators.
    expect(lazy).toEqual(
      expect.arrayContaining([
        'runtime/write.ts',
        'runtime/xml-write.ts',
        'runtime/check.ts',
        'validators/products.ts',
      ]),
    );
  });

  // The top-level index.js re-exports every validator; esbuild then puts each validator (a file
  // that an import() elsewhere keeps) in a chunk the entry imports, unless the package is marked
  // free of side effects (docs/clients.md says so).
  it('through the top-level barrel, only with "sideEffects": false', async () => {
    const source =
      "import { createClientContext, createProductsClient } from './out/index.js';\n" +
      "console.log(await createProductsClient(createClientContext({ baseUrl: 'https://shop.example', apiKey: 'k' })).get(1));\n";
    expect((await split('barrel', source)).eager.filter((p) => WRITE_SIDE.test(p)).length).toBeGreaterThan(50);
    await writeFile(join(dir, 'package.json'), '{ "sideEffects": false }\n');
    try {
      const { eager } = await split('barrel', source);
      expect(eager.filter((p) => WRITE_SIDE.test(p))).toEqual([]);
    } finally {
      await unlink(join(dir, 'package.json'));
    }
  });
});
