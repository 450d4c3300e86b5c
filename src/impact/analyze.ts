/**
 * The ts-morph side of `impact`: loads the user's project, finds the uses of each affected generated
 * declaration by symbol (the language service's find-references, so a same-named property of an
 * unrelated type is never a match), then swaps the generated folder for the new generation in memory
 * and collects the compile errors that appear in the user's files.
 *
 * Nothing is written: the new generation lives only in the project's in-memory file system
 * (`replaceWithText`, `createSourceFile`, and `delete`, which only queues a deletion that is never
 * saved). This module is loaded lazily by the CLI: ts-morph is heavy.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { Node, Project, SyntaxKind, type SourceFile, ts } from 'ts-morph';
import type { Change } from '../diff/index.js';
import type { NameTable } from '../naming/index.js';
import type { FileMap } from '../emit/index.js';
import { changeTargets, targetLabel, targetWords, type Target } from './targets.js';
import { InputError } from '../errors.js';
import type { Finding } from './report.js';

/** The TypeScript that compiles the project: the one ts-morph bundles (it takes no other). */
export const COMPILER_VERSION: string = ts.version;

export interface AnalyzeInput {
  /** Absolute path of the user's tsconfig.json. */
  readonly tsconfig: string;
  /** Absolute path of the folder the generated code lives in. */
  readonly generatedDir: string;
  /** Breaking and dangerous changes, old → new. */
  readonly changes: readonly Change[];
  /** Names of the old snapshot's generated code. */
  readonly names: NameTable;
  /** The new snapshot's generated files (output-relative paths). */
  readonly newFiles: FileMap;
  /** Where paths in findings are relative to. */
  readonly cwd: string;
}

export interface AnalyzeResult {
  readonly findings: Finding[];
  /** User files type-checked. */
  readonly userFiles: number;
  /** Generated files the project loads (0: the project does not use the generated folder). */
  readonly generatedFiles: number;
  /** Target declarations that the generated folder does not hold (it is older or newer than the old snapshot). */
  readonly missingTargets: string[];
  /** Milliseconds: loading and finding references; compile-error pass. */
  readonly timings: { readonly references: number; readonly compile: number };
}

