import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureNonCephalograms } from '../../src/cli/calibrate-model.ts';
import { datasetDir, loadDatasetManifest, type DatasetManifest } from '../../src/cli/dataset-manifest.ts';
import { generatedNonCephalograms } from '../../src/cli/non-ceph-images.ts';
import { ImageInputError, InferencePool, LandmarkDetector, defaultModelManifestPath, type Detection } from '../../src/inference/index.ts';

const modelPath = defaultModelManifestPath();
const dir = datasetDir();
if (!dir) console.warn('SKIPPED dataset tests: no dataset at CEPH_DATASET_DIR or ../shared/datasets/isbi2015');

function mre(result: Detection, gt: [number, number][], spacing: number, scale = 1): number {
  if (result.status !== 'ok') return Infinity;
  const errs = gt.map(([x, y], j) => Math.hypot(result.landmarks[j]!.x / scale - x, result.landmarks[j]!.y / scale - y) * spacing);
  return errs.reduce((a, b) => a + b, 0) / errs.length;
}

describe('shipped landmark model', () => {
  let detector: LandmarkDetector;
  beforeAll(async () => {
    expect(existsSync(modelPath), `model manifest missing at ${modelPath}`).toBe(true);
    detector = await LandmarkDetector.load(modelPath);
  }, 60_000);

  describe.skipIf(!dir)('on dataset films (skipped without the dataset)', () => {
    let ds: DatasetManifest;
    let base: string;
    const ids = ['151', '200', '299'];
    beforeAll(async () => {
      ({ manifest: ds, baseDir: base } = await loadDatasetManifest(resolve(dir!, 'manifest.json')));
    });
    const film = (id: string) => ds.images.find((im) => im.id === id)!;
    const bytes = (id: string) => readFile(resolve(base, film(id).file));

    it('places the 19 ISBI landmarks within 3 mm MRE on 3 Test1 films (guards broken exports)', async () => {
      for (const id of ids) {
        const r = await detector.detect(await bytes(id));
        expect(r.status).toBe('ok');
        if (r.status !== 'ok') continue;
        expect(r.imageSize).toEqual({ width: 968, height: 1200 });
        expect(r.landmarks).toHaveLength(detector.manifest.landmarks.length);
        expect(r.facing).toBe('right');
        for (const lm of r.landmarks) expect(lm.confidence).toBeGreaterThanOrEqual(0);
        expect(mre(r, film(id).landmarks as [number, number][], ds.pixel_spacing_mm), `film ${id}`).toBeLessThan(3);
      }
    });

    it('handles a film facing left: flips, detects, maps back to the given image', async () => {
      const f = film('200');
      const r = await detector.detect(await sharp(await bytes('200')).flop().jpeg({ quality: 92 }).toBuffer());
      expect(r.status).toBe('ok');
      if (r.status !== 'ok') return;
      expect(r.facing).toBe('left');
      const mirrored = f.landmarks.map(([x, y]) => [f.width - 1 - x, y] as [number, number]);
      expect(mre(r, mirrored, ds.pixel_spacing_mm)).toBeLessThan(3);
    });

    it('returns coordinates in the uploaded image: a 2x larger film gives 2x coordinates', async () => {
      const f = film('151');
      const big = await sharp(await bytes('151')).resize(f.width * 2, f.height * 2).png().toBuffer();
      const r = await detector.detect(big);
      expect(r.imageSize).toEqual({ width: f.width * 2, height: f.height * 2 });
      expect(mre(r, f.landmarks as [number, number][], ds.pixel_spacing_mm, 2)).toBeLessThan(3);
    });
  });

  it('refuses generated non-cephalograms (blank, noise, gradient, panoramic-like, ...)', async () => {
    for (const { name, bytes } of await generatedNonCephalograms()) {
      const r = await detector.detect(bytes);
      expect(r.status, name).toBe('refused');
      if (r.status === 'refused') expect(r.reason).toBe('XRAY_NOT_RECOGNIZED');
    }
  });

  it('refuses real photos and other images that are not cephalograms', async () => {
    for (const { name, bytes } of await fixtureNonCephalograms()) {
      expect((await detector.detect(bytes)).status, name).toBe('refused');
    }
  });
});

describe('InferencePool (worker thread)', () => {
  const pool = new InferencePool(modelPath, 2);
  afterAll(() => pool.close());

  it('keeps the event loop free while the model runs, and survives bad input', async () => {
    await pool.start();
    const film = await sharp({ create: { width: 968, height: 1200, channels: 3, background: '#808080' } }).jpeg().toBuffer();
    let maxGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 5);
    const results = await Promise.all([pool.detect(film), pool.detect(film), pool.detect(film)]);
    clearInterval(timer);
    expect(results.map((r) => r.status)).toEqual(['refused', 'refused', 'refused']);
    // A model run takes hundreds of ms; on the main thread the timer would stall that long.
    expect(maxGap).toBeLessThan(150);
    await expect(pool.detect(new Uint8Array(0))).rejects.toBeInstanceOf(ImageInputError);
    await expect(pool.detect(Buffer.from('not an image at all'))).rejects.toMatchObject({ code: 'IMAGE_CORRUPT' });
    expect((await pool.detect(film)).status).toBe('refused');
  }, 60_000);
});
