import { describe, expect, it } from 'vitest';
import {
  ANALYSES,
  LANDMARK_SOURCING,
  calibrationFromDefaultPpm,
  condyleCentreEstimate,
  constructLandmarks,
  deepestBetween,
  evaluateAnalysis,
  fitToothOutline,
  imagePoint,
  landmarkProvenance,
  landmarksFromModelOutputV1,
  mergePositions,
  premolarEstimate,
  protuberanceMentiEstimate,
  stomionEstimate,
  toothOutlinePaths,
  undetectedLandmarkIds,
  withDerivedLandmarks,
  type AiLandmark,
  type ImagePoint,
  type LandmarkId,
  type LandmarkMap,
} from '../src/index.ts';
import { readDatasetJson } from './dataset.ts';

const P = (x: number, y: number) => imagePoint(x, y);
const ai = (x: number, y: number): AiLandmark => ({ point: P(x, y), confidence: 0.9, name: 'n' });

describe('point constructions (image px, hand-computed)', () => {
  it.each([
    ['premolar 13% from molar to incisor', premolarEstimate(P(0, 0), P(100, 0)), { x: 13, y: 0 }],
    ['premolar on a slanted arch', premolarEstimate(P(200, 100), P(300, 200)), { x: 213, y: 113 }],
    ['stomion midway between the lips', stomionEstimate(P(10, 0), P(6, 20)), { x: 8, y: 10 }],
    ['DC: foot of Co on Ba-N', condyleCentreEstimate(P(0, 0), P(100, 0), P(30, -20)), { x: 30, y: 0 }],
    // FH horizontal: the vertical through Co (x = 30) meets Ba-N (y = x / 2) at (30, 15); the foot would be (16, 8).
    ['DC: Co ⟂ FH on Ba-N', condyleCentreEstimate(P(0, 0), P(100, 50), P(30, -20), { po: P(0, -30), or: P(100, -30) }), { x: 30, y: 15 }],
    ['Pm: halfway along a straight B-Pog contour', protuberanceMentiEstimate([P(0, 0), P(10, 0)], 0), { x: 5, y: 0 }],
  ] as const)('%s', (_, got, want) => {
    expect(got?.x).toBeCloseTo(want.x, 9);
    expect(got?.y).toBeCloseTo(want.y, 9);
  });

  it('DC is null when Ba = N', () => {
    expect(condyleCentreEstimate(P(1, 1), P(1, 1), P(0, 0))).toBeNull();
  });

  it('finds the deepest point of a symmetric concavity at its middle knot', () => {
    // Chord (0,0)-(20,0); the profile dips to (10,5) on the side of the inside point (10,100).
    const deepest = deepestBetween([P(0, 0), P(10, 5), P(20, 0)], 0, 2, P(10, 100));
    expect(deepest?.x).toBeCloseTo(10, 6);
    expect(deepest?.y).toBeCloseTo(5, 6);
  });

  it('finds nothing when the profile bulges away from the inside point', () => {
    expect(deepestBetween([P(0, 0), P(10, 5), P(20, 0)], 0, 2, P(10, -100))).toBeNull();
    expect(deepestBetween([P(0, 0), P(10, 5)], 1, 0, P(10, 100))).toBeNull();
  });
});

const face: LandmarkMap<ImagePoint> = {
  U6: P(0, 0),
  U1: P(100, 0),
  L6: P(0, 10),
  L1: P(100, 10),
  Ls: P(200, 0),
  Li: P(200, 40),
  Ba: P(-300, -100),
  N: P(300, -100),
  Co: P(-200, -150),
  B: P(100, 100),
  Pog: P(110, 140),
};

describe('constructLandmarks', () => {
  it('builds the points whose sources are present', () => {
    const out = constructLandmarks(face);
    expect(out.UPM).toEqual({ x: 13, y: 0 });
    expect(out.LPM).toEqual({ x: 13, y: 10 });
    expect(out.Stms).toEqual({ x: 200, y: 20 });
    expect(out.Stmi).toEqual({ x: 200, y: 20 });
    expect(out.DC).toEqual({ x: -200, y: -100 });
    expect(out.Pm).toBeDefined();
    // No soft-tissue profile points: no A′ or B′.
    expect(out.stA).toBeUndefined();
    expect(out.stB).toBeUndefined();
  });

  it('never rebuilds a point already shown', () => {
    const out = constructLandmarks({ ...face, UPM: P(1, 2) });
    expect(out.UPM).toBeUndefined();
  });

  it('builds nothing without sources', () => {
    expect(constructLandmarks({ S: P(0, 0) })).toEqual({});
  });
});