const within = (dir: string, file: string): boolean => {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/** Top-level declarations of the generated files, by name. */
function declarationIndex(files: readonly SourceFile[]): Map<string, Node> {
  const index = new Map<string, Node>();
  const add = (name: string | undefined, node: Node): void => {
    if (name !== undefined && !index.has(name)) index.set(name, node);
  };
  for (const sf of files) {
    for (const d of sf.getInterfaces()) add(d.getName(), d);
    for (const d of sf.getTypeAliases()) add(d.getName(), d);
    for (const d of sf.getFunctions()) add(d.getName(), d);
    for (const d of sf.getVariableDeclarations()) add(d.getName(), d);
    for (const ns of sf.getModules()) {
      add(ns.getName(), ns);
      for (const d of ns.getTypeAliases()) add(`${ns.getName()}.${d.getName()}`, d);
      for (const d of ns.getInterfaces()) add(`${ns.getName()}.${d.getName()}`, d);
    }
  }
  return index;
}

/** The member `name` of a declaration or of the type a property has (through arrays, unions, generics). */
function memberOf(node: Node, name: string): Node | undefined {
  if (Node.isInterfaceDeclaration(node)) return node.getProperty(name) ?? node.getMethod(name);
  const typeNode = Node.isTypeAliasDeclaration(node) || Node.isPropertySignature(node) ? node.getTypeNode() : undefined;
  if (typeNode === undefined) return undefined;
  // The shallowest object type literal inside the type that has such a member.
  const literals = [typeNode, ...typeNode.getDescendantsOfKind(SyntaxKind.TypeLiteral)].filter(Node.isTypeLiteral);
  for (const lit of literals) {
    const found = lit.getProperty(name) ?? lit.getMethod(name);
    if (found !== undefined) return found;
  }
  return undefined;
}

function resolveTarget(index: Map<string, Node>, target: Target): Node[] {
  let node = index.get(target.name);
  for (const m of target.members) node = node === undefined ? undefined : memberOf(node, m);
  if (node === undefined) return [];
  const nodes = [node];
  if (target.withMembers && Node.isInterfaceDeclaration(node)) nodes.push(...node.getMembers());
  return nodes;
}

/**
 * The methods a client interface takes from the runtime's generic client
 * (`interface ProductsClient extends Pick<ResourceClient<ProductsClient.Types>, "list" | "get"> {}`).
 */
function pickedMethods(node: Node | undefined): string[] {
  if (node === undefined || !Node.isInterfaceDeclaration(node)) return [];
  // The name of the extended type, whatever the layout (`Pick<` then the arguments on their own lines).
  const pick = node
    .getExtends()
    .find(
      (e) =>
        e.getExpression().getText() === 'Pick' && /^ResourceClient</.test(e.getTypeArguments()[0]?.getText() ?? ''),
    );
  return pick === undefined
    ? []
    : [...(pick.getTypeArguments()[1]?.getText() ?? '').matchAll(/"([A-Za-z_$][\w$]*)"/g)].map((m) => m[1]!);
}

/** The targets that are methods of a client interface declared through `Pick<ResourceClient<…>>`. */
function pickedTargets(
  index: Map<string, Node>,
  target: Target,
): { readonly client: string; readonly method: string; readonly label: string }[] {
  const methods = pickedMethods(index.get(target.name));
  if (target.members.length === 1 && methods.includes(target.members[0]!)) {
    return [{ client: target.name, method: target.members[0]!, label: targetLabel(target) }];
  }
  if (target.members.length === 0 && target.withMembers) {
    return methods.map((method) => ({ client: target.name, method, label: `${targetLabel(target)}.${method}` }));
  }
  return [];
}

/** Calls of `method` on a value typed as the client interface `client`, in the user's files. */
function pickedReferences(files: readonly SourceFile[], client: string, method: string): Node[] {
  const out: Node[] = [];
  for (const sf of files) {
    for (const access of sf.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
      if (access.getName() !== method) continue;
      const type = access.getExpression().getType();
      if ((type.getAliasSymbol() ?? type.getSymbol())?.getName() === client) out.push(access.getNameNode());
    }
  }
  return out;
}

function nameNode(node: Node): Node | undefined {
  if (Node.isVariableDeclaration(node)) return node.getNameNode();
  return (node as Node & { getNameNode?: () => Node }).getNameNode?.();
}

const lineCache = new WeakMap<SourceFile, string[]>();
function lineText(sf: SourceFile, line: number): string {
  let lines = lineCache.get(sf);
  if (lines === undefined) {
    lines = sf.getFullText().split('\n');
    lineCache.set(sf, lines);
  }
  return (lines[line - 1] ?? '').trim();
}

export function analyzeImpact(input: AnalyzeInput): AnalyzeResult {
  const t0 = performance.now();
  let project: Project;
  try {
    project = new Project({ tsConfigFilePath: input.tsconfig });
  } catch (error) {
    throw new InputError(
      `cannot load the TypeScript project (${(error as Error).message.split('\n')[0]})`,
      input.tsconfig,
      { cause: error },
    );
  }
  const generatedDir = resolve(input.generatedDir);
  const isGenerated = (sf: SourceFile): boolean => within(generatedDir, sf.getFilePath());
  const isUser = (sf: SourceFile): boolean =>
    !isGenerated(sf) && !sf.isDeclarationFile() && !sf.isInNodeModules() && !sf.isFromExternalLibrary();
  const shown = (sf: SourceFile): string => relative(input.cwd, sf.getFilePath()).split(sep).join('/');

  const generatedFiles = project.getSourceFiles().filter(isGenerated);
  const index = declarationIndex(generatedFiles);
  const service = project.getLanguageService();
  const findings = new Map<string, Finding>();
  const missing = new Set<string>();

  const sourceFiles = project.getSourceFiles().filter(isUser);
  for (const change of input.changes) {
    const add = (ref: Node, symbol: string): void => {
      const sf = ref.getSourceFile();
      if (!isUser(sf)) return;
      const { line, column } = sf.getLineAndColumnAtPos(ref.getStart());
      const key = `${sf.getFilePath()}:${line}:${column}:${change.path}:${change.id}`;
      if (findings.has(key)) return;
      findings.set(key, {
        file: shown(sf),
        line,
        column,
        severity: change.severity === 'dangerous' ? 'dangerous' : 'breaking',
        changeId: change.id,
        changePath: change.path,
        symbol,
        via: 'reference',
        text: lineText(sf, line),
        diagnostic: null,
      });
    };
    for (const target of changeTargets(change, input.names)) {
      const nodes = resolveTarget(index, target);
      // Client methods are declared once, in the runtime's generic client: found by the receiver's type.
      const picked = pickedTargets(index, target);
      if (nodes.length === 0 && picked.length === 0) missing.add(targetLabel(target));
      for (const p of picked) for (const ref of pickedReferences(sourceFiles, p.client, p.method)) add(ref, p.label);
      if (picked.length > 0 && target.members.length > 0) continue;
      for (const decl of nodes) {
        const name = nameNode(decl);
        if (name === undefined) continue;
        const symbol = decl === nodes[0] ? targetLabel(target) : `${targetLabel(target)}.${name.getText()}`;
        for (const ref of service.findReferencesAsNodes(name)) add(ref, symbol);
      }
    }
  }
  const t1 = performance.now();

  // Compile errors: user files before and after swapping the generated folder for the new generation.
  const userFiles = project.getSourceFiles().filter(isUser);
  const diagnosticsOf = (): Map<string, { sf: SourceFile; d: ts.Diagnostic }> => {
    const program = project.getProgram().compilerObject;
    const out = new Map<string, { sf: SourceFile; d: ts.Diagnostic }>();
    for (const sf of userFiles) {
      const tsFile = program.getSourceFile(sf.getFilePath());
      if (tsFile === undefined) continue;
      for (const d of [...program.getSyntacticDiagnostics(tsFile), ...program.getSemanticDiagnostics(tsFile)]) {
        const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
        out.set(`${sf.getFilePath()}:${d.start ?? -1}:${d.code}:${text}`, { sf, d });
      }
    }
    return out;
  };
  const before = diagnosticsOf();
  for (const sf of project.getSourceFiles().filter(isGenerated)) {
    const rel = relative(generatedDir, sf.getFilePath()).split(sep).join('/');
    const text = input.newFiles.get(rel);
    if (text === undefined) sf.delete();
    else if (sf.getFullText() !== text) sf.replaceWithText(text);
  }
  for (const [rel, text] of input.newFiles) {
    if (!rel.endsWith('.ts')) continue;
    const abs = resolve(generatedDir, rel);
    if (project.getSourceFile(abs) === undefined) project.createSourceFile(abs, text, { overwrite: true });
  }
  const after = diagnosticsOf();
  const words = new Map(input.changes.map((c) => [c, targetWords(c, input.names)] as const));
  for (const [key, { sf, d }] of after) {
    if (before.has(key)) continue;
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    const { line, column } = sf.getLineAndColumnAtPos(d.start ?? 0);
    const mentions = (c: Change): boolean =>
      (words.get(c) ?? []).some((w) => message.includes(`'${w}'`) || message.includes(`"${w}"`));
    const sameLine = [...findings.values()].filter(
      (f) => f.file === shown(sf) && f.line === line && f.diagnostic === null,
    );
    const onLine =
      sameLine.find((f) => input.changes.some((c) => c.path === f.changePath && c.id === f.changeId && mentions(c))) ??
      sameLine[0];
    if (onLine !== undefined) {
      onLine.diagnostic = { code: d.code, message };
      continue;
    }
    const change = input.changes.find(mentions) ?? null;
    findings.set(`${key}:compile`, {
      file: shown(sf),
      line,
      column,
      severity: change?.severity === 'dangerous' ? 'dangerous' : 'breaking',
      changeId: change?.id ?? null,
      changePath: change?.path ?? null,
      symbol: null,
      via: 'compile-error',
      text: lineText(sf, line),
      diagnostic: { code: d.code, message },
    });
  }
  const t2 = performance.now();
  return {
    findings: [...findings.values()],
    userFiles: userFiles.length,
    generatedFiles: generatedFiles.length,
    missingTargets: [...missing].sort(),
    timings: { references: t1 - t0, compile: t2 - t1 },
  };
}
