/**
 * The client emitter: `clients/<file>.ts` per resource that has types, and `clients/index.ts` with
 * `createClient({ baseUrl, apiKey, fetch?, language?, shop? })`, one property per resource under
 * its wire name, plus the hand-written `images` and `search` clients when the store has them.
 * Pure: model in, file map out. The runtime it builds on is `templates/runtime/`.
 */
import { compareCodeUnits, type StoreSchema } from '../../model/index.js';
import { keyword, ref, type ResourcePlan, type TypeNode } from '../../plan/index.js';
import { fileHeader, moduleStatement, statement } from '../code.js';
import type { Diagnostic, EmitContext, EmitOptions, EmitResult, FileMap } from '../context.js';
import { callArguments, functionHead, objectLiteral, property, type Doc } from '../layout.js';
import { propertyLine } from '../layout-types.js';
import { jsdoc, jsString, propertyKey } from '../../naming/index.js';
import { CONTEXT_FILE, renderContext } from './context.js';
import { renderResourceClient } from './resource.js';

/** Names the clients barrel exports besides the per-resource modules (kept out of NameTable's way). */
const RUNTIME_EXPORTS: readonly ModuleLine[] = [
  {
    head: 'export',
    names: ['PrestaShopError', 'PrestaShopValidationError', 'type PrestaShopErrorKind', 'type StoreError'],
    from: '../runtime/errors.js',
  },
  {
    head: 'export',
    names: [
      'anyOf',
      'beginsWith',
      'between',
      'contains',
      'endsWith',
      'eq',
      'gt',
      'lt',
      'not',
      'type Display',
      'type Filter',
      'type FilterOp',
      'type ListQuery',
      'type ShopContext',
      'type Sort',
    ],
    from: '../runtime/query.js',
  },
  { head: 'export type', names: ['ClientOptions'], from: '../runtime/client.js' },
  { head: 'export type', names: ['ImageData', 'ImagesClient'], from: '../runtime/images.js' },
  { head: 'export type', names: ['SearchIds', 'SearchQuery', 'SearchResult'], from: '../runtime/search.js' },
  {
    head: 'export type',
    names: ['AttachmentFilesClient', 'DownloadedFile', 'FileInput'],
    from: '../runtime/attachments.js',
  },
  { head: 'export type', names: ['RawRequest', 'RawResponse', 'RequestFunction'], from: '../runtime/request.js' },
];

/** One `import { … } from "…";` or `export { … } from "…";` line. */
interface ModuleLine {
  readonly head: string;
  readonly names: readonly string[];
  readonly from: string;
}

export function emitClients(model: StoreSchema, options: EmitOptions, ctx: EmitContext): EmitResult {
  const files: FileMap = new Map();
  const diagnostics: Diagnostic[] = [];
  if (!options.clients) return { files, diagnostics };
  const withClient: ResourcePlan[] = [];
  for (const r of ctx.plan.resources) {
    if (r.hasClient) {
      withClient.push(r);
      files.set(`clients/${r.names.file}.ts`, renderResourceClient(r, options, ctx));
    } else if (r.name !== 'images' && r.name !== 'search') {
      diagnostics.push({
        level: 'info',
        code: 'no-client',
        message: `${r.name}: no client (${r.nodeName === null ? 'no synopsis' : r.clientMethods.length === 0 ? 'no usable method' : 'no fields'})`,
        resource: r.name,
        field: null,
      });
    }
  }
  files.set(CONTEXT_FILE, renderContext(options, ctx, model.store.timeZone));
  files.set('clients/index.ts', renderIndex(model, withClient, ctx));
  return { files, diagnostics };
}

