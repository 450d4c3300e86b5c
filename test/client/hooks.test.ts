/**
 * Client hooks over the CRUD fake store on real HTTP: a scripted session (reads, a write, a retried
 * 503, a dropped connection, a refused write) and what each hook saw, in order. The key is in none
 * of it, in either auth mode; a header a hook sets is sent, an Authorization it sets is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maker, startFeedHarness, type FeedHarness } from './feed-helpers.js';

let h: FeedHarness;
beforeAll(async () => {
  h = await startFeedHarness({ timeZone: 'UTC', dates: 'string', start: '2026-01-01 00:00:00' });
}, 60_000);
afterAll(() => h.close());

/** A client whose hooks log `hook operation attempt status` lines and keep every argument. */
function recorded(auth: 'basic' | 'ws_key') {
  const log: string[] = [];
  const seen: unknown[] = [];
  const client = h.client({
    auth,
    retries: 2,
    retryDelayMs: 1,
    hooks: {
      beforeRequest: (r: { operation: string; attempt: number; headers: Record<string, string> }) => {
        seen.push(structuredClone(r));
        log.push(`before ${r.operation} ${r.attempt}`);
        r.headers['traceparent'] = `00-trace-${log.length}`;
        r.headers['Authorization'] = 'Basic stolen';
      },
      afterResponse: (r: {
        operation: string;
        attempt: number;
        status: number;
        durationMs: number;
        responseHeaders: Headers;
      }) => {
        seen.push({ ...r, responseHeaders: [...r.responseHeaders] });
        expect(r.durationMs).toBeGreaterThanOrEqual(0);
        log.push(`after ${r.operation} ${r.attempt} ${r.status}`);
      },
      onRetry: (r: { operation: string; attempt: number; status: number; delayMs: number }) => {
        seen.push(structuredClone(r));
        log.push(`retry ${r.operation} ${r.attempt} ${r.status}`);
      },
      onError: (r: { operation: string; attempt: number; error: Error & { status: number; kind: string } }) => {
        seen.push({ ...r, error: { message: r.error.message, kind: r.error.kind, stack: r.error.stack } });
        log.push(`error ${r.operation} ${r.attempt} ${r.error.kind} ${r.error.status}`);
      },
    },
  });
  return { client, log, seen };
}

describe.each(['basic', 'ws_key'] as const)('hooks (auth: %s)', (auth) => {
  it('see every request, retry and error of a scripted session, and never the key', async () => {
    const { client, log, seen } = recorded(auth);
    h.store.clearRequests();
    const created = await client.manufacturers.create(maker(`hooked ${auth}`));
    await client.manufacturers.get(created.id);
    const retry = h.store.fault({ path: '/api/manufacturers', status: 503, times: 1 });
    await client.manufacturers.count();
    retry.remove();
    const drop = h.store.fault({ path: '/api/manufacturers', drop: 'before-response', times: 3 });
    await expect(client.manufacturers.list()).rejects.toThrow();
    drop.remove();
    await expect(client.manufacturers.create(maker('bad <name>'), { validate: false })).rejects.toThrow(/85/);
    await client.request({ method: 'GET', path: 'manufacturers' });
    expect(log).toEqual([
      'before create 1',
      'after create 1 201',
      'before get 1',
      'after get 1 200',
      'before count 1',
      'after count 1 503',
      'retry count 1 503',
      'before count 2',
      'after count 2 200',
      'before list 1',
      'retry list 1 0',
      'before list 2',
      'retry list 2 0',
      'before list 3',
      'error list 3 network 0',
      'before create 1',
      'after create 1 400',
      'error create 1 http 400',
      'before request 1',
      'after request 1 200',
    ]);
    const text = JSON.stringify(seen);
    expect(text).not.toContain(h.store.apiKey);
    expect(text).not.toContain(Buffer.from(`${h.store.apiKey}:`).toString('base64'));
    expect(text).toContain('"resource":"manufacturers"');
    // The header a hook set went out; its Authorization did not replace the key's.
    const sent = h.store.requests.filter((r) => r.path === '/api/manufacturers');
    expect(sent.every((r) => r.headers['traceparent']?.startsWith('00-trace-'))).toBe(true);
    expect(sent.every((r) => r.key === h.store.apiKey)).toBe(true);
    expect(sent.some((r) => r.headers['authorization'] === 'Basic stolen')).toBe(false);
  });
});

it('refuses a hook that is not a function', () => {
  expect(() => h.client({ hooks: { onError: 'log' } })).toThrow(/hooks.onError: expected a function/);
});
