/**
 * `prestashop-codegen mcp --schema prestashop-schema.json`: an MCP server over stdio whose tools are
 * the snapshot's resources, run through the generated client (see docs/mcp.md). stdout carries the
 * protocol: status lines go to stderr.
 */
import type { Argv, CommandModule } from 'yargs';
import { loadSnapshot } from '../../api/snapshot.js';
import { loadUserConfig, resolveSchemaPath, resolveStore } from '../../config/load.js';
import { selectStore } from '../../config/stores.js';
import type { McpConfig } from '../../config/types.js';
import { ConfigError } from '../../errors.js';
import type { FetchLike } from '../../mcp/session.js';
import { flagDefinition } from '../option-flags.js';
import { readTlsFlags } from '../store-flags.js';
import { resolveGenerateOptions } from '../../config/generate-options.js';
import type { CliContext } from './registry.js';

export interface McpArgs {
  readonly schema?: string;
  readonly url?: string;
  readonly key?: string;
  readonly store?: string;
  readonly config?: string;
  readonly resources?: string[];
  readonly write?: string[];
  readonly delete?: string[];
  readonly 'write-budget'?: number;
  readonly 'max-result-chars'?: number;
  readonly timeout?: number;
  readonly retries?: number;
  readonly 'ws-key'?: boolean;
  readonly ca?: string;
  readonly insecure?: boolean;
}

function positive(value: number | undefined, option: string, min: number): number | undefined {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= min)) {
    throw new ConfigError(`expected an integer ≥ ${min}, got ${String(value)}`, option);
  }
  return value;
}

/** A list of names from the config's `mcp` section (flags win), checked. */
function configList(
  config: McpConfig,
  key: 'resources' | 'write' | 'delete',
  flag: string[] | undefined,
): string[] | undefined {
  if (flag !== undefined) return flag;
  const value: unknown = config[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new ConfigError(`expected a list of names such as ["products"], got ${JSON.stringify(value)}`, `mcp.${key}`);
  }
  return value as string[];
}

/** A fetch with the `--ca` / `--insecure` TLS settings, or undefined for the global one. */
async function tlsFetch(tls: { ca?: string; insecure?: boolean }): Promise<FetchLike | undefined> {
  if (tls.ca === undefined && tls.insecure !== true) return undefined;
  const { Agent, fetch } = await import('undici');
  const dispatcher = new Agent({
    connect: {
      ...(tls.ca === undefined ? {} : { ca: tls.ca }),
      ...(tls.insecure === true ? { rejectUnauthorized: false } : {}),
    },
  });
  return (input, init) =>
    fetch(input as string, {
      ...(init as object),
      dispatcher,
    }) as unknown as Promise<Response>;
}

