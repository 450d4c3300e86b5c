/**
 * The CLI: parses argv with yargs, runs one command, maps errors to exit codes.
 * The only place that decides exit codes; commands set a code or throw a typed error.
 */
import yargs from 'yargs';
import { EXIT_USAGE } from '../errors.js';
import { GENERATOR_VERSION } from '../version.js';
import { COMMANDS, type CliContext } from './commands/registry.js';
import { describeFailure, rewriteUsageMessage } from './failure.js';
import { Reporter } from './reporter.js';

export interface MainIo {
  readonly stdout?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stderr?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** Thrown from yargs' fail hook so that no handler runs after a usage error. */
class UsageAbort extends Error {}

/** yargs reads a lone `-` as a positional: `export --out -` (stdout) becomes `--out=-` (other commands write folders and files only). */
function joinStdoutOut(argv: readonly string[]): string[] {
  if (argv.find((a) => !a.startsWith('-')) !== 'export') return [...argv];
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out' && argv[i + 1] === '-') {
      out.push('--out=-');
      i++;
    } else out.push(argv[i]!);
  }
  return out;
}

export async function main(argv: readonly string[], io: MainIo = {}): Promise<number> {
  const env = io.env ?? process.env;
  const reporter = new Reporter({
    stdout: io.stdout ?? process.stdout,
    stderr: io.stderr ?? process.stderr,
    verbose: argv.includes('--verbose'),
    quiet: argv.includes('--quiet'),
  });
  // Whatever happens, these never reach the output.
  reporter.addSecret(env.PRESTASHOP_API_KEY);
  let exitCode = 0;
  const ctx: CliContext = {
    reporter,
    cwd: io.cwd ?? process.cwd(),
    env,
    setExitCode(code) {
      exitCode = code;
    },
  };
  let usageError: string | null = null;
  const parser = yargs(joinStdoutOut(argv))
    .scriptName('prestashop-codegen')
    .usage(
      "$0 <command> [options]\n\nTypeScript types, validators and clients from a PrestaShop store's Webservice schema.",
    )
    .version(GENERATOR_VERSION)
    .strict()
    .demandCommand(1, 'Name a command; see --help.')
    .recommendCommands()
    .option('verbose', { type: 'boolean', default: false, describe: 'Print more detail (never secrets)', global: true })
    .option('quiet', { type: 'boolean', default: false, describe: 'Print only errors', global: true })
    .option('config', {
      type: 'string',
      describe:
        'Config file (default: prestashop-codegen.config.{ts,mjs,json} in the working directory). A .ts/.mjs config is code and runs; --no-config loads none',
      global: true,
    })
    .epilog('Exit codes: 0 success, 1 the store or a check said no, 2 bad usage or input, 3 internal error (a bug: please report it).')
    // A terminal may report 0 columns: treat that as unknown.
    .wrap(Math.min(110, (io.stdout ?? process.stdout).columns || 100))
    .fail((msg, err) => {
      if (err) throw err;
      usageError = msg;
      // Stop here: without a throw yargs would still run the command's handler.
      throw new UsageAbort(msg);
    })
    .exitProcess(false);
  for (const factory of COMMANDS) parser.command(factory(ctx));
  try {
    await parser.parseAsync();
    if (usageError !== null) {
      reporter.error(`${rewriteUsageMessage(usageError, argv)}\nRun with --help for usage.`);
      return EXIT_USAGE;
    }
    return exitCode;
  } catch (error) {
    if (error instanceof UsageAbort) {
      reporter.error(`${rewriteUsageMessage(usageError ?? error.message, argv)}\nRun with --help for usage.`);
      return EXIT_USAGE;
    }
    const failure = describeFailure(error);
    reporter.clearProgress();
    reporter.error(failure.message);
    if (failure.stack !== null) reporter.debug(failure.stack);
    return failure.exitCode;
  }
}
