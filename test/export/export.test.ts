import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { NameTable } from '../../src/naming/index.js';
import { renderExport } from '../../src/export/index.js';
import { usableMethods, type StoreSchema } from '../../src/model/index.js';
import { HERE, jsonSchemaValidator, loadSnapshot, MINI, openApiErrors, PS820 } from './helpers.js';

// Loose views of the documents, for assertions.
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const mini = loadSnapshot(MINI);
const openapi = (model: StoreSchema = mini, decimals: 'number' | 'string' = 'number'): Doc =>
  JSON.parse(renderExport(model, 'openapi', { decimals })) as Doc;
const jsonschema = (model: StoreSchema = mini): Doc => JSON.parse(renderExport(model, 'jsonschema')) as Doc;

const GOLDEN = join(HERE, 'golden');

function operations(doc: Doc): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Doc)) {
    for (const method of Object.keys(item as Doc))
      if (method !== 'parameters') out.push(`${method.toUpperCase()} ${path}`);
  }
  return out.sort();
}

describe('export: golden files', () => {
  it('mini snapshot → OpenAPI 3.1 and JSON Schema', async () => {
    await expect(renderExport(mini, 'openapi')).toMatchFileSnapshot(join(GOLDEN, 'mini.openapi.json'));
    await expect(renderExport(mini, 'jsonschema')).toMatchFileSnapshot(join(GOLDEN, 'mini.schema.json'));
  });

  it('8.2.0 snapshot → OpenAPI 3.1 and JSON Schema, both valid', async () => {
    const model = loadSnapshot(PS820);
    const text = renderExport(model, 'openapi');
    await expect(text).toMatchFileSnapshot(join(GOLDEN, 'prestashop-8.2.0.openapi.json'));
    const schemaText = renderExport(model, 'jsonschema');
    await expect(schemaText).toMatchFileSnapshot(join(GOLDEN, 'prestashop-8.2.0.schema.json'));
    expect(await openApiErrors(JSON.parse(text))).toBeNull();
    const bundle = JSON.parse(schemaText) as Doc;
    const ajv = jsonSchemaValidator(bundle);
    for (const name of Object.keys(bundle.$defs as Doc))
      expect(ajv.getSchema(`bundle#/$defs/${name}`), name).toBeTypeOf('function');
    const ops = operations(JSON.parse(text) as Doc);
    expect(ops).toContain('PUT /stock_availables/{id}');
    expect(ops).not.toContain('POST /stock_availables');
    expect(ops).not.toContain('DELETE /stock_availables/{id}');
    expect(ops).not.toContain('POST /attachments');
    expect(ops.filter((o) => o.endsWith(' /stock_movements') || o.includes('/stock_movements/'))).toEqual([
      'GET /stock_movements',
      'GET /stock_movements/{id}',
      'HEAD /stock_movements/{id}',
    ]);
  });
});

