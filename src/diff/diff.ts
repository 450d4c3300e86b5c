/**
 * `diff(old, new)`: every difference between two store schemas, classified by the rule table.
 * Pure: no I/O, no clock; the inputs are only read. Items are paired by name (renames show as a
 * removal plus an addition); an item added or removed is one change, not one per property.
 */
import {
  compareCodeUnits,
  fieldKind,
  HTTP_METHODS,
  type Association,
  type Field,
  type FieldKind,
  type HttpMethod,
  type Resource,
  type StoreSchema,
} from '../model/index.js';
import { originClassifier, type Baselines, type OriginOf } from './origin.js';
import { RULES, ruleDirection, type CheckId } from './rules.js';
import type { Change, ChangeKind, ChangeProperty, ChangeValue } from './types.js';

export interface DiffOptions {
  /** Core baselines for the sides' versions; they let the diff tell module items from core ones. */
  readonly baselines?: Baselines;
}

interface Location {
  readonly resource: string;
  readonly method: HttpMethod | null;
  readonly association: string | null;
  readonly field: string | null;
}

/** The path of a location: `res`, `res:GET`, `res.field`, `res@assoc`, `res@assoc.field`. */
export function changePath(loc: Location): string {
  let p = loc.resource;
  if (loc.method !== null) p += `:${loc.method}`;
  if (loc.association !== null) p += `@${loc.association}`;
  if (loc.field !== null) p += `.${loc.field}`;
  return p;
}

const show = (v: ChangeValue): string => (v === null ? 'null' : String(v));

/** What changed, without the path: `maxSize 128 → 64`, `field removed`, `method added`. */
export function changeSummary(c: Pick<Change, 'id' | 'kind' | 'property' | 'before' | 'after'>): string {
  if (c.property === 'methods') return `method ${c.kind}`;
  if (c.kind === 'changed') return `${c.property ?? ''} ${show(c.before)} → ${show(c.after)}`;
  switch (c.id) {
    case 'required-field-added':
      return 'required field added';
    case 'read-only-field-removed':
      return 'read-only field removed';
    case 'resource-added':
    case 'resource-removed':
      return `resource ${c.kind}`;
    case 'association-added':
    case 'association-removed':
      return `association ${c.kind}`;
    default:
      return `field ${c.kind}`;
  }
}

class Collector {
  readonly changes: Change[] = [];
  constructor(private readonly origin: OriginOf) {}

  add(
    id: CheckId,
    loc: Location,
    kind: ChangeKind,
    property: ChangeProperty | null,
    before: ChangeValue,
    after: ChangeValue,
  ): void {
    const rule = RULES[id];
    const path = changePath(loc);
    const partial = { id, kind, property, before, after };
    this.changes.push({
      id,
      path,
      resource: loc.resource,
      method: loc.method,
      association: loc.association,
      field: loc.field,
      kind,
      property,
      before,
      after,
      severity: rule.severity,
      direction: ruleDirection(id, loc.method),
      message: `${path}: ${changeSummary(partial)}`,
      reason: rule.reason,
      // A method coming or going says nothing about where the resource comes from.
      origin: this.origin(loc, property === 'methods' ? 'changed' : kind),
    });
  }

  /** A `changed` record when the two values differ. */
  prop(id: CheckId, loc: Location, property: ChangeProperty, before: ChangeValue, after: ChangeValue): void {
    if (before !== after) this.add(id, loc, 'changed', property, before, after);
  }
}

/** Pairs two lists by name, in code-unit order of the names. */
function pairByName<T extends { readonly name: string }>(
  a: readonly T[],
  b: readonly T[],
): [string, T | undefined, T | undefined][] {
  const left = new Map(a.map((x) => [x.name, x]));
  const right = new Map(b.map((x) => [x.name, x]));
  const names = [...new Set([...left.keys(), ...right.keys()])].sort(compareCodeUnits);
  return names.map((n) => [n, left.get(n), right.get(n)]);
}

/** Kinds that travel the same way on the wire; a move between classes changes the value's type. */
function valueClass(kind: FieldKind): string {
  switch (kind) {
    case 'id':
    case 'int':
      return 'integer';
    case 'decimal':
    case 'bool':
    case 'date':
      return kind;
    case 'html':
    case 'string':
    case 'unknown':
      return 'string';
  }
}

