/**
 * Test support shared by every package and app: wait for a condition instead of sleeping. A fixed
 * sleep, or a poll with a small attempt count, passes on an idle machine and fails on a busy one
 * (issue 14, item 11: 2 of 981 tests once failed under load); a deadline well inside the test's
 * own timeout costs nothing when the condition comes early.
 */
export interface WaitForOptions {
  /** What is waited for, in the failure message. */
  what: string;
  /** Give up after this long; default 20 s, inside vitest's 30 s per test. */
  timeoutMs?: number;
  /** Pause between checks; default 50 ms. */
  intervalMs?: number;
}

export const waitForTimeoutMsDefault = 20_000;

/**
 * Calls `check` until it returns something other than undefined, null or false, and returns that.
 * A check that throws counts as "not yet"; its last error is in the failure message.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  options: WaitForOptions,
): Promise<Exclude<T, undefined | null | false>> {
  const timeoutMs = options.timeoutMs ?? waitForTimeoutMsDefault;
  const intervalMs = options.intervalMs ?? 50;
  const deadlineMs = performance.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value as Exclude<T, undefined | null | false>;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() >= deadlineMs) {
      const last = lastError instanceof Error ? `; last error: ${lastError.message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${options.what}${last}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
