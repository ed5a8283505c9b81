import { describe, expect, it } from 'vitest';
import {
  SUPERIMPOSITION_COLOURS,
  UNCALIBRATED,
  applyAffine,
  fitSimilarity,
  invertAffine,
  superimpose,
  type Affine2,
  type Calibration,
  type ImagePoint,
  type LandmarkMap,
  type Tracing,
} from '../src/index.ts';
import { FACE, FACE_CALIBRATION, mapLandmarks } from './fixtures.ts';

// A known similarity in IMAGE pixels: scale 1.1, rotate 5°, translate (40, −25).
const t5 = (5 * Math.PI) / 180;
const KNOWN: Affine2 = { a: 1.1 * Math.cos(t5), b: 1.1 * Math.sin(t5), c: -1.1 * Math.sin(t5), d: 1.1 * Math.cos(t5), tx: 40, ty: -25 };
const moved = mapLandmarks(FACE, (p) => applyAffine(KNOWN, p));
const tracing = (id: string, date: string, landmarks: LandmarkMap<ImagePoint>, calibration: Calibration = FACE_CALIBRATION): Tracing => ({
  id,
  date,
  landmarks,
  calibration,
});

describe('least-squares similarity fit', () => {
  it('recovers a known similarity exactly (hand-made points)', () => {
    const src = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 2 },
    ];
    const dst = src.map((p) => ({ x: 3 - 2 * p.y, y: 4 + 2 * p.x })); // scale 2, +90°, (3,4)
    const fit = fitSimilarity(src, dst, true);
    expect(fit?.scale).toBeCloseTo(2, 12);
    expect(fit?.rotation).toBeCloseTo(Math.PI / 2, 12);
    expect(fit?.rms).toBeCloseTo(0, 12);
    expect(fitSimilarity([{ x: 1, y: 1 }], [{ x: 1, y: 1 }])).toBeNull();
  });
});

describe('superimposition', () => {
  it('orders by date and assigns white, red, blue, green', () => {
    const r = superimpose(
      [
        tracing('c', '2023-05-01', FACE),
        tracing('a', '2019-01-01', FACE),
        tracing('d', '2024-01-01', FACE),
        tracing('b', '2021-02-02', FACE),
      ],
      { kind: 'sn-at-s' },
    );
    if (!r.ok) throw new Error(r.error);
    expect(SUPERIMPOSITION_COLOURS).toEqual(['white', 'red', 'blue', 'green']);
    expect(r.tracings.map((t) => [t.id, t.colour])).toEqual([
      ['a', 'white'],
      ['b', 'red'],
      ['c', 'blue'],
      ['d', 'green'],
    ]);
    expect(r.referenceId).toBe('a');
  });
  it.each([1, 5])('refuses %s films (2 to 4 allowed)', (n) => {
    expect(
      superimpose(
        Array.from({ length: n }, (_, i) => tracing(`t${i}`, `2020-0${i + 1}-01`, FACE)),
        { kind: 'sn-at-s' },
      ).ok,
    ).toBe(false);
  });
  it('best fit with scale recovers the inverse of a known similarity, residuals ≈ 0', () => {
    const r = superimpose([tracing('old', '2020-01-01', FACE), tracing('new', '2021-01-01', moved)], {
      kind: 'best-fit',
      allowScale: true,
      landmarks: ['S', 'N', 'Ba', 'Po', 'Or', 'Pt', 'Bo', 'Ar', 'Me'],
    });
    if (!r.ok) throw new Error(r.error);
    const t = r.tracings[1]!;
    const inv = invertAffine(KNOWN)!;
    for (const k of ['a', 'b', 'c', 'd', 'tx', 'ty'] as const) expect(t.transformImage[k]).toBeCloseTo(inv[k], 8);
    expect(t.rmsResidual).toBeCloseTo(0, 8);
    for (const d of t.displacements) expect(Math.hypot(d.dx, d.dy)).toBeCloseTo(0, 8);
  });
  it('rigid best fit leaves a residual equal to the size change', () => {
    const r = superimpose([tracing('old', '2020-01-01', FACE), tracing('new', '2021-01-01', moved)], { kind: 'best-fit' });
    if (!r.ok) throw new Error(r.error);
    expect(r.tracings[1]!.rmsResidual).toBeGreaterThan(1);
  });
  it('SN at S: S coincides, SN directions coincide, N residual = SN growth', () => {
    // Film 2: the face rotated 10° and shifted, with N grown 3 mm (30 px) forward along SN.
    const t10 = (10 * Math.PI) / 180;
    const rigid: Affine2 = { a: Math.cos(t10), b: Math.sin(t10), c: -Math.sin(t10), d: Math.cos(t10), tx: 100, ty: 50 };
    const s = FACE.S!;
    const n = FACE.N!;
    const len = Math.hypot(n.x - s.x, n.y - s.y);
    const grown = { ...FACE, N: { x: n.x + ((n.x - s.x) / len) * 30, y: n.y + ((n.y - s.y) / len) * 30 } as ImagePoint };
    const r = superimpose(
      [
        tracing('old', '2020-01-01', FACE),
        tracing(
          'new',
          '2022-01-01',
          mapLandmarks(grown, (p) => applyAffine(rigid, p)),
        ),
      ],
      { kind: 'sn-at-s' },
    );
    if (!r.ok) throw new Error(r.error);
    const t = r.tracings[1]!;
    expect(t.registeredOn).toEqual(['S', 'N']);
    expect(t.residuals.find((x) => x.id === 'S')!.distance).toBeCloseTo(0, 9);
    expect(t.residuals.find((x) => x.id === 'N')!.distance).toBeCloseTo(3, 9);
    const a = t.displacements.find((x) => x.id === 'A')!;
    expect(Math.hypot(a.dx, a.dy)).toBeCloseTo(0, 9);
  });
  it('registers a left-facing film onto a right-facing one (reflection in the image transform)', () => {
    const mirrored = mapLandmarks(FACE, (p) => ({ x: 1935 - p.x, y: p.y }));
    const r = superimpose([tracing('right', '2020-01-01', FACE), tracing('left', '2021-01-01', mirrored)], { kind: 'best-fit' });
    if (!r.ok) throw new Error(r.error);
    const t = r.tracings[1]!;
    expect(t.rmsResidual).toBeCloseTo(0, 9);
    const back = applyAffine(t.transformImage, mirrored.Pog!);
    expect(back.x).toBeCloseTo(FACE.Pog!.x, 8);
    expect(back.y).toBeCloseTo(FACE.Pog!.y, 8);
  });
  it('works in px when a film is uncalibrated', () => {
    const r = superimpose([tracing('a', '2020-01-01', FACE), tracing('b', '2021-01-01', FACE, UNCALIBRATED)], { kind: 'sn-at-s' });
    expect(r.ok && r.unit).toBe('px');
  });
});
