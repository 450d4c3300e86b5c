/**
 * The CLI: parses argv with yargs, runs one command, maps errors to exit codes.
 * The only place that decides exit codes; commands set a code or throw a typed error.
 */
import yargs from 'yargs';
import { EXIT_USAGE } from '../errors.js';
import { withEnvFile } from '../config/env-file.js';
import { GENERATOR_VERSION } from '../version.js';
import { COMMANDS, type CliContext } from './commands/registry.js';
import { describeFailure, rewriteUsageMessage, type KnownNames } from './failure.js';
import { Reporter } from './reporter.js';

export interface MainIo {
  readonly stdout?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stderr?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * yargs lays out the command's whole help text (the width of every option's line) before it runs
 * the handler, in case the handler fails and help must be shown. This CLI never shows help on a
 * failure (see the fail hook), and that layout was a tenth to a fifth of a run's start-up: it is
 * skipped. `--help` still lays out its text when asked.
 */
function skipHelpCache(parser: object): void {
  type Internals = { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } };
  const usage = (parser as Internals).getInternalMethods?.().getUsageInstance?.();
  if (typeof usage?.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => {};
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
  const cwd = io.cwd ?? process.cwd();
  const reporter = new Reporter({
    stdout: io.stdout ?? process.stdout,
    stderr: io.stderr ?? process.stderr,
    verbose: argv.includes('--verbose'),
    quiet: argv.includes('--quiet'),
  });
  let env: NodeJS.ProcessEnv;
  try {
    env = withEnvFile(io.env ?? process.env, cwd, argv);
  } catch (error) {
    const failure = describeFailure(error);
    reporter.error(failure.message);
    return failure.exitCode;
  }
  // Whatever happens, these never reach the output.
  reporter.addSecret(env.PRESTASHOP_API_KEY);
  let exitCode = 0;
  const ctx: CliContext = {
    reporter,
    cwd,
    env,
    setExitCode(code) {
      exitCode = code;
    },
  };
  let usageError: string | null = null;
  const modules = COMMANDS.map((factory) => factory(ctx));
  const known: { commands: string[]; flags: string[] } = {
    commands: modules.map((m) => String(m.command).split(' ')[0]!),
    flags: [],
  };
  const parser = yargs(joinStdoutOut(argv))
    .scriptName('prestashop-codegen')
    .usage(
      "$0 <command> [options]\n\nTypeScript types, validators and clients from a PrestaShop store's Webservice schema.",
    )
    .version(GENERATOR_VERSION)
    .strict()
    .demandCommand(1, 'Name a command; see --help.')
    .option('verbose', { type: 'boolean', default: false, describe: 'Print more detail (never secrets)', global: true })
    .option('quiet', { type: 'boolean', default: false, describe: 'Print only errors', global: true })
    .option('config', {
      type: 'string',
      describe:
        'Config file (default: prestashop-codegen.config.{ts,mts,cts,js,mjs,cjs,json} in the working directory). A config other than .json is code and runs; --no-config loads none',
      global: true,
    })
    .option('env-file', {
      type: 'string',
      describe:
        'Read PRESTASHOP_URL, PRESTASHOP_API_KEY and other variables from this file (default: .env when present; the environment wins; --no-env-file reads none)',
      global: true,
    })
    .completion('completion', 'Print a bash/zsh completion script (prestashop-codegen completion >> ~/.bashrc)')
    .epilog(
      'Exit codes: 0 success, 1 the store or a check said no, 2 bad usage or input, 3 internal error (a bug: please report it).',
    )
    // A terminal may report 0 columns: treat that as unknown.
    .wrap(Math.min(110, (io.stdout ?? process.stdout).columns || 100))
    .fail((msg, err) => {
      if (err) throw err;
      usageError = msg;
      // The options of the command being run (yargs holds them while it runs), for "did you mean".
      known.flags = Object.keys(
        (parser as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key,
      );
      // Stop here: without a throw yargs would still run the command's handler.
      throw new UsageAbort(msg);
    })
    .exitProcess(false);
  for (const module of modules) parser.command(module);
  skipHelpCache(parser);
  const usage = (message: string): string =>
    `${rewriteUsageMessage(message, argv, known as KnownNames)}\nRun with --help for usage.`;
  try {
    await parser.parseAsync();
    if (usageError !== null) {
      reporter.error(usage(usageError));
      return EXIT_USAGE;
    }
    return exitCode;
  } catch (error) {
    if (error instanceof UsageAbort) {
      reporter.error(usage(usageError ?? error.message));
      return EXIT_USAGE;
    }
    const failure = describeFailure(error);
    reporter.clearProgress();
    reporter.error(failure.message);
    if (failure.stack !== null) reporter.debug(failure.stack);
    return failure.exitCode;
  }
}
