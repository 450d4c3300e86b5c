/**
 * The user's configuration (`prestashop-codegen.config.{ts,mts,cts,js,mjs,cjs,json}`). Each option
 * and its flag are listed in ./options.ts. Precedence: flags > environment (`PRESTASHOP_URL`, `PRESTASHOP_API_KEY`) > config file.
 */
import type { EmitOptions } from '../emit/context.js';

export interface IntrospectConfig {
  /** Parallel requests (default 8). */
  readonly concurrency?: number;
  /** Extra resources to read even if the listing does not show them. */
  readonly include?: readonly string[];
  /** Resources to leave out. */
  readonly exclude?: readonly string[];
  /** Which synopsis to read: `auto` (JSON, falling back to XML when it has no metadata), `json` or `xml`. */
  readonly synopsisFormat?: 'auto' | 'json' | 'xml';
  /** Per-request timeout in milliseconds (default 30000). */
  readonly timeout?: number;
  /** Retries per request on network errors, 5xx and 429 (default 4). */
  readonly retries?: number;
}

export interface GenerateConfig extends Partial<EmitOptions> {
  /** Format generated files with prettier (default true). */
  readonly format?: boolean;
}

export interface DiffIgnoreEntry {
  /** Check id, e.g. `field-removed`. */
  readonly id: string;
  /** Path of the change, e.g. `products.meta_keywords`. */
  readonly path: string;
  readonly reason: string;
  /** ISO date (YYYY-MM-DD) after which the entry no longer applies. */
  readonly expires?: string;
}

export interface DiffConfig {
  readonly failOn?: 'breaking' | 'dangerous' | 'any';
  readonly ignore?: readonly DiffIgnoreEntry[];
}

/** `mcp`: the MCP server's allow-list and limits (flags of `prestashop-codegen mcp` win). */
export interface McpConfig {
  readonly resources?: readonly string[];
  readonly write?: readonly string[];
  readonly delete?: readonly string[];
  readonly writeBudget?: number;
  readonly maxResultChars?: number;
}

/** One store of `stores`, chosen with `--store <name>` or `store:<name>` in `diff`. */
export interface StoreConfig {
  /** Store base URL (without `/api`). */
  readonly url?: string;
  /** Name of the environment variable that holds this store's API key (preferred to `key`). */
  readonly keyEnv?: string;
  /** API key. Never commit a key: prefer `keyEnv`. */
  readonly key?: string;
  /** Snapshot path of this store (relative to the config file). */
  readonly schema?: string;
  /** Introspection settings for this store, over the top-level `introspect`. */
  readonly introspect?: IntrospectConfig;
}

export interface UserConfig {
  /** Store base URL (without `/api`). Prefer `PRESTASHOP_URL`. */
  readonly url?: string;
  /** API key. Prefer `PRESTASHOP_API_KEY`; never commit a key. */
  readonly key?: string;
  /** Snapshot path (default `prestashop-schema.json`), relative to the config file. */
  readonly schema?: string;
  /** Output directory of `generate`, relative to the config file. */
  readonly out?: string;
  /** Named stores: `--store <name>` picks one; `diff store:a store:b` compares two. */
  readonly stores?: Readonly<Record<string, StoreConfig>>;
  readonly introspect?: IntrospectConfig;
  readonly generate?: GenerateConfig;
  readonly diff?: DiffConfig;
  readonly mcp?: McpConfig;
}

/** Typed helper for config files: `export default defineConfig({ ... })`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
