/**
 * `prestashop-codegen generate`: snapshot (or live store) → TypeScript in an output directory.
 * Phases: load (read the snapshot or introspect), emit (pure), format and write (src/write).
 * `--check` writes nothing and exits 1 when the directory differs from what would be generated.
 */
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import {
  DEFAULT_SCHEMA_PATH,
  loadUserConfig,
  resolveIntrospectSettings,
  resolveSchemaPath,
  resolveStore,
} from '../../config/load.js';
import type { UserConfig } from '../../config/types.js';
import { emitAll } from '../../emit/index.js';
import { DEFAULT_EMIT_OPTIONS, resolveEmitOptions, type EmitOptions } from '../../emit/context.js';
import { ConfigError, EXIT_FAILURE, EXIT_OK, InputError } from '../../errors.js';
import { HTTP_METHODS, parseSnapshot, SnapshotError, type StoreSchema } from '../../model/index.js';
import { readPreformattedTemplates, readRuntimeTemplates } from '../../templates.js';
import { writeFileMap, type WriteResult } from '../../write/index.js';
import type { Reporter } from '../reporter.js';
import type { DemoStep } from './demo.js';
import type { CliContext, CommandFactory } from './registry.js';

export interface GenerateArgs {
  schema?: string;
  url?: string;
  key?: string;
  out?: string;
  check?: boolean;
  force?: boolean;
  format?: boolean;
  decimals?: EmitOptions['decimals'];
  dates?: EmitOptions['dates'];
  brandedIds?: boolean;
  validators?: EmitOptions['validators'];
  unknownKeys?: EmitOptions['unknownKeys'];
  clients?: boolean;
  defaultLanguage?: number;
  concurrency?: number;
  ca?: string;
  insecure?: boolean;
  config?: string;
}

/** Allowed values of the choice options, shared by the flags and the config file check. */
const CHOICES = {
  decimals: ['number', 'string'],
  dates: ['string', 'Date'],
  validators: ['standalone', 'zod', 'none'],
  unknownKeys: ['passthrough', 'strict', 'strip'],
} as const satisfies Partial<Record<keyof EmitOptions, readonly string[]>>;

/** The config file's `generate` section, checked: a bad value is a ConfigError naming the option. */
export function checkGenerateConfig(generate: UserConfig['generate']): Partial<EmitOptions> & { format?: boolean } {
  if (generate === undefined) return {};
  if (typeof generate !== 'object' || generate === null) throw new ConfigError('expected an object', 'generate');
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(generate)) {
    if (value === undefined) continue;
    const where = `generate.${key}`;
    if (key in CHOICES) {
      const allowed = CHOICES[key as keyof typeof CHOICES] as readonly string[];
      if (typeof value !== 'string' || !allowed.includes(value)) {
        throw new ConfigError(`expected one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`, where);
      }
    } else if (key === 'brandedIds' || key === 'clients' || key === 'format') {
      if (typeof value !== 'boolean') throw new ConfigError(`expected true or false, got ${JSON.stringify(value)}`, where);
    } else if (key === 'methods') {
      checkMethodsOption(value, where);
    } else if (key === 'defaultLanguage') {
      if (value !== null && !(typeof value === 'number' && Number.isSafeInteger(value) && value > 0)) {
        throw new ConfigError(`expected a positive integer or null, got ${JSON.stringify(value)}`, where);
      }
    } else {
      throw new ConfigError(`unknown option (known: ${[...Object.keys(DEFAULT_EMIT_OPTIONS), 'format'].join(', ')})`, where);
    }
    out[key] = value;
  }
  return out as Partial<EmitOptions> & { format?: boolean };
}

/** `generate.methods`: `{ resource: ['DELETE', ...] }`, each method one of HTTP_METHODS. */
function checkMethodsOption(value: unknown, where: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`expected an object such as { "carts": ["DELETE"] }, got ${JSON.stringify(value)}`, where);
  }
  for (const [resource, list] of Object.entries(value)) {
    if (!Array.isArray(list) || !list.every((m) => typeof m === 'string' && (HTTP_METHODS as readonly string[]).includes(m))) {
      throw new ConfigError(`expected a list of ${HTTP_METHODS.join(', ')}, got ${JSON.stringify(list)}`, `${where}.${resource}`);
    }
  }
}

