// Step timing for `npm test` (scripts/test.mjs) and CI: every step prints how long it took, a group of
// independent steps runs a few at a time (each one's output printed whole when it ends, so logs do not
// interleave), and the run ends with a table of step durations and the ten slowest tests.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';

const steps = [];

const seconds = (ms) => (ms / 1000).toFixed(1);

/** Notes a step's duration; prints `--- <label>: N s` so a log shows where the time went. */
export function recordStep(label, ms, ok = true) {
  steps.push({ label, ms, ok });
  console.log(`--- ${label}: ${seconds(ms)} s${ok ? '' : ' (failed)'}`);
}

/** Wraps a synchronous step (e.g. a spawnSync call) with its timing. */
export function timed(label, fn, isOk = () => true) {
  const started = Date.now();
  const result = fn();
  recordStep(label, Date.now() - started, isOk(result));
  return result;
}

/**
 * Runs independent commands `limit` at a time (default: one per CPU, at least 2: most of them wait on
 * the disk part of the time). Resolves to the failed labels; all of them run even when one fails.
 * `onFailure(label)` is called as soon as one fails (npm test stops the test suites running beside them).
 */
export async function runConcurrently(commands, limit = Math.max(2, os.availableParallelism()), onFailure = () => {}) {
  const failed = [];
  const queue = [...commands];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { label, cmd, args } = next;
      const started = Date.now();
      const { code, output } = await capture(cmd, args);
      console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
      process.stdout.write(output);
      recordStep(label, Date.now() - started, code === 0);
      if (code !== 0) {
        console.error(`\n${label} FAILED (exit ${code})`);
        failed.push(label);
        onFailure(label);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, commands.length) }, worker));
  return failed;
}

function capture(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => resolve({ code: 1, output: `${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/** The table of step durations, slowest first, and the sum. */
export function printStepTimes() {
  console.log('\nstep durations (s):');
  for (const s of [...steps].sort((a, b) => b.ms - a.ms)) {
    console.log(`  ${seconds(s.ms).padStart(7)}  ${s.label}${s.ok ? '' : ' (failed)'}`);
  }
}

/** The ten slowest tests of a vitest JSON report (`--reporter=json`), with their files. */
export function printSlowestVitestTests(reportPath, count = 10) {
  if (!existsSync(reportPath)) return;
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const tests = report.testResults.flatMap((file) =>
    file.assertionResults.map((t) => ({ ms: t.duration ?? 0, name: t.fullName, file: file.name.replace(`${process.cwd()}/`, '') })),
  );
  console.log(`\n${count} slowest vitest tests (s):`);
  for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`  ${seconds(t.ms).padStart(7)}  ${t.file} > ${t.name}`);
  }
}
