/**
 * `prestashop-codegen doctor` against fake stores that simulate each misconfiguration: the
 * diagnosis in plain words, the fix, and the exit code (0 healthy, 1 problems, 2 usage).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { diagnose, type Finding } from '../../src/doctor/index.js';
import { startFakeStore, type FakeStore, type FakeStoreOptions } from '../../src/fakestore/index.js';
import { probeStore } from '../../src/introspect/index.js';
import { KEY, leaksIn, runCli, type CliRun } from './helpers.js';

const open: FakeStore[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function store(options: FakeStoreOptions = {}): Promise<FakeStore> {
  const s = await startFakeStore(options);
  open.push(s);
  return s;
}

async function doctor(s: FakeStore | string, ...flags: string[]): Promise<CliRun> {
  const url = typeof s === 'string' ? s : s.url;
  const run = await runCli(['doctor', '--url', url, '--key', KEY, ...flags]);
  expect(leaksIn(run.stdout + run.stderr, KEY)).toEqual([]);
  return run;
}

/** The findings' codes by level, from the library (the CLI prints the same findings). */
async function codes(
  s: FakeStore,
  options: { include?: string[]; wsKey?: boolean; key?: string } = {},
): Promise<Record<string, string[]>> {
  const d = diagnose(await probeStore({ url: s.url, key: options.key ?? KEY, retries: 0, ...options }));
  const by: Record<string, string[]> = {};
  for (const f of d.findings as Finding[]) (by[f.level] ??= []).push(f.code);
  return by;
}

