/**
 * The MCP tools of a snapshot: one per resource and operation that the field plan's methods allow
 * (the snapshot's methods minus those PrestaShop forbids, as the generated client has them), kept
 * to the allow-list. Names are `<resource>_<operation>`; descriptions come from the snapshot;
 * input schemas from the plan (see schemas.ts). Pure.
 */
import type { HttpMethod } from '../model/index.js';
import type { ExportedResource } from '../export/schemas.js';
import { isAllowed, type McpAccess, type Operation, OPERATIONS } from './access.js';
import { toolInputSchema, type JsonSchema, type ToolSchemaContext } from './schemas.js';

export interface ToolDef {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly resource: string;
  readonly operation: Operation;
  readonly annotations: {
    readonly title: string;
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
}

/** The HTTP method an operation needs. */
const OPERATION_METHOD: Readonly<Record<Operation, HttpMethod>> = {
  list: 'GET',
  get: 'GET',
  count: 'GET',
  create: 'POST',
  update: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};

/** The operations the resource offers (before the allow-list). */
export function resourceOperations(entry: ExportedResource): Operation[] {
  const methods = new Set(entry.methods);
  return OPERATIONS.filter((op) => {
    if (!methods.has(OPERATION_METHOD[op])) return false;
    if (op === 'create' || op === 'update') return entry.input !== null;
    if (op === 'patch') return entry.patch !== null;
    return true;
  });
}

/** MCP tool names: letters, digits, `_` and `-`, at most 64 characters. */
const TOOL_NAME_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** Text from the store, kept to one short line (it reaches the agent's context). */
export function storeText(text: string | null, max = 160): string {
  // eslint-disable-next-line no-control-regex
  const flat = (text ?? '').replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function describe(entry: ExportedResource, op: Operation): string {
  const what = storeText(entry.plan.description);
  const about = what === '' ? '' : ` (${what})`;
  const path = `/api/${entry.plan.name}`;
  switch (op) {
    case 'list':
      return `List ${entry.nodes}${about}: GET ${path} with filter, sort, display, limit and offset (default 20 items). Multilingual values come as [{id, value}] per language; pass language to get one.`;
    case 'get':
      return `Read one ${entry.node}${about} by id: GET ${path}/{id}. Answers null when there is no such id.`;
    case 'count':
      return `Count the ${entry.nodes}${about} matching a filter (reads their ids: GET ${path}?display=[id]).`;
    case 'create':
      return `Create a ${entry.node}${about}: POST ${path}. The body is validated as the store validates it; multilingual fields are [{id, value}]. dryRun: true returns the validated body and the request without sending it.`;
    case 'update':
      return `Replace a ${entry.node}${about}: PUT ${path}/{id}. Fields left out are reset by the store: prefer ${entry.plan.name}_patch to change a few. Languages left out are kept. dryRun: true sends nothing.`;
    case 'patch':
      return `Change some fields of a ${entry.node}${about}: PATCH ${path}/{id}; fields left out keep their values, languages left out are kept. dryRun: true returns the request without sending it.`;
    case 'delete':
      return `Delete ${entry.nodes}${about} by id: DELETE ${path}. Pass the ids, and the same ids again in confirm to really delete them.`;
  }
}

function annotations(entry: ExportedResource, op: Operation): ToolDef['annotations'] {
  const read = op === 'list' || op === 'get' || op === 'count';
  return {
    title: `${op} ${entry.plan.name}`,
    readOnlyHint: read,
    destructiveHint: op === 'delete' || op === 'update',
    idempotentHint: op !== 'create',
    openWorldHint: false,
  };
}

/** Every allowed tool, in resource then operation order; `unnamed`: those whose name MCP does not allow (a module resource's long or odd name). */
export function buildTools(
  entries: readonly ExportedResource[],
  access: McpAccess,
  ctx: ToolSchemaContext,
): { tools: ToolDef[]; unnamed: string[] } {
  const tools: ToolDef[] = [];
  const unnamed: string[] = [];
  for (const entry of entries) {
    for (const op of resourceOperations(entry)) {
      if (!isAllowed(access, entry.plan.name, op)) continue;
      const name = `${entry.plan.name}_${op}`;
      if (!TOOL_NAME_RE.test(name)) {
        unnamed.push(name);
        continue;
      }
      tools.push({
        name,
        description: describe(entry, op),
        inputSchema: toolInputSchema(entry, op, ctx),
        resource: entry.plan.name,
        operation: op,
        annotations: annotations(entry, op),
      });
    }
  }
  return { tools, unnamed };
}
