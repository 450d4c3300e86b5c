/**
 * Formatting of generated files with prettier, using the user's prettier configuration when one is
 * found. Prettier is loaded only when formatting is on, so `--no-format` runs never pay for it.
 *
 * Prettier dominates the cost of a run (architecture §6), and it is CPU-bound. On machines with
 * more than two cores a large batch is drained from one queue by this thread and by worker threads
 * (each with its own prettier): a worker takes one file at a time once it is ready, so a worker that starts late (its
 * prettier must load and warm up) simply takes less, and a batch is never slower than this thread
 * alone by more than the cost of starting the workers. Small batches stay on this thread.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { WriteError } from '../errors.js';

export interface FormatItem {
  readonly path: string;
  readonly text: string;
}

export interface Formatter {
  /** Identifies the settings: `none`, or a hash of the prettier version and the resolved config. */
  readonly key: string;
  /** The formatted texts, in the order of `items`. */
  formatAll(items: readonly FormatItem[]): Promise<string[]>;
}

export const NO_FORMAT: Formatter = {
  key: 'none',
  formatAll: (items) => Promise.resolve(items.map((i) => i.text)),
};

/** prettier parsers: the fast one, and the one for what it cannot parse. */
const PRIMARY_PARSER = 'babel-ts';
const FALLBACK_PARSER = 'typescript';

/** Below this many bytes in a batch, formatting stays on the calling thread. */
export const PARALLEL_MIN_BYTES = 96 * 1024;

/** Stable JSON (sorted keys) for hashing a config object. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function formatError(path: string, message: string, cause?: unknown): WriteError {
  return new WriteError(`prettier could not format the generated code (${message})`, path, { cause });
}

/** Items to format, taken one at a time by this thread and the workers. */
class FormatQueue {
  private next = 0;
  readonly out: (string | undefined)[];
  failure: WriteError | null = null;

  constructor(readonly items: readonly FormatItem[]) {
    this.out = new Array<string | undefined>(items.length);
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
      const text = await format(item, workerData.options.parser).catch(() => format(item, workerData.fallback));
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
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { prettierUrl, options, fallback: FALLBACK_PARSER } });
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
        queue.out[answer.index] = answer.text;
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
 * `workers`: worker threads for large batches. Default: one per core beyond two. On a 2-vCPU box
 * (often one physical core) a prettier worker was measured to gain nothing: median 1355 ms with one
 * worker against 1280 ms without, for 870 KB of generated code. `onlyWorkers` keeps
 * this thread out of the queue when workers run (tests use it to exercise the workers).
 */
export async function createPrettierFormatter(
  configFrom: string,
  settings: { readonly workers?: number; readonly minParallelBytes?: number; readonly onlyWorkers?: boolean } = {},
): Promise<Formatter> {
  const prettier = await import('prettier');
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
  // TypeScript source, whatever the config says for other files. Parsed with babel-ts, which is
  // about twice as fast as prettier's typescript parser and printed the same bytes on every file of
  // the 8.2.0 output; a file babel-ts cannot parse is formatted with the typescript parser instead.
  const options: Record<string, unknown> = { ...(config ?? {}), parser: PRIMARY_PARSER };
  const key = createHash('sha256')
    .update(`prettier ${prettier.version}\n${stableJson(options)}`)
    .digest('hex')
    .slice(0, 32);

  const formatOne = async (item: FormatItem): Promise<string> => {
    try {
      return await prettier.format(item.text, { ...options, filepath: item.path });
    } catch {
      try {
        return await prettier.format(item.text, { ...options, parser: FALLBACK_PARSER, filepath: item.path });
      } catch (error) {
        throw formatError(item.path, (error as Error).message, error);
      }
    }
  };
  const drainHere = async (queue: FormatQueue, shared: boolean): Promise<void> => {
    for (let i = queue.take(); i !== null; i = queue.take()) {
      try {
        queue.out[i] = await formatOne(queue.items[i]!);
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
  const workers = settings.workers ?? Math.max(0, availableParallelism() - 2);
  const minBytes = settings.minParallelBytes ?? PARALLEL_MIN_BYTES;
  const prettierUrl = import.meta.resolve('prettier');

  return {
    key,
    async formatAll(items) {
      const queue = new FormatQueue(items);
      const bytes = items.reduce((sum, i) => sum + i.text.length, 0);
      const helpers = workers > 0 && cloneable && bytes >= minBytes && items.length > 1 ? workers : 0;
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