export function mcpCommand(ctx: CliContext): CommandModule<object, McpArgs> {
  return {
    command: 'mcp',
    describe: 'Run an MCP server (stdio) whose tools read and write the store through the generated client',
    builder: (y: Argv) =>
      y
        .usage(
          '$0 mcp --schema prestashop-schema.json --url <base_url> --key <key> [--write products] [--delete products]\n\n' +
            'Serves the Model Context Protocol on stdin/stdout: tools <resource>_list/get/count for every resource (or\n' +
            '--resources), and create/update/patch/delete only where --write/--delete name them. Writes are validated\n' +
            'and sent by the generated client; dryRun shows a write without sending it; a delete needs its ids confirmed.',
        )
        .option('schema', {
          type: 'string',
          describe: 'Snapshot file (default prestashop-schema.json, or the config\'s "schema")',
        })
        .option('url', {
          type: 'string',
          describe: 'Store base URL, without /api (env PRESTASHOP_URL)',
        })
        .option('key', {
          type: 'string',
          describe: 'Webservice key (env PRESTASHOP_API_KEY; never printed, never in a tool result)',
        })
        .option('store', {
          type: 'string',
          describe: 'A store named in the config file\'s "stores" (its url, key and settings)',
        })
        .options(
          Object.fromEntries(
            ['resources', 'write', 'delete', 'write-budget', 'max-result-chars'].map((f) => [
              f,
              flagDefinition(f, 'mcp'),
            ]),
          ),
        )
        .option('timeout', {
          type: 'number',
          describe: 'Per-request timeout in ms (default 30000)',
        })
        .option('retries', {
          type: 'number',
          describe: 'Retries of reads, PUT and DELETE on network errors, 429 and 502-504 (default 2)',
        })
        .option('ws-key', {
          type: 'boolean',
          describe: 'Send the key as the ws_key query parameter instead of HTTP Basic',
        })
        .option('ca', {
          type: 'string',
          describe: 'PEM file with the CA certificate(s) to trust for an https:// store',
        })
        .option('insecure', {
          type: 'boolean',
          describe: 'Do not verify the TLS certificate (DANGEROUS)',
        })
        .example('$0 mcp --schema shop.json --store prod', 'Read-only tools for every resource of the store "prod"')
        .example(
          '$0 mcp --write products:patch,stock_availables --delete carts',
          'Also let the agent patch products, write stock and delete carts',
        ) as unknown as Argv<McpArgs>,
    handler: async (argv) => {
      // Loaded here, and first: every CLI run imports the command registry, and the SDK takes the
      // longest part of the start-up to load (its loading overlaps reading the config and snapshot).
      const modules = Promise.all([import('../../mcp/server.js'), import('@modelcontextprotocol/sdk/server/stdio.js')]);
      // A usage error below must not leave that loading unobserved.
      modules.catch(() => undefined);
      const loaded = await loadUserConfig(ctx.cwd, argv.config);
      const selected = argv.store === undefined ? null : selectStore(loaded.config, argv.store, ctx.env);
      const config = selected?.config ?? loaded.config;
      const store = resolveStore({ url: argv.url ?? selected?.url, key: argv.key ?? selected?.key }, ctx.env, config);
      ctx.reporter.addSecret(store.key);
      const schema = await loadSnapshot(resolveSchemaPath(argv.schema, config, ctx.cwd));
      const { emit } = resolveGenerateOptions({}, config);
      const mcp: McpConfig = config.mcp ?? {};
      const writeBudget =
        positive(argv['write-budget'], 'write-budget', 0) ??
        positive(mcp.writeBudget as number | undefined, 'mcp.writeBudget', 0);
      const maxResultChars =
        positive(argv['max-result-chars'], 'max-result-chars', 1000) ??
        positive(mcp.maxResultChars as number | undefined, 'mcp.maxResultChars', 1000);
      const timeoutMs = positive(argv.timeout, 'timeout', 1);
      const retries = positive(argv.retries, 'retries', 0);
      const fetch = await tlsFetch(await readTlsFlags(ctx.cwd, argv));
      const [{ buildServerModel, serveMcp }, { StdioServerTransport }] = await modules;
      const options = {
        schema,
        emit,
        access: {
          resources: configList(mcp, 'resources', argv.resources),
          write: configList(mcp, 'write', argv.write),
          delete: configList(mcp, 'delete', argv.delete),
          from: {
            resources: argv.resources === undefined ? 'mcp.resources' : 'resources',
            write: argv.write === undefined ? 'mcp.write' : 'write',
            delete: argv.delete === undefined ? 'mcp.delete' : 'delete',
          },
        },
        connection: {
          baseUrl: store.url,
          apiKey: store.key,
          wsKey: argv['ws-key'] === true,
          timeoutMs,
          retries,
          fetch,
        },
        ...(writeBudget === undefined ? {} : { writeBudget }),
        ...(maxResultChars === undefined ? {} : { maxResultChars }),
      };
      // Checks the allow-list before anything is served (a bad name exits 2).
      const model = buildServerModel(options);
      if (model.unnamed.length > 0) {
        ctx.reporter.warn(
          `no tool for ${model.unnamed.join(', ')}: MCP tool names are letters, digits, _ and -, at most 64 characters`,
        );
      }
      const writes = model.tools.filter((t) => !t.annotations.readOnlyHint).map((t) => t.name);
      ctx.reporter.info(
        `MCP server for PrestaShop ${schema.store.psVersion ?? '(version unknown)'} on stdio: ${model.tools.length} tools` +
          `${writes.length === 0 ? ', read-only' : `, writes: ${writes.join(', ')}`}`,
      );
      // The client going away (stdin closed) or a signal ends the session, so that its private
      // directory is removed (serveMcp's finally) rather than left behind by a killed process.
      const transport = new StdioServerTransport(process.stdin, process.stdout);
      const stop = (): void => void transport.close();
      process.stdin.once('end', stop);
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      try {
        await serveMcp(options, transport, model);
      } finally {
        process.stdin.off('end', stop);
        process.off('SIGTERM', stop);
        process.off('SIGINT', stop);
      }
    },
  };
}
