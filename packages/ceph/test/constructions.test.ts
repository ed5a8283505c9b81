import { describe, expect, it } from 'vitest';
import {
  construct as c,
  evaluateConstruction,
  evaluateMeasurementInFrame,
  requiredLandmarks,
  type Construction,
  type LandmarkId,
  type LandmarkMap,
  type MeasurementDefinition,
  type Vec2,
} from '../src/index.ts';

const P = (entries: Partial<Record<LandmarkId, [number, number]>>): LandmarkMap<Vec2> =>
  Object.fromEntries(Object.entries(entries).map(([k, [x, y]]) => [k, { x, y }])) as LandmarkMap<Vec2>;

// Patient-frame points (x anterior, y superior), values computed by hand in the comments.
const CASES: [string, Construction, LandmarkMap<Vec2>, number][] = [
  ['vertex angle ∠(A,S,N) = 45°', c.vertexAngle('A', 'S', 'N'), P({ S: [0, 0], A: [1, 0], N: [1, 1] }), 45],
  ['ang(S→N, A→B) = 135°', c.angle(c.vec('S', 'N'), c.vec('A', 'B')), P({ S: [0, 0], N: [1, 0], A: [0, 0], B: [-1, 1] }), 135],
  [
    'sang((1,0), (1,−√3)) = −60°',
    c.signedAngle(c.vec('S', 'N'), c.vec('A', 'B')),
    P({ S: [0, 0], N: [1, 0], A: [0, 0], B: [1, -Math.sqrt(3)] }),
    -60,
  ],
  [
    'sang((1,0), (−1,−√3)) = −120°',
    c.signedAngle(c.vec('S', 'N'), c.vec('A', 'B')),
    P({ S: [0, 0], N: [1, 0], A: [0, 0], B: [-1, -Math.sqrt(3)] }),
    -120,
  ],
  ['acute(S→N, A→B) folds 135° to 45°', c.acute(c.vec('S', 'N'), c.vec('A', 'B')), P({ S: [0, 0], N: [1, 0], A: [0, 0], B: [-1, 1] }), 45],
  ['dist(S,N) = 5 (3-4-5)', c.distance('S', 'N'), P({ S: [0, 0], N: [3, 4] }), 5],
  ['sd(A; N→B), N above B, A 3 anterior', c.sd('A', c.vec('N', 'B')), P({ N: [0, 10], B: [0, 0], A: [3, 5] }), 3],
  ['sd(A; N→B), A 2 posterior', c.sd('A', c.vec('N', 'B')), P({ N: [0, 10], B: [0, 0], A: [-2, 5] }), -2],
  ['sd(A; PNS→ANS), A 4 above', c.sd('A', c.vec('PNS', 'ANS')), P({ PNS: [0, 0], ANS: [10, 0], A: [5, 4] }), 4],
  ['along(A − N; û(Po→Or)) = (4,0)·(0.8,0.6) = 3.2', c.along('N', 'A', c.FH), P({ Po: [0, 0], Or: [4, 3], N: [2, 5], A: [6, 5] }), 3.2],
  [
    'along(A − N; perp û) = (4,0)·(−0.6,0.8) = −2.4',
    c.alongPerpendicular('N', 'A', c.FH),
    P({ Po: [0, 0], Or: [4, 3], N: [2, 5], A: [6, 5] }),
    -2.4,
  ],
  ['ratio 100·5/2 = 250', c.ratio(c.distance('S', 'N'), c.distance('A', 'B'), 100), P({ S: [0, 0], N: [3, 4], A: [0, 0], B: [0, 2] }), 250],
  [
    'linear 180 − ∠(N,A,Pog) = 180 − 90',
    c.linear([[-1, c.vertexAngle('N', 'A', 'Pog')]], 180),
    P({ N: [0, 10], A: [0, 0], Pog: [10, 0] }),
    90,
  ],
  [
    'linear SNA − SNB = 60 − 45',
    c.linear([
      [1, c.vertexAngle('S', 'N', 'A')],
      [-1, c.vertexAngle('S', 'N', 'B')],
    ]),
    P({ N: [0, 0], S: [-1, 0], A: [-0.5, -Math.sqrt(3) / 2], B: [-1, -1] }),
    15,
  ],
  [
    'signed-by-side: A in front of N→Pog gives +',
    c.signedBySide(c.linear([[-1, c.vertexAngle('N', 'A', 'Pog')]], 180), 'A', c.vec('N', 'Pog')),
    P({ N: [0, 10], A: [1, 5], Pog: [0, 0] }),
    180 - (2 * (Math.atan2(5, 1) * 180)) / Math.PI,
  ],
  [
    'signed-by-side: A behind N→Pog gives −',
    c.signedBySide(c.linear([[-1, c.vertexAngle('N', 'A', 'Pog')]], 180), 'A', c.vec('N', 'Pog')),
    P({ N: [0, 10], A: [-1, 5], Pog: [0, 0] }),
    -(180 - (2 * (Math.atan2(5, 1) * 180)) / Math.PI),
  ],
  [
    'signed-by-side relative: B behind A → −acute',
    c.signedBySide(c.acute(c.vec('A', 'B'), c.vec('N', 'Pog')), 'B', c.vec('N', 'Pog'), 'A'),
    P({ N: [0, 10], Pog: [0, 0], A: [2, 6], B: [1, 5] }),
    -45,
  ],
  ['midpoint: dist(mid(S,N), A)', c.distance(c.mid('S', 'N'), 'A'), P({ S: [0, 0], N: [4, 0], A: [2, 3] }), 3],
  [
    'most protrusive lip seen from Pog′: Ls',
    c.distance(c.mostProtrusive('stPog', 'Ls', 'Li'), 'stPog'),
    P({ stPog: [0, 0], Ls: [3, 4], Li: [1, 2] }),
    5,
  ],
  [
    'most protrusive lip seen from Pog′: Li',
    c.distance(c.mostProtrusive('stPog', 'Ls', 'Li'), 'stPog'),
    P({ stPog: [0, 0], Ls: [1, 4], Li: [3, 4] }),
    5,
  ],
];

