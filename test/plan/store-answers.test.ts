/**
 * The generated validators against the real 8.2.0 store's own answers: every write request the
 * store refused for a field's value (fixtures/prestashop-8.2.0/write-requests.json, recorded from
 * the store's request handler) is refused by the validator with the matching issue code, and the
 * same body without the offending element passes, so each row can fail either way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESTASHOP_ERROR_CODES, type IssueCode, type ValidationResult } from '../../templates/runtime/validation.js';
import { emitOutput, importOutput, loadSnapshot, plansOf } from '../emit/validators-harness.js';
import type { FieldCheck as ValuePlan } from '../../src/plan/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const model = loadSnapshot('test/golden/prestashop-8.2.0/prestashop-schema.json');
const plans = plansOf(model);

interface WriteRequest {
  readonly id: string;
  readonly method: string;
  readonly resource: string;
  readonly body: string;
  readonly status: number;
  readonly errors: readonly { readonly code: number; readonly message: string }[];
}

const { requests } = JSON.parse(readFileSync(join(ROOT, 'fixtures/prestashop-8.2.0/write-requests.json'), 'utf8')) as {
  requests: WriteRequest[];
};

/** Store codes that answer a field's value (not the request's shape): required, read-only, invalid. */
const FIELD_CODES = new Set([41, 84, 85, 91, 93]);
const rows = requests.filter(
  (r) => r.method === 'POST' && r.status === 400 && r.errors.length === 1 && FIELD_CODES.has(r.errors[0]!.code),
);

type Validator = (value: unknown, operation?: 'create' | 'update') => ValidationResult<unknown>;
let validators: Record<string, unknown>;
let cleanup: () => void;
beforeAll(async () => {
  const loaded = await importOutput(await emitOutput(model));
  validators = loaded.module;
  cleanup = loaded.cleanup;
});
afterAll(() => cleanup());

