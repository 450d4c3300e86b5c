// A list answer has its own bound (maxListResponseBytes, default 256 MiB), larger than the bound
// of every other answer (maxResponseBytes, default 16 MiB): list() of more than 16 MiB works.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type ClientOptions } from '../../templates/runtime/client.js';
import { PrestaShopError } from '../../templates/runtime/errors.js';
import { DEFAULT_CODEC } from '../../templates/runtime/meta.js';
import { ResourceRuntime } from '../../templates/runtime/resource.js';
import { productMeta } from './metas.js';

const KEY = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const MIB = 1024 * 1024;
/** 100 products of 180 KB each (a long description): 17.6 MiB, above the 16 MiB of maxResponseBytes. */
const DESCRIPTION = 'x'.repeat(180 * 1024);
const product = (id: number): string =>
  `<product><id><![CDATA[${id}]]></id><description><language id="1"><![CDATA[${DESCRIPTION}]]></language></description></product>`;
const LIST = Buffer.from(
  `<prestashop><products>${Array.from({ length: 100 }, (_, i) => product(i + 1)).join('')}</products></prestashop>`,
);
const ITEM = Buffer.from(`<prestashop>${product(1)}</prestashop>`);

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = req.url?.startsWith('/api/products/') === true ? ITEM : LIST;
    res.writeHead(200, { 'content-type': 'text/xml' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function products(options: Partial<ClientOptions> = {}): ResourceRuntime {
  return new ResourceRuntime(
    createContext({ baseUrl: url, apiKey: KEY, retries: 0, ...options }, DEFAULT_CODEC, [1]),
    productMeta,
  );
}

const failure = (p: Promise<unknown>): Promise<PrestaShopError> =>
  p.then(
    () => Promise.reject(new Error('expected a failure')),
    (e: unknown) => e as PrestaShopError,
  );

describe('the bound of a list answer', () => {
  it('list() reads an answer above the 16 MiB of maxResponseBytes with the defaults', async () => {
    expect(LIST.length).toBeGreaterThan(16 * MIB);
    const items = await products().list();
    expect(items).toHaveLength(100);
    expect(items[99]).toMatchObject({ id: 100, description: [{ id: 1, value: DESCRIPTION }] });
  });

  it('other reads keep maxResponseBytes, and a list above maxListResponseBytes fails naming that option', async () => {
    const small = products({ maxResponseBytes: 100 * 1024, maxListResponseBytes: 20 * MIB });
    expect(await small.list()).toHaveLength(100);
    const item = await failure(small.get(1));
    expect(item.kind).toBe('decode');
    expect(item.message).toContain('larger than maxResponseBytes (102400 bytes); raise maxResponseBytes');
    const list = await failure(products({ maxListResponseBytes: 1 * MIB }).list());
    expect(list.kind).toBe('decode');
    expect(list.message).toContain(
      `larger than maxListResponseBytes (${MIB} bytes); raise maxListResponseBytes in createClient's options`,
    );
  });

  it('refuses a bound that is not a positive number', () => {
    expect(() => products({ maxListResponseBytes: 0 })).toThrow(/maxListResponseBytes: expected a positive number/);
  });
});
