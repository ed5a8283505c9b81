/**
 * Time as the server's long-lived parts see it: the current instant and one-shot timers. Sessions,
 * refresh grace windows and socket lifetimes read it, so tests move time instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once after `ms` milliseconds; returns the function that cancels it. */
  schedule(ms: number, fn: () => void): () => void;
}

// setTimeout's delay is a signed 32-bit number of milliseconds; longer waits fire at once.
const MAX_DELAY_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, fn) {
    const timer = setTimeout(fn, Math.min(Math.max(0, ms), MAX_DELAY_MS));
    // A pending timer (a socket's next session check) must not keep a stopping process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};