function renderIndex(model: StoreSchema, resources: readonly ResourcePlan[], ctx: EmitContext): string {
  const has = (name: string): boolean => model.resources.some((r) => r.name === name);
  // A store whose `images` / `search` have a synopsis gets ordinary clients instead.
  const special = (name: string): boolean => has(name) && !resources.some((r) => r.name === name);
  const products = resources.find((r) => r.name === 'products');
  const categories = resources.find((r) => r.name === 'categories');
  const searchFull =
    special('search') &&
    products !== undefined &&
    categories !== undefined &&
    products.clientMethods.includes('list') &&
    categories.clientMethods.includes('list');
  const layout = ctx.layout;
  const imports: ModuleLine[] = [];
  const exports: string[] = [];
  const properties: string[] = [];
  const values: Doc[] = [];
  const member = (key: string, type: TypeNode): string => propertyLine(`readonly ${key}`, type, 1, layout);
  for (const r of resources) {
    const names = ctx.names.of(r.name);
    const needMeta = searchFull && (r === products || r === categories);
    imports.push({
      head: 'import',
      names: [`create${names.client}`, ...(needMeta ? [names.meta] : []), `type ${names.client}`],
      from: `./${names.file}.js`,
    });
    exports.push(`export * from ${jsString(`./${names.file}.js`)};\n`);
    // The property is the wire name: `/api/<name>`, no need to say it again.
    properties.push(member(propertyKey(r.name), ref(names.client)));
    values.push(property(propertyKey(r.name), [`create${names.client}`, callArguments(['ctx'], layout)], 'string'));
  }
  const searchTypes = searchFull
    ? `${ctx.names.of('products').type}, ${ctx.names.of('categories').type}`
    : 'never, never';
  if (searchFull) {
    for (const name of ['categories', 'products'])
      imports.push({
        head: 'import type',
        names: [ctx.names.of(name).type],
        from: `../types/${ctx.names.of(name).file}.js`,
      });
  }
  // The escape hatch: any path of the store, with the same auth, errors and redirect rules.
  imports.push({ head: 'import', names: ['createRequest', 'type RequestFunction'], from: '../runtime/request.js' });
  properties.push(
    `${jsdoc(['`request({ method, path, query, body })`: anything the typed clients do not model, with the same auth, errors and redirect rules.'], '  ')}${member('request', ref('RequestFunction'))}`,
  );
  values.push(property('request', ['createRequest', callArguments(['ctx'], layout)], 'string'));
  if (special('images')) {
    imports.push({ head: 'import', names: ['createImagesClient', 'type ImagesClient'], from: '../runtime/images.js' });
    properties.push(
      `${jsdoc(['`/api/images`: product images (upload, list, download, replace, delete) and category, manufacturer, supplier and store images.'], '  ')}${member('images', ref('ImagesClient'))}`,
    );
    values.push(property('images', ['createImagesClient', callArguments(['ctx.transport'], layout)], 'string'));
  }
  if (special('search')) {
    imports.push({ head: 'import', names: ['createSearch', 'type SearchFunction'], from: '../runtime/search.js' });
    properties.push(
      `${jsdoc(["`/api/search?query=…&language=N`: ids of the products found and their categories, or the items with `display: 'full'`."], '  ')}${member('search', ref('SearchFunction', ...(searchFull ? [ref(ctx.names.of('products').type), ref(ctx.names.of('categories').type)] : [keyword('never'), keyword('never')])))}`,
    );
    const metas: Doc = searchFull
      ? objectLiteral(
          [
            property('products', ctx.names.of('products').meta, 'literal'),
            property('categories', ctx.names.of('categories').meta, 'literal'),
          ],
          layout,
        )
      : 'null';
    values.push(
      property('search', [`createSearch<${searchTypes}>`, callArguments(['ctx', metas], layout, searchFull)], 'group'),
    );
  }
  imports.push(
    { head: 'import', names: ['createClientContext'], from: './_context.js' },
    { head: 'import type', names: ['ClientOptions'], from: '../runtime/client.js' },
  );
  const moduleLines = (lines: readonly ModuleLine[]): string =>
    lines.map((l) => moduleStatement(l.head, l.names, l.from, layout)).join('');
  return (
    fileHeader(ctx) +
    moduleLines([...imports].sort((x, y) => compareCodeUnits(x.from, y.from))) +
    '\n' +
    'export * from "./_context.js";\n' +
    exports.join('') +
    moduleLines(RUNTIME_EXPORTS) +
    '\n' +
    `${jsdoc(['A client of the store: one property per resource, under its wire name (`products` is `/api/products`).'])}` +
    `export interface PrestaShopClient {\n${properties.join('')}}\n\n` +
    `${jsdoc([
      "A typed client of the store's Webservice. `baseUrl` is the shop URL (with or without `/api`), `apiKey` the Webservice key.",
      'Options: `fetch` (a custom fetch), `language` and `shop` (defaults of every read), `format` (`xml`, the default, or `json`),',
      '`validate` (run the generated validators before writes, default true), `timeoutMs`, `totalTimeoutMs`, `retries`, `maxResponseBytes`, `maxListResponseBytes`,',
      '`auth` (`basic`, the default, or `ws_key`), `fillLanguages` (complete a partial multilingual value from the record, default true),',
      "`updateMode` (`auto` or `put`) and `timeZone` (the store's zone for `dates: 'Date'`; the snapshot's by default).",
      'It builds every resource client; to bundle only some, build them on `createClientContext(options)`.',
    ])}` +
    statement(
      functionHead('export function createClient', ['options: ClientOptions'], ': PrestaShopClient {', layout),
      0,
      layout,
    ) +
    // Without any client the context is still built (it checks the options), but not kept.
    (values.length === 0
      ? '  createClientContext(options);\n  return {};\n}\n'
      : `  const ctx = createClientContext(options);\n${statement(['return ', objectLiteral(values, layout, true), ';'], 1, layout)}}\n`)
  );
}
