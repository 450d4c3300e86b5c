/**
 * `prestashop-codegen diff <old> <new>`: loads each side (src/api/sides.ts for a snapshot file,
 * `ref:path` from git or a bundled core baseline; the introspector for a live store), runs the pure
 * diff, applies ignores and prints the report. It reads the ignore file, the clock and sets the exit code.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { styleText } from 'node:util';
import type { CommandModule } from 'yargs';
import { checkSection } from '../../config/check.js';
import { loadUserConfig } from '../../config/load.js';
import { selectStore } from '../../config/stores.js';
import type { DiffConfig, UserConfig } from '../../config/types.js';
import {
  applyIgnores,
  buildReport,
  diff,
  DIFF_FORMATS,
  FAIL_ON_LEVELS,
  parseIgnoreFile,
  renderReport,
  toIgnoreRule,
  type DiffFormat,
  type FailOn,
  type IgnoreRule,
  type Styler,
} from '../../diff/index.js';
import { ConfigError, EXIT_FAILURE, InputError, IntrospectError, redactUrl } from '../../errors.js';
import { snapshotLineIndex } from '../snapshot-lines.js';
import { readOptions, readStoreOptions, type ReadFlags } from '../store-flags.js';
import { loadOfflineSide, parseSideSpec, type LoadedSide, type SideSpec } from '../../api/sides.js';
import { loadBaseline } from '../../api/baselines.js';
import { checkUpgradeArgs, upgradeNewSide, upgradeOptions, type UpgradeArgs } from '../diff-upgrade.js';

export { loadBaseline } from '../../api/baselines.js';
export { parseSideSpec, type LoadedSide, type SideSpec };
import type { CliContext } from './registry.js';
import { jsonFlag, jsonFormat } from '../option-flags.js';

const DEFAULT_IGNORE_FILE = '.prestashop-codegen-diff-ignore';

type Which = 'old' | 'new';

/** The URL and key of a live side: `--old-url`/`--new-url` (key from the environment) or `store:<name>`. */
function liveTarget(ctx: CliContext, which: Which, spec: SideSpec & { kind: 'url' | 'store' }, config: UserConfig) {
  if (spec.kind === 'store') {
    const selected = selectStore(config, spec.name, ctx.env);
    const url = selected.url ?? '';
    const key = selected.key ?? ctx.env.PRESTASHOP_API_KEY ?? '';
    if (url === '') throw new ConfigError(`store "${spec.name}" has no "url" in the config file`);
    if (key === '')
      throw new ConfigError(`store "${spec.name}" has no key: set "keyEnv" (or "key") in the config file`);
    return { url, key, config: selected.config, label: `store:${spec.name}` };
  }
  const envName = which === 'old' ? 'PRESTASHOP_OLD_API_KEY' : 'PRESTASHOP_NEW_API_KEY';
  const key = ctx.env[envName] || ctx.env.PRESTASHOP_API_KEY || config.key;
  if (key === undefined || key === '')
    throw new ConfigError(`no API key for --${which}-url: set ${envName} (or PRESTASHOP_API_KEY)`);
  return { url: spec.url, key, config, label: redactUrl(spec.url) };
}

async function introspect(
  ctx: CliContext,
  which: Which,
  spec: SideSpec & { kind: 'url' | 'store' },
  config: UserConfig,
  flags: ReadFlags,
): Promise<LoadedSide> {
  const target = liveTarget(ctx, which, spec, config);
  const label = target.label;
  const options = await readStoreOptions(ctx, flags, target.config, target);
  ctx.reporter.info(`Introspecting the ${which} store ${label}`);
  try {
    // Only live sides need the HTTP stack; loading it lazily keeps snapshot diffs fast.
    const { introspectStore } = await import('../../introspect/index.js');
    const { schema } = await introspectStore({
      ...options,
      onProgress: (done, total, resource) => ctx.reporter.progress(done, total, `${which}: ${resource}`),
      onWarning: (message) => ctx.reporter.warn(`${which} store: ${message}`),
    });
    return { schema, label, file: null };
  } catch (error) {
    // For diff, exit 1 means "changes at the --fail-on level"; a store that cannot be read is an input error.
    if (error instanceof IntrospectError) throw new InputError(error.message, `${which} store`, { cause: error });
    throw error;
  } finally {
    ctx.reporter.clearProgress();
  }
}

