import { describe, expect, it } from 'vitest';
import {
  ANALYSES,
  MEASUREMENTS,
  UNCALIBRATED,
  analysisMeasurements,
  calibrationFromDefaultPpm,
  evaluateAnalysis,
  evaluateMeasurement,
  evaluateMeasurements,
  getAnalysis,
  getMeasurement,
  imagePoint,
  isLandmarkId,
  measurementsOfAnalyses,
  requiredLandmarks,
  type Construction,
  type ImagePoint,
  type LandmarkMap,
  type MeasurementResult,
} from '../src/index.ts';
import { FACE, FACE_CALIBRATION, mapLandmarks } from './fixtures.ts';

const value = (id: string, lm: LandmarkMap<ImagePoint> = FACE, cal = FACE_CALIBRATION): number => {
  const def = getMeasurement(id);
  if (!def) throw new Error(`no measurement ${id}`);
  const r = evaluateMeasurement(def, lm, cal);
  if (r.status !== 'ok') throw new Error(`${id}: ${JSON.stringify(r)}`);
  return r.value;
};

function dimension(c: Construction): 'angle' | 'length' | 'ratio' {
  switch (c.kind) {
    case 'vertex-angle':
    case 'angle':
    case 'signed-angle':
    case 'acute-angle':
      return 'angle';
    case 'distance':
    case 'signed-distance':
    case 'projection':
      return 'length';
    case 'ratio':
      return 'ratio';
    case 'linear':
      return dimension((c.terms[0] as { of: Construction }).of);
    case 'signed-by-side':
      return dimension(c.magnitude);
  }
}

describe('catalogue', () => {
  it('has the required analyses and unique measurement ids', () => {
    expect(ANALYSES.map((a) => a.id)).toEqual(
      expect.arrayContaining(['steiner', 'downs', 'tweed', 'mcnamara', 'ricketts', 'bjork-jarabak', 'wits', 'legan-burstone', 'holdaway']),
    );
    expect(new Set(MEASUREMENTS.map((m) => m.id)).size).toBe(MEASUREMENTS.length);
    for (const id of ['SNA', 'SNB', 'ANB', 'FMA', 'IMPA', 'FMIA', 'WITS', 'BJORK_SUM', 'JARABAK_RATIO'])
      expect(getMeasurement(id)).toBeDefined();
  });
  it('every analysis lists known measurement ids, and every measurement is in an analysis', () => {
    for (const a of ANALYSES) expect(analysisMeasurements(a).length).toBe(a.measurementIds.length);
    const used = new Set(measurementsOfAnalyses(ANALYSES).map((m) => m.id));
    expect(used.size).toBe(MEASUREMENTS.length);
  });
  it('units match the construction dimension; landmarks exist; norms have sources', () => {
    for (const m of MEASUREMENTS) {
      const dim = dimension(m.construction);
      expect({ id: m.id, dim }).toEqual({ id: m.id, dim: m.unit === 'deg' ? 'angle' : m.unit === 'mm' ? 'length' : 'ratio' });
      for (const id of requiredLandmarks(m.construction)) expect(isLandmarkId(id)).toBe(true);
      expect(m.name.length).toBeGreaterThan(0);
      if (m.norm) expect(m.norm.source.length).toBeGreaterThan(0);
    }
  });
  it('linear terms share one dimension', () => {
    const walk = (c: Construction): void => {
      if (c.kind === 'linear') {
        expect(new Set(c.terms.map((t) => dimension(t.of))).size).toBe(1);
        c.terms.forEach((t) => walk(t.of));
      }
    };
    MEASUREMENTS.forEach((m) => walk(m.construction));
  });
});

describe('hand-computed values on a simple film (10 px/mm, facing right)', () => {
  // Image px. SN horizontal; FH horizontal; patient frame = (x/10, −y/10) mm.
  const lm: LandmarkMap<ImagePoint> = {
    S: imagePoint(0, 0),
    N: imagePoint(700, 0),
    A: imagePoint(650, 500),
    B: imagePoint(600, 900),
    Po: imagePoint(-100, 200),
    Or: imagePoint(600, 200),
    Go: imagePoint(50, 1000),
    Me: imagePoint(600, 1300),
    Pog: imagePoint(650, 1200),
    L1: imagePoint(700, 700),
    L1A: imagePoint(600, 1000),
  };
  const cal = calibrationFromDefaultPpm(10);
  const deg = (r: number): number => (r * 180) / Math.PI;
  it.each([
    ['SNA', deg(Math.atan2(3500, 350))], // N→S (−70,0), N→A (−5,−50)
    ['SNB', deg(Math.atan2(6300, 700))], // N→B (−10,−90)
    ['ANB', deg(Math.atan2(3500, 350)) - deg(Math.atan2(6300, 700))],
    ['FMA', deg(Math.atan2(30, 55))], // Me − Go = (55, −30) mm vs FH (1, 0)
    ['ANT_CRANIAL_BASE', 70],
    // N→Pog d = (−5, −120), A − N = (−5, −50): d×(A−N) = 250 − 600 = −350, |d| = √14425
    ['CONVEXITY_MM', -350 / Math.hypot(5, 120)],
  ] as [string, number][])('%s', (id, want) => {
    expect(value(id, lm, cal)).toBeCloseTo(want, 9);
  });
  it('missing landmark → incomplete with the id', () => {
    expect(evaluateMeasurement(getMeasurement('GOGN_SN')!, lm, cal)).toEqual({ id: 'GOGN_SN', status: 'incomplete', missing: ['Gn'] });
  });
  it('S–N is 700 px when uncalibrated', () => {
    expect(evaluateMeasurement(getMeasurement('ANT_CRANIAL_BASE')!, lm, UNCALIBRATED)).toEqual({
      id: 'ANT_CRANIAL_BASE',
      status: 'ok',
      value: 700,
      unit: 'px',
      uncalibrated: true,
    });
  });
  it('IMPA: L1 − L1A = (10, 30) mm vs Go − Me = (−55, 30) mm', () => {
    const u = { x: 10, y: 30 };
    const w = { x: -55, y: 30 };
    expect(value('IMPA', lm, cal)).toBeCloseTo(deg(Math.atan2(Math.abs(u.x * w.y - u.y * w.x), u.x * w.x + u.y * w.y)), 9);
  });
});

