/**
 * Golden files of the validators emitter: `test/golden/<fixture>/validators/` (standalone) and
 * `test/golden/<fixture>/validators-zod/` (zod) mirror the emitter's unformatted output exactly,
 * checked in both directions. The whole generated output (types, validators, runtime) type-checks
 * under strict with moduleResolution nodenext and bundler. Update with `npm run test:update`.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveEmitOptions, type EmitOptions } from '../../src/emit/context.js';
import { createEmitContext } from '../../src/emit/index.js';
import { emitValidators } from '../../src/emit/validators/index.js';
import { typecheck } from './typecheck.js';
import { emitOutput, loadSnapshot, ROOT } from './validators-harness.js';

const ZOD_TYPES = join(ROOT, 'node_modules/zod/index.d.ts');

/** Golden directory → [snapshot, options]. */
const CASES: Record<string, [string, Partial<EmitOptions>]> = {
  'prestashop-8.2.0/validators': ['test/golden/prestashop-8.2.0/prestashop-schema.json', {}],
  'prestashop-8.2.0/validators-zod': ['test/golden/prestashop-8.2.0/prestashop-schema.json', { validators: 'zod' }],
  'spec-store/validators': ['test/golden/spec-store/prestashop-schema.json', {}],
  'mini-catalog/validators': ['fixtures/mini/catalog.json', {}],
  'mini-odd-names/validators': ['fixtures/mini/odd-names.json', { unknownKeys: 'strict' }],
  'mini-spec-store/validators-zod': ['fixtures/mini/spec-store.json', { validators: 'zod', unknownKeys: 'strip' }],
};

/** Files below `dir`, relative, sorted. */
function goldenFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath, e.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
}

function updating(): boolean {
  return expect.getState().snapshotState?.snapshotUpdateState === 'all';
}

describe.each(Object.entries(CASES))('golden %s', (golden, [snapshot, options]) => {
  const model = loadSnapshot(snapshot);
  const resolved = resolveEmitOptions(options);
  const { files } = emitValidators(model, resolved, createEmitContext(model, resolved));
  const dir = join(ROOT, 'test/golden', golden);

  it('has exactly the emitted files (no missing, no extra)', () => {
    const present = goldenFiles(dir);
    const extra = present.filter((p) => !files.has(p));
    if (updating()) {
      for (const p of extra) rmSync(join(dir, p));
      return;
    }
    expect(extra, 'golden files the emitter no longer produces (run npm run test:update)').toEqual([]);
    expect(
      [...files.keys()].filter((p) => !present.includes(p)),
      'emitted files without a golden (run npm run test:update)',
    ).toEqual([]);
  });

  it.each([...files.keys()])('%s matches', async (path) => {
    await expect(files.get(path)).toMatchFileSnapshot(join(dir, path));
  });

  it.each(['nodenext', 'bundler'] as const)(
    'the whole output type-checks under strict (%s)',
    async (resolution) => {
      const output = await emitOutput(model, options);
      // Only the zod flavour may import zod: the standalone output gets no path to it, so an import
      // of zod there is an error. The same options as the other checks of this output (test/client)
      // let test/emit/typecheck.ts reuse their program.
      const zod = resolved.validators === 'zod' ? { paths: { zod: [ZOD_TYPES] } } : {};
      expect(typecheck(output, resolution, {}, zod)).toEqual([]);
    },
    120_000,
  );
});