export async function loadSide(
  ctx: CliContext,
  which: Which,
  spec: SideSpec,
  otherVersion: string | null,
  config: UserConfig,
  flags: ReadFlags,
): Promise<LoadedSide> {
  if (spec.kind === 'url' || spec.kind === 'store') return introspect(ctx, which, spec, config, flags);
  return loadOfflineSide(ctx.cwd, spec, otherVersion);
}

/** Ignore entries from the ignore file (explicit or default) and the config, with their sources. */
async function loadIgnores(ctx: CliContext, ignoreFile: string | undefined, config: DiffConfig): Promise<IgnoreRule[]> {
  const rules: IgnoreRule[] = [];
  const path = ignoreFile ?? DEFAULT_IGNORE_FILE;
  const abs = resolve(ctx.cwd, path);
  if (ignoreFile !== undefined || existsSync(abs)) {
    let text: string;
    try {
      text = await readFile(abs, 'utf8');
    } catch (error) {
      throw new InputError(`cannot read the ignore file (${(error as NodeJS.ErrnoException).code ?? 'error'})`, path);
    }
    rules.push(...parseIgnoreFile(text, path));
  }
  (config.ignore ?? []).forEach((e, i) => rules.push(toIgnoreRule(e, `config diff.ignore[${i}]`)));
  return rules;
}

/** The config file's `diff` section, checked (the loader checks it too, naming the file). */
export function diffSettings(config: UserConfig): DiffConfig {
  checkSection('diff', config.diff, 'diff.', null);
  return config.diff ?? {};
}

export function styler(ctx: CliContext): Styler | undefined {
  const env = ctx.env;
  const force = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0';
  const tty = ctx.reporter.stdoutIsTTY && (env.NO_COLOR === undefined || env.NO_COLOR === '') && env.TERM !== 'dumb';
  // We decided on colour above, for the stream we write to: tell styleText not to second-guess it.
  return force || tty ? (style, text) => styleText(style, text, { validateStream: false }) : undefined;
}

export interface DiffArgs extends UpgradeArgs, ReadFlags {
  readonly old?: string;
  readonly new?: string;
  readonly oldUrl?: string;
  readonly newUrl?: string;
  readonly format: DiffFormat;
  /** `--format json`. */
  readonly json?: boolean;
  readonly failOn?: FailOn;
  readonly ignoreFile?: string;
  /** Config file (global `--config`). */
  readonly config?: string;
}

/** Which inputs the positionals and URL flags name, in order old then new. */
function sideSpecs(ctx: CliContext, args: DiffArgs): [SideSpec, SideSpec] {
  const positionals = [args.old, args.new].filter((p): p is string => p !== undefined);
  const needed = (args.oldUrl === undefined ? 1 : 0) + (args.newUrl === undefined ? 1 : 0);
  if (positionals.length !== needed) {
    throw new ConfigError(
      `diff: expected ${needed === 2 ? 'two inputs' : needed === 1 ? 'one input besides the URL' : 'no input besides the two URLs'}, got ${positionals.length}`,
    );
  }
  const next = (): SideSpec => parseSideSpec(positionals.shift()!, ctx.cwd);
  const old: SideSpec = args.oldUrl !== undefined ? { kind: 'url', url: args.oldUrl } : next();
  const neu: SideSpec = args.newUrl !== undefined ? { kind: 'url', url: args.newUrl } : next();
  return [old, neu];
}

