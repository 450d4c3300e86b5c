/**
 * Global setup of `npm run test:store`: introspects the store at PRESTASHOP_URL once (the
 * scenarios generate their client from this fresh snapshot) and removes the file afterwards.
 * Without PRESTASHOP_URL and PRESTASHOP_KEY it says so and the scenarios skip themselves.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { introspect } from '../../src/api/introspect.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env['PRESTASHOP_URL'] ?? '';
  const key = process.env['PRESTASHOP_KEY'] ?? '';
  if (url === '' || key === '') {
    console.warn(
      'test:store: set PRESTASHOP_URL and PRESTASHOP_KEY to run the scenarios against a real store; every scenario is skipped.',
    );
    project.provide('scenarioSnapshot', '');
    return async () => {};
  }
  const dir = await mkdtemp(join(tmpdir(), 'scenarios-'));
  const out = join(dir, 'prestashop-schema.json');
  await introspect({ url, key, out, retries: 1 });
  project.provide('scenarioSnapshot', out);
  return () => rm(dir, { recursive: true, force: true });
}
