/**
 * Console output for the CLI: levels, a progress bar on a TTY (plain lines otherwise), and a scrub
 * of every registered secret from everything printed.
 */
import { boundedMessage, printable, scrubSecrets } from '../errors.js';

type Stream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

export interface ReporterOptions {
  readonly stdout: Stream;
  readonly stderr: Stream;
  readonly verbose?: boolean;
  readonly quiet?: boolean;
}

export class Reporter {
  readonly verbose: boolean;
  readonly quiet: boolean;
  private readonly secrets: string[] = [];
  private progressShown = false;

  constructor(private readonly options: ReporterOptions) {
    this.verbose = options.verbose ?? false;
    this.quiet = options.quiet ?? false;
  }

  /** Registers a value that must never be printed (the API key). */
  addSecret(secret: string | null | undefined): void {
    if (secret !== null && secret !== undefined && secret.length > 0) this.secrets.push(secret);
  }

  private clean(text: string): string {
    return scrubSecrets(text, this.secrets);
  }

  private write(stream: Stream, text: string): void {
    this.clearProgress();
    stream.write(`${this.clean(text)}\n`);
  }

  /** A message line on stderr: bounded in length (`boundedMessage`), then made printable. */
  private message(prefix: string, text: string): void {
    this.write(this.options.stderr, `${prefix}${printable(boundedMessage(text))}`);
  }

  /** Command results (a diff report, a JSON report): stdout, always. */
  out(text: string): void {
    this.write(this.options.stdout, text);
  }

  /** Status lines after a run ("Generated 46 files ..."): stdout, not with --quiet. */
  summary(text: string): void {
    if (!this.quiet) this.write(this.options.stdout, text);
  }

  // Messages on stderr may quote what a store sent: never let it drive the terminal (see `printable`).
  // `out` is left alone: command results may be coloured on purpose (diff).

  info(text: string): void {
    if (!this.quiet) this.message('', text);
  }

  warn(text: string): void {
    if (!this.quiet) this.message('warning: ', text);
  }

  error(text: string): void {
    this.message('error: ', text);
  }

  debug(text: string): void {
    if (this.verbose) this.write(this.options.stderr, printable(text));
  }

  get isTTY(): boolean {
    return this.options.stderr.isTTY === true;
  }

  /** Whether command results go to a terminal (for colour). */
  get stdoutIsTTY(): boolean {
    return this.options.stdout.isTTY === true;
  }

  /** Progress: a redrawn bar on a TTY, a plain line per step otherwise (only with --verbose). */
  progress(done: number, total: number, label: string): void {
    if (this.quiet) return;
    if (this.isTTY) {
      const size = 24;
      const filled = total === 0 ? size : Math.round((done / total) * size);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(size - filled)}`;
      // Some terminals (and pseudo-terminals in CI) report 0 columns: treat that as unknown.
      const columns = this.options.stderr.columns;
      const width = columns !== undefined && columns > 1 ? columns : 80;
      const line = this.clean(`[${bar}] ${done}/${total} ${label}`).slice(0, width - 1);
      this.options.stderr.write(`\r\u001b[2K${line}`);
      this.progressShown = true;
    } else if (this.verbose) {
      this.options.stderr.write(`${this.clean(`[${done}/${total}] ${label}`)}\n`);
    }
  }

  clearProgress(): void {
    if (this.progressShown) {
      this.options.stderr.write('\r\u001b[2K');
      this.progressShown = false;
    }
  }
}
