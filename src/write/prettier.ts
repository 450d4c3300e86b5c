/**
 * Which prettier formats the output: the user's own when one resolves from the output directory
 * (node's resolution walks up from there, so a project's `node_modules/prettier` is found from any
 * folder inside it), else the one bundled with prestashop-codegen. Prettier 3 is needed (its API is
 * async, and its ESM entry is what is loaded); an older one found in the project is passed over
 * for the bundled one, and `resolvePrettier` says so.
 *
 * The version of the prettier chosen is part of the formatter's key (format.ts), so switching
 * prettier makes the next run format again instead of trusting the manifest.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface ResolvedPrettier {
  /** URL of the ESM entry to `import()`. */
  readonly url: string;
  readonly version: string;
  /** `project`: the user's; `bundled`: this package's own. */
  readonly source: 'project' | 'bundled';
  /** Why the project's prettier was not used (too old), or null. */
  readonly note: string | null;
}

interface PrettierPackage {
  readonly root: string;
  readonly version: string;
  readonly entry: string;
}

/** The prettier package `require` resolves from `fromFile`, or null when none does. */
function findPackage(fromFile: string): PrettierPackage | null {
  let main: string;
  try {
    main = createRequire(fromFile).resolve('prettier');
  } catch {
    return null;
  }
  // The entry sits in the package's root (index.cjs in prettier 3, index.js before).
  for (let dir = dirname(main); ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
        exports?: { '.'?: { default?: string; import?: string } };
      };
      if (pkg.name === 'prettier' && typeof pkg.version === 'string') {
        const esm = pkg.exports?.['.']?.import ?? pkg.exports?.['.']?.default ?? null;
        return { root: dir, version: pkg.version, entry: esm === null ? main : join(dir, esm) };
      }
    } catch {
      // no package.json here: one folder up
    }
    if (dirname(dir) === dir) return null;
  }
}

const BUNDLED_FROM = fileURLToPath(import.meta.url);

/** The prettier to format with for output written next to `fromFile` (a path inside the output directory). */
export function resolvePrettier(fromFile: string): ResolvedPrettier {
  const bundled = findPackage(BUNDLED_FROM);
  if (bundled === null) throw new Error('the bundled prettier is missing: reinstall prestashop-codegen');
  const project = findPackage(fromFile);
  const asResolved = (
    p: PrettierPackage,
    source: ResolvedPrettier['source'],
    note: string | null,
  ): ResolvedPrettier => ({
    url: pathToFileURL(p.entry).href,
    version: p.version,
    source,
    note,
  });
  if (project === null || project.root === bundled.root) return asResolved(bundled, 'bundled', null);
  const major = Number(/^(\d+)\./.exec(project.version)?.[1] ?? 0);
  if (major < 3) {
    return asResolved(
      bundled,
      'bundled',
      `prettier ${project.version} in ${project.root} is older than 3; formatting with the bundled ${bundled.version}`,
    );
  }
  return asResolved(project, 'project', null);
}

/**
 * The version of the prettier that formats output written into `outDir` (the user's, else the
 * bundled one): part of what decides whether generated files are up to date.
 */
export function prettierVersion(outDir: string): string {
  return resolvePrettier(join(outDir, 'index.ts')).version;
}