function diffFieldProps(out: Collector, loc: Location, a: Field, b: Field): void {
  out.prop(b.required ? 'field-became-required' : 'field-became-optional', loc, 'required', a.required, b.required);
  if (a.maxSize !== b.maxSize) {
    const id: CheckId =
      a.maxSize === null
        ? 'field-max-size-added'
        : b.maxSize === null
          ? 'field-max-size-removed'
          : b.maxSize < a.maxSize
            ? 'field-max-size-decreased'
            : 'field-max-size-increased';
    out.add(id, loc, 'changed', 'maxSize', a.maxSize, b.maxSize);
  }
  // A change of value class is reported once: on `format` when it changed, else on `inputType`.
  const typeChanged = valueClass(fieldKind(a)) !== valueClass(fieldKind(b));
  if (a.format !== b.format) {
    const id: CheckId = typeChanged
      ? 'field-type-changed'
      : a.format === null
        ? 'field-format-added'
        : b.format === null
          ? 'field-format-removed'
          : 'field-format-changed';
    out.add(id, loc, 'changed', 'format', a.format, b.format);
  }
  if (a.inputType !== b.inputType) {
    const id: CheckId = typeChanged && a.format === b.format ? 'field-type-changed' : 'field-input-type-changed';
    out.add(id, loc, 'changed', 'inputType', a.inputType, b.inputType);
  }
  out.prop('field-multilingual-changed', loc, 'multilingual', a.multilingual, b.multilingual);
  out.prop(b.readOnly ? 'field-became-read-only' : 'field-became-writable', loc, 'readOnly', a.readOnly, b.readOnly);
  out.prop(
    b.filterable ? 'field-became-filterable' : 'field-no-longer-filterable',
    loc,
    'filterable',
    a.filterable,
    b.filterable,
  );
  if (a.references !== b.references) {
    const id: CheckId =
      a.references === null
        ? 'field-references-added'
        : b.references === null
          ? 'field-references-removed'
          : 'field-references-changed';
    out.add(id, loc, 'changed', 'references', a.references, b.references);
  }
  diffCatalogProps(out, loc, a, b, typeChanged);
}

/** `a, b, c` for a list of allowed values (null: any value). */
function valuesText(values: readonly string[] | null): string | null {
  return values === null ? null : values.map((v) => (v === '' ? '""' : v)).join(', ');
}

/** What the store-behaviour catalog says of a field: its PHP type, allowed values and write behaviour. */
function diffCatalogProps(out: Collector, loc: Location, a: Field, b: Field, typeChanged: boolean): void {
  // Only where both sides had a catalog entry applied: a snapshot without one (version 1, a store of
  // another generation, a customised field) says nothing about these properties.
  if (a.origin !== 'catalog' || b.origin !== 'catalog') return;
  // A PHP type change matters when nothing else explains a change of value kind.
  if (a.type !== b.type && typeChanged && a.format === b.format && a.inputType === b.inputType) {
    out.add('field-php-type-changed', loc, 'changed', 'type', a.type, b.type);
  }
  const va = valuesText(a.values);
  const vb = valuesText(b.values);
  if (va !== vb) {
    const lost =
      a.values === null ? b.values !== null : b.values !== null && a.values.some((v) => !b.values!.includes(v));
    out.add(lost ? 'field-values-restricted' : 'field-values-extended', loc, 'changed', 'values', va, vb);
  }
  if (a.write !== b.write) {
    out.add(
      b.write === 'refused' ? 'field-write-refused' : 'field-write-changed',
      loc,
      'changed',
      'write',
      a.write,
      b.write,
    );
  }
}

function diffFields(out: Collector, owner: Location, a: readonly Field[], b: readonly Field[]): void {
  for (const [name, fa, fb] of pairByName(a, b)) {
    const loc: Location = { ...owner, field: name };
    if (fa === undefined && fb !== undefined) {
      out.add(fb.required && !fb.readOnly ? 'required-field-added' : 'field-added', loc, 'added', null, null, name);
    } else if (fa !== undefined && fb === undefined) {
      out.add(fa.readOnly ? 'read-only-field-removed' : 'field-removed', loc, 'removed', null, name, null);
    } else if (fa !== undefined && fb !== undefined) {
      diffFieldProps(out, loc, fa, fb);
    }
  }
}

