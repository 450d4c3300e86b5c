/**
 * emitAll: fixed emitter order, merged file maps (collisions fail), runtime templates, top-level
 * index exporting only what exists, errors that name the emitter.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveEmitOptions, type Emitter } from '../../src/emit/context.js';
import { EMITTERS, emitAll, emitWith, type NamedEmitter } from '../../src/emit/index.js';
import { EmitError } from '../../src/errors.js';
import { parseSnapshot } from '../../src/model/index.js';
import { typecheck } from './typecheck.js';

const model = parseSnapshot(readFileSync(new URL('../../fixtures/mini/catalog.json', import.meta.url), 'utf8'));
const options = resolveEmitOptions();
const noTemplates = { templates: new Map<string, string>() };

const fake = (name: string, files: Record<string, string>): NamedEmitter => ({
  name,
  emit: () => ({ files: new Map(Object.entries(files)), diagnostics: [] }),
});

describe('emitAll', () => {
  it('runs the types emitter first', () => {
    expect(EMITTERS[0]!.name).toBe('types');
  });

  it('top-level index re-exports common.ts and the types barrel only, when nothing else is emitted', () => {
    const { files } = emitWith([EMITTERS[0]!], model, options, noTemplates);
    expect(files.get('index.ts')!.split('\n').filter((l) => l.startsWith('export'))).toEqual([
      'export * from "./common.js";',
      'export * from "./types/index.js";',
    ]);
  });

  it('adds the barrel of every emitted directory, never runtime/', () => {
    const validators = fake('validators', {
      'validators/index.ts': 'export const validators = 1;\n',
    });
    const clients = fake('clients', { 'clients/index.ts': 'export const clients = 1;\n', 'clients/products.ts': 'export {};\n' });
    const templates = new Map([['runtime/index.ts', 'export const runtime = 1;\n']]);
    const { files } = emitWith([EMITTERS[0]!, validators, clients], model, options, { templates });
    expect(files.get('index.ts')!.split('\n').filter((l) => l.startsWith('export'))).toEqual([
      'export * from "./common.js";',
      'export * from "./clients/index.js";',
      'export * from "./types/index.js";',
      'export * from "./validators/index.js";',
    ]);
    expect(typecheck(files, 'nodenext')).toEqual([]);
  });

  it('copies the templates verbatim under runtime/', () => {
    const text = '// no header here\nexport const x = 1;\n';
    const { files } = emitAll(model, options, { templates: new Map([['runtime/http.ts', text]]) });
    expect(files.get('runtime/http.ts')).toBe(text);
    expect(() => emitAll(model, options, { templates: new Map([['http.ts', text]]) })).toThrowError(/must live under runtime\//);
  });

  it('fails on a path emitted twice, naming both emitters', () => {
    const clash = fake('validators', { 'types/products.ts': 'export {};\n' });
    expect(() => emitWith([EMITTERS[0]!, clash], model, options, noTemplates)).toThrowError(EmitError);
    expect(() => emitWith([EMITTERS[0]!, clash], model, options, noTemplates)).toThrowError(
      /"types\/products\.ts" is emitted by both "types" and "validators"/,
    );
    const runtimeClash = fake('clients', { 'runtime/http.ts': 'export {};\n' });
    expect(() =>
      emitWith([runtimeClash], model, options, { templates: new Map([['runtime/http.ts', 'export {};\n']]) }),
    ).toThrowError(/both "clients" and "templates"/);
  });

  it('wraps an emitter failure in an EmitError naming the emitter', () => {
    const broken: Emitter = () => {
      throw new Error('boom');
    };
    expect(() => emitWith([{ name: 'clients', emit: broken }], model, options, noTemplates)).toThrowError(/^clients: boom$/);
  });

  it('returns the diagnostics of every emitter, and files sorted by path', () => {
    const { files, diagnostics } = emitAll(model, options, noTemplates);
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'unknown-format', resource: 'products', field: 'colour_code' })]);
    const keys = [...files.keys()];
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('reports a warning about the same field once, whichever emitters meet it', () => {
    const again: NamedEmitter = {
      name: 'validators',
      emit: () => ({
        files: new Map(),
        diagnostics: [
          { level: 'warning', code: 'unknown-format', message: 'validators: unknown', resource: 'products', field: 'colour_code' },
          { level: 'warning', code: 'unknown-format', message: 'other field', resource: 'products', field: 'other' },
        ],
      }),
    };
    const { diagnostics } = emitWith([EMITTERS[0]!, again], model, options, noTemplates);
    expect(diagnostics.map((d) => `${d.resource}.${d.field}`)).toEqual(['products.colour_code', 'products.other']);
  });

  it('passes one context to every emitter: names, version, snapshot hash, default language', () => {
    const seen: unknown[] = [];
    const spy: NamedEmitter = {
      name: 'spy',
      emit: (_m, _o, ctx) => {
        seen.push({ type: ctx.names.of('stock_availables').type, lang: ctx.defaultLanguage, hash: ctx.snapshotHash });
        return { files: new Map(), diagnostics: [] };
      },
    };
    emitWith([spy], model, options, noTemplates);
    emitWith([spy], model, resolveEmitOptions({ defaultLanguage: 2 }), noTemplates);
    expect(seen).toEqual([
      { type: 'StockAvailable', lang: 1, hash: expect.stringMatching(/^[0-9a-f]{16}$/) },
      { type: 'StockAvailable', lang: 2, hash: expect.stringMatching(/^[0-9a-f]{16}$/) },
    ]);
  });
});
