/**
 * `prestashop-codegen demo`: the main job on an embedded default, with no real store. It starts
 * the bundled fake PrestaShop 8.2.0 store on 127.0.0.1, introspects it, writes
 * `demo/prestashop-schema.json`, then runs the steps in `DEMO_STEPS` (later issues append code
 * generation there).
 */
import { join, relative, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { StoreSchema } from '../../model/index.js';
import type { Reporter } from '../reporter.js';
import { generateDemoStep } from './generate.js';
import { formatSummary, progressPrinter } from '../progress.js';
import type { CliContext } from './registry.js';

export interface DemoArgs {
  readonly out?: string;
}

/** What a demo step gets: the introspected model and where its files go. */
export interface DemoState {
  readonly reporter: Reporter;
  /** Absolute demo directory (default `<cwd>/demo`). */
  readonly outDir: string;
  /** Absolute path of the snapshot just written. */
  readonly snapshotPath: string;
  readonly schema: StoreSchema;
  /** Shows a path relative to the working directory. */
  show(path: string): string;
}

export type DemoStep = (state: DemoState) => Promise<void>;

/** Steps that run after introspection, in order. Append a step to extend the demo. */
const DEMO_STEPS: readonly DemoStep[] = [generateDemoStep];

export function demoCommand(ctx: CliContext): CommandModule<object, DemoArgs> {
  return {
    command: 'demo',
    describe: 'Run the whole job against the bundled fake PrestaShop 8.2.0 store (no real store needed)',
    builder: (y: Argv) =>
      y
        .option('out', { type: 'string', default: 'demo', describe: 'Directory for the demo output' })
        .example('$0 demo', 'Writes demo/prestashop-schema.json') as unknown as Argv<DemoArgs>,
    handler: async (argv) => {
      const { reporter } = ctx;
      // An absolute --out stays absolute; a relative one is under the working directory.
      const outDir = resolve(ctx.cwd, argv.out ?? 'demo');
      const show = (p: string): string => relative(ctx.cwd, p) || p;
      // Loaded lazily: every CLI run imports this module, and only the demo needs these.
      const [{ FAKE_STORE_KEY, startFakeStore }, { introspect }] = await Promise.all([
        import('../../fakestore/index.js'),
        import('../../api/introspect.js'),
      ]);
      const store = await startFakeStore({ flavor: '8.x' });
      try {
        reporter.info(`demo: fake PrestaShop 8.2.0 store listening at ${store.url}`);
        const snapshotPath = join(outDir, 'prestashop-schema.json');
        const result = await introspect({
          url: store.url,
          key: FAKE_STORE_KEY,
          out: snapshotPath,
          onProgress: progressPrinter(reporter),
          onWarning: (m) => reporter.warn(m),
        });
        reporter.clearProgress();
        reporter.summary(formatSummary(result.summary));
        reporter.summary(`Snapshot: ${show(snapshotPath)}`);
        const state: DemoState = { reporter, outDir, snapshotPath, schema: result.schema, show };
        for (const step of DEMO_STEPS) await step(state);
      } finally {
        await store.close();
      }
    },
  };
}
