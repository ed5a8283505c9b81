import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROFILOGRAM_OPTIONS,
  buildProfilogram,
  calibrationFromDefaultPpm,
  compareProfilograms,
  imagePoint,
  type Profilogram,
} from '../src/index.ts';
import { FACE, FACE_CALIBRATION, mapLandmarks } from './fixtures.ts';

const cal = calibrationFromDefaultPpm(10);
// Image px, facing right. Patient frame (mm): S (0,0), N (30,40) → |SN| = 50, û = (0.6,0.8), n̂ = (−0.8,0.6).
const lm = { S: imagePoint(0, 0), N: imagePoint(300, -400), A: imagePoint(500, 0), Po: imagePoint(-100, 0), Or: imagePoint(400, 0) };

const point = (p: Profilogram, id: string): { x: number; y: number } => {
  const q = p.polylines.flatMap((l) => l.points).find((r) => r.id === id);
  if (!q) throw new Error(id);
  return q;
};
const build = (opts = DEFAULT_PROFILOGRAM_OPTIONS, l = lm): Profilogram => {
  const r = buildProfilogram(l, cal, opts);
  if (!r.ok) throw new Error(r.missing.join());
  return r.profilogram;
};

describe('profilogram (reference §6.1)', () => {
  it('uses the spec defaults: SN plane, Sella, scale 100, rotate 0', () => {
    expect(DEFAULT_PROFILOGRAM_OPTIONS).toEqual({ standardLine: 'SN', point: 'S', scale: 100, rotate: 0 });
  });
  it.each([
    ['default: S origin, SN along +x', DEFAULT_PROFILOGRAM_OPTIONS, 'N', 50, 0],
    ['default: A = ((50,0)·û, (50,0)·n̂)', DEFAULT_PROFILOGRAM_OPTIONS, 'A', 30, -40],
    ['scale 50 halves', { ...DEFAULT_PROFILOGRAM_OPTIONS, scale: 50 }, 'A', 15, -20],
    ['rotate 90 turns +x into +y', { ...DEFAULT_PROFILOGRAM_OPTIONS, rotate: 90 }, 'A', 40, 30],
    ['origin at N', { ...DEFAULT_PROFILOGRAM_OPTIONS, point: 'N' as const }, 'S', -50, 0],
    ['FH standard line (horizontal here): A is (50, 0)', { ...DEFAULT_PROFILOGRAM_OPTIONS, standardLine: 'FH' as const }, 'A', 50, 0],
  ])('%s', (_label, opts, id, x, y) => {
    const q = point(build(opts), id);
    expect(q.x).toBeCloseTo(x, 10);
    expect(q.y).toBeCloseTo(y, 10);
  });
  it('SN−7 rotates the frame 7° clockwise from SN: N ends 7° above +x', () => {
    const q = point(build({ ...DEFAULT_PROFILOGRAM_OPTIONS, standardLine: 'SN-7' }), 'N');
    expect(Math.atan2(q.y, q.x) * (180 / Math.PI)).toBeCloseTo(7, 10);
    expect(Math.hypot(q.x, q.y)).toBeCloseTo(50, 10);
  });
  it('reports missing points per polyline and fails without S or N', () => {
    const p = build();
    expect(p.polylines.find((l) => l.id === 'mandible')?.missing).toContain('Pog');
    expect(p.snLength).toBeCloseTo(50, 12);
    expect(buildProfilogram({ S: imagePoint(0, 0) }, cal)).toEqual({ ok: false, missing: ['N'] });
  });
  it('is the same for a mirrored (left-facing) film and gives zero difference arrows', () => {
    const right = buildProfilogram(FACE, FACE_CALIBRATION);
    const left = buildProfilogram(
      mapLandmarks(FACE, (p) => ({ x: 2000 - p.x, y: p.y })),
      FACE_CALIBRATION,
    );
    if (!right.ok || !left.ok) throw new Error('profilogram failed');
    const arrows = compareProfilograms(left.profilogram, right.profilogram);
    expect(arrows.length).toBeGreaterThan(20);
    for (const a of arrows) {
      expect(a.dx).toBeCloseTo(0, 9);
      expect(a.dy).toBeCloseTo(0, 9);
    }
  });
});
