/** The write helpers of the runtime: partial languages, their completion, and the outcome of a failed write. */
import { describe, expect, it } from 'vitest';
import { mayHaveSaved, PrestaShopError, writeError } from '../../templates/runtime/errors.js';
import type { ResourceMeta } from '../../templates/runtime/meta.js';
import { refusedStoredFields } from '../../templates/runtime/meta.js';
import { completeLanguages, partialLanguageFields } from '../../templates/runtime/write.js';
import { writableView } from '../../templates/runtime/xml-write.js';

const meta: ResourceMeta = {
  name: 'customers',
  node: 'customer',
  nodes: 'customers',
  fields: [
    { name: 'id', kind: 'id' },
    { name: 'secure_key', kind: 'string', readOnly: true },
    { name: 'last_passwd_gen', kind: 'string', serverManaged: true },
    { name: 'quantity', kind: 'int', readOnly: true, notFilterable: true },
    { name: 'position_in_category', kind: 'int', noWriteBack: true, notFilterable: true },
    { name: 'date_add', kind: 'date' },
    { name: 'birthday', kind: 'date', dateOnly: true },
    { name: 'name', kind: 'string', multilingual: true },
    { name: 'note', kind: 'string', multilingual: true },
  ],
  associations: [],
};

const http = (status: number, codes: (number | null)[]): PrestaShopError =>
  new PrestaShopError({
    kind: 'http',
    status,
    method: 'POST',
    url: 'http://shop/api/products',
    errors: codes.map((code) => ({ code, message: 'x' })),
  });

describe('write helpers', () => {
  it('finds multilingual values that leave out a store language, and completes them from the current record', () => {
    const body = { name: [{ id: 1, value: 'A' }], note: { 1: 'n1', 2: 'n2' } };
    const partial = partialLanguageFields(meta, body, [1, 2]);
    expect(partial.map((f) => f.name)).toEqual(['name']);
    expect(partialLanguageFields(meta, body, [1])).toEqual([]);
    const current = {
      name: [
        { id: 1, value: 'old' },
        { id: 2, value: 'ancien' },
        { id: 3, value: 'alt' },
      ],
    };
    expect(completeLanguages(body, partial, current)['name']).toEqual([
      { id: 1, value: 'A' },
      { id: 2, value: 'ancien' },
      { id: 3, value: 'alt' },
    ]);
  });

  it('read-only stored fields are those without a getter; a write-back drops read-only, noWriteBack and zero date-times', () => {
    expect(refusedStoredFields(meta).map((f) => f.name)).toEqual(['secure_key']);
    const view = writableView(meta, {
      id: 3,
      secure_key: 'k',
      last_passwd_gen: 'g',
      quantity: 2,
      position_in_category: 0,
      date_add: '0000-00-00 00:00:00',
      birthday: '0000-00-00',
      name: [],
    });
    expect(view).toEqual({ last_passwd_gen: 'g', birthday: '0000-00-00', name: [] });
  });

  it.each([
    [http(400, [85]), false],
    [http(400, [93]), false],
    [http(404, [92]), false],
    [http(400, [86]), true],
    [http(500, [3]), true],
    [http(500, [3, 85]), false],
    [http(500, [134]), false],
    [new PrestaShopError({ kind: 'timeout', status: 0, method: 'POST', url: 'http://shop/api/x' }), true],
    [new PrestaShopError({ kind: 'network', status: 0, method: 'POST', url: 'http://shop/api/x' }), true],
    [new PrestaShopError({ kind: 'decode', status: 201, method: 'POST', url: 'http://shop/api/x' }), true],
    [new PrestaShopError({ kind: 'redirect', status: 301, method: 'POST', url: 'http://shop/api/x' }), false],
  ])('%s → may have saved: %s', (error, expected) => {
    expect(mayHaveSaved(error)).toBe(expected);
    const wrapped = writeError(error) as PrestaShopError;
    expect(wrapped.mayBeSaved).toBe(expected);
    expect(wrapped.message).toContain(expected ? 'may have been saved' : 'nothing was saved');
    expect(writeError(wrapped)).toBe(wrapped);
  });
});
