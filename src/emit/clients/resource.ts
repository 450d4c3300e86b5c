/**
 * One resource → `clients/<file>.ts`: its runtime metadata, the types of its queries (filterable,
 * sortable and displayable fields), and a client interface with exactly the methods the store
 * allows on it (from the snapshot's methods, minus those PrestaShop forbids), so calling a method
 * the store refuses is a compile error.
 */
import type { HttpMethod } from '../../model/index.js';
import {
  keyword,
  literal,
  objectOf,
  ref,
  unionOf,
  type FieldPlan,
  type ResourcePlan,
  type TypeNode,
} from '../../plan/index.js';
import { fileHeader, importTypes, moduleStatement, statement } from '../code.js';
import type { EmitContext, EmitOptions } from '../context.js';
import {
  afterOperator,
  arrayLiteral,
  callArguments,
  functionHead,
  heritage,
  objectLiteral,
  property,
  type Doc,
  type Layout,
} from '../layout.js';
import { propertyLine, typeAlias, typeDoc } from '../layout-types.js';
import { jsdoc, jsString, propertyKey, type ResourceNames } from '../../naming/index.js';
import { renderMeta } from './meta.js';

/** Writes that take `sendemail` (docs/clients.md): order state changes and order carrier updates. */
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

/** The type a filter on the field compares with. */
function filterValueType(field: FieldPlan): TypeNode {
  switch (field.kind) {
    case 'id':
    case 'int':
      return keyword('number');
    case 'decimal':
      return unionOf(keyword('number'), keyword('string'));
    case 'bool':
      return keyword('boolean');
    case 'date':
      return unionOf(keyword('string'), ref('Date'));
    default:
      return keyword('string');
  }
}

interface Parts {
  readonly layout: Layout;
  readonly resource: ResourcePlan;
  readonly names: ResourceNames;
  readonly methods: readonly string[];
  readonly validators: boolean;
  readonly hasInput: boolean;
  readonly hasPatch: boolean;
}

/** Turns off typescript-eslint's `no-namespace` for the namespace of query types, saying why. */
const NAMESPACE_LINT =
  "// eslint-disable-next-line @typescript-eslint/no-namespace -- the client's query types (`Filter`, `Query`, ...) are generated names\n";

function namespaceBlock(p: Parts, types: string): string {
  const { resource, names, layout } = p;
  // Query types list fields by name; the order has no meaning there.
  const fields = resource.fieldsByName;
  const filterable = fields.filter((f) => f.filterable);
  const filterLines = [
    propertyLine('readonly id?', ref('FilterValue', keyword('number')), 2, layout),
    ...filterable.map((f) =>
      propertyLine(`readonly ${propertyKey(f.name)}?`, ref('FilterValue', filterValueType(f)), 2, layout),
    ),
  ];
  const displayOnly = fields.filter((f) => !f.filterable).map((f) => f.name);
  return (
    // The namespace holds the query types of the client of the same name: `ProductsClient.Filter`
    // and its siblings are generated names (docs/clients.md), so the rule against namespaces is off here.
    `${NAMESPACE_LINT}export declare namespace ${names.client} {\n` +
    `${jsdoc(['Filterable fields (`filter[field]`) and the value each compares with (see `Filter`).'], '  ')}` +
    `  type Filter = {\n${filterLines.join('')}  };\n` +
    // Sortable (`field_ASC` / `field_DESC`) are the filterable fields.
    '  type SortField = keyof Filter & string;\n' +
    `${jsdoc(['Fields a `display` list can name; the result then holds only those.'], '  ')}` +
    statement(typeAlias('type Field', unionOf(ref('SortField'), ...displayOnly.map(literal)), layout), 1, layout) +
    statement(
      typeAlias('type Query', ref('ListQuery', ref('Filter'), ref('SortField'), ref('Field')), layout),
      1,
      layout,
    ) +
    types +
    '}\n'
  );
}

/** The generic client's type parameter: this resource's types (`never` for a shape it does not have). */
function typesBlock(p: Parts, usesType: boolean): string {
  const { names } = p;
  const writes = p.methods.filter((m) => m === 'create' || m === 'update' || m === 'patch');
  const options = [...new Set(writes.map((m) => writeOptionsType(p.resource.name, WRITE_VERBS[m]!)))];
  const member = (key: string, type: TypeNode) => ({ key, optional: false, type });
  const never = keyword('never');
  const members = [
    member('item', usesType ? ref(names.type) : never),
    member('input', p.hasInput ? ref(names.input) : never),
    member('patch', p.hasPatch ? ref(names.patch) : never),
    member('filter', ref('Filter')),
    member('field', ref('Field')),
    // WriteOptions is the default.
    ...(options.includes('EmailWriteOptions') ? [member('writeOptions', unionOf(...options.map((o) => ref(o))))] : []),
    // An id feed (no date_upd) is the default of `changes()`.
    ...(p.methods.includes('changes') && p.resource.changeFeed === 'date' ? [member('feed', literal('date'))] : []),
  ];
  return statement(typeAlias('type Types', objectOf(members), p.layout), 1, p.layout);
}

/**
 * `attachments` files are created, downloaded, replaced and deleted through `/api/attachments/file`
 * (WebserviceSpecificManagementAttachments), which the record methods do not model.
 */
function hasFiles(p: Parts): boolean {
  return p.resource.name === 'attachments' && p.methods.includes('get');
}

/**
 * `validators()`: the resource's validators, imported on the first validated write, so that a
 * program that only reads never loads them (see `LoadValidators` in runtime/resource-client.ts).
 */
