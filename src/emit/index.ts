/**
 * `emitAll`: runs every emitter in a fixed order on the canonical model, merges their file maps
 * (a path emitted twice is an error), adds the runtime templates under `runtime/`, and writes the
 * top-level `index.ts` (the only file that names the snapshot's hash). Pure: the templates are read from disk by the caller (src/templates.ts).
 *
 * To add an emitter, append one entry to `EMITTERS`.
 */
import { EmitError } from '../errors.js';
import { canonicalize, compareCodeUnits, snapshotHash, type StoreSchema } from '../model/index.js';
import { buildPlan } from '../plan/index.js';
import { GENERATOR_VERSION } from '../version.js';
import { fileHeader, indexHeader } from './code.js';
import type { Diagnostic, EmitContext, EmitOptions, Emitter, FileMap } from './context.js';
import { finishFiles } from './finish.js';
import { DEFAULT_LAYOUT, type Layout } from './layout.js';
import { jsString, NameTable } from '../naming/index.js';
import { emitClients } from './clients/index.js';
import { emitTypes } from './types/index.js';
import { emitValidators } from './validators/index.js';
import { flavourOf, flavourTemplateFolders } from './validators/flavours.js';

export interface NamedEmitter {
  /** Short name used in errors (`types`, `validators`, `clients`). */
  readonly name: string;
  readonly emit: Emitter;
}

/** Every emitter, in the order they run. */
export const EMITTERS: readonly NamedEmitter[] = [
  { name: 'types', emit: emitTypes },
  { name: 'validators', emit: emitValidators },
  { name: 'clients', emit: emitClients },
];

/** Files every run writes at the top of the output; barrels are `<dir>/index.ts` of emitted directories. */
const SHARED_MODULE = 'common.ts';
const RUNTIME_DIR = 'runtime/';
const VALIDATORS_DIR = 'validators/';

export interface EmitAllInput {
  /**
   * `runtime/<name>.ts` → content, copied verbatim, and `<folder>/<name>.ts` of each validator
   * flavour's template folder, copied into `validators/` of that flavour's output (src/templates.ts).
   */
  readonly templates: FileMap;
  /** The prettier settings to print for (default: prettier's defaults). */
  readonly layout?: Layout;
}

export interface EmitAllResult {
  readonly files: FileMap;
  readonly diagnostics: readonly Diagnostic[];
  /** Fields typed as plain strings for lack of any type information (`resource.field`), from the plan. */
  readonly plainStrings: readonly string[];
  /** Those of them that are core fields PrestaShop declares without a type (not module fields). */
  readonly untypedCore: readonly string[];
}

/** The per-run context shared by the emitters. */
export function createEmitContext(
  model: StoreSchema,
  options: EmitOptions,
  layout: Layout = DEFAULT_LAYOUT,
): EmitContext {
  const ids = model.store.languages.map((l) => l.id);
  // A default language the store does not have would make every required multilingual field
  // unsatisfiable, and the generated comparisons with `LangId` would not compile.
  if (options.defaultLanguage !== null && ids.length > 0 && !ids.includes(options.defaultLanguage)) {
    throw new EmitError(
      `default language ${options.defaultLanguage} is not one of the snapshot's languages (${ids.join(', ')}); pick one of them or leave it unset`,
      'options',
    );
  }
  const defaultLanguage = options.defaultLanguage ?? model.store.languages[0]?.id ?? 1;
  const names = NameTable.forSchema(model);
  return {
    names,
    plan: buildPlan(model, options, defaultLanguage, names),
    generatorVersion: GENERATOR_VERSION,
    snapshotHash: snapshotHash(model),
    defaultLanguage,
    layout,
  };
}

/** Adds `files` into `into`, failing when a path is already taken. */
function mergeInto(into: FileMap, files: FileMap, owner: string, owners: Map<string, string>): void {
  for (const [path, content] of files) {
    const previous = owners.get(path);
    if (previous !== undefined) {
      throw new EmitError(`${jsString(path)} is emitted by both "${previous}" and "${owner}"`, owner);
    }
    owners.set(path, owner);
    into.set(path, content);
  }
}

/** `index.ts` at the top: re-exports `common.ts` and each emitted directory's barrel, and nothing else. */
function topIndex(files: FileMap, ctx: EmitContext): string {
  const modules: string[] = [];
  if (files.has(SHARED_MODULE)) modules.push('./common.js');
  const barrels = [...files.keys()]
    .filter((p) => /^[^/]+\/index\.ts$/.test(p) && !p.startsWith(RUNTIME_DIR))
    .sort(compareCodeUnits);
  for (const b of barrels) modules.push(`./${b.slice(0, -'.ts'.length)}.js`);
  const body = modules.map((m) => `export * from ${jsString(m)};\n`).join('');
  return `${indexHeader(ctx)}${body.length === 0 ? 'export {};\n' : body}`;
}

/**
 * The runtime is library code, type-checked (strict, NodeNext and bundler resolution) by this
 * project's tests: a user's `tsc` reads its types where the generated code uses them and skips
 * checking its bodies, as `skipLibCheck` does for a package (it was 60% of the check time of the
 * whole output). test/emit/typecheck.ts removes this line to check the runtime as users compile it.
 */
export const RUNTIME_NOCHECK = "// @ts-nocheck (checked by prestashop-codegen's tests; your build uses its types)\n";