describe('mergePositions with constructed points', () => {
  const model: LandmarkMap<AiLandmark> = { U6: ai(0, 0), U1: ai(100, 0), L6: ai(0, 10), L1: ai(100, 10) };

  it('adds constructed points after the model and the user, and follows a moved source', () => {
    const merged = mergePositions(model, {});
    expect(Object.keys(merged)).toEqual(['U6', 'U1', 'L6', 'L1', 'UPM', 'LPM']);
    expect(mergePositions(model, { U1: P(200, 0) }).UPM).toEqual({ x: 26, y: 0 });
  });

  it('keeps a constructed point the user moved (then it is human)', () => {
    const edited = { UPM: P(50, 50) };
    const positions = mergePositions(model, edited);
    expect(positions.UPM).toEqual({ x: 50, y: 50 });
    expect(landmarkProvenance('UPM', { ai: model, edited, positions })).toBe('human');
    expect(landmarkProvenance('LPM', { ai: model, edited, positions })).toBe('constructed');
    expect(landmarkProvenance('U6', { ai: model, edited, positions })).toBe('ai');
    expect(landmarkProvenance('S', { ai: model, edited, positions })).toBeNull();
  });
});

describe('LANDMARK_SOURCING', () => {
  it('covers every catalogue point the model does not output', () => {
    for (const id of undetectedLandmarkIds()) expect(LANDMARK_SOURCING[id], id).toBeDefined();
    expect(Object.keys(LANDMARK_SOURCING).sort()).toEqual([...undetectedLandmarkIds()].sort());
  });
});

// The default analysis set on the 38 model points of ISBI 2015 films (CL-Detection 2023 labels, the
// model's own output set: manifest38.json), 0.1 mm/px at the original size.
const m38 = readDatasetJson('manifest38.json');
if (m38.reason) console.warn(`skipping the dataset check: ${m38.reason}`);

/**
 * Measurements that need the ramus points R1-R4 (Xi), which are found on the film (ramus-points.ts), not built from
 * points alone: this check has no film (ramus-points.test.ts tests them on images).
 */
const NEEDS_HAND_PLACED_RAMUS = new Set(['LOWER_FACE_HEIGHT', 'MANDIBULAR_ARC']);

describe.skipIf(m38.data === null)(`default analyses on ISBI films${m38.reason ? ` (skipped: ${m38.reason})` : ''}`, () => {
  const data = m38.data as { downscale: number; images: { id: string; landmarks: [number, number][] }[] } | null;
  const films = (data?.images ?? []).slice(0, 5);
  it.each(films.map((f) => [f.id, f] as const))('film %s: every measurement has a value', (_, film) => {
    const scale = data?.downscale ?? 1;
    const points = film.landmarks.map(([x, y]) => ai(x * scale, y * scale));
    const model = landmarksFromModelOutputV1(points) as Partial<Record<LandmarkId, AiLandmark>>;
    const calibration = calibrationFromDefaultPpm(10);
    const positions = withDerivedLandmarks(mergePositions(model, {}), calibration);
    const incomplete: string[] = [];
    for (const analysis of ANALYSES) {
      for (const r of evaluateAnalysis(analysis, positions, calibration)) {
        if (r.status !== 'ok' && !NEEDS_HAND_PLACED_RAMUS.has(r.id)) incomplete.push(`${analysis.id}/${r.id}: ${JSON.stringify(r)}`);
      }
    }
    expect(incomplete).toEqual([]);
  });
});

describe('incisor outline templates', () => {
  const outline = [
    { t: 0, s: 0 },
    { t: 0.5, s: 0.1 },
    { t: 1, s: 0 },
    { t: 0.5, s: -0.1 },
  ];
  it('maps apex and tip onto the detected points, labial away from the molar (hand-computed)', () => {
    // Apex (0,0), tip (0,100): axis down the image; the molar lies at −x, so labial is +x.
    const pts = fitToothOutline(outline, P(0, 0), P(0, 100), P(-50, 50));
    expect(pts).toEqual([
      { x: 0, y: 0 },
      { x: 10, y: 50 },
      { x: 0, y: 100 },
      { x: -10, y: 50 },
    ]);
  });
  it('scales and rotates with the tooth (molar on the other side flips the labial side)', () => {
    const pts = fitToothOutline(outline, P(10, 10), P(210, 10), P(110, 100));
    expect(pts?.[1]?.x).toBeCloseTo(110, 9);
    expect(pts?.[1]?.y).toBeCloseTo(-10, 9);
  });
  it('draws nothing for a degenerate or incomplete tooth', () => {
    expect(fitToothOutline(outline, P(1, 1), P(1, 1), P(0, 0))).toBeNull();
    expect(toothOutlinePaths({ U1: P(0, 0), U1A: P(0, -100) })).toEqual([]);
    const paths = toothOutlinePaths({ U1: P(0, 100), U1A: P(0, 0), U6: P(-50, 50) });
    expect(paths.map((p) => p.id)).toEqual(['upper-incisor-outline']);
    expect(paths[0]?.d.startsWith('M0 0 C')).toBe(true);
    expect(paths[0]?.d.endsWith('Z')).toBe(true);
  });
});
