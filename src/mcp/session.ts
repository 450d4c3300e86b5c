/**
 * One MCP session's link to the store: the generated client (loaded on the first call that needs
 * it, see generated.ts), a dry-run client on the same code whose writes are captured instead of
 * sent, and the write budget.
 */
import type { EmitOptions } from '../emit/index.js';
import type { StoreSchema } from '../model/index.js';
import { loadGeneratedClient, type GeneratedClient } from './generated.js';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface StoreConnection {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Send the key as `ws_key` (it is then redacted from every request shown). */
  readonly wsKey: boolean;
  readonly timeoutMs?: number | undefined;
  readonly retries?: number | undefined;
  /** The fetch to use (TLS settings); the global one when absent. */
  readonly fetch?: FetchLike | undefined;
}

/** A request a dry run would have sent. */
export interface CapturedRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string | null;
}

export interface SessionOptions {
  readonly schema: StoreSchema;
  readonly emit: Partial<EmitOptions>;
  readonly connection: StoreConnection;
  /** Write calls (create, update, patch, delete; dry runs excluded) this session may make. */
  readonly writeBudget: number;
}

type Client = Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;

export class Session {
  private loading: Promise<GeneratedClient> | null = null;
  private client: Client | null = null;
  private writesUsed = 0;

  constructor(readonly options: SessionOptions) {}

  /** The secrets no result may show. */
  get secrets(): readonly string[] {
    return [this.options.connection.apiKey];
  }

  private generated(): Promise<GeneratedClient> {
    if (this.loading === null) {
      const loading = loadGeneratedClient(this.options.schema, this.options.emit);
      // A failure (a full disk) is not kept: the next call tries again.
      loading.catch(() => {
        if (this.loading === loading) this.loading = null;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  private clientOptions(fetch: FetchLike | undefined): Record<string, unknown> {
    const c = this.options.connection;
    return {
      baseUrl: c.baseUrl,
      apiKey: c.apiKey,
      ...(c.wsKey ? { auth: 'ws_key' } : {}),
      ...(c.timeoutMs === undefined ? {} : { timeoutMs: c.timeoutMs }),
      ...(c.retries === undefined ? {} : { retries: c.retries }),
      ...(fetch === undefined ? {} : { fetch }),
    };
  }

  /** The generated code, loaded on first use. */
  async generatedModules(): Promise<GeneratedClient> {
    return this.generated();
  }

  /** The resource client of the generated code. */
  async resource(name: string): Promise<Record<string, (...args: unknown[]) => Promise<unknown>>> {
    const { module } = await this.generated();
    this.client ??= module.createClient(this.clientOptions(this.options.connection.fetch)) as Client;
    const client = this.client[name];
    if (client === undefined) throw new Error(`the generated client has no ${name}`);
    return client;
  }

  /**
   * A client whose reads go to the store (a write may read the current languages first) and whose
   * first write is captured and answered with its own body, so the client decodes what it would
   * have sent and nothing is written.
   */
  async dryRun(name: string): Promise<{
    client: Record<string, (...args: unknown[]) => Promise<unknown>>;
    captured: () => CapturedRequest | null;
  }> {
    const { module } = await this.generated();
    const real: FetchLike = this.options.connection.fetch ?? ((input, init) => fetch(input, init));
    let captured: CapturedRequest | null = null;
    const capture: FetchLike = async (input, init) => {
      const method = (init?.method ?? 'GET').toUpperCase();
      if (method === 'GET' || method === 'HEAD') return real(input, init);
      const body = typeof init?.body === 'string' ? init.body : null;
      captured ??= {
        method,
        url: this.shownUrl(String(input instanceof Request ? input.url : input)),
        body,
      };
      return method === 'DELETE'
        ? new Response(null, { status: 200 })
        : new Response(body ?? '', {
            status: 200,
            headers: { 'Content-Type': 'text/xml;charset=utf-8' },
          });
    };
    const client = (module.createClient(this.clientOptions(capture)) as Client)[name];
    if (client === undefined) throw new Error(`the generated client has no ${name}`);
    return { client, captured: () => captured };
  }

  /** A URL as shown to the agent: without `ws_key`. */
  private shownUrl(url: string): string {
    try {
      const u = new URL(url);
      u.searchParams.delete('ws_key');
      return u.href;
    } catch {
      return url;
    }
  }

  /** Takes one write from the budget; false when it is used up. */
  takeWrite(): boolean {
    if (this.writesUsed >= this.options.writeBudget) return false;
    this.writesUsed += 1;
    return true;
  }

  /** Gives a write back (it was refused before anything was sent). */
  refundWrite(): void {
    if (this.writesUsed > 0) this.writesUsed -= 1;
  }

  get writesLeft(): number {
    return this.options.writeBudget - this.writesUsed;
  }

  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = null;
    if (loading !== null)
      await loading.then(
        (g) => g.dispose(),
        () => undefined,
      );
  }
}
