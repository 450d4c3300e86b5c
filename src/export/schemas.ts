/**
 * The component schemas of an export: for each resource its read shape and, where the resource
 * accepts writes, its `Input` (POST/PUT) and `Patch` (PATCH) shapes, named as the generated
 * TypeScript names them (`NameTable`), plus the few shared shapes.
 *
 * Shape choice: the schemas describe values as the generated client decodes them (ids and integers
 * are integers, `isBool` is a boolean, decimals are numbers unless `decimals: 'string'`, dates are
 * `YYYY-MM-DD[ HH:MM:SS]` strings, multilingual values are arrays of `{id, value}`), not the strings
 * PrestaShop puts on the wire. Read shapes carry types only; write shapes add the rules the store
 * enforces on a write: `required`, `maxLength` from `maxSize`, and the validator's rule.
 */
import { compareCodeUnits, type FieldKind, type HttpMethod, type Resource, type StoreSchema } from '../model/index.js';
import type { AssociationPlan, FieldPlan, ResourcePlan, StorePlan } from '../plan/index.js';
import { obj, record, type Json, type JsonObject } from './json.js';
import { stringPattern, validatorRule } from './rules.js';

export interface ExportOptions {
  /** Type of decimal fields, as in the generated types (`EmitOptions.decimals`). */
  readonly decimals: 'number' | 'string';
}

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = { decimals: 'number' };

/** Shared component names. They are reserved in `naming.ts`, so no resource type can take them. */
const MULTILANG = 'Multilang';
const MULTILANG_VALUE = 'MultilangValue';
export const ERROR_DOCUMENT = 'PrestaShopError';

/** What differs between the OpenAPI and the JSON Schema output. */
export interface SchemaTarget {
  /** JSON pointer of a named schema. */
  ref(name: string): string;
  /** Emit OpenAPI `xml` hints on write shapes (their request bodies are XML). */
  readonly xml: boolean;
  readonly options: ExportOptions;
  /** The snapshot's language ids (the generated `LangId`); empty when the store named none. */
  readonly languages: readonly number[];
}

/** A resource the export describes, with everything derived from it once. */
export interface ExportedResource {
  /** The resource's field plan (the same the generated code is printed from). */
  readonly plan: ResourcePlan;
  /** Item node (`product`), list node (`products`). */
  readonly node: string;
  readonly nodes: string;
  /** Methods the key may use and the resource does not forbid. */
  readonly methods: readonly HttpMethod[];
  readonly read: string;
  /** Component names of the write shapes, or null when the resource takes no such write. */
  readonly input: string | null;
  readonly patch: string | null;
}

/** Why a resource has no shape to describe (as the types emitter, which writes no type for it), or null. */
function skipReason(r: Resource): string | null {
  if (r.nodeName === null || r.synopsis.source === 'none') return r.synopsis.reason ?? 'no synopsis';
  if (r.fields.length === 0 && r.associations.length === 0) return 'the synopsis has no fields';
  return null;
}

/** Resources with an entity synopsis; the others (`images`, `search`) have no shape to describe. */
export function exportedResources(model: StoreSchema, plan: StorePlan): ExportedResource[] {
  const kept = new Set(model.resources.filter((r) => skipReason(r) === null).map((r) => r.name));
  return plan.resources
    .filter((r) => kept.has(r.name))
    .map((r) => ({
      plan: r,
      node: r.nodeName!,
      nodes: r.nodesName ?? r.name,
      methods: r.methods,
      read: r.names.type,
      input: r.hasInput ? r.names.input : null,
      patch: r.hasPatch ? r.names.patch : null,
    }));
}

/** Resources left out of the export, each with the reason. */
export function skippedResources(model: StoreSchema): { resource: string; reason: string }[] {
  return model.resources.flatMap((r) => {
    const reason = skipReason(r);
    return reason === null ? [] : [{ resource: r.name, reason }];
  });
}

/** JSON type of a kind. */
export function jsonType(kind: FieldKind, target: SchemaTarget): 'integer' | 'number' | 'boolean' | 'string' {
  switch (kind) {
    case 'id':
    case 'int':
      return 'integer';
    case 'decimal':
      return target.options.decimals === 'number' ? 'number' : 'string';
    case 'bool':
      return 'boolean';
    case 'date':
    case 'html':
    case 'string':
    case 'unknown':
      return 'string';
  }
}

/** Annotations that keep the snapshot's facts the JSON Schema vocabulary has no word for. */
function annotations(field: FieldPlan): Record<string, Json | undefined> {
  return {
    'x-prestashop-format': field.format ?? undefined,
    'x-prestashop-input-type': field.inputType ?? undefined,
    'x-prestashop-references': field.references ?? undefined,
  };
}

