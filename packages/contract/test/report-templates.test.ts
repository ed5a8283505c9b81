import { getAnalysis, landmarkIdFromName, MODEL_OUTPUT_NAMES_V1, type LandmarkId } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { buildReportModel, templateOffsetsPatch, type ReportInput } from '../src/index';

/** The report prints the tooth templates the viewer draws: incisors and first molars, as the user moved them. */

const steiner = getAnalysis('steiner') ?? (null as never);

/** A model landmark of the v1 output by catalogue id (its index and name in MODEL_OUTPUT_NAMES_V1). */
function point(id: LandmarkId, x: number, y: number) {
  const cname = MODEL_OUTPUT_NAMES_V1.findIndex((name) => landmarkIdFromName(name) === id);
  if (cname < 0) throw new Error(`${id} is not a model output`);
  return { cname, name: MODEL_OUTPUT_NAMES_V1[cname], x, y };
}

// A dentition facing right: occlusal plane at y ≈ 600, upper incisor 47 px long.
const INPUT: ReportInput = {
  now: new Date('2026-03-04T10:00:00Z'),
  clinic: null,
  patient: { firstName: 'Kim', patientId: null, birthInfo: null, gender: null },
  chart: { chartId: 'c-1', shootDate: null },
  record: {
    inferResult: {
      version: 1,
      model: { id: 'm', version: '1' },
      landmarks: [
        point('U6', 400, 598),
        point('L6', 400, 602),
        point('U1', 500, 598),
        point('L1', 496, 602),
        point('U1A', 500, 551),
        point('L1A', 490, 650),
      ],
    },
    modifiedResult: null,
    rulerInfo: null,
  },
  defaultPpm: 10,
};

const templateOf = (input: ReportInput, id: string) => buildReportModel(input, steiner).film.tracing.find((p) => p.id === id);

describe('report tracing: tooth templates', () => {
  it('prints the incisor and first-molar outlines', () => {
    const ids = buildReportModel(INPUT, steiner).film.tracing.map((p) => p.id);
    expect(ids).toEqual(
      expect.arrayContaining(['upper-incisor-outline', 'lower-incisor-outline', 'upper-molar-outline', 'lower-molar-outline']),
    );
  });

  it("prints a template where the user dragged it (the chart's drawing_result.templates), the others as fitted", () => {
    const drawingResult = templateOffsetsPatch({ 'lower-molar-outline': { dx: 12, dy: -4, rotation: 0 } });
    const moved = { ...INPUT, record: { ...INPUT.record, drawingResult } };
    expect(templateOf(moved, 'lower-molar-outline')?.d).not.toEqual(templateOf(INPUT, 'lower-molar-outline')?.d);
    expect(templateOf(moved, 'upper-molar-outline')?.d).toEqual(templateOf(INPUT, 'upper-molar-outline')?.d);
    // The path starts at the mesial contact: L6 shifted by the offset.
    expect(templateOf(moved, 'lower-molar-outline')?.d.startsWith('M412 598')).toBe(true);
  });
});
