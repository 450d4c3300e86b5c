/**
 * The MCP server's tools, schemas and allow-list, checked against the 8.2.0 golden snapshot (67
 * resources with an entity synopsis; `images` and `search` have none) and a snapshot with a
 * module resource. In-process: nothing here talks to a store (see server.test.ts for that).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { buildServerModel } from '../../src/mcp/server.js';
import { readSummary, summaryResources } from '../../src/mcp/summary.js';
import { makeField, makeResource, type StoreSchema } from '../../src/model/index.js';
import { crudSchema } from '../client/helpers.js';

const schema = crudSchema();
const names = (model: ReturnType<typeof buildServerModel>): string[] => model.tools.map((t) => t.name);
const tool = (model: ReturnType<typeof buildServerModel>, name: string) => {
  const t = model.tools.find((x) => x.name === name);
  if (t === undefined) throw new Error(`no tool ${name}`);
  return t;
};
type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('tools of the 8.2.0 snapshot', () => {
  it('are read-only by default: list, get and count of each of the 67 described resources', () => {
    const model = buildServerModel({ schema });
    expect(model.tools).toHaveLength(67 * 3);
    expect(model.tools.every((t) => t.annotations.readOnlyHint)).toBe(true);
    expect(names(model).filter((n) => n.startsWith('products_'))).toEqual([
      'products_list',
      'products_get',
      'products_count',
    ]);
    // No entity synopsis: no tools (the generated client has hand-written images and search).
    expect(names(model).some((n) => n.startsWith('images_') || n.startsWith('search_'))).toBe(false);
  });

  it('writes and deletes are opt-in by name, within the methods the snapshot allows', () => {
    const model = buildServerModel({
      schema,
      access: { write: ['products', 'stock_availables', 'order_histories:create'], delete: ['products'] },
    });
    expect(model.tools).toHaveLength(67 * 3 + 4 + 2 + 1);
    expect(names(model).filter((n) => n.startsWith('products_'))).toEqual([
      'products_list',
      'products_get',
      'products_count',
      'products_create',
      'products_update',
      'products_patch',
      'products_delete',
    ]);
    // stock_availables: GET, PUT, PATCH (no POST): "write" gives update and patch.
    expect(names(model).filter((n) => n.startsWith('stock_availables_'))).toEqual([
      'stock_availables_list',
      'stock_availables_get',
      'stock_availables_count',
      'stock_availables_update',
      'stock_availables_patch',
    ]);
    expect(tool(model, 'products_delete').annotations.destructiveHint).toBe(true);
    expect(
      buildServerModel({ schema, access: { write: ['products:patch'] } })
        .tools.filter((t) => !t.annotations.readOnlyHint)
        .map((t) => t.name),
    ).toEqual(['products_patch']);
  });

  it('--resources narrows the reads; a written resource is read too', () => {
    const model = buildServerModel({ schema, access: { resources: ['categories'], write: ['products:patch'] } });
    expect(names(model)).toEqual([
      'categories_list',
      'categories_get',
      'categories_count',
      'products_list',
      'products_get',
      'products_count',
      'products_patch',
    ]);
  });

  it('refuses names the snapshot does not have and operations it does not offer, naming them', () => {
    const run = (access: object) => () => buildServerModel({ schema, access });
    expect(run({ write: ['prodcuts'] })).toThrow(ConfigError);
    expect(run({ write: ['prodcuts'] })).toThrow(/--write: the snapshot has no resource "prodcuts".*products/);
    expect(run({ write: ['stock_availables:create'] })).toThrow(/stock_availables offers no create/);
    expect(run({ delete: ['order_histories'] })).toThrow(/--delete: order_histories offers no delete/);
    expect(run({ write: ['products:delete'] })).toThrow(/--delete products/);
    expect(run({ resources: ['images'] })).toThrow(/no resource "images"/);
  });

  it('input schemas come from the field plan: sizes, allowed values, languages, required fields', () => {
    const model = buildServerModel({
      schema,
      access: { write: ['products', 'order_histories'], delete: ['products'] },
    });
    const create = tool(model, 'products_create').inputSchema as Schema;
    expect(create.required).toEqual(['data']);
    const data = create.properties.data;
    expect(data.properties.name.items.properties.id).toEqual({ type: 'integer', enum: [1, 2] });
    expect(data.properties.name.items.properties.value.maxLength).toBe(128);
    expect(data.properties.condition.enum).toEqual(['new', 'used', 'refurbished']);
    expect(data.properties.reference.maxLength).toBe(64);
    // Read-only fields are not part of a write.
    expect(data.properties.quantity).toBeUndefined();
    expect(data.properties.manufacturer_name).toBeUndefined();
    expect((tool(model, 'order_histories_create').inputSchema as Schema).properties.data.required).toEqual([
      'id_order',
      'id_order_state',
    ]);
    expect((tool(model, 'products_patch').inputSchema as Schema).properties.data.required).toBeUndefined();
    expect((tool(model, 'products_update').inputSchema as Schema).required).toEqual(['id', 'data']);
    expect((tool(model, 'products_delete').inputSchema as Schema).required).toEqual(['ids']);

    const list = tool(model, 'products_list').inputSchema as Schema;
    expect(Object.keys(list.properties)).toEqual(['filter', 'sort', 'display', 'limit', 'offset', 'language']);
    // Filterable fields only: the store computes quantity.
    expect(list.properties.filter.properties.quantity).toBeUndefined();
    expect(list.properties.filter.properties.condition.anyOf[0]).toEqual({
      type: 'string',
      enum: ['new', 'used', 'refurbished'],
    });
    expect(list.properties.sort.items.enum).toContain('price_DESC');
    expect(list.properties.sort.items.enum).not.toContain('quantity_ASC');
    expect(list.properties.display.anyOf[1].items.enum).toContain('quantity');
    expect(list.properties.language.enum).toEqual([1, 2]);
  });

  it('every input schema is a valid JSON Schema 2020-12 that accepts a typical call', () => {
    const model = buildServerModel({ schema, access: { write: ['products'], delete: ['products'] } });
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    // Every schema against the meta-schema; compiling all 208 takes a while, so the products ones.
    for (const t of model.tools) expect(ajv.validateSchema(t.inputSchema), `${t.name}: ${ajv.errorsText()}`).toBe(true);
    for (const t of model.tools.filter((x) => x.resource === 'products'))
      expect(() => ajv.compile(t.inputSchema), t.name).not.toThrow();
    const check = (name: string, args: unknown) => ajv.validate(tool(model, name).inputSchema, args);
    expect(
      check('products_list', {
        filter: { name: { op: 'contains', values: ['mug'] }, price: 12 },
        sort: ['price_DESC'],
        limit: 5,
      }),
    ).toBe(true);
    expect(check('products_list', { filter: { quantity: 3 } })).toBe(false);
    expect(
      check('products_create', {
        data: {
          price: 1,
          name: [
            { id: 1, value: 'Mug' },
            { id: 2, value: 'Tasse' },
          ],
        },
        dryRun: true,
      }),
    ).toBe(true);
    expect(check('products_create', { data: { price: 1, name: [{ id: 3, value: 'Becher' }] } })).toBe(false);
    expect(check('products_create', { data: { price: 1, condition: 'broken' } })).toBe(false);
  });

  it('the summary resource names the store, its languages and each resource with its counts', () => {
    const model = buildServerModel({ schema, access: { write: ['products:patch'] } });
    const resources = summaryResources(model);
    expect(resources[0]!.uri).toBe('prestashop://store');
    expect(resources).toHaveLength(1 + 67);
    const summary = JSON.parse(readSummary(model, 'prestashop://store').text);
    expect(summary.store.psVersion).toBe('8.2.0');
    expect(summary.store.languages).toEqual([
      { id: 1, isoCode: 'en' },
      { id: 2, isoCode: 'fr' },
    ]);
    expect(summary.toolCount).toBe(67 * 3 + 1);
    const products = summary.resources.find((r: { name: string }) => r.name === 'products');
    expect(products).toMatchObject({ fields: 71, tools: ['list', 'get', 'count', 'patch'] });
    const detail = JSON.parse(readSummary(model, 'prestashop://resources/products').text);
    expect(detail.fields.find((f: { name: string }) => f.name === 'condition').values).toEqual([
      'new',
      'used',
      'refurbished',
    ]);
    expect(() => readSummary(model, 'prestashop://resources/nothing')).toThrow(/no MCP resource/);
  });
});

describe('a module resource', () => {
  const withModule: StoreSchema = {
    ...schema,
    resources: [
      ...schema.resources,
      makeResource('mymodule_badges', {
        description: 'Badges of mymodule',
        nodeName: 'mymodule_badge',
        nodesName: 'mymodule_badges',
        methods: ['GET', 'POST', 'PATCH', 'DELETE', 'HEAD'],
        fields: [
          makeField('label', { required: true, maxSize: 32, format: 'isGenericName' }),
          makeField('level', { format: 'isUnsignedInt', values: null }),
          makeField('color', { values: ['gold', 'silver'] }),
        ],
      }),
    ],
  };

  it('gets its tools, described from the snapshot, with its fields in the schemas', () => {
    const model = buildServerModel({
      schema: withModule,
      access: { write: ['mymodule_badges'], delete: ['mymodule_badges'] },
    });
    expect(names(model).filter((n) => n.startsWith('mymodule_badges_'))).toEqual([
      'mymodule_badges_list',
      'mymodule_badges_get',
      'mymodule_badges_count',
      'mymodule_badges_create',
      'mymodule_badges_patch',
      'mymodule_badges_delete',
    ]);
    const create = tool(model, 'mymodule_badges_create');
    expect(create.description).toContain('Badges of mymodule');
    const data = (create.inputSchema as Schema).properties.data;
    expect(data.required).toEqual(['label']);
    expect(data.properties.label.maxLength).toBe(32);
    expect(data.properties.color.enum).toEqual(['gold', 'silver']);
  });

  it('whose name cannot make an MCP tool name is named in `unnamed`, not silently dropped', () => {
    const long = `mymodule_${'x'.repeat(50)}`; // 59 characters: with "_list" 64, with "_count" 65
    const model = buildServerModel({
      schema: {
        ...schema,
        resources: [
          ...schema.resources,
          makeResource(long, { nodeName: 'x', nodesName: long, fields: [makeField('label')] }),
        ],
      },
    });
    expect(names(model).filter((n) => n.startsWith(long))).toEqual([`${long}_list`, `${long}_get`]);
    expect(model.unnamed).toEqual([`${long}_count`]);
    expect(buildServerModel({ schema }).unnamed).toEqual([]);
  });
});
