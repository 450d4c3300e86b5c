/**
 * What every command runs with. Below both `cli/commands/` and the CLI's helpers (store-flags.ts),
 * so that the helpers need not import the command registry (a folder cycle).
 */
import type { Reporter } from './reporter.js';

export interface CliContext {
  readonly reporter: Reporter;
  /** Working directory commands resolve relative paths against. */
  readonly cwd: string;
  /** Environment (PRESTASHOP_URL, PRESTASHOP_API_KEY, ...). */
  readonly env: NodeJS.ProcessEnv;
  /** Sets the process exit code for a command that completed without throwing. */
  setExitCode(code: number): void;
}