describe('constructions (hand-computed, patient frame)', () => {
  it.each(CASES)('%s', (_label, construction, pts, want) => {
    expect(evaluateConstruction(construction, pts)).toBeCloseTo(want, 10);
  });

  it('degenerate geometry gives null, never NaN', () => {
    expect(evaluateConstruction(c.angle(c.vec('S', 'N'), c.vec('A', 'B')), P({ S: [1, 1], N: [1, 1], A: [0, 0], B: [1, 0] }))).toBeNull();
    expect(
      evaluateConstruction(c.ratio(c.distance('S', 'N'), c.distance('A', 'B')), P({ S: [0, 0], N: [1, 0], A: [2, 2], B: [2, 2] })),
    ).toBeNull();
    expect(evaluateConstruction(c.sd('A', c.vec('N', 'B')), P({ A: [0, 0], N: [1, 1], B: [1, 1] }))).toBeNull();
  });

  it('lists required landmarks in first-use order, through midpoints', () => {
    expect(requiredLandmarks(c.along('B', 'A', c.FOP))).toEqual(['B', 'A', 'U6', 'L6', 'UPM', 'LPM']);
  });
});

describe('measurement status', () => {
  const def: MeasurementDefinition = {
    id: 'T',
    name: 't',
    unit: 'mm',
    construction: c.distance('S', 'N'),
    norm: null,
    increased: '',
    decreased: '',
  };
  it('missing landmarks → incomplete with their ids', () => {
    expect(evaluateMeasurementInFrame(def, P({ S: [0, 0] }), 'mm')).toEqual({ id: 'T', status: 'incomplete', missing: ['N'] });
  });
  it('degenerate → not-computable', () => {
    const r = evaluateMeasurementInFrame({ ...def, construction: c.vertexAngle('S', 'S', 'N') }, P({ S: [0, 0], N: [1, 0] }), 'mm');
    expect(r.status).toBe('not-computable');
  });
  it('lengths in an uncalibrated frame are px and flagged; angles are not', () => {
    expect(evaluateMeasurementInFrame(def, P({ S: [0, 0], N: [3, 4] }), 'px')).toEqual({
      id: 'T',
      status: 'ok',
      value: 5,
      unit: 'px',
      uncalibrated: true,
    });
    expect(evaluateMeasurementInFrame(def, P({ S: [0, 0], N: [3, 4] }), 'mm')).toEqual({
      id: 'T',
      status: 'ok',
      value: 5,
      unit: 'mm',
      uncalibrated: false,
    });
    const ang = { ...def, unit: 'deg' as const, construction: c.vertexAngle('A', 'S', 'N') };
    expect(evaluateMeasurementInFrame(ang, P({ S: [0, 0], A: [1, 0], N: [0, 1] }), 'px')).toMatchObject({
      unit: 'deg',
      uncalibrated: false,
    });
  });
});
