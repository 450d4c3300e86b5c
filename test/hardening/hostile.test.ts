/**
 * Hostile schemas, property-based (fast-check, fixed seeds):
 *
 * 1. Stores: 1 to 4 resources whose synopsis documents (XML as PrestaShop writes them, or the spec's
 *    JSON) carry hostile names and values, served over HTTP by the fake store and introspected.
 *    Each store is either refused with an error naming the resource and the bad item, or its
 *    snapshot round-trips and its generated output compiles.
 * 2. Snapshot files edited by hand (the introspector bypassed): any name at all. Each is either
 *    refused with an error naming the path of the bad item, or its generated output compiles.
 *
 * For every accepted document: no canary call in code outside string literals and comments (the
 * TypeScript scanner), every generated path stays inside the output directory (also when written by
 * the write stage, and by `generate` for some), and all outputs type-check under strict in one
 * batched program.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { emitAll, resolveEmitOptions, type EmitOptions } from '../../src/emit/index.js';
import { IntrospectError } from '../../src/errors.js';
import { startFakeStore } from '../../src/fakestore/index.js';
import { introspectStore } from '../../src/introspect/index.js';
import { parseSnapshot, serializeSnapshot, SnapshotError, type StoreSchema } from '../../src/model/index.js';
import { readRuntimeTemplates } from '../../src/templates.js';
import { assertSafeRelativePath, writeFileMap } from '../../src/write/index.js';
import { typecheck } from '../emit/typecheck.js';
import { KEY, listFiles, runCli, tempDir } from './helpers.js';
import {
  anyName,
  anyValue,
  CANARY,
  canaryCalls,
  fixtureStore,
  headerValue,
  hostileDocument,
  renderJsonSynopsis,
  renderXmlSynopsis,
  trickyName,
  trickyXmlName,
  withCaseTwins,
  xmlName,
  type HostileDocument,
  type HostileResource,
} from './hostile.js';

/** The rule the introspector enforces, written again here so the test does not trust the code it checks. */
const VALID = /^[A-Za-z0-9_]{1,128}$/;

const counts = {
  documents: 0,
  storesAccepted: 0,
  storesRefused: 0,
  snapshots: 0,
  snapshotsAccepted: 0,
  snapshotsRefused: 0,
  files: 0,
  canaryInLiterals: 0,
};
/** Every accepted output, under `s<n>/`, type-checked together at the end. */
const batch = new Map<string, string>();
let templates: Map<string, string> = new Map();

/** Emits a model and checks what can be checked per output; queues it for the batched type check. */
function emitAndCheck(model: StoreSchema, label: string, requested: Partial<EmitOptions>): void {
  let options = requested;
  const ids = model.store.languages.map((l) => l.id);
  if (options.defaultLanguage != null && ids.length > 0 && !ids.includes(options.defaultLanguage)) {
    // Found by this suite: such code did not compile. It is now refused, with the language named.
    expect(() => emitAll(model, resolveEmitOptions(options), { templates })).toThrow(
      new RegExp(`default language ${options.defaultLanguage} is not one of the snapshot's languages`),
    );
    options = { ...options, defaultLanguage: null };
  }
  const { files } = emitAll(model, resolveEmitOptions(options), { templates });
  const root = resolve('/out');
  for (const [path, text] of files) {
    assertSafeRelativePath(path);
    expect(resolve(root, path).startsWith(`${root}${sep}`), `${label}: ${path}`).toBe(true);
    expect(canaryCalls(text), `${label}: ${path}\n${text}`).toBe(0);
    counts.canaryInLiterals += text.split(`${CANARY}(`).length - 1;
    if (!path.startsWith('runtime/')) batch.set(`${label}/${path}`, shareRuntime(path, text));
    counts.files++;
  }
  // The runtime is copied verbatim and is the same in every output: it is checked once, at the top.
  for (const [path, text] of files) if (path.startsWith('runtime/')) batch.set(path, text);
}

