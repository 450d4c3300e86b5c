/**
 * Deadlines and waits observed without reading the clock: the delays the code under test arms its
 * timers with. The timers still run (this is a spy, not a fake clock, so real sockets keep working);
 * only timers a function in a file the pattern names arms itself (the first frame outside the spy
 * and node_modules) are recorded. The spy is removed when the test ends.
 */
import { onTestFinished, vi } from 'vitest';

export function armedTimers(from: RegExp): number[] {
  const delays: number[] = [];
  const real = globalThis.setTimeout;
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    fn: () => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    if (from.test(caller(new Error().stack ?? ''))) delays.push(ms ?? 0);
    return Reflect.apply(real, globalThis, [fn, ms, ...args]) as ReturnType<typeof setTimeout>;
  }) as typeof setTimeout);
  onTestFinished(() => spy.mockRestore());
  return delays;
}

/** The first stack frame below "Error" that is neither this file, the spy library nor node_modules. */
function caller(stack: string): string {
  return (
    stack
      .split('\n')
      .slice(1)
      .find((line) => !/timers\.ts|node_modules|tinyspy|\(node:/.test(line)) ?? ''
  );
}
