/**
 * `prestashop-codegen fake-store [--schema <snapshot>] [--generation 8.x|1.7|9.0] [--port N]`:
 * starts the bundled fake PrestaShop store on 127.0.0.1 with data: the schema answers of the
 * recorded 8.2.0 store plus reads and writes of products, categories, customers, stock_availables
 * and order_histories (and product images, search). It prints the URL and the key and runs until
 * Ctrl+C. Without `--schema` it introspects itself to learn the resources.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError, InputError } from '../../errors.js';
import type { CrudGeneration, FakeStore } from '../../fakestore/index.js';
import { parseSnapshotText } from '../../api/snapshot.js';
import type { StoreSchema } from '../../model/index.js';
import type { Reporter } from '../reporter.js';
import type { CommandFactory } from './registry.js';

export interface FakeStoreRun {
  readonly store: FakeStore;
  readonly schema: StoreSchema;
}

export interface FakeStoreCommandOptions {
  /** Snapshot that describes the CRUD resources; null: introspect the bundled store. */
  readonly schemaPath: string | null;
  readonly generation: CrudGeneration;
  readonly port: number;
}

/** Starts the data-serving fake store and reports where it is. The caller closes it. */
export async function startDataStore(options: FakeStoreCommandOptions, reporter: Reporter): Promise<FakeStoreRun> {
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) throw new ConfigError('expected a port number', 'port');
  // Loaded here: every CLI run imports this module (the command registry); only this command needs the store.
  const { CRUD_RESOURCES, FAKE_STORE_KEY, startFakeStore } = await import('../../fakestore/index.js');
  const { loadSeedRecords } = await import('../../fakestore/crud-seed.js');
  let schema: StoreSchema;
  if (options.schemaPath !== null) {
    const text = await readFile(options.schemaPath, 'utf8').catch((error: unknown) => {
      throw new InputError(`cannot read the snapshot (${(error as NodeJS.ErrnoException).code ?? 'error'}); check --schema`, options.schemaPath, { cause: error });
    });
    schema = parseSnapshotText(text, options.schemaPath);
  } else {
    const probe = await startFakeStore({ flavor: options.generation === '1.7' ? '1.7' : '8.x' });
    try {
      const { introspectStore } = await import('../../introspect/index.js');
      schema = (await introspectStore({ url: probe.url, key: FAKE_STORE_KEY })).schema;
    } finally {
      await probe.close();
    }
  }
  let store: FakeStore;
  try {
    store = await startFakeStore({
      flavor: options.generation === '1.7' ? '1.7' : '8.x',
      port: options.port,
      // The 8.2.0 seed (languages, categories, products, customers, order states, an order), so the
      // store has data to read from the first request.
      crud: { schema, generation: options.generation, records: await loadSeedRecords() },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new InputError(`port ${options.port} is already in use; choose another with --port, or --port 0 for any free port`, '127.0.0.1');
    if (code === 'EACCES') throw new InputError(`port ${options.port} needs privileges; choose a port above 1023, or --port 0`, '127.0.0.1');
    throw error;
  }
  const served = CRUD_RESOURCES.filter((r) => store.crud?.resource(r) !== undefined);
  reporter.out(
    [
      `Fake PrestaShop store (${options.generation === '1.7' ? '1.7.8' : options.generation} behaviour) with data for ${served.join(', ')}, images and search.`,
      `  url: ${store.url}`,
      `  key: ${FAKE_STORE_KEY}`,
      'Press Ctrl+C to stop.',
    ].join('\n'),
  );
  return { store, schema };
}

interface FakeStoreArgs {
  readonly schema?: string;
  readonly generation: CrudGeneration;
  readonly port: number;
}

export const fakeStoreCommand: CommandFactory = (ctx) => ({
  command: 'fake-store',
  describe: 'Run the bundled fake PrestaShop store with data (products, categories, customers, ...) for trying a generated client',
  builder: (y) =>
    y
      .option('schema', { type: 'string', describe: 'Snapshot describing the resources (default: introspect the bundled store)' })
      // type 'string': without it yargs reads `9.0` and `1.7` as numbers, which match no choice.
      .option('generation', { type: 'string', choices: ['8.x', '1.7', '9.0'] as const, default: '8.x' as const, describe: 'JSON behaviour of the store' })
      .option('port', { type: 'number', default: 0, describe: 'Port on 127.0.0.1 (0: any free port)' })
      .example('$0 fake-store --port 8080', 'http://127.0.0.1:8080 with the demo key'),
  handler: async (raw) => {
    const argv = raw as unknown as FakeStoreArgs;
    const { store } = await startDataStore(
      { schemaPath: argv.schema === undefined ? null : resolve(ctx.cwd, argv.schema), generation: argv.generation, port: argv.port },
      ctx.reporter,
    );
    await new Promise<void>((done) => {
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        done();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    await store.close();
  },
});
