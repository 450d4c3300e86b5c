import { defineConfig } from 'vitest/config';

/**
 * `npm run test:store`: the scenarios of test/scenarios/ against a real store (PRESTASHOP_URL,
 * PRESTASHOP_KEY), one file at a time, with a client generated from a fresh introspection.
 * `npm test` runs the same scenarios against the in-repo fake store and never needs a store.
 */
export default defineConfig({
  test: {
    include: ['test/scenarios/**/*.test.ts'],
    env: { SCENARIO_TARGET: 'store' },
    globalSetup: ['test/scenarios/store-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
    isolate: false,
    sequence: { seed: 1 },
  },
});
