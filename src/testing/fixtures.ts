/**
 * The fake store's view of a user's snapshot: the resources it knows (core and module ones), the
 * methods a key holding every permission has on each (the snapshot's `keyMethods`, the key's raw
 * flags), the `/api` listing and the languages. Schema answers (`?schema=synopsis|blank`) stay
 * the bundled 8.2.0 store's recordings, each read from disk the first time it is asked for (all
 * 400 of them up front would be most of the start-up).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FixtureStore } from '../fakestore/index.js';
import type { StoreSchema } from '../model/index.js';

type RecordedAnswer = FixtureStore['answers'] extends ReadonlyMap<string, infer A> ? A : never;

interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>> | readonly unknown[];
  readonly file: string | null;
}

/** Recorded answers by key (`synopsis/products.XML`), each body read on its first `get`. */
class LazyAnswers extends Map<string, RecordedAnswer> {
  constructor(
    private readonly dir: string,
    private readonly index: Readonly<Record<string, RawResponse>>,
  ) {
    super();
  }

  override has(key: string): boolean {
    return Object.hasOwn(this.index, key);
  }

  override get(key: string): RecordedAnswer | undefined {
    const loaded = super.get(key);
    if (loaded !== undefined || !this.has(key)) return loaded;
    const r = this.index[key]!;
    const answer = {
      status: r.status,
      headers: Array.isArray(r.headers) ? {} : (r.headers as Record<string, string>),
      body: r.file === null ? '' : readFileSync(join(this.dir, r.file), 'utf8'),
    };
    super.set(key, answer);
    return answer;
  }
}

/** The parts of a fixture directory the snapshot does not replace: its URL and recorded answers. */
export async function loadRecordedAnswers(dir: string): Promise<Pick<FixtureStore, 'dir' | 'wsUrl' | 'answers'>> {
  const [resources, responses] = await Promise.all([
    readFile(join(dir, 'resources.json'), 'utf8'),
    readFile(join(dir, 'responses.json'), 'utf8'),
  ]);
  const index = (JSON.parse(responses) as { responses: Record<string, RawResponse> }).responses;
  return { dir, wsUrl: (JSON.parse(resources) as { ws_url: string }).ws_url, answers: new LazyAnswers(dir, index) };
}

const FLAGS = ['get', 'put', 'post', 'patch', 'delete', 'head'] as const;

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** The `/api` listing of a key holding every method, in PrestaShop's layout (`WebserviceRequest::getResourcesList`). */
function apiIndex(schema: StoreSchema, wsUrl: string): string {
  const blocks = schema.resources.map((r) => {
    const href = `${wsUrl}${escapeXml(r.name)}`;
    const flags = FLAGS.map(
      (f) => ` ${f}="${r.keyMethods.includes(f.toUpperCase() as (typeof r.keyMethods)[number])}"`,
    ).join('');
    const schemas =
      r.nodeName === null
        ? ''
        : `<schema xlink:href="${href}?schema=blank" type="blank"/>\n<schema xlink:href="${href}?schema=synopsis" type="synopsis"/>\n`;
    return `<${r.name} xlink:href="${href}"${flags}>\n<description xlink:href="${href}"${flags}>\n${escapeXml(r.description ?? r.name)}</description>\n${schemas}</${r.name}>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n<api shopName="PrestaShop">\n${blocks.join('')}</api>\n</prestashop>\n`;
}

/** The recorded answers (`base`) with the snapshot's resources, listing and languages. */
export function fixturesForSnapshot(
  schema: StoreSchema,
  base: Pick<FixtureStore, 'dir' | 'wsUrl' | 'answers'>,
  languages: readonly { readonly id: number; readonly isoCode: string }[],
  psVersion: string | null,
): FixtureStore {
  return {
    ...base,
    psVersion,
    languages,
    resources: schema.resources.map((r) => ({
      name: r.name,
      description: r.description ?? r.name,
      methods: r.keyMethods,
    })),
    apiIndex: apiIndex(schema, base.wsUrl),
  };
}
