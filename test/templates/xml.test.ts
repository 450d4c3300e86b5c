import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { child, parseXml } from '../../templates/runtime/xml.js';
import { cdata, writableView, writeBody } from '../../templates/runtime/xml-write.js';
import { productMeta } from './metas.js';

describe('parseXml', () => {
  it('refuses a DOCTYPE, as the docs say (it was skipped, never expanded, before)', () => {
    expect(() => parseXml('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "b">]><prestashop/>')).toThrow(
      /a DOCTYPE or declaration is refused/,
    );
    expect(() => parseXml('<prestashop><!ENTITY a "b"></prestashop>')).toThrow(/a DOCTYPE or declaration is refused/);
  });

  it('reads elements, attributes, CDATA, entities and skips comments and PIs', () => {
    const root = parseXml(
      '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- c -->\n' +
        '<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n<product>\n' +
        '\t<id><![CDATA[5]]></id>\n' +
        '\t<id_manufacturer xlink:href="https://s/api/manufacturers/1"><![CDATA[1]]></id_manufacturer>\n' +
        '\t<name><language id=\'1\'>Fish &amp; chips &#233;&#x2603; &unknown;</language><language id="2"/></name>\n' +
        '\t<text><![CDATA[a]]]]><![CDATA[>b <not-a-tag>]]></text>\n' +
        '</product>\n</prestashop>\n',
    );
    expect(root.name).toBe('prestashop');
    const product = child(root, 'product')!;
    expect(child(product, 'id')!.text).toBe('5');
    expect(child(product, 'id_manufacturer')!.attrs['xlink:href']).toBe('https://s/api/manufacturers/1');
    const name = child(product, 'name')!;
    expect(name.children.map((l) => [l.attrs['id'], l.text])).toEqual([
      ['1', 'Fish & chips é☃ &unknown;'],
      ['2', ''],
    ]);
    expect(child(product, 'text')!.text).toBe('a]]>b <not-a-tag>');
  });

  it('keeps odd attribute names as own properties', () => {
    const root = parseXml('<a __proto__="x" constructor="y"/>');
    expect(Object.getPrototypeOf(root.attrs)).toBe(Object.prototype);
    expect(Object.keys(root.attrs)).toEqual(['__proto__', 'constructor']);
  });

  it.each([
    ['<a><b></a>', /unexpected <\/a>/],
    ['<a>', /not closed/],
    ['<a/><b/>', /more than one root/],
    ['text', /text outside/],
    ['<a x=1/>', /unquoted/],
    ['<a><![CDATA[x</a>', /CDATA/],
    ['', /no root/],
  ])('refuses %j', (source, message) => {
    expect(() => parseXml(source)).toThrow(message);
  });

  it('refuses absurd nesting instead of overflowing', () => {
    expect(() => parseXml('<a>'.repeat(10_000))).toThrow(/too deep/);
  });
});

describe('cdata', () => {
  it('splits ]]> across two sections', () => {
    expect(cdata('a]]>b')).toBe('<![CDATA[a]]]]><![CDATA[>b]]>');
    expect(cdata(']]>]]>')).toBe('<![CDATA[]]]]><![CDATA[>]]]]><![CDATA[>]]>');
    // A real XML parser reads the value back.
    const parsed = new XMLParser().parse(`<x>${cdata('x]]>y]]>')}</x>`) as { x: string };
    expect(parsed.x).toBe('x]]>y]]>');
  });

  it('refuses characters XML cannot carry', () => {
    expect(() => cdata('a\u0001b', 'reference')).toThrow(/reference: .*control character/);
    expect(() => cdata('\ud800')).toThrow(/lone surrogate/);
    expect(cdata('tab\tnew\nline\r😀')).toBe('<![CDATA[tab\tnew\nline]]>&#13;<![CDATA[😀]]>');
  });
});

