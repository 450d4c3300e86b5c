/**
 * `prestashop-codegen impact <old> <new> --project <tsconfig.json> --generated <dir>`: the lines of
 * the user's own TypeScript code that the breaking and dangerous changes between two store schemas
 * affect. The sides are loaded like `diff`'s; the new side's code is generated in memory (with the
 * config file's generate options) and swapped for the generated folder inside a ts-morph project,
 * so the user's files are never written. ts-morph and the emitters are loaded in the handler.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { loadUserConfig } from '../../config/load.js';
import type { UserConfig } from '../../config/types.js';
import { diff, DIFF_FORMATS, FAIL_ON_LEVELS, type DiffFormat, type FailOn } from '../../diff/index.js';
import { ConfigError, EXIT_FAILURE, InputError } from '../../errors.js';
import { snapshotHash } from '../../model/index.js';
import { loadBaseline } from '../../baselines/files.js';
import { diffSettings, loadSide, parseSideSpec, styler } from './diff.js';
import type { ReadFlags } from '../store-flags.js';
import type { CliContext } from './registry.js';
import { checkUpgradeArgs, upgradeNewSide, upgradeOptions, type UpgradeArgs } from '../diff-upgrade.js';
import { jsonFlag, jsonFormat } from '../option-flags.js';

export interface ImpactArgs extends UpgradeArgs {
  readonly old?: string;
  readonly new?: string;
  /** The user's tsconfig.json. */
  readonly project?: string;
  /** The folder the generated code lives in. */
  readonly generated?: string;
  readonly format: DiffFormat;
  /** `--format json`. */
  readonly json?: boolean;
  readonly failOn?: FailOn;
  readonly config?: string;
}

function requireFile(ctx: CliContext, path: string | undefined, flag: string, dir: boolean): string {
  if (path === undefined) throw new ConfigError(`required: ${flag} <${dir ? 'dir' : 'tsconfig.json'}>`, flag);
  const abs = resolve(ctx.cwd, path);
  if (!existsSync(abs) || statSync(abs).isDirectory() !== dir) {
    throw new InputError(dir ? 'no such directory (the folder `generate --out` writes to)' : 'no such file (the project tsconfig.json)', path);
  }
  return abs;
}