/** The line before `RUNTIME_NOCHECK` that tells typescript-eslint (`ban-ts-comment`) why it is there. */
export const RUNTIME_NOCHECK_LINT =
  '// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- library code, type-checked by its own tests\n';

/**
 * The runtime templates as they are written: each one under the generated-file header, so a user
 * sees that `runtime/` is generated too. scripts/preformat-templates.mjs formats these same texts.
 */
export function runtimeFiles(templates: FileMap, generatorVersion: string = GENERATOR_VERSION): FileMap {
  const header = `${fileHeader({ generatorVersion })}${RUNTIME_NOCHECK_LINT}${RUNTIME_NOCHECK}`;
  const folders = flavourTemplateFolders();
  const runtime: FileMap = new Map();
  for (const [path, content] of templates) {
    if (folders.some((f) => path.startsWith(`${f}/`))) continue;
    if (!path.startsWith(RUNTIME_DIR)) {
      throw new EmitError(
        `template ${jsString(path)} must live under ${RUNTIME_DIR} or a validator flavour's folder`,
        'templates',
      );
    }
    runtime.set(path, `${header}${content}`);
  }
  return runtime;
}

/**
 * The glue of a validator flavour as it is written: the files of its template folder
 * (`zod/_zod.ts`), under `validators/` (`validators/_zod.ts`, a name no resource file can take:
 * resource file stems never start with `_`), each under the generated-file header. Type-checked in
 * the user's build like every generated file. `folder` null: every flavour's (for the build's
 * pre-formatting, scripts/preformat-templates.mjs).
 */
export function flavourFiles(
  templates: FileMap,
  folder: string | null,
  generatorVersion: string = GENERATOR_VERSION,
): FileMap {
  const folders = folder === null ? flavourTemplateFolders() : [folder];
  const out: FileMap = new Map();
  for (const [path, content] of templates) {
    const f = folders.find((x) => path.startsWith(`${x}/`));
    if (f !== undefined)
      out.set(`${VALIDATORS_DIR}${path.slice(f.length + 1)}`, `${fileHeader({ generatorVersion })}${content}`);
  }
  return out;
}

/**
 * Whether the emitters print `path` in prettier's exact shape for the layout they were given (see
 * layout.ts): every generated file except the templates (the runtime, a flavour's glue), copied as
 * written and formatted in advance by the build for prettier's default settings.
 */
export function isLaidOut(path: string): boolean {
  // A flavour's glue is `validators/_<name>.ts`: no resource file stem starts with `_`.
  return !path.startsWith(RUNTIME_DIR) && !path.startsWith(`${VALIDATORS_DIR}_`);
}

export function emitAll(model: StoreSchema, options: EmitOptions, input: EmitAllInput): EmitAllResult {
  return emitWith(EMITTERS, model, options, input);
}

/** `emitAll` with an explicit emitter list (tests use it to exercise merging). */
export function emitWith(
  emitters: readonly NamedEmitter[],
  model: StoreSchema,
  options: EmitOptions,
  input: EmitAllInput,
): EmitAllResult {
  const canonical = canonicalize(model);
  const ctx = createEmitContext(canonical, options, input.layout);
  const files: FileMap = new Map();
  const owners = new Map<string, string>();
  // The plan's warnings (unknown formats and inputTypes, clashing names) are reported once, here.
  const diagnostics: Diagnostic[] = [...ctx.plan.diagnostics];
  const reported = new Set<string>(diagnostics.map((d) => JSON.stringify([d.code, d.resource, d.field])));
  for (const { name, emit } of emitters) {
    let result;
    try {
      result = emit(canonical, options, ctx);
    } catch (error) {
      if (error instanceof EmitError) throw error;
      throw new EmitError((error as Error)?.message ?? String(error), name, null, { cause: error });
    }
    mergeInto(files, result.files, name, owners);
    for (const d of result.diagnostics) {
      // Several emitters meet the same unknown format: report it once.
      const key = JSON.stringify([d.code, d.resource, d.field]);
      if (d.resource !== null && d.field !== null && reported.has(key)) continue;
      reported.add(key);
      diagnostics.push(d);
    }
  }
  mergeInto(files, runtimeFiles(input.templates, ctx.generatorVersion), 'templates', owners);
  const glue = flavourOf(options.validators)?.templates ?? null;
  // A flavour's glue, where its validators import it (any validators file besides the barrel).
  if (
    glue !== null &&
    [...files.keys()].some((p) => p.startsWith(VALIDATORS_DIR) && p !== `${VALIDATORS_DIR}index.ts`)
  ) {
    mergeInto(files, flavourFiles(input.templates, glue, ctx.generatorVersion), 'templates', owners);
  }
  mergeInto(files, new Map([['index.ts', topIndex(files, ctx)]]), 'index', owners);
  // A stable order, so whoever iterates the map sees the same sequence every run.
  const sorted: FileMap = new Map([...files.entries()].sort(([a], [b]) => compareCodeUnits(a, b)));
  const written = finishFiles(sorted, options);
  return { files: written, diagnostics, plainStrings: ctx.plan.plainStrings, untypedCore: ctx.plan.untypedCore };
}

export type { Diagnostic, EmitContext, EmitOptions, Emitter, FileMap, ImportExtension } from './context.js';
export { DEFAULT_EMIT_OPTIONS, resolveEmitOptions } from './context.js';
