#!/usr/bin/env node
import { main } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // main() reports its own errors; reaching here is a bug.
    process.stderr.write(`prestashop-codegen: internal error: ${(error as Error)?.message ?? String(error)}\n`);
    process.exitCode = 3;
  },
);
