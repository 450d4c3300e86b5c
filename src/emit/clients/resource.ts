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

/** `"a" | "b"`; with `quoteFirst` false the first name is a type name (`SortField | "a"`). */
function union(names: readonly string[], quoteFirst = true): string {
  return names.map((n, i) => (i === 0 && !quoteFirst ? n : jsString(n))).join(' | ');
}

interface Parts {
  readonly resource: ResourcePlan;
  readonly names: ResourceNames;
  readonly methods: readonly string[];
  readonly validators: boolean;
  readonly hasInput: boolean;
  readonly hasPatch: boolean;
}

function namespaceBlock(p: Parts, types: string): string {
  const { resource, names } = p;
  // Query types list fields by name; the order has no meaning there.
  const fields = [...resource.fields].sort((a, b) => compareCodeUnits(a.name, b.name));
  const filterable = fields.filter((f) => f.filterable);
  const filterLines = [
    '    readonly id?: FilterValue<number>;\n',
    ...filterable.map((f) => `    readonly ${propertyKey(f.name)}?: FilterValue<${filterValueType(f)}>;\n`),
  ];
  return (
    // The namespace holds the query types of the client of the same name.
    `export declare namespace ${names.client} {\n` +
    `${jsdoc(['Filterable fields (`filter[field]`) and the value each compares with (see `Filter`).'], '  ')}` +
    `  type Filter = {\n${filterLines.join('')}  };\n` +
    // Sortable (`field_ASC` / `field_DESC`) are the filterable fields.
    '  type SortField = keyof Filter & string;\n' +
    `${jsdoc(['Fields a `display` list can name; the result then holds only those.'], '  ')}` +
    `  type Field = ${union(['SortField', ...fields.filter((f) => !f.filterable).map((f) => f.name)], false)};\n` +
    `  type Query = ListQuery<Filter, SortField, Field>;\n` +
    types +
    '}\n'
  );
}

/** The generic client's type parameter: this resource's types (`never` for a shape it does not have). */
function typesBlock(p: Parts, usesType: boolean): string {
  const { names } = p;
  const writes = p.methods.filter((m) => m === 'create' || m === 'update' || m === 'patch');
  const options = [...new Set(writes.map((m) => writeOptionsType(p.resource.name, WRITE_VERBS[m]!)))];
  const members = [
    `item: ${usesType ? names.type : 'never'}`,
    `input: ${p.hasInput ? names.input : 'never'}`,
    `patch: ${p.hasPatch ? names.patch : 'never'}`,
    'filter: Filter',
    'field: Field',
    // WriteOptions is the default.
    ...(options.includes('EmailWriteOptions') ? [`writeOptions: ${options.join(' | ')}`] : []),
  ];
  return `  type Types = { ${members.join('; ')} };\n`;
}

/**
 * `attachments` files are created, downloaded, replaced and deleted through `/api/attachments/file`
 * (WebserviceSpecificManagementAttachments), which the record methods do not model.
 */
function hasFiles(p: Parts): boolean {
  return p.resource.name === 'attachments' && p.methods.includes('get');
}

function implementation(p: Parts): string {
  const { names } = p;
  // The validators module is imported on the first validated write: a read-only program never bundles it.
  const checks = [...(p.hasInput ? [`input: v.${names.validateInput}`] : []), ...(p.hasPatch ? [`patch: v.${names.validatePatch}`] : [])];
  const validators = p.validators ? `() => import(${jsString(`../validators/${names.file}.js`)}).then((v) => ({ ${checks.join(', ')} }))` : 'null';
  const client = `createResourceClient<${names.client}.Types>(ctx, ${names.meta}, ${validators})`;
  return (
    `${jsdoc([`The \`${p.resource.name}\` client on a context from \`createClientContext(options)\`; a bundle then holds only the clients built.`])}` +
    `export function create${names.client}(ctx: ClientContext): ${names.client} {\n` +
    // Attachments: the record methods, plus the file endpoints (`/api/attachments/file`).
    (hasFiles(p) ? `  return {\n    ...${client},\n    ...createAttachmentFiles(ctx, ${names.meta}),\n  };\n}\n` : `  return ${client};\n}\n`)
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
  const writeOptions = new Set(writes.map((m) => writeOptionsType(resource.name, WRITE_VERBS[m]!)));
  if (!writeOptions.has('EmailWriteOptions')) writeOptions.clear();
  const head =
    fileHeader(ctx) +
    importTypes(typeImports, `../types/${names.file}.js`) +
    importTypes(['ResourceMeta'], '../runtime/meta.js') +
    'import type { Filter as FilterValue, ListQuery } from "../runtime/query.js";\n' +
    `import { createResourceClient, type ResourceClient } from "../runtime/resource-client.js";\n` +
    importTypes(['ClientContext', ...writeOptions], '../runtime/resource.js') +
    (hasFiles(p) ? 'import { createAttachmentFiles, type AttachmentFilesClient } from "../runtime/attachments.js";\n' : '');
  const verbs = resource.methods.join(', ');
  return (
    `${head}\n` +
    `${jsdoc([`Runtime metadata of \`${resource.name}\`: node names, fields and associations.`])}${renderMeta(resource)}\n` +
    `${namespaceBlock(p, typesBlock(p, usesType))}\n` +
    `${jsdoc([`Client of \`/api/${resource.name}\` (${verbs}): only the methods the store allows on this resource (see \`ResourceClient\`).`])}` +
    `export interface ${names.client} extends Pick<ResourceClient<${names.client}.Types>, ${union(p.methods)}>${hasFiles(p) ? ', AttachmentFilesClient' : ''} {}\n\n` +
    implementation(p)
  );
}