/**
 * Points an output's imports of its `runtime/` at the one shared copy (one directory up), so the
 * batched program checks the runtime once instead of once per output. Only import paths change.
 */
function shareRuntime(path: string, text: string): string {
  const depth = path.split('/').length - 1;
  const from = depth === 0 ? './runtime/' : `${'../'.repeat(depth)}runtime/`;
  const to = `${'../'.repeat(depth + 1)}runtime/`;
  return text.split(`"${from}`).join(`"${to}`).split(`'${from}`).join(`'${to}`);
}

/** The generator's options that change the code (zod validators need the zod package: not here). */
const emitOptions: fc.Arbitrary<Partial<EmitOptions>> = fc.record({
  decimals: fc.constantFrom('number', 'string'),
  dates: fc.constantFrom('string', 'Date'),
  brandedIds: fc.boolean(),
  unknownKeys: fc.constantFrom('passthrough', 'strict', 'strip'),
  defaultLanguage: fc.constantFrom(null, 1, 2),
});

/** Writes an output with the write stage into a fresh directory: nothing may land outside `out/`. */
async function writeAndCheck(model: StoreSchema): Promise<void> {
  const dir = tempDir();
  const { files } = emitAll(model, resolveEmitOptions(), { templates });
  await writeFileMap(join(dir, 'out'), files, { format: false });
  expect(listFiles(dir).every((f) => f.startsWith('out/'))).toBe(true);
}

function twinFields(doc: HostileDocument, twins: readonly boolean[]): HostileDocument {
  const names = withCaseTwins(
    doc.fields.map((f) => f.name),
    twins,
  );
  const byName = new Map(doc.fields.map((f) => [f.name, f]));
  const fields = [...new Set(names)].map((n) => byName.get(n) ?? { ...doc.fields[0]!, name: n });
  return { ...doc, fields };
}

const storeSample = fc.boolean().chain((clean) =>
  fc.record({
    clean: fc.constant(clean),
    names: fc.uniqueArray(clean ? trickyXmlName : xmlName, { minLength: 1, maxLength: 3 }),
    twins: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
    docs: fc.array(hostileDocument(clean), { minLength: 4, maxLength: 4 }),
    descriptions: fc.array(anyValue, { minLength: 4, maxLength: 4 }),
    psVersion: fc.option(headerValue, { nil: null }),
    isoCode: anyValue,
    listNode: fc.option(clean ? trickyXmlName : xmlName, { nil: undefined }),
    options: emitOptions,
  }),
);

type StoreSample = typeof storeSample extends fc.Arbitrary<infer T> ? T : never;

function resourcesOf(sample: StoreSample): HostileResource[] {
  const names = [...new Set(withCaseTwins(sample.names, sample.twins))].slice(0, 4);
  return names.map((name, i) => {
    const doc = twinFields(sample.docs[i]!, sample.twins);
    counts.documents++;
    return {
      name,
      description: sample.descriptions[i]!,
      synopsis: doc.kind === 'xml' ? { xml: renderXmlSynopsis(doc) } : { json: renderJsonSynopsis(doc) },
      ...(i === 0 && sample.listNode !== undefined ? { listNode: sample.listNode } : {}),
    };
  });
}

/** A refusal must name the resource and the bad item, and the item must really break the rule. */
function expectClearRefusal(error: IntrospectError, resources: readonly HostileResource[]): void {
  const m =
    /\(resource "([^"]*)"\): the store sent an? (.+?) the tool does not accept: ("(?:[^"\\]|\\.)*")( \((\d+) characters\))?/.exec(
      error.message,
    ) ??
    /: the listing (names a resource) the tool does not accept: ("(?:[^"\\]|\\.)*")( \((\d+) characters\))?/.exec(
      error.message,
    );
  expect(m, error.message).not.toBeNull();
  const quoted = m![0].includes('the listing') ? m![2]! : m![3]!;
  const truncatedLength = m![0].includes('the listing') ? m![4] : m![5];
  const shown = JSON.parse(quoted) as string;
  if (truncatedLength === undefined) expect(VALID.test(shown), error.message).toBe(false);
  else expect(Number(truncatedLength)).toBeGreaterThan(128);
  if (!m![0].includes('the listing')) expect(resources.map((r) => r.name)).toContain(m![1]);
  expect(error.message).toMatch(/--exclude/);
  expect(error.exitCode).toBe(1);
}

