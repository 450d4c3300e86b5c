/**
 * `prestashop-codegen generate`: snapshot (or live store) → TypeScript in an output directory.
 * Phases: load (read the snapshot or introspect), emit (pure), format and write (src/write).
 * `--check` writes nothing and exits 1 when the directory differs from what would be generated.
 */
import { join, relative, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { generate, type GenerateResult } from '../../api/generate.js';
import { DEFAULT_SCHEMA_PATH, loadUserConfig, resolveSchemaPath, type LoadedConfig } from '../../config/load.js';
import { selectStore } from '../../config/stores.js';
import { resolveGenerateOptions, type GenerateFlags } from '../../config/generate-options.js';
import { ConfigError, EXIT_FAILURE, EXIT_OK } from '../../errors.js';
import type { StoreSchema } from '../../model/index.js';
import { driftListing, patchPrefix, rebaseDiff } from '../check-report.js';
import { generateJson, renderJsonReport } from '../json-report.js';
import { flagDefinition, jsonFlag } from '../option-flags.js';
import type { Reporter } from '../reporter.js';
import { resolveStoreOptions, storeOptions, type StoreArgs } from '../store-flags.js';
import type { DemoStep } from './demo.js';
import type { CliContext, CommandFactory } from './registry.js';

export interface GenerateArgs extends StoreArgs, GenerateFlags {
  schema?: string;
  out?: string;
  json?: boolean;
  check?: boolean;
  watch?: boolean;
  force?: boolean;
}

/** The model from a live store, or the path of the snapshot file (read by `generate`, which keys the run on its bytes). */
async function loadSchema(ctx: CliContext, args: GenerateArgs, loaded: LoadedConfig): Promise<StoreSchema | string> {
  // Introspect only when asked on the command line: a URL in the environment or the config file
  // must not turn an offline CI generation into network traffic.
  if (args.url !== undefined) {
    const { options } = await resolveStoreOptions(ctx, args, loaded);
    // Loaded here only: generating from a snapshot does not need the HTTP stack.
    const [{ introspect }, { progressPrinter }] = await Promise.all([
      import('../../api/introspect.js'),
      import('../progress.js'),
    ]);
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
  return resolveSchemaPath(args.schema, config, ctx.cwd);
}

/** The flags of the config file's `generate` section (src/config/options.ts), in help order. */
const GENERATE_FLAGS = [
  'format',
  'decimals',
  'dates',
  'branded-ids',
  'validators',
  'unknown-keys',
  'clients',
  'default-language',
  'banner',
  'import-extension',
] as const;

const ms = (n: number): string => `${Math.round(n)} ms`;

const READ_FLAGS = [
  'include',
  'exclude',
  'concurrency',
  'synopsis-format',
  'timeout',
  'retries',
  'ws-key',
  'ca',
  'insecure',
] as const;

/** The emitters' notes (--verbose) and the count of fields still typed as plain strings. */
function reportEmit(reporter: Reporter, run: GenerateResult): void {
  for (const d of run.diagnostics) if (d.level !== 'warning') reporter.debug(d.message);
  const n = run.plainStrings.length;
  if (n > 0) {
    const core = new Set(run.untypedCore);
    const parts = [
      ...(core.size > 0
        ? [`${core.size} core field${core.size === 1 ? '' : 's'} PrestaShop declares without a type`]
        : []),
      ...(n > core.size
        ? [`${n - core.size} module field${n - core.size === 1 ? '' : 's'} neither the store nor the catalog describes`]
        : []),
    ];
    reporter.info(`${n} field${n === 1 ? '' : 's'} typed as plain strings (${parts.join(', ')}); --verbose lists them`);
    for (const f of run.plainStrings)
      reporter.debug(`  typed as a plain string: ${f} (${core.has(f) ? 'core, no declared type' : 'module field'})`);
  }
}

async function runGenerate(ctx: CliContext, args: GenerateArgs): Promise<void> {
  const { reporter } = ctx;
  const t0 = performance.now();
  const loaded = await loadUserConfig(ctx.cwd, args.config);
  const { config } = loaded;
  const outArg = args.out ?? config.out;
  if (outArg === undefined)
    throw new ConfigError('name the output directory with --out <dir> (or "out" in the config file)');
  const outDir = resolve(ctx.cwd, outArg);
  const options = resolveGenerateOptions(args, config);
  if (args.url === undefined) {
    const unused = READ_FLAGS.filter((f) => args[f] !== undefined);
    if (unused.length > 0)
      reporter.warn(`${unused.map((f) => `--${f}`).join(', ')}: only used when introspecting (--url); ignored`);
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
    // A bar on a terminal only: redirected stderr (CI logs) stays quiet.
    ...(reporter.isTTY
      ? {
          onProgress: (phase: string, done: number, total: number) =>
            reporter.progress(done, total, `${phase === 'format' ? 'formatting' : 'writing'} files`),
        }
      : {}),
  });
  reporter.clearProgress();
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
    reporter.out(
      renderJsonReport(
        generateJson({ out: where, check, files: run.files.size, write, warnings, loadMs, emitMs: run.emitMs }),
      ),
    );
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
    reporter.out(
      [
        ...driftListing(drift),
        'Run with --verbose for the full diff (git apply accepts it from the repository root).',
      ].join('\n'),
    );
  }
}

