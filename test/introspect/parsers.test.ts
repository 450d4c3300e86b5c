/** The pure parsers, without HTTP. */
import { fieldKind, makeField } from '../../src/model/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  JsonReadError,
  parseApiListing,
  parseErrorDocument,
  parseJsonSynopsis,
  parseLanguageList,
  parseListNodesName,
  parseXmlDocument,
  parseXmlSynopsis,
  referenceFromHref,
  repairNumericTags,
  XmlReadError,
} from '../../src/introspect/index.js';
import { FIXTURE_DIR } from './helpers.js';

const fixture = (p: string) => readFileSync(join(FIXTURE_DIR, p), 'utf8');
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n';

describe('parseApiListing', () => {
  it('reads names, descriptions, method flags and schema links', () => {
    const listing = parseApiListing(fixture('api-index.xml'));
    expect(listing.shopName).toBe('PrestaShop');
    expect(listing.resources).toHaveLength(69);
    const addresses = listing.resources.find((r) => r.name === 'addresses')!;
    expect(addresses).toEqual({
      name: 'addresses',
      description: 'The Customer, Brand and Customer addresses',
      keyMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'],
      hasSchema: true,
    });
    expect(listing.resources.find((r) => r.name === 'images')!.hasSchema).toBe(false);
  });

  it('reads 1.7-style flags (no patch) and partial permissions', () => {
    const xml = `${HEAD}<api shopName="S">\n<orders xlink:href="http://x/api/orders" get="true" put="false" post="true" delete="false" head="false">\n<description>Orders</description>\n</orders>\n</api>\n</prestashop>`;
    expect(parseApiListing(xml).resources).toEqual([
      { name: 'orders', description: 'Orders', keyMethods: ['GET', 'POST'], hasSchema: false },
    ]);
  });

  it('refuses documents that are not a listing', () => {
    expect(() => parseApiListing(fixture('errors/key-unknown.xml'))).toThrow(XmlReadError);
    expect(() => parseApiListing('<html><body>hi</body></html>')).toThrow(/root element is <html>/);
  });
});

