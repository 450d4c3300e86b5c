import { describe, expect, it } from 'vitest';
import { decodeJsonDocument, decodeXmlDocument, type DecodeContext } from '../../templates/runtime/decode.js';
import { DEFAULT_CODEC } from '../../templates/runtime/meta.js';
import { parseXml } from '../../templates/runtime/xml.js';
import { productMeta } from './metas.js';

const ctx: DecodeContext = { codec: DEFAULT_CODEC, fields: null, bareLanguage: null };

it('a resource without associations gets no associations key', () => {
  const meta = { ...productMeta, associations: [] };
  expect(decodeJsonDocument(meta, { product: { id: 1, associations: { x: [] } } }, ctx).items[0]).not.toHaveProperty(
    'associations',
  );
});

/** The same product as every generation and format renders it. */
const expected = {
  id: 1,
  id_manufacturer: 1,
  id_supplier: 0,
  id_category_default: 2,
  manufacturer_name: 'Studio Design',
  quantity: 0,
  reference: '0',
  price: 23.9,
  active: true,
  on_sale: false,
  available_date: '0000-00-00',
  date_add: '2024-01-02 03:04:05',
  name: [
    { id: 1, value: 'Hummingbird T-shirt' },
    { id: 2, value: 'T-shirt colibri' },
  ],
  description: [
    { id: 1, value: '' },
    { id: 2, value: '' },
  ],
  associations: {
    categories: [{ id: 2 }, { id: 3 }],
    product_features: [],
  },
};

const xmlItem = `<?xml version="1.0" encoding="UTF-8"?>
<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">
<product>
	<id><![CDATA[1]]></id>
	<id_manufacturer xlink:href="https://shop.example/api/manufacturers/1"><![CDATA[1]]></id_manufacturer>
	<id_supplier><![CDATA[0]]></id_supplier>
	<id_category_default xlink:href="https://shop.example/api/categories/2"><![CDATA[2]]></id_category_default>
	<manufacturer_name notFilterable="true"><![CDATA[Studio Design]]></manufacturer_name>
	<quantity notFilterable="true"><![CDATA[0]]></quantity>
	<reference><![CDATA[0]]></reference>
	<price><![CDATA[23.900000]]></price>
	<active><![CDATA[1]]></active>
	<on_sale><![CDATA[0]]></on_sale>
	<available_date><![CDATA[0000-00-00]]></available_date>
	<date_add><![CDATA[2024-01-02 03:04:05]]></date_add>
	<name><language id="1" xlink:href="https://shop.example/api/languages/1"><![CDATA[Hummingbird T-shirt]]></language><language id="2" xlink:href="https://shop.example/api/languages/2"><![CDATA[T-shirt colibri]]></language></name>
	<description><language id="1"><![CDATA[]]></language><language id="2"><![CDATA[]]></language></description>
<associations>
<categories nodeType="category" api="categories">
	<category xlink:href="https://shop.example/api/categories/2">
	<id><![CDATA[2]]></id>
	</category>
	<category xlink:href="https://shop.example/api/categories/3">
	<id><![CDATA[3]]></id>
	</category>
</categories>
<product_features nodeType="product_feature" api="product_features"/>
</associations>
</product>
</prestashop>
`;

const fields17 = {
  id: 1,
  id_manufacturer: '1',
  id_supplier: '0',
  id_category_default: '2',
  manufacturer_name: 'Studio Design',
  quantity: 0,
  reference: '0',
  price: '23.900000',
  active: '1',
  on_sale: '0',
  available_date: '0000-00-00',
  date_add: '2024-01-02 03:04:05',
  name: [
    { id: '1', value: 'Hummingbird T-shirt' },
    { id: '2', value: 'T-shirt colibri' },
  ],
  description: [
    { id: '1', value: '' },
    { id: '2', value: '' },
  ],
  associations: { categories: [{ id: '2' }, { id: '3' }] },
};

/** 8.x/9.0 item form: every falsy top-level value is dropped (array_filter). */
function falsyFiltered(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).filter(
      ([, v]) =>
        !(v === '0' || v === 0 || v === '' || v === null || v === false || (Array.isArray(v) && v.length === 0)),
    ),
  );
}

