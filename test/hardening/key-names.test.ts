/**
 * Names are the one piece of store text that ends up in code and URLs: a store that echoes the
 * API key into a resource or field name is refused by introspect (exit 1, the key never in the
 * message), and a snapshot whose resource name is not a plain identifier (`../../../x`) never
 * loads, so it cannot become a URL path segment of the generated client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { IntrospectError } from '../../src/errors.js';
import { startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { introspectStore } from '../../src/introspect/index.js';
import { parseSnapshot } from '../../src/model/index.js';
import { GOLDEN_8_2_0, KEY, leaksIn, readAll, runCli, tempDir } from './helpers.js';
import { fixtureStore } from './hostile.js';

const open: FakeStore[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function refusal(fixtures: ReturnType<typeof fixtureStore>): Promise<IntrospectError> {
  const s = await startFakeStore({ fixtures });
  open.push(s);
  const e = (await introspectStore({ url: s.url, key: KEY, retries: 0 }).catch((x: unknown) => x)) as IntrospectError;
  expect(e).toBeInstanceOf(IntrospectError);
  expect(e.exitCode).toBe(1);
  expect(leaksIn(`${e.message}\n${String(e.stack)}`, KEY)).toEqual([]);
  return e;
}

describe('a store that echoes the key into names', () => {
  it('a resource named after the key: introspect refuses the listing', async () => {
    const e = await refusal(fixtureStore([{ name: `x${KEY}`, synopsis: { json: { thing: { a: {} } } } }]));
    expect(e.message).toMatch(/contains the API key/);
  });

  it('a field named after the key (any case): introspect refuses the resource', async () => {
    const e = await refusal(
      fixtureStore([{ name: 'widgets', synopsis: { json: { widget: { [KEY.toLowerCase()]: { required: true } } } } }]),
    );
    expect(e.message).toMatch(/field name the tool does not accept: "\(a name that contains the API key\)"/);
    expect(e.message).toMatch(/resource "widgets"/);
  });
});

describe('a store that echoes the key into other strings', () => {
  it('formats, input types and descriptions (any case, URL-encoded, base64): scrubbed from the snapshot and every generated file', async () => {
    const echo = `is${KEY.toLowerCase()}:${Buffer.from(`${KEY}:`).toString('base64')}`;
    const s = await startFakeStore({
      fixtures: fixtureStore([
        {
          name: 'widgets',
          description: `Widgets ${KEY}`,
          synopsis: {
            json: {
              widget: {
                code: { format: echo, required: true },
                kind: { inputType: `select ${encodeURIComponent(KEY)}` },
              },
            },
          },
        },
      ]),
    });
    open.push(s);
    const cwd = tempDir();
    const run = await runCli(['introspect', '--url', s.url, '--key', KEY], { cwd });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /echoes the API key into \d+ value\(s\) \(.*resources\[widgets\]\.fields\[code\]\.format/,
    );
    const gen = await runCli(['generate', '--out', 'gen', '--no-format'], { cwd });
    expect(gen.code).toBe(0);
    const written = readAll(cwd);
    expect(written).toContain('***');
    expect(leaksIn(`${written}\n${run.stdout}\n${run.stderr}`, KEY)).toEqual([]);
  });
});

describe('resource names in a snapshot', () => {
  const withName = (name: string): string => {
    const snapshot = JSON.parse(GOLDEN_8_2_0) as { resources: { name: string }[] };
    snapshot.resources[0]!.name = name;
    return JSON.stringify(snapshot);
  };

  it.each(['../../../x', 'a/b', 'products?x=1', '%2e%2e', 'a b'])('%j is refused at load, naming the path', (name) => {
    expect(() => parseSnapshot(withName(name), 'snap.json')).toThrow(/resources\[0\]\.name: .*not a plain identifier/);
  });

  it('plain identifiers still load', () => {
    expect(parseSnapshot(withName('order-items'), 'snap.json').resources.some((r) => r.name === 'order-items')).toBe(
      true,
    );
  });
});