describe('export: OpenAPI document', () => {
  const doc = openapi();

  it('validates as OpenAPI 3.1 (every $ref resolves)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(await openApiErrors(doc)).toBeNull();
    const broken = structuredClone(doc);
    broken.paths['/products'].get.responses['200'].content['application/json'].schema.properties.products.items.$ref =
      '#/components/schemas/Nope';
    expect(await openApiErrors(broken)).not.toBeNull();
  });

  it('has paths only for the methods each resource allows', () => {
    expect(operations(doc)).toEqual([
      'DELETE /content_management_system/{id}',
      'DELETE /products/{id}',
      'GET /content_management_system',
      'GET /content_management_system/{id}',
      'GET /order_histories',
      'GET /order_histories/{id}',
      'GET /products',
      'GET /products/{id}',
      'GET /stock_availables',
      'GET /stock_availables/{id}',
      'GET /stock_movements',
      'GET /stock_movements/{id}',
      'GET /taxes',
      'GET /taxes/{id}',
      'HEAD /products/{id}',
      'HEAD /stock_availables/{id}',
      'HEAD /stock_movements/{id}',
      'PATCH /products/{id}',
      'PATCH /stock_availables/{id}',
      'PATCH /taxes/{id}',
      'POST /order_histories',
      'POST /products',
      'POST /taxes',
      'PUT /content_management_system/{id}',
      'PUT /products/{id}',
      'PUT /stock_availables/{id}',
      'PUT /taxes/{id}',
    ]);
    for (const r of mini.resources) {
      if (r.synopsis.source === 'none')
        expect(Object.keys(doc.paths).some((p) => p.startsWith(`/${r.name}`))).toBe(false);
      else expect(usableMethods(r.name, r.methods).length).toBeGreaterThan(0);
    }
    expect(doc['x-prestashop'].skipped).toEqual([{ resource: 'images', reason: 'specific management: no synopsis' }]);
  });

  it('names components as the generated TypeScript does', () => {
    const names = NameTable.forSchema(mini);
    const schemas = doc.components.schemas as Doc;
    expect(Object.keys(schemas).sort()).toEqual(
      [
        'Multilang',
        'MultilangValue',
        'PrestaShopError',
        names.of('products').type,
        names.of('products').input,
        names.of('products').patch,
        names.of('stock_availables').type,
        names.of('stock_availables').input,
        names.of('stock_availables').patch,
        names.of('order_histories').type,
        names.of('order_histories').input,
        names.of('stock_movements').type,
        names.of('content_management_system').type,
        names.of('content_management_system').input,
        names.of('taxes').type,
        names.of('taxes').input,
        names.of('taxes').patch,
      ].sort(),
    );
    expect(names.of('content_management_system').type).toBe('Content');
    expect(names.of('stock_movements').type).toBe('StockMvt');
    expect(doc.paths['/products'].get.operationId).toBe('listProducts');
    expect(doc.paths['/products/{id}'].patch.operationId).toBe('patchProduct');
  });

  it('maps the snapshot into read and write shapes', () => {
    const s = doc.components.schemas as Doc;
    // read shape: decoded types, readOnly kept, multilingual as {id, value} arrays
    // every field and association present, as the generated read type
    expect(s.Product.required).toEqual(
      ['associations', ...mini.resources.find((r) => r.name === 'products')!.fields.map((f) => f.name), 'id'].sort(),
    );
    expect(s.Product.properties.associations.required).toEqual(['categories', 'product_bundle']);
    expect(s.Product.properties.associations.properties.product_bundle.items.required).toEqual([
      'id',
      'id_product_attribute',
      'quantity',
    ]);
    expect(s.MultilangValue.properties.id).toEqual({ type: 'integer', enum: [1, 2] });
    expect(s.Product.properties.price).toEqual({ type: 'number', 'x-prestashop-format': 'isPrice' });
    expect(s.Product.properties.active).toEqual({ type: 'boolean', 'x-prestashop-format': 'isBool' });
    expect(s.Product.properties.id_manufacturer).toEqual({
      type: 'integer',
      'x-prestashop-format': 'isUnsignedId',
      'x-prestashop-references': 'manufacturers',
    });
    expect(s.Product.properties.id_default_image.type).toBe('integer');
    expect(s.Product.properties.manufacturer_name).toEqual({ type: 'string', readOnly: true });
    expect(s.Product.properties.name).toEqual({
      $ref: '#/components/schemas/Multilang',
      'x-prestashop-format': 'isCatalogName',
    });
    expect(s.Multilang.items).toEqual({ $ref: '#/components/schemas/MultilangValue' });
    expect(s.Product.properties.associations.properties.categories.items.properties.id).toEqual({
      type: 'integer',
      'x-prestashop-references': 'categories',
    });
    // write shapes: read-only absent, required, maxLength, patterns only where faithful
    const input = s.ProductInput;
    expect(input.required).toEqual(['link_rewrite', 'price']);
    expect(input.properties.manufacturer_name).toBeUndefined();
    expect(input.properties.quantity).toBeUndefined();
    expect(input.properties.id).toBeUndefined();
    expect(input.properties.price).toMatchObject({ type: 'number', minimum: 0, exclusiveMaximum: 1e10 });
    expect(input.properties.reference).toMatchObject({
      type: 'string',
      maxLength: 64,
      pattern: '^(?:0?|(?:[^<>;={}]*))$',
    });
    expect(input.properties.name.items.properties.value).toEqual({
      type: 'string',
      maxLength: 128,
      pattern: '^(?:0?|(?:[^<>;=#{}]*))$',
    });
    expect(input.properties.name.minItems).toBeUndefined();
    expect(input.properties.link_rewrite.minItems).toBe(1);
    expect(input.properties.link_rewrite.items.properties.value).toEqual({ type: 'string', maxLength: 128 });
    expect(input.properties.description.items.properties.value).toEqual({ type: 'string', maxLength: 4194303 });
    expect(input.properties.custom_module_field).toEqual({ type: 'string', 'x-prestashop-format': 'isFooBar' });
    expect(input.properties.minimal_quantity).toMatchObject({ type: 'integer', minimum: 0 });
    expect(input.properties.associations.properties.product_bundle.items.required).toEqual(['id']);
    expect(input.properties.associations.properties.categories.items.xml).toEqual({ name: 'category' });
    expect(s.ProductPatch.required).toBeUndefined();
    expect(s.ProductPatch.properties.link_rewrite.minItems).toBeUndefined();
    // nullable formats, spec-style inputType kinds
    expect(s.StockMvt.properties.id_supply_order.type).toEqual(['integer', 'null']);
    expect(s.StockMvt.properties.date_add.type).toEqual(['string', 'null']);
    expect(s.Tax.properties.name).toMatchObject({
      $ref: '#/components/schemas/Multilang',
      'x-prestashop-input-type': 'langList',
    });
    expect(s.Tax.properties.rate.type).toBe('number');
    expect(s.Tax.properties.id_tax_rules_group.type).toBe('integer');
    expect(s.Tax.properties.note.type).toBe('string');
    expect(s.TaxInput.required).toEqual(['name', 'rate']);
  });

  it('describes requests and responses with the store envelopes', () => {
    const post = doc.paths['/products'].post;
    const body = post.requestBody.content['application/xml'].schema;
    expect(body.xml).toEqual({ name: 'prestashop' });
    expect(body.properties.product).toEqual({ $ref: '#/components/schemas/ProductInput' });
    expect(post.responses['201'].content['application/json'].schema.properties.product).toEqual({
      $ref: '#/components/schemas/Product',
    });
    const put = doc.paths['/products/{id}'].put.requestBody.content['application/xml'].schema.properties.product;
    expect(put.allOf[0]).toEqual({ $ref: '#/components/schemas/ProductInput' });
    expect(put.allOf[1].required).toEqual(['id']);
    const list = doc.paths['/stock_movements'].get;
    expect(list.responses['200'].content['application/json'].schema.required).toEqual(['stock_mvts']);
    expect(
      doc.paths['/content_management_system/{id}'].get.responses['200'].content['application/json'].schema.required,
    ).toEqual(['content']);
    expect(doc.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(doc.security).toEqual([{ basicAuth: [] }]);
  });

  it('types the collection query parameters from the snapshot', () => {
    const params = doc.paths['/products'].get.parameters as Doc[];
    const filter = params.find((p) => p.name === 'filter')!;
    expect(filter).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
    expect(Object.keys(filter.schema.properties)).toContain('name');
    expect(Object.keys(filter.schema.properties)).not.toContain('manufacturer_name');
    const sort = new RegExp(params.find((p) => p.name === 'sort')!.schema.pattern as string);
    for (const ok of ['id_ASC', 'price_desc', '[id_DESC,name_ASC]', 'date_add_ASC'])
      expect(sort.test(ok), ok).toBe(true);
    for (const bad of ['quantity_ASC', 'price', '[id_ASC', 'nope_DESC']) expect(sort.test(bad), bad).toBe(false);
    const refs = params.filter((p) => p.$ref !== undefined).map((p) => p.$ref);
    expect(refs).toEqual([
      '#/components/parameters/display',
      '#/components/parameters/limit',
      '#/components/parameters/language',
      '#/components/parameters/date',
    ]);
    expect(
      (doc.paths['/stock_availables'].get.parameters as Doc[]).some((p) => p.$ref === '#/components/parameters/date'),
    ).toBe(false);
  });

  it('types decimals as strings with the validator pattern when asked', () => {
    const s = openapi(mini, 'string').components.schemas as Doc;
    expect(s.Product.properties.price).toEqual({ type: 'string', 'x-prestashop-format': 'isPrice' });
    expect(s.ProductInput.properties.price.pattern).toBe('^(?:0?|(?:[0-9]{1,10}(?:\\.[0-9]{1,9})?))$');
  });
});