function diffAssociations(
  out: Collector,
  resource: string,
  a: readonly Association[],
  b: readonly Association[],
): void {
  for (const [name, aa, ab] of pairByName(a, b)) {
    const loc: Location = { resource, method: null, association: name, field: null };
    if (aa === undefined) {
      out.add('association-added', loc, 'added', null, null, name);
    } else if (ab === undefined) {
      out.add('association-removed', loc, 'removed', null, name, null);
    } else {
      out.prop('association-target-changed', loc, 'resource', aa.resource, ab.resource);
      out.prop('association-node-name-changed', loc, 'nodeName', aa.nodeName, ab.nodeName);
      out.prop('association-virtual-changed', loc, 'virtual', aa.virtual, ab.virtual);
      diffFields(out, loc, aa.fields, ab.fields);
    }
  }
}

function diffResource(out: Collector, a: Resource, b: Resource): void {
  const loc: Location = { resource: a.name, method: null, association: null, field: null };
  out.prop('resource-description-changed', loc, 'description', a.description, b.description);
  out.prop('resource-node-name-changed', loc, 'nodeName', a.nodeName, b.nodeName);
  out.prop('resource-list-node-name-changed', loc, 'nodesName', a.nodesName, b.nodesName);
  out.prop('resource-synopsis-changed', loc, 'synopsis', a.synopsis.source, b.synopsis.source);
  const before = new Set(a.methods);
  const after = new Set(b.methods);
  for (const m of HTTP_METHODS) {
    const mloc: Location = { ...loc, method: m };
    if (before.has(m) && !after.has(m)) out.add('method-removed', mloc, 'removed', 'methods', m, null);
    if (!before.has(m) && after.has(m)) out.add('method-added', mloc, 'added', 'methods', null, m);
  }
  diffFields(out, loc, a.fields, b.fields);
  diffAssociations(out, a.name, a.associations, b.associations);
}

const PROPERTY_ORDER: readonly (ChangeProperty | null)[] = [
  null,
  'description',
  'nodeName',
  'nodesName',
  'synopsis',
  'methods',
  'resource',
  'virtual',
  'required',
  'maxSize',
  'format',
  'inputType',
  'multilingual',
  'readOnly',
  'filterable',
  'references',
  'type',
  'values',
  'write',
];

/**
 * The order of changes: by resource; within one, resource properties, then methods (in HTTP_METHODS
 * order), then fields, then associations each followed by its fields; then by property.
 */
export function compareChanges(x: Change, y: Change): number {
  const scope = (c: Change): number => (c.method !== null ? 1 : c.association !== null ? 3 : c.field !== null ? 2 : 0);
  return (
    compareCodeUnits(x.resource, y.resource) ||
    scope(x) - scope(y) ||
    (x.method === null || y.method === null ? 0 : HTTP_METHODS.indexOf(x.method) - HTTP_METHODS.indexOf(y.method)) ||
    compareCodeUnits(x.association ?? '', y.association ?? '') ||
    compareCodeUnits(x.field ?? '', y.field ?? '') ||
    PROPERTY_ORDER.indexOf(x.property) - PROPERTY_ORDER.indexOf(y.property) ||
    compareCodeUnits(x.id, y.id)
  );
}

/** Every change from `old` to `next`, sorted (see `compareChanges`). Neither input is modified. */
export function diff(old: StoreSchema, next: StoreSchema, options: DiffOptions = {}): Change[] {
  const out = new Collector(originClassifier(old, next, options.baselines));
  for (const [name, ra, rb] of pairByName(old.resources, next.resources)) {
    const loc: Location = { resource: name, method: null, association: null, field: null };
    if (ra === undefined) out.add('resource-added', loc, 'added', null, null, name);
    else if (rb === undefined) out.add('resource-removed', loc, 'removed', null, name, null);
    else diffResource(out, ra, rb);
  }
  return out.changes.sort(compareChanges);
}
