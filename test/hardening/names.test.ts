/**
 * The name policy at the trust boundary: the XML reader keeps every name as sent (no prototype
 * tricks, no renaming), the introspector refuses names outside the rule with an error naming the
 * resource and the item, and --exclude can leave such a resource out.
 */
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { propertyKey } from '../../src/naming/index.js';
import { IntrospectError } from '../../src/errors.js';
import { startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { badNames, introspectStore, isStoreName, parseXmlSynopsis } from '../../src/introspect/index.js';
import { makeAssociation, makeField } from '../../src/model/index.js';
import { KEY } from './helpers.js';
import { fixtureStore } from './hostile.js';

const open: FakeStore[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('XML names are data', () => {
  it('fields named like Object.prototype members keep their names', () => {
    const names = [
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '__defineGetter__',
    ];
    const xml = `<?xml version="1.0"?><prestashop><thing>${names.map((n) => `<${n} format="isInt" ${n}="x"/>`).join('')}<associations><constructor nodeType="toString" api="valueOf"><toString><__proto__/></toString></constructor></associations></thing></prestashop>`;
    const parsed = parseXmlSynopsis(xml, 'things');
    expect(parsed.fields.map((f) => f.name)).toEqual(names);
    expect(parsed.fields.every((f) => f.format === 'isInt')).toBe(true);
    expect(parsed.associations).toEqual([
      {
        name: 'constructor',
        nodeName: 'toString',
        resource: 'valueOf',
        api: 'valueOf',
        virtual: false,
        fields: [makeField('__proto__')],
      },
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('the introspector refuses names outside the rule', () => {
  it('the rule', () => {
    for (const ok of ['a', 'products', '3d_models', '__proto__', 'constructor', 'A'.repeat(128), 'Products'])
      expect(isStoreName(ok), ok).toBe(true);
    for (const bad of ['', 'a-b', 'a.b', 'ns:x', 'été', 'a b', '../x', 'A'.repeat(129), 'x\n', '*/', '${x}', 'C:\\x'])
      expect(isStoreName(bad), bad).toBe(false);
    expect(
      badNames({
        nodeName: 'ok',
        nodesName: 'o-k',
        fields: [makeField('f'), makeField('g', { references: '../etc' })],
        associations: [makeAssociation('as', { nodeName: 'n n', resource: 'C:', fields: [makeField('x.y')] })],
      }),
    ).toEqual([
      { what: 'list node name', name: 'o-k' },
      { what: 'foreign-key target of field "g"', name: '../etc' },
      { what: 'node type of association "as"', name: 'n n' },
      { what: 'target resource of association "as"', name: 'C:' },
      { what: 'field name of association "as"', name: 'x.y' },
    ]);
  });

  it('a field name in the synopsis: exit 1, naming the resource, the item and the way out', async () => {
    const s = await startFakeStore({
      fixtures: fixtureStore([
        {
          name: 'widgets',
          synopsis: { json: { widget: { 'colour-name': { required: true }, size: { maxSize: 3 } } } },
        },
      ]),
    });
    open.push(s);
    const e = (await introspectStore({ url: s.url, key: KEY, retries: 0 }).catch((x: unknown) => x)) as IntrospectError;
    expect(e).toBeInstanceOf(IntrospectError);
    expect(e.exitCode).toBe(1);
    expect(e.message).toBe(
      `${s.url}/api/widgets?schema=synopsis (resource "widgets"): the store sent a field name the tool does not accept: "colour-name" ` +
        '(a name is 1 to 128 ASCII letters, digits or "_"). Leave the resource out with --exclude widgets.',
    );
    const without = await introspectStore({ url: s.url, key: KEY, exclude: ['widgets'] });
    expect(without.schema.resources).toEqual([]);
  });

  it('a resource name in the listing, and --exclude taking it out', async () => {
    const long = `r${'x'.repeat(200)}`;
    const s = await startFakeStore({
      fixtures: fixtureStore([
        { name: 'été' },
        { name: long },
        { name: 'zones', synopsis: { xml: '<prestashop><zone><name required="true"/></zone></prestashop>' } },
      ]),
    });
    open.push(s);
    // Resources are planned in code-unit order: "r…" before "été".
    const e = (await introspectStore({ url: s.url, key: KEY, retries: 0 }).catch((x: unknown) => x)) as IntrospectError;
    expect(e.message).toContain(
      `the listing names a resource the tool does not accept: "${long.slice(0, 60)}…" (201 characters)`,
    );
    const e2 = (await introspectStore({ url: s.url, key: KEY, retries: 0, exclude: [long] }).catch(
      (x: unknown) => x,
    )) as IntrospectError;
    expect(e2.message).toBe(
      `${s.url}/api: the listing names a resource the tool does not accept: "été" (a name is 1 to 128 ASCII letters, digits or "_"). Leave it out with --exclude "été".`,
    );
    const ok = await introspectStore({ url: s.url, key: KEY, exclude: ['été', long] });
    expect(ok.schema.resources.map((r) => r.name)).toEqual(['zones']);
  });
});

/** TypeScript's own identifier check (public at run time, absent from its typings). */
const isIdentifierText = (name: string): boolean =>
  (ts as unknown as { isIdentifierText(text: string, target: ts.ScriptTarget): boolean }).isIdentifierText(
    name,
    ts.ScriptTarget.ES2022,
  );

describe('property keys the user’s TypeScript accepts', () => {
  it('a key is bare only when its letters are ASCII or of long-standing scripts: letters newer than TypeScript’s Unicode tables are quoted', () => {
    // U+A7CB and U+A7DC are letters of Unicode 16: Node's RegExp knows them, TypeScript 5.9 does not.
    const names = ['price', '__proto__', '$x', '\uA7CBx', 'x\uA7DC', 'é', 'ǅ', '\u{10D50}', 'a-b', '1x'];
    for (const name of names) {
      const key = propertyKey(name);
      if (key === name) expect(isIdentifierText(name), name).toBe(true);
      else expect(key, name).toBe(JSON.stringify(name));
    }
    expect(names.filter((n) => propertyKey(n) === n)).toEqual(['price', '__proto__', '$x', 'é']);
  });
});
