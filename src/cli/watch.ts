/**
 * `generate --watch`: generate once, then again whenever the snapshot or the config file changes,
 * until Ctrl-C. Each file's folder is watched (`fs.watch`) and events are filtered by name, because
 * `introspect` and editors replace a file (write a temp file, rename it over) rather than change it
 * in place, which ends a watch on the file itself. Events are debounced: a burst of them (an editor's
 * save, an atomic rename) is one run, and a change during a run starts one more run after it.
 * A run that fails prints its error and the watch goes on.
 */
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { describeFailure } from './failure.js';
import type { Reporter } from './reporter.js';
import { untilSignal } from './signals.js';

/** Quiet time after the last event before a run starts. */
const WATCH_DEBOUNCE_MS = 150;

export interface WatchOptions {
  /** Absolute paths of the files whose changes start a run. */
  readonly files: readonly string[];
  readonly reporter: Reporter;
  /** One generation; a throw is printed and the watch goes on. */
  run(): Promise<void>;
  /** Resolves when the watch should stop (default: SIGINT or SIGTERM). */
  readonly stop?: Promise<void>;
}

export async function watchAndRun(options: WatchOptions): Promise<void> {
  const { reporter } = options;
  const attempt = async (): Promise<void> => {
    try {
      await options.run();
    } catch (error) {
      reporter.error(describeFailure(error).message);
    }
  };
  await attempt();
  const names = new Map<string, Set<string>>();
  for (const f of options.files) {
    const dir = dirname(f);
    if (!names.has(dir)) names.set(dir, new Set());
    names.get(dir)!.add(basename(f));
  }
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  const start = (): void => {
    timer = null;
    if (running !== null) {
      again = true;
      return;
    }
    running = attempt().finally(() => {
      running = null;
      if (again) {
        again = false;
        start();
      } else reporter.info(`Watching ${options.files.length} file(s) for changes (Ctrl+C to stop)`);
    });
  };
  const watchers: FSWatcher[] = [];
  const stop = options.stop ?? untilSignal();
  try {
    for (const [dir, wanted] of names) {
      const w = watch(dir, (_event, name) => {
        if (name === null || !wanted.has(String(name))) return;
        if (timer !== null) clearTimeout(timer);
        timer = setTimeout(start, WATCH_DEBOUNCE_MS);
      });
      w.on('error', (error) => reporter.warn(`${dir}: cannot watch (${error.message}); changes there are not seen`));
      watchers.push(w);
    }
    reporter.info(`Watching ${options.files.length} file(s) for changes (Ctrl+C to stop)`);
    await stop;
  } finally {
    if (timer !== null) clearTimeout(timer);
    for (const w of watchers) w.close();
    await running;
  }
}
