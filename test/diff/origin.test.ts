/** Module detection: items the core does not define are labelled `module`. */
import { describe, expect, it } from 'vitest';
import { diff } from '../../src/diff/index.js';
import { baseStore, edit, fld, makeField, makeResource, res } from './helpers.js';

const withModule = (version: string | null) =>
  edit(baseStore(version), (s) => {
    res(s, 'products').fields.push(makeField('mymodule_badge', { maxSize: 32 }));
    s.resources.push(makeResource('mymodule_items', { nodeName: 'mymodule_item' }));
    fld(s, 'products', 'name').maxSize = 255;
  });

const origins = (changes: ReturnType<typeof diff>) => Object.fromEntries(changes.map((c) => [c.path, c.origin]));

describe('module detection', () => {
  it('labels added fields and resources as module ones when both sides are the same version', () => {
    const changes = diff(baseStore('8.2.0'), withModule('8.2.0'));
    expect(origins(changes)).toEqual({
      mymodule_items: 'module',
      'products.mymodule_badge': 'module',
      // A core field both sides have: nothing says where it comes from without a baseline.
      'products.name': null,
    });
    // …and removed ones the same way (a module was uninstalled).
    expect(origins(diff(withModule('8.2.0'), baseStore('8.2.0')))['products.mymodule_badge']).toBe('module');
  });

  it('cannot tell without a baseline when the versions differ', () => {
    const changes = diff(baseStore('8.1.0'), withModule('8.2.0'));
    expect(changes.every((c) => c.origin === null)).toBe(true);
  });

  it('tells core from module items with the baseline of a side', () => {
    const core = baseStore('8.2.0');
    const changes = diff(baseStore('8.1.0'), withModule('8.2.0'), { baselines: { old: null, new: core } });
    expect(origins(changes)).toEqual({
      mymodule_items: 'module',
      'products.mymodule_badge': 'module',
      'products.name': 'core',
    });
  });

  it('labels a core addition core when the baseline defines it', () => {
    const core = edit(baseStore('9.0.0'), (s) => res(s, 'products').fields.push(makeField('mpn', { maxSize: 40 })));
    const changes = diff(baseStore('8.2.0'), core, { baselines: { old: baseStore('8.2.0'), new: core } });
    expect(changes.map((c) => [c.path, c.origin])).toEqual([['products.mpn', 'core']]);
  });

  it('a module field whose properties change is labelled module', () => {
    const old = withModule('8.2.0');
    const next = edit(old, (s) => (fld(s, 'products', 'mymodule_badge').required = true));
    const [change] = diff(old, next, { baselines: { old: baseStore('8.2.0'), new: baseStore('8.2.0') } });
    expect(change).toMatchObject({ id: 'field-became-required', origin: 'module' });
  });

  it('a method change says nothing about where the resource comes from', () => {
    const old = baseStore('8.2.0');
    const next = edit(old, (s) => res(s, 'tags').methods.push('POST'));
    expect(diff(old, next)[0]).toMatchObject({ id: 'method-added', origin: null });
  });
});
