// output: what the generated code costs its users, on the snapshot (formatted, as users commit it).
// - size: files, lines and bytes of the whole output (target: half of the 37.7k lines of 0.1.0);
// - churn: files a second `generate` rewrites after one maxSize change in the snapshot (target ≤ 3);
// - tree-shaking: a program that uses only `products.get`, bundled with esbuild (minified, gzip),
//   built on `createClientContext` + `createProductsClient` (target ≤ 15 KB), and the same program
//   through `createClient` for comparison. Writes load their code with import() (the write side of
//   the runtime, the validators): bundled with code splitting, the row that meets the target counts
//   what such a program loads up front (the entry chunk and the chunks it imports statically, each
//   gzipped on its own); the lazy chunks a first write loads are in the notes. Without splitting,
//   esbuild inlines every import(), so the one-file rows keep the write side.
// These are sizes and counts, not timings: one run each.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { listFiles } from '../measure.mjs';

/** Lines of the 8.2.0 output of prestashop-codegen 0.1.0 before issue 14 (217 files, 1.37 MB). */
const LINES_BEFORE = 37_700;

const SPLIT_PROGRAMS = {
  'per-resource factory from clients/index.js': `import { createClientContext, createProductsClient } from './out/clients/index.js';
const products = createProductsClient(createClientContext({ baseUrl: process.env.URL, apiKey: process.env.KEY }));
console.log(await products.get(1));
`,
  'per-resource factory from index.js': `import { createClientContext, createProductsClient } from './out/index.js';
const products = createProductsClient(createClientContext({ baseUrl: process.env.URL, apiKey: process.env.KEY }));
console.log(await products.get(1));
`,
};

SPLIT_PROGRAMS['createClient'] = `import { createClient } from './out/index.js';
const client = createClient({ baseUrl: process.env.URL, apiKey: process.env.KEY });
console.log(await client.products.get(1));
`;

const PROGRAMS = {
  'per-resource factory': `import { createClientContext, createProductsClient } from './out/index.js';
const products = createProductsClient(createClientContext({ baseUrl: process.env.URL, apiKey: process.env.KEY }));
console.log(await products.get(1));
`,
  createClient: `import { createClient } from './out/index.js';
const client = createClient({ baseUrl: process.env.URL, apiKey: process.env.KEY });
console.log(await client.products.get(1));
`,
};

