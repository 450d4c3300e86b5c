/**
 * `diff <snapshot> core@<version> --upgrade [--write-projected <file>]`: the new side is the user's
 * store projected onto another PrestaShop release (src/baselines/project.ts), not the bare core.
 */
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { projectUpgrade } from '../baselines/index.js';
import { ConfigError, InputError } from '../errors.js';
import { serializeSnapshot } from '../model/index.js';
import { writeFileAtomic } from '../write/atomic.js';
import { loadBaseline } from '../api/baselines.js';
import type { LoadedSide, SideSpec } from '../api/sides.js';
import type { CliContext } from './context.js';

export interface UpgradeArgs {
  /** Project the old side onto the new side's core release. */
  readonly upgrade?: boolean;
  /** Write the projected snapshot there (atomically). */
  readonly writeProjected?: string;
}

export function upgradeOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('upgrade', {
      type: 'boolean',
      describe:
        'Compare the old store with itself upgraded to the new side (core@<version>): core items from that release, module items kept',
    })
    .option('write-projected', {
      type: 'string',
      describe: 'With --upgrade: write the projected snapshot to this file (to generate code against it)',
    }) as Argv<T>;
}

/** Checks the flags before anything is loaded. */
export function checkUpgradeArgs(args: UpgradeArgs, newSpec: SideSpec): void {
  if (args.writeProjected !== undefined && args.upgrade !== true) {
    throw new ConfigError('--write-projected needs --upgrade', '--write-projected');
  }
  if (args.upgrade === true && newSpec.kind !== 'core') {
    throw new ConfigError(
      '--upgrade projects the old store onto a PrestaShop release: name the new side core@<version>',
      '--upgrade',
    );
  }
}

/** The projected new side; `target` is the loaded `core@…` side. */
export async function upgradeNewSide(
  ctx: CliContext,
  old: LoadedSide,
  target: LoadedSide,
  newSpec: SideSpec,
  args: UpgradeArgs,
): Promise<LoadedSide> {
  checkUpgradeArgs(args, newSpec);
  const version = old.schema.store.psVersion;
  if (version === null) {
    throw new InputError(
      'the snapshot does not say which PrestaShop release the store runs (store.psVersion is null), so its core items cannot be told from its modules; re-run introspect',
      old.label,
    );
  }
  const source = await loadBaseline(version);
  if (source === null) {
    throw new InputError(`no bundled core baseline for PrestaShop ${version} (bundled: 1.7.x, 8.x, 9.x)`, old.label);
  }
  const projection = projectUpgrade(old.schema, source, target.schema);
  const to = target.schema.store.psVersion ?? '?';
  ctx.reporter.info(
    `Projected ${old.label} (PrestaShop ${version}, baseline ${source.store.psVersion ?? '?'}) onto PrestaShop ${to}: ` +
      `${projection.removed.length} core resource(s) removed, ${projection.added.length} added, ` +
      `${projection.moduleItems.length} module item(s) kept`,
  );
  if (args.writeProjected !== undefined) {
    const path = resolve(ctx.cwd, args.writeProjected);
    await writeFileAtomic(path, serializeSnapshot(projection.schema));
    ctx.reporter.info(`Wrote the projected snapshot to ${args.writeProjected}`);
  }
  return { schema: projection.schema, label: `${old.label} upgraded to ${target.label}`, file: null };
}
