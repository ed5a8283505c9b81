/**
 * Shape plausibility: how far a landmark configuration is from the mean cephalometric shape once
 * position, size and rotation are removed (full Procrustes distance, no reflection). 0 = same
 * shape, 1 = unrelated. Points are [x, y] in any consistent pixel frame.
 */
export type Pt = readonly [number, number];

function normalise(points: readonly Pt[]): Pt[] | null {
  const n = points.length;
  let mx = 0;
  let my = 0;
  for (const [x, y] of points) {
    mx += x / n;
    my += y / n;
  }
  let ss = 0;
  const c = points.map(([x, y]) => {
    ss += (x - mx) ** 2 + (y - my) ** 2;
    return [x - mx, y - my] as Pt;
  });
  const norm = Math.sqrt(ss);
  if (!(norm > 0)) return null;
  return c.map(([x, y]) => [x / norm, y / norm] as Pt);
}

/** Centred, unit-norm copy of a configuration (the form `meanShape` is stored in). */
export function normaliseShape(points: readonly Pt[]): Pt[] {
  return normalise(points) ?? points.map(() => [0, 0] as Pt);
}

/** Procrustes residual in [0, 1] between `points` and `meanShape` (same length and order). */
export function shapeResidual(points: readonly Pt[], meanShape: readonly Pt[]): number {
  const a = normalise(points);
  const b = normalise(meanShape);
  if (!a || !b || a.length !== b.length) return 1;
  // With points as complex numbers, the best similarity fit leaves 1 - |<a, b>|^2.
  let re = 0;
  let im = 0;
  for (let i = 0; i < a.length; i++) {
    const [ax, ay] = a[i]!;
    const [bx, by] = b[i]!;
    re += ax * bx + ay * by;
    im += ax * by - ay * bx;
  }
  return Math.sqrt(Math.max(0, 1 - (re * re + im * im)));
}

/**
 * Generalised Procrustes mean of several configurations (same landmark order): centred, unit norm,
 * rotated to a common orientation. Used to build the model's reference shape from training data.
 */
export function procrustesMean(shapes: readonly (readonly Pt[])[], iterations = 10): Pt[] {
  const norm = shapes.map((s) => normaliseShape(s));
  let mean = norm[0]!.map((p) => [p[0], p[1]] as Pt);
  for (let it = 0; it < iterations; it++) {
    const acc = mean.map(() => [0, 0] as [number, number]);
    for (const s of norm) {
      // Rotation that best aligns s to mean: angle of <s, mean> as complex numbers.
      let re = 0;
      let im = 0;
      s.forEach(([x, y], i) => {
        const [mx, my] = mean[i]!;
        re += x * mx + y * my;
        im += x * my - y * mx;
      });
      const a = Math.atan2(im, re);
      const c = Math.cos(a);
      const sn = Math.sin(a);
      s.forEach(([x, y], i) => {
        acc[i]![0] += c * x - sn * y;
        acc[i]![1] += sn * x + c * y;
      });
    }
    mean = normaliseShape(acc.map(([x, y]) => [x / norm.length, y / norm.length] as Pt));
  }
  return mean;
}
