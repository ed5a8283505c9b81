import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';

/**
 * One line per test (✓, ✗ with its error and the server log's tail, - with the skip reason), the
 * ten slowest tests, and the summary line `N passed, N failed, N skipped` that scripts/test.mjs
 * adds to its total. Errors outside a test (a worker's server that would not start) count as failed.
 */
export default class SummaryReporter implements Reporter {
  private readonly done: Array<{ title: string; ms: number }> = [];
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
    this.done.push({ title: test.title, ms: result.duration });
    if (result.status === test.expectedStatus) {
      this.counts.passed += 1;
      console.log(`  ✓ ${test.title} (${result.duration} ms)`);
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
    const { passed, failed, skipped } = this.counts;
    console.log(`\nwall time ${(result.duration / 1000).toFixed(1)} s (${result.status})`);
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
