import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'templates/**/*.test.ts'],
    sequence: { seed: 1 },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default on 2 cores is one worker (cores - 1); much of the suite waits on child
    // processes and sockets, so two workers keep both cores busy.
    maxWorkers: 2,
    // Test files share a worker's modules: TypeScript, prettier and the source load once per worker,
    // and test/emit/typecheck.ts keeps its parsed lib files and earlier programs across files. No
    // test mocks modules or stubs globals, so nothing else carries over from one file to the next.
    isolate: false,
  },
});
