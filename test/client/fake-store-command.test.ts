import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startDataStore } from '../../src/cli/commands/fake-store.js';
import { main } from '../../src/cli/main.js';
import { Reporter } from '../../src/cli/reporter.js';
import { FAKE_STORE_KEY } from '../../src/fakestore/index.js';
import { productXml, raw } from './helpers.js';

function capture(): { reporter: Reporter; out: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let text = '';
  stdout.on('data', (c: Buffer) => (text += c.toString()));
  return { reporter: new Reporter({ stdout, stderr }), out: () => text };
}

/** Runs the CLI in process on arguments it refuses: the exit code and what it wrote to stderr. */
async function failing(args: string[]): Promise<{ code: number; text: string }> {
  const stderr = new PassThrough();
  let text = '';
  stderr.on('data', (c: Buffer) => (text += c.toString()));
  const code = await main(args, { stdout: new PassThrough(), stderr });
  return { code, text };
}

describe('fake-store command', () => {
  it('introspects the bundled store, then serves its data with the demo key', async () => {
    const { reporter, out } = capture();
    const { store, schema } = await startDataStore({ schemaPath: null, generation: '8.x', port: 0 }, reporter);
    try {
      expect(schema.resources.some((r) => r.name === 'products')).toBe(true);
      expect(out()).toContain(`url: ${store.url}`);
      expect(out()).toContain(`key: ${FAKE_STORE_KEY}`);
      expect(out()).toContain(
        'with data for categories, customers, order_histories, products, stock_availables, images and search',
      );
      // It starts with the 8.2.0 seed records, not an empty catalogue.
      const products = await raw(store.url, FAKE_STORE_KEY, 'GET', 'products');
      expect(products.text.match(/<product id=/g)?.length).toBe(3);
      const customers = await raw(store.url, FAKE_STORE_KEY, 'GET', 'customers');
      expect(customers.text.match(/<customer id=/g)?.length).toBe(2);
      const created = await raw(store.url, FAKE_STORE_KEY, 'POST', 'products', {
        body: productXml(
          '<price>1</price><name><language id="1">Mug</language><language id="2">Tasse</language></name>',
        ),
      });
      expect(created.status).toBe(201);
      // Schema requests are still the recorded store's.
      const synopsis = await raw(store.url, FAKE_STORE_KEY, 'GET', 'products?schema=synopsis');
      expect(synopsis.text).toContain('<price required="true" format="isPrice">');
    } finally {
      await store.close();
    }
  });

  it('--schema: a fake of that snapshot, every resource with data, the generation from its store version', async () => {
    const { reporter, out } = capture();
    const path = new URL('../golden/prestashop-8.2.0/prestashop-schema.json', import.meta.url).pathname;
    const { store } = await startDataStore({ schemaPath: path, port: 0 }, reporter);
    try {
      expect(out()).toContain(`Fake PrestaShop store (8.x behaviour) of ${path}:`);
      expect(out()).toContain(`key: ${FAKE_STORE_KEY}`);
      const address = await raw(store.url, FAKE_STORE_KEY, 'POST', 'addresses', {
        body: '<prestashop><address><id_country>8</id_country><alias>a</alias><lastname>D</lastname><firstname>J</firstname><address1>x</address1><city>P</city></address></prestashop>',
      });
      expect(address.status).toBe(201);
      expect((await raw(store.url, FAKE_STORE_KEY, 'GET', 'orders')).text).toContain('<order id="1"');
    } finally {
      await store.close();
    }
    const old = await startDataStore({ schemaPath: path, port: 0, generation: '1.7' }, reporter);
    try {
      expect(out()).toContain('(1.7.8 behaviour)');
      expect((await raw(old.store.url, FAKE_STORE_KEY, 'GET', 'products/1')).headers.get('psws-version')).toBe(
        '1.7.8.10',
      );
    } finally {
      await old.store.close();
    }
  });

  it('--schema naming no snapshot: the loader error on one line, exit 2', async () => {
    const { code, text } = await failing(['fake-store', '--schema', '/nonexistent/s.json']);
    expect(code).toBe(2);
    expect(text).toBe(
      'error: /nonexistent/s.json: no snapshot here: run `prestashop-codegen introspect` first, or pass --schema <file> or --url/--key\n',
    );
  });

  it('is registered in the CLI and refuses a bad port (exit 2)', async () => {
    const { code, text } = await failing(['fake-store', '--port', '-1']);
    expect(code).toBe(2);
    expect(text).toContain('--port: expected a port number');
  });
});
