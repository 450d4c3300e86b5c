#!/usr/bin/env node
// Build step (`npm run build`, after tsc): bundles the CLI (src/cli/bin.ts and every module of this
// package it imports) into one ESM file, dist/cli/bin.js, so that starting the CLI compiles one
// module instead of about 150. Dependencies stay outside (node_modules). What the code loads with
// `import()` goes into chunks beside it (dist/cli/bin-*.js), loaded only when that code runs, so
// their dependencies (prettier, ts-morph, undici, ...) are too.
//
// Modules find their data (templates, catalog, fixtures) relative to `import.meta.url`; in the
// bundle each one's `import.meta.url` is rewritten to the URL its own file has in dist/, so every
// path stays what it was.
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const OUT = join(ROOT, 'dist', 'cli', 'bin.js');

/** `import.meta.url` of a module of src/, as the URL of its compiled file in dist/. */
const metaUrlPlugin = {
  name: 'import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const compiled = relative(dirname(OUT), join(ROOT, 'dist', relative(SRC, args.path)))
        .replace(/\.ts$/, '.js')
        .split('\\')
        .join('/');
      const url = `new URL(${JSON.stringify(compiled)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

// Chunks of an earlier build (their names hold a hash of their content).
for (const name of await readdir(dirname(OUT))) if (/^bin-.*\.js$/.test(name)) await rm(join(dirname(OUT), name));

const result = await build({
  entryPoints: [join(SRC, 'cli', 'bin.ts')],
  outdir: dirname(OUT),
  entryNames: '[name]',
  chunkNames: 'bin-[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [metaUrlPlugin],
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  allowOverwrite: true,
});
const outputs = Object.entries(result.metafile.outputs);
const main = outputs.find(([path]) => resolve(ROOT, path) === OUT)[1].bytes;
process.stdout.write(
  `Bundled the CLI into ${relative(ROOT, OUT)} (${Math.round(main / 1024)} KiB) and ${outputs.length - 1} lazy chunks, from ${Object.keys(result.metafile.inputs).length} modules\n`,
);
