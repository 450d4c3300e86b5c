/**
 * Formatting of generated files with prettier, using the user's prettier configuration when one is
 * found. Prettier is loaded only when formatting is on, so `--no-format` runs never pay for it.
 *
 * Prettier dominates the cost of a run (architecture §6), and it is CPU-bound: a large batch is
 * split by size between this thread and worker threads (one per spare core), each with its own
 * prettier. Small batches stay on this thread, where a worker's start-up would cost more than it saves.
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

/** Worker body: formats the items it was given with the prettier at `prettierUrl`, then exits. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const prettier = await import(workerData.prettierUrl);
  const out = [];
  for (const item of workerData.items) {
    try {
      out.push(await prettier.format(item.text, { ...workerData.options, filepath: item.path }));
    } catch (error) {
      parentPort.postMessage({ ok: false, path: item.path, message: String((error && error.message) || error) });
      return;
    }
  }
  parentPort.postMessage({ ok: true, out });
})().catch((error) => parentPort.postMessage({ ok: false, path: null, message: String((error && error.message) || error) }));
`;

type WorkerAnswer = { ok: true; out: string[] } | { ok: false; path: string | null; message: string };

function formatInWorker(prettierUrl: string, options: Record<string, unknown>, items: readonly FormatItem[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { prettierUrl, options, items } });
    let settled = false;
    worker.once('message', (answer: WorkerAnswer) => {
      settled = true;
      if (answer.ok) resolve(answer.out);
      else reject(new WriteError(`prettier could not format the generated code (${answer.message})`, answer.path ?? '(worker)'));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      if (!settled) reject(new WriteError(`the formatting worker failed (${error.message})`, '(worker)', { cause: error }));
      settled = true;
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new WriteError(`the formatting worker stopped (exit code ${code})`, '(worker)'));
      settled = true;
    });
  });
}

/** Splits items into `n` groups of about equal size (largest first, into the lightest group). */
export function balance(items: readonly FormatItem[], n: number): number[][] {
  const groups = Array.from({ length: n }, () => ({ bytes: 0, indexes: [] as number[] }));
  const order = items.map((item, i) => ({ i, size: item.text.length })).sort((a, b) => b.size - a.size || a.i - b.i);
  for (const { i, size } of order) {
    const lightest = groups.reduce((best, g) => (g.bytes < best.bytes ? g : best));
    lightest.bytes += size;
    lightest.indexes.push(i);
  }
  return groups.map((g) => g.indexes.sort((a, b) => a - b)).filter((g) => g.length > 0);
}

/**
 * A prettier formatter whose options come from the prettier config that applies to `configFrom`
 * (a file path inside the output directory; `.editorconfig` is honoured too).
 */
export async function createPrettierFormatter(
  configFrom: string,
  settings: { readonly workers?: number; readonly minParallelBytes?: number } = {},
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
  // The parser is always TypeScript, whatever the config says for other files.
  const options: Record<string, unknown> = { ...(config ?? {}), parser: 'typescript' };
  const key = createHash('sha256')
    .update(`prettier ${prettier.version}\n${stableJson(options)}`)
    .digest('hex')
    .slice(0, 32);
  const formatOne = async (item: FormatItem): Promise<string> => {
    try {
      return await prettier.format(item.text, { ...options, filepath: item.path });
    } catch (error) {
      throw new WriteError(`prettier could not format the generated code (${(error as Error).message})`, item.path, {
        cause: error,
      });
    }
  };
  const formatHere = async (items: readonly FormatItem[]): Promise<string[]> => {
    const out: string[] = [];
    for (const item of items) out.push(await formatOne(item));
    return out;
  };
  // Workers need options they can receive by copy (a config holding plugin objects stays here).
  let cloneable = true;
  try {
    structuredClone(options);
  } catch {
    cloneable = false;
  }
  const workers = settings.workers ?? Math.max(0, availableParallelism() - 1);
  const prettierUrl = import.meta.resolve('prettier');
  return {
    key,
    async formatAll(items) {
      const bytes = items.reduce((sum, i) => sum + i.text.length, 0);
      const minBytes = settings.minParallelBytes ?? PARALLEL_MIN_BYTES;
      if (workers === 0 || !cloneable || bytes < minBytes || items.length < 2) return formatHere(items);
      const groups = balance(items, workers + 1);
      const pick = (indexes: number[]): FormatItem[] => indexes.map((i) => items[i]!);
      const [own, ...others] = groups;
      const results = await Promise.all([
        formatHere(pick(own!)),
        ...others.map((g) => formatInWorker(prettierUrl, options, pick(g))),
      ]);
      const out = new Array<string>(items.length);
      groups.forEach((g, gi) => g.forEach((itemIndex, k) => (out[itemIndex] = results[gi]![k]!)));
      return out;
    },
  };
}
