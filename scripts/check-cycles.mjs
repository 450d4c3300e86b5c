#!/usr/bin/env node
/**
 * Fails when folders import each other in a cycle. The dependency arrows of src/ run one way
 * (model → catalog → plan → emit → write, with cli/api on top, and leaves such as naming or errors
 * below): a module of one folder importing a module of a folder that (directly or not) imports it
 * back is a cycle, and this check names it.
 *
 * Checked at every level: the top-level folders (and files) of the root, then, inside each folder,
 * its own sub-folders (`emit/clients` ↔ `emit/validators`). Every relative import counts, static
 * (`import … from`, `export … from`, `import type`) or dynamic (`import('…')`).
 *
 * Usage: `node scripts/check-cycles.mjs [root]` (default `src`). Exit 0 when there is no cycle, 1
 * with one line per cycle (`cycle: plan → emit → plan (src/plan/index.ts imports src/emit/naming.ts; …)`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js)$/;

/** Every source file under `dir`, as absolute paths, in a stable order. */
function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * The relative specifiers a module imports. A scan of the string literals after `from` and
 * `import(`: each pattern is a fixed word then a quoted run without quotes or newlines, so it is
 * linear in the text.
 */
export function importedSpecifiers(text) {
  const out = [];
  for (const m of text.matchAll(
    /\bfrom\s*(['"])(\.[^'"\n]*)\1|\bimport\s*\(\s*(['"])(\.[^'"\n]*)\3|\bimport\s*(['"])(\.[^'"\n]*)\5/g,
  )) {
    out.push(m[2] ?? m[4] ?? m[6]);
  }
  return out;
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in TypeScript sources), or null. */
function resolveImport(from, specifier, files) {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    join(base, 'index.ts'),
    join(base, 'index.js'),
  ];
  return candidates.find((c) => files.has(c)) ?? null;
}

/** The module graph: file → the files it imports (inside the root). */
export function moduleGraph(root) {
  const files = new Set(sourceFiles(resolve(root)));
  const graph = new Map();
  for (const file of files) {
    const targets = [];
    for (const s of importedSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, s, files);
      if (target !== null && target !== file) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The folder cycles of a module graph under `root`: at each folder level, an edge `a → b` between
 * two entries of the same folder when a module under `a` imports one under `b`. Returns one entry
 * per strongly connected group of two or more entries, with a shortest cycle through it and the
 * imports that make it.
 */
export function findCycles(root, graph = moduleGraph(root)) {
  root = resolve(root);
  /** folder (relative, '' for root) → entry → entry → example import */
  const levels = new Map();
  for (const [from, targets] of graph) {
    const a = relative(root, from).split(sep);
    for (const to of targets) {
      const b = relative(root, to).split(sep);
      // The deepest folder holding both, and the entries of that folder each lies under.
      let i = 0;
      while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
      if (a[i] === b[i]) continue;
      const folder = a.slice(0, i).join('/');
      const edges = levels.get(folder) ?? new Map();
      levels.set(folder, edges);
      const out = edges.get(a[i]) ?? new Map();
      edges.set(a[i], out);
      if (!out.has(b[i])) out.set(b[i], `${relative(process.cwd(), from)} imports ${relative(process.cwd(), to)}`);
    }
  }
  const cycles = [];
  for (const [folder, edges] of [...levels].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    // Files of one folder importing each other are a module cycle, not a folder cycle: a group
    // counts when it holds a folder (`cli/commands` ↔ `cli/store-flags.ts` is one).
    const isFolder = (n) => statSync(join(root, folder, n)).isDirectory();
    for (const group of stronglyConnected(edges).filter((g) => g.some(isFolder))) {
      const path = shortestCycle(group[0], edges, new Set(group));
      const because = path.slice(0, -1).map((n, k) => edges.get(n).get(path[k + 1]));
      const name = (n) => (folder === '' ? n : `${folder}/${n}`);
      cycles.push({ folder, path: path.map(name), because });
    }
  }
  return cycles;
}

/** Tarjan's strongly connected components of two or more nodes, each sorted. */
function stronglyConnected(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of [...(edges.get(v)?.keys() ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return groups;
}

/** A shortest path `start → … → start` inside `group` (breadth first). */
function shortestCycle(start, edges, group) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of [...(edges.get(v)?.keys() ?? [])].sort()) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [];
        for (let u = v; u !== null; u = previous.get(u)) path.unshift(u);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

function main() {
  const root = process.argv[2] ?? 'src';
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    process.stderr.write(`check-cycles: ${root} is not a folder; pass the source root (default src)\n`);
    return 2;
  }
  const cycles = findCycles(root);
  for (const c of cycles) process.stderr.write(`cycle: ${c.path.join(' → ')} (${c.because.join('; ')})\n`);
  if (cycles.length > 0) {
    process.stderr.write(
      `check-cycles: ${cycles.length} folder cycle(s) under ${root}; make the arrows run one way (move the shared module below both)\n`,
    );
    return 1;
  }
  process.stdout.write(`check-cycles: no folder cycle under ${root}\n`);
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = main();
