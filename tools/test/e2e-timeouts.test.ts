import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_DEFAULT_TEST_TIMEOUT_MS, e2eTestTimeouts } from '../src/e2e-timeouts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('browser tests: no test’s time-out is shorter than a wait inside it (issue 29 item 5)', () => {
  const tests = e2eTestTimeouts(root);

  it('reads every test of e2e/tests with its limit', () => {
    expect(tests.length).toBeGreaterThan(120);
    expect(tests.filter((t) => t.testTimeoutMs > E2E_DEFAULT_TEST_TIMEOUT_MS).length).toBeGreaterThan(20);
    // The waits reached through the suite's own helpers count: the AI landmarks' wait of a dataset chart.
    expect(tests.filter((t) => t.longestWait !== undefined).length).toBeGreaterThan(40);
  });

  it('every wait with a written limit is shorter than the limit of each test that reaches it', () => {
    const short = tests
      .filter((t) => t.longestWait !== undefined && t.longestWait.ms >= t.testTimeoutMs)
      .map((t) => `${t.at} "${t.test}": ${t.testTimeoutMs} ms, but waits ${t.longestWait?.ms} ms at ${t.longestWait?.at}`);
    expect(short).toEqual([]);
  });
});

describe('e2eTestTimeouts finds a wait longer than its test', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'e2e-timeouts-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  mkdirSync(path.join(scratch, 'e2e/src'), { recursive: true });
  mkdirSync(path.join(scratch, 'e2e/tests'), { recursive: true });
  writeFileSync(
    path.join(scratch, 'e2e/src/steps.ts'),
    'export async function slowStep(page) {\n  await page.getByTestId("x").waitFor({ timeout: 60_000 });\n}\n',
  );
  writeFileSync(
    path.join(scratch, 'e2e/tests/planted.test.ts'),
    [
      'const LONG = { timeoutMs: 90_000 };',
      'const openIt = async (page) => slowStep(page);',
      'test("default limit, a helper two calls away waits 60 s", async (t) => { await openIt(t.page); });',
      'test("its own limit is longer", async (t) => { await openIt(t.page); }, LONG);',
      'test("the AI landmarks for 50 s", async (t) => { await expectAiLandmarks(t.page, 50_000); }, { timeoutMs: 50_000 });',
    ].join('\n'),
  );

  it('through helpers in the test file and in e2e/src, and the limit given to expectAiLandmarks', () => {
    const found = e2eTestTimeouts(scratch);
    expect(found.map((t) => [t.test, t.testTimeoutMs, t.longestWait?.ms, t.longestWait?.at])).toEqual([
      ['default limit, a helper two calls away waits 60 s', 45_000, 60_000, 'e2e/src/steps.ts:2'],
      ['its own limit is longer', 90_000, 60_000, 'e2e/src/steps.ts:2'],
      ['the AI landmarks for 50 s', 50_000, 50_000, 'e2e/tests/planted.test.ts:5'],
    ]);
  });
});
