/**
 * Solve the dense linear system `A·x = b` by Gaussian elimination with partial pivoting
 * (dimensionless; `A` is n×n row-major). Returns `null` when `A` is numerically singular.
 * Inputs are not modified.
 */
export function solveLinearSystem(A: readonly (readonly number[])[], b: readonly number[]): number[] | null {
  const n = b.length;
  const m = A.map((row, i) => [...row, b[i] as number]);
  const scaleRef = Math.max(1e-300, ...m.flatMap((row) => row.slice(0, n).map(Math.abs)));
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs((m[r] as number[])[col] as number) > Math.abs((m[pivot] as number[])[col] as number)) pivot = r;
    }
    const pr = m[pivot] as number[];
    if (Math.abs(pr[col] as number) < 1e-12 * scaleRef) return null;
    [m[col], m[pivot]] = [pr, m[col] as number[]];
    const rowC = m[col] as number[];
    for (let r = col + 1; r < n; r++) {
      const row = m[r] as number[];
      const f = (row[col] as number) / (rowC[col] as number);
      if (f === 0) continue;
      for (let k = col; k <= n; k++) row[k] = (row[k] as number) - f * (rowC[k] as number);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r] as number[];
    let s = row[n] as number;
    for (let k = r + 1; k < n; k++) s -= (row[k] as number) * (x[k] as number);
    x[r] = s / (row[r] as number);
  }
  return x;
}