/** Flags win over the config file; every option ends up resolved. */
export function resolveGenerateOptions(
  args: GenerateArgs,
  config: UserConfig,
): { emit: EmitOptions; format: boolean } {
  const fromConfig = checkGenerateConfig(config.generate);
  const flags: Partial<EmitOptions> = {
    decimals: args.decimals,
    dates: args.dates,
    brandedIds: args.brandedIds,
    validators: args.validators,
    unknownKeys: args.unknownKeys,
    clients: args.clients,
    defaultLanguage: args.defaultLanguage,
  };
  if (args.defaultLanguage !== undefined && !(Number.isSafeInteger(args.defaultLanguage) && args.defaultLanguage > 0)) {
    throw new ConfigError('expected a positive integer', 'default-language');
  }
  const { format: configFormat, ...configEmit } = fromConfig;
  return {
    emit: resolveEmitOptions({ ...configEmit, ...stripUndefined(flags) }),
    format: args.format ?? configFormat ?? true,
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

async function loadSchema(ctx: CliContext, args: GenerateArgs, config: UserConfig): Promise<StoreSchema> {
  // Introspect only when asked on the command line: a URL in the environment or the config file
  // must not turn an offline CI generation into network traffic.
  if (args.url !== undefined) {
    const store = resolveStore({ url: args.url, key: args.key }, ctx.env, config);
    ctx.reporter.addSecret(store.key);
    const settings = resolveIntrospectSettings({ concurrency: args.concurrency }, config);
    // Loaded here only: generating from a snapshot does not need the HTTP stack.
    const [{ introspectStore }, { introspectRunOptions, progressPrinter, readTlsFlags }] = await Promise.all([
      import('../../introspect/index.js'),
      import('./introspect.js'),
    ]);
    const { schema } = await introspectStore({
      url: store.url,
      key: store.key,
      ...introspectRunOptions(settings),
      ...(await readTlsFlags(ctx.cwd, args)),
      onProgress: progressPrinter(ctx.reporter),
      onWarning: (message) => ctx.reporter.warn(message),
    });
    ctx.reporter.clearProgress();
    return schema;
  }
  const path = resolveSchemaPath(args.schema, config, ctx.cwd);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(
      code === 'ENOENT'
        ? 'no snapshot here: run `prestashop-codegen introspect` first, or pass --schema <file> or --url/--key'
        : `cannot read the snapshot (${code ?? (error as Error).message})`,
      path,
      { cause: error },
    );
  }
  try {
    return parseSnapshot(text, path);
  } catch (error) {
    if (error instanceof SnapshotError) throw new InputError(error.message, null, { cause: error });
    throw error;
  }
}

const ms = (n: number): string => `${Math.round(n)} ms`;

export interface GenerateRun {
  /** Files generated (before formatting). */
  readonly files: number;
  readonly write: WriteResult;
  /** Milliseconds spent reading the runtime templates and emitting. */
  readonly emitMs: number;
}

/**
 * Emit + format + write (or check) one model into `outDir`, reporting warnings. Shared by
 * `generate` and the demo.
 */
export async function generateInto(
  reporter: Reporter,
  schema: StoreSchema,
  outDir: string,
  options: { readonly emit: EmitOptions; readonly format: boolean; readonly check: boolean; readonly force?: boolean },
): Promise<GenerateRun> {
  const t0 = performance.now();
  const templates = await readRuntimeTemplates();
  const { files, diagnostics, plainStrings } = emitAll(schema, options.emit, { templates });
  for (const d of diagnostics) {
    if (d.level === 'warning') reporter.warn(d.message);
    else reporter.debug(d.message);
  }
  if (plainStrings.length > 0) {
    const n = plainStrings.length;
    reporter.info(`${n} field${n === 1 ? '' : 's'} typed as plain strings: neither the store nor the catalog says what they hold (module fields); --verbose lists them`);
    for (const f of plainStrings) reporter.debug(`  typed as a plain string: ${f}`);
  }
  const emitMs = performance.now() - t0;
  const write = await writeFileMap(outDir, files, {
    format: options.format,
    preformatted: options.format ? await readPreformattedTemplates() : null,
    check: options.check,
    force: options.force ?? false,
    prettierConfigFrom: join(outDir, 'index.ts'),
  });
  for (const p of write.kept) {
    reporter.warn(`${p}: no longer generated, but edited since it was written; left in place and no longer tracked`);
  }
  return { files: files.size, write, emitMs };
}

export async function runGenerate(ctx: CliContext, args: GenerateArgs): Promise<void> {
  const { reporter } = ctx;
  const t0 = performance.now();
  const { config } = await loadUserConfig(ctx.cwd, args.config);
  const outArg = args.out ?? config.out;
  if (outArg === undefined) throw new ConfigError('name the output directory with --out <dir> (or `out` in the config file)', 'out');
  const outDir = resolve(ctx.cwd, outArg);
  const options = resolveGenerateOptions(args, config);
  const schema = await loadSchema(ctx, args, config);
  const loadMs = performance.now() - t0;

  const check = args.check ?? false;
  const run = await generateInto(reporter, schema, outDir, { ...options, check, force: args.force ?? false });
  const { write } = run;
  const where = relative(ctx.cwd, outDir) || '.';
  const threads = write.timings.formatThreads > 1 ? ` on ${write.timings.formatThreads} threads` : '';
  const phases = `load ${ms(loadMs)}, emit ${ms(run.emitMs)}, format ${ms(write.timings.formatMs)}${threads}, write ${ms(write.timings.writeMs)}`;
  if (check) {
    const { added, changed, stale, diff } = write.drift;
    if (added.length + changed.length + stale.length === 0) {
      reporter.out(`${where} is up to date: ${run.files} files checked (${phases})`);
      ctx.setExitCode(EXIT_OK);
      return;
    }
    reporter.out(diff.trimEnd());
    reporter.out(
      `${where} is out of date: ${added.length} missing, ${changed.length} changed, ${stale.length} stale ` +
        `(run \`prestashop-codegen generate\` without --check to update) (${phases})`,
    );
    ctx.setExitCode(EXIT_FAILURE);
    return;
  }
  reporter.out(
    `Generated ${run.files} files in ${where}: ${write.written.length} written, ${write.unchanged.length} unchanged, ` +
      `${write.removed.length} removed (${phases})`,
  );
  ctx.setExitCode(EXIT_OK);
}

/** Folder of the demo's generated code, inside the demo directory. */
export const DEMO_GENERATED_DIR = 'generated';

/** The demo's code generation: the introspected model → `<demo>/generated`, formatted. */
export const generateDemoStep: DemoStep = async (state) => {
  const outDir = join(state.outDir, DEMO_GENERATED_DIR);
  const run = await generateInto(state.reporter, state.schema, outDir, {
    emit: resolveEmitOptions(),
    format: true,
    check: false,
    // The demo folder is the tool's own: regenerate over an earlier demo whatever its state.
    force: true,
  });
  state.reporter.out(
    `Generated ${run.files} files in ${state.show(outDir)}: ${run.write.written.length} written, ` +
      `${run.write.unchanged.length} unchanged, ${run.write.removed.length} removed`,
  );
};

export const generateCommand: CommandFactory = (ctx) => {
  const command: CommandModule<object, GenerateArgs> = {
    command: 'generate',
    describe: 'Generate TypeScript types (and validators and clients) from a snapshot or a live store',
    builder: (y: Argv<object>) =>
      y
        .option('schema', { type: 'string', describe: `Snapshot file to generate from (default: ${DEFAULT_SCHEMA_PATH})` })
        .option('url', { type: 'string', describe: 'Introspect this store first instead of reading a snapshot' })
        .option('key', { type: 'string', describe: 'API key for --url (prefer PRESTASHOP_API_KEY)' })
        .option('out', { type: 'string', describe: 'Output directory' })
        .option('check', {
          type: 'boolean',
          describe: 'Write nothing; print a diff and exit 1 when the output directory is not up to date',
        })
        .option('force', {
          type: 'boolean',
          describe: 'Overwrite files in --out that prestashop-codegen did not write (refused by default)',
        })
        .option('format', { type: 'boolean', describe: 'Format with prettier and your prettier config (default true; --no-format skips)' })
        .option('decimals', { choices: CHOICES.decimals, describe: 'Type of decimal fields (default number)' })
        .option('dates', { choices: CHOICES.dates, describe: 'Type of date fields: the PsDate/PsDateTime strings, or Date (default string)' })
        .option('branded-ids', { type: 'boolean', describe: "Foreign keys as Id<'resource'> (default true; --no-branded-ids for number)" })
        .option('validators', { choices: CHOICES.validators, describe: 'Validators to emit (default standalone)' })
        .option('unknown-keys', { choices: CHOICES.unknownKeys, describe: 'What validators do with unknown keys (default passthrough)' })
        .option('clients', { type: 'boolean', describe: 'Emit per-resource clients (default true; --no-clients skips)' })
        .option('default-language', { type: 'number', describe: 'Language id required multilingual values must have' })
        .option('concurrency', { type: 'number', describe: 'Parallel requests when introspecting with --url (default 8)' })
        .option('ca', { type: 'string', describe: 'With --url: PEM file of the CA certificate(s) to trust (private CA, self-signed)' })
        .option('insecure', { type: 'boolean', describe: 'With --url: do not verify the TLS certificate (DANGEROUS; prefer --ca)' })
        .example('$0 generate --schema prestashop-schema.json --out src/prestashop', 'Generate from a committed snapshot')
        .example('$0 generate --out src/prestashop --check', 'CI: fail when the committed code is out of date')
        .example('$0 generate --url https://shop.example --out gen --no-format', 'Introspect a store, then generate') as Argv<GenerateArgs>,
    handler: (args) => runGenerate(ctx, args),
  };
  return command;
};