function validatorsLoader(p: Parts): string {
  const { names, layout } = p;
  // `v.name` moves to the next line like a string when it does not fit (prettier's break-after-operator).
  const checks = [
    ...(p.hasInput ? [property('input', `v.${names.validateInput}`, 'string')] : []),
    ...(p.hasPatch ? [property('patch', `v.${names.validatePatch}`, 'string')] : []),
  ];
  return (
    'async function validators() {\n' +
    statement(
      afterOperator('const v =', `await import(${jsString(`../validators/${names.file}.js`)})`, ';'),
      1,
      layout,
    ) +
    statement(['return ', objectLiteral(checks, layout), ';'], 1, layout) +
    '}\n\n'
  );
}

function implementation(p: Parts): string {
  const { names, layout } = p;
  // Only the methods the store allows exist at run time too (not just in the type).
  const methods = arrayLiteral(
    p.methods.map((m) => ({ doc: jsString(m) })),
    layout,
  );
  const records: Doc = [
    `createResourceClient<${names.client}.Types>`,
    callArguments(['ctx', names.meta, p.validators ? 'validators' : 'null', methods], layout, true),
  ];
  // Attachments: the record methods, plus the file endpoints (`/api/attachments/file`).
  const value: Doc = hasFiles(p)
    ? objectLiteral(
        [
          ['...', records],
          ['...createAttachmentFiles', callArguments(['ctx', names.meta], layout)],
        ],
        layout,
        true,
      )
    : records;
  return (
    (p.validators ? validatorsLoader(p) : '') +
    `${jsdoc([`The \`${p.resource.name}\` client on a context from \`createClientContext(options)\`; a bundle then holds only the clients built.`])}` +
    statement(
      functionHead(`export function create${names.client}`, ['ctx: ClientContext'], `: ${names.client} {`, layout),
      0,
      layout,
    ) +
    statement(['return ', value, ';'], 1, layout) +
    '}\n'
  );
}

/**
 * `export interface X extends Pick<…>[, Other] {}` as prettier lays out its heritage clauses. An
 * interface, not a type alias of the Pick: tsc resolves an interface's members once, and the alias
 * cost 2.4 times the type instantiations on the 8.2.0 output (12.0k against 5.1k). With one
 * supertype it is an empty interface to typescript-eslint, so that rule is off for the line.
 */
function clientInterface(p: Parts): string {
  const { names, layout } = p;
  const picked = typeDoc(
    ref('Pick', ref('ResourceClient', ref(`${names.client}.Types`)), unionOf(...p.methods.map(literal))),
    layout,
  );
  const head = `export interface ${names.client}`;
  if (hasFiles(p)) return statement(heritage(head, [picked, 'AttachmentFilesClient'], ' {}'), 0, layout);
  return EMPTY_INTERFACE_LINT + statement([head, ' extends ', picked, ' {}'], 0, layout);
}

/** Turns off typescript-eslint's `no-empty-object-type` for a client interface, saying why. */
const EMPTY_INTERFACE_LINT =
  '// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface type-checks faster than a type alias of the Pick\n';

/** The text of `clients/<file>.ts`. */
export function renderResourceClient(resource: ResourcePlan, options: EmitOptions, ctx: EmitContext): string {
  const names = resource.names;
  const layout = ctx.layout;
  const methods = resource.clientMethods;
  const writes = methods.filter((m) => m === 'create' || m === 'update' || m === 'patch');
  const hasInput = methods.includes('create') || methods.includes('update');
  const hasPatch = methods.includes('patch');
  const p: Parts = {
    layout,
    resource,
    names,
    methods,
    validators: options.validators !== 'none' && writes.length > 0,
    hasInput,
    hasPatch,
  };
  const reads = methods.some((m) => m === 'list' || m === 'get');
  // The read type appears in reads and in what writes return; a HEAD/DELETE-only client has neither.
  const usesType = reads || writes.length > 0 || methods.includes('listAll');
  const typeImports = [
    ...(usesType ? [names.type] : []),
    ...(hasInput ? [names.input] : []),
    ...(hasPatch ? [names.patch] : []),
  ];
  const writeOptions = new Set(writes.map((m) => writeOptionsType(resource.name, WRITE_VERBS[m]!)));
  if (!writeOptions.has('EmailWriteOptions')) writeOptions.clear();
  const head =
    fileHeader(ctx) +
    importTypes(typeImports, `../types/${names.file}.js`, layout) +
    importTypes(['ResourceMeta'], '../runtime/meta.js', layout) +
    moduleStatement('import type', ['Filter as FilterValue', 'ListQuery'], '../runtime/query.js', layout) +
    moduleStatement(
      'import',
      ['createResourceClient', 'type ResourceClient'],
      '../runtime/resource-client.js',
      layout,
    ) +
    importTypes(['ClientContext', ...writeOptions], '../runtime/resource.js', layout) +
    (hasFiles(p)
      ? moduleStatement(
          'import',
          ['createAttachmentFiles', 'type AttachmentFilesClient'],
          '../runtime/attachments.js',
          layout,
        )
      : '');
  const verbs = resource.methods.join(', ');
  return (
    `${head}\n` +
    `${jsdoc([`Runtime metadata of \`${resource.name}\`: node names, fields and associations.`])}${renderMeta(resource, layout)}\n` +
    `${namespaceBlock(p, typesBlock(p, usesType))}\n` +
    `${jsdoc([`Client of \`/api/${resource.name}\` (${verbs}): only the methods the store allows on this resource (see \`ResourceClient\`).`])}` +
    `${clientInterface(p)}\n` +
    implementation(p)
  );
}
