import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'templates/**/*.test.ts'],
    sequence: { seed: 1 },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
