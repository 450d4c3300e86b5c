/**
 * The CLI's commands, and only commands: each module here is one command (its flags, then calls
 * into the library); shared CLI helpers live in src/cli/, options in src/config/.
 * Add a command by appending its factory here.
 */
import type { CommandModule } from 'yargs';
import type { CliContext } from '../context.js';
import { demoCommand } from './demo.js';
import { doctorCommand } from './doctor.js';
import { diffCommand } from './diff.js';
import { exportCommand } from './export.js';
import { fakeStoreCommand } from './fake-store.js';
import { generateCommand } from './generate.js';
import { impactCommand } from './impact.js';
import { introspectCommand } from './introspect.js';
import { mcpCommand } from './mcp.js';

export type { CliContext } from '../context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CommandFactory = (ctx: CliContext) => CommandModule<object, any>;

export const COMMANDS: readonly CommandFactory[] = [
  introspectCommand,
  generateCommand,
  exportCommand,
  diffCommand,
  impactCommand,
  demoCommand,
  fakeStoreCommand,
  doctorCommand,
  mcpCommand,
];
