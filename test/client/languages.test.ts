/**
 * The language helpers the generated client exports (`pickLanguage`, `toMultilang`, `LANGUAGES`),
 * bound to the snapshot's languages (8.2.0: en = 1, fr = 2): a product written with
 * `toMultilang` and read back with `pickLanguage` over HTTP against the CRUD fake store, and the
 * types that refuse a language the store does not have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileMap } from '../../src/emit/context.js';
import { startCrudStore, type CrudStore } from '../../src/fakestore/crud-server.js';
import { typecheck } from '../emit/typecheck.js';
import { generate, writeOut } from './generated.js';
import { crudSchema } from './helpers.js';
import type { GeneratedModule } from './module.js';

type Entries = readonly { id: number; value: unknown }[];
interface LanguageHelpers {
  pickLanguage(value: Entries | null | undefined, language: number | string): unknown;
  toMultilang(values: Record<string, unknown>): { id: number; value: unknown }[];
  LANGUAGES: Record<string, number>;
}

let files: FileMap;
let mod: GeneratedModule & LanguageHelpers;
let store: CrudStore;

beforeAll(async () => {
  files = await generate(crudSchema());
  const dir = await writeOut('languages', files);
  mod = (await import(`${dir}/index.ts`)) as GeneratedModule & LanguageHelpers;
  store = await startCrudStore({ schema: crudSchema() });
});
afterAll(() => store?.close());

describe('language helpers', () => {
  it('a product written with toMultilang reads back per language with pickLanguage', async () => {
    const { pickLanguage, toMultilang } = mod;
    expect(mod.LANGUAGES).toEqual({ en: 1, fr: 2 });
    const client = mod.createClient({ baseUrl: store.url, apiKey: store.apiKey });
    const name = toMultilang({ fr: 'Tasse bleue', en: 'Blue mug' });
    expect(name).toEqual([
      { id: 1, value: 'Blue mug' },
      { id: 2, value: 'Tasse bleue' },
    ]);
    const created = await client.products.create({
      price: 3,
      name,
      link_rewrite: toMultilang({ 1: 'blue-mug', 2: 'tasse-bleue' }),
    });
    const read = await client.products.get(created.id);
    expect(pickLanguage(read.name, 'fr')).toBe('Tasse bleue');
    expect(pickLanguage(read.name, 'en')).toBe('Blue mug');
    expect(pickLanguage(read.link_rewrite, 2)).toBe('tasse-bleue');
    expect(pickLanguage(read.name, 3)).toBeUndefined();
    expect(pickLanguage(null, 'en')).toBeUndefined();
    // A one-language read: the entry of that language only.
    const french = await client.products.get(created.id, { language: 2 });
    expect(pickLanguage(french.name, 'fr')).toBe('Tasse bleue');
    expect(pickLanguage(french.name, 'en')).toBeUndefined();
    await client.products.delete(created.id);
  });

  it('refuses a language the store does not have, naming the ones it has', () => {
    expect(() => mod.toMultilang({ de: 'Tasse' })).toThrow(
      'language "de": not a language of the store (one of en, fr, or a language id)',
    );
    expect(mod.toMultilang({ en: 'Mug', fr: undefined })).toEqual([{ id: 1, value: 'Mug' }]);
  });

  it('types the codes and ids of the snapshot', () => {
    const use = `
import { createClient, pickLanguage, toMultilang, type Product } from './out/index.js';
const client = createClient({ baseUrl: 'https://shop.example', apiKey: 'K'.repeat(32) });
export async function run(p: Product): Promise<string> {
  await client.products.create({ price: 1, name: toMultilang({ en: 'Mug', fr: 'Tasse' }) });
  const fr: string | undefined = pickLanguage(p.name, 'fr');
  const byId: string | undefined = pickLanguage(p.name, 1);
  // @ts-expect-error de is not a language of the store
  pickLanguage(p.name, 'de');
  // @ts-expect-error 3 is not a language id of the store
  pickLanguage(p.name, 3);
  // @ts-expect-error de is not a language of the store
  toMultilang({ de: 'Tasse' });
  return (fr ?? '') + (byId ?? '');
}
`;
    expect(typecheck(files, 'nodenext', { 'use.ts': use })).toEqual([]);
  });
});
