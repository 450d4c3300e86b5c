/**
 * Ctrl-C (SIGINT) or SIGTERM while generated files are renamed into place: the rename phase
 * finishes (it only renames texts already formatted in memory), the folder is complete, and the
 * signal is raised again once the output directory is unlocked, so the process still ends as
 * interrupted. A second signal stops at once, saying how many files were written and how to repair
 * the folder. Either way the user is told on stderr what state the folder is in.
 *
 * Outside the rename phase signals keep their default effect: before it nothing is written; after
 * it the folder is complete.
 */
type Stop = 'SIGINT' | 'SIGTERM';
const SIGNALS: readonly Stop[] = ['SIGINT', 'SIGTERM'];

const say = (text: string): void => void process.stderr.write(`prestashop-codegen: ${text}\n`);

export class RenameGuard {
  private received: Stop | null = null;
  private total = 0;
  private done = 0;
  private active = false;
  private readonly onSignal = (signal: Stop): void => {
    if (this.received === null) {
      this.received = signal;
      say(
        `${signal}: finishing the write of ${this.total} file(s) to ${this.outDir} so it is not left half-written (send it again to stop now)`,
      );
      return;
    }
    this.detach();
    say(
      `${signal}: stopped with ${this.done} of ${this.total} file(s) written: ${this.outDir} mixes new and old files; ` +
        'run generate again to repair it (it rewrites only what differs)',
    );
    process.kill(process.pid, signal);
  };

  constructor(private readonly outDir: string) {}

  /** Defers SIGINT and SIGTERM until `finish`: `total` files (writes and removals) are about to change. */
  start(total: number): void {
    this.total = total;
    this.active = true;
    for (const s of SIGNALS) process.on(s, this.onSignal);
  }

  /** One file written or removed. */
  step(): void {
    this.done++;
  }

  /** After the rename phase (and the unlock): says what state the folder is in and raises a deferred signal again. */
  finish(completed: boolean): void {
    if (!this.active) return;
    this.detach();
    const signal = this.received;
    if (signal === null) return;
    say(
      completed
        ? `${this.outDir} is complete: all ${this.total} file(s) of this run are written; stopping (${signal})`
        : `${this.outDir}: the write failed after ${this.done} of ${this.total} file(s); run generate again to repair it; stopping (${signal})`,
    );
    process.kill(process.pid, signal);
  }

  private detach(): void {
    this.active = false;
    for (const s of SIGNALS) process.off(s, this.onSignal);
  }
}
