import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureNonCephalograms } from '../../../../tools/src/calibrate-model.ts';
import { generatedRadiographs, type NonCephImage } from '../../../../tools/src/non-ceph-images.ts';
import { LandmarkDetector, defaultModelManifestPath } from '../../src/inference/index.ts';
import { MAX_SIDE_PX, MIN_SIDE_PX } from '../../src/inference/image-input.ts';

// The radiographs a practice holds besides lateral cephalograms, and the shipped model's answer to
// each. The log lines show how close each came to acceptance, for calibrating the next model.
const KINDS: [kind: string, what: string][] = [
  ['panoramic', 'panoramic dental X-rays'],
  ['hand-wrist', 'hand-wrist radiographs'],
  ['chest', 'chest PA films'],
  ['skull-pa', 'skull PA (frontal) films'],
  ['cbct-slice', 'CBCT slices'],
  ['screen-photo', 'phone photos of a screen showing an X-ray'],
];

describe('refusal of films that are not lateral cephalograms', () => {
  const modelPath = defaultModelManifestPath();
  let detector: LandmarkDetector;
  let images: NonCephImage[];

  beforeAll(async () => {
    expect(existsSync(modelPath), `model manifest missing at ${modelPath}`).toBe(true);
    detector = await LandmarkDetector.load(modelPath);
    images = await generatedRadiographs();
  }, 120_000);

  /** Names of the images the detector accepted; logs the quality of every one. */
  async function accepted(list: { name: string; bytes: Buffer }[], kind: string): Promise<string[]> {
    const out: string[] = [];
    for (const { name, bytes } of list) {
      const r = await detector.detect(bytes);
      const { meanConfidence, shapeResidual } = r.quality;
      console.log(
        `${r.status === 'refused' ? 'refused ' : 'ACCEPTED'} ${name.padEnd(24)} ` +
          `${kind.padEnd(12)} confidence ${meanConfidence.toFixed(3)} residual ${shapeResidual?.toFixed(4) ?? '-'}`,
      );
      if (r.status !== 'refused' || r.reason !== 'XRAY_NOT_RECOGNIZED') out.push(name);
    }
    return out;
  }

  it('generates the same bytes every time, at sizes a cephalogram upload may have', async () => {
    const again = await generatedRadiographs();
    expect(again.map((x) => x.name)).toEqual(images.map((x) => x.name));
    for (const [i, x] of images.entries()) {
      expect(x.bytes.equals(again[i]!.bytes), x.name).toBe(true);
      const { width = 0, height = 0 } = await sharp(x.bytes).metadata();
      expect(Math.min(width, height), x.name).toBeGreaterThanOrEqual(MIN_SIDE_PX);
      expect(Math.max(width, height), x.name).toBeLessThanOrEqual(MAX_SIDE_PX);
    }
    expect(new Set(images.map((x) => x.kind))).toEqual(new Set(KINDS.map(([k]) => k)));
  }, 120_000);

  for (const [kind, what] of KINDS) {
    it(`refuses ${what}`, async () => {
      const ofKind = images.filter((x) => x.kind === kind);
      expect(ofKind.length).toBeGreaterThan(0);
      expect(await accepted(ofKind, kind)).toEqual([]);
    }, 60_000);
  }

  it('refuses every non-cephalogram fixture in test/fixtures/non-ceph', async () => {
    const fixtures = await fixtureNonCephalograms();
    expect(fixtures.length).toBeGreaterThanOrEqual(5);
    expect(await accepted(fixtures, 'fixture')).toEqual([]);
  }, 60_000);
});
