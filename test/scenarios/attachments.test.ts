/**
 * Attachments through the generated client: upload a file, read its record, download it, link it
 * to a product, delete it. (`deleteFile`, which a real store answers without deleting anything,
 * is in issue21.test.ts.)
 */
import { describe, expect } from 'vitest';
import { makeCategory, makeProduct } from './records.js';
import { scenario, type Client, type Target, useTarget } from './targets.js';

let t: Target;
let c: Client;
useTarget((target, client) => {
  t = target;
  c = client;
});

describe('attachments', () => {
  scenario('attachments: upload, download, link to a product and delete', async () => {
    const bytes = new TextEncoder().encode(`User manual ${t.stamp}\n`);
    const a = await c.attachments.upload(
      { bytes, fileName: `manual-${t.stamp}.txt`, mimeType: 'text/plain' },
      { name: `Manual ${t.stamp}` },
    );
    t.cleanup.add('attachments', a.id);
    const record = await c.attachments.get(a.id);
    expect([record.file_name, record.mime, record.file_size]).toEqual([
      `manual-${t.stamp}.txt`,
      'text/plain',
      bytes.length,
    ]);
    expect(record.name.map((n: { value: string }) => n.value)).toEqual([`Manual ${t.stamp}`, `Manual ${t.stamp}`]);

    const file = await c.attachments.download(a.id);
    expect([file.fileName, new TextDecoder().decode(file.bytes)]).toEqual([
      `manual-${t.stamp}.txt`,
      `User manual ${t.stamp}\n`,
    ]);

    const category = await makeCategory(t, c, 'Docs');
    const product = await makeProduct(t, c, category.id);
    const linked = await c.attachments.patch(a.id, { associations: { products: [{ id: product.id }] } });
    expect(linked.associations.products).toEqual([{ id: product.id }]);
    expect(
      (await c.attachments.list({ filter: { file_name: `manual-${t.stamp}.txt` }, display: ['id'] })).map(
        (x: { id: number }) => x.id,
      ),
    ).toEqual([a.id]);

    await c.attachments.delete(a.id);
    t.cleanup.forget('attachments', a.id);
    expect(await c.attachments.get(a.id)).toBeNull();
    // A real 8.2.0 store answers a missing attachment's file with 500, code 1 ("Attachment N not found").
    await expect(c.attachments.download(a.id)).rejects.toMatchObject({ status: 500, code: 1 });
  });
});
