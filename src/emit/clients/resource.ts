/**
 * One resource → `clients/<file>.ts`: its runtime metadata, the types of its queries (filterable,
 * sortable and displayable fields), and a client interface with exactly the methods the store
 * allows on it (from the snapshot's methods, minus those PrestaShop forbids), so calling a method
 * the store refuses is a compile error.
 */
import { compareCodeUnits, type HttpMethod } from '../../model/index.js';
import type { FieldPlan, ResourcePlan } from '../../plan/index.js';
import { fileHeader, importTypes } from '../code.js';
import type { EmitContext, EmitOptions } from '../context.js';
import { jsdoc, jsString, propertyKey, type ResourceNames } from '../naming.js';
import { renderMeta } from './meta.js';

/** Writes that take `sendemail` (reference §3): order state changes and order carrier updates. */
const EMAIL_WRITES: ReadonlyMap<string, readonly HttpMethod[]> = new Map<string, readonly HttpMethod[]>([
  ['order_histories', ['POST']],
  ['order_carriers', ['PUT', 'PATCH']],
]);

/** The HTTP verb of each write method. */
const WRITE_VERBS: Readonly<Record<string, HttpMethod>> = { create: 'POST', update: 'PUT', patch: 'PATCH' };

/** The options type of a write: with `sendemail` where the store reads it. */
function writeOptionsType(resource: string, verb: HttpMethod): string {
  return (EMAIL_WRITES.get(resource) ?? []).includes(verb) ? 'EmailWriteOptions' : 'WriteOptions';
}

/** The client methods of a resource, in a fixed order, from the methods the store allows. */
export function clientMethods(resource: Pick<ResourcePlan, 'methods'>): string[] {
  const m = new Set(resource.methods);
  const out: string[] = [];
  if (m.has('GET')) out.push('list', 'listAll', 'get');
  if (m.has('HEAD')) out.push('head');
  if (m.has('POST')) out.push('create');
  if (m.has('PUT')) out.push('update');
  if (m.has('PATCH')) out.push('patch');
  if (m.has('DELETE')) out.push('delete');
  return out;
}

/** The TypeScript type a filter on the field compares with. */
function filterValueType(field: FieldPlan): string {
  switch (field.kind) {
    case 'id':
    case 'int':
      return 'number';
    case 'decimal':
      return 'number | string';
    case 'bool':
      return 'boolean';
    case 'date':
      return 'string | Date';
    default:
      return 'string';
  }
}

function union(names: readonly string[]): string {
  return names.map(jsString).join(' | ');
}

interface Parts {
  readonly resource: ResourcePlan;
  readonly names: ResourceNames;
  readonly methods: readonly string[];
  readonly validators: boolean;
  readonly hasInput: boolean;
  readonly hasPatch: boolean;
}

