/**
 * Golden files of the types and clients emitters: `test/golden/<fixture>/<kind>/` mirrors the
 * emitter's output (unformatted) exactly, checked in both directions, and the output type-checks
 * under strict with moduleResolution nodenext and bundler (clients together with the types and the
 * runtime they import). Update with `npm run test:update`.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveEmitOptions } from '../../src/emit/context.js';
import { emitClients } from '../../src/emit/clients/index.js';
import type { EmitContext, EmitOptions, EmitResult, FileMap } from '../../src/emit/context.js';
import { createEmitContext } from '../../src/emit/index.js';
import { emitTypes } from '../../src/emit/types/index.js';
import { emitValidators } from '../../src/emit/validators/index.js';
import { parseSnapshot, type StoreSchema } from '../../src/model/index.js';
import { readRuntimeTemplates } from '../../src/templates.js';
import { typecheck } from './typecheck.js';

// The runtime only: a validator flavour's glue (`zod/_zod.ts`) is copied by emitAll into zod output.
const TEMPLATES = new Map([...(await readRuntimeTemplates())].filter(([path]) => path.startsWith('runtime/')));

interface Kind {
  readonly emit: (model: StoreSchema, options: EmitOptions, ctx: EmitContext) => EmitResult;
  /** What to type-check besides the emitter's own files. */
  readonly context: (model: StoreSchema, options: EmitOptions, ctx: EmitContext) => FileMap;
  readonly index: string;
}

const KINDS: Record<string, Kind> = {
  types: {
    emit: emitTypes,
    context: () => new Map(),
    index: "export * from './common.js';\nexport * from './types/index.js';\n",
  },
  clients: {
    emit: emitClients,
    context: (model, options, ctx) =>
      new Map([...emitTypes(model, options, ctx).files, ...emitValidators(model, options, ctx).files, ...TEMPLATES]),
    index:
      "export * from './common.js';\nexport * from './types/index.js';\nexport * from './validators/index.js';\nexport * from './clients/index.js';\n",
  },
};

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GOLDEN = join(ROOT, 'test/golden');

/**
 * Fixture name → snapshot file (relative to the repository), the introspector's snapshots of the
 * 8.2.0 fixture store and the spec-style store included: a missing one fails, it is never skipped.
 */
const FIXTURES: Record<string, string> = {
  'mini-catalog': 'fixtures/mini/catalog.json',
  'mini-spec-store': 'fixtures/mini/spec-store.json',
  'mini-odd-names': 'fixtures/mini/odd-names.json',
  'prestashop-8.2.0': 'test/golden/prestashop-8.2.0/prestashop-schema.json',
  'spec-store': 'test/golden/spec-store/prestashop-schema.json',
};

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

function isUpdating(): boolean {
  return expect.getState().snapshotState?.snapshotUpdateState === 'all';
}

const CASES = Object.entries(FIXTURES).flatMap(([fixture, snapshot]) =>
  Object.keys(KINDS).map((kind) => [kind, fixture, snapshot] as const),
);

describe.each(CASES)('golden %s: %s', (kind, fixture, snapshot) => {
  if (!existsSync(join(ROOT, snapshot))) {
    it('has its snapshot', () => {
      expect.fail(
        `${snapshot} is missing, so none of the ${kind} goldens of ${fixture} can be compared: restore it (git checkout -- ${snapshot}) or regenerate it with npm run test:update`,
      );
    });
    return;
  }
  const model = parseSnapshot(readFileSync(join(ROOT, snapshot), 'utf8'), snapshot);
  const options = resolveEmitOptions();
  const ctx = createEmitContext(model, options);
  const { emit, context, index } = KINDS[kind]!;
  const { files } = emit(model, options, ctx);
  const dir = join(GOLDEN, fixture, kind);

  it('has exactly the emitted files (no missing, no extra)', () => {
    const golden = listFiles(dir);
    const extra = golden.filter((p) => !files.has(p));
    if (isUpdating()) {
      for (const p of extra) rmSync(join(dir, p));
      return;
    }
    expect(extra, 'golden files the emitter no longer produces (run npm run test:update)').toEqual([]);
    const missing = [...files.keys()].filter((p) => !golden.includes(p));
    expect(missing, 'emitted files without a golden (run npm run test:update)').toEqual([]);
  });

  it.each([...files.keys()])('%s matches', async (path) => {
    await expect(files.get(path)).toMatchFileSnapshot(join(dir, path));
  });

  it.each(['nodenext', 'bundler'] as const)('type-checks under strict (%s)', (resolution) => {
    const withIndex = new Map([...context(model, options, ctx), ...files]).set('index.ts', index);
    expect(typecheck(withIndex, resolution)).toEqual([]);
  });
});
