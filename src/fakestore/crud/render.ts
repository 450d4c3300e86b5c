/**
 * How the CRUD fake store renders items, the way `WebserviceOutputXML` / `WebserviceOutputJSON`
 * do (8.2.0 classes/webservice/): CDATA everywhere, `xlink:href` on non-zero references, `notFilterable` on
 * fields with a getter, `<language id>` children; in JSON the single-language collapse, omitted
 * empty associations, `[]` for an empty list, the 8.x/9.0 falsy filter on the item form, and the
 * switch to the (unfiltered) list form when the query has a `display` parameter.
 */
import type { CrudField, CrudResource } from './model.js';
import type { DisplaySpec, StoredItem } from './query.js';
import { cdata, XML_HEAD, XML_TAIL } from '../wire.js';

export type CrudGeneration = '1.7' | '8.x' | '9.0';

export interface RenderContext {
  /** `http://127.0.0.1:port/api/` */
  readonly wsUrl: string;
  readonly generation: CrudGeneration;
  /** Languages to render multilingual fields in. */
  readonly languages: readonly number[];
}

function attr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

function shown(field: CrudField, display: DisplaySpec): boolean {
  return display.kind === 'full' || (display.kind === 'fields' && display.fields.has(field.name));
}

function scalar(item: StoredItem, field: CrudField): string {
  return field.name === 'id' ? String(item.id) : (item.values.get(field.name) ?? '');
}

// ---------------------------------------------------------------------------------------------
// XML

function xmlField(item: StoredItem, field: CrudField, ctx: RenderContext): string {
  if (field.multilingual) {
    const langs = item.langs.get(field.name);
    const inner = ctx.languages
      .map(
        (l) =>
          `<language id="${l}" xlink:href="${attr(`${ctx.wsUrl}languages/${l}`)}">${cdata(langs?.get(l) ?? '')}</language>`,
      )
      .join('');
    return `\t<${field.name}>${inner}</${field.name}>\n`;
  }
  const value = scalar(item, field);
  let attrs = '';
  if (field.references !== null && value !== '' && value !== '0')
    attrs += ` xlink:href="${attr(`${ctx.wsUrl}${field.references}/${value}`)}"`;
  if (!field.filterable) attrs += ' notFilterable="true"';
  return `\t<${field.name}${attrs}>${cdata(value)}</${field.name}>\n`;
}

function xmlAssociations(resource: CrudResource, item: StoredItem, display: DisplaySpec, ctx: RenderContext): string {
  const wanted = resource.associations.filter(
    (a) => display.kind === 'full' || (display.kind === 'fields' && display.associations.has(a.name)),
  );
  if (wanted.length === 0) return '';
  let out = '<associations>\n';
  for (const a of wanted) {
    const list = item.associations.get(a.name) ?? [];
    const head = `<${a.name} nodeType="${a.node}"${a.resource === null ? ' virtualEntity="true"' : ` api="${a.resource}"`}`;
    if (list.length === 0) {
      out += `${head}/>\n`;
      continue;
    }
    const subs = display.kind === 'fields' ? display.associations.get(a.name)! : a.fields.map((f) => f.name);
    out += `${head}>\n`;
    for (const entry of list) {
      const href = a.resource === null ? '' : ` xlink:href="${attr(`${ctx.wsUrl}${a.resource}/${entry['id'] ?? ''}`)}"`;
      out += `\t<${a.node}${href}>\n`;
      for (const f of a.fields)
        if (subs.includes(f.name)) out += `\t<${f.name}>${cdata(entry[f.name] ?? '')}</${f.name}>\n`;
      out += `\t</${a.node}>\n`;
    }
    out += `</${a.name}>\n`;
  }
  return `${out}</associations>\n`;
}

function xmlItem(resource: CrudResource, item: StoredItem, display: DisplaySpec, ctx: RenderContext): string {
  let out = `<${resource.node}>\n`;
  for (const f of resource.fields) if (shown(f, display)) out += xmlField(item, f, ctx);
  out += xmlAssociations(resource, item, display, ctx);
  return `${out}</${resource.node}>\n`;
}

