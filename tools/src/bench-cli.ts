/**
 * Runs a bench's or probe's `main` as the process: the number it gives is the exit code; a throw is
 * printed (its stack, or with `print: 'message'` its message only) and exits 2.
 */
export function runMain(main: () => Promise<number>, print: 'stack' | 'message' = 'stack'): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? (print === 'stack' ? (err.stack ?? err.message) : err.message) : err);
      process.exit(2);
    },
  );
}

/** A count option (`--rounds 5`): a whole number from 0, `fallback` when not given. */
export function countOption(value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a count: ${value}`);
  return n;
}
