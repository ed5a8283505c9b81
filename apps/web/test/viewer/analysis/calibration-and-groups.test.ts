import { ANALYSES, DOWNS, getMeasurement, STEINER, USER_ANALYSIS_MANAGE_VERSION, type Construction } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { analysisOptions, initialOptionKey, optionFor } from '../../../src/features/viewer/lib/analysis-options.ts';
import { constructionShapes } from '../../../src/features/viewer/analysis/lib/construction-shapes.ts';
import {
  createGroup,
  deleteGroup,
  emptyManage,
  readManage,
  savePayload,
  setDefaultGroup,
  toggleMeasurement,
} from '../../../src/features/viewer/lib/custom-groups.ts';
import { makeRulerInfo, parseRulerInfo, resolveCalibration, rulerProblem } from '../../../src/features/viewer/lib/calibration-source.ts';
import { A, N, POSITIONS, S } from './fixtures.ts';

// p1–p2 are 140 px apart and 20 mm long: 7 px/mm.
const RULER = { version: 2 as const, p1: { x: 10, y: 10 }, p2: { x: 10, y: 150 }, length_mm: 20 };
// What version 1 stored: the same choices with the ppm derived from them (here a stale one).
const RULER_V1 = { version: 1, p1: RULER.p1, p2: RULER.p2, length_mm: 20, ppm: 999 };

describe('calibration precedence', () => {
  it('uses the ruler first, then the default PPM, then nothing', () => {
    expect(resolveCalibration(RULER, 10)).toMatchObject({ origin: 'ruler', ppm: 7, calibration: { kind: 'calibrated', source: 'ruler' } });
    expect(resolveCalibration(null, 10)).toMatchObject({
      origin: 'default-ppm',
      ppm: 10,
      calibration: { kind: 'calibrated', source: 'default-ppm' },
    });
    expect(resolveCalibration(null, null)).toEqual({ origin: 'none', ppm: null, calibration: { kind: 'uncalibrated' } });
    expect(resolveCalibration(null, 0).origin).toBe('none');
  });

  it('computes the ruler ppm from its points and length; a version-1 document opens without its stored ppm', () => {
    expect(parseRulerInfo(RULER_V1)).toEqual(RULER);
    expect(resolveCalibration(parseRulerInfo(RULER_V1), null).ppm).toBe(7);
    expect(parseRulerInfo({ p1: RULER.p1, p2: RULER.p2, length_mm: 20 })).toEqual(RULER);
  });

  it('makes the ruler_info document of the choices only; ppm = distance in px / length in mm where shown', () => {
    expect(makeRulerInfo({ x: 10, y: 10 }, { x: 10, y: 150 }, 20)).toEqual(RULER);
    expect(makeRulerInfo({ x: 0, y: 0 }, { x: 30, y: 40 }, 5)).not.toHaveProperty('ppm');
    expect(resolveCalibration(makeRulerInfo({ x: 0, y: 0 }, { x: 30, y: 40 }, 5), null).ppm).toBe(10);
    expect(rulerProblem({ x: 1, y: 1 }, { x: 1, y: 1 }, 10)).toBe('same-point');
    expect(rulerProblem({ x: 0, y: 0 }, { x: 0, y: 9 }, 0)).toBe('length');
    expect(rulerProblem({ x: 0, y: 0 }, { x: 0, y: 9 }, Number.NaN)).toBe('length');
    expect(() => makeRulerInfo({ x: 0, y: 0 }, { x: 0, y: 0 }, 10)).toThrow();
  });

  it('reads only valid rulers of a version it knows', () => {
    expect(parseRulerInfo(RULER)).toEqual(RULER);
    expect(parseRulerInfo({ ...RULER, version: 3 })).toBeNull();
    expect(parseRulerInfo({ ...RULER, p2: RULER.p1 })).toBeNull();
    expect(parseRulerInfo({ version: 1 })).toBeNull();
    expect(parseRulerInfo(null)).toBeNull();
  });
});

describe('analysis menu', () => {
  it('offers the standard analyses, the first selected when there is no default', () => {
    const options = analysisOptions(null);
    expect(options.map((o) => o.key)).toEqual(ANALYSES.map((a) => `std:${a.id}`));
    expect(initialOptionKey(options)).toBe('std:steiner');
  });

  it('selects the user default first: the matching analysis, or the default group itself', () => {
    const downsDefault = setDefaultGroup(emptyManage(), DOWNS.measurementIds);
    if (!downsDefault.ok) throw new Error('invalid');
    expect(initialOptionKey(analysisOptions(downsDefault.value))).toBe('std:downs');

    const own = setDefaultGroup(emptyManage(), ['SNA', 'FMA']);
    if (!own.ok) throw new Error('invalid');
    const options = analysisOptions(own.value);
    expect(options[0]).toMatchObject({ key: 'default', kind: 'default', isDefault: true, analysis: { measurementIds: ['SNA', 'FMA'] } });
    expect(initialOptionKey(options)).toBe('default');
    expect(optionFor(options, 'gone')?.key).toBe('default');
  });
});

