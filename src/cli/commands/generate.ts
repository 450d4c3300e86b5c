/**
 * `prestashop-codegen generate`: snapshot (or live store) → TypeScript in an output directory.
 * Phases: load (read the snapshot or introspect), emit (pure), format and write (src/write).
 * `--check` writes nothing and exits 1 when the directory differs from what would be generated.
 */
import { join, relative, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { generate, type GenerateResult } from '../../api/generate.js';
import { loadSnapshot } from '../../api/snapshot.js';
import { DEFAULT_SCHEMA_PATH, loadUserConfig, resolveSchemaPath, type LoadedConfig } from '../../config/load.js';
import { selectStore } from '../../config/stores.js';
import type { UserConfig } from '../../config/types.js';
import { DEFAULT_EMIT_OPTIONS, resolveEmitOptions, type EmitOptions } from '../../emit/context.js';
import { VALIDATORS_CHOICES } from '../../emit/validators/flavours.js';
import { ConfigError, EXIT_FAILURE, EXIT_OK } from '../../errors.js';
import { HTTP_METHODS, type StoreSchema } from '../../model/index.js';
import { driftListing, patchPrefix, rebaseDiff } from '../check-report.js';
import { generateJson, renderJsonReport } from '../json-report.js';
import type { Reporter } from '../reporter.js';
import { resolveStoreOptions, storeOptions, type StoreArgs } from '../store-flags.js';
import type { DemoStep } from './demo.js';
import type { CliContext, CommandFactory } from './registry.js';

export interface GenerateArgs extends StoreArgs {
  schema?: string;
  out?: string;
  json?: boolean;
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
}

/** Allowed values of the choice options, shared by the flags and the config file check. */
const CHOICES = {
  decimals: ['number', 'string'],
  dates: ['string', 'Date'],
  validators: VALIDATORS_CHOICES,
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

async function loadSchema(ctx: CliContext, args: GenerateArgs, loaded: LoadedConfig): Promise<StoreSchema> {
  // Introspect only when asked on the command line: a URL in the environment or the config file
  // must not turn an offline CI generation into network traffic.
  if (args.url !== undefined) {
    const { options } = await resolveStoreOptions(ctx, args, loaded);
    // Loaded here only: generating from a snapshot does not need the HTTP stack.
    const [{ introspect }, { progressPrinter }] = await Promise.all([import('../../api/introspect.js'), import('./introspect.js')]);
    const { schema } = await introspect({
      ...options,
      onProgress: progressPrinter(ctx.reporter),
      onWarning: (message) => ctx.reporter.warn(message),
    });
    ctx.reporter.clearProgress();
    return schema;
  }
  // `--store <name>` without --url: that store's committed snapshot (its "schema"), offline.
  const config = args.store === undefined ? loaded.config : selectStore(loaded.config, args.store, ctx.env).config;
  return loadSnapshot(resolveSchemaPath(args.schema, config, ctx.cwd));
}

const ms = (n: number): string => `${Math.round(n)} ms`;

const READ_FLAGS = ['include', 'exclude', 'concurrency', 'synopsis-format', 'timeout', 'retries', 'ws-key', 'ca', 'insecure'] as const;

/** The emitters' notes (--verbose) and the count of fields still typed as plain strings. */
function reportEmit(reporter: Reporter, run: GenerateResult): void {
  for (const d of run.diagnostics) if (d.level !== 'warning') reporter.debug(d.message);
  const n = run.plainStrings.length;
  if (n > 0) {
    const core = new Set(run.untypedCore);
    const parts = [
      ...(core.size > 0 ? [`${core.size} core field${core.size === 1 ? '' : 's'} PrestaShop declares without a type`] : []),
      ...(n > core.size ? [`${n - core.size} module field${n - core.size === 1 ? '' : 's'} neither the store nor the catalog describes`] : []),
    ];
    reporter.info(`${n} field${n === 1 ? '' : 's'} typed as plain strings (${parts.join(', ')}); --verbose lists them`);
    for (const f of run.plainStrings) reporter.debug(`  typed as a plain string: ${f} (${core.has(f) ? 'core, no declared type' : 'module field'})`);
  }
}

export async function runGenerate(ctx: CliContext, args: GenerateArgs): Promise<void> {
  const { reporter } = ctx;
  const t0 = performance.now();
  const loaded = await loadUserConfig(ctx.cwd, args.config);
  const { config } = loaded;
  const outArg = args.out ?? config.out;
  if (outArg === undefined) throw new ConfigError('name the output directory with --out <dir> (or "out" in the config file)');
  const outDir = resolve(ctx.cwd, outArg);
  const options = resolveGenerateOptions(args, config);
  if (args.url === undefined) {
    const unused = READ_FLAGS.filter((f) => args[f] !== undefined);
    if (unused.length > 0) reporter.warn(`${unused.map((f) => `--${f}`).join(', ')}: only used when introspecting (--url); ignored`);
  }
  const schema = await loadSchema(ctx, args, loaded);
  const loadMs = performance.now() - t0;

  const check = args.check ?? false;
  const warnings: string[] = [];
  const run = await generate(schema, {
    ...options.emit,
    format: options.format,
    out: outDir,
    check,
    force: args.force ?? false,
    onWarning: (m) => {
      warnings.push(m);
      reporter.warn(m);
    },
  });
  reportEmit(reporter, run);
  const write = run.write!;
  for (const p of write.kept) {
    const m = `${p}: no longer generated, but edited since it was written; left in place and no longer tracked`;
    warnings.push(m);
    reporter.warn(m);
  }
  const where = relative(ctx.cwd, outDir) || '.';
  const drift = write.drift;
  const drifting = drift.added.length + drift.changed.length + drift.stale.length > 0;
  ctx.setExitCode(check && drifting ? EXIT_FAILURE : EXIT_OK);
  if (args.json === true) {
    reporter.out(renderJsonReport(generateJson({ out: where, check, files: run.files.size, write, warnings, loadMs, emitMs: run.emitMs })));
    return;
  }
  const threads = write.timings.formatThreads > 1 ? ` on ${write.timings.formatThreads} threads` : '';
  const phases = `load ${ms(loadMs)}, emit ${ms(run.emitMs)}, format ${ms(write.timings.formatMs)}${threads}, write ${ms(write.timings.writeMs)}`;
  if (!check) {
    reporter.summary(
      `Generated ${run.files.size} files in ${where}: ${write.written.length} written, ${write.unchanged.length} unchanged, ` +
        `${write.removed.length} removed (${phases})`,
    );
    return;
  }
  if (!drifting) {
    reporter.summary(`${where} is up to date: ${run.files.size} files checked (${phases})`);
    return;
  }
  if (reporter.verbose) reporter.out(rebaseDiff(drift.diff, patchPrefix(outDir, ctx.cwd), drift).trimEnd());
  reporter.out(
    `${where} is out of date: ${drift.added.length} missing, ${drift.changed.length} changed, ${drift.stale.length} stale ` +
      '(run `prestashop-codegen generate` without --check to update)',
  );
  if (!reporter.verbose && !reporter.quiet) {
    reporter.out([...driftListing(drift), 'Run with --verbose for the full diff (git apply accepts it from the repository root).'].join('\n'));
  }
}

/** Folder of the demo's generated code, inside the demo directory. */
export const DEMO_GENERATED_DIR = 'generated';

/** The demo's code generation: the introspected model → `<demo>/generated`, formatted. */
export const generateDemoStep: DemoStep = async (state) => {
  const outDir = join(state.outDir, DEMO_GENERATED_DIR);
  const run = await generate(state.schema, {
    out: outDir,
    // The demo folder is the tool's own: regenerate over an earlier demo whatever its state.
    force: true,
    onWarning: (m) => state.reporter.warn(m),
  });
  reportEmit(state.reporter, run);
  const write = run.write!;
  state.reporter.summary(
    `Generated ${run.files.size} files in ${state.show(outDir)}: ${write.written.length} written, ` +
      `${write.unchanged.length} unchanged, ${write.removed.length} removed`,
  );
};

export const generateCommand: CommandFactory = (ctx) => {
  const command: CommandModule<object, GenerateArgs> = {
    command: 'generate',
    describe: 'Generate TypeScript types (and validators and clients) from a snapshot or a live store',
    builder: (y: Argv<object>) =>
      storeOptions(y, 'Introspect this store first instead of reading a snapshot (with --key or PRESTASHOP_API_KEY)')
        .option('store', {
          type: 'string',
          describe: 'A store of the config file\'s "stores": generate from its snapshot ("schema"), or with --url, introspect it with its key',
        })
        .option('schema', { type: 'string', describe: `Snapshot file to generate from (default: ${DEFAULT_SCHEMA_PATH})` })
        .option('out', { type: 'string', describe: 'Output directory' })
        .option('check', {
          type: 'boolean',
          describe: 'Write nothing; exit 1 and list what differs when the output directory is not up to date (--verbose: full diff)',
        })
        .option('json', { type: 'boolean', describe: 'Print a JSON report on stdout (schemas/generate-output.schema.json)' })
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
        .example('$0 generate --schema prestashop-schema.json --out src/prestashop', 'Generate from a committed snapshot')
        .example('$0 generate --out src/prestashop --check', 'CI: fail when the committed code is out of date')
        .example('$0 generate --url https://shop.example --out gen --no-format', 'Introspect a store, then generate') as Argv<GenerateArgs>,
    handler: (args) => runGenerate(ctx, args),
  };
  return command;
};
