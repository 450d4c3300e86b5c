/**
 * Runs one tool call through the generated client: the arguments become a typed query or a write
 * body, the answer becomes bounded, redacted JSON. Refusals (a delete without its confirmation,
 * an exhausted write budget, bad arguments, a store error) are tool errors the agent can read,
 * never protocol failures, and never carry the key.
 */
import type { Operation } from './access.js';
import { errorResult, textResult, type ToolResult } from './result.js';
import type { Session } from './session.js';
import type { ToolDef } from './tools.js';
import { FILTER_OPERATORS } from './schemas.js';

export interface CallLimits {
  readonly maxResultChars: number;
  readonly maxLimit: number;
}

const DEFAULT_LIMIT = 20;

/** A refusal with a message for the agent. */
class Refusal extends Error {}

type Args = Readonly<Record<string, unknown>>;

function id(args: Args, key = 'id'): number {
  const v = args[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
    throw new Refusal(`${key}: expected a positive integer id`);
  return v;
}

function ids(args: Args, key: string): number[] {
  const v = args[key];
  if (
    !Array.isArray(v) ||
    v.length === 0 ||
    v.length > 100 ||
    !v.every((x) => typeof x === 'number' && Number.isSafeInteger(x) && x > 0)
  ) {
    throw new Refusal(`${key}: expected a list of 1 to 100 positive integer ids`);
  }
  return [...new Set(v as number[])].sort((a, b) => a - b);
}

function body(args: Args): Record<string, unknown> {
  const v = args.data;
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Refusal('data: expected an object with the fields to write');
  return v as Record<string, unknown>;
}

/** `{ field: value | {op, values} }` as the generated client's filter (operators from its runtime). */
function filter(
  args: Args,
  operators: Readonly<Record<string, (...v: unknown[]) => unknown>>,
): Record<string, unknown> | undefined {
  const v = args.filter;
  if (v === undefined) return undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Refusal('filter: expected an object { field: value }');
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(v)) {
    if (typeof value === 'object' && value !== null) {
      const { op, values } = value as { op?: unknown; values?: unknown };
      if (
        typeof op !== 'string' ||
        !(FILTER_OPERATORS as readonly string[]).includes(op) ||
        !Array.isArray(values) ||
        values.length > 100
      ) {
        throw new Refusal(`filter.${field}: expected a value or { op: ${FILTER_OPERATORS.join('|')}, values: [...] }`);
      }
      const make = operators[op]!;
      out[field] = op === 'anyOf' || op === 'not' || op === 'between' ? make(...values) : make(values[0]);
    } else out[field] = value;
  }
  return out;
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length > 0 && v.length <= 500 && v.every((x) => typeof x === 'string');

/** `display` and `language` (field names and sort keys are checked by the client against the snapshot). */
function readQuery(args: Args): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  if (args.display !== undefined) {
    if (args.display !== 'full' && !isStringList(args.display))
      throw new Refusal('display: expected "full" or a list of field names');
    q.display = args.display;
  }
  if (args.language !== undefined) q.language = id(args, 'language');
  return q;
}

function listQuery(args: Args, limits: CallLimits): Record<string, unknown> {
  const count = args.limit ?? DEFAULT_LIMIT;
  const offset = args.offset ?? 0;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1 || count > limits.maxLimit) {
    throw new Refusal(`limit: expected an integer from 1 to ${limits.maxLimit}`);
  }
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0)
    throw new Refusal('offset: expected an integer ≥ 0');
  if (args.sort !== undefined && !isStringList(args.sort))
    throw new Refusal('sort: expected a list such as ["price_DESC"]');
  return {
    ...readQuery(args),
    ...(args.sort === undefined ? {} : { sort: args.sort }),
    limit: { offset, count },
  };
}

const WRITES: readonly Operation[] = ['create', 'update', 'patch', 'delete'];

