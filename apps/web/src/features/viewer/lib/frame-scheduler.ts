/**
 * Coalesces work to one run per animation frame per key (docs/house-rules.md §7): pointer moves arrive
 * faster than the screen refreshes, only the last one of a frame matters.
 */
export function createFrameScheduler(
  request: (cb: () => void) => number = requestAnimationFrame,
  cancel: (id: number) => void = cancelAnimationFrame,
) {
  const pending = new Map<string, () => void>();
  let frame = 0;
  const flush = () => {
    frame = 0;
    const jobs = [...pending.values()];
    pending.clear();
    for (const job of jobs) job();
  };
  return {
    schedule(key: string, fn: () => void) {
      pending.set(key, fn);
      if (frame === 0) frame = request(flush);
    },
    /** Runs what is pending now (a release must not lose the last move). */
    flush() {
      if (frame !== 0) cancel(frame);
      flush();
    },
    dispose() {
      if (frame !== 0) cancel(frame);
      frame = 0;
      pending.clear();
    },
  };
}