/** `generate --watch`: a run now, then one after each change of the snapshot or the config file. */
async function watchGenerate(ctx: CliContext, args: GenerateArgs): Promise<void> {
  for (const flag of ['check', 'json', 'url'] as const) {
    if (args[flag] !== undefined && args[flag] !== false)
      throw new ConfigError(`cannot be combined with --${flag}: --watch regenerates from files`, '--watch');
  }
  const loaded = await loadUserConfig(ctx.cwd, args.config);
  const config = args.store === undefined ? loaded.config : selectStore(loaded.config, args.store, ctx.env).config;
  const files = [resolveSchemaPath(args.schema, config, ctx.cwd), ...(loaded.path === null ? [] : [loaded.path])];
  const { watchAndRun } = await import('../watch.js');
  await watchAndRun({ files, reporter: ctx.reporter, run: () => runGenerate(ctx, args) });
}

/** Folder of the demo's generated code, inside the demo directory. */
const DEMO_GENERATED_DIR = 'generated';

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
          describe:
            'A store of the config file\'s "stores": generate from its snapshot ("schema"), or with --url, introspect it with its key',
        })
        .option('schema', {
          type: 'string',
          describe: `Snapshot file to generate from (default: ${DEFAULT_SCHEMA_PATH})`,
        })
        .option('out', { type: 'string', describe: 'Output directory' })
        .option('check', {
          type: 'boolean',
          describe:
            'Write nothing; exit 1 and list what differs when the output directory is not up to date (--verbose: full diff)',
        })
        .option('json', jsonFlag('generate'))
        .option('watch', {
          type: 'boolean',
          describe: 'Generate again whenever the snapshot or the config file changes, until Ctrl+C',
        })
        .option('force', {
          type: 'boolean',
          describe: 'Overwrite files in --out that prestashop-codegen did not write (refused by default)',
        })
        .options(Object.fromEntries(GENERATE_FLAGS.map((f) => [f, flagDefinition(f, 'generate')])))
        .example(
          '$0 generate --schema prestashop-schema.json --out src/prestashop',
          'Generate from a committed snapshot',
        )
        .example('$0 generate --out src/prestashop --check', 'CI: fail when the committed code is out of date')
        .example('$0 generate --out src/prestashop --watch', 'Regenerate on every change of the snapshot or the config')
        .example(
          '$0 generate --url https://shop.example --out gen --no-format',
          'Introspect a store, then generate',
        ) as Argv<GenerateArgs>,
    handler: (args) => (args.watch === true ? watchGenerate(ctx, args) : runGenerate(ctx, args)),
  };
  return command;
};
