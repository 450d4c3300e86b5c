/** Hand-written runtime metadata used by the runtime unit tests (a subset of 8.2.0 products). */
import type { ResourceMeta } from '../../templates/runtime/meta.js';

export const productMeta: ResourceMeta = {
  name: 'products',
  node: 'product',
  nodes: 'products',
  fields: [
    { name: 'id', kind: 'id', readOnly: true },
    { name: 'id_manufacturer', kind: 'id' },
    { name: 'id_supplier', kind: 'id' },
    { name: 'id_category_default', kind: 'id' },
    { name: 'manufacturer_name', kind: 'string', readOnly: true, notFilterable: true },
    { name: 'quantity', kind: 'int', readOnly: true, notFilterable: true },
    { name: 'reference', kind: 'string' },
    { name: 'price', kind: 'decimal' },
    { name: 'active', kind: 'bool' },
    { name: 'on_sale', kind: 'bool' },
    { name: 'available_date', kind: 'date', dateOnly: true },
    { name: 'date_add', kind: 'date' },
    { name: 'name', kind: 'string', multilingual: true },
    { name: 'description', kind: 'html', multilingual: true },
  ],
  associations: [
    { name: 'categories', node: 'category', fields: [{ name: 'id', kind: 'id' }] },
    {
      name: 'product_features',
      node: 'product_feature',
      fields: [
        { name: 'id', kind: 'id' },
        { name: 'id_feature_value', kind: 'id' },
      ],
    },
  ],
};
