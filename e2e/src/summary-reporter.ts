import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';

/**
 * One line per test (✓, ✗ with its error and the server log's tail, - with the skip reason), the
 * ten slowest tests, and the summary line `N passed, N failed, N skipped` that scripts/test.mjs
 * adds to its total. Errors outside a test (a worker's server that would not start) count as failed.
 */
export default class SummaryReporter implements Reporter {
  private readonly done: Array<{ title: string; ms: number; cpu?: number }> = [];
  private readonly counts = { passed: 0, failed: 0, skipped: 0 };

  onBegin(config: FullConfig, suite: Suite): void {
    console.log(`e2e: ${suite.allTests().length} tests on ${config.workers} workers (one server each)`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') {
      this.counts.skipped += 1;
      const reason = [...result.annotations, ...test.annotations].find((a) => a.type === 'skip')?.description ?? '';
      console.log(`  - ${test.title} (skipped: ${reason})`);
      return;
    }
    const cpu = result.annotations.find((a) => a.type === 'cpu')?.description;
    this.done.push({ title: test.title, ms: result.duration, ...(cpu !== undefined && { cpu: Number(cpu) }) });
    if (result.status === test.expectedStatus) {
      this.counts.passed += 1;
      console.log(`  ✓ ${test.title} (${result.duration} ms${cpu !== undefined ? `, ${cpu} s CPU` : ''})`);
      return;
    }
    this.counts.failed += 1;
    const message = result.errors.map((e) => e.stack ?? e.message ?? '').join('\n') || result.status;
    console.log(`  ✗ ${test.title} (${result.duration} ms, ${result.status})\n      ${message.split('\n').slice(0, 8).join('\n      ')}`);
    const log = result.attachments.find((a) => a.name === 'server log (tail)')?.body?.toString();
    if (log) console.log(`      server log (tail):\n${log}`);
  }

  onError(error: TestError): void {
    this.counts.failed += 1;
    console.log(`  ✗ (outside a test) ${(error.stack ?? error.message ?? '').split('\n').slice(0, 12).join('\n      ')}`);
  }

  onEnd(result: FullResult): void {
    const slowest = [...this.done].sort((a, b) => b.ms - a.ms).slice(0, 10);
    if (slowest.length > 0)
      console.log(`\nslowest tests:\n${slowest.map((s) => `  ${(s.ms / 1000).toFixed(1)} s  ${s.title}`).join('\n')}`);
    const measured = this.done.filter((d) => d.cpu !== undefined);
    if (measured.length > 0) {
      const cpu = (d: { cpu?: number }) => d.cpu ?? 0;
      const top = [...measured].sort((a, b) => cpu(b) - cpu(a)).slice(0, 15);
      const sum = measured.reduce((s, d) => s + cpu(d), 0);
      console.log(`\nmost CPU (Chromium + server + commands, user + system), ${sum.toFixed(0)} s in ${measured.length} tests:`);
      console.log(top.map((d) => `  ${cpu(d).toFixed(1)} s  ${d.title}`).join('\n'));
    }
    const { passed, failed, skipped } = this.counts;
    console.log(`\nwall time ${(result.duration / 1000).toFixed(1)} s (${result.status})`);
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
