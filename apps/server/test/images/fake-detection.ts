import { MODEL_OUTPUT_NAMES_V1 } from '@ceppro/ceph';
import type { Detection } from '../../src/inference/index';

/*
 * What a faked landmark model answers, for the tests whose rules do not depend on what the model finds:
 * the 19 ISBI points on a slanted line, each at confidence 0.9.
 */

const POINTS = MODEL_OUTPUT_NAMES_V1.slice(0, 19).map((name, index) => ({
  index,
  name,
  shortName: name,
  x: 300 + index * 20,
  y: 400 + index * 15,
  confidence: 0.9,
}));

/** What every answer of the fake model carries: the film's size, the model's id, its quality and timings. */
export function fakeModelCommon(imageSize: { width: number; height: number }) {
  return {
    imageSize,
    model: { id: 'fake-model', version: '0' },
    quality: { meanConfidence: 0.9, shapeResidual: 0.1 },
    timingsMs: {},
  };
}

/** The fake model's detection on a film of `imageSize` (the ISBI film's by default). */
export function fakeDetection(imageSize = { width: 968, height: 1200 }): Detection {
  return { status: 'ok', landmarks: POINTS, facing: 'right', reviewThreshold: null, ...fakeModelCommon(imageSize) } as Detection;
}
