/**
 * `prestashop-codegen fake-store [--schema <snapshot>] [--generation 8.x|1.7.8|9.0] [--port N]`:
 * starts a fake PrestaShop store on 127.0.0.1 with data, prints the URL and the key and runs until
 * Ctrl+C.
 * - With `--schema`: a fake of that snapshot's store (`createFakeStore`): every resource with
 *   fields, the bundled seed records, the generation of the snapshot's store unless given.
 * - Without: the bundled 8.2.0 store, introspected to learn its resources, with data for products,
 *   categories, customers, stock_availables and order_histories (and product images, search).
 */
import { resolve } from 'node:path';
import { ConfigError, InputError } from '../../errors.js';
import type { CrudGeneration } from '../../fakestore/index.js';
import type { StoreSchema } from '../../model/index.js';
import type { FakeStoreGeneration } from '../../testing/index.js';
import type { Reporter } from '../reporter.js';
import { untilSignal } from '../signals.js';
import type { CommandFactory } from './registry.js';

export interface FakeStoreRun {
  readonly store: { readonly url: string; close(): Promise<void> };
  readonly schema: StoreSchema;
}

export interface FakeStoreCommandOptions {
  /** Snapshot of the store to fake; null: introspect the bundled store. */
  readonly schemaPath: string | null;
  /** `1.7` is `1.7.8`; absent: the snapshot's generation (8.x without a snapshot). */
  readonly generation?: CrudGeneration | FakeStoreGeneration | undefined;
  readonly port: number;
}

/** Starts the data-serving fake store and reports where it is. The caller closes it. */
export async function startDataStore(options: FakeStoreCommandOptions, reporter: Reporter): Promise<FakeStoreRun> {
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
    throw new ConfigError('expected a port number', 'port');
  const generation = options.generation === '1.7' ? '1.7.8' : options.generation;
  try {
    if (options.schemaPath !== null)
      return await startSnapshotStore(options.schemaPath, generation, options.port, reporter);
    return await startBundledStore(generation ?? '8.x', options.port, reporter);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new InputError(
        `port ${options.port} is already in use; choose another with --port, or --port 0 for any free port`,
        '127.0.0.1',
      );
    if (code === 'EACCES')
      throw new InputError(`port ${options.port} needs privileges; choose a port above 1023, or --port 0`, '127.0.0.1');
    throw error;
  }
}

function announce(reporter: Reporter, what: string, url: string, key: string): void {
  reporter.out([what, `  url: ${url}`, `  key: ${key}`, 'Press Ctrl+C to stop.'].join('\n'));
}

async function startSnapshotStore(
  path: string,
  generation: FakeStoreGeneration | undefined,
  port: number,
  reporter: Reporter,
): Promise<FakeStoreRun> {
  // Loaded here: every CLI run imports this module (the command registry); only this command needs the store.
  const [{ loadSnapshot }, { createFakeStore }] = await Promise.all([
    import('../../api/snapshot.js'),
    import('../../testing/index.js'),
  ]);
  const schema = await loadSnapshot(path);
  const store = await createFakeStore(schema, { port, ...(generation === undefined ? {} : { generation }) });
  const served = schema.resources.filter((r) => r.nodeName !== null).length;
  announce(
    reporter,
    `Fake PrestaShop store (${store.generation} behaviour) of ${path}: ${served} resources with data, seeded with demo-like records.`,
    store.url,
    store.key,
  );
  return { store, schema };
}

async function startBundledStore(
  generation: CrudGeneration | '1.7.8',
  port: number,
  reporter: Reporter,
): Promise<FakeStoreRun> {
  const { CRUD_RESOURCES, FAKE_STORE_KEY, startFakeStore } = await import('../../fakestore/index.js');
  const { loadSeedRecords } = await import('../../fakestore/crud/seed.js');
  const engineGeneration: CrudGeneration = generation === '1.7.8' ? '1.7' : generation;
  const flavor = engineGeneration === '1.7' ? '1.7' : '8.x';
  const probe = await startFakeStore({ flavor });
  let schema: StoreSchema;
  try {
    const { introspectStore } = await import('../../introspect/index.js');
    schema = (await introspectStore({ url: probe.url, key: FAKE_STORE_KEY })).schema;
  } finally {
    await probe.close();
  }
  // The 8.2.0 seed (languages, categories, products, customers, order states, an order), so the
  // store has data to read from the first request.
  const store = await startFakeStore({
    flavor,
    port,
    crud: { schema, generation: engineGeneration, records: await loadSeedRecords() },
  });
  const served = CRUD_RESOURCES.filter((r) => store.crud?.resource(r) !== undefined);
  const label = engineGeneration === '1.7' ? '1.7.8' : engineGeneration;
  announce(
    reporter,
    `Fake PrestaShop store (${label} behaviour) with data for ${served.join(', ')}, images and search.`,
    store.url,
    FAKE_STORE_KEY,
  );
  return { store, schema };
}

interface FakeStoreArgs {
  readonly schema?: string;
  readonly generation?: CrudGeneration | FakeStoreGeneration;
  readonly port: number;
}

export const fakeStoreCommand: CommandFactory = (ctx) => ({
  command: 'fake-store',
  describe:
    'Run a fake PrestaShop store with data: of your snapshot (--schema), or the bundled one, for trying a generated client',
  builder: (y) =>
    y
      .option('schema', {
        type: 'string',
        describe: 'Snapshot of the store to fake, every resource served (default: the bundled store)',
      })
      // type 'string': without it yargs reads `9.0` and `1.7` as numbers, which match no choice.
      .option('generation', {
        type: 'string',
        choices: ['8.x', '1.7.8', '1.7', '9.0'] as const,
        describe: "Behaviour of the store (default: the snapshot's store version, else 8.x)",
      })
      .option('port', { type: 'number', default: 0, describe: 'Port on 127.0.0.1 (0: any free port)' })
      .example('$0 fake-store --port 8080', 'http://127.0.0.1:8080 with the demo key')
      .example('$0 fake-store --schema prestashop-schema.json', 'a fake of your own store'),
  handler: async (raw) => {
    const argv = raw as unknown as FakeStoreArgs;
    const { store } = await startDataStore(
      {
        schemaPath: argv.schema === undefined ? null : resolve(ctx.cwd, argv.schema),
        generation: argv.generation,
        port: argv.port,
      },
      ctx.reporter,
    );
    await untilSignal();
    await store.close();
  },
});
