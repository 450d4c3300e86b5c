/** Shared checks of the export tests: the OpenAPI 3.1 validator and a strict JSON Schema 2020-12 compiler. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSnapshot, type StoreSchema } from '../../src/model/index.js';

export const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');
export const MINI = join(HERE, 'fixtures', 'mini-schema.json');
/** The 8.2.0 snapshot the introspector tests commit. */
export const PS820 = join(ROOT, 'test', 'golden', 'prestashop-8.2.0', 'prestashop-schema.json');

export function loadSnapshot(path: string): StoreSchema {
  return parseSnapshot(readFileSync(path, 'utf8'), path);
}

/** Validates an OpenAPI document against the official 3.1 schema, including every `$ref`. */
export async function openApiErrors(doc: unknown): Promise<unknown> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
  return result.valid ? null : (result.errors ?? 'invalid');
}

/** Our annotation keywords, declared so that strict mode accepts them and nothing else. */
const ANNOTATIONS = [
  'x-prestashop',
  'x-prestashop-format',
  'x-prestashop-input-type',
  'x-prestashop-references',
  'x-prestashop-resource',
  'x-prestashop-virtual',
];

/** A strict 2020-12 validator with the bundle loaded under the id `bundle`. */
export function jsonSchemaValidator(bundle: object): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addVocabulary(ANNOTATIONS);
  if (!ajv.validateSchema(bundle)) throw new Error(`not a 2020-12 schema: ${ajv.errorsText(ajv.errors)}`);
  ajv.addSchema(bundle, 'bundle');
  return ajv;
}
