import { it } from 'vitest';
import { emitAll, resolveEmitOptions } from '../../src/emit/index.js';
import { makeField, makeResource, type StoreSchema } from '../../src/model/index.js';
it('x', () => {
  for (const fields of [[], [makeField('a', { readOnly: true })]]) {
  const model: StoreSchema = { schemaVersion: 1, store: { psVersion: null, languages: [] }, resources: [makeResource('things', { nodeName: 'thing', methods: ['GET', 'POST', 'PATCH'], fields, associations: [] })] };
  const { files } = emitAll(model, resolveEmitOptions(), { templates: new Map() });
  console.log([...files.keys()].join(' '));
  console.log(files.get('validators/things.ts'));
  }
});
