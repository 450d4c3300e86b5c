/**
 * Model → a JSON Schema 2020-12 bundle: one document whose `$defs` hold the same named shapes as
 * the OpenAPI components (read, `Input`, `Patch`, and the shared ones), without OpenAPI's `xml`
 * hints. `x-prestashop.resources` maps each resource to its definitions and node names.
 */
import { canonicalize, type StoreSchema } from '../model/index.js';
import { buildPlan, DEFAULT_PLAN_OPTIONS } from '../plan/index.js';
import { obj, record, type JsonObject } from './json.js';
import { snapshotFacts } from './openapi.js';
import { componentSchemas, exportedResources, type ExportOptions, type SchemaTarget } from './schemas.js';

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const defRef = (name: string): string => `#/$defs/${name}`;

export function buildJsonSchema(input: StoreSchema, options: ExportOptions): JsonObject {
  const model = canonicalize(input);
  const entries = exportedResources(model, buildPlan(model, { ...DEFAULT_PLAN_OPTIONS, decimals: options.decimals }));
  const target: SchemaTarget = {
    ref: defRef,
    xml: false,
    options,
    languages: model.store.languages.map((l) => l.id),
  };
  const facts = snapshotFacts(model);
  return record({
    $schema: JSON_SCHEMA_DIALECT,
    title: `PrestaShop Webservice ${model.store.psVersion ?? ''} resources`.replace(/\s+/g, ' '),
    description:
      'Read shapes (values as the generated client decodes them) and write shapes (Input for POST/PUT, ' +
      'Patch for PATCH, with the rules the store enforces) of every resource. Pick one with `$ref: "#/$defs/<Name>"`.',
    $defs: componentSchemas(entries, target),
    'x-prestashop': record({
      ...(facts as object),
      resources: obj(
        entries.map((e) => [
          e.plan.name,
          record({
            node: e.node,
            nodes: e.nodes,
            methods: [...e.methods],
            read: defRef(e.read),
            input: e.input === null ? undefined : defRef(e.input),
            patch: e.patch === null ? undefined : defRef(e.patch),
          }),
        ]),
      ),
    }),
  });
}
