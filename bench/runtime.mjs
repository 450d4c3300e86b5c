// The generated client's reads of 10,000 full products, in a fresh process per run against a
// store process that answers the fake store's own product bytes, repeated with new ids:
// `listAll` (pages of 100) and `list()` (one request) in XML and JSON, against fetch +
// fast-xml-parser and fetch + `JSON.parse` (+ a plain copy) on the same pages. Every contender
// keeps the records it read (an array of 10,000), so peak memory compares like with like.
// Measured: the CPU time of the read loop (process.cpuUsage, start-up excluded) and the process's
// peak RSS. The runtime is bundled by esbuild from templates/runtime/ with the golden `productsMeta`.
//
//   node bench/runtime.mjs worker <mode> <url> <key> <bundle>   (used by the section)
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { derived, median } from './lib/measure.mjs';
import { startStoreProcess } from './lib/store-process.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const COUNT = 10_000;
const PAGE = 100;

/** The store process: the fake store's products (XML and JSON, display=full), repeated to COUNT with ids 1..COUNT. */
const SERVER = `
import { createServer } from 'node:http';
const { createFakeStore } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'testing', 'index.js')).href)});
const store = await createFakeStore(process.env.SNAPSHOT);
const auth = 'Basic ' + Buffer.from(store.key + ':').toString('base64');
const read = async (format) => (await fetch(store.url + '/api/products?display=full', { headers: { authorization: auth, 'output-format': format } })).text();
const xml = await read('XML');
const json = JSON.parse(await read('JSON'));
await store.close();
// Top-level <product> elements of the list (a product_bundle item is a <product> too: depth counts).
const open = xml.indexOf('<products>') + '<products>'.length;
const close = xml.lastIndexOf('</products>');
const segments = [];
for (let i = xml.indexOf('<product>', open), depth = 0, start = 0; i !== -1 && i < close; ) {
  const next = Math.min(...['<product>', '</product>'].map((t) => { const at = xml.indexOf(t, i); return at === -1 ? Infinity : at; }));
  if (next === Infinity || next >= close) break;
  if (xml.startsWith('</product>', next)) { if (--depth === 0) segments.push(xml.slice(start, next + 10)); i = next + 10; }
  else { if (depth++ === 0) start = next; i = next + 9; }
}
const xmlItems = Array.from({ length: ${COUNT} }, (_, n) => segments[n % segments.length].replace(/<id>(<!\\[CDATA\\[)?\\d+(\\]\\]>)?<\\/id>/, '<id><![CDATA[' + (n + 1) + ']]></id>'));
const jsonItems = Array.from({ length: ${COUNT} }, (_, n) => JSON.stringify({ ...json.products[n % json.products.length], id: n + 1 }));
const head = xml.slice(0, open), tail = xml.slice(close);
const cache = new Map();
const body = (format, offset, count) => {
  const key = format + offset + ',' + count;
  if (!cache.has(key)) {
    cache.set(key, Buffer.from(format === 'JSON'
      ? '{"products":[' + jsonItems.slice(offset, offset + count).join(',') + ']}'
      : head + '\\n' + xmlItems.slice(offset, offset + count).join('\\n') + '\\n' + tail));
  }
  return cache.get(key);
};
const server = createServer((req, res) => {
  const limit = new URL(req.url, 'http://x').searchParams.get('limit');
  const [offset, count] = limit === null ? [0, ${COUNT}] : limit.includes(',') ? limit.split(',').map(Number) : [0, Number(limit)];
  const format = req.headers['output-format'] === 'JSON' ? 'JSON' : 'XML';
  const bytes = body(format, offset, count);
  res.writeHead(200, { 'content-type': format === 'JSON' ? 'application/json' : 'text/xml', 'content-length': bytes.length }).end(bytes);
});
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port, key: store.key, products: segments.length, listBytes: { XML: body('XML', 0, ${COUNT}).length, JSON: body('JSON', 0, ${COUNT}).length } }));
});
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
`;

