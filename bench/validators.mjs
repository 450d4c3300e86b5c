#!/usr/bin/env node
// Validators benchmark: the generated standalone validators against zod v4 `safeParse` making the
// same checks (the `--validators zod` output of the same snapshot), on the same valid and invalid
// records of products, customers, addresses and orders, measured in one process, interleaved.
//
//   node bench/validators.mjs [--snapshot path] [--seconds 0.5] [--rounds 7] [--json]
//
// Needs `npm run build` first (it uses dist/). `npm run bench` runs it as the `validators` section.
// Prints throughput (validations per second) and the ratio; `--json` prints the numbers instead.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH, '..');
const WORK = join(BENCH, '.work', 'validators');

/** Emits one flavour of the output with the built generator and transpiles it to runnable JS. */
async function build(flavour, snapshot) {
  const { emitAll, resolveEmitOptions } = await import(pathToFileURL(join(ROOT, 'dist', 'emit', 'index.js')).href);
  const { parseSnapshot } = await import(pathToFileURL(join(ROOT, 'dist', 'model', 'index.js')).href);
  const { readRuntimeTemplates } = await import(pathToFileURL(join(ROOT, 'dist', 'templates.js')).href);
  const model = parseSnapshot(readFileSync(snapshot, 'utf8'), snapshot);
  const options = resolveEmitOptions({ validators: flavour, clients: false });
  const { files } = emitAll(model, options, { templates: await readRuntimeTemplates() });
  const dir = join(WORK, flavour);
  await rm(dir, { recursive: true, force: true });
  for (const [path, text] of files) {
    if (!path.endsWith('.ts')) continue;
    const js = ts.transpileModule(text, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    }).outputText;
    const out = join(dir, path.replace(/\.ts$/, '.js'));
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, js);
  }
  await writeFile(join(dir, 'package.json'), '{"type":"module"}\n');
  return import(pathToFileURL(join(dir, 'index.js')).href);
}

const text = (en, fr) => [
  { id: 1, value: en },
  { id: 2, value: fr },
];

/** Realistic bodies: each resource has valid records and records with several mistakes. */
const RECORDS = {
  products: {
    validator: 'validateProductInput',
    schema: 'productInputSchema',
    valid: [
      {
        price: 23.9,
        wholesale_price: 12.5,
        id_category_default: 2,
        id_manufacturer: 1,
        reference: 'demo_1',
        ean13: '3017620422003',
        active: true,
        state: 1,
        name: text('Hummingbird printed t-shirt', 'T-shirt imprimé colibri'),
        link_rewrite: text('hummingbird-printed-t-shirt', 't-shirt-imprime-colibri'),
        description: text(
          '<p>Symbol of lightness and delicacy, the hummingbird evokes curiosity and joy.</p>',
          '<p>Symbole de légèreté et de délicatesse, le colibri évoque la curiosité et la joie.</p>',
        ),
        meta_title: text('Hummingbird t-shirt', 'T-shirt colibri'),
        associations: { categories: [{ id: 2 }, { id: 3 }], product_features: [{ id: 1, id_feature_value: 4 }] },
      },
      {
        price: 9.5,
        name: text('Mug The best is yet to come', 'Mug Le meilleur reste à venir'),
        reference: 'demo_12',
        weight: 0.3,
        active: false,
      },
    ],
    invalid: [
      {
        price: -1,
        name: text('Mug', 'Tasse <rouge>'),
        reference: 'x'.repeat(70),
        manufacturer_name: 'Studio Design',
        ean13: 'not-a-barcode',
        associations: { categories: [{ id: 2 }, {}] },
      },
      {
        name: text('Poster', 'Affiche'),
        description: text('<script>alert(1)</script>', ''),
        weight: -2,
        visibility: 'hidden',
      },
    ],
  },
  customers: {
    validator: 'validateCustomerInput',
    schema: 'customerInputSchema',
    valid: [
      {
        firstname: 'John',
        lastname: 'Doe',
        email: 'pub@prestashop.com',
        passwd: '$2y$10$Hs4VvZlDOmjzNwLTrt4mle5dQ6MlB3V7ZcC0oCGXAVUKPoXtu1H4y',
        birthday: '1970-01-15',
        newsletter: true,
        active: true,
        associations: { groups: [{ id: 3 }] },
      },
      {
        firstname: 'Anne-Sophie',
        lastname: "O'Brien",
        email: 'a+b@example.fr',
        passwd: 'd41d8cd98f00b204e9800998ecf8427e',
        company: 'Acme',
      },
    ],
    invalid: [
      {
        firstname: 'R2D2',
        lastname: 'Doe',
        email: 'not an email',
        passwd: 'short',
        birthday: '2990-01-01',
        secure_key: 'x',
      },
      { lastname: 'Smith', email: 'ü@example.com', website: 'a"b' },
    ],
  },
  addresses: {
    validator: 'validateAddressInput',
    schema: 'addressInputSchema',
    valid: [
      {
        id_customer: 1,
        id_country: 8,
        alias: 'Home',
        firstname: 'John',
        lastname: 'Doe',
        address1: '16, Main street',
        postcode: '75002',
        city: 'Paris',
        phone: '+33 1 23 45 67 89',
      },
      {
        id_country: 21,
        id_state: 12,
        alias: 'Office',
        firstname: 'Ada',
        lastname: 'Lovelace',
        company: 'Analytical Engines',
        address1: '1 Infinite Loop',
        address2: '2nd floor',
        postcode: '95014',
        city: 'Cupertino',
      },
    ],
    invalid: [
      {
        id_country: -1,
        alias: 'Home',
        firstname: 'J0hn',
        lastname: 'Doe',
        address1: '16 <b>Main</b> street',
        postcode: '75002!',
        city: 'Paris',
        phone: 'call me',
      },
      { alias: 'x'.repeat(40), lastname: 'Doe', address1: '', city: 'Saint_Denis', dni: 'too long for a dni number' },
    ],
  },
  orders: {
    validator: 'validateOrderInput',
    schema: 'orderInputSchema',
    valid: [
      {
        id_address_delivery: 5,
        id_address_invoice: 5,
        id_cart: 7,
        id_currency: 1,
        id_lang: 1,
        id_customer: 2,
        id_carrier: 2,
        module: 'ps_checkpayment',
        payment: 'Payment by check',
        total_paid: 61.8,
        total_paid_real: 61.8,
        total_products: 52,
        total_products_wt: 55.5,
        conversion_rate: 1,
        current_state: 1,
        reference: 'XKBKNABJK',
        associations: { order_rows: [{ product_id: 1, product_attribute_id: 1, product_quantity: 2 }] },
      },
    ],
    invalid: [
      {
        id_address_delivery: 5,
        id_cart: 7,
        id_currency: 1,
        id_lang: 1,
        id_customer: 2,
        id_carrier: 2,
        module: 'ps check payment',
        payment: 'Payment <by> check',
        total_paid: 'free',
        total_paid_real: 61.8,
        total_products: 52,
        total_products_wt: 55.5,
        conversion_rate: 1,
        reference: 'x'.repeat(20),
        associations: { order_rows: [{ product_id: 1, product_name: 'Mug' }] },
      },
    ],
  },
};