async function run(tool: ToolDef, args: Args, session: Session, limits: CallLimits): Promise<unknown> {
  const op = tool.operation;
  const dryRun = args.dryRun === true;
  if (op === 'delete') {
    const list = ids(args, 'ids');
    const confirm = args.confirm === undefined ? null : ids(args, 'confirm');
    if (!dryRun && (confirm === null || confirm.join(',') !== list.join(','))) {
      throw new Refusal(
        `not deleted: to delete ${tool.resource} ${list.join(', ')}, call ${tool.name} again with confirm: [${list.join(', ')}] (the same ids)`,
      );
    }
  }
  // The client first: a failure to build it (a full disk) takes nothing from the budget.
  const { operators } = await session.generatedModules();
  if (WRITES.includes(op) && !dryRun && !session.takeWrite()) {
    throw new Refusal(
      `not sent: the write budget of this session (${session.options.writeBudget} calls) is used up; a person can restart the server or raise --write-budget`,
    );
  }
  if (dryRun && WRITES.includes(op)) {
    const dry = await session.dryRun(tool.resource);
    const saved = await call(op, dry.client, args, operators, limits);
    const request = dry.captured();
    return {
      dryRun: true,
      sent: false,
      request,
      validated: sentFields(saved, request?.body ?? null),
    };
  }
  try {
    const result = await call(op, await session.resource(tool.resource), args, operators, limits);
    if (op === 'delete') return { deleted: ids(args, 'ids') };
    if (op === 'list') return { count: (result as unknown[]).length, items: result };
    return result ?? null;
  } catch (error) {
    // Refused before anything was sent (validation, a bad filter): the write is given back.
    if (WRITES.includes(op) && !dryRun && isUnsent(error)) session.refundWrite();
    throw error;
  }
}

/** The fields of a dry run's decoded body that the request carries (decoding restores the others, empty). */
function sentFields(echo: unknown, body: string | null): unknown {
  if (typeof echo !== 'object' || echo === null || body === null) return echo ?? null;
  const carried = (key: string): boolean => body.includes(`<${key}>`) || body.includes(`<${key} `);
  return Object.fromEntries(Object.entries(echo).filter(([key]) => carried(key)));
}

/** Refused before any request: the arguments, or the generated validator ("nothing was sent"). */
const isUnsent = (error: unknown): boolean =>
  error instanceof Refusal || (error as Error)?.name === 'PrestaShopValidationError';

type ResourceClient = Record<string, (...args: unknown[]) => Promise<unknown>>;

async function call(
  op: Operation,
  client: ResourceClient,
  args: Args,
  operators: Readonly<Record<string, (...v: unknown[]) => unknown>>,
  limits: CallLimits,
): Promise<unknown> {
  const f = filter(args, operators);
  switch (op) {
    case 'list':
      return client.list!({
        ...listQuery(args, limits),
        ...(f === undefined ? {} : { filter: f }),
      });
    case 'get':
      return client.get!(id(args), readQuery(args));
    case 'count': {
      const all = (await client.list!({
        display: ['id'],
        ...(f === undefined ? {} : { filter: f }),
      })) as unknown[];
      return { count: all.length };
    }
    case 'create':
      return client.create!(body(args));
    case 'update':
      return client.update!(id(args), body(args));
    case 'patch':
      return client.patch!(id(args), body(args));
    case 'delete':
      return client.delete!(ids(args, 'ids'));
  }
}

/** The message an agent sees for a failed call: the client's own (validation issues, store errors). */
function message(tool: ToolDef, error: unknown): string {
  if (error instanceof Refusal) return error.message;
  const e = error as Error & {
    issues?: readonly { path: string; message: string }[];
    mayBeSaved?: boolean | null;
  };
  const issues =
    Array.isArray(e?.issues) && e.name === 'PrestaShopValidationError'
      ? e.issues.map((i) => `\n- ${i.path || '(body)'}: ${i.message}`).join('')
      : '';
  return `${tool.name}: ${e?.message ?? String(error)}${issues}`;
}

/** Runs a call and turns its outcome into a tool result. */
export async function callTool(tool: ToolDef, args: Args, session: Session, limits: CallLimits): Promise<ToolResult> {
  try {
    return textResult(await run(tool, args, session, limits), limits.maxResultChars, session.secrets);
  } catch (error) {
    return errorResult(message(tool, error), session.secrets);
  }
}
