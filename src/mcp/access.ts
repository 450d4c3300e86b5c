/**
 * What an agent may do through the MCP server: the allow-list. Reads (list, get, count) of every
 * resource by default (or of `--resources`); writes and deletes only where named (`--write
 * products` for create, update and patch, `--write products:patch` for one of them, `--delete
 * products`). A name the snapshot does not have, or an operation the resource does not offer
 * (the key's methods minus those PrestaShop forbids), is a usage error naming it.
 */
import { ConfigError } from '../errors.js';
import { didYouMean } from '../suggest.js';

export const OPERATIONS = ['list', 'get', 'count', 'create', 'update', 'patch', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

const READS: readonly Operation[] = ['list', 'get', 'count'];
const WRITES: readonly Operation[] = ['create', 'update', 'patch'];

export interface McpAccess {
  /** Resources the agent may read; null: every resource of the snapshot. */
  readonly resources: ReadonlySet<string> | null;
  /** Writes allowed, per resource. */
  readonly writes: ReadonlyMap<string, ReadonlySet<Operation>>;
  /** Resources whose records may be deleted. */
  readonly deletes: ReadonlySet<string>;
}

export interface AccessFlags {
  readonly resources?: readonly string[] | undefined;
  readonly write?: readonly string[] | undefined;
  readonly delete?: readonly string[] | undefined;
  /** Where each list came from, for errors: the flag (default) or a config option (`mcp.write`). */
  readonly from?: { readonly resources?: string; readonly write?: string; readonly delete?: string } | undefined;
}

export function isAllowed(access: McpAccess, resource: string, op: Operation): boolean {
  if (READS.includes(op)) return access.resources === null || access.resources.has(resource);
  if (op === 'delete') return access.deletes.has(resource);
  return access.writes.get(resource)?.has(op) === true;
}

/**
 * The allow-list of the flags, checked against `offered` (each resource's operations before the
 * allow-list): every name must exist and every operation named must be offered.
 */
export function parseAccess(flags: AccessFlags, offered: ReadonlyMap<string, readonly Operation[]>): McpAccess {
  const label = {
    resources: flags.from?.resources ?? 'resources',
    write: flags.from?.write ?? 'write',
    delete: flags.from?.delete ?? 'delete',
  };
  const known = (name: string, option: string): void => {
    if (!offered.has(name)) {
      throw new ConfigError(`the snapshot has no resource "${name}"${didYouMean(name, offered.keys())}`, option);
    }
  };
  const offers = (name: string, op: Operation, option: string): void => {
    if (!offered.get(name)!.includes(op)) {
      const ops = offered.get(name)!.join(', ');
      throw new ConfigError(
        `${name} offers no ${op} (the key's methods minus those PrestaShop forbids; it offers ${ops === '' ? 'nothing' : ops})`,
        option,
      );
    }
  };
  let resources: Set<string> | null = null;
  if (flags.resources !== undefined && flags.resources.length > 0) {
    resources = new Set();
    for (const name of flags.resources) {
      known(name, label.resources);
      resources.add(name);
    }
  }
  const writes = new Map<string, Set<Operation>>();
  for (const entry of flags.write ?? []) {
    const [name = '', op] = entry.split(':', 2);
    known(name, label.write);
    if (op !== undefined && !(WRITES as readonly string[]).includes(op)) {
      throw new ConfigError(
        `"${entry}": the operation must be one of ${WRITES.join(', ')} (write a delete with --delete ${name})`,
        label.write,
      );
    }
    const ops = op === undefined ? WRITES.filter((o) => offered.get(name)!.includes(o)) : [op as Operation];
    if (ops.length === 0) throw new ConfigError(`${name} offers no write (create, update or patch)`, label.write);
    for (const o of ops) offers(name, o, label.write);
    const set = writes.get(name) ?? new Set<Operation>();
    for (const o of ops) set.add(o);
    writes.set(name, set);
  }
  const deletes = new Set<string>();
  for (const name of flags.delete ?? []) {
    known(name, label.delete);
    offers(name, 'delete', label.delete);
    deletes.add(name);
  }
  // A resource the agent may write is one it may read.
  if (resources !== null) for (const name of [...writes.keys(), ...deletes]) resources.add(name);
  return { resources, writes, deletes };
}
