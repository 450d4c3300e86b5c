/**
 * The runtime metadata literal of a resource (`<resource>Meta`): what the client runtime needs to
 * write XML bodies and decode answers, printed from the field plan. Fields and associations are
 * listed in store order, which is the order write bodies follow (the store applies them in body
 * order: a combination's `product_option_values` must come before its `images`). One field per
 * line, only the flags that are set.
 */
import type { AssociationPlan, FieldPlan, ResourcePlan } from '../../plan/index.js';
import { statement } from '../code.js';
import {
  arrayLiteral,
  assignment,
  objectLiteral,
  property,
  type ArrayElement,
  type Doc,
  type Layout,
} from '../layout.js';
import { jsString } from '../../naming/index.js';

const TRUE = (key: string): Doc => property(key, 'true', 'literal');
const text = (key: string, value: string): Doc => property(key, jsString(value), 'string');

/** An object literal as an array element (prettier looks at how many properties it has). */
function objectElement(properties: readonly Doc[], layout: Layout, forceBreak = false): ArrayElement {
  return { doc: objectLiteral(properties, layout, forceBreak), shape: { kind: 'object', size: properties.length } };
}

function fieldLiteral(field: FieldPlan, layout: Layout, top = false): ArrayElement {
  const parts = [text('name', field.name), text('kind', field.kind)];
  // A foreign key: after a 500 without a message, the client looks the id up (see write.ts).
  if (top && field.references !== null) parts.push(text('references', field.references));
  if (field.multilingual) parts.push(TRUE('multilingual'));
  // The store refuses the field in writes (setter false): never sent.
  if (!field.writable) parts.push(TRUE('readOnly'));
  else {
    // Stored as sent although the synopsis says read-only: a PUT must carry it back.
    if (field.serverManaged) parts.push(TRUE('serverManaged'));
    // Computed on read; writing the value read back fails or changes the record.
    if (!field.writeBack) parts.push(TRUE('noWriteBack'));
    // NULL kept by the store: read as null, left out of writes (a PUT then stores NULL).
    if (field.allowNull) parts.push(TRUE('allowNull'));
    // A modifier reads it on create: a POST without it fails before saving.
    if (field.requiredOnCreate) parts.push(TRUE('createRequired'));
  }
  if (!field.filterable) parts.push(TRUE('notFilterable'));
  if (field.kind === 'date' && field.dateOnly) parts.push(TRUE('dateOnly'));
  return objectElement(parts, layout);
}

function associationLiteral(a: AssociationPlan, layout: Layout, shift: number | null): ArrayElement {
  const fields = arrayLiteral(
    a.fields.map((f) => fieldLiteral(f, layout)),
    layout,
    false,
    shift === null ? null : shift + 3,
  );
  return objectElement(
    [text('name', a.name), text('node', a.nodeName), property('fields', fields, 'group')],
    layout,
    true,
  );
}

/** `export const productsMeta: ResourceMeta = { … };` */
export function renderMeta(resource: ResourcePlan, layout: Layout): string {
  const head = `export const ${resource.names.meta}: ResourceMeta =`;
  // The literal starts on the line of its name when `… = {` fits; else prettier moves it a level in.
  const shift = head.length + 2 <= layout.printWidth ? 0 : null;
  const id = objectElement([text('name', 'id'), text('kind', 'id')], layout);
  const fields = arrayLiteral(
    [id, ...resource.fields.map((f) => fieldLiteral(f, layout, true))],
    layout,
    false,
    shift === null ? null : 1,
  );
  const associations = arrayLiteral(
    resource.associations.map((a) => associationLiteral(a, layout, shift)),
    layout,
  );
  const properties = [
    text('name', resource.name),
    text('node', resource.nodeName ?? resource.name),
    text('nodes', resource.nodesName ?? resource.name),
    property('fields', fields, 'group'),
    property('associations', associations, 'group'),
    ...(resource.extensionsKey === 'extensions' ? [] : [text('extensions', resource.extensionsKey)]),
    ...(resource.quirks.length === 0
      ? []
      : [
          property(
            'quirks',
            arrayLiteral(
              resource.quirks.map((q) => ({ doc: jsString(q) })),
              layout,
            ),
            'group',
          ),
        ]),
    // The change feed the plan chose (absent: an id feed).
    ...(resource.methods.includes('GET') && resource.changeFeed === 'date' ? [text('feed', 'date')] : []),
  ];
  const literal = objectLiteral(properties, layout, true);
  return statement(assignment(head, literal, ';'), 0, layout);
}
