/**
 * The fake store's wire behaviour per flavor (what the reference says real stores do), and the
 * introspector on the 1.7 flavor, forced synopsis formats, and store quirks served over HTTP.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { introspectStore } from '../../src/introspect/index.js';
import { fieldKind, parseSnapshot, serializeSnapshot, type Field } from '../../src/model/index.js';
import { FIXTURE_DIR, GOLDEN_DIR } from './helpers.js';

const KEY = FAKE_STORE_KEY;
const auth = { authorization: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` };
const golden82 = parseSnapshot(readFileSync(join(GOLDEN_DIR, 'prestashop-8.2.0/prestashop-schema.json'), 'utf8'));

async function get(url: string, headers: Record<string, string> = auth) {
  const res = await request(url, { headers });
  return { status: res.statusCode, headers: res.headers as Record<string, string>, body: await res.body.text() };
}

let s8: FakeStore;
let s17: FakeStore;
beforeAll(async () => {
  [s8, s17] = await Promise.all([startFakeStore({ flavor: '8.x' }), startFakeStore({ flavor: '1.7' })]);
});
afterAll(async () => {
  await Promise.all([s8.close(), s17.close()]);
});

describe('fake store, 8.x flavor', () => {
  it('answers JSON /api with a PHP fatal (500, empty body) and XML /api with its own URLs', async () => {
    expect(await get(`${s8.url}/api?output_format=JSON`)).toMatchObject({ status: 500, body: '' });
    const xml = await get(`${s8.url}/api`);
    expect(xml.status).toBe(200);
    expect(xml.body).toContain(`xlink:href="${s8.url}/api/addresses"`);
    expect(xml.body).not.toContain('prestashop.test');
    expect(xml.headers['content-sha1']).toBe(createHash('sha1').update(xml.body).digest('hex'));
    expect(xml.headers['psws-version']).toBe('8.2.0');
  });

  it('sends PSWS-Version 0 before authentication, WWW-Authenticate on 401', async () => {
    const none = await get(`${s8.url}/api`, {});
    expect(none).toMatchObject({ status: 401, body: '401 Unauthorized' });
    expect(none.headers['www-authenticate']).toMatch(/^Basic realm="Welcome to PrestaShop Webservice/);
    const wrong = await get(`${s8.url}/api/products`, {
      authorization: `Basic ${Buffer.from('Z'.repeat(32) + ':').toString('base64')}`,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['psws-version']).toBe('0');
    expect(wrong.body).toBe(readFileSync(join(FIXTURE_DIR, 'errors/key-unknown.xml'), 'utf8'));
    const json = await get(`${s8.url}/api/products?output_format=JSON`, {
      authorization: `Basic ${Buffer.from('ABC:').toString('base64')}`,
    });
    expect(JSON.parse(json.body)).toEqual({ errors: [{ code: 18, message: 'Invalid authentication key format' }] });
  });

  it('serves the recorded synopses: empty JSON, full XML, images and search as recorded', async () => {
    expect((await get(`${s8.url}/api/order_states?schema=synopsis&output_format=JSON`)).body).toBe(
      '{"order_state":[]}',
    );
    const xml = await get(`${s8.url}/api/products?schema=synopsis`);
    expect(xml.body).toContain('<price required="true" format="isPrice">');
    expect(await get(`${s8.url}/api/images?schema=synopsis&output_format=JSON`)).toMatchObject({
      status: 200,
      body: '',
    });
    expect((await get(`${s8.url}/api/images?schema=synopsis`)).body).toContain('<image_types>');
    const search = await get(`${s8.url}/api/search?schema=synopsis`);
    expect(search.status).toBe(400);
    expect(search.body).toContain('<code><![CDATA[100]]></code>');
  });

  it('answers 400/27 for an unknown resource and 401/26 for a resource the key lacks', async () => {
    const unknown = await get(`${s8.url}/api/productz`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('<code><![CDATA[27]]></code>');
    const limited = await startFakeStore({ keys: { [KEY]: { products: ['GET'] } } });
    try {
      const denied = await get(`${limited.url}/api/orders?output_format=JSON`);
      expect(denied.status).toBe(401);
      expect(JSON.parse(denied.body)).toEqual({
        errors: [{ code: 26, message: 'Resource of type "orders" is not allowed with this authentication key' }],
      });
      expect(denied.headers['www-authenticate']).toBeUndefined();
      const listing = await get(`${limited.url}/api`);
      expect(listing.body.match(/^<(?!description|schema)\w+ xlink:href/gm)).toEqual(['<products xlink:href']);
      expect(listing.body).toContain('get="true" put="false" post="false" patch="false" delete="false" head="false"');
    } finally {
      await limited.close();
    }
  });

  it('answers the languages list with iso codes', async () => {
    const res = await get(`${s8.url}/api/languages?display=[id,iso_code]`);
    expect(res.body).toContain('<iso_code><![CDATA[fr]]></iso_code>');
  });
});

describe('fake store, 1.7 flavor', () => {
  it('answers JSON /api with a bare array, lists no patch flag, always sends its version', async () => {
    const json = await get(`${s17.url}/api?output_format=JSON`);
    expect(JSON.parse(json.body)).toContain('products');
    expect((await get(`${s17.url}/api`)).body).not.toContain('patch=');
    expect((await get(`${s17.url}/api`, {})).headers['psws-version']).toBe('1.7.8.10');
  });

  it('answers the JSON synopsis with every field as ""', async () => {
    const body = JSON.parse((await get(`${s17.url}/api/products?schema=synopsis&output_format=JSON`)).body) as {
      product: Record<string, unknown>;
    };
    expect(body.product.price).toBe('');
    expect(body.product.name).toBe('');
    expect(body.product.associations).toMatchObject({ categories: [{ id: null }] });
  });

  it('introspects to the same fields as 8.2.0, without PATCH, version 1.7.8.10', async () => {
    const r = await introspectStore({ url: s17.url, key: KEY });
    expect(r.schema.store.psVersion).toBe('1.7.8.10');
    expect(r.summary.sources).toEqual({ json: 0, xml: 67, none: 2 });
    expect(r.schema.resources.every((x) => !x.methods.includes('PATCH'))).toBe(true);
    // This flavor serves 8.2.0's synopses under a 1.7.8.10 version, so the 1.7.8.10 catalog finds the
    // fields whose 1.7.8 definition differs and reads them from the synopsis alone, with a warning each.
    expect(r.schema.store.catalog).toBe('1.7.8.10');
    expect(r.summary.customisedFields).toBeGreaterThan(0);
    expect(r.summary.warnings.every((w) => /differs from the PrestaShop 1\.7\.8\.10 catalog/.test(w))).toBe(true);
    const synopsisView = (f: Field) => ({
      name: f.name,
      required: f.required,
      maxSize: f.maxSize,
      format: f.format,
      multilingual: f.multilingual,
      readOnly: f.readOnly,
      filterable: f.filterable,
      references: f.references,
    });
    const strip = (x: typeof golden82) =>
      x.resources.map((res) => ({
        ...res,
        methods: res.methods.filter((m) => m !== 'PATCH'),
        keyMethods: res.keyMethods.filter((m) => m !== 'PATCH'),
        fields: res.fields.map(synopsisView),
        associations: res.associations.map((a) => ({ ...a, fields: a.fields.map(synopsisView) })),
      }));
    expect(strip(r.schema)).toEqual(strip(golden82));
  });
});

describe('synopsis format option and quirks over HTTP', () => {
  it('--synopsis-format xml reads only XML and gives the golden snapshot', async () => {
    const before = s8.requests.length;
    const r = await introspectStore({ url: s8.url, key: KEY, synopsisFormat: 'xml' });
    expect(serializeSnapshot(r.schema)).toBe(serializeSnapshot(golden82));
    expect(s8.requests.slice(before).some((q) => q.query.output_format === 'JSON')).toBe(false);
  });

  it('--synopsis-format json on a real store keeps resources without field metadata and warns', async () => {
    const r = await introspectStore({ url: s8.url, key: KEY, synopsisFormat: 'json' });
    expect(r.summary.sources).toEqual({ json: 67, xml: 0, none: 2 });
    expect(r.summary.fields).toBe(0);
    expect(r.schema.resources.find((x) => x.name === 'products')!).toMatchObject({
      nodeName: 'product',
      synopsis: { source: 'json', reason: expect.stringMatching(/no fields/) },
    });
    expect(r.summary.warnings).toHaveLength(67);
  });

  it('reads the <0> association bug of 8.0.4/8.1 served by a store', async () => {
    const bugged = readFileSync(join(FIXTURE_DIR, 'synopsis/categories.xml'), 'utf8').replace(
      /<id><!\[CDATA\[\]\]><\/id>/g,
      '<0><![CDATA[]]></0>',
    );
    s8.fault({ path: '/api/categories', query: { schema: 'synopsis', output_format: null }, body: bugged });
    try {
      const r = await introspectStore({ url: s8.url, key: KEY });
      expect(serializeSnapshot(r.schema)).toBe(serializeSnapshot(golden82));
      expect(r.summary.warnings).toEqual([
        expect.stringMatching(/^categories@categories.ps-numeric-tag-0: element <0> read as "id"/),
        expect.stringMatching(/^categories@products.ps-numeric-tag-0: element <0> read as "id"/),
      ]);
    } finally {
      s8.clearFaults();
    }
  });

  it('reads a spec-style store whose JSON synopsis describes associations with the XML attribute names', async () => {
    const spec = await startFakeStore({ flavor: 'spec' });
    try {
      const body = {
        combination: {
          id_product: { required: true, inputType: 'listId' },
          quantity: { required: true, inputType: 'integer' },
          price: { required: false, inputType: 'price' },
          available_date: { required: false, inputType: 'date' },
          default_on: { required: false, inputType: 'boolean' },
          associations: {
            product_option_values: {
              nodeType: 'product_option_value',
              api: 'product_option_values',
              fields: { id: { required: true } },
            },
            images: { nodeType: 'image', api: 'images/products', fields: { id: { required: false } } },
          },
        },
      };
      spec.fault({ path: '/api/combinations', query: { output_format: 'JSON' }, body: JSON.stringify(body) });
      const r = await introspectStore({ url: spec.url, key: KEY });
      expect(r.summary.warnings).toEqual([]);
      const combinations = r.schema.resources.find((x) => x.name === 'combinations')!;
      expect(combinations.fields.map((f) => [f.name, fieldKind(f), f.required])).toEqual([
        ['id_product', 'id', true],
        ['quantity', 'int', true],
        ['price', 'decimal', false],
        ['available_date', 'date', false],
        ['default_on', 'bool', false],
      ]);
      expect(
        combinations.associations.map(({ name, resource, api, nodeName, virtual }) => ({
          name,
          resource,
          api,
          nodeName,
          virtual,
        })),
      ).toEqual([
        {
          name: 'product_option_values',
          resource: 'product_option_values',
          api: 'product_option_values',
          nodeName: 'product_option_value',
          virtual: false,
        },
        { name: 'images', resource: 'images', api: 'images/products', nodeName: 'image', virtual: false },
      ]);
      expect(combinations.associations[0]!.fields).toEqual([expect.objectContaining({ name: 'id', required: true })]);
    } finally {
      await spec.close();
    }
  });

  it('records the store time zone (PS_TIMEZONE) when the key may read configurations, and refuses a value that is no zone name', async () => {
    const answer = (value: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n<configurations>\n<configuration>\n\t<name><![CDATA[PS_TIMEZONE]]></name>\n\t<value><![CDATA[${value}]]></value>\n</configuration>\n</configurations>\n</prestashop>\n`;
    const before = s8.requests.length;
    s8.fault({ path: '/api/configurations', query: { 'filter[name]': '[PS_TIMEZONE]' }, body: answer('Europe/Paris') });
    try {
      const r = await introspectStore({ url: s8.url, key: KEY });
      expect(r.schema.store.timeZone).toBe('Europe/Paris');
      expect(r.summary.warnings).toEqual([]);
      expect(
        s8.requests
          .slice(before)
          .some((q) => q.path === '/api/configurations' && q.query['display'] === '[name,value]'),
      ).toBe(true);
    } finally {
      s8.clearFaults();
    }
    s8.fault({
      path: '/api/configurations',
      query: { 'filter[name]': '[PS_TIMEZONE]' },
      body: answer('Europe/Paris</x>\u202e;rm -rf'),
    });
    try {
      const r = await introspectStore({ url: s8.url, key: KEY });
      expect(r.schema.store.timeZone).toBeNull();
      expect(r.summary.warnings).toEqual([
        'configurations: PS_TIMEZONE is not a time zone name; dates are read without a zone',
      ]);
    } finally {
      s8.clearFaults();
    }
  });

  it('keeps an unknown inputType of a spec-style store and warns', async () => {
    const spec = await startFakeStore({ flavor: 'spec' });
    try {
      spec.fault({
        path: '/api/zones',
        query: { output_format: 'JSON' },
        body: '{"zone":{"name":{"required":true,"maxSize":64},"opened":{"required":false,"inputType":"dateTimeZone"}}}',
      });
      const r = await introspectStore({ url: spec.url, key: KEY });
      const zones = r.schema.resources.find((x) => x.name === 'zones')!;
      expect(zones.fields.find((f) => f.name === 'opened')).toMatchObject({ inputType: 'dateTimeZone' });
      expect(r.summary.warnings).toEqual(['zones.opened: unknown inputType "dateTimeZone"; kept, typed as a string']);
    } finally {
      await spec.close();
    }
  });
});
