/**
 * Type-level tests of the generated client: what must compile does, and every `@ts-expect-error`
 * line must be an error (an unused directive is itself reported, so a line that compiles fails
 * the test). Checked under strict with nodenext and bundler resolution.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileMap } from '../../src/emit/context.js';
import { typecheck, type Resolution } from '../emit/typecheck.js';
import { generate } from './generated.js';
import { crudSchema } from './helpers.js';

const USE = `
import { anyOf, between, beginsWith, contains, createClient, gt, not, PrestaShopError, PrestaShopValidationError } from './out/index.js';
import type { Category, Product, ProductsClient, StockAvailable } from './out/index.js';

const client = createClient({ baseUrl: 'https://shop.example', apiKey: 'K'.repeat(32), language: 1, shop: { id_shop: 1 } });

export async function reads(): Promise<number> {
  const all: Product[] = await client.products.list({
    filter: { id: anyOf(1, 2), name: contains('mug'), price: between(1, 20), active: true, date_add: gt('2024-01-01'), id_manufacturer: not(3) },
    sort: ['price_DESC', 'id_ASC'],
    limit: { offset: 0, count: 10 },
  });
  const narrow = await client.products.list({ display: ['id', 'price'] });
  const price: number = narrow[0]!.price;
  // @ts-expect-error name was not in the display list
  void narrow[0]!.name;
  const one: Product | null = await client.products.get(1);
  const slim = await client.categories.get(2, { display: ['id', 'name'] });
  const name: string | undefined = slim?.name[0]?.value;
  let count = 0;
  for await (const c of client.categories.listAll({ pageSize: 50, filter: { name: beginsWith('A') } })) {
    const category: Category = c;
    count += category.id;
  }
  const exists: boolean = await client.products.head(1);
  const query: ProductsClient.Query = { filter: { reference: 'x' } };
  void [all, one, name, exists, query];
  return price + count;
}

export async function writes(): Promise<void> {
  const created = await client.products.create({ price: 1, name: [{ id: 1, value: 'Mug' }], associations: { categories: [{ id: 2 }] } });
  await client.products.update(created.id, { ...created, price: 2 });
  await client.products.patch(created.id, { price: 3 }, { validate: false });
  await client.products.delete([created.id, 4]);
  const stock: StockAvailable = await client.stock_availables.patch(1, { quantity: 5 });
  await client.order_histories.create({ id_order: 1, id_order_state: 4 }, { sendemail: true });
  const image = await client.images.products.upload(created.id, new Uint8Array([1]), { contentType: 'image/png' });
  const found = await client.search({ query: 'mug', language: 1 });
  const full = await client.search({ query: 'mug', language: 1, display: 'full' });
  const n: number = found.products[0]! + image.id + stock.quantity;
  const p: Product | undefined = full.products[0];
  void [n, p];
}

export async function sync(cursor: string): Promise<string> {
  // orders have date_upd: a date feed, with since, and updates.
  for await (const c of client.orders.changes({ since: new Date(), pageSize: 50 })) {
    if (c.type === 'updated' && c.record !== undefined) cursor = c.cursor + c.record.reference;
  }
  // tags have no date_upd: an id feed, creations and deletions only.
  for await (const t of client.tags.changes({ cursor })) {
    // @ts-expect-error an id feed cannot claim an update
    if (t.type === 'updated') return t.cursor;
    const kind: 'created' | 'deleted' = t.type;
    void kind;
  }
  // @ts-expect-error an id feed takes no since
  void client.tags.changes({ since: new Date() });
  const n: number = await client.products.count({ filter: { active: true } });
  const results = await client.products.createMany([{ price: 1 }], { chunkSize: 10, concurrency: 2 });
  for (const r of results) if (r.status === 'saved') cursor += r.item.id + n;
  const updated = await client.products.updateMany([{ id: 1, input: { price: 2 } }]);
  for (const r of updated) if (r.status !== 'saved') cursor += r.error.message;
  // @ts-expect-error stock_availables has no createMany: PrestaShop forbids POST
  void client.stock_availables.createMany([]);
  return cursor;
}

export function errors(error: unknown): string {
  if (error instanceof PrestaShopValidationError) return error.issues.map((i) => i.path).join();
  if (error instanceof PrestaShopError) return \`\${error.status} \${error.errors.map((e) => e.code).join()}\`;
  return '';
}

export function refused(): void {
  // @ts-expect-error stock_availables has no create: PrestaShop forbids POST
  void client.stock_availables.create({});
  // @ts-expect-error stock_availables has no delete
  void client.stock_availables.delete(1);
  // @ts-expect-error shops cannot be deleted
  void client.shops.delete(1);
  // @ts-expect-error order_histories cannot be updated
  void client.order_histories.update(1, { id_order: 1, id_order_state: 2 });
  // @ts-expect-error an unknown filter key
  void client.products.list({ filter: { nope: 1 } });
  // @ts-expect-error quantity is computed by the store: not filterable
  void client.products.list({ filter: { quantity: '1' } });
  // @ts-expect-error a text operator on a number field
  void client.products.list({ filter: { id: contains('1') } });
  // @ts-expect-error a number where the field is a boolean
  void client.products.list({ filter: { active: 1 } });
  // @ts-expect-error sort on an unknown field
  void client.products.list({ sort: 'nope_ASC' });
  // @ts-expect-error display of an unknown field
  void client.products.list({ display: ['nope'] });
  // @ts-expect-error price is required in a create
  void client.products.create({ reference: 'x' });
  // @ts-expect-error a read-only field in a patch
  void client.products.patch(1, { manufacturer_name: 'x' });
  // @ts-expect-error sendemail is only where the store uses it
  void client.products.create({ price: 1 }, { sendemail: true });
  // @ts-expect-error listAll pages by itself: no limit
  void client.products.listAll({ limit: 5 });
}
`;

let files: FileMap;
beforeAll(async () => {
  files = await generate(crudSchema());
});

describe('generated client types', () => {
  it.each<Resolution>(['nodenext', 'bundler'])('compile with %s, and every refused call is an error', (resolution) => {
    expect(typecheck(files, resolution, { 'use.ts': USE })).toEqual([]);
  });

  it('a refused call that compiled would be reported', () => {
    const wrong = USE.replace(
      '// @ts-expect-error stock_availables has no create: PrestaShop forbids POST\n',
      '// @ts-expect-error\n  void client.products.head(1);\n  // @ts-expect-error stock_availables has no create: PrestaShop forbids POST\n',
    );
    expect(typecheck(files, 'nodenext', { 'use.ts': wrong }).join('\n')).toMatch(/Unused '@ts-expect-error' directive/);
  });
});