async function runDiff(ctx: CliContext, args: DiffArgs, userConfig: UserConfig = {}): Promise<void> {
  const config = diffSettings(userConfig);
  // yargs checks choices for the CLI; runDiff is also called directly, so check them here too.
  if (!DIFF_FORMATS.includes(args.format))
    throw new ConfigError(`expected one of ${DIFF_FORMATS.join(', ')}`, '--format');
  if (args.failOn !== undefined && !FAIL_ON_LEVELS.includes(args.failOn)) {
    throw new ConfigError(`expected one of ${FAIL_ON_LEVELS.join(', ')}`, '--fail-on');
  }
  const [oldSpec, newSpec] = sideSpecs(ctx, args);
  checkUpgradeArgs(args, newSpec);
  // A `core` side takes its version from the other side, so load that one first.
  const oldFirst = !(oldSpec.kind === 'core' && oldSpec.version === null);
  const first = oldFirst ? await loadSide(ctx, 'old', oldSpec, null, userConfig, args) : null;
  const loadedNew = await loadSide(ctx, 'new', newSpec, first?.schema.store.psVersion ?? null, userConfig, args);
  const oldSide = first ?? (await loadSide(ctx, 'old', oldSpec, loadedNew.schema.store.psVersion, userConfig, args));
  const newSide = args.upgrade === true ? await upgradeNewSide(ctx, oldSide, loadedNew, newSpec, args) : loadedNew;

  const baselines = {
    old: await loadBaseline(oldSide.schema.store.psVersion),
    new: await loadBaseline(newSide.schema.store.psVersion),
  };
  const changes = diff(oldSide.schema, newSide.schema, { baselines });
  const rules = await loadIgnores(ctx, args.ignoreFile, config);
  const today = new Date().toISOString().slice(0, 10);
  const outcome = applyIgnores(changes, rules, today);
  const failOn = args.failOn ?? config.failOn ?? null;
  const report = buildReport(
    {
      old: { label: oldSide.label, psVersion: oldSide.schema.store.psVersion },
      new: { label: newSide.label, psVersion: newSide.schema.store.psVersion },
    },
    outcome,
    failOn,
  );
  for (const { entry } of report.expiredIgnores) {
    ctx.reporter.warn(
      `${entry.source}: ignore entry ${entry.id} ${entry.path} expired on ${entry.expires ?? ''}; it no longer applies`,
    );
  }
  for (const entry of report.unusedIgnores) ctx.reporter.debug(`${entry.source}: ignore entry matched no change`);

  const file = newSide.file ?? oldSide.file;
  const annotationFile = file === null || !isAbsolute(file) ? null : relative(ctx.cwd, file).split('\\').join('/');
  const line =
    annotationFile === null || args.format !== 'github' ? null : snapshotLineIndex(await readFile(file!, 'utf8'));
  const text = renderReport(report, args.format, { style: styler(ctx), file: annotationFile, line });
  ctx.reporter.out(text.replace(/\n$/, ''));
  if (report.failed) ctx.setExitCode(EXIT_FAILURE);
}

export const diffCommand = (ctx: CliContext): CommandModule<object, DiffArgs> => ({
  command: 'diff [old] [new]',
  describe: 'Compare two store schemas and classify each change as breaking, dangerous or safe',
  builder: (y) =>
    upgradeOptions(readOptions(y, 'live sides'))
      .positional('old', {
        type: 'string',
        describe:
          'Old side: snapshot file, <git-ref>:<path>, store:<name> (config "stores"), or core[@<version>] (1.7.x, 8.x, 9.x)',
      })
      .positional('new', {
        type: 'string',
        describe:
          'New side: snapshot file, <git-ref>:<path>, store:<name> (config "stores"), or core[@<version>] (1.7.x, 8.x, 9.x)',
      })
      .option('old-url', {
        type: 'string',
        describe: 'Introspect the old side from a live store (key: PRESTASHOP_OLD_API_KEY)',
      })
      .option('new-url', {
        type: 'string',
        describe: 'Introspect the new side from a live store (key: PRESTASHOP_NEW_API_KEY)',
      })
      .option('format', { choices: DIFF_FORMATS, default: 'text' as DiffFormat, describe: 'Output format' })
      .option('json', jsonFlag('diff', true))
      .option('fail-on', { choices: FAIL_ON_LEVELS, describe: 'Exit 1 when a change at or above this level remains' })
      .option('ignore-file', {
        type: 'string',
        describe: `Accepted changes (default: ${DEFAULT_IGNORE_FILE} when present)`,
      })
      .example(
        '$0 diff HEAD~1:prestashop-schema.json prestashop-schema.json --fail-on breaking',
        'Gate CI on breaking changes',
      )
      .example(
        '$0 diff old.json --new-url https://shop.example --format markdown',
        'Before an upgrade, against a staging store',
      )
      .example('$0 diff core prestashop-schema.json', 'What the modules of a store add to its core')
      .example('$0 diff core@1.7.8 core@9.0', 'What changes between two PrestaShop releases (offline)')
      .example(
        '$0 diff prestashop-schema.json core@9.0 --upgrade --write-projected next.json',
        'This store after an upgrade to 9.0',
      )
      .example('$0 diff store:production store:staging', 'Two stores of the config file') as never,
  handler: async (args) => {
    const loaded = await loadUserConfig(ctx.cwd, args.config);
    if (loaded.path !== null) ctx.reporter.debug(`config: ${loaded.path}`);
    await runDiff(ctx, { ...args, format: jsonFormat(args) }, loaded.config);
  },
});
