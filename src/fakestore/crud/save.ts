/**
 * The write path of the CRUD fake store: `WebserviceRequest::saveEntityFromXml` (8.2.0
 * classes/webservice/WebserviceRequest.php) for POST, PUT and PATCH bodies — ids first (89, 90,
 * 91, 92), then each entity's fields (write.ts), modifiers, validation, the save with its
 * `objectMethods` (effects.ts), the associations, and the answer that renders the objects in
 * memory.
 */
import type { CrudAnswer, CrudEngine, CrudRequest } from './engine.js';
import { columnValue, type CrudResource } from './model.js';
import { JSON_LANGUAGE_SITE, phpError } from './php.js';
import { WsError, type StoredItem } from './query.js';
import { afterSave, beforeSave } from './effects.js';
import {
  applyAssociations,
  applyFields,
  linkRewriteModifier,
  validateItem,
  type SavedEntity,
  type WriteMethod,
} from './write.js';
import { child, parseBody, type Node } from './xml.js';

export function writeEntities(
  engine: CrudEngine,
  def: CrudResource,
  method: WriteMethod,
  req: CrudRequest,
): CrudAnswer {
  const root = parseBody(req.body);
  // The ids of every entity first: 89 for a duplicate, 90 for one without, 91 on a POST.
  const ids = root.children.map((e) => child(e, 'id')?.text.trim() ?? '').filter((id) => id !== '');
  if (method !== 'POST') {
    if (new Set(ids.map((id) => parseInt(id, 10) || 0)).size !== ids.length)
      throw new WsError(400, 89, 'id is duplicate in request');
    if (ids.length !== root.children.length) throw new WsError(400, 90, 'id is required when modifying a resource');
  } else if (ids.length > 0) {
    throw new WsError(400, 91, 'id is forbidden when adding a new resource');
  }
  const saved: SavedEntity[] = [];
  for (const entity of root.children) saved.push(saveEntity(engine, def, method, entity));
  if (saved.length === 0) throw new WsError(400, 89, 'The XML has no entity to save');
  const ctx = { ...engine.renderContext(req), languages: engine.languages };
  // The answer renders the objects in memory: languages they lack are empty…
  const rendered = saved.map((s) => inMemory(s));
  const status = method === 'POST' ? 201 : 200;
  // …and in JSON each one is a PHP warning (`$field['value'][$id_lang]`), after the save: 500.
  const warnings = req.format === 'JSON' ? saved.flatMap((s) => [...s.missing.values()].flat()) : [];
  if (warnings.length > 0) {
    return engine.error(
      'JSON',
      500,
      warnings.map((l) => phpError(engine.generation, { kind: 'undefined-key', key: l }, JSON_LANGUAGE_SITE)),
    );
  }
  return engine.renderItems(def, rendered, req, ctx, { kind: 'full' }, status);
}

function saveEntity(engine: CrudEngine, def: CrudResource, method: WriteMethod, entity: Node): SavedEntity {
  const idText = child(entity, 'id')?.text.trim() ?? '';
  let existing: StoredItem | undefined;
  if (method === 'POST') {
    if (idText !== '') throw new WsError(400, 91, 'id is forbidden when adding a new resource');
  } else {
    if (idText === '') throw new WsError(400, 90, 'id is required when modifying a resource');
    existing = engine.get(def.name, parseInt(idText, 10) || 0);
    if (existing === undefined) throw new WsError(404, 92, 'Invalid ID');
  }
  const wctx = { generation: engine.generation, languages: engine.languages };
  const target: StoredItem = existing === undefined ? engine.emptyItem(def, 0) : cloneItem(existing);
  const missing = applyFields(def, method, entity, target, existing, wctx);
  if (method === 'POST') linkRewriteModifier(def, entity, target, missing, wctx);
  validateItem(def, target, engine.languages);
  // Category::add()/update(): `$this->level_depth = $this->calcLevelDepth()` (parent's + 1, 0 at the root).
  if (def.name === 'categories') {
    const parent = engine.get('categories', Number(target.values.get('id_parent') ?? '0'));
    target.values.set(
      'level_depth',
      parent === undefined ? '0' : String(Number(parent.values.get('level_depth') ?? '0') + 1),
    );
  }
  const stamp = formatDate(engine.clock());
  // ObjectModel::add() sets date_add and date_upd; update() sets date_upd, and date_add when null.
  if (def.fields.some((f) => f.name === 'date_upd')) target.values.set('date_upd', stamp);
  if (
    def.fields.some((f) => f.name === 'date_add') &&
    (method === 'POST' || (target.values.get('date_add') ?? '') === '')
  ) {
    target.values.set('date_add', stamp);
  }
  // An `add` override that stores something else (orders) answers with the object posted.
  const custom = beforeSave(engine, def, target, existing);
  if (custom !== null) return { item: custom, missing };
  if (existing === undefined) target.id = engine.allocateId(def.name);
  delete target.sent;
  engine.put(def.name, target);
  // Associations are applied after the object is saved, in body order (an unknown one, 400/86,
  // leaves the object saved).
  const assoc = child(entity, 'associations');
  if (assoc !== undefined) applyAssociations(def, target, assoc);
  afterSave(engine, def, target, existing);
  // The row keeps what its columns can hold (an ENUM outside its list: ''); the answer renders the object.
  const row = cloneItem(target);
  for (const f of def.fields)
    if (row.values.has(f.name))
      row.values.set(f.name, columnValue(def.name, f, row.values.get(f.name)!, engine.generation));
  engine.put(def.name, row);
  return { item: target, missing };
}

/** The stored item as its object in memory renders: languages the object lacked are empty. */
function inMemory(saved: SavedEntity): StoredItem {
  if (saved.missing.size === 0) return saved.item;
  const item = cloneItem(saved.item);
  for (const [field, langs] of saved.missing) for (const l of langs) item.langs.get(field)?.set(l, '');
  return item;
}

function cloneItem(item: StoredItem): StoredItem {
  return {
    id: item.id,
    values: new Map(item.values),
    langs: new Map([...item.langs].map(([k, v]) => [k, new Map(v)])),
    associations: new Map([...item.associations].map(([k, v]) => [k, v.map((e) => ({ ...e }))])),
  };
}

export function formatDate(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}
