import type { Clock } from '../../src/clock';

/** A clock that moves only when the test says so; due timers run, in order, inside `advance`. */
export class ManualClock implements Clock {
  private current: number;
  private timers: Array<{ at: number; seq: number; fn: () => void }> = [];
  private seq = 0;

  constructor(start = Date.now()) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  schedule(ms: number, fn: () => void): () => void {
    const timer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves time forward by `ms`, running each timer that falls due on the way. */
  advance(ms: number): void {
    const until = this.current + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = until;
  }

  pending(): number {
    return this.timers.length;
  }
}