/** One value (a scalar, or one language's text): its type, and its write rules when `write`. */
function valueSchema(field: FieldPlan, target: SchemaTarget, write: boolean): JsonObject {
  const type = jsonType(field.kind, target);
  const nullable = (field.nullable || field.allowNull) && !field.multilingual;
  const schema: Record<string, Json | undefined> = { type: nullable ? [type, 'null'] : type };
  // Allowed values are part of the type, as in the generated string-literal unions.
  if (type === 'string' && field.values !== null) schema.enum = nullable ? [...field.values, null] : [...field.values];
  if (!write) return record(schema);
  const rule = validatorRule(field.rule);
  if (type === 'string') {
    if (field.maxSize !== null && field.maxSize > 0) schema.maxLength = field.maxSize;
    const max = rule?.string?.maxLength;
    if (max !== undefined && (schema.maxLength === undefined || max < (schema.maxLength as number)))
      schema.maxLength = max;
    if (rule?.string?.pattern !== undefined) schema.pattern = stringPattern(rule.string.pattern);
  } else if (type === 'integer' || type === 'number') {
    const n = rule?.number;
    if (n !== undefined) {
      schema.minimum = n.minimum;
      schema.maximum = n.maximum;
      schema.exclusiveMinimum = n.exclusiveMinimum;
      schema.exclusiveMaximum = n.exclusiveMaximum;
      schema.enum = n.enum === undefined ? undefined : [...n.enum];
    }
  }
  return record(schema);
}

/** A language id: one of the snapshot's languages, as the generated `LangId` union. */
function langId(target: SchemaTarget): JsonObject {
  return target.languages.length > 0
    ? record({ type: 'integer', enum: [...target.languages] })
    : record({ type: 'integer', minimum: 1 });
}

/** A field's property schema in a read shape. */
function readProperty(field: FieldPlan, target: SchemaTarget): JsonObject {
  const extra = { readOnly: field.writable ? undefined : true, ...annotations(field) };
  if (!field.multilingual) return record({ ...(valueSchema(field, target, false) as object), ...extra });
  const value = valueSchema(field, target, false);
  if (value.type === 'string') return record({ $ref: target.ref(MULTILANG), ...extra });
  return record({ type: 'array', items: multilangItem(value, target, false), ...extra });
}

function multilangItem(value: JsonObject, target: SchemaTarget, write: boolean): JsonObject {
  return record({
    type: 'object',
    required: ['id', 'value'],
    properties: record({
      id:
        write && target.xml
          ? record({ ...(langId(target) as object), xml: record({ attribute: true }) })
          : langId(target),
      value,
    }),
    xml: write && target.xml ? record({ name: 'language' }) : undefined,
  });
}

/** A field's property schema in a write shape (`Input` when `required` is honoured, else `Patch`). */
function writeProperty(field: FieldPlan, target: SchemaTarget, input: boolean): JsonObject {
  const value = valueSchema(field, target, true);
  if (!field.multilingual) return record({ ...(value as object), ...annotations(field) });
  return record({
    type: 'array',
    items: multilangItem(value, target, true),
    // Only the default language is required; any one language satisfies the shape.
    minItems: input && field.required ? 1 : undefined,
    xml: target.xml ? record({ wrapped: true }) : undefined,
    ...annotations(field),
  });
}

function byName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareCodeUnits(a.name, b.name));
}

function associationsSchema(
  associations: readonly AssociationPlan[],
  item: (a: AssociationPlan) => JsonObject,
  target: SchemaTarget,
  write: boolean,
): JsonObject {
  return record({
    type: 'object',
    properties: obj(
      byName(associations).map((a) => [
        a.name,
        record({
          type: 'array',
          items: item(a),
          xml: write && target.xml ? record({ wrapped: true }) : undefined,
          'x-prestashop-resource': a.resource ?? undefined,
          'x-prestashop-virtual': a.virtual ? true : undefined,
        }),
      ]),
    ),
  });
}

const ASSOCIATIONS = 'associations';

function sortedNames(items: readonly { readonly name: string }[]): string[] {
  return items.map((i) => i.name).sort(compareCodeUnits);
}

/**
 * The read shape, as the generated read type: `id`, every field and every association present
 * (the client restores what the store leaves out: falsy fields, empty associations).
 */
