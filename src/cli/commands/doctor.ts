/**
 * `prestashop-codegen doctor --url … --key …`: checks a store and says, in plain words, what is
 * wrong and how to fix it. Exit 0 when healthy, 1 when problems were found, 2 on usage errors.
 */
import type { Argv, CommandModule } from 'yargs';
import { loadUserConfig } from '../../config/load.js';
import { doctor } from '../../api/doctor.js';
import { renderDiagnosis } from '../../doctor/index.js';
import { EXIT_FAILURE } from '../../errors.js';
import { doctorJson, renderJsonReport } from '../json-report.js';
import { jsonFlag } from '../option-flags.js';
import { resolveStoreOptions, storeOptions, type StoreArgs } from '../store-flags.js';
import type { CliContext } from './registry.js';

export interface DoctorArgs extends StoreArgs {
  readonly json?: boolean;
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
            "reaches PrestaShop and may read the resources you need (--include, else the spec's list), which\n" +
            'synopsis introspect will read, and the store version. Exit 0: healthy; 1: problems found; 2: bad usage.',
        )
        .option('json', jsonFlag('doctor'))
        .example('$0 doctor --url https://shop.example --key "$PRESTASHOP_API_KEY"', 'Check a store')
        .example(
          '$0 doctor --include products,orders,customers',
          'Check the key can read these resources',
        ) as unknown as Argv<DoctorArgs>,
    handler: async (argv) => {
      const { reporter } = ctx;
      const loaded = await loadUserConfig(ctx.cwd, argv.config);
      const { options } = await resolveStoreOptions(ctx, argv, loaded);
      const diagnosis = await doctor(options);
      for (const w of diagnosis.warnings) reporter.warn(w);
      if (diagnosis.problems > 0) ctx.setExitCode(EXIT_FAILURE);
      reporter.out(
        argv.json === true ? renderJsonReport(doctorJson(diagnosis, diagnosis.warnings)) : renderDiagnosis(diagnosis),
      );
    },
  };
}