/** The elements of the entity in a write body: `name` → text, or a language list. */
function elements(body: string): [string, string | { id: number; value: string }[]][] {
  const entity = /<prestashop[^>]*>\s*<(\w+)[^>]*>([\s\S]*)<\/\1>\s*<\/prestashop>/.exec(body)![2]!;
  const out: [string, string | { id: number; value: string }[]][] = [];
  for (const m of entity.matchAll(/<(\w+)>([\s\S]*?)<\/\1>/g)) {
    const inner = m[2]!;
    const langs = [...inner.matchAll(/<language id="(\d+)">(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/language>/g)];
    out.push([m[1]!, langs.length > 0 ? langs.map((l) => ({ id: Number(l[1]), value: l[2] ?? l[3] ?? '' })) : inner]);
  }
  return out;
}

/** The value a typed client would hold for the wire text (a text that has no typed form stays text). */
function typed(p: ValuePlan | undefined, text: string): unknown {
  if (p === undefined) return text;
  if (p.form === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (p.form === 'boolean') return text === '1' ? true : text === '0' ? false : text;
  return text;
}

function input(resource: string, els: [string, string | { id: number; value: string }[]][]): Record<string, unknown> {
  const plan = plans.get(resource)!;
  const out: Record<string, unknown> = {};
  for (const [name, value] of els) {
    const p = plan.fields.find((f) => f.name === name);
    out[name] =
      typeof value === 'string' ? typed(p, value) : value.map((e) => ({ id: e.id, value: typed(p, e.value) }));
  }
  return out;
}

function validatorOf(resource: string): Validator {
  const type = { products: 'Product', order_states: 'OrderState' }[resource]!;
  return validators[`validate${type}Input`] as Validator;
}

/** The element the store complained about, from its message (`parameter "price"`, `Product->condition`). */
function culprit(message: string): string {
  return (/parameter "(\w+)"|->(\w+)|^(id) /.exec(message) ?? []).slice(1).find((x) => x !== undefined)!;
}

describe('generated validators agree with the 8.2.0 store on every value it refused', () => {
  it('covers the recorded refusals', () => {
    expect(rows.map((r) => r.id)).toEqual([
      'post-id',
      'post-required',
      'post-read-only',
      'post-price',
      'post-size',
      'post-values',
      'post-bool',
      'post-unsigned-id',
      'post-date',
      'post-catalog-name',
      'post-script',
      'post-state-name-empty',
    ]);
  });

  it.each(rows.map((r) => [r.id, r] as const))('%s', (_id, r) => {
    const storeError = r.errors[0]!;
    const els = elements(r.body);
    const result = validatorOf(r.resource)(input(r.resource, els), 'create');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const field = culprit(storeError.message);
    const issue = result.issues.find((i) => i.path === field || i.path.startsWith(`${field}[`));
    expect(issue, `${r.id}: an issue on ${field}`).toBeDefined();
    // The issue's code stands for the store's code; a value with no typed form is a type error first.
    const codes = PRESTASHOP_ERROR_CODES[issue!.code as IssueCode];
    expect(
      codes.includes(storeError.code) || issue!.code === 'invalid_type',
      `${issue!.code} for store code ${storeError.code}`,
    ).toBe(true);
    if (issue!.code === 'invalid_value') expect(`Validation error: "${issue!.message}"`).toBe(storeError.message);
    // The same body without the element the store refused (and, when it was missing, with it) passes.
    const fixed = els.filter(([name]) => name !== field);
    if (plans.get(r.resource)!.fields.find((f) => f.name === field)?.required === true && storeError.code !== 84)
      fixed.push([field, '1']);
    // order_states.name is required; products.name is read on create (modifierWsLinkRewrite): a valid one.
    if (
      storeError.code === 84 &&
      (r.resource === 'order_states' ||
        plans.get(r.resource)!.fields.find((f) => f.name === field)?.requiredOnCreate === true)
    ) {
      fixed.push([field, [{ id: 1, value: 'Shipped' }]]);
    }
    expect(validatorOf(r.resource)(input(r.resource, fixed), 'create')).toMatchObject({ ok: true });
  });
});

describe('fields the store normalises on create (link_rewrite, modifierWsLinkRewrite)', () => {
  const body = (value: string) => ({ price: 1, name: [{ id: 1, value: 'Mug' }], link_rewrite: [{ id: 1, value }] });

  it('accepts on create what Tools::str2url turns into a valid link (the store answers 201)', () => {
    expect(validatorOf('products')(body('tasse-été'), 'create')).toMatchObject({ ok: true });
    expect(validatorOf('products')(body('Bad Rewrite!'), 'create')).toMatchObject({ ok: true });
  });

  it('applies the raw isLinkRewrite on update, as the store does (400, code 84)', () => {
    for (const v of ['tasse-été', 'Bad Rewrite!']) {
      const result = validatorOf('products')(body(v), 'update');
      expect(result.ok).toBe(false);
      expect(!result.ok && result.issues.map((i) => [i.path, i.code])).toEqual([['link_rewrite[1]', 'invalid_format']]);
    }
  });
});

describe('customers: a plain password is what the store takes', () => {
  const customer = (passwd: string) => ({ lastname: 'Doe', firstname: 'Jane', email: 'jane@example.com', passwd });
  const validate = (v: unknown) => (validators.validateCustomerInput as Validator)(v, 'create');

  it('accepts a plain password (the setter hashes it) and the 60-character hash read back', () => {
    expect(validate(customer('correct horse battery'))).toMatchObject({ ok: true });
    expect(validate(customer(`$2y$10$${'a'.repeat(53)}`))).toMatchObject({ ok: true });
  });

  it('takes any length, as setWsPasswd does (it hashes without a check; a real 8.2.0 store stored "abcd")', () => {
    for (const passwd of ['abcd', 'abc', 'x'.repeat(73)])
      expect(validate(customer(passwd))).toMatchObject({ ok: true });
  });

  it('takes secure_key and last_passwd_gen (stored as sent on 8.x), refuses nothing the store stores', () => {
    expect(
      validate({
        ...customer('secret-42'),
        secure_key: 'd41d8cd98f00b204e9800998ecf8427e',
        last_passwd_gen: '2024-01-01 10:00:00',
      }),
    ).toMatchObject({ ok: true });
  });
});
