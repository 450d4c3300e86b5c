/**
 * How the MCP server gets a client: the generated one. On the first tool call that needs the store,
 * the snapshot is generated (`emitAll`, the same code `generate` writes) into a private directory
 * (`mkdtemp`, mode 0700, removed when the server stops), each TypeScript file is compiled to
 * JavaScript with esbuild (types stripped, nothing bundled), and `clients/index.js` is imported.
 * Every write therefore runs the generated validators, language fill, PATCH-for-PUT and store
 * order exactly as a program using `generate`'s output does. See docs/mcp.md.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EmitOptions } from '../emit/index.js';
import { WriteError } from '../errors.js';
import type { StoreSchema } from '../model/index.js';
import { readRuntimeTemplates } from '../templates.js';

/** The part of the generated `clients/index.js` the server uses (typed loosely: the output is per store). */
export interface GeneratedModule {
  createClient(options: Record<string, unknown>): Record<string, unknown>;
  readonly [name: string]: unknown;
}

/** A generated client on disk, and how to remove it. */
export interface GeneratedClient {
  readonly module: GeneratedModule;
  /** The filter operators of the generated runtime (`anyOf`, `contains`, …). */
  readonly operators: Readonly<Record<string, (...values: unknown[]) => unknown>>;
  readonly dir: string;
  dispose(): Promise<void>;
}

/** The output path of a generated file, refusing anything that would leave `dir`. */
function inside(dir: string, path: string): string {
  const target = resolve(dir, path);
  const rel = relative(dir, target);
  if (rel === '' || rel.startsWith('..') || rel.split(sep).includes('..')) {
    throw new WriteError("a generated path leaves the MCP server's private directory", path);
  }
  return target;
}

/** Generates, compiles and imports the client of `schema`. */
export async function loadGeneratedClient(
  schema: StoreSchema,
  options: Partial<EmitOptions> = {},
): Promise<GeneratedClient> {
  // The emitters and esbuild load here, on the first call that needs the store, not at start-up.
  const [templates, esbuild, { emitAll, resolveEmitOptions }] = await Promise.all([
    readRuntimeTemplates(),
    import('esbuild'),
    import('../emit/index.js'),
  ]);
  const { files } = emitAll(schema, resolveEmitOptions(options), { templates });
  const dir = await mkdtemp(join(tmpdir(), 'prestashop-codegen-mcp-'));
  try {
    await writeFile(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
    await Promise.all(
      [...files].map(async ([path, text]) => {
        if (!path.endsWith('.ts')) return;
        const { code } = await esbuild.transform(text, {
          loader: 'ts',
          format: 'esm',
          target: 'node20',
        });
        const target = inside(dir, `${path.slice(0, -'.ts'.length)}.js`);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, code);
      }),
    );
    const load = (path: string): Promise<unknown> => import(pathToFileURL(join(dir, ...path.split('/'))).href);
    const [module, operators] = await Promise.all([load('clients/index.js'), load('runtime/query.js')]);
    return {
      module: module as GeneratedModule,
      operators: operators as GeneratedClient['operators'],
      dir,
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