describe('decoding one product, every generation and form gives one shape', () => {
  it('XML item', () => {
    expect(decodeXmlDocument(productMeta, parseXml(xmlItem), ctx)).toEqual({ form: 'item', items: [expected] });
  });

  it('XML list with display=full', () => {
    const list = xmlItem.replace('<product>', '<products>\n<product>').replace('</product>', '</product>\n</products>');
    expect(decodeXmlDocument(productMeta, parseXml(list), ctx)).toEqual({ form: 'list', items: [expected] });
  });

  it('JSON 1.7.8 item (strings, nothing dropped)', () => {
    expect(decodeJsonDocument(productMeta, { product: fields17 }, ctx)).toEqual({ form: 'item', items: [expected] });
  });

  it('JSON 8.x item: falsy fields and empty associations dropped, then restored', () => {
    const filtered = falsyFiltered(fields17);
    expect(Object.keys(filtered)).not.toContain('id_supplier');
    expect(Object.keys(filtered)).not.toContain('on_sale');
    expect(Object.keys(filtered)).not.toContain('reference'); // "0" is falsy in PHP: the known lossy case
    const decoded = decodeJsonDocument(productMeta, { product: filtered }, ctx);
    expect(decoded.items[0]).toEqual({ ...expected, reference: '' });
  });

  it('JSON 8.x/9.0 list form with display (not filtered), 9.0 native ints', () => {
    const item90 = {
      ...fields17,
      id_manufacturer: 1,
      id_supplier: 0,
      id_category_default: 2,
      name: [
        { id: 1, value: 'Hummingbird T-shirt' },
        { id: 2, value: 'T-shirt colibri' },
      ],
    };
    expect(decodeJsonDocument(productMeta, { products: [item90] }, ctx)).toEqual({ form: 'list', items: [expected] });
  });

  it('JSON empty list is a bare []', () => {
    expect(decodeJsonDocument(productMeta, [], ctx)).toEqual({ form: 'list', items: [] });
    expect(
      decodeXmlDocument(productMeta, parseXml('<prestashop>\n<products>\n</products>\n</prestashop>'), ctx),
    ).toEqual({ form: 'list', items: [] });
  });

  it('a bare string (one language rendered) belongs to the language asked for', () => {
    const one = { ...fields17, name: 'Hummingbird T-shirt', description: '' };
    const decoded = decodeJsonDocument(productMeta, { products: [one] }, { ...ctx, bareLanguage: 1 }).items[0]!;
    expect(decoded['name']).toEqual([{ id: 1, value: 'Hummingbird T-shirt' }]);
    expect(decoded['description']).toEqual([{ id: 1, value: '' }]);
    // 8.x item form drops the empty bare string: restored in the same language.
    const filtered = decodeJsonDocument(productMeta, { product: falsyFiltered(one) }, { ...ctx, bareLanguage: 1 })
      .items[0]!;
    expect(filtered['description']).toEqual([{ id: 1, value: '' }]);
  });

  it('minimal XML and JSON lists give ids', () => {
    const xml =
      '<prestashop><products><product id="1" xlink:href="x"/><product id="2" xlink:href="y"/></products></prestashop>';
    expect(decodeXmlDocument(productMeta, parseXml(xml), ctx).items).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('display=[…] decodes only the fields asked for, without associations', () => {
    const narrow: DecodeContext = { ...ctx, fields: new Set(['id', 'price', 'on_sale']) };
    expect(
      decodeJsonDocument(productMeta, { products: [{ id: 1, price: '2.5', on_sale: '0' }] }, narrow).items,
    ).toEqual([{ id: 1, price: 2.5, on_sale: false }]);
    const xml =
      '<prestashop><products><product><id><![CDATA[1]]></id><price><![CDATA[2.5]]></price><on_sale><![CDATA[1]]></on_sale></product></products></prestashop>';
    expect(decodeXmlDocument(productMeta, parseXml(xml), narrow).items).toEqual([{ id: 1, price: 2.5, on_sale: true }]);
  });

  it('keeps module fields and unknown associations, never as prototype keys', () => {
    const json = JSON.parse(
      '{"product":{"id":3,"x_module":"v","__proto__":{"polluted":true},"associations":{"x_links":[{"id":"9"}]}}}',
    ) as unknown;
    const item = decodeJsonDocument(productMeta, json, ctx).items[0]!;
    const extensions = item['extensions'] as Record<string, unknown>;
    expect(extensions['x_module']).toBe('v');
    expect(Object.keys(extensions)).toEqual(['x_module', '__proto__']);
    expect((item['associations'] as Record<string, unknown>)['x_links']).toEqual([{ id: '9' }]);
    expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(extensions)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const xml = parseXml(
      '<prestashop><product><id>3</id><__proto__>x</__proto__><x_ml><language id="1">a</language></x_ml></product></prestashop>',
    );
    const fromXml = decodeXmlDocument(productMeta, xml, ctx).items[0]!;
    expect(Object.getPrototypeOf(fromXml)).toBe(Object.prototype);
    expect(fromXml['extensions']).toEqual({ ['__proto__']: 'x', x_ml: [{ id: 1, value: 'a' }] });
    // No extensions key when the store sent nothing unknown; a custom key name is honoured.
    expect(decodeJsonDocument(productMeta, { product: { id: 1 } }, ctx).items[0]).not.toHaveProperty('extensions');
    const renamed = decodeJsonDocument(
      { ...productMeta, extensions: 'extensions_' },
      { product: { id: 1, x: '1' } },
      ctx,
    ).items[0]!;
    expect(renamed['extensions_']).toEqual({ x: '1' });
  });

  it('codec: decimals as strings and dates as Date (zero dates are null)', () => {
    const codec = { decimals: 'string', dates: 'Date' } as const;
    const item = decodeXmlDocument(productMeta, parseXml(xmlItem), { ...ctx, codec }).items[0]!;
    expect(item['price']).toBe('23.900000');
    expect(item['available_date']).toBeNull();
    expect(item['date_add']).toEqual(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)));
    const dropped = decodeJsonDocument(productMeta, { product: {} }, { ...ctx, codec }).items[0]!;
    expect(dropped['price']).toBe('0');
    expect(dropped['date_add']).toBeNull();
  });

  it('refuses a document of another resource', () => {
    expect(() => decodeXmlDocument(productMeta, parseXml('<prestashop><categories/></prestashop>'), ctx)).toThrow(
      /expected <products> or <product>/,
    );
    expect(() => decodeJsonDocument(productMeta, { categories: [] }, ctx)).toThrow(/expected "products" or "product"/);
    expect(() => decodeJsonDocument(productMeta, 'x', ctx)).toThrow(/JSON object/);
  });
});

describe('JSON entities: own keys only, unknown keys as extensions', () => {
  const meta = {
    ...productMeta,
    fields: [
      ...productMeta.fields,
      { name: 'constructor', kind: 'string' as const },
      { name: 'toString', kind: 'int' as const },
    ],
  };
  it('a field named like an Object.prototype member is read only when the store sent it', () => {
    const item = decodeJsonDocument(meta, { product: { id: 1, toString: '7' } }, ctx).items[0]!;
    expect(Object.getOwnPropertyDescriptor(item, 'constructor')?.value).toBe('');
    expect(Object.getOwnPropertyDescriptor(item, 'toString')?.value).toBe(7);
    expect(item).not.toHaveProperty('extensions');
  });
  it('keys the metadata does not know go under extensions, known ones never', () => {
    const item = decodeJsonDocument(
      meta,
      { product: { id: 1, price: '2.5', associations: {}, mod_x: 'm', __proto__: null } },
      ctx,
    ).items[0]!;
    expect(item['extensions']).toEqual({ mod_x: 'm' });
    expect(Object.keys(item).slice(0, 3)).toEqual(['id', 'id_manufacturer', 'id_supplier']);
  });
});
