import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEFINITION_PROFILE,
  DEFINABLE_LANDMARKS,
  DEFINITION_TEXTS_EN,
  LANDMARK_DEFINITION_CHOICES,
  isModelOutputChoice,
  resolveDefinitionProfile,
} from '../src/definitions/choices.ts';
import {
  bridgingTangent,
  constructGonion,
  constructedHorizontal,
  fitLine,
  lowestPointAlong,
  rayPolylineIntersection,
  robustFitLine,
  supportLine,
} from '../src/definitions/constructions.ts';

const C7 = Math.cos((7 * Math.PI) / 180); // 0.992546
const S7 = Math.sin((7 * Math.PI) / 180); // 0.121869
const H = Math.SQRT1_2;

function close(got: { x: number; y: number } | null | undefined, want: { x: number; y: number }, digits = 6): void {
  expect(got).not.toBeNull();
  expect(got!.x).toBeCloseTo(want.x, digits);
  expect(got!.y).toBeCloseTo(want.y, digits);
}

describe('definition registry', () => {
  it('every landmark defaults to the model output and lists it first', () => {
    for (const id of DEFINABLE_LANDMARKS) {
      const entry = LANDMARK_DEFINITION_CHOICES[id];
      expect(entry.landmark).toBe(id);
      expect(entry.choices[0]!.id).toBe(entry.defaultChoice);
      expect(entry.choices[0]!.modelOutput).toBe(true);
      expect(DEFAULT_DEFINITION_PROFILE[id]).toBe(entry.defaultChoice);
    }
  });

  it('every i18n key is unique and has an English text', () => {
    const keys = DEFINABLE_LANDMARKS.flatMap((id) =>
      LANDMARK_DEFINITION_CHOICES[id].choices.flatMap((c) => [c.labelKey, c.descriptionKey]),
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(DEFINITION_TEXTS_EN[k]).toBeTruthy();
    expect(Object.keys(DEFINITION_TEXTS_EN).sort()).toEqual([...keys].sort());
  });

  it.each([
    [null, DEFAULT_DEFINITION_PROFILE],
    [{}, DEFAULT_DEFINITION_PROFILE],
    [{ Po: 'machine' }, { Po: 'machine', Go: 'anatomical', Me: 'isbi' }],
    [
      { Po: 'machine', Go: 'constructed', Me: 'lowest' },
      { Po: 'machine', Go: 'constructed', Me: 'lowest' },
    ],
    [
      { Po: 'ear-bar', Go: 7, Me: 'lowest' },
      { Po: 'anatomical', Go: 'anatomical', Me: 'lowest' },
    ],
  ])('resolveDefinitionProfile(%j)', (input, want) => {
    expect(resolveDefinitionProfile(input)).toEqual(want);
  });

  it.each([
    ['Po', 'anatomical', true],
    ['Po', 'machine', false],
    ['Go', 'tangent-intersection', false],
    ['Me', 'isbi', true],
    ['Me', 'unknown', false],
  ] as const)('isModelOutputChoice(%s, %s) = %s', (id, choice, want) => {
    expect(isModelOutputChoice(id, choice)).toBe(want);
  });
});

describe('constructedHorizontal (SN−7°, image px, y down)', () => {
  it.each([
    ['right-facing, SN level', { x: 0, y: 0 }, { x: 100, y: 0 }, { x: C7, y: S7 }, { x: -S7, y: C7 }],
    ['left-facing, SN level', { x: 100, y: 0 }, { x: 0, y: 0 }, { x: -C7, y: S7 }, { x: S7, y: C7 }],
    // SN rising 7° anteriorly (N above S in the image) is then exactly horizontal.
    ['right-facing, SN rising 7°', { x: 0, y: 0 }, { x: C7, y: -S7 }, { x: 1, y: 0 }, { x: 0, y: 1 }],
  ])('%s', (_name, s, n, anterior, inferior) => {
    const f = constructedHorizontal(s, n);
    close(f?.anterior, anterior);
    close(f?.inferior, inferior);
  });
  it('S = N is not computable', () => {
    expect(constructedHorizontal({ x: 1, y: 1 }, { x: 1, y: 1 })).toBeNull();
  });
});

describe('line fitting', () => {
  it.each([
    [
      'diagonal',
      [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ],
      { x: 1, y: 1 },
      { x: H, y: H },
    ],
    [
      'vertical, directed first→last',
      [
        { x: 0, y: 2 },
        { x: 0, y: 1 },
        { x: 0, y: 0 },
      ],
      { x: 0, y: 1 },
      { x: 0, y: -1 },
    ],
    [
      'horizontal pair',
      [
        { x: 4, y: 3 },
        { x: 0, y: 3 },
      ],
      { x: 2, y: 3 },
      { x: -1, y: 0 },
    ],
  ])('fitLine: %s', (_name, pts, point, direction) => {
    const l = fitLine(pts);
    close(l?.point, point);
    close(l?.direction, direction);
  });

  it.each([
    ['one point', [{ x: 1, y: 1 }]],
    [
      'coincident points',
      [
        { x: 1, y: 1 },
        { x: 1, y: 1 },
      ],
    ],
  ])('fitLine: %s is not computable', (_name, pts) => {
    expect(fitLine(pts)).toBeNull();
  });

  it('robustFitLine drops a stray point', () => {
    // First fit: horizontal through (5, 10/12); distances 0.83 (×11) and 9.17; tolerance 2.5 × 0.83.
    const pts = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((x) => ({ x, y: 0 }));
    const r = robustFitLine([...pts.slice(0, 5), { x: 5, y: 10 }, ...pts.slice(5)]);
    expect(r?.inliers).toHaveLength(11);
    close(r?.line.point, { x: 5, y: 0 });
    close(r?.line.direction, { x: 1, y: 0 });
  });

  it('robustFitLine needs minPoints', () => {
    expect(
      robustFitLine(
        [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ],
        { minPoints: 3 },
      ),
    ).toBeNull();
  });
});

describe('tangents', () => {
  const hump = [
    { x: 0, y: 0 },
    { x: 1, y: -1 },
    { x: 2, y: 0 },
  ];
  it('supportLine touches the outermost point', () => {
    const l = supportLine(hump, { x: 1, y: 0 }, { x: 0, y: -1 });
    close(l?.point, { x: 1, y: -1 });
    close(l?.direction, { x: 1, y: 0 });
    // outward on the other side: the line touches the two lower points
    expect(supportLine(hump, { x: 1, y: 0 }, { x: 0, y: 1 })?.point.y).toBe(0);
  });

  it('supportLine is not computable for an outward along the line or no points', () => {
    expect(supportLine(hump, { x: 1, y: 0 }, { x: 2, y: 0 })).toBeNull();
    expect(supportLine([], { x: 1, y: 0 }, { x: 0, y: 1 })).toBeNull();
  });

  it('bridgingTangent spans a notched border (both ends bulge outward)', () => {
    // A lower border (outward = image down) with a notch in the middle.
    const border = [
      { x: 0, y: 2 },
      { x: 1, y: 1.5 },
      { x: 2, y: 1 },
      { x: 3, y: 1.5 },
      { x: 4, y: 2 },
    ];
    const l = bridgingTangent(border, { x: 1, y: 0 }, { x: 0, y: 1 });
    close(l?.point, { x: 0, y: 2 });
    close(l?.direction, { x: 1, y: 0 });
  });

  it('bridgingTangent of a tilted hull picks the edge over the middle', () => {
    // Outer hull (outward = +y): (0,0) → (2,2) → (6,3); the middle u = 3 lies over the second edge.
    const l = bridgingTangent(
      [
        { x: 0, y: 0 },
        { x: 2, y: 2 },
        { x: 4, y: 1 },
        { x: 6, y: 3 },
      ],
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    );
    close(l?.point, { x: 2, y: 2 });
    close(l?.direction, { x: 4 / Math.hypot(4, 1), y: 1 / Math.hypot(4, 1) });
  });
});

describe('constructGonion', () => {
  const ramus = { point: { x: 0, y: 0 }, direction: { x: 0, y: 1 } };
  const lower = { point: { x: 0, y: 10 }, direction: { x: -1, y: 0 } };
  it('intersects the tangents and bisects towards Ar and Me', () => {
    const g = constructGonion(ramus, lower, { x: 0, y: -50 }, { x: 50, y: 10 });
    close(g?.intersection, { x: 0, y: 10 });
    close(g?.bisector, { x: H, y: -H });
  });
  it('parallel tangents are not computable', () => {
    expect(constructGonion(ramus, { point: { x: 5, y: 0 }, direction: { x: 0, y: -1 } }, { x: 0, y: -50 }, { x: 5, y: 50 })).toBeNull();
  });
});

describe('rayPolylineIntersection', () => {
  const contour = [
    { x: 5, y: -1 },
    { x: 5, y: 1 },
    { x: 3, y: 1 },
    { x: 3, y: -1 },
  ];
  it.each([
    ['nearest crossing', { x: 0, y: 0 }, { x: 1, y: 0 }, { x: 3, y: 0 }],
    ['from between the crossings', { x: 4, y: 0 }, { x: 1, y: 0 }, { x: 5, y: 0 }],
    ['through a vertex', { x: 4, y: -3 }, { x: 0.5, y: 2 }, { x: 5, y: 1 }],
  ])('%s', (_name, origin, dir, want) => {
    close(rayPolylineIntersection(origin, dir, contour), want);
  });
  it('a ray that misses', () => {
    expect(rayPolylineIntersection({ x: 0, y: 0 }, { x: -1, y: 0 }, contour)).toBeNull();
  });
});

describe('lowestPointAlong', () => {
  it.each([
    [
      'symmetric: the vertex itself',
      [
        { x: 0, y: 0 },
        { x: 1, y: 2 },
        { x: 2, y: 3 },
        { x: 3, y: 2 },
        { x: 4, y: 0 },
      ],
      { x: 0, y: 1 },
      { x: 2, y: 3 },
      2,
    ],
    [
      // heights 0, 3, 4, 2: parabola offset 0.5·(3−2)/(3−8+2) = −1/6 towards the previous vertex
      'asymmetric: parabola refinement',
      [
        { x: 0, y: 0 },
        { x: 1, y: 3 },
        { x: 2, y: 4 },
        { x: 3, y: 2 },
      ],
      { x: 0, y: 5 },
      { x: 2 - 1 / 6, y: 4 - 1 / 6 },
      2,
    ],
    [
      // heights along (1,1)/√2 ∝ 0, 3, 4.2, 5, 4: offset 0.5·(4.2−4)/(4.2−10+4) = −1/18
      'down along a tilted direction',
      [
        { x: 0, y: 0 },
        { x: 1, y: 2 },
        { x: 2, y: 2.2 },
        { x: 3, y: 2 },
        { x: 4, y: 0 },
      ],
      { x: 1, y: 1 },
      { x: 3 - 1 / 18, y: 2 + 0.2 / 18 },
      3,
    ],
    [
      'the end of the contour',
      [
        { x: 0, y: 5 },
        { x: 1, y: 0 },
      ],
      { x: 0, y: 1 },
      { x: 0, y: 5 },
      0,
    ],
  ])('%s', (_name, contour, down, point, index) => {
    const r = lowestPointAlong(contour, down);
    close(r?.point, point);
    expect(r?.index).toBe(index);
  });
  it('empty contour or zero direction', () => {
    expect(lowestPointAlong([], { x: 0, y: 1 })).toBeNull();
    expect(lowestPointAlong([{ x: 0, y: 0 }], { x: 0, y: 0 })).toBeNull();
  });
});
