/**
 * Which generated declarations a schema change is about: for each breaking or dangerous change,
 * the types, properties, client members and functions whose uses in the user's code it affects.
 * Pure: names come from the naming module, exactly as the emitters chose them for the old snapshot.
 *
 * A target is a top-level declaration of the generated code (`name`, unique across it: the name
 * table guarantees that) and a path of members inside it (`['associations', 'categories', 'id']`),
 * empty for the declaration itself. `Foo.Bar` names a declaration `Bar` inside namespace `Foo`.
 */
import type { Change } from '../diff/index.js';
import { NameTable } from '../naming/index.js';
import type { HttpMethod, StoreSchema } from '../model/index.js';

export interface Target {
  /** Declaration name: `Product`, `ProductsClient`, `ProductsClient.Filter`, `PrestaShopClient`, `validateProductInput`. */
  readonly name: string;
  /** Member path inside it; empty for the declaration itself. */
  readonly members: readonly string[];
  /** With an empty `members`: also every member of the declaration (a removed client's methods). */
  readonly withMembers: boolean;
}

/** `Product.meta_keywords`, `PrestaShopClient.supply_orders`, `SupplyOrder`. */
export function targetLabel(t: Target): string {
  return [t.name, ...t.members].join('.');
}

/** The client members each HTTP method is used through (src/emit/clients). */
const METHOD_MEMBERS: Readonly<Record<HttpMethod, readonly string[]>> = {
  GET: ['list', 'listAll', 'get'],
  HEAD: ['head'],
  POST: ['create'],
  PUT: ['update'],
  PATCH: ['patch'],
  DELETE: ['delete'],
};

const member = (name: string, ...members: string[]): Target => ({ name, members, withMembers: false });

/** The generated declarations of one resource, as the emitters name them. */
function resourceDeclarations(names: NameTable, resource: string): Target[] {
  const n = names.of(resource);
  return [
    { name: n.type, members: [], withMembers: false },
    { name: n.input, members: [], withMembers: false },
    { name: n.patch, members: [], withMembers: false },
    { name: n.client, members: [], withMembers: true },
    { name: `create${n.client}`, members: [], withMembers: false },
    { name: n.validateInput, members: [], withMembers: false },
    { name: n.validatePatch, members: [], withMembers: false },
    { name: n.meta, members: [], withMembers: false },
    member('PrestaShopClient', resource),
  ];
}

/**
 * The targets of one change. Read-only changes point at the read type (and the list filter), write
 * changes at the input type (a patch is `Partial` of it, so its uses resolve to the same members).
 */
export function changeTargets(change: Change, names: NameTable): Target[] {
  if (!names.has(change.resource)) return [];
  const n = names.of(change.resource);
  if (change.association === null && change.field === null && change.method === null) {
    // A resource-level change: removal, node names, synopsis source.
    return change.id === 'resource-removed' ? resourceDeclarations(names, change.resource) : [];
  }
  if (change.method !== null) {
    return METHOD_MEMBERS[change.method].map((m) => member(n.client, m));
  }
  if (change.association === null && (change.id === 'required-field-added' || change.id === 'field-became-required')) {
    // What is affected is every write that does not send the field: the input type's uses and the writes.
    return [{ name: n.input, members: [], withMembers: false }, member(n.client, 'create'), member(n.client, 'update')];
  }
  const reads = change.direction !== 'write';
  const writes = change.direction !== 'read';
  const path =
    change.association === null
      ? [change.field!]
      : ['associations', change.association, ...(change.field === null ? [] : [change.field])];
  const targets: Target[] = [];
  if (reads) targets.push(member(n.type, ...path));
  if (writes) targets.push(member(n.input, ...path));
  if (reads && change.association === null) targets.push(member(`${n.client}.Filter`, change.field!));
  return targets;
}

/** Every name a change's targets use, for mapping a compiler message back to the change. */
export function targetWords(change: Change, names: NameTable): string[] {
  const words = new Set<string>();
  for (const t of changeTargets(change, names)) {
    const last = t.members.at(-1);
    if (last !== undefined) words.add(last);
    else words.add(t.name.split('.').at(-1)!);
  }
  if (change.field !== null) words.add(change.field);
  return [...words];
}

/** The changes impact looks at: breaking and dangerous ones. */
export function impactChanges(changes: readonly Change[]): Change[] {
  return changes.filter((c) => c.severity !== 'safe');
}

export function namesOf(schema: StoreSchema): NameTable {
  return NameTable.forSchema(schema);
}
