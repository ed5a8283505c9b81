// Preloaded into a bench's server process (`node --import`, bench-server.ts, BENCH_LOOP_DELAY=<file>):
// measures the server's own event-loop delay from inside it, with no code in the product. On SIGUSR2
// it writes what it saw since the last signal to <file> (JSON, with the signal's sequence number) and
// starts afresh, so a bench can ask for the figures of one phase. Never loaded by `npm start`.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY;
if (file) {
  // 10 ms: the timer that measures the delay fires this often; a stall shows as its lateness.
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let seq = 0;
  process.on('SIGUSR2', () => {
    seq += 1;
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    const figures = {
      seq,
      count: histogram.count,
      maxMs: ms(histogram.max),
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      meanMs: ms(histogram.mean),
    };
    writeFileSync(file, JSON.stringify(figures));
    histogram.reset();
  });
}
