/**
 * Network retry rule (docs/spec-points.md §4): up to 3 attempts in all; the wait before a retry starts at
 * 1 s, doubles, never exceeds 2 s, and is jittered by up to 20 % so many tabs do not retry in step.
 */
export const MAX_ATTEMPTS = 3;
export const INITIAL_DELAY_MS = 1000;
export const MAX_DELAY_MS = 2000;
const JITTER = 0.2;

/** Wait before attempt `attempt + 1`, where `attempt` (1-based) just failed. `random` is in [0, 1). */
export function retryDelayMs(attempt: number, random: number): number {
  const base = Math.min(INITIAL_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
  const jittered = base * (1 - JITTER + 2 * JITTER * random);
  return Math.round(Math.min(jittered, MAX_DELAY_MS));
}

/** The per-user budget's refusal (HTTP 429 with Retry-After). */
export const RATE_LIMITED = 'RATE_LIMITED';
/** Seconds to wait when a 429 came without a usable Retry-After. */
export const DEFAULT_RETRY_AFTER_S = 5;
/** A read refused with RATE_LIMITED is sent again at most this many times, each after its Retry-After. */
export const RATE_LIMITED_RETRIES = 2;
/** A read waits on its own only for a Retry-After up to this long; a longer one is left to the user. */
export const MAX_RETRY_AFTER_S = 30;