describe('custom groups', () => {
  it('builds the user_analysis_manage save payload from edits', () => {
    let manage = emptyManage();
    const step = (r: ReturnType<typeof createGroup>) => {
      if (!r.ok) throw new Error(r.issues[0]?.message);
      manage = r.value;
    };
    step(createGroup(manage, '  Ortho basics '));
    step(toggleMeasurement(manage, 'Ortho basics', 'SNA', true));
    step(toggleMeasurement(manage, 'Ortho basics', 'ANB', true));
    step(toggleMeasurement(manage, 'Ortho basics', 'SNA', false));
    step(toggleMeasurement(manage, 'Ortho basics', 'FMA', true));
    step(createGroup(manage, 'Temp'));
    manage = deleteGroup(manage, 'Temp');
    step(setDefaultGroup(manage, STEINER.measurementIds));
    expect(savePayload(manage)).toEqual({
      manage: {
        version: USER_ANALYSIS_MANAGE_VERSION,
        defaultGroup: { measurementIds: [...STEINER.measurementIds] },
        groups: [{ name: 'Ortho basics', measurementIds: ['ANB', 'FMA'] }],
      },
    });
    expect(createGroup(manage, 'Ortho basics').ok).toBe(false);
    expect(createGroup(manage, '  ').ok).toBe(false);
    expect(toggleMeasurement(manage, null, 'NOT_A_MEASUREMENT', true).ok).toBe(false);
  });

  it('reports a stored document it cannot read instead of dropping it silently', () => {
    expect(readManage(null)).toEqual({ manage: emptyManage(), problem: false });
    expect(readManage({ version: 1, defaultGroup: { measurementIds: ['NOPE'] }, groups: [] }).problem).toBe(true);
  });
});

describe('construction highlight shapes', () => {
  const shapesOf = (id: string) => constructionShapes((getMeasurement(id) as { construction: Construction }).construction, POSITIONS);

  it('draws SNA as the arms N→S and N→A with an angle mark at N, in image px', () => {
    const shapes = shapesOf('SNA');
    const segments = shapes.filter((s) => s.kind === 'segment');
    expect(segments).toEqual([
      { kind: 'segment', a: N, b: S, role: 'measure' },
      { kind: 'segment', a: N, b: A, role: 'measure' },
    ]);
    const arc = shapes.find((s) => s.kind === 'arc');
    expect(arc?.kind === 'arc' && arc.vertex).toEqual(N);
    if (arc?.kind === 'arc') {
      expect(arc.from.x).toBeCloseTo(-1, 9); // towards S
      expect(arc.to.x).toBeCloseTo(-20 / Math.hypot(20, 140), 9); // towards A
      expect(arc.to.y).toBeCloseTo(140 / Math.hypot(20, 140), 9);
    }
    expect(shapes.filter((s) => s.kind === 'point')).toHaveLength(3);
  });

  it('draws a length as one measured segment and skips parts with missing landmarks', () => {
    expect(shapesOf('ANT_CRANIAL_BASE').filter((s) => s.kind === 'segment')).toEqual([{ kind: 'segment', a: S, b: N, role: 'measure' }]);
    expect(shapesOf('SND')).toEqual([]);
  });

  it('draws a point-to-line distance with its perpendicular foot on the line', () => {
    // Pog–NB: the foot of Pog on N→B; the reference line is extended to reach it.
    const shapes = constructionShapes((getMeasurement('POG_NB_MM') as { construction: Construction }).construction, {
      ...POSITIONS,
      Pog: { x: 600, y: 800 },
    });
    const measure = shapes.find((s) => s.kind === 'segment' && s.role === 'measure');
    if (measure?.kind !== 'segment') throw new Error('no measured segment');
    expect(measure.a).toEqual({ x: 600, y: 800 });
    // N→B = (−40, 180): foot = N + t·d, t = ((0, 300)·d)/(d·d) = 54000/34000
    const t = 54000 / 34000;
    expect(measure.b.x).toBeCloseTo(600 - 40 * t, 9);
    expect(measure.b.y).toBeCloseTo(500 + 180 * t, 9);
  });
});