describe('export: JSON Schema bundle', () => {
  const bundle = jsonschema();
  const ajv = jsonSchemaValidator(bundle);
  const validate = (name: string, value: unknown): string[] => {
    const v = ajv.getSchema(`bundle#/$defs/${name}`)!;
    return v(value) ? [] : (v.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort();
  };

  it('is a valid 2020-12 schema with the same definitions and no OpenAPI keywords', () => {
    expect(bundle.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(Object.keys(bundle.$defs as Doc).sort()).toEqual(Object.keys(openapi().components.schemas as Doc).sort());
    expect(JSON.stringify(bundle)).not.toContain('"xml"');
    expect(JSON.stringify(bundle)).not.toContain('#/components/');
    expect(bundle['x-prestashop'].resources.stock_availables).toEqual({
      node: 'stock_available',
      nodes: 'stock_availables',
      methods: ['GET', 'PUT', 'PATCH', 'HEAD'],
      read: '#/$defs/StockAvailable',
      input: '#/$defs/StockAvailableInput',
      patch: '#/$defs/StockAvailablePatch',
    });
  });

  it('accepts what the store accepts and rejects what it rejects, at the field', () => {
    const good = {
      price: 19.9,
      link_rewrite: [{ id: 1, value: 'mug' }],
      name: [
        { id: 1, value: 'Mug' },
        { id: 2, value: 'Tasse' },
      ],
      reference: '',
      date_add: '2024-02-29 10:00:00',
      associations: { categories: [{ id: 2 }, { id: 3 }] },
      some_module_field: 'kept',
    };
    expect(validate('ProductInput', good)).toEqual([]);
    expect(
      validate('ProductInput', {
        ...good,
        price: -1,
        name: [{ id: 1, value: 'x'.repeat(129) }],
        reference: 'a;b',
        date_add: '2023-02-29',
        associations: { categories: [{}] },
      }),
    ).toEqual([
      '/associations/categories/0 required',
      '/date_add pattern',
      '/name/0/value maxLength',
      '/price minimum',
      '/reference pattern',
    ]);
    expect(validate('ProductInput', { name: [] })).toEqual([' required', ' required']);
    expect(validate('ProductInput', { price: 1, link_rewrite: [] })).toEqual(['/link_rewrite minItems']);
    expect(validate('ProductPatch', { price: 2 })).toEqual([]);
    // read shapes carry types only, and leave room for module fields
    expect(
      validate('OrderHistory', {
        id: 1,
        id_order: 5,
        id_order_state: 4,
        id_employee: 0,
        date_add: '0000-00-00 00:00:00',
        module_x: 1,
      }),
    ).toEqual([]);
    expect(validate('OrderHistory', { id: 1, id_order: '5', id_order_state: 4, id_employee: 0 })).toEqual([
      ' required',
      '/id_order type',
    ]);
    expect(validate('ProductInput', { price: 1, link_rewrite: [{ id: 3, value: 'x' }] })).toEqual([
      '/link_rewrite/0/id enum',
    ]);
  });
});
