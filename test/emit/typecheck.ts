/**
 * Test helper: type-checks generated files in memory with the TypeScript compiler API under
 * `strict`, with `moduleResolution` nodenext (ESM, `.js` extensions) or bundler. Returns the
 * diagnostics as readable lines (empty when the code compiles).
 */
import ts from 'typescript';

export type Resolution = 'nodenext' | 'bundler';

const ROOT = '/virtual/project';

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
  virtual.set(`${ROOT}/package.json`, JSON.stringify({ name: 'consumer', type: 'module' }));
  for (const [path, text] of files) virtual.set(`${ROOT}/out/${path}`, text);
  for (const [path, text] of Object.entries(extra)) virtual.set(`${ROOT}/${path}`, text);
  const opts = compilerOptions(resolution, options);
  const host = ts.createCompilerHost(opts, true);
  const realGetSourceFile = host.getSourceFile.bind(host);
  host.getCurrentDirectory = () => ROOT;
  host.fileExists = (f) => virtual.has(f) || (!f.startsWith('/virtual/') && ts.sys.fileExists(f));
  host.readFile = (f) => virtual.get(f) ?? (f.startsWith('/virtual/') ? undefined : ts.sys.readFile(f));
  host.directoryExists = (d) =>
    d.startsWith('/virtual')
      ? [...virtual.keys()].some((k) => k.startsWith(`${d.replace(/\/$/, '')}/`))
      : ts.sys.directoryExists(d);
  host.getSourceFile = (f, lang, onError, create) => {
    const text = virtual.get(f);
    if (text !== undefined) return ts.createSourceFile(f, text, lang, true);
    return realGetSourceFile(f, lang, onError, create);
  };
  host.writeFile = () => undefined;
  const roots = [...virtual.keys()].filter((k) => k.endsWith('.ts'));
  const program = ts.createProgram({ rootNames: roots, options: opts, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return diagnostics.map((d) => {
    const where =
      d.file && d.start !== undefined
        ? `${d.file.fileName.slice(ROOT.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
        : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