describe('writeBody', () => {
  const body = {
    id: 99,
    price: 19.9,
    id_category_default: 2,
    reference: 'mug]]>1',
    manufacturer_name: 'read-only, never sent',
    quantity: 5,
    active: true,
    on_sale: false,
    available_date: new Date(Date.UTC(2024, 0, 31, 13, 0, 0)),
    name: [
      { id: 1, value: 'Mug' },
      { id: 2, value: 'Tasse' },
    ],
    description: { 1: '<p>Big</p>', 2: '' },
    id_module_field: 'kept',
    associations: {
      categories: [{ id: 2 }, 3],
      product_features: [{ id: 1, id_feature_value: 4 }],
    },
  };

  it('writes the POST body: envelope, no id, no read-only field, languages, associations', () => {
    expect(writeBody(productMeta, body, { id: null })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n' +
        '<product>\n' +
        '<id_category_default><![CDATA[2]]></id_category_default>\n' +
        '<reference><![CDATA[mug]]]]><![CDATA[>1]]></reference>\n' +
        '<price><![CDATA[19.9]]></price>\n' +
        '<active><![CDATA[1]]></active>\n' +
        '<on_sale><![CDATA[0]]></on_sale>\n' +
        '<available_date><![CDATA[2024-01-31]]></available_date>\n' +
        '<name><language id="1"><![CDATA[Mug]]></language><language id="2"><![CDATA[Tasse]]></language></name>\n' +
        '<description><language id="1"><![CDATA[<p>Big</p>]]></language><language id="2"><![CDATA[]]></language></description>\n' +
        '<id_module_field><![CDATA[kept]]></id_module_field>\n' +
        '<associations>\n' +
        '<categories>\n<category><id><![CDATA[2]]></id></category>\n<category><id><![CDATA[3]]></id></category>\n</categories>\n' +
        '<product_features>\n<product_feature><id><![CDATA[1]]></id><id_feature_value><![CDATA[4]]></id_feature_value></product_feature>\n</product_features>\n' +
        '</associations>\n' +
        '</product>\n' +
        '</prestashop>\n',
    );
  });

  it('puts the id first for PUT/PATCH and parses back with an independent parser', () => {
    const xml = writeBody(productMeta, { price: 1e-7, name: [{ id: 1, value: 'A & B' }] }, { id: 7 });
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
      prestashop: { product: { id: number; price: string; name: { language: { '#text': string; '@_id': string } } } };
    };
    expect(parsed.prestashop.product.id).toBe(7);
    expect(xml).toContain('<price><![CDATA[0.0000001]]></price>');
    expect(parsed.prestashop.product.name.language['#text']).toBe('A & B');
    expect(xml.indexOf('<id>')).toBeLessThan(xml.indexOf('<price>'));
  });

  it('sends an empty association to clear it, and leaves out associations not given', () => {
    const xml = writeBody(productMeta, { associations: { categories: [] } }, { id: 1 });
    expect(xml).toContain('<associations>\n<categories>\n</categories>\n</associations>');
    expect(xml).not.toContain('product_features');
    expect(writeBody(productMeta, { price: 1 }, { id: 1 })).not.toContain('associations');
  });

  it('refuses what PrestaShop cannot receive', () => {
    expect(() => writeBody(productMeta, { associations: { tags: [] } }, { id: null })).toThrow(
      /associations.tags: the resource has no such association/,
    );
    expect(() => writeBody(productMeta, { name: 'Mug' }, { id: null })).toThrow(
      /name: a multilingual field needs one value per language/,
    );
    expect(() => writeBody(productMeta, { 'bad key': 1 }, { id: null })).toThrow(/bad key: not a field name/);
    expect(() => writeBody(productMeta, { price: { x: 1 } }, { id: null })).toThrow(
      /price: a object cannot be written/,
    );
    expect(() => writeBody(productMeta, { price: Number.NaN }, { id: null })).toThrow(/NaN/);
    expect(() => writeBody(productMeta, { reference: 'a\u0000' }, { id: null })).toThrow(/reference/);
  });

  it('leaves unknown keys out when asked to', () => {
    expect(writeBody(productMeta, { id_module_field: 'x' }, { id: null, passUnknown: false })).not.toContain(
      'id_module_field',
    );
  });

  it('writes module fields from the extensions object, per language when given so', () => {
    const xml = writeBody(productMeta, { extensions: { x_note: 'n', x_label: [{ id: 1, value: 'L' }] } }, { id: null });
    expect(xml).toContain(
      '<x_note><![CDATA[n]]></x_note>\n<x_label><language id="1"><![CDATA[L]]></language></x_label>\n',
    );
    expect(xml).not.toContain('<extensions>');
  });
});

describe('writableView', () => {
  it('drops id and read-only fields so a read item can be written back', () => {
    const meta = {
      ...productMeta,
      associations: [
        {
          name: 'order_rows',
          node: 'order_row',
          fields: [
            { name: 'id', kind: 'id' as const },
            { name: 'product_name', kind: 'string' as const, readOnly: true },
          ],
        },
      ],
    };
    const read = {
      id: 5,
      price: 2,
      manufacturer_name: 'x',
      quantity: 0,
      associations: { order_rows: [{ id: 1, product_name: 'p' }] },
      extensions: { x: '1' },
    };
    expect(writableView(meta, read)).toEqual({
      price: 2,
      associations: { order_rows: [{ id: 1 }] },
      extensions: { x: '1' },
    });
    expect(read.manufacturer_name).toBe('x');
    expect(writableView(meta, 'x')).toBe('x');
  });
});

describe('element names the store sent', () => {
  it('refuses a name that would break the document', () => {
    const meta = { ...productMeta, fields: [...productMeta.fields, { name: 'unit price', kind: 'decimal' as const }] };
    expect(() => writeBody(meta, { 'unit price': 1 }, { id: null })).toThrow(
      /"unit price" cannot be written as an XML element name/,
    );
    expect(() => writeBody({ ...productMeta, node: 'order item' }, {}, { id: null })).toThrow(/"order item"/);
    expect(writeBody(meta, { price: 1 }, { id: null })).toContain('<price>');
  });
});
