/**
 * `prestashop-codegen impact <old> <new> --project <tsconfig.json> --generated <dir>`: the lines of
 * the user's own TypeScript code that the breaking and dangerous changes between two store schemas
 * affect. The sides are loaded like `diff`'s; the new side's code is generated in memory (with the
 * config file's generate options) and swapped for the generated folder inside a ts-morph project,
 * so the user's files are never written. ts-morph and the emitters are loaded in the handler.
 */
import type { CommandModule } from 'yargs';
import { impactOf, requirePath } from '../../api/impact.js';
import { loadUserConfig } from '../../config/load.js';
import type { UserConfig } from '../../config/types.js';
import { DIFF_FORMATS, FAIL_ON_LEVELS, type DiffFormat, type FailOn } from '../../diff/index.js';
import { ConfigError, EXIT_FAILURE } from '../../errors.js';
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

async function runImpact(ctx: CliContext, args: ImpactArgs, userConfig: UserConfig = {}): Promise<void> {
  if (!DIFF_FORMATS.includes(args.format))
    throw new ConfigError(`expected one of ${DIFF_FORMATS.join(', ')}`, '--format');
  if (args.failOn !== undefined && !FAIL_ON_LEVELS.includes(args.failOn)) {
    throw new ConfigError(`expected one of ${FAIL_ON_LEVELS.join(', ')}`, '--fail-on');
  }
  if (args.old === undefined || args.new === undefined)
    throw new ConfigError('expected two inputs: <old> <new>', 'impact');
  const tsconfig = requirePath(ctx.cwd, args.project, '--project', false);
  const generatedDir = requirePath(ctx.cwd, args.generated, '--generated', true);
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

  const failOn = args.failOn ?? diffSettings(userConfig).failOn ?? null;
  const [{ resolveGenerateOptions }, { renderImpact }] = await Promise.all([
    import('../../config/generate-options.js'),
    import('../../impact/index.js'),
  ]);
  const { report } = await impactOf(oldSide, newSide, {
    tsconfig,
    generatedDir,
    cwd: ctx.cwd,
    projectLabel: args.project ?? tsconfig,
    generatedLabel: args.generated ?? generatedDir,
    emit: resolveGenerateOptions({}, userConfig).emit,
    failOn,
    onWarning: (m) => ctx.reporter.warn(m),
    onInfo: (m) => ctx.reporter.info(m),
    onDebug: (m) => ctx.reporter.debug(m),
  });
  ctx.reporter.out(renderImpact(report, args.format, styler(ctx)).replace(/\n$/, ''));
  if (report.failed) ctx.setExitCode(EXIT_FAILURE);
}

export const impactCommand = (ctx: CliContext): CommandModule<object, ImpactArgs> => ({
  command: 'impact <old> <new>',
  describe:
    'List the lines of your TypeScript project that the breaking and dangerous changes between two schemas affect',
  builder: (y) =>
    upgradeOptions(y)
      .positional('old', { type: 'string', describe: 'Old side: snapshot file, <git-ref>:<path>, or core[@<version>]' })
      .positional('new', {
        type: 'string',
        describe: 'New side: snapshot file, <git-ref>:<path>, or core[@<version>] (with --upgrade)',
      })
      .option('project', { type: 'string', demandOption: true, describe: "Your project's tsconfig.json" })
      .option('generated', {
        type: 'string',
        demandOption: true,
        describe: 'The folder the generated code lives in (generate --out)',
      })
      .option('format', { choices: DIFF_FORMATS, default: 'text' as DiffFormat, describe: 'Output format' })
      .option('json', jsonFlag('impact', true))
      .option('fail-on', {
        choices: FAIL_ON_LEVELS,
        describe: 'Exit 1 when a line uses a change at or above this level',
      })
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
