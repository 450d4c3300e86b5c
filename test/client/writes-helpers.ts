/**
 * Helpers of the write-safety suites: store models of the three generations, the seeded CRUD
 * store, and runtime clients built straight from a model.
 *
 * `metaOf` builds a resource's `ResourceMeta` from the model the way the generator is specified to
 * (store order; `readOnly` where the store refuses the field, `noWriteBack`, `serverManaged`,
 * `values`, `quirks`), so that these suites drive the runtime alone, per generation.
 */
import { loadCatalog } from '../../src/catalog/load.js';
import { startCrudStore, type CrudStore } from '../../src/fakestore/crud-server.js';
import type { CrudGeneration } from '../../src/fakestore/crud/engine.js';
import { loadSeedRecords } from '../../src/fakestore/crud/seed.js';
import { schemaFromCatalog } from '../../src/fakestore/generations.js';
import { fieldKind, type Field, type Resource, type StoreSchema } from '../../src/model/index.js';
import { createContext, type ClientOptions } from '../../templates/runtime/client.js';
import type { Codec, FieldMeta, ResourceMeta } from '../../templates/runtime/meta.js';
import type { AttachmentFilesClient } from '../../templates/runtime/attachments.js';
import type { RequestFunction } from '../../templates/runtime/request.js';
import { ResourceRuntime } from '../../templates/runtime/resource.js';
import { generate, writeShared } from './generated.js';
import { crudSchema } from './helpers.js';
import type { GeneratedModule } from './module.js';

export const GENERATIONS: readonly CrudGeneration[] = ['1.7', '8.x', '9.0'];

/** The store model of a generation: the 8.2.0 snapshot, or one rebuilt from the 1.7.8.10 / 9.0.0 catalog. */
async function schemaOf(generation: CrudGeneration): Promise<StoreSchema> {
  const base = crudSchema();
  if (generation === '8.x') return base;
  return schemaFromCatalog(base, await loadCatalog(generation === '1.7' ? '1.7.8.10' : '9.0.0'));
}

function fieldMeta(f: Field): FieldMeta {
  const meta: Record<string, unknown> = { name: f.name, kind: fieldKind(f) };
  if (f.multilingual) meta['multilingual'] = true;
  if (f.write === 'refused') meta['readOnly'] = true;
  if (!f.filterable) meta['notFilterable'] = true;
  if (/^(isBirthDate|isDateFormat)$/i.test(f.format ?? '')) meta['dateOnly'] = true;
  if (f.readOnly && f.write !== 'refused') meta['serverManaged'] = true;
  if (!f.writeBack) meta['noWriteBack'] = true;
  if (f.values !== null) meta['values'] = f.values;
  if (f.allowNull && !f.multilingual) meta['allowNull'] = true;
  return meta as unknown as FieldMeta;
}

function metaOf(resource: Resource): ResourceMeta {
  return {
    name: resource.name,
    node: resource.nodeName!,
    nodes: resource.nodesName ?? resource.name,
    fields: [{ name: 'id', kind: 'id' }, ...resource.fields.filter((f) => f.name !== 'id').map(fieldMeta)],
    associations: resource.associations.map((a) => ({
      name: a.name,
      node: a.nodeName,
      fields: a.fields.map(fieldMeta),
    })),
    ...(resource.quirks.length > 0 ? { quirks: resource.quirks } : {}),
  };
}

/** Resources the suites serve: every seeded one, and those the write cases need. */
const SERVED = [
  'attachments',
  'carts',
  'categories',
  'combinations',
  'customers',
  'groups',
  'languages',
  'order_details',
  'order_histories',
  'order_states',
  'orders',
  'products',
  'shop_groups',
  'shops',
  'stock_availables',
  'translated_configurations',
];

/** The generated client of a generation's model (written under test/client/out/writes-<generation>/). */
async function generatedModule(generation: CrudGeneration, schema: StoreSchema): Promise<GeneratedModule> {
  const dir = await writeShared(`writes-${generation}`, await generate(schema));
  return (await import(`${dir}/index.ts`)) as GeneratedModule;
}

export interface Harness {
  readonly store: CrudStore;
  readonly schema: StoreSchema;
  /** A generated client (`createClient`) talking to the store. */
  client(options?: Record<string, unknown>): ReturnType<GeneratedModule['createClient']>;
  /** A runtime client of one resource. */
  runtime(resource: string, options?: Partial<ClientOptions>, codec?: Codec): ResourceRuntime;
  /** `client.request` of the generated client. */
  request(options?: Partial<ClientOptions>): RequestFunction;
  /** The file calls of the generated `client.attachments`. */
  attachments(options?: Partial<ClientOptions>): AttachmentFilesClient;
  close(): Promise<void>;
}

export async function startHarness(
  generation: CrudGeneration,
  extra: { readonly stripAuthorization?: boolean } = {},
): Promise<Harness> {
  const schema = await schemaOf(generation);
  const store = await startCrudStore({
    schema,
    generation,
    resources: SERVED,
    records: await loadSeedRecords(),
    ...extra,
  });
  const languages = schema.store.languages.map((l) => l.id);
  const mod = await generatedModule(generation, schema);
  const context = (options: Partial<ClientOptions>, codec: Codec = { decimals: 'string', dates: 'string' }) =>
    createContext({ baseUrl: store.url, apiKey: store.apiKey, retries: 0, ...options }, codec, languages);
  const find = (resource: string): Resource => {
    const r = schema.resources.find((x) => x.name === resource);
    if (r === undefined) throw new Error(`no ${resource} in the ${generation} model`);
    return r;
  };
  return {
    store,
    schema,
    client: (options = {}) => mod.createClient({ baseUrl: store.url, apiKey: store.apiKey, retries: 0, ...options }),
    runtime(resource, options = {}, codec = { decimals: 'string', dates: 'string' }) {
      return new ResourceRuntime(context(options, codec), metaOf(find(resource)));
    },
    // Through the generated createClient, as a user calls them.
    request: (options = {}) =>
      (
        mod.createClient({
          baseUrl: store.url,
          apiKey: store.apiKey,
          retries: 0,
          ...(options as object),
        }) as unknown as { request: RequestFunction }
      ).request,
    attachments: (options = {}) =>
      (
        mod.createClient({
          baseUrl: store.url,
          apiKey: store.apiKey,
          retries: 0,
          ...(options as object),
        }) as unknown as { attachments: AttachmentFilesClient }
      ).attachments,
    close: () => store.close(),
  };
}