const now = () => performance.now();

/** Validations per second of `fn` over every record of `records`, during about `seconds`. */
function throughput(fn, records, seconds) {
  let n = 0;
  const until = now() + seconds * 1000;
  const t0 = now();
  do {
    for (let i = 0; i < 100; i++) for (const r of records) fn(r);
    n += 100 * records.length;
  } while (now() < until);
  return n / ((now() - t0) / 1000);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const { values: opts } = parseArgs({
    options: {
      snapshot: { type: 'string', default: join(ROOT, 'test', 'golden', 'prestashop-8.2.0', 'prestashop-schema.json') },
      seconds: { type: 'string', default: '0.5' },
      rounds: { type: 'string', default: '7' },
      json: { type: 'boolean', default: false },
    },
  });
  const seconds = Math.max(0.05, Number(opts.seconds) || 0.5);
  const rounds = Math.max(1, Number(opts.rounds) || 7);
  const [ours, zod] = await Promise.all([build('standalone', opts.snapshot), build('zod', opts.snapshot)]);

  // Both must agree on every record before anything is timed.
  const sets = [];
  for (const [resource, spec] of Object.entries(RECORDS)) {
    const validate = ours[spec.validator];
    const schema = zod[spec.schema];
    if (typeof validate !== 'function' || schema === undefined)
      throw new Error(`${resource}: no validator in the output`);
    for (const kind of ['valid', 'invalid']) {
      for (const r of spec[kind]) {
        const a = validate(r).ok;
        const b = schema.safeParse(r).success;
        if (a !== (kind === 'valid') || b !== a)
          throw new Error(`${resource}: a ${kind} record is judged ${a} by ours and ${b} by zod`);
      }
      sets.push({ resource, kind, records: spec[kind], ours: (r) => validate(r), zod: (r) => schema.safeParse(r) });
    }
  }

  // Warm up every contender, then interleave: each round times every set with both contenders.
  for (const set of sets) {
    throughput(set.ours, set.records, seconds / 4);
    throughput(set.zod, set.records, seconds / 4);
  }
  const samples = sets.map(() => ({ ours: [], zod: [] }));
  for (let i = 0; i < rounds; i++) {
    sets.forEach((set, j) => {
      samples[j].ours.push(throughput(set.ours, set.records, seconds));
      samples[j].zod.push(throughput(set.zod, set.records, seconds));
    });
  }
  const results = sets.map((set, j) => ({
    resource: set.resource,
    kind: set.kind,
    records: set.records.length,
    ours: median(samples[j].ours),
    zod: median(samples[j].zod),
  }));
  const geo = (xs) => Math.exp(xs.reduce((acc, x) => acc + Math.log(x), 0) / xs.length);
  // Per kind, per round: the geometric mean over the resources; then the median over rounds.
  const summary = ['valid', 'invalid'].map((kind) => {
    const idx = sets.map((set, j) => (set.kind === kind ? j : -1)).filter((j) => j >= 0);
    const perRound = (who) => Array.from({ length: rounds }, (_, i) => geo(idx.map((j) => samples[j][who][i])));
    const oursRounds = perRound('ours');
    const zodRounds = perRound('zod');
    return {
      kind,
      ours: median(oursRounds),
      zod: median(zodRounds),
      speedup: median(oursRounds) / median(zodRounds),
      oursRounds,
      zodRounds,
    };
  });
  const out = {
    zod: JSON.parse(readFileSync(join(ROOT, 'node_modules', 'zod', 'package.json'), 'utf8')).version,
    node: process.version,
    seconds,
    rounds,
    results,
    summary,
  };
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  const rows = results.map((r) => [r.resource, r.kind, fmt(r.ours), fmt(r.zod), `${(r.ours / r.zod).toFixed(2)}×`]);
  for (const s of summary) rows.push(['all (geomean)', s.kind, fmt(s.ours), fmt(s.zod), `${s.speedup.toFixed(2)}×`]);
  const head = ['resource', 'records', 'generated (ops/s)', `zod ${out.zod} safeParse (ops/s)`, 'generated ÷ zod'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write(`${[line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')}\n`);
  process.stdout.write(
    `\nNode ${process.version}; median of ${rounds} interleaved rounds of ${seconds} s per contender and record set.\n`,
  );
}

/** The `validators` section of `npm run bench` (bench/run.mjs): runs this script in its own process. */
export default {
  name: 'validators',
  title: 'validators: generated vs zod v4 safeParse (same checks, same records, one process)',
  async run(ctx) {
    ctx.requireSnapshot();
    // Rounds follow the harness's --runs; 0.3 s per contender and record set keeps the section
    // to about half a minute of the whole benchmark's 10-minute budget.
    const args = ['--json', '--snapshot', ctx.snapshot, '--rounds', String(Math.max(3, ctx.runs)), '--seconds', '0.3'];
    const res = await ctx.runNode(fileURLToPath(import.meta.url), args);
    if (res.code !== 0)
      throw new Error(
        `bench/validators.mjs exited ${res.code}: ${res.stderr.trim().split('\n').slice(-3).join(' | ')}`,
      );
    const data = JSON.parse(res.stdout.trim().split('\n').pop());
    const PER = 100_000;
    const measurements = [];
    for (const s of data.summary) {
      for (const [who, label, rounds] of [
        ['ours', 'generated validators', s.oursRounds],
        ['zod', `zod ${data.zod} safeParse`, s.zodRounds],
      ]) {
        const ms = rounds.map((ops) => (PER / ops) * 1000).sort((a, b) => a - b);
        measurements.push({
          id: `validators.${who}.${s.kind}`,
          label: `${label}, ${PER.toLocaleString('en-US')} ${s.kind} records`,
          samples: ms,
          median: median(ms),
          min: ms[0],
          max: ms[ms.length - 1],
          rssMb: res.rssMb,
          extra: { 'ops/s': Math.round(who === 'ours' ? s.ours : s.zod).toLocaleString('en-US') },
        });
      }
    }
    return {
      measurements,
      ratios: [
        ...['valid', 'invalid'].map((kind) => ({
          label: `validators ÷ zod safeParse (${kind} records, time)`,
          num: `validators.ours.${kind}`,
          den: `validators.zod.${kind}`,
          // At least 3× zod's speed (issue 14).
          target: 0.33,
        })),
        // Every benched resource on its own too (issue 25: customers included): time per record,
        // ours ÷ zod's, from the medians of the interleaved rounds.
        ...data.results.map((r) => ({
          label: `validators ÷ zod safeParse, ${r.resource} (${r.kind} records, time)`,
          value: r.zod / r.ours,
          target: 0.33,
        })),
      ],
      notes: [
        `products, customers, addresses and orders of the snapshot; median of ${data.rounds} interleaved rounds of ${data.seconds} s, geometric mean over resources`,
      ],
    };
  },
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`bench/validators: ${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