/** What the bundle exports: the runtime's context and resource class, and the golden products meta. */
const ENTRY = `export { createContext } from ${JSON.stringify(join(ROOT, 'templates/runtime/client.ts'))};
export { ResourceRuntime } from ${JSON.stringify(join(ROOT, 'templates/runtime/resource.ts'))};
export { productsMeta } from ${JSON.stringify(join(ROOT, 'test/golden/prestashop-8.2.0/clients/clients/products.ts'))};
`;

async function bundle(dir) {
  const { build } = await import('esbuild');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'entry.ts'), ENTRY);
  const runtimeDir = join(ROOT, 'templates/runtime');
  const toRuntime = {
    name: 'runtime',
    setup(b) {
      // The golden client imports ../runtime/x.js; the runtime is templates/runtime/x.ts.
      // Validators load on the first write only: reads never import them.
      b.onResolve({ filter: /^\.\.\/validators\// }, (args) => ({ path: args.path, external: true }));
      b.onResolve({ filter: /^\.\.\/runtime\// }, (args) => ({
        path: join(runtimeDir, args.path.slice('../runtime/'.length).replace(/\.js$/, '.ts')),
      }));
    },
  };
  const outfile = join(dir, 'runtime.mjs');
  await build({
    entryPoints: [join(dir, 'entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    outfile,
    logLevel: 'silent',
    plugins: [toRuntime],
  });
  return outfile;
}

/** Deep copy of plain JSON values (the "plain copy" of a decoder that only copies). */
function plainCopy(value) {
  if (Array.isArray(value)) return value.map(plainCopy);
  if (typeof value !== 'object' || value === null) return value;
  const out = {};
  for (const key of Object.keys(value)) out[key] = plainCopy(value[key]);
  return out;
}

async function worker(mode, url, key, bundlePath) {
  const { createContext, ResourceRuntime, productsMeta } = await import(pathToFileURL(bundlePath).href);
  const format = mode.endsWith('json') ? 'json' : 'xml';
  const auth = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const headers = { authorization: auth, 'output-format': format.toUpperCase() };
  let XMLParser = null;
  if (mode === 'fxp-xml') ({ XMLParser } = await import('fast-xml-parser'));
  const rt = new ResourceRuntime(
    createContext(
      { baseUrl: url, apiKey: key, format, retries: 0, timeoutMs: 120_000 },
      { decimals: 'number', dates: 'string' },
      [1, 2],
    ),
    productsMeta,
  );
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let records = [];
  if (mode.startsWith('listAll')) {
    for await (const item of rt.listAll({ pageSize: PAGE })) records.push(item);
  } else if (mode.startsWith('list-')) {
    records = await rt.list({});
  } else {
    for (let offset = 0; offset < COUNT; offset += PAGE) {
      const text = await (await fetch(`${url}/api/products?display=full&limit=${offset},${PAGE}`, { headers })).text();
      if (mode === 'fxp-xml') {
        const doc = new XMLParser({ ignoreAttributes: false }).parse(text);
        records.push(...doc.prestashop.products.product);
      } else {
        const items = JSON.parse(text).products;
        records.push(...(mode === 'parse-copy-json' ? items.map(plainCopy) : items));
      }
    }
  }
  const cpu = process.cpuUsage(cpu0);
  const wallMs = performance.now() - t0;
  if (records.length !== COUNT) throw new Error(`${mode}: ${records.length} records, expected ${COUNT}`);
  process.stdout.write(
    `${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, wallMs, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
  );
}

const CONTENDERS = [
  ['listAll-xml', `listAll, XML (${COUNT / PAGE} pages of ${PAGE})`],
  ['fxp-xml', 'fetch + fast-xml-parser, same pages'],
  ['listAll-json', `listAll, JSON (${COUNT / PAGE} pages of ${PAGE})`],
  ['parse-json', 'fetch + JSON.parse, same pages'],
  ['parse-copy-json', 'fetch + JSON.parse + a plain copy, same pages'],
  ['list-xml', 'list(), XML, one request'],
  ['list-json', 'list(), JSON, one request'],
];

export default {
  name: 'runtime',
  title: `runtime reads: ${COUNT} full products through the generated client's runtime`,
  async run(ctx) {
    ctx.requireSnapshot();
    const bundlePath = await bundle(ctx.workPath('runtime'));
    const { info, close } = await startStoreProcess(
      `process.env.SNAPSHOT = ${JSON.stringify(ctx.snapshot)};\n${SERVER}`,
    );
    try {
      const samples = new Map(CONTENDERS.map(([mode]) => [mode, { cpu: [], rss: [] }]));
      const runs = Math.max(1, Math.min(3, ctx.runs));
      for (let round = 0; round < runs; round++) {
        for (const [mode, label] of CONTENDERS) {
          const res = await ctx.runNode(SELF, ['worker', mode, info.url, info.key, bundlePath]);
          if (res.code !== 0)
            throw new Error(`${label} exited ${res.code}: ${res.stderr.trim().split('\n').slice(-3).join(' | ')}`);
          const out = JSON.parse(res.stdout.trim().split('\n').at(-1));
          samples.get(mode).cpu.push(out.cpuMs);
          samples.get(mode).rss.push(out.maxRssMb);
          ctx.log(
            `  run ${round + 1}/${runs} ${label}: ${Math.round(out.cpuMs)} ms CPU, ${Math.round(out.maxRssMb)} MiB peak`,
          );
        }
      }
      const measurements = CONTENDERS.map(([mode, label]) => ({
        ...derived(`runtime.${mode}`, `${label}: CPU time of the loop`, samples.get(mode).cpu),
        rssMb: median(samples.get(mode).rss),
      }));
      const rss = (mode) => median(samples.get(mode).rss);
      return {
        measurements,
        ratios: [
          {
            label: 'listAll XML ÷ fetch + fast-xml-parser (CPU)',
            num: 'runtime.listAll-xml',
            den: 'runtime.fxp-xml',
            target: 0.4,
          },
          {
            label: 'listAll JSON ÷ fetch + JSON.parse (CPU)',
            num: 'runtime.listAll-json',
            den: 'runtime.parse-json',
            target: 1.5,
          },
          {
            label: 'listAll JSON ÷ fetch + JSON.parse + a plain copy (CPU)',
            num: 'runtime.listAll-json',
            den: 'runtime.parse-copy-json',
          },
          {
            label: 'list() XML ÷ listAll XML (peak RSS)',
            num: 'runtime.list-xml',
            den: 'runtime.listAll-xml',
            of: 'rssMb',
            target: 2,
          },
          {
            label: 'list() JSON ÷ listAll JSON (peak RSS)',
            num: 'runtime.list-json',
            den: 'runtime.listAll-json',
            of: 'rssMb',
            target: 2,
          },
        ],
        notes: [
          `the store's ${info.products} seed products repeated to ${COUNT}: ${(info.listBytes.XML / 2 ** 20).toFixed(1)} MiB of XML, ${(info.listBytes.JSON / 2 ** 20).toFixed(1)} MiB of JSON in one list answer`,
          `peak RSS, list() ÷ listAll: XML ${(rss('list-xml') / rss('listAll-xml')).toFixed(2)}× (${Math.round(rss('list-xml'))} / ${Math.round(rss('listAll-xml'))} MiB), JSON ${(rss('list-json') / rss('listAll-json')).toFixed(2)}× (${Math.round(rss('list-json'))} / ${Math.round(rss('listAll-json'))} MiB) (target ≤ 2)`,
          'CPU time of the read loop in a fresh process per run (start-up and imports excluded); the store runs in its own process',
        ],
      };
    } finally {
      await close();
    }
  },
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === SELF && process.argv[2] === 'worker') {
  await worker(process.argv[3], process.argv[4], process.argv[5], process.argv[6]);
}
