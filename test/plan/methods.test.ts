/**
 * The methods policy: the spec's table is the default ("no" for DELETE on carts, PATCH on
 * order_histories), and `generate.methods` turns on what a real store allows, within the key's
 * flags and never past PrestaShop's own forbidden methods.
 */
import { describe, expect, it } from 'vitest';
import { checkGenerateConfig } from '../../src/config/generate-options.js';
import { emitAll, resolveEmitOptions } from '../../src/emit/index.js';
import {
  makeField,
  makeResource,
  SCHEMA_VERSION,
  usableMethods,
  type HttpMethod,
  type StoreSchema,
} from '../../src/model/index.js';
import { buildPlan, DEFAULT_PLAN_OPTIONS } from '../../src/plan/index.js';

const ALL: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
const resource = (name: string, node: string) =>
  makeResource(name, {
    nodeName: node,
    nodesName: name,
    keyMethods: ALL,
    methods: usableMethods(name, ALL),
    fields: [makeField('x', { format: 'isInt' })],
  });
const model: StoreSchema = {
  schemaVersion: SCHEMA_VERSION,
  store: { psVersion: '8.2.0', languages: [{ id: 1, isoCode: 'en' }], catalog: null, timeZone: null },
  resources: [
    resource('carts', 'cart'),
    resource('order_histories', 'order_history'),
    resource('attachments', 'attachment'),
    {
      ...resource('orders', 'order'),
      keyMethods: ['GET', 'POST', 'PUT', 'HEAD'],
      methods: ['GET', 'POST', 'PUT', 'HEAD'],
    },
  ],
};

describe('methods policy', () => {
  it("keeps the spec's no by default", () => {
    const plan = buildPlan(model);
    expect(plan.resources.find((r) => r.name === 'carts')!.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'HEAD']);
    expect(plan.resources.find((r) => r.name === 'order_histories')!.methods).toEqual(['GET', 'POST', 'HEAD']);
  });

  it('turns on what generate.methods asks for within the key flags, and says why it refuses the rest', () => {
    const methods = {
      carts: ['DELETE'],
      order_histories: ['PATCH'],
      attachments: ['POST'],
      orders: ['DELETE'],
    } as const;
    const plan = buildPlan(model, { ...DEFAULT_PLAN_OPTIONS, methods });
    expect(plan.resources.find((r) => r.name === 'carts')!.methods).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'HEAD',
    ]);
    expect(plan.resources.find((r) => r.name === 'order_histories')).toMatchObject({
      methods: ['GET', 'POST', 'PATCH', 'HEAD'],
      hasPatch: true,
    });
    expect(plan.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /^attachments: generate.methods asks for POST, but PrestaShop forbids it \(POST \/api\/attachments is a silent no-op/,
      ),
      "orders: generate.methods asks for DELETE, but the key's flags do not allow it; left out",
    ]);
    const { files } = emitAll(model, resolveEmitOptions({ methods }), { templates: new Map() });
    // The client keeps the methods of the plan (`Pick<ResourceClient<…>, …>`), DELETE among them.
    expect(files.get('clients/carts.ts')!.replace(/\s+/g, ' ')).toMatch(
      /Pick< ResourceClient<CartsClient\.Types>, [^>]*"delete"/,
    );
    expect(files.get('types/order_histories.ts')).toContain(
      'export type OrderHistoryPatch = Partial<OrderHistoryInput>;',
    );
  });

  it('checks generate.methods in the config file', () => {
    expect(checkGenerateConfig({ methods: { carts: ['DELETE'] } })).toEqual({ methods: { carts: ['DELETE'] } });
    expect(() => checkGenerateConfig({ methods: { carts: ['REMOVE'] } } as never)).toThrow(
      /generate\.methods\.carts.*GET, POST, PUT, PATCH, DELETE, HEAD/,
    );
    expect(() => checkGenerateConfig({ methods: ['DELETE'] } as never)).toThrow(
      /generate\.methods.*expected an object/,
    );
  });
});
