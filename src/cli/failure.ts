/**
 * Turns whatever a command threw into one line for the user and an exit code:
 * - typed errors (`CodegenError`, `SnapshotError` included): their message and code, plus a hint for
 *   network failures (connection refused, unknown host);
 * - file-system errors that escaped (`EACCES`, `EADDRINUSE`, ...): the path or port and a fix, exit 2;
 * - anything else is a bug: "internal error", exit 3, and the stack only with --verbose.
 * Also rewrites yargs' usage messages into plainer ones.
 */
import { CodegenError, ERRNO_FIX, EXIT_INTERNAL, EXIT_USAGE, IntrospectError, networkHint } from '../errors.js';
import { closeNames, didYouMean } from '../suggest.js';

const BUGS_URL = 'https://github.com/prestashop-codegen/prestashop-codegen/issues';

export interface Failure {
  readonly message: string;
  readonly exitCode: number;
  /** The stack, printed with --verbose only. */
  readonly stack: string | null;
}

interface SystemError extends Error {
  code?: unknown;
  path?: unknown;
  dest?: unknown;
  port?: unknown;
  address?: unknown;
  syscall?: unknown;
}

export function describeFailure(error: unknown): Failure {
  if (error instanceof CodegenError) {
    let message = error.message;
    if (error instanceof IntrospectError && !/\bhint:/.test(message)) {
      const hint = networkHint(message);
      if (hint !== null) message += ` (hint: ${hint})`;
    }
    return { message, exitCode: error.exitCode, stack: error.stack ?? null };
  }
  const sys = error as SystemError;
  if (error instanceof Error && typeof sys.code === 'string' && ERRNO_FIX[sys.code] !== undefined) {
    const where =
      typeof sys.path === 'string'
        ? sys.path
        : typeof sys.port === 'number'
          ? `${typeof sys.address === 'string' ? sys.address : '127.0.0.1'}:${sys.port}`
          : null;
    const fix = ERRNO_FIX[sys.code]!;
    return {
      message: `${where === null ? '' : `${where}: `}${fix} (${sys.code})`,
      exitCode: EXIT_USAGE,
      stack: error.stack ?? null,
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  return {
    message:
      `internal error: ${text.split('\n')[0] ?? ''}\n` +
      `This is a bug in prestashop-codegen. Please report it at ${BUGS_URL} with the output of the same command run with --verbose.`,
    exitCode: EXIT_INTERNAL,
    stack: error instanceof Error ? (error.stack ?? null) : null,
  };
}

const camelToKebab = (s: string): string => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** What the parser knows, for "did you mean": the command names and the flags of the command run. */
export interface KnownNames {
  readonly commands: readonly string[];
  /** Option keys as yargs holds them (camelCase aliases included). */
  readonly flags: readonly string[];
}

const NO_NAMES: KnownNames = { commands: [], flags: [] };

/** ` (did you mean --decimals?)`-style suffix for a mistyped flag, or ''. */
function flagHint(flag: string, known: KnownNames): string {
  const close = closeNames(flag, new Set(known.flags.map(camelToKebab)));
  return close.length === 0
    ? ''
    : `; did you mean ${close.map((c) => (c.length === 1 ? `-${c}` : `--${c}`)).join(' or ')}?`;
}

/**
 * yargs' usage messages, made plainer: `Unknown arguments: ws-key, wsKey` names each option once,
 * as a flag (`--ws-key`), with the closest known flag; an unknown command gets the closest known
 * command; `Invalid values: Argument: x, Given: …, Choices: …` becomes `--x: "…" is not one of a, b`;
 * the rest are kept.
 */
export function rewriteUsageMessage(message: string, argv: readonly string[], known: KnownNames = NO_NAMES): string {
  const invalid = /^Invalid values?:\s*\n\s*Argument: ([\w-]+), Given: (.*?), Choices: (.*)$/s.exec(message);
  if (invalid !== null) {
    const flag = `--${camelToKebab(invalid[1]!)}`;
    const choices = invalid[3]!.split(', ').map((c) => c.replace(/^"(.*)"$/, '$1'));
    return `${flag}: ${invalid[2]!} is not one of ${choices.join(', ')}`;
  }
  const unknown = /^Unknown arguments?: (.*)$/s.exec(message);
  if (unknown === null) return message;
  const names = [...new Set(unknown[1]!.split(', ').map((n) => camelToKebab(n.trim())))];
  const command = argv.find((a) => !a.startsWith('-'));
  if (
    command !== undefined &&
    known.commands.length > 0 &&
    !known.commands.includes(command) &&
    names.includes(command)
  ) {
    return `unknown command ${JSON.stringify(command)}${didYouMean(command, known.commands)} (commands: ${known.commands.join(', ')})`;
  }
  const isFlag = (n: string): boolean =>
    argv.some((a) => a === `--${n}` || a.startsWith(`--${n}=`) || a === `--no-${n}` || a === `-${n}`);
  const flags = names.filter(isFlag).map((n) => (n.length === 1 ? `-${n}` : `--${n}`));
  const extra = names.filter((n) => !isFlag(n)).map((n) => JSON.stringify(n));
  const parts: string[] = [];
  if (flags.length > 0) {
    const hint = flags.length === 1 ? flagHint(flags[0]!.replace(/^-+/, ''), known) : '';
    parts.push(`unknown option${flags.length > 1 ? 's' : ''} ${flags.join(', ')} for this command${hint}`);
  }
  if (extra.length > 0) parts.push(`unexpected argument${extra.length > 1 ? 's' : ''} ${extra.join(', ')}`);
  return parts.join('; ');
}
