/**
 * Associations that PrestaShop's getter reads from other rows each time an item is rendered, so
 * the stored item never holds them (a write ignores them: no `setWs…` setter, model.ts
 * READ_ONLY_ASSOCIATIONS).
 *
 * - `categories.categories`: the category's children, `Category::getChildrenWs` (8.2.0
 *   classes/Category.php 2038-2047): `id_parent` = the category, `active` = 1, by position (ties
 *   by id, as the category_shop rows of one parent are created in id order).
 */
import type { StoredItem } from './query.js';

/** What the getters read: the stored items of a resource. */
export type StoredRows = (resource: string) => ReadonlyMap<number, StoredItem>;

/** The item as PrestaShop renders it: getter-computed associations filled in (a copy when any is). */
export function withGetterAssociations(resource: string, item: StoredItem, rows: StoredRows): StoredItem {
  if (resource !== 'categories' || !item.associations.has('categories')) return item;
  const children = [...rows('categories').values()]
    .filter((c) => c.values.get('id_parent') === String(item.id) && c.values.get('active') === '1')
    .sort((a, b) => Number(a.values.get('position') ?? 0) - Number(b.values.get('position') ?? 0) || a.id - b.id)
    .map((c) => ({ id: String(c.id) }));
  return { ...item, associations: new Map([...item.associations, ['categories', children]]) };
}
