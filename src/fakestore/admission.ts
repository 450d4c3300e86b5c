/**
 * The fake store's traffic controls: the concurrency cap (`Admission`: queue or turn away) and
 * the fault rules (`FaultTable`: which rule, if any, a request meets, by the seeded dice).
 */
import { FaultDice } from './request-log.js';
import { matches, type FaultState } from './request.js';
import type { FakeStoreOptions, FaultHandle, FaultRule } from './types.js';

/** Requests being served under an optional cap; counts the most served at once. */
export class Admission {
  private serving = 0;
  maxServing = 0;
  private readonly queued: (() => void)[] = [];

  constructor(readonly cap: NonNullable<FakeStoreOptions['concurrencyCap']> | null) {}

  /** Without a cap: always, at once. */
  admitNow(): boolean {
    this.serving++;
    this.maxServing = Math.max(this.maxServing, this.serving);
    return true;
  }

  /** Waits for a slot under the cap; false when the request is to be turned away. */
  async admit(): Promise<boolean> {
    const cap = this.cap;
    if (cap !== null && this.serving >= cap.max) {
      if (cap.mode === 'reject') return false;
      // The leaving request hands its slot over: `serving` stays the same.
      await new Promise<void>((resolve) => this.queued.push(resolve));
      return true;
    }
    return this.admitNow();
  }

  leave(): void {
    const next = this.queued.shift();
    if (next !== undefined) next();
    else this.serving--;
  }
}

/** The fault rules in force, in the order they were added. */
export class FaultTable {
  private readonly faults: FaultState[] = [];
  private readonly dice: FaultDice;

  constructor(seed: number) {
    this.dice = new FaultDice(seed);
  }

  /** The rule a request meets (its hit counted), or null. */
  pick(method: string, url: URL): FaultState | null {
    // No rule, no dice: nothing is counted or hashed.
    if (this.faults.length === 0) return null;
    const roll = this.dice.count(`${method} ${url.pathname}${url.search}`);
    let slice = 0;
    for (const f of this.faults) {
      if (
        f.removed ||
        (f.rule.times !== undefined && f.hits >= f.rule.times) ||
        !matches(f.rule, url.pathname, url.searchParams)
      )
        continue;
      if (f.rule.probability === undefined) return f;
      const from = slice;
      slice += f.rule.probability;
      if (roll() >= from && roll() < slice) return f;
    }
    return null;
  }

  add(rule: FaultRule): FaultHandle {
    const state: FaultState = { rule, hits: 0, removed: false };
    this.faults.push(state);
    return {
      get hits() {
        return state.hits;
      },
      remove() {
        state.removed = true;
      },
    };
  }

  clear(): void {
    for (const f of this.faults) f.removed = true;
    this.faults.length = 0;
    this.dice.restart();
  }

  reseed(value: number): void {
    this.dice.restart(value);
  }
}