describe('prestashop-codegen doctor', () => {
  it('a healthy 8.2.0 store: exit 0, version, permissions, the XML fallback for the lossy JSON synopsis', async () => {
    const s = await store();
    const run = await doctor(s);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`Checking the PrestaShop webservice at ${s.url}/`);
    expect(run.stdout).toMatch(
      /ok {6}The webservice answers at http:\/\/127\.0\.0\.1:\d+\/api and accepts the key \(69 resources visible to it\)/,
    );
    expect(run.stdout).toMatch(/info {4}PrestaShop 8\.2\.0\./);
    expect(run.stdout).toMatch(/ok {6}The key may read all 39 of the resources the spec lists that the store has\./);
    expect(run.stdout).toMatch(
      /info {4}The JSON synopsis is lossy, as on every PrestaShop 1\.7 to 9: introspect reads the XML synopsis instead\.\n {10}products: the JSON synopsis lists no fields \(only associations, or nothing\)\n/,
    );
    expect(run.stdout).toMatch(/ok {6}The XML synopsis of products reads fine\./);
    expect(run.stdout).toMatch(/No problems found: introspect should work against this store\.\n$/);
    expect(await codes(s)).toEqual({
      ok: ['webservice', 'permissions', 'synopsis-xml'],
      info: ['version', 'synopsis-json-lossy'],
    });
  });

  it('a spec-style store: its JSON synopsis is used', async () => {
    const s = await store({ flavor: 'spec' });
    const run = await doctor(s, '--include', 'products,orders');
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/ok {6}The JSON synopsis of products carries field metadata; introspect uses it\./);
  });

  it('the webservice is disabled (503, code 22)', async () => {
    const s = await store({ webserviceEnabled: false });
    const run = await doctor(s);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/PROBLEM The webservice is disabled on this store \(503, code 22\)\./);
    expect(run.stdout).toMatch(
      /Fix: In the back office: Advanced Parameters > Webservice > "Enable PrestaShop's webservice" = Yes/,
    );
    expect(run.stdout).toMatch(/\n1 problem found\.\n$/);
  });

  it('URL rewriting is off: /api is a 404 page while the dispatcher works', async () => {
    const s = await store({ urlRewriting: false });
    const run = await doctor(s, '--include', 'products');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /PROBLEM URL rewriting is off: http:\/\/127\.0\.0\.1:\d+\/api is not the webservice \(HTTP 404\), but \/webservice\/dispatcher\.php\?url= is\./,
    );
    expect(run.stdout).toMatch(/Fix: Turn URL rewriting on: Shop Parameters > Traffic & SEO > "Friendly URL" = Yes/);
    // The rest is checked through the dispatcher.
    expect(run.stdout).toMatch(
      /ok {6}The webservice answers at http:\/\/127\.0\.0\.1:\d+\/webservice\/dispatcher\.php\?url= and accepts the key/,
    );
    expect(await codes(s, { include: ['products'] })).toMatchObject({ problem: ['url-rewriting-off'] });
  });

  it('the key lacks permissions on resources the user asked for (--include)', async () => {
    const s = await store({ keys: { [KEY]: { products: ['GET'], orders: ['POST'], languages: ['GET'] } } });
    const run = await doctor(s, '--include', 'products,orders,customers');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /PROBLEM The key may not read 2 of the 3 resources you asked for \(--include\): orders, customers\./,
    );
    expect(run.stdout).toMatch(
      /Fix: In Advanced Parameters > Webservice, edit the key and tick "View \(GET\)" for: orders, customers\. Or leave them out with --exclude orders,customers\./,
    );
  });

  it("the key lacks permissions on resources of the spec's list (no --include)", async () => {
    const s = await store({ keys: { [KEY]: { products: ['GET'], zones: ['GET'] } } });
    const run = await doctor(s);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /PROBLEM The key may not read 37 of the 39 resources the spec lists: addresses, attachments, carriers,/,
    );
  });

  it('an --include the store does not have', async () => {
    const s = await store();
    const run = await doctor(s, '--include', 'products,productz');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/PROBLEM The store has no resource named productz \(400, code 27\)\./);
  });

  it('the web server strips the Authorization header: works with ws_key, not with Basic', async () => {
    const s = await store({ stripAuthorization: true });
    const run = await doctor(s, '--include', 'products');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /PROBLEM The web server drops the Authorization header: the key reaches PrestaShop as ws_key but not as HTTP Basic\./,
    );
    expect(run.stdout).toMatch(
      /Fix: Make the web server pass the Authorization header to PHP\. Apache with CGI\/FastCGI: add "CGIPassAuth On"/,
    );
    expect(run.stdout).toMatch(/accepts the key \(69 resources visible to it, with ws_key\)/);
    expect(run.stdout).not.toContain('ws_key=F');
    expect(await codes(s, { include: ['products'] })).toMatchObject({ problem: ['authorization-stripped'] });
  });

  it('1.7 store: the version and what it implies', async () => {
    const s = await store({ flavor: '1.7' });
    const run = await doctor(s, '--include', 'products');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/info {4}PrestaShop 1\.7\.8\.10 \(no PATCH before 8\.0: updates are full PUTs\)\./);
    expect(run.stdout).toMatch(/products: the JSON synopsis lists fields without descriptors \(empty values\)/);
  });

  it('a store that does not say its version', async () => {
    const s = await store({ version: null });
    expect(await codes(s, { include: ['products'] })).toMatchObject({
      info: ['version-unknown', 'synopsis-json-lossy'],
    });
  });

  it('a wrong key, a URL that is not a store, a store that cannot be reached', async () => {
    const s = await store();
    const wrong = await runCli(['doctor', '--url', s.url, '--key', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ']);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/PROBLEM The store does not know this key, or the key is disabled\./);
    expect(wrong.stdout).not.toContain('ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ');

    const notStore = await doctor(`${s.url}/blog`);
    expect(notStore.code).toBe(1);
    expect(notStore.stdout).toMatch(
      /PROBLEM No PrestaShop webservice answers at http:\/\/127\.0\.0\.1:\d+\/blog\/api \(HTTP 404, an HTML page\)\./,
    );
    expect(notStore.stdout).toMatch(/Fix: --url must be the shop's base address/);

    const closed = await doctor('http://127.0.0.1:9', '--retries', '0');
    expect(closed.code).toBe(1);
    expect(closed.stdout).toMatch(
      /PROBLEM The store cannot be reached\.\n\s+http:\/\/127\.0\.0\.1:9\/api: no answer after 1 attempts; last error: ECONNREFUSED/,
    );
  });

  it('more findings: key format, shop association, unreadable synopsis, a root that is not a listing, absent spec resources', async () => {
    const s = await store();
    expect(await codes(s, { key: 'short' })).toEqual({ problem: ['key-malformed'] });
    s.fault({ path: '/api', status: 403, body: '{"errors":[{"code":132,"message":"not in this shop"}]}' });
    expect(await codes(s)).toEqual({ problem: ['key-not-in-shop'] });
    s.clearFaults();
    s.fault({ path: '/api', body: '<prestashop><products></products></prestashop>' });
    expect(await codes(s)).toEqual({ problem: ['bad-listing'] });
    s.clearFaults();
    s.fault({ path: '/api/products', query: { schema: 'synopsis', output_format: null }, truncateTo: 300 });
    expect(await codes(s, { include: ['products'] })).toMatchObject({ problem: ['synopsis-unreadable'] });
    const limited = await store({ keys: { [KEY]: { products: ['GET'], carts: ['POST'] } } });
    limited.fault({
      path: '/api/orders',
      status: 400,
      body: '{"errors":[{"code":27,"message":"Resource of type \\"orders\\" does not exists."}]}',
    });
    limited.fault({ path: '/api/carts', status: 500, body: '' });
    const found = await codes(limited);
    expect(found.info).toContain('spec-resources-absent');
    expect(found.problem).toEqual(['missing-permissions', 'resource-errors']);
  });

  it('usage errors exit 2', async () => {
    const s = await store();
    expect((await runCli(['doctor', '--key', KEY])).code).toBe(2);
    expect((await doctor(s, '--include', 'a/b')).code).toBe(2);
    expect((await doctor(s, '--ca', 'missing.pem')).code).toBe(2);
    expect((await doctor(s, '--bogus')).code).toBe(2);
  });
});
