import { defineConfig } from 'vitest/config';

/**
 * `npm run test:next`: test/nextjs/app.next.ts builds the Next.js recipe's app with `next build`
 * and serves it with `next start` (a production build: minutes on a loaded machine, so not in
 * `npm test`). .ci/run runs it after the suite.
 */
export default defineConfig({
  test: {
    include: ['test/nextjs/**/*.next.ts'],
    testTimeout: 900_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    sequence: { seed: 1 },
  },
});
