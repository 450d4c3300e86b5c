/**
 * The runtime compiles on its own in the projects users have: a browser project (DOM, no Node
 * types), a Node project (Node types, no DOM), under nodenext and bundler, with the strictest
 * flags (exactOptionalPropertyTypes, noPropertyAccessFromIndexSignature, unused checks).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRuntimeTemplates } from '../../src/templates.js';
import { typecheck } from '../emit/typecheck.js';

const STRICTEST = {
  exactOptionalPropertyTypes: true,
  noPropertyAccessFromIndexSignature: true,
  noUnusedParameters: true,
  noImplicitReturns: true,
};
const NODE_TYPES = {
  lib: ['lib.es2023.d.ts'],
  types: ['node'],
  typeRoots: [join(import.meta.dirname, '../../node_modules/@types')],
};

describe('runtime templates compile everywhere', () => {
  it.each([
    ['browser (DOM, no Node types), bundler', 'bundler', STRICTEST],
    ['browser (DOM, no Node types), nodenext', 'nodenext', STRICTEST],
    ['Node (Node types, no DOM), nodenext', 'nodenext', { ...STRICTEST, ...NODE_TYPES }],
  ] as const)('%s', async (_what, resolution, options) => {
    // The runtime alone (the zod flavour's glue imports zod; the validators goldens type-check it).
    const templates = new Map([...(await readRuntimeTemplates())].filter(([path]) => path.startsWith('runtime/')));
    expect(templates.size).toBeGreaterThanOrEqual(13);
    expect(typecheck(templates, resolution, {}, options)).toEqual([]);
  });

  it('the Node setting really has no DOM (the check is not blind)', () => {
    const probe = new Map([['runtime/probe.ts', 'export const title = document.title;\n']]);
    expect(typecheck(probe, 'nodenext', {}, NODE_TYPES).join('\n')).toMatch(/Cannot find name 'document'/);
  });
});
