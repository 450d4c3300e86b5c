/**
 * Input JSON Schemas of the MCP tools, from the field plan. Write bodies are the export's write
 * shapes (`writeSchema` of src/export: required fields, sizes, allowed values, the validator's
 * rule, `[{id, value}]` per language), so the tools, the JSON Schema export and the generated
 * validators say the same thing. Queries follow the generated client's typed query: filterable
 * fields only, sort on those, display of any field. Pure.
 */
import { compareCodeUnits } from '../model/index.js';
import type { JsonObject } from '../export/json.js';
import { jsonType, writeSchema, type ExportedResource, type SchemaTarget } from '../export/schemas.js';
import type { FieldPlan } from '../plan/index.js';
import type { Operation } from './access.js';

export type JsonSchema = {
  readonly type: 'object';
  readonly [key: string]: unknown;
};

export interface ToolSchemaContext {
  readonly target: SchemaTarget;
  /** Largest `limit` a list accepts. */
  readonly maxLimit: number;
}

/** The filter operators of the generated client (`anyOf(1, 2)`, `contains('mug')`, …). */
export const FILTER_OPERATORS = [
  'eq',
  'anyOf',
  'not',
  'between',
  'gt',
  'lt',
  'beginsWith',
  'endsWith',
  'contains',
] as const;

const ID = {
  type: 'integer',
  minimum: 1,
  description: 'The record id.',
} as const;

/**
 * The schema of a filter on `field`: a value of its JSON type (or one of its allowed values), or an
 * operator on such values. Operators are shared `$defs` of the tool's schema, one per JSON type.
 */
function filterProperty(
  field: FieldPlan | null,
  ctx: ToolSchemaContext,
  defs: Record<string, unknown>,
): Record<string, unknown> {
  const type = field === null ? 'integer' : jsonType(field.kind, ctx.target);
  const value =
    field !== null && type === 'string' && field.values !== null ? { type, enum: [...field.values] } : { type };
  const def = `op_${type}`;
  defs[def] ??= operatorSchema({ type });
  return {
    anyOf: [value, { $ref: `#/$defs/${def}` }],
    ...(field?.kind === 'date' ? { description: 'YYYY-MM-DD or YYYY-MM-DD HH:MM:SS' } : {}),
  };
}

function filterSchema(
  fields: readonly FieldPlan[],
  ctx: ToolSchemaContext,
  defs: Record<string, unknown>,
): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    id: filterProperty(null, ctx, defs),
  };
  for (const f of fields) properties[f.name] = filterProperty(f, ctx, defs);
  return {
    type: 'object',
    description:
      'filter[field]: a plain value is an equality; {op, values} applies an operator: anyOf/not (one or more values), between (two, both ends included), gt/lt, beginsWith/endsWith/contains (text). % and _ match themselves.',
    properties,
    additionalProperties: false,
  };
}

function operatorSchema(value: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    required: ['op', 'values'],
    properties: {
      op: { type: 'string', enum: [...FILTER_OPERATORS] },
      values: { type: 'array', items: value, minItems: 1, maxItems: 100 },
    },
    additionalProperties: false,
  };
}

function languageSchema(ctx: ToolSchemaContext): Record<string, unknown> {
  const id =
    ctx.target.languages.length > 0
      ? { type: 'integer', enum: [...ctx.target.languages] }
      : { type: 'integer', minimum: 1 };
  return {
    ...id,
    description: 'Read multilingual fields in this language only (default: every language).',
  };
}

function displaySchema(fields: readonly FieldPlan[]): Record<string, unknown> {
  const names = ['id', ...fields.map((f) => f.name).sort(compareCodeUnits)];
  return {
    description: '"full" (the default) or the fields to return (fewer fields: smaller answers).',
    anyOf: [
      { type: 'string', enum: ['full'] },
      {
        type: 'array',
        items: { type: 'string', enum: names },
        minItems: 1,
        uniqueItems: true,
      },
    ],
  };
}

function object(
  properties: Record<string, unknown>,
  required: readonly string[] = [],
  defs: Record<string, unknown> = {},
): JsonSchema {
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required: [...required] } : {}),
    additionalProperties: false,
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
}

const DRY_RUN = {
  type: 'boolean',
  description: 'Validate and show the request that would be sent (method, URL, XML body), without sending it.',
} as const;

/** The input schema of one tool. */
export function toolInputSchema(entry: ExportedResource, op: Operation, ctx: ToolSchemaContext): JsonSchema {
  const fields = entry.plan.fields;
  const filterable = [...fields].filter((f) => f.filterable).sort((a, b) => compareCodeUnits(a.name, b.name));
  const defs: Record<string, unknown> = {};
  switch (op) {
    case 'list': {
      const sortable = ['id', ...filterable.map((f) => f.name)].flatMap((n) => [`${n}_ASC`, `${n}_DESC`]);
      return object(
        {
          filter: filterSchema(filterable, ctx, defs),
          sort: {
            type: 'array',
            items: { type: 'string', enum: sortable },
            minItems: 1,
            description: 'field_ASC or field_DESC, in order.',
          },
          display: displaySchema(fields),
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: ctx.maxLimit,
            description: 'How many items (default 20).',
          },
          offset: {
            type: 'integer',
            minimum: 0,
            description: 'Items to skip (with limit).',
          },
          language: languageSchema(ctx),
        },
        [],
        defs,
      );
    }
    case 'get':
      return object(
        {
          id: ID,
          display: displaySchema(fields),
          language: languageSchema(ctx),
        },
        ['id'],
      );
    case 'count':
      return object({ filter: filterSchema(filterable, ctx, defs) }, [], defs);
    case 'create':
      return object({ data: write(entry, ctx, 'input'), dryRun: DRY_RUN }, ['data']);
    case 'update':
      return object({ id: ID, data: write(entry, ctx, 'input'), dryRun: DRY_RUN }, ['id', 'data']);
    case 'patch':
      return object({ id: ID, data: write(entry, ctx, 'patch'), dryRun: DRY_RUN }, ['id', 'data']);
    case 'delete': {
      const ids = {
        type: 'array',
        items: { type: 'integer', minimum: 1 },
        minItems: 1,
        maxItems: 100,
        uniqueItems: true,
      };
      return object(
        {
          ids: { ...ids, description: 'The ids to delete.' },
          confirm: {
            ...ids,
            description: 'The same ids again: the delete is refused unless they match.',
          },
          dryRun: DRY_RUN,
        },
        ['ids'],
      );
    }
  }
}

function write(entry: ExportedResource, ctx: ToolSchemaContext, mode: 'input' | 'patch'): JsonObject {
  return writeSchema(entry, ctx.target, mode);
}
