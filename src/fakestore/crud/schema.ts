/**
 * `?schema=blank|synopsis` and the `/api` listing entry of a resource the recorded fixtures lack
 * (a module resource, a resource of another release), rendered from the model the way
 * `WebserviceOutputBuilder` does for the recorded ones (fixtures/prestashop-8.2.0/blank and
 * synopsis): every field with an empty CDATA, languages per store language, associations with one
 * empty entry; the synopsis adds `required`, `maxSize`, `format` and `readOnly`. In JSON, 8.x and
 * 9.0 drop every empty value (`{"order_history":[]}`, as recorded); 1.7.8 keeps each field as "".
 */
import type { CrudField, CrudResource } from './model.js';
import type { CrudGeneration } from './render.js';
import { cdata, XML_HEAD, XML_TAIL, type WireFormat } from '../wire.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function attributes(field: CrudField, synopsis: boolean): string {
  if (!synopsis) return '';
  let out = '';
  if (field.required) out += ' required="true"';
  if (field.maxSize !== null) out += ` maxSize="${field.maxSize}"`;
  if (field.format !== null) out += ` format="${esc(field.format)}"`;
  if (field.readOnly) out += ' readOnly="true"';
  if (!field.filterable) out += ' notFilterable="true"';
  return out;
}

export function renderSchema(
  def: CrudResource,
  kind: 'blank' | 'synopsis',
  format: WireFormat,
  languages: readonly number[],
  wsUrl: string,
  generation: CrudGeneration,
): string {
  const synopsis = kind === 'synopsis';
  if (format === 'JSON') {
    if (generation !== '1.7') return JSON.stringify({ [def.node]: [] });
    const fields = Object.fromEntries(def.fields.map((f) => [f.name, '']));
    return JSON.stringify({ [def.node]: fields });
  }
  let out = `${XML_HEAD}<${def.node}>\n`;
  for (const f of def.fields) {
    if (synopsis && f.name === 'id') continue;
    const inner = f.multilingual
      ? languages
          .map(
            (l) =>
              `<language id="${l}"${synopsis ? ` xlink:href="${esc(`${wsUrl}languages/${l}`)}" format="isUnsignedId" ` : ''}>${cdata('')}</language>`,
          )
          .join('')
      : cdata('');
    out += `\t<${f.name}${attributes(f, synopsis)}>${inner}</${f.name}>\n`;
  }
  if (def.associations.length > 0) {
    out += '<associations>\n';
    for (const a of def.associations) {
      out += `<${a.name}>\n\t<${a.node}>\n`;
      for (const f of a.fields) out += `\t<${f.name}${attributes(f, synopsis)}>${cdata('')}</${f.name}>\n`;
      out += `\t</${a.node}>\n</${a.name}>\n`;
    }
    out += '</associations>\n';
  }
  return `${out}</${def.node}>\n${XML_TAIL}`;
}

/** A resource's block of the `/api` listing (flags rewritten per key by `listingForKey`). */
function apiIndexEntry(name: string, description: string, wsUrl: string): string {
  const flags = 'get="true" put="true" post="true" patch="true" delete="true" head="true"';
  const href = `${wsUrl}/${name}`;
  return (
    `<${name} xlink:href="${esc(href)}" ${flags}>\n<description xlink:href="${esc(href)}" ${flags}>\n${esc(description)}</description>\n` +
    `<schema xlink:href="${esc(href)}?schema=blank" type="blank"/>\n<schema xlink:href="${esc(href)}?schema=synopsis" type="synopsis"/>\n</${name}>\n`
  );
}

/**
 * The recorded `/api` listing with a block for each resource it lacks, in name order: the store
 * `ksort()`s its resource list, module resources included (`WebserviceRequest::getResources`).
 */
export function withIndexEntries(apiIndex: string, names: readonly string[], wsUrl: string): string {
  let out = apiIndex;
  for (const name of [...names].sort()) {
    const entry = apiIndexEntry(name, `The ${name}`, wsUrl);
    const blocks = [...out.matchAll(/^<([A-Za-z0-9_]+) xlink:href=/gm)].filter(
      (m) => m[1] !== 'description' && m[1] !== 'schema',
    );
    const next = blocks.find((m) => m[1]! > name);
    const at = next?.index ?? out.indexOf('</api>');
    out = at < 0 ? out : out.slice(0, at) + entry + out.slice(at);
  }
  return out;
}
