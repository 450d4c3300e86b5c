/**
 * The programmatic API: the same functions the commands run.
 *
 * ```ts
 * import { introspect, generate, diff, loadSnapshot } from 'prestashop-codegen';
 * const { schema } = await introspect({ url: 'https://shop.example', key: process.env.PRESTASHOP_API_KEY!, out: 'prestashop-schema.json' });
 * await generate(schema, { out: 'src/prestashop' });
 * const changes = diff(await loadSnapshot('old.json'), schema);
 * ```
 */
export { introspect, type IntrospectApiOptions, type IntrospectApiResult } from './introspect.js';
export { generate, type GenerateOptions, type GenerateResult } from './generate.js';
export { loadSnapshot, writeSnapshot } from './snapshot.js';
