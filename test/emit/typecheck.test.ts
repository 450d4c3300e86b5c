/**
 * The shared type-check helper reuses parsed files and earlier diagnostics between checks
 * (typecheck.ts). This proves the reuse never hides an error nor invents one: after a clean check,
 * a change in a file that an unchanged file depends on is still reported in the unchanged file,
 * and every answer equals that of a fresh program.
 */
import { describe, expect, it } from 'vitest';
import { typecheck, typecheckEach, typecheckFresh } from './typecheck.js';

const common = (price: string): Map<string, string> =>
  new Map([
    ['common.ts', `export interface Product { id: number; price: ${price} }\n`],
    ['index.ts', "export type { Product } from './common.js';\n"],
  ]);
const USE = "import type { Product } from './out/index.js';\nexport const p: Product = { id: 1, price: 2 };\n";

describe('typecheck with reuse', () => {
  it.each(['nodenext', 'bundler'] as const)(
    'reports an error that a changed dependency causes in an unchanged file (%s)',
    (resolution) => {
      expect(typecheck(common('number'), resolution, { 'use.ts': USE })).toEqual([]);
      const broken = typecheck(common('string'), resolution, { 'use.ts': USE });
      expect(broken.join('\n')).toMatch(/^use\.ts:2: Type 'number' is not assignable to type 'string'/);
      expect(broken).toEqual(typecheckFresh(common('string'), resolution, { 'use.ts': USE }));
      // and the fix is seen too
      expect(typecheck(common('number'), resolution, { 'use.ts': USE })).toEqual([]);
    },
  );

  it('a file that leaves the program takes its diagnostics with it', () => {
    const bad = { 'use.ts': USE, 'bad.ts': 'export const x: string = 1;\n' };
    expect(typecheck(common('number'), 'nodenext', bad)).toEqual([
      "bad.ts:1: Type 'number' is not assignable to type 'string'.",
    ]);
    expect(typecheck(common('number'), 'nodenext', { 'use.ts': USE })).toEqual([]);
  });

  it('projects in one program are reported apart, as if each were alone', () => {
    const projects = [
      { files: common('number'), extra: { 'use.ts': USE } },
      { files: common('string'), extra: { 'use.ts': USE } },
      { files: common('number') },
    ];
    const each = typecheckEach(projects, 'nodenext');
    expect(each).toEqual(projects.map((p) => typecheckFresh(p.files, 'nodenext', p.extra)));
    expect(each.map((d) => d.length)).toEqual([0, 1, 0]);
  });
});
