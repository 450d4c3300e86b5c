#!/usr/bin/env node
// Build step (`npm run build`, after tsc): formats the runtime templates once with the default
// formatter settings (no prettier config) and writes dist/runtime-formatted.json, so `generate`
// does not format these same files again in every run (see src/write/preformatted.ts). A run whose
// prettier settings differ (a user's config) formats them as usual.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flavourFiles, runtimeFiles } from '../dist/emit/index.js';
import { PREFORMATTED_TEMPLATES_FILE, readRuntimeTemplates } from '../dist/templates.js';
import { createPrettierFormatter } from '../dist/write/format.js';
import { preformat, serializePreformatted } from '../dist/write/index.js';

// The settings of an output directory without any prettier config or .editorconfig: an empty
// directory of its own under the system's temporary directory.
const empty = await mkdtemp(join(tmpdir(), 'prestashop-codegen-preformat-'));
try {
  const formatter = await createPrettierFormatter(join(empty, 'index.ts'), { workers: 0 });
  // The texts `generate` writes: each template under the generated-file header (see runtimeFiles and
  // flavourFiles: a validator flavour's glue, such as validators/_zod.ts).
  const read = await readRuntimeTemplates();
  const templates = new Map([...runtimeFiles(read), ...flavourFiles(read, null)]);
  await writeFile(PREFORMATTED_TEMPLATES_FILE, serializePreformatted(await preformat(templates, formatter)));
  process.stdout.write(`Pre-formatted ${templates.size} runtime templates into ${PREFORMATTED_TEMPLATES_FILE}\n`);
} finally {
  await rm(empty, { recursive: true, force: true });
}
