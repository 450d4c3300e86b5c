#!/usr/bin/env node
import module from 'node:module';

// Node 22.1+ keeps compiled code between runs (a cache in the temporary directory): start-up then
// skips most of the compilation. Node 20 has no such cache; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const argv = process.argv.slice(2);
// `--version` alone needs no argument parser: answered before yargs and the commands are loaded.
const { main } =
  argv.length === 1 && argv[0] === '--version'
    ? { main: async () => (process.stdout.write(`${(await import('../version.js')).GENERATOR_VERSION}\n`), 0) }
    : // Imported after the cache is on, so that the CLI's own modules use it.
      await import('./main.js');

main(argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // main() reports its own errors; reaching here is a bug.
    process.stderr.write(`prestashop-codegen: internal error: ${(error as Error)?.message ?? String(error)}\n`);
    process.exitCode = 3;
  },
);
