/**
 * The engine a testing fake store serves from, as one object whose state `swap` replaces (so
 * `reset()` gives the running server fresh records), with a bounded cache of read answers.
 *
 * Reads are a pure function of the stored records and the request, and only a write (any method
 * but GET and HEAD) or a swap changes the records, so a read answer is kept until the next write:
 * a test that reads one record many times pays the rendering once.
 */
import type { CrudAnswer, CrudEngine, CrudRequest } from '../fakestore/crud/engine.js';

/** Read answers kept at most (the cache empties when full). */
const READ_CACHE_LIMIT = 256;

export interface SwappableEngine {
  /** The object the server holds: every property and method is the current engine's. */
  readonly engine: CrudEngine;
  swap(next: CrudEngine): void;
  current(): CrudEngine;
}

function readKey(req: CrudRequest, method: string): string {
  return `${method}\n${req.format}\n${req.wsUrl}\n${(req.keyMethods ?? []).join(',')}\n${req.segments.join('/')}\n${req.query.size === 0 ? '' : req.query.toString()}`;
}

export function swappableEngine(first: CrudEngine): SwappableEngine {
  let current = first;
  const reads = new Map<string, CrudAnswer>();
  const handle = (req: CrudRequest): CrudAnswer => {
    const method = req.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      reads.clear();
      return current.handle(req);
    }
    const key = readKey(req, method);
    const kept = reads.get(key);
    if (kept !== undefined) return kept;
    const answer = current.handle(req);
    if (reads.size >= READ_CACHE_LIMIT) reads.clear();
    reads.set(key, answer);
    return answer;
  };
  // Methods bound to the current engine, made once per engine (the server calls two per request).
  let bound = new Map<PropertyKey, unknown>();
  const engine = new Proxy(first, {
    get: (_target, p) => {
      if (p === 'handle') return handle;
      const v: unknown = Reflect.get(current, p, current);
      if (typeof v !== 'function') return v;
      if (!bound.has(p)) bound.set(p, (v as (...a: unknown[]) => unknown).bind(current));
      return bound.get(p);
    },
    set: (_target, p, v) => Reflect.set(current, p, v, current),
    has: (_target, p) => Reflect.has(current, p),
  });
  return {
    engine,
    swap(next) {
      current = next;
      reads.clear();
      bound = new Map();
    },
    current: () => current,
  };
}