function namespaceBlock(p: Parts): string {
  const { resource, names } = p;
  // Query types list fields by name; the order has no meaning there.
  const fields = [...resource.fields].sort((a, b) => compareCodeUnits(a.name, b.name));
  const filterable = fields.filter((f) => f.filterable);
  const filterLines = [
    '    readonly id?: FilterValue<number>;\n',
    ...filterable.map((f) => `    readonly ${propertyKey(f.name)}?: FilterValue<${filterValueType(f)}>;\n`),
  ];
  return (
    `${jsdoc([`Types of the \`${resource.name}\` client's queries.`])}export declare namespace ${names.client} {\n` +
    `${jsdoc(
      [
        'Filterable fields (`filter[field]`) and the value each compares with: a value (equality) or an operator',
        'built with `anyOf`, `not`, `between`, `gt`, `lt`, `beginsWith`, `endsWith` or `contains`.',
      ],
      '  ',
    )}` +
    `  type Filter = {\n${filterLines.join('')}  };\n` +
    `${jsdoc(['Fields a list can be sorted on: `field_ASC` / `field_DESC`.'], '  ')}` +
    `  type SortField = ${union(['id', ...filterable.map((f) => f.name)])};\n` +
    `${jsdoc(['Fields a `display` list can name; the result then holds only those.'], '  ')}` +
    `  type Field = ${union(['id', ...fields.map((f) => f.name)])};\n` +
    `${jsdoc(['The query of `list`.'], '  ')}` +
    `  type Query = ListQuery<Filter, SortField, Field>;\n` +
    '}\n'
  );
}

function methodSignatures(p: Parts): string {
  const { resource, names } = p;
  const c = names.client;
  const type = names.type;
  const where = `/api/${resource.name}`;
  const email = EMAIL_WRITES.get(resource.name) ?? [];
  const writeOptions = (method: HttpMethod): string => writeOptionsType(resource.name, method);
  const pad = '  ';
  const out: string[] = [];
  for (const m of p.methods) {
    switch (m) {
      case 'list':
        out.push(
          `${jsdoc(
            [
              `\`GET ${where}\`: the items matching the query. \`display\` is \`'full'\` by default (every field and association);`,
              'a list of fields returns only those, and the result type says so. `date=1` is added when a filter or sort uses a date.',
            ],
            pad,
          )}${pad}list<const D extends Display<${c}.Field> = "full">(query?: ${c}.Query & { readonly display?: D }): Promise<Selected<${type}, D>[]>;\n`,
        );
        break;
      case 'listAll':
        out.push(
          `${jsdoc(
            [
              `Every item matching the query, page by page (\`limit=offset,count\`, \`pageSize\` items per request, default 100),`,
              'sorted by the query\'s `sort` then by id so that pages never overlap.',
            ],
            pad,
          )}${pad}listAll<const D extends Display<${c}.Field> = "full">(query?: ListAllQuery<${c}.Filter, ${c}.SortField, ${c}.Field> & { readonly display?: D }): AsyncGenerator<Selected<${type}, D>, void, undefined>;\n`,
        );
        break;
      case 'get':
        out.push(
          `${jsdoc([`\`GET ${where}/{id}\`: the item, or \`null\` when the store has no such id (it answers 404 with an empty body).`], pad)}` +
            `${pad}get<const D extends Display<${c}.Field> = "full">(id: number, query?: GetQuery<${c}.Field> & { readonly display?: D }): Promise<Selected<${type}, D> | null>;\n`,
        );
        break;
      case 'head':
        out.push(`${jsdoc([`\`HEAD ${where}/{id}\`: whether the id exists.`], pad)}${pad}head(id: number, options?: ReadOptions): Promise<boolean>;\n`);
        break;
      case 'create':
        out.push(
          `${jsdoc(
            [
              `\`POST ${where}\` (XML body): creates an item and returns it as saved, with its id.`,
              ...(p.validators ? ['The input is validated first; invalid input throws `PrestaShopValidationError` and nothing is sent.'] : []),
              ...(email.includes('POST') ? ['`sendemail: true` makes the store e-mail the customer.'] : []),
            ],
            pad,
          )}${pad}create(input: ${names.input}, options?: ${writeOptions('POST')}): Promise<${type}>;\n`,
        );
        break;
      case 'update':
        out.push(
          `${jsdoc(
            [
              `\`PUT ${where}/{id}\`: a full replacement. Fields the input leaves out are reset by the store; languages left out`,
              `of a multilingual field keep their values; associations left out are kept.${p.hasPatch ? ' Use `patch` to change some fields only.' : ''}`,
            ],
            pad,
          )}${pad}update(id: number, input: ${names.input}, options?: ${writeOptions('PUT')}): Promise<${type}>;\n`,
        );
        break;
      case 'patch':
        out.push(
          `${jsdoc([`\`PATCH ${where}/{id}\` (PrestaShop 8.0+): changes only the fields given.`], pad)}` +
            `${pad}patch(id: number, input: ${names.patch}, options?: ${writeOptions('PATCH')}): Promise<${type}>;\n`,
        );
        break;
      case 'delete':
        out.push(
          `${jsdoc([`\`DELETE ${where}/{id}\`, or \`${where}?id=[…]\` for a list; an unknown id throws \`PrestaShopError\` (404, code 87).`], pad)}` +
            `${pad}delete(ids: number | readonly number[], options?: DeleteOptions): Promise<void>;\n`,
        );
        break;
    }
  }
  return out.join('');
}

function implementation(p: Parts): string {
  const { names } = p;
  const validate = (name: string): string => (p.validators ? name : 'null');
  const lines: string[] = [];
  for (const m of p.methods) {
    switch (m) {
      case 'list':
        lines.push('    list: (query) => runtime.list(query) as Promise<never>,\n');
        break;
      case 'listAll':
        lines.push('    listAll: (query) => runtime.listAll(query) as AsyncGenerator<never, void, undefined>,\n');
        break;
      case 'get':
        lines.push('    get: (id, query) => runtime.get(id, query) as Promise<never>,\n');
        break;
      case 'head':
        lines.push('    head: (id, options) => runtime.head(id, options),\n');
        break;
      case 'create':
        lines.push(`    create: (input, options) => runtime.create(input, ${validate(names.validateInput)}, options) as Promise<never>,\n`);
        break;
      case 'update':
        lines.push(`    update: (id, input, options) => runtime.update(id, input, ${validate(names.validateInput)}, options) as Promise<never>,\n`);
        break;
      case 'patch':
        lines.push(`    patch: (id, input, options) => runtime.patch(id, input, ${validate(names.validatePatch)}, options) as Promise<never>,\n`);
        break;
      case 'delete':
        lines.push('    delete: (ids, options) => runtime.delete(ids, options),\n');
        break;
    }
  }
  return (
    `${jsdoc([`The \`${p.resource.name}\` client on a shared context (\`createClient\` builds every one).`])}` +
    `export function create${names.client}(ctx: ClientContext): ${names.client} {\n` +
    `  const runtime = new ResourceRuntime(ctx, ${names.meta});\n` +
    `  return {\n${lines.join('')}  };\n}\n`
  );
}

/** The text of `clients/<file>.ts`. */
export function renderResourceClient(resource: ResourcePlan, options: EmitOptions, ctx: EmitContext): string {
  const names = resource.names;
  const methods = clientMethods(resource);
  const writes = methods.filter((m) => m === 'create' || m === 'update' || m === 'patch');
  const hasInput = methods.includes('create') || methods.includes('update');
  const hasPatch = methods.includes('patch');
  const p: Parts = { resource, names, methods, validators: options.validators !== 'none' && writes.length > 0, hasInput, hasPatch };
  const reads = methods.some((m) => m === 'list' || m === 'get');
  // The read type appears in reads and in what writes return; a HEAD/DELETE-only client has neither.
  const usesType = reads || writes.length > 0 || methods.includes('listAll');
  const typeImports = [...(usesType ? [names.type] : []), ...(hasInput ? [names.input] : []), ...(hasPatch ? [names.patch] : [])];
  const validatorImports = p.validators ? [...(hasInput ? [names.validateInput] : []), ...(hasPatch ? [names.validatePatch] : [])] : [];
  const queryImports = ['Filter as FilterValue', 'ListQuery', ...(reads ? ['Display', 'GetQuery', 'ListAllQuery', 'Selected'] : []), ...(methods.includes('head') ? ['ReadOptions'] : [])];
  const optionTypes = new Set(writes.map((m) => writeOptionsType(resource.name, WRITE_VERBS[m]!)));
  const runtimeTypes = ['ClientContext', ...(methods.includes('delete') ? ['DeleteOptions'] : []), ...optionTypes];
  const head =
    fileHeader(ctx) +
    importTypes(typeImports, `../types/${names.file}.js`) +
    (validatorImports.length === 0 ? '' : `import { ${validatorImports.join(', ')} } from ${jsString(`../validators/${names.file}.js`)};\n`) +
    importTypes(['ResourceMeta'], '../runtime/meta.js') +
    `import type { ${queryImports.sort(compareCodeUnits).join(', ')} } from "../runtime/query.js";\n` +
    `import { ResourceRuntime, ${runtimeTypes.sort(compareCodeUnits).map((t) => `type ${t}`).join(', ')} } from "../runtime/resource.js";\n`;
  const verbs = resource.methods.join(', ');
  return (
    `${head}\n` +
    `${jsdoc([`Runtime metadata of \`${resource.name}\`: node names, fields and associations.`])}${renderMeta(resource)}\n` +
    `${namespaceBlock(p)}\n` +
    `${jsdoc([`Client of \`/api/${resource.name}\` (${verbs}): only the methods the store allows on this resource.`])}` +
    `export interface ${names.client} {\n${methodSignatures(p)}}\n\n` +
    implementation(p)
  );
}

