/**
 * The runtime metadata literal of a resource (`<resource>Meta`): what the client runtime needs to
 * write XML bodies and decode answers, printed from the field plan. Fields and associations are
 * listed in store order, which is the order write bodies follow (the store applies them in body
 * order: a combination's `product_option_values` must come before its `images`). One field per
 * line, only the flags that are set.
 */
import type { AssociationPlan, FieldPlan, ResourcePlan } from '../../plan/index.js';
import { jsString } from '../naming.js';

function fieldLiteral(field: FieldPlan): string {
  const parts = [`name: ${jsString(field.name)}`, `kind: ${jsString(field.kind)}`];
  if (field.multilingual) parts.push('multilingual: true');
  // The store refuses the field in writes (setter false): never sent.
  if (!field.writable) parts.push('readOnly: true');
  else {
    // Stored as sent although the synopsis says read-only: a PUT must carry it back.
    if (field.serverManaged) parts.push('serverManaged: true');
    // Computed on read; writing the value read back fails or changes the record.
    if (!field.writeBack) parts.push('noWriteBack: true');
  }
  if (!field.filterable) parts.push('notFilterable: true');
  if (field.kind === 'date' && field.dateOnly) parts.push('dateOnly: true');
  return `{ ${parts.join(', ')} }`;
}

function associationLiteral(a: AssociationPlan, indent: string): string {
  const fields = a.fields.map((f) => `${indent}    ${fieldLiteral(f)},\n`);
  return `${indent}{\n${indent}  name: ${jsString(a.name)},\n${indent}  node: ${jsString(a.nodeName)},\n${indent}  fields: [\n${fields.join('')}${indent}  ],\n${indent}},\n`;
}

/** `export const productsMeta: ResourceMeta = { … };` */
export function renderMeta(resource: ResourcePlan): string {
  const fields = resource.fields.map((f) => `    ${fieldLiteral(f)},\n`);
  const associations = resource.associations.map((a) => associationLiteral(a, '    '));
  return (
    `export const ${resource.names.meta}: ResourceMeta = {\n` +
    `  name: ${jsString(resource.name)},\n` +
    `  node: ${jsString(resource.nodeName ?? resource.name)},\n` +
    `  nodes: ${jsString(resource.nodesName ?? resource.name)},\n` +
    `  fields: [\n    { name: "id", kind: "id" },\n${fields.join('')}  ],\n` +
    `  associations: [${associations.length === 0 ? '' : `\n${associations.join('')}  `}],\n` +
    (resource.extensionsKey === 'extensions' ? '' : `  extensions: ${jsString(resource.extensionsKey)},\n`) +
    (resource.quirks.length === 0 ? '' : `  quirks: [${resource.quirks.map(jsString).join(', ')}],\n`) +
    '};\n'
  );
}