async function generate(ctx, snapshot, out) {
  const res = await ctx.runCli(['generate', '--schema', snapshot, '--out', out]);
  if (res.code !== 0)
    throw new Error(`generate exited ${res.code}: ${res.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return res;
}

/** Minified and gzip-compressed bytes of `entry` bundled with esbuild, and the generated modules it keeps. */
async function bundle(entry) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const kept = Object.entries(Object.values(result.metafile.outputs)[0].inputs)
    .filter(([, i]) => i.bytesInOutput > 64) // not the ~30-byte stub an import() target leaves
    .map(([p]) => p);
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, kept };
}

/**
 * `entry` bundled with code splitting: what it loads up front (its chunk and the chunks imported
 * statically, gzipped one by one) and what its dynamic imports load on top (the lazy chunks).
 */
async function splitBundle(entry, outdir) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    outdir,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const contents = new Map(result.outputFiles.map((f) => [f.path, f.contents]));
  const fileOf = (key) => [...contents.keys()].find((p) => p.endsWith(`/${key.split('/').pop()}`));
  const closure = (starts, skip = new Set()) => {
    const seen = new Set();
    for (const stack = [...starts]; stack.length > 0;) {
      const k = stack.pop();
      if (seen.has(k) || skip.has(k)) continue;
      seen.add(k);
      for (const i of outputs[k].imports) if (i.kind === 'import-statement') stack.push(i.path);
    }
    return seen;
  };
  const sizes = (keys) => {
    let minified = 0;
    let gzip = 0;
    for (const k of keys) {
      const code = contents.get(fileOf(k));
      minified += code.length;
      gzip += gzipSync(code, { level: 9 }).length;
    }
    return { minified, gzip, chunks: keys.size };
  };
  const start = Object.keys(outputs).find((k) => outputs[k].entryPoint?.endsWith(`/${entry.split('/').pop()}`));
  const eager = closure([start]);
  const dynamic = [...eager].flatMap((k) =>
    outputs[k].imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
  );
  return { eager: sizes(eager), lazy: sizes(closure(dynamic, eager)) };
}

export default {
  name: 'output',
  title: 'generated output: size, churn of one field change, products.get bundle',
  async run(ctx) {
    ctx.requireSnapshot();
    if (!(await ctx.hasCommand('generate'))) ctx.skip('the `generate` command is not in dist/cli yet');
    const project = ctx.workPath('output');
    const out = join(project, 'out');
    await rm(project, { recursive: true, force: true });
    await mkdir(project, { recursive: true });
    await generate(ctx, ctx.snapshot, out);

    let lines = 0;
    let bytes = 0;
    const files = [...(await listFiles(out)).keys()].filter((p) => p.endsWith('.ts'));
    for (const p of files) {
      const text = await readFile(join(out, p), 'utf8');
      bytes += Buffer.byteLength(text);
      lines += text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    }

    // One maxSize change (products.reference, or the first field with a maxSize), generated into the same directory.
    const raw = JSON.parse(await readFile(ctx.snapshot, 'utf8'));
    const resource = raw.resources.find((r) => r.name === 'products') ?? raw.resources[0];
    const field =
      resource.fields.find((f) => f.name === 'reference') ?? resource.fields.find((f) => typeof f.maxSize === 'number');
    field.maxSize = (field.maxSize ?? 0) + 16;
    const changed = join(project, 'changed-schema.json');
    await writeFile(changed, JSON.stringify(raw));
    const second = await generate(ctx, changed, out);
    const written = Number(/(\d+) written/.exec(second.stdout)?.[1] ?? NaN);

    await writeFile(join(project, 'package.json'), '{ "name": "bench-bundle", "private": true, "type": "module" }\n');
    const bundles = {};
    for (const [name, source] of Object.entries(PROGRAMS)) {
      const entry = join(project, `${name.replace(/\W+/g, '-')}.ts`);
      await writeFile(entry, source);
      bundles[name] = await bundle(entry);
    }
    const split = {};
    for (const [name, source] of Object.entries(SPLIT_PROGRAMS)) {
      const entry = join(project, `split-${name.replace(/\W+/g, '-')}.ts`);
      await writeFile(entry, source);
      split[name] = await splitBundle(entry, join(project, `dist-${name.replace(/\W+/g, '-')}`));
    }
    const reads = split['per-resource factory from clients/index.js'];
    const own = bundles['per-resource factory'];
    const otherResources = own.kept.filter((p) => /(?:clients|validators|types)\/(?!products\.ts|_|index\.ts)/.test(p));
    const kb = (n) => Math.round(n / 102.4) / 10;
    return {
      measurements: [],
      ratios: [
        { label: 'output lines (8.2.0 snapshot)', value: lines, unit: 'lines', target: LINES_BEFORE / 2 },
        { label: 'files rewritten by one maxSize change', value: written, unit: 'files', target: 3 },
        {
          label: 'products.get, loaded up front: per-resource factory, code splitting (esbuild, minified, gzip)',
          value: kb(reads.eager.gzip),
          unit: 'KB',
          target: 15,
        },
        {
          label: 'products.get bundle, per-resource factory, one file (esbuild, minified, gzip)',
          value: kb(own.gzip),
          unit: 'KB',
        },
        {
          label: 'products.get bundle through createClient (esbuild, minified, gzip)',
          value: kb(bundles.createClient.gzip),
          unit: 'KB',
        },
      ],
      notes: [
        `output: ${files.length} files, ${lines} lines, ${bytes} bytes (before issue 14: 217 files, ${LINES_BEFORE} lines, 1.37 MB)`,
        `one maxSize change (${resource.name}.${field.name}): ${written} files rewritten`,
        ...Object.entries(bundles).map(
          ([name, b]) =>
            `products.get via ${name}: ${kb(b.minified)} KB minified, ${kb(b.gzip)} KB gzip, ${b.kept.length} modules kept`,
        ),
        ...Object.entries(split).map(
          ([name, b]) =>
            `products.get via ${name}, code splitting: ${kb(b.eager.minified)} KB minified, ${kb(b.eager.gzip)} KB gzip up front (${b.eager.chunks} chunks); ` +
            `a first write loads ${kb(b.lazy.minified)} KB minified, ${kb(b.lazy.gzip)} KB gzip more (${b.lazy.chunks} chunks)`,
        ),
        `other resources' modules in the per-resource bundle: ${otherResources.length === 0 ? 'none' : otherResources.join(', ')}`,
      ],
    };
  },
};