/** A list: ids only (`minimum`) or full / selected items. */
export function xmlList(
  resource: CrudResource,
  items: readonly StoredItem[],
  display: DisplaySpec,
  ctx: RenderContext,
): string {
  let out = `${XML_HEAD}<${resource.nodes}>\n`;
  for (const item of items) {
    out +=
      display.kind === 'minimum'
        ? `<${resource.node} id="${item.id}" xlink:href="${attr(`${ctx.wsUrl}${resource.nodes}/${item.id}`)}"/>\n`
        : xmlItem(resource, item, display, ctx);
  }
  return `${out}</${resource.nodes}>\n${XML_TAIL}`;
}

/** One or more items in the item form (a GET by id, a write answer). */
export function xmlItems(
  resource: CrudResource,
  items: readonly StoredItem[],
  display: DisplaySpec,
  ctx: RenderContext,
): string {
  return `${XML_HEAD}${items.map((item) => xmlItem(resource, item, display, ctx)).join('')}${XML_TAIL}`;
}

// ---------------------------------------------------------------------------------------------
// JSON

/** A JSON scalar as the generation's database driver gives it. */
function jsonScalar(field: CrudField, value: string, ctx: RenderContext, own = true): string | number {
  // The item's own id is cast to int; association ids come from the database like other columns.
  if (own && field.name === 'id') return Number(value);
  // 9.0 (no STRINGIFY_FETCHES): integer columns come back as numbers; booleans are strval'ed again.
  if (ctx.generation === '9.0' && (field.kind === 'id' || field.kind === 'int') && /^-?\d+$/.test(value))
    return Number(value);
  return value;
}

function jsonItem(
  resource: CrudResource,
  item: StoredItem,
  display: DisplaySpec,
  ctx: RenderContext,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of resource.fields) {
    if (!shown(f, display)) continue;
    if (f.multilingual) {
      const langs = item.langs.get(f.name);
      const entries = ctx.languages.map((l) => ({
        id: ctx.generation === '9.0' ? l : String(l),
        value: langs?.get(l) ?? '',
      }));
      out[f.name] = entries.length === 1 ? entries[0]!.value : entries;
    } else {
      out[f.name] = jsonScalar(f, scalar(item, f), ctx);
    }
  }
  const assoc: Record<string, unknown> = {};
  for (const a of resource.associations) {
    if (!(display.kind === 'full' || (display.kind === 'fields' && display.associations.has(a.name)))) continue;
    const list = item.associations.get(a.name) ?? [];
    if (list.length === 0) continue; // empty associations are omitted in JSON
    const subs = display.kind === 'fields' ? display.associations.get(a.name)! : a.fields.map((f) => f.name);
    assoc[a.name] = list.map((entry) =>
      Object.fromEntries(
        a.fields
          .filter((f) => subs.includes(f.name))
          .map((f) => [f.name, jsonScalar(f, entry[f.name] ?? '', ctx, false)]),
      ),
    );
  }
  if (Object.keys(assoc).length > 0) out['associations'] = assoc;
  return out;
}

/** PHP's `array_filter` without callback: drops `"0"`, `0`, `""`, `null`, `[]` and `false`. */
function falsyFiltered(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).filter(
      ([, v]) =>
        !(v === '0' || v === 0 || v === '' || v === null || v === false || (Array.isArray(v) && v.length === 0)),
    ),
  );
}

/** PHP's `json_encode(…, JSON_UNESCAPED_UNICODE)`: slashes escaped. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value).replace(/\//g, '\\/');
}

export function jsonList(
  resource: CrudResource,
  items: readonly StoredItem[],
  display: DisplaySpec,
  ctx: RenderContext,
): string {
  if (items.length === 0) return '[]';
  const list = items.map((item) =>
    display.kind === 'minimum' ? { id: item.id } : jsonItem(resource, item, display, ctx),
  );
  return phpJson({ [resource.nodes]: list });
}

/**
 * Items in the item form. With a `display` parameter in the query the JSON renderer switches to the
 * list form (not falsy-filtered); otherwise 8.x/9.0 filter falsy fields out, and only the last
 * item of a multi-item write survives.
 */
export function jsonItems(
  resource: CrudResource,
  items: readonly StoredItem[],
  display: DisplaySpec,
  ctx: RenderContext,
  hasDisplayParam: boolean,
): string {
  if (hasDisplayParam)
    return phpJson({ [resource.nodes]: items.map((item) => jsonItem(resource, item, display, ctx)) });
  const last = items[items.length - 1];
  if (last === undefined) return '[]';
  const item = jsonItem(resource, last, display, ctx);
  return phpJson({ [resource.node]: ctx.generation === '1.7' ? item : falsyFiltered(item) });
}
