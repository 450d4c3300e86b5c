/**
 * Attachment files, `request()`, `auth: 'ws_key'` and time zones, over real HTTP against the
 * seeded 8.x-style CRUD fake store.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dispositionFileName } from '../../templates/runtime/attachments.js';
import { fromWallClock, toWallClock } from '../../templates/runtime/timezone.js';
import { raw } from './helpers.js';
import { startHarness, type Harness } from './writes-helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('8.x');
});
afterAll(() => h.close());

describe('attachments', () => {
  const bytes = new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));

  it('upload → download is byte-identical; replaceFile; deleteFile', async () => {
    const files = h.attachments();
    const created = await files.upload(
      { bytes, fileName: 'manual.pdf', mimeType: 'application/pdf' },
      { name: 'User manual' },
    );
    expect(created).toMatchObject({ file_name: 'manual.pdf', mime: 'application/pdf', file_size: 3000 });
    expect(created['name']).toEqual([
      { id: 1, value: 'User manual' },
      { id: 2, value: 'User manual' },
    ]);
    const id = created['id'] as number;
    const down = await files.download(id);
    expect(down).toEqual({ bytes, fileName: 'manual.pdf', rawFileName: 'manual.pdf', mimeType: 'application/pdf' });
    const upload = h.store.requests.find((r) => r.path.endsWith('/attachments/file') && r.method === 'POST')!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    const replaced = await files.replaceFile(
      id,
      new File([new Uint8Array([1, 2, 3])], 'café.txt', { type: 'text/plain' }),
    );
    expect(replaced).toMatchObject({ id, file_name: 'café.txt', mime: 'text/plain', file_size: 3 });
    // The store sends the name through utf8_decode (Latin-1); the fake store sends `?` beyond ASCII.
    expect(await files.download(id)).toEqual({
      bytes: new Uint8Array([1, 2, 3]),
      fileName: 'caf_.txt',
      rawFileName: 'caf?.txt',
      mimeType: 'text/plain',
    });

    h.store.clearRequests();
    await files.deleteFile(id);
    // The record's route: the store's file route (`attachments/file/{id}`) answers 200 and deletes nothing.
    expect(h.store.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/attachments/${id}`]);
    expect(h.store.engine.get('attachments', id)).toBeUndefined();
    await expect(files.download(id)).rejects.toMatchObject({ status: 500, code: 1 });
  });

  it('a Blob without a name takes the fileName option; the store without `name` answers 500 (PHP warning)', async () => {
    const files = h.attachments();
    const created = await files.upload(new Blob([bytes], { type: 'application/octet-stream' }), {
      fileName: 'data.bin',
    });
    expect(created).toMatchObject({
      file_name: 'data.bin',
      name: [
        { id: 1, value: 'data.bin' },
        { id: 2, value: 'data.bin' },
      ],
    });
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'x.bin');
    const res = await h
      .request()({ method: 'POST', path: 'attachments/file', body: form })
      .catch((e: unknown) => e);
    expect(res).toMatchObject({ status: 500, code: 3 });
    expect((res as Error).message).toContain('Undefined array key "name"');
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(dispositionFileName('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(dispositionFileName("attachment; filename*=UTF-8''%E6%96%87.pdf")).toBe('文.pdf');
    expect(dispositionFileName(null)).toBeNull();
  });
});

describe('methods', () => {
  it('each resource client has at run time only the methods the store allows', async () => {
    const client = h.client();
    expect(Object.keys(client.supply_order_states).sort()).toEqual([
      'changes',
      'count',
      'get',
      'head',
      'list',
      'listAll',
    ]);
    expect(client.supply_order_states.update).toBeUndefined();
    expect(Object.keys(client.stock_availables).sort()).toEqual([
      'changes',
      'count',
      'get',
      'head',
      'list',
      'listAll',
      'patch',
      'update',
      'updateMany',
    ]);
    // Attachments: the record methods and the file calls.
    expect(Object.keys(client.attachments).sort()).toEqual([
      'changes',
      'count',
      'delete',
      'deleteFile',
      'download',
      'get',
      'head',
      'list',
      'listAll',
      'patch',
      'replaceFile',
      'update',
      'updateMany',
      'upload',
    ]);
    expect((await client.stock_availables.list({ display: ['id'], limit: 1 })).length).toBe(1);
  });
});

describe('request()', () => {
  it('reaches what the client does not model, with the same auth and errors', async () => {
    const request = h.request();
    const res = await request({
      method: 'GET',
      path: 'products',
      query: { display: '[id,reference]', 'filter[id]': '[1|2]', sort: '[id_ASC]' },
      format: 'json',
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      products: [
        { id: 1, reference: 'demo_1' },
        { id: 2, reference: 'demo_11' },
      ],
    });
    const xml = await request({ method: 'GET', path: 'products/1' });
    expect((xml.data as { name: string }).name).toBe('prestashop');
    await expect(request({ method: 'GET', path: 'productz' })).rejects.toMatchObject({
      name: 'PrestaShopError',
      status: 400,
      code: 27,
      mayBeSaved: null,
    });
    await expect(request({ method: 'GET', path: '../admin' })).rejects.toThrow(/not a path below \/api\//);
    const sent = h.store.requests.at(-1)!;
    expect(sent.headers['authorization']).toMatch(/^Basic /);
  });
});

describe("auth: 'ws_key'", () => {
  it('works behind a server that strips the Authorization header, warns once, and never shows the key', async () => {
    const stripped = await startHarness('8.x', { stripAuthorization: true });
    try {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await expect(stripped.client().products.get(1)).rejects.toMatchObject({ status: 401 });
      const c = stripped.client({ auth: 'ws_key' });
      stripped.client({ auth: 'ws_key' });
      const p = await c.products.get(1);
      expect(p.reference).toBe('demo_1');
      // At most once: the runtime warns once per process, and another test file of this worker may
      // have loaded the same shared output and warned already (test/templates/http.test.ts checks
      // the first warning on a fresh module).
      expect(warn.mock.calls.filter(([m]) => String(m).includes('ws_key')).length).toBeLessThanOrEqual(1);
      warn.mockRestore();
      const last = stripped.store.requests.at(-1)!;
      expect([last.query['ws_key'], last.hadAuthorization]).toEqual([stripped.store.apiKey, false]);
      const error = (await c.products.list({ language: 9 }).catch((e: unknown) => e)) as Error;
      expect(String(error.message)).not.toContain(stripped.store.apiKey);
      expect(error.message).toContain('ws_key=***');
    } finally {
      await stripped.close();
    }
  });
});

describe('time zones', () => {
  it('converts between a zone wall clock and instants, DST included', () => {
    const wall = new Date(Date.UTC(2024, 6, 1, 12, 0, 0)); // 12:00 in Paris, summer (UTC+2)
    expect(fromWallClock(wall, 'Europe/Paris').toISOString()).toBe('2024-07-01T10:00:00.000Z');
    expect(toWallClock(new Date('2024-01-15T09:30:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2024-01-15T10:30:00.000Z',
    );
    expect(fromWallClock(new Date(Date.UTC(2024, 2, 31, 2, 30)), 'Europe/Paris').toISOString()).toBe(
      '2024-03-31T01:30:00.000Z',
    );
  });

  it("dates: 'Date' with timeZone reads and writes real instants; without it, wall-clock times read as UTC", async () => {
    const zoned = h.runtime('customers', { timeZone: 'Europe/Paris' }, { decimals: 'string', dates: 'Date' });
    const plain = h.runtime('customers', {}, { decimals: 'string', dates: 'Date' });
    // Stored: 2024-01-10 10:00:00, Paris wall clock (UTC+1 in January).
    expect(((await zoned.get(1))!['date_add'] as Date).toISOString()).toBe('2024-01-10T09:00:00.000Z');
    expect(((await plain.get(1))!['date_add'] as Date).toISOString()).toBe('2024-01-10T10:00:00.000Z');
    // A date-only field is a calendar date: never shifted.
    expect(((await zoned.get(1))!['birthday'] as Date).toISOString()).toBe('1970-01-15T00:00:00.000Z');
    await zoned.patch(1, { newsletter_date_add: new Date('2024-07-01T10:00:00Z') }, null);
    expect(h.store.engine.get('customers', 1)!.values.get('newsletter_date_add')).toBe('2024-07-01 12:00:00');
    const found = await zoned.list({ filter: { id: 1, date_add: new Date('2024-01-10T09:00:00Z') } });
    expect(found.map((c) => c['id'])).toEqual([1]);
    expect(() => h.runtime('customers', { timeZone: 'Mars/Olympus' }, { decimals: 'string', dates: 'Date' })).toThrow(
      /not an IANA time zone/,
    );
  });
});

it('the raw store answers used above are the store’s', async () => {
  expect((await raw(h.store.url, h.store.apiKey, 'GET', 'attachments/file/999')).status).toBe(500);
});
