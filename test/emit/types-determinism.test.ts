/**
 * Determinism of the emitters: the same snapshot gives the same bytes whatever the order of its
 * resources, methods and languages, and emitting never changes the model.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveEmitOptions } from '../../src/emit/context.js';
import { createEmitContext, emitAll } from '../../src/emit/index.js';
import { emitTypes } from '../../src/emit/types/index.js';
import { parseSnapshot, type StoreSchema } from '../../src/model/index.js';

const fixture = (name: string): StoreSchema =>
  parseSnapshot(readFileSync(new URL(`../../fixtures/mini/${name}.json`, import.meta.url), 'utf8'));

describe('determinism', () => {
  /** Deterministic shuffle (mulberry32), so a failure can be replayed. */
  function shuffled<T>(items: readonly T[], seed: number): T[] {
    let a = seed >>> 0;
    const random = (): number => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  function shuffleModel(model: StoreSchema, seed: number): StoreSchema {
    return {
      ...model,
      store: { ...model.store, languages: shuffled(model.store.languages, seed) },
      resources: shuffled(model.resources, seed + 1).map((r, i) => ({
        ...r,
        methods: shuffled(r.methods, seed + i),
        // Fields and associations keep the store's order: it is part of the snapshot (write bodies follow it).
        fields: r.fields,
        associations: r.associations,
      })),
    };
  }

  for (const name of ['catalog', 'odd-names', 'spec-store']) {
    it(`${name}: shuffled input gives byte-identical output, twice`, () => {
      const model = fixture(name);
      const emit = (m: StoreSchema): [string, string][] => [
        ...emitAll(m, resolveEmitOptions(), { templates: new Map([['runtime/a.ts', 'export {};\n']]) }).files,
      ];
      const reference = emit(model);
      expect(emit(model)).toEqual(reference);
      for (const seed of [1, 2, 3, 42]) expect(emit(shuffleModel(model, seed))).toEqual(reference);
      // The types emitter alone is order-independent too.
      const options = resolveEmitOptions();
      const direct = (m: StoreSchema): [string, string][] =>
        [...emitTypes(m, options, createEmitContext(model, options)).files].sort();
      expect(direct(shuffleModel(model, 7))).toEqual(direct(model));
    });
  }

  it('leaves the model untouched', () => {
    const model = fixture('catalog');
    const frozen = structuredClone(model);
    const deepFreeze = (o: unknown): void => {
      if (typeof o === 'object' && o !== null) {
        Object.freeze(o);
        for (const v of Object.values(o)) deepFreeze(v);
      }
    };
    deepFreeze(model);
    emitAll(model, resolveEmitOptions(), { templates: new Map() });
    expect(model).toEqual(frozen);
  });
});
