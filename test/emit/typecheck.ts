/**
 * Test helper: type-checks generated files in memory with the TypeScript compiler API under
 * `strict`, with `moduleResolution` nodenext (ESM, `.js` extensions) or bundler. Returns the
 * diagnostics as readable lines (empty when the code compiles).
 *
 * Speed, without changing what is reported:
 * - one CompilerHost per set of compiler options, shared by every check in this worker: it keeps
 *   the lib `.d.ts` files (and every other file read from disk: zod, @types/node) parsed, and what
 *   it found on disk, for the life of the worker;
 * - each check is a SemanticDiagnosticsBuilderProgram built on the previous program with the same
 *   options: files whose text did not change are not parsed again, and their diagnostics are
 *   reused unless a file they depend on changed its shape (TypeScript's own `--watch` logic);
 * - several outputs can share one program (`typecheckEach`), each under its own root.
 * The diagnostics are those of `ts.getPreEmitDiagnostics` on a fresh program (typecheck.test.ts
 * checks that the reuse never hides an error).
 */
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { RUNTIME_NOCHECK } from '../../src/emit/index.js';
import ts from 'typescript';

export type Resolution = 'nodenext' | 'bundler';

const ROOT = '/virtual/project';
const VIRTUAL = '/virtual/';

function compilerOptions(resolution: Resolution, extra: ts.CompilerOptions): ts.CompilerOptions {
  const common: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    noUnusedLocals: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    ...extra,
  };
  return resolution === 'nodenext'
    ? { ...common, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }
    : { ...common, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
}

// ---- what is on disk (lib files, node_modules), read once per worker -------------------------

const diskText = new Map<string, string | undefined>();
const diskDirs = new Map<string, boolean>();
const diskRealpath = new Map<string, string>();

function readDisk(path: string): string | undefined {
  if (!diskText.has(path)) diskText.set(path, ts.sys.readFile(path));
  return diskText.get(path);
}
function diskDirectoryExists(path: string): boolean {
  let found = diskDirs.get(path);
  if (found === undefined) diskDirs.set(path, (found = ts.sys.directoryExists(path)));
  return found;
}

const hash = (text: string): string => createHash('sha1').update(text).digest('hex');

// ---- one cache of parsed files and one previous program per set of options --------------------

interface Session {
  /** Parsed files read from disk, by path and parse settings. */
  disk: Map<string, ts.SourceFile>;
  /** The previous program with these options, whose unchanged files the next one reuses. */
  previous: ts.SemanticDiagnosticsBuilderProgram | undefined;
}

/** At most this many option sets keep a previous program (each holds a whole checker). */
const MAX_SESSIONS = 6;
const sessions = new Map<string, Session>();

function sessionFor(options: ts.CompilerOptions): Session {
  const key = JSON.stringify(options, Object.keys(options).sort());
  let session = sessions.get(key);
  if (session === undefined) session = { disk: new Map(), previous: undefined };
  sessions.delete(key);
  sessions.set(key, session);
  for (const [old, stale] of sessions) {
    if (sessions.size <= MAX_SESSIONS) break;
    if (stale !== session) sessions.delete(old);
  }
  return session;
}

function parse(path: string, text: string, settings: ts.ScriptTarget | ts.CreateSourceFileOptions): ts.SourceFile {
  const file = ts.createSourceFile(path, text, settings, true);
  // The builder compares files by version.
  (file as ts.SourceFile & { version: string }).version = hash(text);
  return file;
}

function settingsKey(settings: ts.ScriptTarget | ts.CreateSourceFileOptions): string {
  if (typeof settings === 'number') return String(settings);
  return `${settings.languageVersion}/${settings.impliedNodeFormat}/${settings.jsDocParsingMode}`;
}

function sameSettings(file: ts.SourceFile, settings: ts.ScriptTarget | ts.CreateSourceFileOptions): boolean {
  if (typeof settings === 'number') return file.languageVersion === settings && file.impliedNodeFormat === undefined;
  return file.languageVersion === settings.languageVersion && file.impliedNodeFormat === settings.impliedNodeFormat;
}

