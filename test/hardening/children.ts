/**
 * Child processes a test starts never outlive it. A test calls `stopChild` in a `finally`; and since a
 * test that times out never reaches its `finally` (its body is abandoned, not unwound), `reapAtTestEnd`
 * also kills the child when vitest ends the test, whatever the outcome.
 */
import type { ChildProcess } from 'node:child_process';
import { onTestFinished } from 'vitest';

/** SIGKILLs the child unless it has already exited. */
export function stopChild(child: Pick<ChildProcess, 'exitCode' | 'signalCode' | 'kill'>): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Kills `child` when the running test ends (passed, failed or timed out); returns it. */
export function reapAtTestEnd<T extends Pick<ChildProcess, 'exitCode' | 'signalCode' | 'kill'>>(child: T): T {
  onTestFinished(() => stopChild(child));
  return child;
}

/** Kills a process known only by its pid (a child some library started); nothing if it is gone. */
export function killPid(pid: number | null | undefined): void {
  if (pid === null || pid === undefined) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
