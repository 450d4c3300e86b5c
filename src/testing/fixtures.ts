/**
 * The fake store's view of a user's snapshot: the resources it knows (core and module ones), the
 * methods a key holding every permission has on each (the snapshot's `keyMethods`, the key's raw
 * flags), the `/api` listing and the languages. Schema answers (`?schema=synopsis|blank`) stay
 * the bundled 8.2.0 store's recordings. Pure.
 */
import type { FixtureStore } from '../fakestore/index.js';
import type { StoreSchema } from '../model/index.js';

const FLAGS = ['get', 'put', 'post', 'patch', 'delete', 'head'] as const;

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** The `/api` listing of a key holding every method, in PrestaShop's layout (`WebserviceRequest::getResourcesList`). */
function apiIndex(schema: StoreSchema, wsUrl: string): string {
  const blocks = schema.resources.map((r) => {
    const href = `${wsUrl}${escapeXml(r.name)}`;
    const flags = FLAGS.map((f) => ` ${f}="${r.keyMethods.includes(f.toUpperCase() as (typeof r.keyMethods)[number])}"`).join('');
    const schemas = r.nodeName === null ? '' : `<schema xlink:href="${href}?schema=blank" type="blank"/>\n<schema xlink:href="${href}?schema=synopsis" type="synopsis"/>\n`;
    return `<${r.name} xlink:href="${href}"${flags}>\n<description xlink:href="${href}"${flags}>\n${escapeXml(r.description ?? r.name)}</description>\n${schemas}</${r.name}>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n<api shopName="PrestaShop">\n${blocks.join('')}</api>\n</prestashop>\n`;
}

/** The bundled fixtures (`base`) narrowed and widened to the snapshot's resources and languages. */
export function fixturesForSnapshot(
  schema: StoreSchema,
  base: FixtureStore,
  languages: readonly { readonly id: number; readonly isoCode: string }[],
  psVersion: string | null,
): FixtureStore {
  return {
    ...base,
    psVersion,
    languages,
    resources: schema.resources.map((r) => ({ name: r.name, description: r.description ?? r.name, methods: r.keyMethods })),
    apiIndex: apiIndex(schema, base.wsUrl),
  };
}
