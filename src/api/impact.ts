/**
 * `impact(old, new, options)`: the lines of a TypeScript project that the breaking and dangerous
 * changes between two store schemas affect. The new side's code is generated in memory and swapped
 * for the generated folder inside a ts-morph project: the user's files are never written. The
 * `impact` command loads its sides (files, git revisions, core baselines) and calls `impactOf`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { diff, type FailOn } from '../diff/index.js';
import { resolveEmitOptions, type EmitOptions } from '../emit/context.js';
import { ConfigError, InputError } from '../errors.js';
import type { ImpactReport } from '../impact/index.js';
import { snapshotHash, type StoreSchema } from '../model/index.js';
import { loadBaseline } from './baselines.js';
import { loadSnapshot } from './snapshot.js';

export type { Finding as ImpactFinding, ImpactReport } from '../impact/index.js';

export interface ImpactApiOptions extends Partial<EmitOptions> {
  /** The project's tsconfig.json. */
  readonly project: string;
  /** The folder the generated code lives in (what `generate` wrote). */
  readonly generated: string;
  /** `report.failed` is true when a line uses a change at or above this level. */
  readonly failOn?: FailOn;
  /** Where relative paths start, and what paths in the report are relative to (default: the working directory). */
  readonly cwd?: string;
  /** Called for each warning (the generated folder is from another snapshot, the project loads none of it). */
  readonly onWarning?: (message: string) => void;
}

export interface ImpactApiResult {
  /** The findings, sorted, with the summary (`report.failed` with `failOn`). */
  readonly report: ImpactReport;
  /** User files type-checked. */
  readonly userFiles: number;
  /** Files of the generated folder the project loads (0: it uses none). */
  readonly generatedFiles: number;
}

/**
 * A note when the project's own TypeScript is another major.minor than the one `impact` compiles
 * with (the one ts-morph bundles: ts-morph takes no TypeScript instance), else null.
 */