function readSchema(entry: ExportedResource, target: SchemaTarget): JsonObject {
  const r = entry.plan;
  // The plan leaves out a field named `associations` (it would clash with the associations key).
  const fields = byName(r.fields);
  const properties: [string, Json][] = [['id', record({ type: 'integer', minimum: 1 })]];
  for (const f of fields) properties.push([f.name, readProperty(f, target)]);
  const required = new Set(['id', ...fields.map((f) => f.name)]);
  if (r.associations.length > 0) {
    required.add(ASSOCIATIONS);
    const schema = associationsSchema(
      r.associations,
      (a) =>
        record({
          type: 'object',
          required: a.fields.length > 0 ? sortedNames(a.fields) : undefined,
          properties: obj(a.fields.map((f) => [f.name, readProperty(f, target)])),
        }),
      target,
      false,
    );
    properties.push([ASSOCIATIONS, record({ ...(schema as object), required: sortedNames(r.associations) })]);
  }
  return record({
    type: 'object',
    description: describeResource(entry, 'read'),
    required: [...required].sort(compareCodeUnits),
    properties: obj(properties),
  });
}

/** A write shape: writable fields only; `Input` requires the required ones, `Patch` none. */
export function writeSchema(entry: ExportedResource, target: SchemaTarget, mode: 'input' | 'patch'): JsonObject {
  const input = mode === 'input';
  const writable = byName(entry.plan.fields).filter((f) => f.writable);
  const properties: [string, Json][] = writable.map((f) => [f.name, writeProperty(f, target, input)]);
  const writableAssociations = entry.plan.associations.filter((a) => a.writable);
  if (writableAssociations.length > 0) {
    properties.push([
      ASSOCIATIONS,
      associationsSchema(
        writableAssociations,
        (a) => {
          const fields = a.fields.filter((f) => f.writable);
          const required = fields.filter((f) => f.required).map((f) => f.name);
          return record({
            type: 'object',
            required: required.length > 0 ? required.sort(compareCodeUnits) : undefined,
            properties: obj(fields.map((f) => [f.name, writeProperty(f, target, true)])),
            xml: target.xml ? record({ name: a.nodeName }) : undefined,
          });
        },
        target,
        true,
      ),
    ]);
  }
  const required = input
    ? writable
        .filter((f) => f.required)
        .map((f) => f.name)
        .sort(compareCodeUnits)
    : [];
  return record({
    type: 'object',
    description: describeResource(entry, mode),
    required: required.length > 0 ? required : undefined,
    properties: obj(properties),
  });
}

function describeResource(entry: ExportedResource, shape: 'read' | 'input' | 'patch'): string {
  const path = `/api/${entry.plan.name}`;
  switch (shape) {
    case 'read':
      return `A \`${entry.node}\` of ${path} as the generated client returns it: every field present (the client restores the falsy fields and empty associations the store leaves out). A narrower \`display\` returns only the fields it names.`;
    case 'input':
      return `Body of a POST or PUT on ${path}: required fields required, read-only fields absent. PUT replaces the whole ${entry.node}: omitted fields are reset.`;
    case 'patch':
      return `Body of a PATCH on ${path}: every writable field optional; omitted fields keep their values.`;
  }
}

/** Shapes every export shares: the multilingual value and the store's error document. */
function sharedSchemas(target: SchemaTarget): [string, JsonObject][] {
  return [
    [
      MULTILANG_VALUE,
      record({
        type: 'object',
        description: 'One language of a multilingual value: the language id and the text in that language.',
        required: ['id', 'value'],
        properties: record({ id: langId(target), value: record({ type: 'string' }) }),
      }),
    ],
    [
      MULTILANG,
      record({
        type: 'array',
        description:
          'A multilingual value, one entry per language (also when the store renders a single language as a bare string).',
        items: record({ $ref: target.ref(MULTILANG_VALUE) }),
      }),
    ],
    [
      ERROR_DOCUMENT,
      record({
        type: 'object',
        description: "The store's error document: every error with its PrestaShop code (null for plain-text errors).",
        required: ['errors'],
        properties: record({
          errors: record({
            type: 'array',
            items: record({
              type: 'object',
              required: ['code', 'message'],
              properties: record({ code: record({ type: ['integer', 'null'] }), message: record({ type: 'string' }) }),
            }),
          }),
        }),
      }),
    ],
  ];
}

/** Every named schema of the export, shared ones first. */
export function componentSchemas(entries: readonly ExportedResource[], target: SchemaTarget): JsonObject {
  const out: [string, Json][] = [...sharedSchemas(target)];
  for (const e of entries) {
    out.push([e.read, readSchema(e, target)]);
    if (e.input !== null) out.push([e.input, writeSchema(e, target, 'input')]);
    if (e.patch !== null) out.push([e.patch, writeSchema(e, target, 'patch')]);
  }
  return obj(out);
}