describe('identities that hold exactly', () => {
  it('FMA + IMPA + FMIA = 180', () => {
    expect(value('FMA') + value('IMPA') + value('FMIA')).toBeCloseTo(180, 9);
  });
  it('Björk sum − 360 = SN–GoMe', () => {
    expect(value('BJORK_SUM') - 360).toBeCloseTo(value('SN_GOME'), 9);
  });
  it('ANB = SNA − SNB; Eastman = ANB − 0.5·(SNA − 81)', () => {
    expect(value('ANB')).toBeCloseTo(value('SNA') - value('SNB'), 12);
    expect(value('ANB_EASTMAN')).toBeCloseTo(value('ANB') - 0.5 * (value('SNA') - 81), 12);
  });
  it('IMPA − 90 = Downs L1–MP; FH–MP angles agree across analyses', () => {
    expect(value('L1_MP_DEV')).toBeCloseTo(value('IMPA') - 90, 12);
    expect(value('DOWNS_MPA')).toBeCloseTo(value('FMA'), 12);
    expect(value('FACIAL_DEPTH')).toBeCloseTo(value('FACIAL_ANGLE'), 12);
  });
  it('convexity angle and A–facial plane distance have the same sign', () => {
    expect(Math.sign(value('CONVEXITY_ANGLE'))).toBe(Math.sign(value('CONVEXITY_MM')));
  });
  it('every measurement computes on the full fixture', () => {
    const results = evaluateMeasurements(MEASUREMENTS, FACE, FACE_CALIBRATION);
    expect(results.filter((r) => r.status !== 'ok')).toEqual([]);
    for (const r of results) if (r.status === 'ok') expect(Number.isFinite(r.value)).toBe(true);
  });
});

describe('invariance', () => {
  const base = evaluateMeasurements(MEASUREMENTS, FACE, FACE_CALIBRATION);
  const compare = (other: MeasurementResult[], which: (unit: string) => boolean, factor = 1): void => {
    base.forEach((r, i) => {
      const o = other[i] as MeasurementResult;
      if (r.status !== 'ok' || o.status !== 'ok' || !which(r.unit)) return;
      expect({ id: r.id, v: o.value }).toEqual({ id: r.id, v: expect.closeTo(r.value * factor, 7) });
    });
  };
  const rot =
    (deg: number, cx = 1000, cy = 1500) =>
    (p: ImagePoint) => {
      const t = (deg * Math.PI) / 180;
      const dx = p.x - cx;
      const dy = p.y - cy;
      return { x: cx + Math.cos(t) * dx - Math.sin(t) * dy, y: cy + Math.sin(t) * dx + Math.cos(t) * dy };
    };
  it.each([-25, -7, 13, 30])('angles and lengths unchanged by a %s° rotation', (deg) => {
    compare(evaluateMeasurements(MEASUREMENTS, mapLandmarks(FACE, rot(deg)), FACE_CALIBRATION), () => true);
  });
  it('everything unchanged by translation', () => {
    compare(
      evaluateMeasurements(
        MEASUREMENTS,
        mapLandmarks(FACE, (p) => ({ x: p.x + 321.5, y: p.y - 77 })),
        FACE_CALIBRATION,
      ),
      () => true,
    );
  });
  it('angles and ratios unchanged by image scaling; mm unchanged when the calibration scales too', () => {
    const scaled = mapLandmarks(FACE, (p) => ({ x: p.x * 1.7, y: p.y * 1.7 }));
    compare(evaluateMeasurements(MEASUREMENTS, scaled, FACE_CALIBRATION), (u) => u !== 'mm');
    compare(evaluateMeasurements(MEASUREMENTS, scaled, FACE_CALIBRATION), (u) => u === 'mm', 1.7);
    compare(evaluateMeasurements(MEASUREMENTS, scaled, calibrationFromDefaultPpm(17)), () => true);
  });
  it('a left-facing (mirrored) film gives identical values, signs included', () => {
    compare(
      evaluateMeasurements(
        MEASUREMENTS,
        mapLandmarks(FACE, (p) => ({ x: 1935 - p.x, y: p.y })),
        FACE_CALIBRATION,
      ),
      () => true,
    );
  });
  it('analysis evaluation is the catalogue evaluation restricted to the analysis', () => {
    const steiner = getAnalysis('steiner')!;
    expect(evaluateAnalysis(steiner, FACE, FACE_CALIBRATION).map((r) => r.id)).toEqual(steiner.measurementIds);
  });
});
