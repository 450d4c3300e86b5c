// Synthetic stores for the scale scenario, made from the recorded 8.2.0 fixture store: every
// resource of the original (with a few extra fields in each synopsis), plus renamed copies of the
// first resources until the store has the wanted count. Each store differs (its own prefix, its own
// extra fields), so no two generate the same code. Written to a temporary directory at bench time;
// nothing here is committed.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Formats cycled through by the extra fields (PrestaShop Validate rules the emitters know). */
const EXTRA_FORMATS = [
  ['isGenericName', 'maxSize="64"'],
  ['isUnsignedInt', ''],
  ['isBool', ''],
  ['isPrice', ''],
  ['isDate', ''],
  ['isCleanHtml', 'maxSize="4194303"'],
  ['isReference', 'maxSize="64"'],
  ['isEmail', 'maxSize="255"'],
];

/** The first element inside `<prestashop>`: the resource's node name in a synopsis or list. */
function rootNode(xml) {
  return /<prestashop\b[^>]*>\s*<([A-Za-z_][\w.-]*)/.exec(xml)?.[1] ?? null;
}

/** Renames the element `from` to `to` (opening, closing and self-closing tags). */
function renameElement(xml, from, to) {
  return xml.replace(new RegExp(`<(/?)${from}(?=[\\s>/])`, 'g'), `<$1${to}`);
}

/** `count` extra top-level fields for store `store`, as XML synopsis elements. */
function extraFieldsXml(store, count) {
  let out = '';
  for (let j = 0; j < count; j++) {
    const [format, size] = EXTRA_FORMATS[(store + j) % EXTRA_FORMATS.length];
    const required = (store + j) % 4 === 0 ? ' required="true"' : '';
    out += `\t<x${store}_custom_${j}${required} ${size} format="${format}"><![CDATA[]]></x${store}_custom_${j}>\n`;
  }
  return out;
}

/** Adds extra fields to an XML synopsis, before its associations (or at the end of the resource). */
function withExtraFields(xml, node, store, count) {
  const extra = extraFieldsXml(store, count);
  const at = xml.indexOf('<associations>');
  if (at >= 0) return `${xml.slice(0, at)}${extra}${xml.slice(at)}`;
  const close = xml.lastIndexOf(`</${node}>`);
  return close < 0 ? xml : `${xml.slice(0, close)}${extra}${xml.slice(close)}`;
}

/**
 * Writes store number `store` (0-based) with `resources` resources into `dir`, made from the
 * fixture directory `source`. Returns what it made.
 */
export async function writeSyntheticStore(source, dir, { store, resources: wanted, extraFields = 4 }) {
  await cp(source, dir, { recursive: true });
  const resourcesJson = JSON.parse(await readFile(join(source, 'resources.json'), 'utf8'));
  const responsesJson = JSON.parse(await readFile(join(source, 'responses.json'), 'utf8'));
  let apiIndex = await readFile(join(source, 'api-index.xml'), 'utf8');
  const answers = responsesJson.responses;
  const read = (file) => readFile(join(source, file), 'utf8');

  // Every resource with an XML synopsis that describes fields gets the store's extra fields.
  const withSynopsis = [];
  for (const r of resourcesJson.resources) {
    const rec = answers[`synopsis/${r.name}.XML`];
    if (rec === undefined || rec.status !== 200 || rec.file === null) continue;
    const xml = await read(rec.file);
    const node = rootNode(xml);
    if (node === null || !xml.includes('format=')) continue; // images: a listing, not a schema
    withSynopsis.push(r.name);
    await writeFile(join(dir, rec.file), withExtraFields(xml, node, store, extraFields + (store % 3)));
  }

  // Renamed copies of the first resources until the store has `wanted` of them.
  const copies = Math.max(0, wanted - resourcesJson.resources.length);
  if (copies > withSynopsis.length)
    throw new Error(`cannot make ${copies} copies from ${withSynopsis.length} resources`);
  const prefix = `s${store}_`;
  for (const name of withSynopsis.slice(0, copies)) {
    const copy = `${prefix}${name}`;
    const original = resourcesJson.resources.find((r) => r.name === name);
    const synopsisXml = await readFile(join(dir, answers[`synopsis/${name}.XML`].file), 'utf8');
    const node = rootNode(synopsisXml);
    const listXml = await read(answers[`list/${name}.XML`].file);
    const nodes = rootNode(listXml);
    const renamed = {
      'synopsis/XML': renameElement(synopsisXml, node, `${prefix}${node}`),
      'list/XML': renameElement(listXml, nodes, `${prefix}${nodes}`),
    };
    for (const kind of ['synopsis', 'list', 'blank']) {
      for (const format of ['XML', 'JSON']) {
        const rec = answers[`${kind}/${name}.${format}`];
        if (rec === undefined) continue;
        const file = rec.file === null ? null : `${kind}/${copy}.${format.toLowerCase()}`;
        if (file !== null) {
          let body = renamed[`${kind}/${format}`] ?? (await read(rec.file));
          if (format === 'JSON')
            body = body.replace(`{"${node}":`, `{"${prefix}${node}":`).replace(`{"${nodes}":`, `{"${prefix}${nodes}":`);
          if (kind === 'blank' && format === 'XML') body = renameElement(body, node, `${prefix}${node}`);
          await writeFile(join(dir, file), body);
        }
        answers[`${kind}/${copy}.${format}`] = { ...rec, path: `/api/${copy}`, file };
      }
    }
    resourcesJson.resources.push({
      ...original,
      name: copy,
      description: `${original.description} (store ${store} copy)`,
      objectNodeName: `${prefix}${node}`,
      objectsNodeName: `${prefix}${nodes}`,
    });
    // The listing entry: the original's block with the resource name replaced.
    const block = new RegExp(`<${name} xlink:href="[^"]*/api/${name}"[\\s\\S]*?</${name}>\\n`).exec(apiIndex)?.[0];
    if (block === undefined) throw new Error(`${name}: not in api-index.xml`);
    const copied = block
      .split(`/api/${name}`)
      .join(`/api/${copy}`)
      .replace(`<${name} `, `<${copy} `)
      .replace(`</${name}>`, `</${copy}>`);
    apiIndex = apiIndex.replace('</api>', `${copied}</api>`);
  }
  resourcesJson.resource_count = resourcesJson.resources.length;
  await writeFile(join(dir, 'resources.json'), JSON.stringify(resourcesJson));
  await writeFile(join(dir, 'responses.json'), JSON.stringify(responsesJson));
  await writeFile(join(dir, 'api-index.xml'), apiIndex);
  return { dir, resources: resourcesJson.resources.length, copies, extraFields: extraFields + (store % 3) };
}
