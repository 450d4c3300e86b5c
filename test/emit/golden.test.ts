/**
 * Golden files of the types emitter: `test/golden/<fixture>/types/` mirrors the emitter's output
 * (unformatted) exactly, checked in both directions, and the output type-checks under strict with
 * moduleResolution nodenext and bundler. Update with `npm run test:update`.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveEmitOptions } from '../../src/emit/context.js';
import { createEmitContext } from '../../src/emit/index.js';
import { emitTypes } from '../../src/emit/types/index.js';
import { parseSnapshot } from '../../src/model/index.js';
import { typecheck } from './typecheck.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GOLDEN = join(ROOT, 'test/golden');

/** Fixture name → snapshot file (relative to the repository). */
const FIXTURES: Record<string, string> = {
  'mini-catalog': 'fixtures/mini/catalog.json',
  'mini-spec-store': 'fixtures/mini/spec-store.json',
  'mini-odd-names': 'fixtures/mini/odd-names.json',
};
// The introspector's snapshots of the 8.2.0 fixture store and the spec-style store, once committed.
for (const name of ['prestashop-8.2.0', 'spec-store']) {
  const snapshot = `test/golden/${name}/prestashop-schema.json`;
  if (existsSync(join(ROOT, snapshot))) FIXTURES[name] = snapshot;
}

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

describe.each(Object.entries(FIXTURES))('golden types: %s', (fixture, snapshot) => {
  const model = parseSnapshot(readFileSync(join(ROOT, snapshot), 'utf8'), snapshot);
  const options = resolveEmitOptions();
  const { files } = emitTypes(model, options, createEmitContext(model, options));
  const dir = join(GOLDEN, fixture, 'types');

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
    const withIndex = new Map(files).set('index.ts', "export * from './shared.js';\nexport * from './types/index.js';\n");
    expect(typecheck(withIndex, resolution)).toEqual([]);
  });
});
