/**
 * An unchanged write-back (GET of a record, PUT of the same XML) leaves the stored record as it
 * was, for every resource with records of the 8.2.0 snapshot and of the 1.7.8.10 and 9.0.0
 * baselines, except for the fields the real store changes too (CHANGED, with the reason). The
 * fields a real store refuses on a PUT (setter false: 400/93) are left out of the body, as a
 * client must; so is `position_in_category`, whose setter warns on any value (Product.php 7273).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchema, SNAPSHOTS, startEngine, withoutFields, type EngineStore } from './helpers.js';

/** Fields a real store changes on an unchanged write-back, and why. */
const CHANGED: Readonly<Record<string, string>> = {
  // ObjectModel::update(): `$this->date_upd = date('Y-m-d H:i:s')` on every update.
  date_upd: 'stamped with the time of the update',
  // An allow_null column read as NULL renders empty; an empty value sent is `(int) ''` = 0 (issue 21, item 6).
  low_stock_threshold: 'NULL read back as empty and stored as 0',
  default_on: 'NULL read back as empty and stored as 0',
};

/** Resources a raw XML write-back cannot run on, and why. */
const SKIPPED: Readonly<Record<string, string>> = {
  // WebserviceOutputXML::renderField casts the i18n array of `value` to a string: a GET in XML is 500.
  translated_configurations: 'a GET in XML is a PHP warning (500)',
};

describe.each(SNAPSHOTS)('unchanged write-back on $label', ({ path, generation }) => {
  let s: EngineStore;
  beforeAll(async () => {
    s = await startEngine(loadSchema(path), generation);
  });
  afterAll(() => s.close());

  it('every resource with records and PUT keeps its rows, but for the fields the real store changes', async () => {
    const checked: string[] = [];
    const changed: string[] = [];
    const problems: string[] = [];
    for (const name of s.engine.names()) {
      const def = s.engine.resource(name)!;
      if (!def.methods.includes('PUT') || def.forbidden.includes('PUT') || SKIPPED[name] !== undefined) continue;
      const refused = def.fields
        .filter((f) => f.write === 'refused' || f.setter === 'setWsPositionInCategory')
        .map((f) => f.name);
      for (const before of s.engine.records(name)) {
        const got = await s.call('GET', `${name}/${before.id}`);
        if (got.status !== 200) problems.push(`GET ${name}/${before.id}: ${got.status}`);
        const put = await s.call('PUT', `${name}/${before.id}`, {
          body: withoutFields(got.text, refused),
          format: 'JSON',
        });
        if (put.status !== 200) problems.push(`PUT ${name}/${before.id}: ${put.status} ${put.text}`);
        const after = s.engine.records(name).find((r) => r.id === before.id)!;
        for (const key of Object.keys(before)) {
          if (JSON.stringify(after[key]) === JSON.stringify(before[key])) continue;
          changed.push(`${name}.${key}`);
          // A field the store refuses (setter false, 400/93) cannot be sent back, and saveEntityFromXml
          // sets a field left out of a PUT to null: 9.0's customers.secure_key, employees.stats_*…
          const refusedAndNulled = refused.includes(key);
          if (CHANGED[key] === undefined && !refusedAndNulled)
            problems.push(
              `${name}/${before.id}.${key}: ${JSON.stringify(before[key])} → ${JSON.stringify(after[key])}`,
            );
        }
        checked.push(name);
      }
    }
    expect(problems).toEqual([]);
    // Every resource of the snapshot that takes a PUT was written back.
    const putable = s.engine
      .names()
      .filter(
        (n) =>
          s.engine.resource(n)!.methods.includes('PUT') &&
          !s.engine.resource(n)!.forbidden.includes('PUT') &&
          SKIPPED[n] === undefined,
      );
    expect(new Set(checked)).toEqual(new Set(putable));
    expect(new Set(checked).size).toBeGreaterThan(45);
    expect(changed.filter((c) => c.endsWith('.date_upd')).length).toBeGreaterThan(30);
  });
});