export function typescriptVersions(tsconfig: string, compiler: string): string | null {
  let theirs: string;
  try {
    const path = createRequire(tsconfig).resolve('typescript/package.json');
    theirs = (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
  const minor = (v: string): string => v.split('.').slice(0, 2).join('.');
  if (minor(theirs) === minor(compiler)) return null;
  return `compiling with TypeScript ${compiler} (bundled in ts-morph), not the project's ${theirs}: a compile error that only one of them reports may differ from your tsc`;
}

/** One side of the comparison: a schema and how to name it in the report. */
export interface ImpactSide {
  readonly schema: StoreSchema;
  readonly label: string;
}

/** An existing file (`dir` false) or directory named by `option`, as an absolute path. */
export function requirePath(cwd: string, path: string | undefined, option: string, dir: boolean): string {
  if (path === undefined) throw new ConfigError(`required: ${option} <${dir ? 'dir' : 'tsconfig.json'}>`, option);
  const abs = resolve(cwd, path);
  if (!existsSync(abs) || statSync(abs).isDirectory() !== dir) {
    throw new InputError(
      dir ? 'no such directory (the folder `generate --out` writes to)' : 'no such file (the project tsconfig.json)',
      path,
    );
  }
  return abs;
}

export interface ImpactInput {
  readonly tsconfig: string;
  readonly generatedDir: string;
  readonly cwd: string;
  /** How the project and the folder are named in messages. */
  readonly projectLabel: string;
  readonly generatedLabel: string;
  readonly emit: EmitOptions;
  readonly failOn: FailOn | null;
  readonly onWarning?: (message: string) => void;
  readonly onInfo?: (message: string) => void;
  readonly onDebug?: (message: string) => void;
}

/** The impact of old → new on the project: diff, generate the new side in memory, analyse, report. */
export async function impactOf(oldSide: ImpactSide, newSide: ImpactSide, input: ImpactInput): Promise<ImpactApiResult> {
  const changes = diff(oldSide.schema, newSide.schema, {
    baselines: {
      old: await loadBaseline(oldSide.schema.store.psVersion),
      new: await loadBaseline(newSide.schema.store.psVersion),
    },
  });
  // Heavy modules (the emitters, ts-morph), loaded only here.
  const [{ emitAll }, { readRuntimeTemplates }, impact, { analyzeImpact, COMPILER_VERSION }] = await Promise.all([
    import('../emit/index.js'),
    import('../templates.js'),
    import('../impact/index.js'),
    import('../impact/analyze.js'),
  ]);
  const considered = impact.impactChanges(changes);
  const { files } = emitAll(newSide.schema, input.emit, { templates: await readRuntimeTemplates() });
  const header = await readFile(resolve(input.generatedDir, 'index.ts'), 'utf8').catch(() => '');
  const hash = /from snapshot ([0-9a-f]{16})/.exec(header)?.[1];
  if (hash !== undefined && hash !== snapshotHash(oldSide.schema)) {
    input.onWarning?.(
      `${input.generatedLabel}: generated from snapshot ${hash}, not from ${oldSide.label} (${snapshotHash(oldSide.schema)}); uses are looked up in the code as it is`,
    );
  }
  input.onInfo?.(`Analysing ${input.projectLabel} against ${considered.length} breaking or dangerous change(s)`);
  const versions = typescriptVersions(input.tsconfig, COMPILER_VERSION);
  if (versions !== null) input.onInfo?.(versions);
  const result = analyzeImpact({
    tsconfig: input.tsconfig,
    generatedDir: input.generatedDir,
    changes: considered,
    names: impact.namesOf(oldSide.schema),
    newFiles: files,
    cwd: input.cwd,
  });
  if (result.generatedFiles === 0) {
    input.onWarning?.(
      `${input.projectLabel} loads no file of ${input.generatedLabel}: no use of the generated code can be found (is --generated the folder generate --out wrote?)`,
    );
  }
  for (const t of result.missingTargets) input.onDebug?.(`not in the generated code: ${t}`);
  input.onDebug?.(
    `impact: ${result.userFiles} user file(s); references ${Math.round(result.timings.references)} ms, compile ${Math.round(result.timings.compile)} ms`,
  );
  const report = impact.buildImpactReport({
    old: { label: oldSide.label, psVersion: oldSide.schema.store.psVersion },
    new: { label: newSide.label, psVersion: newSide.schema.store.psVersion },
    project: relative(input.cwd, input.tsconfig) || input.tsconfig,
    generated: relative(input.cwd, input.generatedDir) || input.generatedDir,
    changes: considered,
    findings: result.findings,
    failOn: input.failOn,
  });
  return { report, userFiles: result.userFiles, generatedFiles: result.generatedFiles };
}

/**
 * The lines of the project at `options.project` that the changes from `old` to `next` (schemas or
 * snapshot paths) affect. Throws `InputError` (a missing file, a bad snapshot) or `ConfigError`.
 */
export async function impact(
  old: StoreSchema | string,
  next: StoreSchema | string,
  options: ImpactApiOptions,
): Promise<ImpactApiResult> {
  const { project, generated, failOn, cwd: cwdOption, onWarning, ...emitOptions } = options;
  const cwd = resolve(cwdOption ?? process.cwd());
  const tsconfig = requirePath(cwd, project, 'project', false);
  const generatedDir = requirePath(cwd, generated, 'generated', true);
  const side = async (s: StoreSchema | string, which: string): Promise<ImpactSide> =>
    typeof s === 'string' ? { schema: await loadSnapshot(resolve(cwd, s)), label: s } : { schema: s, label: which };
  return impactOf(await side(old, 'old'), await side(next, 'new'), {
    tsconfig,
    generatedDir,
    cwd,
    projectLabel: project,
    generatedLabel: generated,
    emit: resolveEmitOptions(emitOptions),
    failOn: failOn ?? null,
    ...(onWarning === undefined ? {} : { onWarning }),
  });
}
