/**
 * The formatter parses with prettier's `babel-ts` for speed (src/write/format.ts). That is only
 * right while prettier prints the generated code the same from `babel-ts` as from `typescript`:
 * this formats the whole output of `emitAll` (every emitter, the runtime templates, both validator
 * flavours) for the fixture snapshots with each parser and compares them byte for byte.
 */
import { readFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { emitAll, resolveEmitOptions, type EmitOptions } from '../../src/emit/index.js';
import { parseSnapshot } from '../../src/model/index.js';
import { readRuntimeTemplates } from '../../src/templates.js';
import { FAST_PARSER, SAFE_PARSER } from '../../src/write/format.js';

const SNAPSHOTS = ['test/golden/prestashop-8.2.0/prestashop-schema.json', 'fixtures/mini/odd-names.json'];
// Both validator flavours; the types and templates they share are compared once.
const FLAVOURS: Partial<EmitOptions>[] = [{}, { validators: 'zod' }];

describe('the fast parser', () => {
  const seen = new Set<string>();
  it.each(SNAPSHOTS)(
    `prettier prints the generated output of %s the same from ${FAST_PARSER} and ${SAFE_PARSER}`,
    async (snapshot) => {
      const model = parseSnapshot(readFileSync(new URL(`../../${snapshot}`, import.meta.url), 'utf8'), snapshot);
      const templates = await readRuntimeTemplates();
      const differing: string[] = [];
      let compared = 0;
      for (const flavour of FLAVOURS) {
        for (const [path, text] of emitAll(model, resolveEmitOptions(flavour), { templates }).files) {
          if (seen.has(text)) continue;
          seen.add(text);
          compared++;
          const fast = await prettier.format(text, { parser: FAST_PARSER, filepath: path });
          const safe = await prettier.format(text, { parser: SAFE_PARSER, filepath: path });
          if (fast !== safe) differing.push(`${path} (${JSON.stringify(flavour)})`);
        }
      }
      expect(differing).toEqual([]);
      expect(compared).toBeGreaterThan(3);
    },
    60_000,
  );
});