function createHost(
  options: ts.CompilerOptions,
  virtual: ReadonlyMap<string, string>,
  session: Session,
): ts.CompilerHost {
  const virtualDirs = new Set<string>();
  for (const path of virtual.keys()) {
    for (let d = dirname(path); d.length > 1 && !virtualDirs.has(d); d = dirname(d)) virtualDirs.add(d);
  }
  const previous = session.previous?.getProgram();
  const isVirtual = (f: string): boolean => f.startsWith(VIRTUAL);
  return {
    getSourceFile(path, settings) {
      const text = virtual.get(path);
      if (text !== undefined) {
        const old = previous?.getSourceFile(path);
        if (old !== undefined && old.text === text && sameSettings(old, settings)) return old;
        return parse(path, text, settings);
      }
      if (isVirtual(path)) return undefined;
      const key = `${path}\0${settingsKey(settings)}`;
      let file = session.disk.get(key);
      if (file === undefined) {
        const disk = readDisk(path);
        if (disk === undefined) return undefined;
        file = parse(path, disk, settings);
        session.disk.set(key, file);
      }
      return file;
    },
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    getDefaultLibLocation: () => dirname(ts.getDefaultLibFilePath(options)),
    writeFile: () => undefined,
    getCurrentDirectory: () => ROOT,
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => virtual.has(f) || (!isVirtual(f) && readDisk(f) !== undefined),
    readFile: (f) => virtual.get(f) ?? (isVirtual(f) ? undefined : readDisk(f)),
    directoryExists: (d) => {
      const dir = d.replace(/\/$/, '');
      return isVirtual(`${dir}/`) || dir === '/virtual' ? virtualDirs.has(dir) : diskDirectoryExists(dir);
    },
    realpath: (p) => {
      if (isVirtual(p)) return p;
      let real = diskRealpath.get(p);
      if (real === undefined) diskRealpath.set(p, (real = ts.sys.realpath?.(p) ?? p));
      return real;
    },
    getDirectories: (d) => (isVirtual(d) ? [] : ts.sys.getDirectories(d)),
  };
}

/** Type-checks virtual files (absolute paths) and returns the diagnostics, sorted as tsc sorts them. */
function check(virtual: ReadonlyMap<string, string>, options: ts.CompilerOptions): readonly ts.Diagnostic[] {
  const session = sessionFor(options);
  const host = createHost(options, virtual, session);
  const roots = [...virtual.keys()].filter((k) => k.endsWith('.ts'));
  const builder = ts.createSemanticDiagnosticsBuilderProgram(roots, options, host, session.previous);
  session.previous = builder;
  // The same diagnostics, in the same order, as ts.getPreEmitDiagnostics (noEmit: no declarations).
  const all = [
    ...builder.getConfigFileParsingDiagnostics(),
    ...builder.getOptionsDiagnostics(),
    ...builder.getSyntacticDiagnostics(),
    ...builder.getGlobalDiagnostics(),
    ...builder.getSemanticDiagnostics(),
  ];
  return ts.sortAndDeduplicateDiagnostics(all);
}

function render(d: ts.Diagnostic, root: string): string {
  const where =
    d.file && d.start !== undefined
      ? `${d.file.fileName.slice(root.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
      : '';
  return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
}

function project(
  root: string,
  files: ReadonlyMap<string, string>,
  extra: Readonly<Record<string, string>>,
  into: Map<string, string>,
): void {
  into.set(`${root}/package.json`, JSON.stringify({ name: 'consumer', type: 'module' }));
  // The runtime's `@ts-nocheck` spares users' builds; the tests check the runtime all the same.
  for (const [path, text] of files) into.set(`${root}/out/${path}`, text.replace(RUNTIME_NOCHECK, ''));
  for (const [path, text] of Object.entries(extra)) into.set(`${root}/${path}`, text);
}

/**
 * `files`: output-relative path → content, placed under `<root>/out/`. `extra`: more files relative
 * to the project root (for example a consumer `use.ts` importing `./out/index.js`).
 */
export function typecheck(
  files: ReadonlyMap<string, string>,
  resolution: Resolution,
  extra: Readonly<Record<string, string>> = {},
  options: ts.CompilerOptions = {},
): string[] {
  const virtual = new Map<string, string>();
  project(ROOT, files, extra, virtual);
  return check(virtual, compilerOptions(resolution, options)).map((d) => render(d, ROOT));
}

export interface Project {
  files: ReadonlyMap<string, string>;
  extra?: Readonly<Record<string, string>>;
}

/**
 * Several projects in one program, each under its own root (`/virtual/p0`, `/virtual/p1`, …):
 * the diagnostics of each, as `typecheck` gives them for that project alone. Diagnostics without
 * a file (options, globals) are given to every project.
 */
export function typecheckEach(
  projects: readonly Project[],
  resolution: Resolution,
  options: ts.CompilerOptions = {},
): string[][] {
  const virtual = new Map<string, string>();
  const roots = projects.map((_, i) => `/virtual/p${i}`);
  projects.forEach((p, i) => project(roots[i]!, p.files, p.extra ?? {}, virtual));
  const diagnostics = check(virtual, compilerOptions(resolution, options));
  return roots.map((root) =>
    diagnostics
      .filter((d) => d.file === undefined || d.file.fileName.startsWith(`${root}/`))
      .map((d) => render(d, root)),
  );
}

/** A fresh program and `ts.getPreEmitDiagnostics`, no reuse: what `typecheck` must agree with. */
export function typecheckFresh(
  files: ReadonlyMap<string, string>,
  resolution: Resolution,
  extra: Readonly<Record<string, string>> = {},
  options: ts.CompilerOptions = {},
): string[] {
  const virtual = new Map<string, string>();
  project(ROOT, files, extra, virtual);
  const opts = compilerOptions(resolution, options);
  const host = createHost(opts, virtual, { disk: new Map(), previous: undefined });
  const program = ts.createProgram({
    rootNames: [...virtual.keys()].filter((k) => k.endsWith('.ts')),
    options: opts,
    host,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => render(d, ROOT));
}
