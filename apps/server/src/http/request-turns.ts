/**
 * Admitted requests start one per event-loop turn, users in rotation. With PGlite a request's work
 * runs on the event loop from start to answer without a pause (its queries are WebAssembly calls),
 * so requests arriving together ran one after another in arrival order: 500 lists from one user
 * delayed everyone behind them, /healthz included, by the sum of their times. Here each start waits
 * for its user's turn, and a turn ends when the event loop next comes round, after it has read the
 * sockets that became ready meanwhile (other users' requests, /healthz). With PostgreSQL the queries
 * wait on the network and the turns cost one loop iteration each.
 */
export class RequestTurns {
  /** Each waiting user's starts in arrival order; the map's order is the rotation. */
  private readonly waiting = new Map<number, Array<() => void>>();
  private scheduled = false;

  constructor(private readonly defer: (next: () => void) => void = setImmediate) {}

  /** Resolves when it is this request's turn to start. */
  wait(userId: number): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.waiting.get(userId);
      if (queue) queue.push(resolve);
      else this.waiting.set(userId, [resolve]);
      this.schedule();
    });
  }

  /** Requests waiting for their turn, all users together. */
  get size(): number {
    let n = 0;
    for (const queue of this.waiting.values()) n += queue.length;
    return n;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.defer(() => this.next());
  }

  private next(): void {
    this.scheduled = false;
    const first = this.waiting.entries().next();
    if (first.done) return;
    const [userId, queue] = first.value;
    const start = queue.shift();
    // To the back of the rotation, or out of it when nothing else of theirs waits.
    this.waiting.delete(userId);
    if (queue.length > 0) this.waiting.set(userId, queue);
    start?.();
    if (this.waiting.size > 0) this.schedule();
  }
}
