/**
 * The MCP server of a snapshot, on the official TypeScript SDK (low-level `Server`, so the input
 * schemas are the plan's JSON Schemas as they are): tools from tools.ts, run by calls.ts through
 * the generated client; the snapshot summary as resources (summary.ts). `buildServerModel` is pure
 * and cheap (the plan and the schemas); the client is generated on the first call that needs it.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { resolveEmitOptions, type EmitOptions } from '../emit/context.js';
import { NameTable } from '../naming/index.js';
import { exportedResources, type ExportedResource } from '../export/schemas.js';
import { canonicalize, type StoreSchema } from '../model/index.js';
import { buildPlan } from '../plan/index.js';
import { GENERATOR_VERSION } from '../version.js';
import { parseAccess, type AccessFlags, type McpAccess, type Operation } from './access.js';
import { callTool, type CallLimits } from './calls.js';
import { errorResult } from './result.js';
import { Session, type StoreConnection } from './session.js';
import { readSummary, summaryResources } from './summary.js';
import { buildTools, resourceOperations, type ToolDef } from './tools.js';

export interface McpServerOptions {
  readonly schema: StoreSchema;
  /** Options of the generated client (the config's `generate` section). */
  readonly emit?: Partial<EmitOptions>;
  readonly access?: AccessFlags;
  readonly connection: StoreConnection;
  /** Write calls per session (default 10). */
  readonly writeBudget?: number;
  /** Characters of a tool result (default 20000). */
  readonly maxResultChars?: number;
  /** Largest list `limit` (default 500). */
  readonly maxLimit?: number;
}

export const DEFAULT_WRITE_BUDGET = 10;
export const DEFAULT_MAX_RESULT_CHARS = 20_000;
export const DEFAULT_MAX_LIMIT = 500;

/** What the server offers, computed once from the snapshot. */
export interface ServerModel {
  readonly schema: StoreSchema;
  readonly entries: readonly ExportedResource[];
  readonly access: McpAccess;
  readonly tools: readonly ToolDef[];
  /** Tools left out because MCP does not allow their name (letters, digits, _ and -, at most 64). */
  readonly unnamed: readonly string[];
  /** Every tool the resources offer, allowed or not (to say why a call is refused). */
  readonly offered: ReadonlyMap<string, { readonly resource: string; readonly operation: Operation }>;
  readonly limits: CallLimits;
}

/** The tools and resources of a snapshot under an allow-list. Throws ConfigError on a bad allow-list. */
export function buildServerModel(options: Omit<McpServerOptions, 'connection'>): ServerModel {
  const schema = canonicalize(options.schema);
  const emit = resolveEmitOptions(options.emit ?? {});
  // The plan the generated client is printed from (as `createEmitContext` builds it; the emitters
  // themselves, and prettier's layout they load, are not needed to serve the tools).
  const defaultLanguage = emit.defaultLanguage ?? schema.store.languages[0]?.id ?? 1;
  const plan = buildPlan(schema, emit, defaultLanguage, NameTable.forSchema(schema));
  const entries = exportedResources(schema, plan);
  const perResource = new Map(entries.map((e) => [e.plan.name, resourceOperations(e)]));
  const access = parseAccess(options.access ?? {}, perResource);
  const limits: CallLimits = {
    maxResultChars: options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS,
    maxLimit: options.maxLimit ?? DEFAULT_MAX_LIMIT,
  };
  const target = {
    ref: (n: string) => `#/$defs/${n}`,
    xml: false,
    options: { decimals: emit.decimals },
    languages: plan.languages,
  };
  const { tools, unnamed } = buildTools(entries, access, {
    target,
    maxLimit: limits.maxLimit,
  });
  const offered = new Map<string, { resource: string; operation: Operation }>();
  for (const [resource, ops] of perResource)
    for (const operation of ops) offered.set(`${resource}_${operation}`, { resource, operation });
  return { schema, entries, access, tools, unnamed, offered, limits };
}

/** The flag that would allow a refused tool. */
function allowHint(resource: string, op: Operation): string {
  if (op === 'delete') return `--delete ${resource}`;
  if (op === 'create' || op === 'update' || op === 'patch') return `--write ${resource}:${op}`;
  return `--resources ${resource}`;
}

/** An SDK server over `model`, its calls run on `session`. */
export function createMcpServer(model: ServerModel, session: Session): Server {
  const server = new Server(
    { name: 'prestashop-codegen', version: GENERATOR_VERSION },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        `PrestaShop ${model.schema.store.psVersion ?? ''} store: tools are <resource>_<operation>. ` +
        'Reads are open; writes, deletes and their budget are set by the person who started the server. ' +
        'Use dryRun: true to see a write before sending it; a delete needs its ids repeated in confirm.',
    },
  );
  const byName = new Map(model.tools.map((t) => [t.name, t]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: model.tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: t.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    const tool = byName.get(name);
    if (tool === undefined) {
      const offered = model.offered.get(name);
      const why =
        offered === undefined
          ? `there is no tool ${JSON.stringify(name)} (see tools/list)`
          : `${name} is not allowed on this server: the person running it can allow it with ${allowHint(offered.resource, offered.operation)}`;
      return errorResult(`not sent: ${why}`, session.secrets);
    }
    return callTool(tool, request.params.arguments ?? {}, session, model.limits);
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: summaryResources(model),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
    contents: [readSummary(model, request.params.uri)],
  }));
  return server;
}

/** Runs the server on `transport` until the client closes it; the generated client is removed then. */
export async function serveMcp(
  options: McpServerOptions,
  transport: Transport,
  model: ServerModel = buildServerModel(options),
): Promise<void> {
  const session = new Session({
    schema: model.schema,
    emit: options.emit ?? {},
    connection: options.connection,
    writeBudget: options.writeBudget ?? DEFAULT_WRITE_BUDGET,
  });
  const server = createMcpServer(model, session);
  const closed = new Promise<void>((done) => {
    server.onclose = () => done();
  });
  try {
    await server.connect(transport);
    await closed;
  } finally {
    await session.close();
  }
}