async function runImpact(ctx: CliContext, args: ImpactArgs, userConfig: UserConfig = {}): Promise<void> {
  if (!DIFF_FORMATS.includes(args.format)) throw new ConfigError(`expected one of ${DIFF_FORMATS.join(', ')}`, '--format');
  if (args.failOn !== undefined && !FAIL_ON_LEVELS.includes(args.failOn)) {
    throw new ConfigError(`expected one of ${FAIL_ON_LEVELS.join(', ')}`, '--fail-on');
  }
  if (args.old === undefined || args.new === undefined) throw new ConfigError('expected two inputs: <old> <new>', 'impact');
  const tsconfig = requireFile(ctx, args.project, '--project', false);
  const generatedDir = requireFile(ctx, args.generated, '--generated', true);
  const oldSpec = parseSideSpec(args.old, ctx.cwd);
  const newSpec = parseSideSpec(args.new, ctx.cwd);
  checkUpgradeArgs(args, newSpec);
  // impact compares snapshots, git revisions and core baselines; live stores take diff's flags.
  const tls: ReadFlags = {};
  const oldFirst = !(oldSpec.kind === 'core' && oldSpec.version === null);
  const first = oldFirst ? await loadSide(ctx, 'old', oldSpec, null, userConfig, tls) : null;
  const loadedNew = await loadSide(ctx, 'new', newSpec, first?.schema.store.psVersion ?? null, userConfig, tls);
  const oldSide = first ?? (await loadSide(ctx, 'old', oldSpec, loadedNew.schema.store.psVersion, userConfig, tls));
  const newSide = args.upgrade === true ? await upgradeNewSide(ctx, oldSide, loadedNew, newSpec, args) : loadedNew;

  const changes = diff(oldSide.schema, newSide.schema, {
    baselines: { old: await loadBaseline(oldSide.schema.store.psVersion), new: await loadBaseline(newSide.schema.store.psVersion) },
  });
  const failOn = args.failOn ?? diffSettings(userConfig).failOn ?? null;

  // Heavy modules, loaded only by this command.
  const [{ emitAll }, { readRuntimeTemplates }, { resolveGenerateOptions }, impact, { analyzeImpact }] = await Promise.all([
    import('../../emit/index.js'),
    import('../../templates.js'),
    import('../../config/generate-options.js'),
    import('../../impact/index.js'),
    import('../../impact/analyze.js'),
  ]);
  const considered = impact.impactChanges(changes);
  const options = resolveGenerateOptions({}, userConfig).emit;
  const { files } = emitAll(newSide.schema, options, { templates: await readRuntimeTemplates() });
  const header = await readFile(resolve(generatedDir, 'index.ts'), 'utf8').catch(() => '');
  const hash = /from snapshot ([0-9a-f]{16})/.exec(header)?.[1];
  if (hash !== undefined && hash !== snapshotHash(oldSide.schema)) {
    ctx.reporter.warn(`${args.generated}: generated from snapshot ${hash}, not from ${oldSide.label} (${snapshotHash(oldSide.schema)}); uses are looked up in the code as it is`);
  }
  ctx.reporter.info(`Analysing ${args.project} against ${considered.length} breaking or dangerous change(s)`);
  const result = analyzeImpact({
    tsconfig,
    generatedDir,
    changes: considered,
    names: impact.namesOf(oldSide.schema),
    newFiles: files,
    cwd: ctx.cwd,
  });
  if (result.generatedFiles === 0) {
    ctx.reporter.warn(`${args.project} loads no file of ${args.generated}: no use of the generated code can be found (is --generated the folder generate --out wrote?)`);
  }
  for (const t of result.missingTargets) ctx.reporter.debug(`not in the generated code: ${t}`);
  ctx.reporter.debug(
    `impact: ${result.userFiles} user file(s); references ${Math.round(result.timings.references)} ms, compile ${Math.round(result.timings.compile)} ms`,
  );
  const report = impact.buildImpactReport({
    old: { label: oldSide.label, psVersion: oldSide.schema.store.psVersion },
    new: { label: newSide.label, psVersion: newSide.schema.store.psVersion },
    project: relative(ctx.cwd, tsconfig) || tsconfig,
    generated: relative(ctx.cwd, generatedDir) || generatedDir,
    changes: considered,
    findings: result.findings,
    failOn,
  });
  ctx.reporter.out(impact.renderImpact(report, args.format, styler(ctx)).replace(/\n$/, ''));
  if (report.failed) ctx.setExitCode(EXIT_FAILURE);
}

export const impactCommand = (ctx: CliContext): CommandModule<object, ImpactArgs> => ({
  command: 'impact <old> <new>',
  describe: 'List the lines of your TypeScript project that the breaking and dangerous changes between two schemas affect',
  builder: (y) =>
    upgradeOptions(y)
      .positional('old', { type: 'string', describe: 'Old side: snapshot file, <git-ref>:<path>, or core[@<version>]' })
      .positional('new', { type: 'string', describe: 'New side: snapshot file, <git-ref>:<path>, or core[@<version>] (with --upgrade)' })
      .option('project', { type: 'string', demandOption: true, describe: "Your project's tsconfig.json" })
      .option('generated', { type: 'string', demandOption: true, describe: 'The folder the generated code lives in (generate --out)' })
      .option('format', { choices: DIFF_FORMATS, default: 'text' as DiffFormat, describe: 'Output format' })
      .option('json', jsonFlag('impact', true))
      .option('fail-on', { choices: FAIL_ON_LEVELS, describe: 'Exit 1 when a line uses a change at or above this level' })
      .example(
        '$0 impact prestashop-schema.json next.json --project tsconfig.json --generated src/prestashop',
        'Before an upgrade: the lines a projected snapshot breaks',
      )
      .example(
        '$0 impact HEAD:prestashop-schema.json prestashop-schema.json --project tsconfig.json --generated src/prestashop --fail-on breaking',
        'After an upgrade: against the committed snapshot',
      ) as never,
  handler: async (args) => {
    const loaded = await loadUserConfig(ctx.cwd, args.config);
    if (loaded.path !== null) ctx.reporter.debug(`config: ${loaded.path}`);
    await runImpact(ctx, { ...args, format: jsonFormat(args) }, loaded.config);
  },
});
