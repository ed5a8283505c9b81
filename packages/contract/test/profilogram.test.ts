import {
  DEFAULT_PROFILOGRAM_OPTIONS,
  bjorkPolygon,
  calibrationFromDefaultPpm,
  computeProfilogramResult,
  imagePoint,
  type ImagePoint,
  type LandmarkMap,
} from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { profilogramForReport } from '../src/report-model/report-planning';
import { profilogramComparisonSchema, profilogramDocument, readProfilogramDocument } from '../src/viewer-documents/profilogram';

// The computation and the Björk template are packages/ceph's (packages/ceph/test/profilogram-template.test.ts);
// this file checks the stored document (the user's options only) and its migration from version 1,
// which also stored the computed comparison.

/** Template points (mm, SN frame, y up) as image px at 10 px/mm, S at (500, 500), face to the right. */
function filmFrom(points: Record<string, { x: number; y: number }>, ppm = 10): LandmarkMap<ImagePoint> {
  const out: LandmarkMap<ImagePoint> = {};
  for (const [id, p] of Object.entries(points)) (out as Record<string, ImagePoint>)[id] = imagePoint(500 + p.x * ppm, 500 - p.y * ppm);
  return out;
}

const template = bjorkPolygon({ sn: 71, sar: 32, saddle: 123, articular: 143, argo: 44, gonial: 130, gome: 71 });
const film = filmFrom(template);
const calibration = calibrationFromDefaultPpm(10);
const options = { standardLine: 'SN-7', point: 'N', scale: 150, rotate: -20 } as const;

/** A version 1 document as the viewer stored it: the whole computed comparison. */
function storedVersion1(): Record<string, unknown> {
  const r = computeProfilogramResult(film, calibration, options);
  if (!r.ok) throw new Error('not computed');
  return JSON.parse(JSON.stringify(r.result)) as Record<string, unknown>;
}

describe('profilogram_result (version 2: the options only)', () => {
  it('writes the options and nothing derived', () => {
    expect(profilogramDocument(options)).toEqual({ version: 2, options });
    expect(readProfilogramDocument(profilogramDocument(options))).toEqual({ version: 2, options });
  });

  it('opens a version 1 document with its options; polylines, template, deviations, unit and source dropped', () => {
    const old = storedVersion1();
    expect(old).toMatchObject({ version: 1, unit: 'mm' });
    expect((old.deviations as unknown[]).length).toBeGreaterThan(0);
    expect(readProfilogramDocument(old)).toEqual({ version: 2, options });
    // One saved before versions were written (no `version`) opens the same way.
    const { version: _, ...unversioned } = old;
    expect(readProfilogramDocument(unversioned)).toEqual({ version: 2, options });
  });

  it('reads none, an unknown shape or a newer version as nothing stored', () => {
    expect(readProfilogramDocument(null)).toBeNull();
    expect(readProfilogramDocument({ version: 1, points: [] })).toBeNull();
    expect(readProfilogramDocument({ version: 1, options: { ...options, scale: 900 } })).toBeNull();
    expect(readProfilogramDocument({ version: 3, options })).toBeNull();
  });

  it('the report computes the profilogram from a version 1 document as from a version 2 one, with the stored options', () => {
    const fromOld = profilogramForReport({ profilogramResult: storedVersion1() }, film, calibration);
    const fromNew = profilogramForReport({ profilogramResult: profilogramDocument(options) }, film, calibration);
    expect(fromOld).toEqual(fromNew);
    expect(fromNew?.profilogram?.options).toEqual(options);
    expect(profilogramComparisonSchema.safeParse(fromNew?.profilogram).success).toBe(true);
    // Computed from the landmarks now, not read from the document: other landmarks, other deviations.
    const moved = { ...film, Me: imagePoint(film.Me!.x + 30, film.Me!.y) };
    const fromMoved = profilogramForReport({ profilogramResult: storedVersion1() }, moved, calibration);
    expect(fromMoved?.profilogram?.deviations).not.toEqual(fromOld?.profilogram?.deviations);
    // No document: not measured, nothing printed.
    expect(profilogramForReport({ profilogramResult: null }, film, calibration)).toBeNull();
    expect(DEFAULT_PROFILOGRAM_OPTIONS).not.toEqual(options);
  });
});
