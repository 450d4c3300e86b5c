/**
 * The zod flavour's glue (templates/zod/_zod.ts), on its own: each helper makes the store's checks
 * on the wire text (required, length, rule, allowed values, PHP-empty "0"), a multilingual list
 * checks its entries and its default language, and `fromZodIssues` gives the standalone format.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checks, extensions, fromZodIssues, readOnly } from '../../templates/zod/_zod.js';
import { isEmail, isUnsignedId } from '../../templates/runtime/rules.js';

const c = checks([1, 2] as const, 1, { isEmail, isUnsignedId });
const free = checks(null, 3, {});

/** The issues of `schema` on `value`, in the standalone format. */
function issues(schema: z.ZodType, value: unknown, multilingual: string[] = []): { path: string; code: string }[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return fromZodIssues(parsed.error.issues, value, new Set(multilingual), [1, 2], 1).map(({ path, code }) => ({
    path,
    code,
  }));
}

describe('field helpers', () => {
  const record = z.looseObject({
    email: c.string({ max: 12, rule: 'isEmail', required: true }),
    id_lang: c.number({ rule: 'isUnsignedId' }).optional(),
    state: c.string({ values: ['a', 'b'], property: 'Order->state' }).optional(),
    active: c.boolean({ values: ['x'], property: 'Order->active' }).optional(),
    date: c.datetime({ required: true }).optional(),
    id: readOnly(),
    extensions: extensions(),
  });

  it('accepts a valid record, and "0" whatever the rule or values (PHP empty)', () => {
    expect(issues(record, { email: 'a@b.fr', id_lang: 2, state: 'a', date: new Date(Date.UTC(2024, 0, 2)) })).toEqual(
      [],
    );
    expect(issues(record, { email: 'a@b.fr', state: '0', active: false })).toEqual([]);
  });

  it('reports required, too long, format, value, read-only and type issues at their paths', () => {
    expect(issues(record, { email: '' })).toEqual([{ path: 'email', code: 'required' }]);
    expect(issues(record, { email: 'abcdefgh@example.com' })).toEqual([{ path: 'email', code: 'too_long' }]);
    expect(issues(record, { email: 'nope' })).toEqual([{ path: 'email', code: 'invalid_format' }]);
    expect(
      issues(record, { email: 'a@b.fr', id_lang: -1, state: 'c', active: true, date: null, id: 3, extensions: 4 }),
    ).toEqual([
      { path: 'id_lang', code: 'invalid_format' },
      { path: 'state', code: 'invalid_value' },
      { path: 'active', code: 'invalid_value' },
      { path: 'date', code: 'required' },
      { path: 'id', code: 'read_only' },
      { path: 'extensions', code: 'invalid_type' },
    ]);
    expect(issues(record, {})).toEqual([{ path: 'email', code: 'required' }]);
  });

  it('checks a multilingual list: entries, languages and the default language', () => {
    const body = z.looseObject({ name: c.lang('string', { max: 5, required: true, requireDefault: 'name' }) });
    expect(
      issues(
        body,
        {
          name: [
            { id: 1, value: 'Chat' },
            { id: 2, value: '' },
          ],
        },
        ['name'],
      ),
    ).toEqual([]);
    expect(issues(body, { name: [{ id: 2, value: 'Chat' }] }, ['name'])).toEqual([
      { path: 'name[1]', code: 'required' },
    ]);
    expect(issues(body, { name: [{ id: 1, value: '' }] }, ['name'])).toEqual([{ path: 'name[1]', code: 'required' }]);
    expect(issues(body, { name: [{ id: 1, value: 'Chatons' }] }, ['name'])).toEqual([
      { path: 'name[1]', code: 'too_long' },
    ]);
    expect(issues(body, { name: [{ id: 9, value: 'Chat' }] }, ['name'])).toContainEqual({
      path: 'name',
      code: 'invalid_type',
    });
    expect(issues(body, {}, ['name'])).toEqual([{ path: 'name[1]', code: 'required' }]);
    // Without requireDefault (a PATCH body), the default language may be missing.
    expect(
      issues(z.looseObject({ name: c.lang('string', { required: true }) }), { name: [{ id: 2, value: 'x' }] }, [
        'name',
      ]),
    ).toEqual([]);
  });

  it('takes any positive language id when the store lists none', () => {
    const body = z.looseObject({ name: free.lang('number') });
    expect(body.safeParse({ name: [{ id: 7, value: 1 }] }).success).toBe(true);
    expect(body.safeParse({ name: [{ id: 0, value: 1 }] }).success).toBe(false);
  });
});
