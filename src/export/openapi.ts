/**
 * Model → OpenAPI 3.1 document. Pure: the same snapshot always gives the same document.
 *
 * - paths only for the methods a resource allows (`usableMethods`): collection GET and POST on
 *   `/{resource}`, item GET/PUT/PATCH/DELETE/HEAD on `/{resource}/{id}`;
 * - responses are JSON with PrestaShop's envelopes (`{"product": …}`, `{"products": […]}`) and
 *   values as the generated client decodes them (see `schemas.ts`);
 * - request bodies are XML (the only input a store reads), described with OpenAPI `xml` hints;
 * - HTTP Basic authentication: the API key is the user name, the password is empty.
 */
import { canonicalize, snapshotHash, type StoreSchema } from '../model/index.js';
import { buildPlan, DEFAULT_PLAN_OPTIONS } from '../plan/index.js';
import { obj, record, type JsonObject } from './json.js';
import {
  componentSchemas,
  ERROR_DOCUMENT,
  exportedResources,
  skippedResources,
  type ExportedResource,
  type ExportOptions,
  type SchemaTarget,
} from './schemas.js';

const OPENAPI_VERSION = '3.1.0';

const JSON_MEDIA = 'application/json';
const XML_MEDIA = 'application/xml';

const schemaRef = (name: string): string => `#/components/schemas/${name}`;
const ref = (pointer: string): JsonObject => record({ $ref: pointer });

