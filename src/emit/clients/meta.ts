/**
 * The runtime metadata literal of a resource (`<resource>Meta`): what the client runtime needs to
 * write XML bodies and decode answers. One field per line, only the flags that are set.
 */
import { compareCodeUnits, fieldKind, type Association, type Field, type Resource } from '../../model/index.js';
import { ASSOCIATIONS_KEY, extensionsKey, jsString } from '../naming.js';

/** Formats whose value is a date without a time (the types emitter types them `PsDate`). */
const DATE_ONLY_FORMATS = new Set(['isbirthdate', 'isdateformat']);

const byName = <T extends { readonly name: string }>(a: T, b: T): number => compareCodeUnits(a.name, b.name);

/** The fields the client handles at the top level: `id` first, then the others by name (never `associations`). */
export function clientFields(resource: Resource): Field[] {
  return [...resource.fields].filter((f) => f.name !== 'id' && f.name !== ASSOCIATIONS_KEY).sort(byName);
}

function fieldLiteral(field: Field, kindOverride: string | null = null): string {
  const parts = [`name: ${jsString(field.name)}`, `kind: ${jsString(kindOverride ?? fieldKind(field))}`];
  if (field.multilingual) parts.push('multilingual: true');
  if (field.readOnly) parts.push('readOnly: true');
  if (!field.filterable) parts.push('notFilterable: true');
  if ((field.format ?? '').split(/\s+/).some((f) => DATE_ONLY_FORMATS.has(f.toLowerCase()))) parts.push('dateOnly: true');
  return `{ ${parts.join(', ')} }`;
}

function associationLiteral(a: Association, indent: string): string {
  const fields = [...a.fields].sort(byName).map((f) => `${indent}    ${fieldLiteral(f, f.name === 'id' ? 'id' : null)},\n`);
  return `${indent}{\n${indent}  name: ${jsString(a.name)},\n${indent}  node: ${jsString(a.nodeName)},\n${indent}  fields: [\n${fields.join('')}${indent}  ],\n${indent}},\n`;
}

/** `export const productsMeta: ResourceMeta = { … };` */
export function renderMeta(resource: Resource, metaName: string): string {
  const fields = clientFields(resource).map((f) => `    ${fieldLiteral(f)},\n`);
  const associations = [...resource.associations].sort(byName).map((a) => associationLiteral(a, '    '));
  const extensions = extensionsKey(resource.fields.map((f) => f.name));
  return (
    `export const ${metaName}: ResourceMeta = {\n` +
    `  name: ${jsString(resource.name)},\n` +
    `  node: ${jsString(resource.nodeName ?? resource.name)},\n` +
    `  nodes: ${jsString(resource.nodesName ?? resource.name)},\n` +
    `  fields: [\n    { name: "id", kind: "id" },\n${fields.join('')}  ],\n` +
    `  associations: [${associations.length === 0 ? '' : `\n${associations.join('')}  `}],\n` +
    (extensions === 'extensions' ? '' : `  extensions: ${jsString(extensions)},\n`) +
    '};\n'
  );
}
