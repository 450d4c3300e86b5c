/**
 * The package root's exports are a contract (docs/api.md, "Semver policy"): every export is listed
 * in docs/api.md's export table with its kind, and the table lists nothing else. Adding, removing
 * or renaming an export without the docs fails here.
 *
 * The names are read from the source syntax (src/index.ts and the files it re-exports), which is
 * what the published `dist/index.d.ts` declares; the runtime values from importing src/index.ts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Every name `file` exports, following `export *` and `export type *` into the project's files. */
function exportedNames(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const target = (spec: ts.Expression): string =>
    resolve(dirname(file), (spec as ts.StringLiteral).text.replace(/\.js$/, '.ts'));
  for (const node of sf.statements) {
    if (ts.isExportDeclaration(node)) {
      if (node.exportClause === undefined)
        for (const n of exportedNames(target(node.moduleSpecifier!), seen)) names.add(n);
      else if (ts.isNamedExports(node.exportClause)) for (const e of node.exportClause.elements) names.add(e.name.text);
      continue;
    }
    const exported =
      ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(node))
      for (const d of node.declarationList.declarations) names.add((d.name as ts.Identifier).text);
    else if ('name' in node && node.name !== undefined) names.add((node.name as ts.Identifier).text);
  }
  return names;
}

/** The rows of docs/api.md's export table: name → kind. */
function documentedExports(): Map<string, string> {
  const text = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Everything the package root exports'));
  if (section === undefined) throw new Error('docs/api.md has no "## Everything the package root exports" section');
  const rows = new Map<string, string>();
  for (const m of section.matchAll(/^\| `([A-Za-z]\w*)` \| (function|class|type) \|/gm)) rows.set(m[1]!, m[2]!);
  return rows;
}

describe('the public API', () => {
  it('exports exactly what docs/api.md lists, each of the kind it says', async () => {
    const documented = documentedExports();
    const names = [...exportedNames(join(ROOT, 'src/index.ts'))].sort();
    expect(names).toEqual([...documented.keys()].sort());
    const runtime = await import('../../src/index.js');
    const kindOf = (name: string): string => {
      const value = (runtime as Record<string, unknown>)[name];
      if (value === undefined) return 'type';
      return /^class\b/.test(Function.prototype.toString.call(value)) ? 'class' : 'function';
    };
    expect(Object.fromEntries(names.map((n) => [n, kindOf(n)]))).toEqual(
      Object.fromEntries(names.map((n) => [n, documented.get(n)])),
    );
  });
});
