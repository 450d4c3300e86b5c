/**
 * Start-up cost: every CLI run evaluates the modules that src/cli/main.ts imports statically,
 * whatever the command. This walks that graph (value imports and re-exports; `import type` and
 * `import()` excluded) and checks that the heavy packages stay out of it: each command loads what
 * it needs in its handler (undici and the XML parser cost ~0.1 s, jiti ~60 ms, prettier and
 * ts-morph more), so `generate --no-format` or `diff` of two snapshots never pays for them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * Packages the CLI may load at start-up: the argument parser, and prettier's document printer
 * (`prettier/doc`, 58 KB without any parser, about 2 ms), which the emitters' layout step prints with.
 */
const ALLOWED_PACKAGES = new Set(['yargs', 'prettier/doc']);

/** Static value imports of one module: relative paths resolved to files, and package names. */
function staticImports(file: string): { files: string[]; packages: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
  const files: string[] = [];
  const packages: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    }
    if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
    const name = specifier.text;
    if (name.startsWith('node:')) continue;
    if (name.startsWith('.')) files.push(resolve(dirname(file), name.replace(/\.js$/, '.ts')));
    else if (ALLOWED_PACKAGES.has(name)) packages.push(name);
    else packages.push(name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!);
  }
  return { files, packages };
}

describe('CLI start-up', () => {
  it('main.ts statically imports no heavy package, through any module', () => {
    const seen = new Set<string>();
    const offenders: string[] = [];
    const queue = [join(SRC, 'cli', 'main.ts')];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      expect(existsSync(file), file).toBe(true);
      const { files, packages } = staticImports(file);
      for (const p of packages) if (!ALLOWED_PACKAGES.has(p)) offenders.push(`${relative(SRC, file)} → ${p}`);
      queue.push(...files);
    }
    expect(seen.size).toBeGreaterThan(10); // the walk did follow the command modules
    expect(offenders).toEqual([]);
  });
});