describe('hostile schemas', () => {
  afterAll(() => {
    console.info(
      `hostile: ${counts.documents} synopsis documents in ${counts.storesAccepted + counts.storesRefused} stores ` +
        `(${counts.storesAccepted} accepted, ${counts.storesRefused} refused with the item named); ` +
        `${counts.snapshots} hand-edited snapshots (${counts.snapshotsAccepted} accepted, ${counts.snapshotsRefused} refused); ` +
        `${counts.files} generated files, ${counts.canaryInLiterals} canaries kept inside literals and comments, 0 in code`,
    );
  });

  it('stores serving hostile synopsis documents: refused with the item named, or the output compiles', async () => {
    templates = await readRuntimeTemplates();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(storeSample, async (sample) => {
        n++;
        const resources = resourcesOf(sample);
        const store = await startFakeStore({
          fixtures: fixtureStore(resources, {
            psVersion: sample.psVersion,
            languages: [{ id: 1, isoCode: sample.isoCode }],
          }),
        });
        try {
          let schema: StoreSchema;
          try {
            ({ schema } = await introspectStore({ url: store.url, key: KEY, retries: 0, concurrency: 4 }));
          } catch (error) {
            if (!(error instanceof IntrospectError)) throw error;
            expectClearRefusal(error, resources);
            counts.storesRefused++;
            return;
          }
          counts.storesAccepted++;
          for (const r of schema.resources) {
            const names = [r.name, r.nodeName, r.nodesName, ...r.fields.flatMap((f) => [f.name, f.references])];
            for (const a of r.associations)
              names.push(a.name, a.nodeName, a.resource, ...a.fields.flatMap((f) => [f.name, f.references]));
            for (const name of names) if (name !== null) expect(VALID.test(name), name).toBe(true);
          }
          const text = serializeSnapshot(schema);
          expect(serializeSnapshot(parseSnapshot(text))).toBe(text);
          emitAndCheck(schema, `s${n}`, sample.options);
          if (n % 10 === 0) await writeAndCheck(schema);
        } finally {
          await store.close();
        }
      }),
      { numRuns: 260, seed: 20260101, endOnFailure: true },
    );
    expect(counts.documents).toBeGreaterThanOrEqual(500);
    expect(counts.storesAccepted).toBeGreaterThan(20);
    expect(counts.storesRefused).toBeGreaterThan(20);
  });

  it('hand-edited snapshots with any names: refused with the path named, or the output compiles', async () => {
    // Mostly names a snapshot may hold (no control characters, not empty, not over 256), some not.
    const name = fc.oneof(
      { arbitrary: anyName.filter((n) => n !== '' && n.length <= 256 && !/[\u0000-\u001f\u007f]/.test(n)), weight: 6 },
      { arbitrary: trickyName, weight: 3 },
      { arbitrary: anyName, weight: 1 },
    );
    const field = fc.record({
      name,
      required: fc.boolean(),
      maxSize: fc.option(fc.nat(), { nil: null }),
      format: fc.option(anyValue, { nil: null }),
      inputType: fc.option(anyValue, { nil: null }),
      multilingual: fc.boolean(),
      readOnly: fc.boolean(),
      filterable: fc.boolean(),
      references: fc.option(name, { nil: null }),
    });
    const resource = fc.record({
      name,
      description: fc.option(anyValue, { nil: null }),
      nodeName: fc.option(name, { nil: null }),
      nodesName: fc.option(name, { nil: null }),
      methods: fc.subarray(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']),
      synopsis: fc.record({
        source: fc.constantFrom('json', 'xml', 'none'),
        reason: fc.option(anyValue, { nil: null }),
      }),
      fields: fc.uniqueArray(field, { maxLength: 5, selector: (f) => f.name }),
      associations: fc.uniqueArray(
        fc.record({
          name,
          resource: fc.option(name, { nil: null }),
          nodeName: name,
          virtual: fc.boolean(),
          fields: fc.uniqueArray(field, { maxLength: 2, selector: (f) => f.name }),
        }),
        { maxLength: 2, selector: (a) => a.name },
      ),
    });
    const snapshot = fc.record({
      schemaVersion: fc.constant(1),
      store: fc.record({
        psVersion: fc.option(anyValue, { nil: null }),
        languages: fc.uniqueArray(fc.record({ id: fc.nat(99), isoCode: fc.option(anyValue, { nil: null }) }), {
          selector: (l) => l.id,
          maxLength: 3,
        }),
      }),
      resources: fc.uniqueArray(resource, { minLength: 1, maxLength: 3, selector: (r) => r.name }),
    });
    let n = 0;
    let viaCli = 0;
    await fc.assert(
      fc.asyncProperty(snapshot, emitOptions, async (raw, options) => {
        n++;
        counts.snapshots++;
        const text = JSON.stringify(raw, null, 2);
        let model: StoreSchema;
        try {
          model = parseSnapshot(text, 'hostile.json');
        } catch (error) {
          if (!(error instanceof SnapshotError)) throw error;
          expect(error.message).toMatch(/^hostile\.json: \$\.(store|resources\[\d+\])[.\w[\]() "-]*/);
          counts.snapshotsRefused++;
          return;
        }
        counts.snapshotsAccepted++;
        emitAndCheck(model, `h${n}`, options);
        if (n % 10 === 0) await writeAndCheck(model);
        if (viaCli < 8) {
          // The whole CLI on a few: generate into out/, nothing anywhere else.
          viaCli++;
          const dir = tempDir();
          writeFileSync(join(dir, 'schema.json'), text);
          const run = await runCli(['generate', '--schema', 'schema.json', '--out', 'out', '--no-format'], {
            cwd: dir,
          });
          expect(run.code, run.stderr).toBe(0);
          expect(
            listFiles(dir)
              .filter((f) => f !== 'schema.json')
              .every((f) => f.startsWith('out/')),
          ).toBe(true);
          expect(readFileSync(join(dir, 'schema.json'), 'utf8')).toBe(text);
        }
      }),
      { numRuns: 260, seed: 20260202, endOnFailure: true },
    );
    expect(counts.snapshotsAccepted).toBeGreaterThan(50);
  });

  it('an association without writable fields (found by this suite: an unused local in its validator)', () => {
    const model = parseSnapshot(
      JSON.stringify({
        schemaVersion: 1,
        store: { psVersion: null, languages: [] },
        resources: [
          {
            name: 'things',
            description: null,
            nodeName: 'thing',
            nodesName: 'things',
            methods: ['GET', 'POST'],
            synopsis: { source: 'json', reason: null },
            fields: [],
            associations: [
              { name: 'none', resource: null, nodeName: 'n', virtual: true, fields: [] },
              {
                name: 'frozen',
                resource: null,
                nodeName: 'f',
                virtual: true,
                fields: [
                  {
                    name: 'id',
                    required: false,
                    maxSize: null,
                    format: null,
                    inputType: null,
                    multilingual: false,
                    readOnly: true,
                    filterable: true,
                    references: null,
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    emitAndCheck(model, 'assoc', {});
  });

  it('every accepted output type-checks under strict, in one program', () => {
    expect(batch.size).toBeGreaterThan(500);
    const diagnostics = typecheck(batch, 'nodenext');
    expect(diagnostics.slice(0, 20)).toEqual([]);
    // Over 500 outputs in one program: about 20 s on an idle machine, more when the cores are shared.
  }, 180_000);
});
