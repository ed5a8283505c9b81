/**
 * Small, dependency-free logistic regression (Newton-Raphson with an L2 penalty) and threshold
 * helpers, used to calibrate the landmark confidence model (calibrate-model.ts).
 */

/** Fit P(y=1 | x) = sigmoid(w0 + w . x). Returns [w0, w1, ...]. */
export function fitLogistic(xs: readonly (readonly number[])[], ys: readonly number[], l2 = 1e-3, iters = 50): number[] {
  const d = (xs[0]?.length ?? 0) + 1;
  const w = new Array<number>(d).fill(0);
  for (let it = 0; it < iters; it++) {
    const g = new Array<number>(d).fill(0);
    const h = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    xs.forEach((x, i) => {
      const row = [1, ...x];
      const p = sigmoid(row.reduce((a, v, j) => a + v * w[j]!, 0));
      const r = p - ys[i]!;
      const s = Math.max(1e-9, p * (1 - p));
      for (let a = 0; a < d; a++) {
        g[a]! += r * row[a]!;
        for (let b = 0; b < d; b++) h[a]![b]! += s * row[a]! * row[b]!;
      }
    });
    for (let a = 1; a < d; a++) {
      g[a]! += l2 * xs.length * w[a]!;
      h[a]![a]! += l2 * xs.length;
    }
    const step = solve(h, g);
    let moved = 0;
    for (let a = 0; a < d; a++) {
      w[a]! -= step[a]!;
      moved = Math.max(moved, Math.abs(step[a]!));
    }
    if (moved < 1e-9) break;
  }
  return w;
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Solve A x = b by Gaussian elimination with partial pivoting (small dense systems). */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const piv = m[c]![c]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / piv;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

/**
 * The review threshold: the largest t such that flagging every score < t flags at most
 * `maxShare` of all scores. Returns t and the share it flags.
 */
export function thresholdForShare(scores: readonly number[], maxShare: number): { threshold: number; share: number } {
  const s = [...scores].sort((a, b) => a - b);
  const k = Math.floor(maxShare * s.length); // at most k flagged: t = s[k] flags those strictly below
  if (k <= 0) return { threshold: s[0] ?? 0, share: 0 };
  const t = s[Math.min(k, s.length - 1)]!;
  const flagged = s.filter((v) => v < t).length;
  return { threshold: t, share: flagged / s.length };
}
