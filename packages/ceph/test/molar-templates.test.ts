import { describe, expect, it } from 'vitest';
import {
  MOLAR_TEMPLATES,
  UPPER_INCISOR_LENGTH_MM,
  applyTemplateOffset,
  calibrationFromDefaultPpm,
  calibrationPxPerMm,
  fitMolarOutline,
  molarOutlinePoints,
  templatePaths,
  templateScale,
  UNCALIBRATED,
  type LandmarkMap,
  type Vec2,
} from '../src/index.ts';

const close = (a: Vec2 | undefined, b: Vec2) => {
  expect(a?.x).toBeCloseTo(b.x, 9);
  expect(a?.y).toBeCloseTo(b.y, 9);
};

describe('fitMolarOutline', () => {
  const outline = [
    { u: 0, v: 0 },
    { u: -10, v: 0 },
    { u: -5, v: 15 },
  ];
  // Rows: contact, mesial direction, apex side, px/mm -> expected image points.
  const cases: { name: string; mesial: Vec2; apex: Vec2; k: number; expected: Vec2[] }[] = [
    {
      name: 'mesial to the right, roots up (upper molar facing right)',
      mesial: { x: 1, y: 0 },
      apex: { x: 0, y: -50 },
      k: 5,
      expected: [
        { x: 100, y: 200 },
        { x: 50, y: 200 },
        { x: 75, y: 125 },
      ],
    },
    {
      name: 'mesial to the left, roots down (lower molar facing left), 2 px/mm',
      mesial: { x: -3, y: 0 },
      apex: { x: 0, y: 50 },
      k: 2,
      expected: [
        { x: 100, y: 200 },
        { x: 120, y: 200 },
        { x: 110, y: 230 },
      ],
    },
    {
      name: 'turned 90°: mesial up, roots to the right',
      mesial: { x: 0, y: -1 },
      apex: { x: 40, y: 0 },
      k: 1,
      expected: [
        { x: 100, y: 200 },
        { x: 100, y: 210 },
        { x: 115, y: 205 },
      ],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const contact = { x: 100, y: 200 };
      const apex = { x: contact.x + c.apex.x, y: contact.y + c.apex.y };
      const pts = fitMolarOutline(outline, contact, c.mesial, apex, c.k);
      c.expected.forEach((e, i) => close(pts?.[i], e));
    });
  }
  it('is null without a direction, with the apex on the plane or without a scale', () => {
    expect(fitMolarOutline(outline, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 5 }, 1)).toBeNull();
    expect(fitMolarOutline(outline, { x: 0, y: 0 }, { x: 1, y: 0 }, { x: 9, y: 0 }, 1)).toBeNull();
    expect(fitMolarOutline(outline, { x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 5 }, 0)).toBeNull();
  });
});

describe('molar templates on a dentition', () => {
  // Facing right, occlusal plane horizontal at y = 300; upper incisor 47 px long (2 px/mm by Wheeler's 23.5 mm).
  const P: LandmarkMap<Vec2> = {
    U6: { x: 200, y: 298 },
    L6: { x: 200, y: 302 },
    U1: { x: 300, y: 298 },
    L1: { x: 296, y: 302 },
    U1A: { x: 300, y: 251 },
    L1A: { x: 290, y: 350 },
  };

  it('takes the calibration first, else the incisor length', () => {
    expect(templateScale(P, 4)).toBe(4);
    expect(templateScale(P, null)).toBeCloseTo(47 / UPPER_INCISOR_LENGTH_MM, 9);
    expect(templateScale({ U1: P.U1 }, null)).toBeNull();
    expect(calibrationPxPerMm(calibrationFromDefaultPpm(10))).toBe(10);
    expect(calibrationPxPerMm(UNCALIBRATED)).toBeNull();
  });

  it('puts the upper molar roots up and the lower molar roots down, crowns distal of the contact', () => {
    const [upper, lower] = molarOutlinePoints(P, 2);
    expect(upper?.id).toBe('upper-molar-outline');
    expect(lower?.id).toBe('lower-molar-outline');
    expect(upper?.points[0]).toEqual(P.U6);
    // Deepest root point: v = 16.8 mm above the upper contact, 18 mm below the lower one (at 2 px/mm, mesial ≈ +x).
    expect(Math.min(...(upper?.points.map((p) => p.y) ?? []))).toBeCloseTo(298 - 33.6, 0);
    expect(Math.max(...(lower?.points.map((p) => p.y) ?? []))).toBeCloseTo(302 + 36, 0);
    // Distal end 10 mm (upper) and 11 mm (lower) behind the contact.
    expect(Math.min(...(upper?.points.map((p) => p.x) ?? []))).toBeCloseTo(200 - 20, 0);
    expect(Math.min(...(lower?.points.map((p) => p.x) ?? []))).toBeCloseTo(200 - 22, 0);
    expect(MOLAR_TEMPLATES.map((t) => t.contact)).toEqual(['U6', 'L6']);
  });

  it('draws none without both molars and incisor tips', () => {
    expect(molarOutlinePoints({ ...P, L6: undefined }, 2)).toEqual([]);
  });

  it('moves a template by the user offset and leaves the others as fitted', () => {
    const plain = templatePaths(P, 2);
    expect(plain.map((t) => t.id)).toEqual([
      'upper-incisor-outline',
      'lower-incisor-outline',
      'upper-molar-outline',
      'lower-molar-outline',
    ]);
    const moved = templatePaths(P, 2, { 'upper-molar-outline': { dx: 5, dy: -3, rotation: 0 } });
    const before = plain[2]?.points[0] as Vec2;
    close(moved[2]?.points[0], { x: before.x + 5, y: before.y - 3 });
    expect(moved[0]).toEqual(plain[0]);
    expect(moved[2]?.d).not.toEqual(plain[2]?.d);
  });
});

describe('applyTemplateOffset', () => {
  const square = [
    { x: 0, y: 0 },
    { x: 2, y: 0 },
    { x: 2, y: 2 },
    { x: 0, y: 2 },
  ];
  it('turns about the centroid (clockwise on the film, y down), then shifts', () => {
    const out = applyTemplateOffset(square, { dx: 10, dy: 0, rotation: 90 });
    close(out[0], { x: 12, y: 0 });
    close(out[1], { x: 12, y: 2 });
    close(out[2], { x: 10, y: 2 });
  });
  it('is the identity for a zero offset and empty for no points', () => {
    expect(applyTemplateOffset(square, { dx: 0, dy: 0, rotation: 0 })).toEqual(square);
    expect(applyTemplateOffset([], { dx: 1, dy: 1, rotation: 1 })).toEqual([]);
  });
});
