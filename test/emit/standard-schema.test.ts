/**
 * Every generated validator, in both flavours, is a Standard Schema (v1): a conformance check of
 * `~standard` against the function's own result, the two flavours agreeing, the types accepted
 * where `@standard-schema/spec`'s `StandardSchemaV1` is asked for, and a library that takes any
 * Standard Schema (Hono's standard validator) validating request bodies with them.
 */
import { sValidator } from '@hono/standard-validator';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typecheck } from './typecheck.js';
import { emitOutput, importOutput, loadSnapshot, SNAPSHOT_820, type ValidationResult } from './validators-harness.js';
import { FLAVOURS, type FlavourName } from '../../src/emit/validators/flavours.js';

type Validator = ((value: unknown) => ValidationResult) & Partial<StandardSchemaV1<unknown, unknown>>;

const flavours = Object.keys(FLAVOURS) as FlavourName[];
const outputs = new Map<string, { validators: Map<string, Validator>; cleanup: () => void }>();

beforeAll(async () => {
  const model = loadSnapshot(SNAPSHOT_820);
  for (const flavour of flavours) {
    const { module, cleanup } = await importOutput(await emitOutput(model, { validators: flavour }));
    const validators = new Map<string, Validator>();
    for (const [name, value] of Object.entries(module))
      if (/^validate\w+(Input|Patch)$/.test(name) && typeof value === 'function')
        validators.set(name, value as Validator);
    outputs.set(flavour, { validators, cleanup });
  }
}, 120_000);
afterAll(() => {
  for (const o of outputs.values()) o.cleanup();
});

/** Values every validator is given: valid and invalid for the one resource, odd for all. */
const SAMPLES: readonly unknown[] = [
  {},
  null,
  42,
  'text',
  [],
  { name: 'Acme', active: true },
  { name: 'a;b', active: 'yes' },
  {
    name: 'x'.repeat(300),
    description: [
      { id: 1, value: '<script>x</script>' },
      { id: 9, value: 'y' },
    ],
  },
  { associations: { addresses: [{ id: 'z' }] } },
];

describe.each(flavours)('Standard Schema conformance (%s)', (flavour) => {
  it('every validator has ~standard v1 and reports exactly its own result, synchronously', () => {
    const validators = outputs.get(flavour)!.validators;
    expect(validators.size).toBeGreaterThan(60);
    for (const [name, fn] of validators) {
      const std = fn['~standard'];
      expect(std, name).toBeDefined();
      expect([std!.version, std!.vendor, typeof std!.validate]).toEqual([1, 'prestashop-codegen', 'function']);
      for (const value of SAMPLES) {
        const own = fn(value);
        const result = std!.validate(value) as StandardSchemaV1.Result<unknown>;
        expect(result).not.toBeInstanceOf(Promise);
        if (own.ok) {
          expect(result, `${name} ${JSON.stringify(value)}`).toEqual({ value: own.value });
          continue;
        }
        expect(result.issues!.length).toBe(own.issues.length);
        result.issues!.forEach((issue, i) => {
          expect(issue.message).toBe(own.issues[i]!.message);
          expect(typeof issue.message).toBe('string');
          expect((issue.path ?? []).every((p) => typeof p === 'string' || typeof p === 'number')).toBe(true);
          expect((issue as { code?: string }).code).toBe(own.issues[i]!.code);
        });
      }
    }
  });
});

it('both flavours give the same Standard Schema results', () => {
  const standalone = outputs.get('standalone')!.validators;
  const zod = outputs.get('zod')!.validators;
  expect([...zod.keys()]).toEqual([...standalone.keys()]);
  for (const [name, fn] of standalone) {
    for (const value of SAMPLES)
      expect(zod.get(name)!['~standard']!.validate(value), name).toEqual(fn['~standard']!.validate(value));
  }
});

it('paths are segments: the language id and the association index are numbers', () => {
  const v = outputs.get('standalone')!.validators.get('validateManufacturerInput')!;
  const result = v['~standard']!.validate({
    name: 'Acme',
    description: [{ id: 1, value: '<script>x</script>' }],
    associations: { addresses: [{ id: 'z' }] },
  }) as StandardSchemaV1.FailureResult;
  expect(result.issues.map((i) => i.path)).toEqual([
    ['description', 1],
    ['associations', 'addresses', 0, 'id'],
  ]);
});

it('is assignable to StandardSchemaV1 under strict, with the input type as output', () => {
  // The spec's own declarations, beside the consumer (the virtual project reads no node_modules but zod's).
  const spec = readFileSync(
    createRequire(import.meta.url)
      .resolve('@standard-schema/spec')
      .replace(/index\.c?js$/, 'index.d.ts'),
    'utf8',
  );
  const use = `import type { StandardSchemaV1 } from "./spec.js";
import { validateManufacturerInput, validateProductPatch, type ManufacturerInput, type ProductPatch } from "./out/index.js";
export const a: StandardSchemaV1<unknown, ManufacturerInput> = validateManufacturerInput;
export const b: StandardSchemaV1<unknown, ProductPatch> = validateProductPatch;
`;
  return emitOutput(loadSnapshot(SNAPSHOT_820), { validators: 'standalone' }).then((files) =>
    expect(typecheck(files, 'nodenext', { 'use.ts': use, 'spec.d.ts': spec })).toEqual([]),
  );
}, 120_000);

describe.each(flavours)('accepted by a Standard Schema consumer: Hono sValidator (%s)', (flavour) => {
  it('validates a JSON body with the store rules and answers 400 with the same messages', async () => {
    const v = outputs.get(flavour)!.validators.get('validateManufacturerInput')!;
    const app = new Hono().post(
      '/makers',
      sValidator('json', v as unknown as StandardSchemaV1<unknown, { name: string }>),
      (c) => c.json({ saved: c.req.valid('json').name }),
    );
    const post = (body: unknown) =>
      app.request('/makers', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      });
    const ok = await post({ name: 'Acme', active: true });
    expect([ok.status, await ok.json()]).toEqual([200, { saved: 'Acme' }]);
    const bad = await post({ name: 'a;b' });
    expect(bad.status).toBe(400);
    const answer = (await bad.json()) as { success: boolean; error: { message: string }[] };
    expect(answer.success).toBe(false);
    expect(answer.error.map((e) => e.message)).toEqual(
      (v({ name: 'a;b' }) as { issues: { message: string }[] }).issues.map((i) => i.message),
    );
  });
});
