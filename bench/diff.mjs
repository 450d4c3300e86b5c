// Benchmark of `diff` in process: two 70-resource snapshots, and the 8.2.0 fixture pair when present.
// Run after a build: `npm run build && node bench/diff.mjs [--json]`. Prints medians (or, with
// --json, one JSON line of them for the `diff` section of `npm run bench`); asserts nothing.
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { applyIgnores, buildReport, diff, renderJson, renderMarkdown, renderText } from '../dist/diff/index.js';
import { canonicalize, parseSnapshot, serializeSnapshot } from '../dist/model/index.js';

const FORMATS = [
  'isUnsignedId',
  'isCatalogName',
  'isGenericName',
  'isPrice',
  'isBool',
  'isDate',
  'isCleanHtml',
  'isInt',
];

/** A deterministic store of `n` resources, each with 30 fields and 2 associations. */
function syntheticStore(n, version) {
  const resources = [];
  for (let r = 0; r < n; r++) {
    const fields = [];
    for (let f = 0; f < 30; f++) {
      fields.push({
        name: `field_${String(f).padStart(2, '0')}`,
        required: f % 7 === 0,
        maxSize: f % 3 === 0 ? 32 * (1 + (f % 4)) : null,
        format: FORMATS[(r + f) % FORMATS.length],
        inputType: null,
        multilingual: f % 5 === 0,
        readOnly: f % 11 === 0,
        filterable: f % 13 !== 0,
        references: f % 9 === 0 ? `resource_${String((r + 1) % n).padStart(2, '0')}` : null,
      });
    }
    const idField = {
      ...fields[0],
      name: 'id',
      format: 'isUnsignedId',
      required: false,
      maxSize: null,
      multilingual: false,
    };
    resources.push({
      name: `resource_${String(r).padStart(2, '0')}`,
      description: `Resource ${r}`,
      nodeName: `item_${r}`,
      nodesName: `items_${r}`,
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'],
      synopsis: { source: 'xml', reason: null },
      fields,
      associations: [
        { name: 'categories', resource: 'categories', nodeName: 'category', virtual: false, fields: [idField] },
        { name: 'images', resource: 'images', nodeName: 'image', virtual: false, fields: [idField] },
      ],
    });
  }
  // A version-1 snapshot: the reader fills in what version 2 added (store order, catalog fields).
  return parseSnapshot(
    JSON.stringify({
      schemaVersion: 1,
      store: { psVersion: version, languages: [{ id: 1, isoCode: 'en' }] },
      resources,
    }),
  );
}

/** The same store after an "upgrade": about one change in ten fields, a few resources in and out. */
function upgraded(store) {
  const s = structuredClone(store);
  s.store.psVersion = '9.0.0';
  s.resources.forEach((r, i) => {
    if (i % 2 === 0) r.methods.push('PATCH');
    r.fields.forEach((f, j) => {
      if ((i + j) % 10 === 0) f.maxSize = f.maxSize === null ? 255 : f.maxSize / 2;
      if ((i + j) % 17 === 0) f.required = !f.required;
      if ((i + j) % 23 === 0) f.readOnly = !f.readOnly;
    });
    if (i % 5 === 0) r.fields.pop();
    if (i % 7 === 0) r.fields.push({ ...r.fields[1], name: 'zz_new_field' });
  });
  s.resources.splice(10, 3);
  s.resources.push({ ...s.resources[0], name: 'zz_added_resource' });
  return canonicalize(s);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const JSON_OUT = process.argv.includes('--json');
const timings = [];

function time(group, label, fn, runs = 50) {
  for (let i = 0; i < 5; i++) fn(); // warm-up
  const ms = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = fn();
    ms.push(performance.now() - t);
  }
  timings.push({ label: `${group}: ${label}`, median: median(ms), min: Math.min(...ms), max: Math.max(...ms), runs });
  if (!JSON_OUT)
    console.log(
      `${label.padEnd(58)} median ${median(ms).toFixed(2).padStart(7)} ms  (min ${Math.min(...ms).toFixed(2)}, ${runs} runs)`,
    );
  return result;
}

function bench(name, a, b) {
  const textA = serializeSnapshot(a);
  const textB = serializeSnapshot(b);
  const fields = (s) => s.resources.reduce((n, r) => n + r.fields.length, 0);
  if (!JSON_OUT)
    console.log(
      `\n${name}: ${a.resources.length} vs ${b.resources.length} resources, ${fields(a)} vs ${fields(b)} fields`,
    );
  const changes = time(name, 'diff(old, new)', () => diff(a, b));
  if (!JSON_OUT) console.log(`  ${changes.length} changes`);
  time(name, 'parse both snapshots + diff', () => diff(parseSnapshot(textA), parseSnapshot(textB)));
  const report = () =>
    buildReport(
      { old: { label: 'old', psVersion: a.store.psVersion }, new: { label: 'new', psVersion: b.store.psVersion } },
      applyIgnores(changes, [], '2025-01-01'),
      'breaking',
    );
  time(name, 'report + text, markdown and json renderers', () => {
    const r = report();
    return renderText(r).length + renderMarkdown(r).length + renderJson(r).length;
  });
}

const old70 = syntheticStore(70, '8.2.0');
bench('synthetic 70-resource pair', old70, upgraded(old70));
bench('synthetic 70-resource pair, identical', old70, old70);

const fixtureOld = new URL('../test/golden/prestashop-8.2.0/prestashop-schema.json', import.meta.url);
const fixtureNew = new URL('../test/diff/fixtures/prestashop-9.0.0-like.json', import.meta.url);
if (existsSync(fixtureOld) && existsSync(fixtureNew)) {
  bench(
    '8.2.0 fixture vs its edited upgrade',
    parseSnapshot(readFileSync(fixtureOld, 'utf8')),
    parseSnapshot(readFileSync(fixtureNew, 'utf8')),
  );
}
if (JSON_OUT) console.log(JSON.stringify(timings));
