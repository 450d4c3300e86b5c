/**
 * Formatting of generated files with prettier, using the user's prettier configuration when one is
 * found. Prettier is loaded only when formatting is on, so `--no-format` runs never pay for it.
 *
 * Prettier dominates the cost of a run (docs/performance.md), and it is CPU-bound. When cores are idle
 * (see `idleWorkers`), a large batch is drained from one queue by this thread and by worker threads
 * (each with its own prettier): a worker takes one file at a time once it is ready, so a worker
 * that starts late (its prettier must load and warm up) simply takes less. On a busy machine, and
 * for small batches, everything stays on this thread.
 */
import { createHash } from 'node:crypto';
import { availableParallelism, cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { WriteError } from '../errors.js';
import { stableJson } from './run-key.js';
import { resolvePrettier } from './prettier.js';

export interface FormatItem {
  readonly path: string;
  readonly text: string;
}

export interface Formatter {
  /** Identifies the settings: `none`, or a hash of the prettier version and the resolved config. */
  readonly key: string;
  /** The prettier configuration that applies to the output directory (null: none found; absent: no prettier). */
  readonly config?: Readonly<Record<string, unknown>> | null;
  /** The prettier that formats (absent: no prettier): its version, whose it is, why the project's was passed over. */
  readonly prettier?: {
    readonly version: string;
    readonly source: 'project' | 'bundled';
    readonly note: string | null;
  };
  /** The formatted texts, in the order of `items`; `onThreads` learns how many threads formatted them, `onDone` of each file done. */
  formatAll(
    items: readonly FormatItem[],
    onThreads?: (threads: number) => void,
    onDone?: () => void,
  ): Promise<string[]>;
}

export const NO_FORMAT: Formatter = {
  key: 'none',
  formatAll: (items) => Promise.resolve(items.map((i) => i.text)),
};

/**
 * Prettier's `babel-ts` parser reads TypeScript in about three quarters of the time of its
 * `typescript` parser (measured on the 8.2.0 output: 2.2 s against 3.0 s for 720 KB), and prettier
 * prints the same from either for the code this tool generates (test/write/parsers.test.ts formats
 * the generated output with both). It is the parser unless the user's prettier config loads
 * plugins (a plugin may hook the `typescript` parser alone). A file it cannot parse is formatted
 * again with `typescript`, so errors read as before.
 */
export const FAST_PARSER = 'babel-ts';
export const SAFE_PARSER = 'typescript';

/** Below this many bytes in a batch, formatting stays on the calling thread. */
export const PARALLEL_MIN_BYTES = 96 * 1024;

/** CPU time of all cores (ms, from `os.cpus()`): idle, and in total. */
export interface CpuSample {
  readonly idle: number;
  readonly total: number;
}

export function sampleCpu(): CpuSample {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/** Below this much CPU time (all cores) between two samples, idleness is not judged: no workers. */
const MIN_SAMPLE_MS = 40;

/**
 * Worker threads worth starting: as many as there were idle cores between the two samples (taken
 * while this thread loaded prettier, so it counts as busy), at most `cores - 2` (one on two cores).
 * A worker on a core that other work keeps busy only adds its own start-up (prettier loaded and
 * warmed up again): on the 2-core machine of this project, busy with other processes, one worker
 * took 4.7 s of CPU time against 3.6 s for this thread alone, and as long in wall time.
 */
export function idleWorkers(before: CpuSample, after: CpuSample, cores: number): number {
  const total = after.total - before.total;
  if (cores < 2 || total < MIN_SAMPLE_MS) return 0;
  const idleCores = ((after.idle - before.idle) / total) * cores;
  const cap = cores === 2 ? 1 : cores - 2;
  return Math.max(0, Math.min(cap, Math.floor(idleCores + 0.25)));
}

function formatError(path: string, message: string, cause?: unknown): WriteError {
  return new WriteError(`prettier could not format the generated code (${message})`, path, { cause });
}

/** Items to format, taken one at a time by this thread and the workers. */
class FormatQueue {
  private next = 0;
  readonly out: (string | undefined)[];
  failure: WriteError | null = null;

  constructor(
    readonly items: readonly FormatItem[],
    private readonly onDone?: () => void,
  ) {
    this.out = new Array<string | undefined>(items.length);
  }

  put(i: number, text: string): void {
    this.out[i] = text;
    this.onDone?.();
  }

  take(): number | null {
    if (this.failure !== null || this.next >= this.items.length) return null;
    return this.next++;
  }

  fail(error: WriteError): void {
    this.failure ??= error;
  }
}

/** Worker body: loads its own prettier, says it is ready, then formats one item per message. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const message = (error) => String((error && error.message) || error);
import(workerData.prettierUrl).then((prettier) => {
  const format = (item, parser) => prettier.format(item.text, { ...workerData.options, parser, filepath: item.path });
  parentPort.on('message', async (item) => {
    try {
      const parser = workerData.options.parser;
      const text = await format(item, parser).catch((error) => {
        if (parser === ${JSON.stringify(FAST_PARSER)}) return format(item, ${JSON.stringify(SAFE_PARSER)});
        throw error;
      });
      parentPort.postMessage({ index: item.index, text });
    } catch (error) {
      parentPort.postMessage({ index: item.index, error: message(error) });
    }
  });
  parentPort.postMessage({ ready: true });
}, (error) => parentPort.postMessage({ index: -1, error: message(error) }));
`;

type WorkerAnswer = { ready: true } | { index: number; text: string } | { index: number; error: string };

/** One worker draining the queue; resolves when the queue is empty or failed, or the worker is gone. */
function drainInWorker(prettierUrl: string, options: Record<string, unknown>, queue: FormatQueue): Promise<void> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { prettierUrl, options } });
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      void worker.terminate();
      resolve();
    };
    const feed = (): void => {
      const i = queue.take();
      if (i === null) finish();
      else worker.postMessage({ index: i, path: queue.items[i]!.path, text: queue.items[i]!.text });
    };
    worker.on('message', (answer: WorkerAnswer) => {
      if ('ready' in answer) return feed();
      if ('text' in answer) {
        queue.put(answer.index, answer.text);
        return feed();
      }
      if (answer.index >= 0) queue.fail(formatError(queue.items[answer.index]!.path, answer.error));
      // A worker that could not load prettier leaves its work to this thread.
      finish();
    });
    worker.once('error', finish);
    worker.once('exit', finish);
  });
}

