/**
 * `prestashop-codegen doctor --url … --key …`: checks a store and says, in plain words, what is
 * wrong and how to fix it. Exit 0 when healthy, 1 when problems were found, 2 on usage errors.
 */
import type { Argv, CommandModule } from 'yargs';
import { loadUserConfig, resolveIntrospectSettings, resolveStore } from '../../config/load.js';
import { diagnose, renderDiagnosis } from '../../doctor/index.js';
import { EXIT_FAILURE } from '../../errors.js';
import { commaList, readTlsFlags, storeOptions } from './introspect.js';
import type { CliContext } from './registry.js';

export interface DoctorArgs {
  readonly url?: string;
  readonly key?: string;
  readonly include?: string[];
  readonly timeout?: number;
  readonly retries?: number;
  readonly 'ws-key'?: boolean;
  readonly ca?: string;
  readonly insecure?: boolean;
  readonly config?: string;
}

export function doctorCommand(ctx: CliContext): CommandModule<object, DoctorArgs> {
  return {
    command: 'doctor',
    describe: 'Check a store (webservice, URL rewriting, key, permissions, synopsis) and say how to fix what is wrong',
    builder: (y: Argv) =>
      storeOptions(y)
        .usage(
          '$0 doctor --url <base_url> --key <key> [--include a,b]\n\n' +
            'Checks that the webservice is enabled and reachable at /api, that URL rewriting works, that the key\n' +
            'reaches PrestaShop and may read the resources you need (--include, else the spec\'s list), which\n' +
            'synopsis introspect will read, and the store version. Exit 0: healthy; 1: problems found; 2: bad usage.',
        )
        .option('include', { type: 'string', array: true, coerce: commaList, describe: 'Resources you need (default: the spec\'s list)' })
        .option('timeout', { type: 'number', describe: 'Per-request timeout in ms (default 30000)' })
        .option('retries', { type: 'number', describe: 'Retries on network errors and 5xx (default 1)' })
        .example('$0 doctor --url https://shop.example --key "$PRESTASHOP_API_KEY"', 'Check a store')
        .example('$0 doctor --include products,orders,customers', 'Check the key can read these resources') as unknown as Argv<DoctorArgs>,
    handler: async (argv) => {
      const { reporter } = ctx;
      const loaded = await loadUserConfig(ctx.cwd, argv.config);
      const store = resolveStore({ url: argv.url, key: argv.key }, ctx.env, loaded.config);
      reporter.addSecret(store.key);
      const settings = resolveIntrospectSettings({ include: argv.include, timeout: argv.timeout, retries: argv.retries }, loaded.config);
      // Loaded here: every CLI run imports this module (the command registry), and the HTTP
      // stack costs about 0.1 s to load.
      const { probeStore } = await import('../../introspect/index.js');
      const observations = await probeStore({
        url: store.url,
        key: store.key,
        ...(settings.include === undefined ? {} : { include: [...settings.include] }),
        ...(settings.timeout === undefined ? {} : { timeoutMs: settings.timeout }),
        ...(settings.retries === undefined ? {} : { retries: settings.retries }),
        wsKey: argv['ws-key'] === true,
        ...(await readTlsFlags(ctx.cwd, argv)),
      });
      for (const w of observations.warnings) reporter.warn(w);
      const diagnosis = diagnose(observations);
      reporter.out(renderDiagnosis(diagnosis));
      if (diagnosis.problems > 0) ctx.setExitCode(EXIT_FAILURE);
    },
  };
}
