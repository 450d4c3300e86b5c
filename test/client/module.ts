/**
 * The shape of a generated output's `index.ts` as the runtime tests use it after a dynamic import.
 * The generated types themselves are checked by the type-level tests (typing.test.ts), so the
 * round-trip tests stay loose here on purpose.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface GeneratedModule {
  createClient(options: {
    baseUrl: string;
    apiKey: string;
    fetch?: unknown;
    format?: 'xml' | 'json';
    validate?: boolean;
    language?: number | number[];
    retries?: number;
  }): any;
  anyOf(...values: unknown[]): any;
  not(...values: unknown[]): any;
  between(from: unknown, to: unknown): any;
  gt(value: unknown): any;
  lt(value: unknown): any;
  eq(value: unknown): any;
  beginsWith(value: string): any;
  endsWith(value: string): any;
  contains(value: string): any;
  PrestaShopError: new (
    ...args: any[]
  ) => Error & { status: number; code: number | null; errors: { code: number | null; message: string }[] };
  PrestaShopValidationError: new (
    ...args: any[]
  ) => Error & { issues: { path: string; code: string; message: string }[] };
}
