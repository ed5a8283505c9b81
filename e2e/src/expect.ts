import assert from 'node:assert/strict';

/**
 * Polls `probe` until `check` passes or `timeoutMs` runs out, then fails with the last value.
 * Browser state settles asynchronously; this keeps assertions free of fixed sleeps.
 */
export async function eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!check(last)) {
    if (Date.now() > deadline) assert.fail(`${what}: last value ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await probe();
  }
  return last;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export { assert };