describe('parseXmlSynopsis', () => {
  it('reads every attribute kind', () => {
    const xml = `${HEAD}<thing>
\t<id_a required="true" format="isUnsignedId"><![CDATA[]]></id_a>
\t<label maxSize="64" format="isGenericName"><language id="1" xlink:href="http://x/api/languages/1" format="isUnsignedId" ><![CDATA[]]></language><language id="3" xlink:href="http://x/api/languages/3" format="isUnsignedId" ><![CDATA[]]></language></label>
\t<computed notFilterable="true" read_only="true" readOnly="true"><![CDATA[]]></computed>
\t<legacy read_only="true"><![CDATA[]]></legacy>
\t<id_parent xlink:href="http://x/shop/api/categories/"><![CDATA[]]></id_parent>
<associations>
<rows nodeType="row" virtualEntity="true">
\t<row>
\t<id><![CDATA[]]></id>
\t<product_id xlink:href="http://x/api/products/" required="true"><![CDATA[]]></product_id>
\t<name read_only="true" readOnly="true"><![CDATA[]]></name>
\t</row>
</rows>
<tags nodeType="tag" api="tags">
\t<tag>
\t<id required="true"><![CDATA[]]></id>
\t</tag>
</tags>
</associations>
</thing>
</prestashop>`;
    const s = parseXmlSynopsis(xml, 'things');
    expect(s.nodeName).toBe('thing');
    expect(s.languageIds).toEqual([1, 3]);
    expect(s.warnings).toEqual([]);
    const f = Object.fromEntries(s.fields.map((x) => [x.name, x]));
    expect(f.id_a).toMatchObject({
      required: true,
      format: 'isUnsignedId',
      maxSize: null,
      multilingual: false,
      readOnly: false,
      filterable: true,
    });
    expect(f.label).toMatchObject({ maxSize: 64, format: 'isGenericName', multilingual: true });
    expect(f.computed).toMatchObject({ readOnly: true, filterable: false });
    expect(f.legacy).toMatchObject({ readOnly: true, filterable: true });
    expect(f.id_parent).toMatchObject({ references: 'categories' });
    expect(s.associations).toEqual([
      {
        name: 'rows',
        resource: null,
        api: null,
        nodeName: 'row',
        virtual: true,
        fields: [
          expect.objectContaining({ name: 'id', required: false }),
          expect.objectContaining({ name: 'product_id', required: true, references: 'products' }),
          expect.objectContaining({ name: 'name', readOnly: true }),
        ],
      },
      {
        name: 'tags',
        resource: 'tags',
        api: 'tags',
        nodeName: 'tag',
        virtual: false,
        fields: [expect.objectContaining({ name: 'id', required: true })],
      },
    ]);
  });

  it('tolerates the <0> association bug of 8.0.4/8.1', () => {
    const bugged = fixture('synopsis/customers.xml').replace(/<id><!\[CDATA\[\]\]><\/id>/, '<0><![CDATA[]]></0>');
    expect(bugged).toContain('<0>');
    expect(() => parseXmlDocument(bugged)).toThrow(/malformed/);
    const s = parseXmlSynopsis(bugged, 'customers');
    expect(s.associations.find((a) => a.name === 'groups')!.fields.map((x) => x.name)).toEqual(['id']);
    expect(s.warnings).toEqual([
      expect.stringMatching(/<0> read as "id" \(association bug of PrestaShop 8.0.4\/8.1\)/),
    ]);
  });

  it('repairs numeric tags outside CDATA only', () => {
    expect(repairNumericTags('<a><0 x="1"><![CDATA[<0>]]></0></a>')).toEqual({
      xml: '<a><ps-numeric-tag-0 x="1"><![CDATA[<0>]]></ps-numeric-tag-0></a>',
      repaired: 2,
    });
  });

  it('refuses DTDs, entities, truncated and malformed XML', () => {
    expect(() =>
      parseXmlSynopsis(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><prestashop><x/></prestashop>`, 'x'),
    ).toThrow(/DTD/);
    const full = fixture('synopsis/products.xml');
    expect(() => parseXmlSynopsis(full.slice(0, full.length / 2), 'products')).toThrow(
      /malformed or truncated XML at line \d+/,
    );
    expect(() => parseXmlSynopsis('', 'products')).toThrow(/empty/);
    expect(() => parseXmlSynopsis(`${HEAD}<a/><b/></prestashop>`, 'x')).toThrow(/expected one element/);
  });

  it('warns about odd values instead of failing', () => {
    const s = parseXmlSynopsis(
      `${HEAD}<t>\n\t<a maxSize="big"><![CDATA[]]></a>\n\t<a><![CDATA[]]></a>\n</t>\n</prestashop>`,
      'ts',
    );
    expect(s.fields).toHaveLength(1);
    expect(s.fields[0]!.maxSize).toBeNull();
    expect(s.warnings).toHaveLength(2);
  });
});

describe('parseJsonSynopsis', () => {
  it('reads the spec vocabulary', () => {
    const s = parseJsonSynopsis(
      JSON.stringify({
        product: {
          id: { required: false, maxSize: 10, inputType: 'listId' },
          name: { required: true, maxSize: 128, inputType: 'langList' },
          price: { required: true, inputType: 'numeric' },
        },
      }),
      'products',
    );
    expect(s.kind).toBe('schema');
    if (s.kind !== 'schema') return;
    expect(s.nodeName).toBe('product');
    expect(s.warnings).toEqual([]);
    expect(s.fields).toEqual([
      makeField('id', { maxSize: 10, inputType: 'listId' }),
      makeField('name', { required: true, maxSize: 128, inputType: 'langList', multilingual: true }),
      makeField('price', { required: true, inputType: 'numeric' }),
    ]);
  });

  it('keeps an unknown inputType as a string and warns', () => {
    const s = parseJsonSynopsis('{"order":{"date_add":{"required":false,"inputType":"colorWheel"}}}', 'orders');
    expect(s.kind === 'schema' && s.fields[0]!.inputType).toBe('colorWheel');
    expect(s.kind === 'schema' && s.warnings).toEqual([
      expect.stringMatching(/orders.date_add: unknown inputType "colorWheel"; kept, typed as a string/),
    ]);
  });

  it('knows the obvious inputType names beyond the three the spec shows, without warnings', () => {
    const names = [
      'bool',
      'boolean',
      'date',
      'datetime',
      'dateTime',
      'html',
      'text',
      'string',
      'int',
      'integer',
      'float',
      'decimal',
      'price',
      'email',
      'url',
    ];
    const body = Object.fromEntries(names.map((n, i) => [`f${i}`, { inputType: n }]));
    const s = parseJsonSynopsis(JSON.stringify({ thing: body }), 'things');
    expect(s.kind === 'schema' && s.warnings).toEqual([]);
    expect(s.kind === 'schema' && s.fields.map((f) => fieldKind(f))).toEqual([
      'bool',
      'bool',
      'date',
      'date',
      'date',
      'html',
      'string',
      'string',
      'int',
      'int',
      'decimal',
      'decimal',
      'decimal',
      'string',
      'string',
    ]);
  });

  it('reads associations described with the XML synopsis attribute names', () => {
    const s = parseJsonSynopsis(
      JSON.stringify({
        combination: {
          id_product: { required: true, inputType: 'listId' },
          associations: {
            product_option_values: {
              nodeType: 'product_option_value',
              api: 'product_option_values',
              fields: { id: { required: true } },
            },
            images: {
              nodeType: 'image',
              api: 'images/products',
              fields: { id: { required: false, inputType: 'listId' } },
            },
            rows: {
              nodeType: 'row',
              virtualEntity: true,
              fields: { id: {}, quantity: { required: true, inputType: 'int' } },
            },
          },
        },
      }),
      'combinations',
    );
    expect(s.kind === 'schema' && s.warnings).toEqual([]);
    if (s.kind !== 'schema') return;
    expect(s.fields.map((f) => f.name)).toEqual(['id_product']);
    expect(
      s.associations.map(({ name, resource, api, nodeName, virtual }) => ({ name, resource, api, nodeName, virtual })),
    ).toEqual([
      {
        name: 'product_option_values',
        resource: 'product_option_values',
        api: 'product_option_values',
        nodeName: 'product_option_value',
        virtual: false,
      },
      { name: 'images', resource: 'images', api: 'images/products', nodeName: 'image', virtual: false },
      { name: 'rows', resource: null, api: null, nodeName: 'row', virtual: true },
    ]);
    expect(s.associations[2]!.fields).toEqual([
      makeField('id'),
      makeField('quantity', { required: true, inputType: 'int' }),
    ]);
    expect(fieldKind(s.associations[2]!.fields[1]!)).toBe('int');
  });

  it('says when real stores answer without metadata', () => {
    expect(parseJsonSynopsis(fixture('synopsis/order_states.json'), 'order_states')).toMatchObject({
      kind: 'no-metadata',
      nodeName: 'order_state',
    });
    expect(parseJsonSynopsis(fixture('synopsis/products.json'), 'products')).toMatchObject({
      kind: 'no-metadata',
      nodeName: 'product',
    });
    expect(
      parseJsonSynopsis('{"product":{"id_manufacturer":"","name":"","associations":{}}}', 'products'),
    ).toMatchObject({
      kind: 'no-metadata',
      reason: expect.stringMatching(/without descriptors/),
    });
  });

  it('refuses what is not a synopsis', () => {
    expect(() => parseJsonSynopsis('[]', 'products')).toThrow(/bare JSON array/);
    expect(() => parseJsonSynopsis('{"product":{"a":', 'products')).toThrow(JsonReadError);
    expect(() => parseJsonSynopsis('', 'products')).toThrow(/empty/);
    expect(() => parseJsonSynopsis('{"a":{},"b":{}}', 'products')).toThrow(/one key/);
    expect(() => parseJsonSynopsis('"x"', 'products')).toThrow(/not an object/);
  });
});

describe('error documents, lists, links', () => {
  it('reads XML and JSON error documents', () => {
    const both = [
      { code: 20, message: 'Authentification key is not active' },
      { code: 21, message: 'No permission for this authentication key' },
    ];
    expect(parseErrorDocument(fixture('errors/key-unknown.xml'))).toEqual(both);
    expect(parseErrorDocument(fixture('errors/key-unknown.json'))).toEqual(both);
    expect(parseErrorDocument('401 Unauthorized')).toBeNull();
    expect(parseErrorDocument(fixture('synopsis/orders.xml'))).toBeNull();
    expect(parseErrorDocument('{"product":{}}')).toBeNull();
  });

  it('reads list node names and languages', () => {
    expect(parseListNodesName(fixture('list/stock_movements.xml'))).toBe('stock_mvts');
    expect(parseListNodesName(fixture('list/order_slip.xml'))).toBe('order_slips');
    expect(parseLanguageList(fixture('list/languages.xml'))).toEqual([
      { id: 1, isoCode: null },
      { id: 2, isoCode: null },
    ]);
    const display = `${HEAD}<languages>\n<language>\n\t<id><![CDATA[2]]></id>\n\t<iso_code><![CDATA[fr]]></iso_code>\n</language>\n<language>\n\t<id><![CDATA[1]]></id>\n\t<iso_code><![CDATA[en]]></iso_code>\n</language>\n</languages>\n</prestashop>`;
    expect(parseLanguageList(display)).toEqual([
      { id: 1, isoCode: 'en' },
      { id: 2, isoCode: 'fr' },
    ]);
  });

  it('takes the resource segment after /api/ from a link', () => {
    expect(referenceFromHref('http://shop.example/api/product_feature_values/')).toBe('product_feature_values');
    expect(referenceFromHref('https://example.com/shop/api/products/12')).toBe('products');
    expect(referenceFromHref('http://shop.example/other/products/')).toBeNull();
    expect(referenceFromHref(undefined)).toBeNull();
    expect(referenceFromHref('http://shop.example/api/../etc')).toBeNull();
  });
});
