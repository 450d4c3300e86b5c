/** Live stores as diff inputs: the in-repo fake store on 127.0.0.1, keys from the environment. */
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startFakeStore, type FakeStore } from '../../src/fakestore/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OLD_KEY = 'OLDSTORE0KEY0000000000000000000A';
const NEW_KEY = 'NEWSTORE0KEY0000000000000000000B';

let v17: FakeStore;
let v8: FakeStore;
let narrow: FakeStore;

beforeAll(async () => {
  [v17, v8, narrow] = await Promise.all([
    startFakeStore({ flavor: '1.7', keys: { [OLD_KEY]: 'all' } }),
    startFakeStore({ flavor: '8.x', keys: { [NEW_KEY]: 'all' } }),
    startFakeStore({ flavor: '8.x', keys: { [NEW_KEY]: { products: ['GET', 'HEAD'], languages: ['GET'] } } }),
  ]);
});
afterAll(async () => {
  await Promise.all([v17.close(), v8.close(), narrow.close()]);
});

async function run(args: readonly string[], env: NodeJS.ProcessEnv) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const stdout = new PassThrough().on('data', (c: Buffer) => out.push(c));
  const stderr = new PassThrough().on('data', (c: Buffer) => err.push(c));
  const code = await main(['diff', ...args], { stdout, stderr, cwd: ROOT, env });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

describe('diff against live stores', () => {
  it('compares two live stores, each with its own key, and never prints a key', async () => {
    const r = await run(['--old-url', v17.url, '--new-url', v8.url, '--format', 'json', '--fail-on', 'breaking'], {
      PRESTASHOP_OLD_API_KEY: OLD_KEY,
      PRESTASHOP_NEW_API_KEY: NEW_KEY,
    });
    // The one breaking change between the two generations' catalogs for fields both synopses agree on:
    // OrderSlip::$shipping_cost is TYPE_INT in 1.7.8 and TYPE_BOOL from 8.0.
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.changes.filter((c: { severity: string }) => c.severity === 'breaking')).toEqual([
      expect.objectContaining({
        id: 'field-php-type-changed',
        path: 'order_slip.shipping_cost',
        before: 'int',
        after: 'bool',
      }),
    ]);
    expect([json.old.psVersion, json.new.psVersion]).toEqual(['1.7.8.10', '8.2.0']);
    expect(json.old.label).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/?$/);
    // 8.x adds PATCH wherever the key may update.
    expect(json.changes).toContainEqual(
      expect.objectContaining({ id: 'method-added', path: 'products:PATCH', severity: 'safe' }),
    );
    for (const text of [r.stdout, r.stderr]) {
      expect(text).not.toContain(OLD_KEY);
      expect(text).not.toContain(NEW_KEY);
    }
    expect(v17.requests.every((q) => q.key === OLD_KEY)).toBe(true);
    expect(v8.requests.every((q) => q.key === NEW_KEY)).toBe(true);
  });

  it('compares a snapshot with a live store; PRESTASHOP_API_KEY is the fallback key', async () => {
    const r = await run(
      ['test/golden/prestashop-8.2.0/prestashop-schema.json', '--new-url', narrow.url, '--fail-on', 'breaking'],
      {
        PRESTASHOP_API_KEY: NEW_KEY,
      },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('products:POST: method removed');
    expect(r.stdout).toContain('customers: resource removed');
    expect(r.stdout + r.stderr).not.toContain(NEW_KEY);
  });

  it('a store that refuses the key is an error that names the URL, not the key', async () => {
    const r = await run(['--old-url', v8.url, 'test/golden/prestashop-8.2.0/prestashop-schema.json'], {
      PRESTASHOP_OLD_API_KEY: 'WRONGKEY000000000000000000000000',
    });
    // Exit 1 is kept for --fail-on; a store that cannot be read is an input error.
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: old store: http://127.0.0.1:');
    expect(r.stderr).not.toContain('WRONGKEY000000000000000000000000');
  });
});