/**
 * A prettier formatter whose options come from the prettier config that applies to `configFrom`
 * (a file path inside the output directory; `.editorconfig` is honoured too).
 * `workers`: worker threads for large batches. Default: the cores found idle from the creation of
 * the formatter to the batch (see `idleWorkers`), so a busy machine formats on this thread alone
 * and an idle one shares the work. `onlyWorkers` keeps this thread out of the queue when workers
 * run (tests use it to exercise the workers).
 */
export async function createPrettierFormatter(
  configFrom: string,
  settings: { readonly workers?: number; readonly minParallelBytes?: number; readonly onlyWorkers?: boolean } = {},
): Promise<Formatter> {
  const cpuBefore = sampleCpu();
  // The user's prettier when their project has one (see prettier.ts), else the bundled one.
  const resolved = resolvePrettier(configFrom);
  const prettier = (await import(resolved.url)) as typeof import('prettier');
  let config: Record<string, unknown> | null;
  try {
    config = (await prettier.resolveConfig(configFrom, { editorconfig: true, useCache: false })) as Record<
      string,
      unknown
    > | null;
  } catch (error) {
    throw new WriteError(`cannot read the prettier configuration (${(error as Error).message})`, configFrom, {
      cause: error,
    });
  }
  // The parser is always a TypeScript one, whatever the config says for other files.
  const plugins = config?.plugins;
  const parser = plugins === undefined || (Array.isArray(plugins) && plugins.length === 0) ? FAST_PARSER : SAFE_PARSER;
  const options: Record<string, unknown> = { ...(config ?? {}), parser };
  const key = createHash('sha256')
    .update(`prettier ${prettier.version}\n${stableJson(options)}`)
    .digest('hex')
    .slice(0, 32);

  const formatOne = async (item: FormatItem): Promise<string> => {
    try {
      return await prettier.format(item.text, { ...options, filepath: item.path });
    } catch (error) {
      if (parser !== FAST_PARSER) throw formatError(item.path, (error as Error).message, error);
    }
    try {
      return await prettier.format(item.text, { ...options, parser: SAFE_PARSER, filepath: item.path });
    } catch (error) {
      throw formatError(item.path, (error as Error).message, error);
    }
  };
  const drainHere = async (queue: FormatQueue, shared: boolean): Promise<void> => {
    for (let i = queue.take(); i !== null; i = queue.take()) {
      try {
        queue.put(i, await formatOne(queue.items[i]!));
      } catch (error) {
        queue.fail(error as WriteError);
      }
      // prettier resolves through microtasks only: give the event loop a turn so the workers'
      // answers are read (and they are fed their next file) while this thread keeps formatting.
      if (shared) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };

  // Workers get the options by copy: a config holding plugin objects keeps formatting here.
  let cloneable = true;
  try {
    structuredClone(options);
  } catch {
    cloneable = false;
  }
  const minBytes = settings.minParallelBytes ?? PARALLEL_MIN_BYTES;
  const prettierUrl = resolved.url;

  return {
    key,
    config,
    prettier: { version: prettier.version, source: resolved.source, note: resolved.note },
    async formatAll(items, onThreads, onDone) {
      const queue = new FormatQueue(items, onDone);
      const bytes = items.reduce((sum, i) => sum + i.text.length, 0);
      const large = cloneable && bytes >= minBytes && items.length > 1;
      const helpers = !large ? 0 : (settings.workers ?? idleWorkers(cpuBefore, sampleCpu(), availableParallelism()));
      onThreads?.(items.length === 0 ? 0 : helpers + (helpers > 0 && settings.onlyWorkers === true ? 0 : 1));
      await Promise.all([
        helpers > 0 && settings.onlyWorkers === true ? Promise.resolve() : drainHere(queue, helpers > 0),
        ...Array.from({ length: helpers }, () => drainInWorker(prettierUrl, options, queue)),
      ]);
      if (queue.failure !== null) throw queue.failure;
      // An item a worker took and never answered (the worker died) is formatted here.
      const out: string[] = [];
      for (let i = 0; i < items.length; i++) out.push(queue.out[i] ?? (await formatOne(items[i]!)));
      return out;
    },
  };
}

/**
 * `formatter` for a file map whose laid-out files (`laidOut(path)`) are already in prettier's shape
 * for its settings: those are passed through, the others are formatted. The key stays the
 * formatter's, so the manifest's record of the settings means the same either way.
 */
export function skipLaidOut(formatter: Formatter, laidOut: (path: string) => boolean): Formatter {
  return {
    key: formatter.key,
    config: formatter.config,
    ...(formatter.prettier === undefined ? {} : { prettier: formatter.prettier }),
    async formatAll(items, onThreads, onDone) {
      const rest = items.filter((i) => !laidOut(i.path));
      for (let k = items.length - rest.length; k > 0; k--) onDone?.();
      const formatted = rest.length === 0 ? [] : await formatter.formatAll(rest, onThreads, onDone);
      if (rest.length === 0) onThreads?.(0);
      let k = 0;
      return items.map((i) => (laidOut(i.path) ? i.text : formatted[k++]!));
    },
  };
}
