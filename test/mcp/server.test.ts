/**
 * The MCP server end to end: `prestashop-codegen mcp` (the built CLI, dist/) in a child process,
 * driven over stdio by the SDK's own client, against the fake store serving products with the
 * 8.2.0 seed. The store's key is one of this test's own, so that finding it anywhere (a tool
 * result, an error, the server's stderr) is a failure.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadSeedRecords } from '../../src/fakestore/crud/seed.js';
import { startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { serializeSnapshot } from '../../src/model/index.js';
import { BIN, tempDir } from '../cli/helpers.js';
import { killPid } from '../hardening/children.js';
import { crudSchema } from '../client/helpers.js';

const KEY = 'MCPTESTKEY0000000000000000000027';
const SNAPSHOT = join(tempDir(), 'prestashop-schema.json');
const seen: string[] = [];

let store: FakeStore;

beforeAll(async () => {
  const schema = crudSchema();
  writeFileSync(SNAPSHOT, serializeSnapshot(schema));
  store = await startFakeStore({
    flavor: '8.x',
    keys: { [KEY]: 'all' },
    crud: { schema, records: await loadSeedRecords() },
  });
});
afterAll(async () => {
  await store?.close();
});

interface Running {
  readonly client: Client;
  readonly call: (name: string, args: Record<string, unknown>) => Promise<{ text: string; isError: boolean }>;
  readonly stderr: () => string;
}

/** Starts the server with `flags`, runs `body` with an SDK client, and always ends the child. */
async function withServer(flags: readonly string[], body: (s: Running) => Promise<void>): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--schema', SNAPSHOT, '--url', store.url, '--retries', '0', ...flags],
    env: { PATH: process.env.PATH ?? '', PRESTASHOP_API_KEY: KEY },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  // A test that times out never reaches the finally below: the server is then killed when the test ends.
  onTestFinished(() => killPid(transport.pid));
  try {
    await client.connect(transport);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      const text = (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
      seen.push(text);
      return { text, isError: result.isError === true };
    };
    await body({ client, call, stderr: () => stderr });
  } finally {
    const pid = transport.pid;
    await client.close();
    seen.push(stderr);
    killPid(pid);
  }
}

const NAME = [
  { id: 1, value: 'MCP test mug' },
  { id: 2, value: 'Tasse de test MCP' },
];
const LINK = [
  { id: 1, value: 'mcp-test-mug' },
  { id: 2, value: 'tasse-test-mcp' },
];

