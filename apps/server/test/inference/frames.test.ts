import { describe, expect, it } from 'vitest';
import { cellToPx, fitFrame, fromFrame, mirrorX, toFrame } from '../../src/inference/frames.ts';

describe('fitFrame', () => {
  it.each([
    // w, h, W, H, letterbox -> rw, rh, ox, oy (hand-computed)
    [968, 1200, 256, 320, true, 256, 317, 0, 1], // s = 256/968: 1200*s = 317.36
    [1935, 2400, 256, 320, true, 256, 318, 0, 1], // s = 256/1935: 2400*s = 317.52 -> 318
    [2400, 1935, 256, 320, true, 256, 206, 0, 57], // landscape: (320-206)/2 = 57
    [968, 1200, 960, 1200, false, 960, 1190, 0, 0],
    [600, 600, 256, 320, true, 256, 256, 0, 32],
  ])('%i x %i into %i x %i', (w, h, W, H, lb, rw, rh, ox, oy) => {
    expect(fitFrame(w, h, W, H, lb)).toEqual({ w, h, rw, rh, ox, oy });
  });
});

describe('frame mapping', () => {
  it('maps pixel centres with the per-axis factors of a non-square resize', () => {
    const f = fitFrame(968, 1200, 256, 320, true); // sx = 256/968, sy = 317/1200, oy = 1
    const [u, v] = toFrame(f, 0, 0);
    expect(u).toBeCloseTo(0.5 * (256 / 968) - 0.5, 12);
    expect(v).toBeCloseTo(0.5 * (317 / 1200) - 0.5 + 1, 12);
    // The last pixel centre maps to the last resized pixel centre, up to the half-pixel terms.
    const [u2] = toFrame(f, 967, 0);
    expect(u2).toBeCloseTo(967.5 * (256 / 968) - 0.5, 12);
  });

  it('round-trips original <-> frame for letterboxed and plain frames', () => {
    for (const f of [fitFrame(2400, 1935, 256, 320, true), fitFrame(1935, 2400, 960, 1200, false), fitFrame(700, 3000, 320, 400, false)]) {
      for (const [x, y] of [
        [0, 0],
        [123.25, 456.75],
        [f.w - 1, f.h - 1],
      ] as const) {
        const [u, v] = toFrame(f, x, y);
        const [x2, y2] = fromFrame(f, u, v);
        expect(x2).toBeCloseTo(x, 9);
        expect(y2).toBeCloseTo(y, 9);
      }
    }
  });

  it('converts heatmap cells to input pixels', () => {
    expect(cellToPx(0, 4)).toBe(1.5);
    expect(cellToPx(10.25, 4)).toBe(42.5);
    expect(cellToPx(3, 2)).toBe(6.5);
  });

  it('mirrors x about the image centre', () => {
    expect(mirrorX(0, 968)).toBe(967);
    expect(mirrorX(mirrorX(123.4, 968), 968)).toBeCloseTo(123.4, 12);
  });
});

describe('parity with the training code (ml/ceph_ml/geometry.py)', () => {
  it('computes the same frames and mappings as Python', async () => {
    const { spawnSync } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const mlDir = fileURLToPath(new URL('../../../../ml', import.meta.url));
    const cases = [
      [968, 1200],
      [1935, 2400],
      [2400, 1935],
      [601, 5999],
      [3000, 700],
    ] as const;
    const script = `
import json, sys
from ceph_ml.geometry import fit_frame
out = []
for w, h in ${JSON.stringify(cases)}:
    for (W, H, lb) in ((256, 320, True), (960, 1200, False), (320, 400, False)):
        f = fit_frame(w, h, W, H, lb)
        out.append([f.rw, f.rh, f.ox, f.oy, *f.to_frame(12.25, 345.5)])
print(json.dumps(out))`;
    const r = spawnSync('python3', ['-c', script], { cwd: mlDir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const py = JSON.parse(r.stdout) as number[][];
    const ts: number[][] = [];
    for (const [w, h] of cases) {
      for (const [W, H, lb] of [
        [256, 320, true],
        [960, 1200, false],
        [320, 400, false],
      ] as const) {
        const f = fitFrame(w, h, W, H, lb);
        ts.push([f.rw, f.rh, f.ox, f.oy, ...toFrame(f, 12.25, 345.5)]);
      }
    }
    expect(ts.length).toBe(py.length);
    ts.forEach((row, i) => row.forEach((v, j) => expect(v).toBeCloseTo(py[i]![j]!, 9)));
  });
});