/** Escapes a literal for an ECMA-262 pattern (syntax characters only, so `u` mode reads it too). */
function regexLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** Names usable in `filter[...]` and `sort`: `id` and every filterable field. */
function filterableNames(entry: ExportedResource): string[] {
  const names = new Set(['id']);
  for (const f of entry.plan.fields) if (f.filterable) names.add(f.name);
  return [...names].sort((a, b) => (a === 'id' ? -1 : b === 'id' ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

function hasDateFields(entry: ExportedResource): boolean {
  return entry.plan.fields.some((f) => f.name === 'date_add' || f.name === 'date_upd');
}

function filterParameter(entry: ExportedResource): JsonObject {
  return record({
    name: 'filter',
    in: 'query',
    style: 'deepObject',
    explode: true,
    description:
      'Filters, sent as `filter[field]=value`: `v` or `[v]` equals, `[a|b]` any of, `[a,b]` between (inclusive), ' +
      '`[v]%` / `%[v]` / `%[v]%` begins / ends / contains, `>[v]`, `<[v]`, `![a|b]` none of. ' +
      'Filtering on `date_add` or `date_upd` needs `date=1`.',
    schema: record({
      type: 'object',
      additionalProperties: false,
      properties: obj(filterableNames(entry).map((n) => [n, record({ type: 'string', minLength: 1 })])),
    }),
  });
}

function sortParameter(entry: ExportedResource): JsonObject {
  const one = `(?:${filterableNames(entry).map(regexLiteral).join('|')})_(?:[Aa][Ss][Cc]|[Dd][Ee][Ss][Cc])`;
  return record({
    name: 'sort',
    in: 'query',
    description:
      '`field_ASC`, `field_DESC`, or a bracketed list such as `[id_DESC,name_ASC]`. Without it the order is unspecified.',
    schema: record({ type: 'string', pattern: `^(?:${one}|\\[${one}(?:,${one})*\\])$` }),
  });
}

const PARAMETERS: JsonObject = record({
  id: record({
    name: 'id',
    in: 'path',
    required: true,
    description: 'Id of the item.',
    schema: record({ type: 'integer', minimum: 1 }),
  }),
  display: record({
    name: 'display',
    in: 'query',
    description:
      '`full` for every field and the associations, or a bracketed list of fields such as `[id,name,categories[id]]`. Without it a list holds ids only.',
    schema: record({ type: 'string', pattern: '^(?:full|minimum|\\[.*\\])$' }),
  }),
  limit: record({
    name: 'limit',
    in: 'query',
    description: '`count` or `offset,count`. No total count is returned.',
    schema: record({ type: 'string', pattern: '^[0-9]+(?:,[0-9]+)?$' }),
  }),
  language: record({
    name: 'language',
    in: 'query',
    description:
      'Languages of multilingual values: an id, `[1|2]`, or a range `[1,3]`. Default: every active language.',
    schema: record({ type: 'string', pattern: '^(?:[0-9]+|\\[[0-9]+(?:\\|[0-9]+)*\\]|\\[[0-9]+,[0-9]+\\])$' }),
  }),
  date: record({
    name: 'date',
    in: 'query',
    description: '`1` to allow filtering and sorting on `date_add` and `date_upd`.',
    schema: record({ type: 'integer', enum: [1] }),
  }),
});

const parameterRef = (name: string): JsonObject => ref(`#/components/parameters/${name}`);

const RESPONSES: JsonObject = record({
  NotFound: record({ description: 'No item with this id (the store answers with an empty body).' }),
  Error: record({
    description: "The store refused the request; the body lists PrestaShop's error codes and messages.",
    content: record({ [JSON_MEDIA]: record({ schema: ref(schemaRef(ERROR_DOCUMENT)) }) }),
  }),
});

function envelope(key: string, schema: JsonObject): JsonObject {
  return record({ type: 'object', required: [key], properties: obj([[key, schema]]) });
}

function itemResponse(entry: ExportedResource, description: string): JsonObject {
  return record({
    description,
    content: record({ [JSON_MEDIA]: record({ schema: envelope(entry.node, ref(schemaRef(entry.read))) }) }),
  });
}

/** The XML request body: `<prestashop><product>…</product></prestashop>`; PUT and PATCH carry the id. */
function requestBody(entry: ExportedResource, shape: string, withId: boolean): JsonObject {
  const item = withId
    ? record({
        allOf: [
          ref(schemaRef(shape)),
          record({
            type: 'object',
            required: ['id'],
            properties: record({ id: record({ type: 'integer', minimum: 1 }) }),
          }),
        ],
      })
    : ref(schemaRef(shape));
  return record({
    required: true,
    description: withId
      ? 'The store takes the id from the body (`<id>`), not from the URL; send the same id in both.'
      : undefined,
    content: record({
      [XML_MEDIA]: record({
        schema: record({ ...(envelope(entry.node, item) as object), xml: record({ name: 'prestashop' }) }),
      }),
    }),
  });
}

const errorResponses = (notFound: boolean): [string, JsonObject][] => [
  ...(notFound ? ([['404', ref('#/components/responses/NotFound')]] as [string, JsonObject][]) : []),
  ['default', ref('#/components/responses/Error')],
];

/** `listProducts` from the unique client name (`ProductsClient`, `ProductsClient2`). */
function listOperationId(entry: ExportedResource): string {
  return `list${entry.plan.names.client.replace(/Client(\d*)$/, '$1')}`;
}

/** One operation: the parts that differ between methods. */
interface OperationSpec {
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';
  readonly operationId: string;
  readonly summary: string;
  readonly parameters?: readonly JsonObject[];
  readonly requestBody?: JsonObject;
  /** Success status and response. */
  readonly success: readonly [string, JsonObject];
  /** Whether the operation addresses one item (and may answer 404). */
  readonly item: boolean;
}

function operation(spec: OperationSpec, tags: readonly string[]): [string, JsonObject] {
  return [
    spec.method,
    record({
      operationId: spec.operationId,
      summary: spec.summary,
      tags: [...tags],
      parameters: spec.parameters === undefined ? undefined : [...spec.parameters],
      requestBody: spec.requestBody,
      responses: obj([spec.success, ...errorResponses(spec.item)]),
    }),
  ];
}

function listParameters(entry: ExportedResource): JsonObject[] {
  const parameters = [
    parameterRef('display'),
    filterParameter(entry),
    sortParameter(entry),
    parameterRef('limit'),
    parameterRef('language'),
  ];
  if (hasDateFields(entry)) parameters.push(parameterRef('date'));
  return parameters;
}

function operationSpecs(entry: ExportedResource): OperationSpec[] {
  const m = new Set(entry.methods);
  const { node, read: type } = entry;
  const specs: OperationSpec[] = [];
  if (m.has('GET')) {
    const list = record({ type: 'array', items: ref(schemaRef(type)) });
    specs.push({
      method: 'get',
      operationId: listOperationId(entry),
      summary: `List ${entry.plan.name}`,
      parameters: listParameters(entry),
      success: [
        '200',
        record({
          description: `The ${entry.nodes}, an empty list when nothing matches. Items are complete with \`display=full\` (what the generated client sends); without \`display\` the store returns ids only.`,
          content: record({ [JSON_MEDIA]: record({ schema: envelope(entry.nodes, list) }) }),
        }),
      ],
      item: false,
    });
    specs.push({
      method: 'get',
      operationId: `get${type}`,
      summary: `Read a ${node}`,
      parameters: [parameterRef('language')],
      success: ['200', itemResponse(entry, `The ${node}.`)],
      item: true,
    });
  }
  if (m.has('POST') && entry.input !== null) {
    specs.push({
      method: 'post',
      operationId: `create${type}`,
      summary: `Create a ${node}`,
      requestBody: requestBody(entry, entry.input, false),
      success: ['201', itemResponse(entry, `The created ${node}.`)],
      item: false,
    });
  }
  if (m.has('PUT') && entry.input !== null) {
    specs.push({
      method: 'put',
      operationId: `update${type}`,
      summary: `Replace a ${node} (omitted fields are reset)`,
      requestBody: requestBody(entry, entry.input, true),
      success: ['200', itemResponse(entry, `The saved ${node}.`)],
      item: true,
    });
  }
  if (m.has('PATCH') && entry.patch !== null) {
    specs.push({
      method: 'patch',
      operationId: `patch${type}`,
      summary: `Update some fields of a ${node}`,
      requestBody: requestBody(entry, entry.patch, true),
      success: ['200', itemResponse(entry, `The saved ${node}.`)],
      item: true,
    });
  }
  if (m.has('DELETE')) {
    specs.push({
      method: 'delete',
      operationId: `delete${type}`,
      summary: `Delete a ${node}`,
      success: ['200', record({ description: 'Deleted (empty body).' })],
      item: true,
    });
  }
  if (m.has('HEAD')) {
    specs.push({
      method: 'head',
      operationId: `head${type}`,
      summary: `Check that a ${node} exists`,
      success: ['200', record({ description: 'The item exists.' })],
      item: true,
    });
  }
  return specs;
}

/** `/{resource}` (list, create) and `/{resource}/{id}` (read, replace, patch, delete, head). */
function pathItems(entry: ExportedResource): [string, JsonObject][] {
  const segment = `/${encodeURIComponent(entry.plan.name)}`;
  const tags = [entry.plan.name];
  const specs = operationSpecs(entry);
  const collection = specs.filter((s) => !s.item).map((s) => operation(s, tags));
  const item = specs.filter((s) => s.item).map((s) => operation(s, tags));
  const out: [string, JsonObject][] = [];
  if (collection.length > 0) out.push([segment, obj(collection)]);
  if (item.length > 0) out.push([`${segment}/{id}`, obj([['parameters', [parameterRef('id')]], ...item])]);
  return out;
}

const DESCRIPTION = [
  "Generated by prestashop-codegen from a store's schema snapshot.",
  '',
  'Values are described as the generated TypeScript client decodes them, not as the store sends them: ' +
    'PrestaShop sends ids, integers, booleans (`"0"`/`"1"`) and decimals as strings, may send a multilingual ' +
    'value as a bare string when one language is rendered, drops falsy fields from single items (8.x/9.x) and ' +
    'answers an empty list with `[]`. A tool that reads the store directly must coerce those.',
  '',
  'Writes are XML only (`<prestashop><product>…</product></prestashop>`); booleans are written `0`/`1`, and a ' +
    'multilingual value as `<name><language id="1">text</language></name>` (the text is the element content, ' +
    'which OpenAPI 3.1 `xml` hints cannot express).',
].join('\n');

/** The snapshot facts both exports carry under `x-prestashop`. */
export function snapshotFacts(model: StoreSchema): JsonObject {
  return record({
    psVersion: model.store.psVersion,
    snapshotHash: snapshotHash(model),
    languages: model.store.languages.map((l) => record({ id: l.id, isoCode: l.isoCode })),
    skipped: skippedResources(model).map((s) => record(s)),
  });
}

/** The OpenAPI 3.1 document of a snapshot. The input is not touched. */
export function buildOpenApi(input: StoreSchema, options: ExportOptions): JsonObject {
  const model = canonicalize(input);
  const entries = exportedResources(model, buildPlan(model, { ...DEFAULT_PLAN_OPTIONS, decimals: options.decimals }));
  const target: SchemaTarget = {
    ref: schemaRef,
    xml: true,
    options,
    languages: model.store.languages.map((l) => l.id),
  };
  return record({
    openapi: OPENAPI_VERSION,
    info: record({
      title: 'PrestaShop Webservice',
      version: model.store.psVersion ?? 'unknown',
      description: DESCRIPTION,
    }),
    servers: [
      record({
        url: '{baseUrl}/api',
        description: 'The store: set `baseUrl` to its URL, without `/api`',
        // No `description` on the variable: @apidevtools/swagger-parser 12 rejects it (valid OpenAPI 3.1).
        variables: record({ baseUrl: record({ default: 'https://shop.example' }) }),
      }),
    ],
    security: [record({ basicAuth: [] })],
    tags: entries.map((e) => record({ name: e.plan.name, description: e.plan.description ?? undefined })),
    paths: obj(entries.flatMap((e) => pathItems(e))),
    components: record({
      schemas: componentSchemas(entries, target),
      parameters: PARAMETERS,
      responses: RESPONSES,
      securitySchemes: record({
        basicAuth: record({
          type: 'http',
          scheme: 'basic',
          description: 'The API key as the user name, an empty password.',
        }),
      }),
    }),
    'x-prestashop': snapshotFacts(model),
  });
}