describe('prestashop-codegen mcp over stdio', () => {
  it('lists tools, lists with a filter, creates (dry run, then for real), patches, and refuses what it must', async () => {
    await withServer(['--write', 'products', '--delete', 'products'], async ({ client, call }) => {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(67 * 3 + 4);
      const create = tools.find((t) => t.name === 'products_create')!;
      const properties = create.inputSchema.properties as Record<string, { properties: Record<string, unknown> }>;
      expect(properties['data']!.properties['condition']).toMatchObject({
        enum: ['new', 'used', 'refurbished'],
      });

      const list = await call('products_list', {
        filter: { reference: { op: 'beginsWith', values: ['demo_1'] } },
        display: ['id', 'reference'],
        sort: ['id_ASC'],
      });
      expect(list.isError).toBe(false);
      const listed = JSON.parse(list.text) as { count: number; items: { id: number; reference: string }[] };
      expect(listed.count).toBeGreaterThan(1);
      expect(listed.items.every((p) => p.reference.startsWith('demo_1'))).toBe(true);
      expect(listed.items.map((p) => p.id)).toEqual([...listed.items.map((p) => p.id)].sort((a, b) => a - b));

      // Dry run: validated, shown, not sent.
      const before = store.requests.filter((r) => r.method === 'POST').length;
      const data = { name: NAME, link_rewrite: LINK, price: 9.5, id_category_default: 2, condition: 'new' };
      const dry = await call('products_create', { data, dryRun: true });
      expect(dry.isError).toBe(false);
      const shown = JSON.parse(dry.text) as {
        sent: boolean;
        request: { method: string; url: string; body: string };
        validated: Record<string, unknown>;
      };
      expect(shown.sent).toBe(false);
      expect(shown.request.method).toBe('POST');
      expect(shown.request.url).toBe(`${store.url}/api/products`);
      expect(shown.request.body).toContain('<language id="2"><![CDATA[Tasse de test MCP]]></language>');
      expect(shown.validated).toEqual({
        id_category_default: 2,
        price: 9.5,
        condition: 'new',
        link_rewrite: LINK,
        name: NAME,
      });
      expect(store.requests.filter((r) => r.method === 'POST').length).toBe(before);

      // For real.
      const created = await call('products_create', { data });
      expect(created.isError).toBe(false);
      const id = (JSON.parse(created.text) as { id: number }).id;
      expect(id).toBeGreaterThan(0);
      const read = JSON.parse((await call('products_get', { id, display: ['id', 'name', 'price'] })).text) as {
        name: unknown;
        price: number;
      };
      expect(read).toEqual({ id, name: NAME, price: 9.5 });

      // A patch of one language keeps the other (the client fills it from the record).
      const patched = await call('products_patch', { id, data: { name: [{ id: 1, value: 'MCP test mug, patched' }] } });
      expect(patched.isError).toBe(false);
      expect(JSON.parse(patched.text).name).toEqual([{ id: 1, value: 'MCP test mug, patched' }, NAME[1]]);
      expect(store.requests.some((r) => r.method === 'PATCH' && r.path.endsWith(`/products/${id}`))).toBe(true);

      // Invalid input: refused before sending, with the validator's words.
      const invalid = await call('products_patch', { id, data: { condition: 'broken' } });
      expect(invalid.isError).toBe(true);
      expect(invalid.text).toMatch(/condition/);
      expect(invalid.text).toMatch(/nothing was sent/);

      // A delete without its confirmation is refused, and nothing is deleted.
      const refused = await call('products_delete', { ids: [id] });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain(`confirm: [${id}]`);
      expect(store.requests.some((r) => r.method === 'DELETE')).toBe(false);
      const wrong = await call('products_delete', { ids: [id], confirm: [id + 1] });
      expect(wrong.isError).toBe(true);
      expect(store.requests.some((r) => r.method === 'DELETE')).toBe(false);

      // A write the allow-list does not name.
      const notAllowed = await call('categories_create', { data: { name: NAME } });
      expect(notAllowed.isError).toBe(true);
      expect(notAllowed.text).toContain('--write categories:create');

      const deleted = await call('products_delete', { ids: [id], confirm: [id] });
      expect(deleted.isError).toBe(false);
      expect(JSON.parse((await call('products_get', { id })).text)).toBeNull();
    });
  });

  it('is read-only by default, counts, truncates big results with a note, and keeps to the write budget', async () => {
    await withServer(['--max-result-chars', '6000'], async ({ client, call, stderr }) => {
      const { tools } = await client.listTools();
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
      const refused = await call('products_patch', { id: 1, data: { price: 1 } });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('--write products:patch');

      // Arguments the typed query refuses: the client's own words, as a tool error.
      const computed = await call('products_list', { filter: { quantity: 3 } });
      expect(computed.isError).toBe(true);
      expect(computed.text).toContain('products.quantity cannot be filtered or sorted on (the store computes it)');
      expect((await call('products_list', { sort: 'price_DESC' })).text).toContain('sort: expected a list');

      const count = JSON.parse((await call('products_count', {})).text) as { count: number };
      expect(count.count).toBe(3);
      const big = await call('products_list', { limit: 50 });
      expect(big.text.length).toBeLessThanOrEqual(6000);
      const page = JSON.parse(big.text) as { items: unknown[]; note: string };
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.length).toBeLessThan(count.count);
      expect(page.note).toMatch(/^\[truncated: \d+ of \d+ items shown/);
      expect(stderr()).toContain('read-only');
    });
    // The allow-list and the budget from the config file's `mcp` section.
    const config = join(tempDir(), 'prestashop-codegen.config.json');
    writeFileSync(config, JSON.stringify({ mcp: { write: ['products:patch'], writeBudget: 1 } }));
    await withServer(['--config', config], async ({ call }) => {
      // A dry run and a refused (invalid) write do not use the budget.
      expect((await call('products_patch', { id: 1, data: { price: 20 }, dryRun: true })).isError).toBe(false);
      expect((await call('products_patch', { id: 1, data: { condition: 'broken' } })).isError).toBe(true);
      const patches = store.requests.filter((r) => r.method === 'PATCH').length;
      expect((await call('products_patch', { id: 1, data: { reference: 'demo_1' } })).isError).toBe(false);
      const over = await call('products_patch', { id: 1, data: { reference: 'demo_1' } });
      expect(over.isError).toBe(true);
      expect(over.text).toContain('write budget');
      expect(store.requests.filter((r) => r.method === 'PATCH').length).toBe(patches + 1);
    });
  });

  it('shows a ws_key dry run without the key', async () => {
    await withServer(['--ws-key', '--write', 'products:patch'], async ({ call }) => {
      const dry = await call('products_patch', {
        id: 1,
        data: { name: [{ id: 2, value: 'Autre nom' }] },
        dryRun: true,
      });
      expect(dry.isError).toBe(false);
      const shown = JSON.parse(dry.text) as { request: { url: string } };
      expect(shown.request.url).toBe(`${store.url}/api/products/1`);
      // The language fill read went to the store with the key as ws_key.
      expect(store.requests.some((r) => r.method === 'GET' && r.query['ws_key'] === KEY)).toBe(true);
    });
  });

  it('redacts the key when the store itself quotes it in an error', async () => {
    const fault = store.fault({
      path: '/api/products/2',
      status: 500,
      body: `<?xml version="1.0" encoding="UTF-8"?><prestashop><errors><error><code><![CDATA[3]]></code><message><![CDATA[bad key ${KEY} in /api/products/2?ws_key=${KEY}]]></message></error></errors></prestashop>`,
      headers: { 'Content-Type': 'text/xml' },
    });
    try {
      await withServer(['--ws-key'], async ({ call }) => {
        const failed = await call('products_get', { id: 2 });
        expect(failed.isError).toBe(true);
        // The client's own redaction (***) or the server's ([redacted]): either way, not the key.
        expect(failed.text).toMatch(/answered 500: \[3\] bad key (\*\*\*|\[redacted\])/);
        expect(failed.text).not.toContain(KEY);
      });
    } finally {
      store.clearFaults();
    }
    expect(fault.hits).toBeGreaterThan(0);
  });

  it('removes its private copy of the generated client when the session ends', async () => {
    const ours = () => readdirSync(tmpdir()).filter((n) => n.startsWith('prestashop-codegen-mcp-'));
    const before = new Set(ours());
    let during: string[] = [];
    await withServer([], async ({ call }) => {
      expect((await call('categories_get', { id: 2, display: ['id'] })).isError).toBe(false);
      during = ours().filter((n) => !before.has(n));
    });
    expect(during).toHaveLength(1);
    // The client closes stdin and signals the server, which removes the directory before exiting.
    for (let i = 0; i < 50 && existsSync(join(tmpdir(), during[0]!)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(join(tmpdir(), during[0]!))).toBe(false);
  });

  it('no tool result, error or server output contains the key', () => {
    expect(seen.length).toBeGreaterThan(15);
    for (const text of seen) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(Buffer.from(`${KEY}:`).toString('base64'));
    }
  });
});
