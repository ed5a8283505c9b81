import {
  applyAffine,
  imagePoint,
  landmarkIdFromName,
  MODEL_OUTPUT_NAMES_V1,
  type Affine2,
  type LandmarkMap,
  type Vec2,
} from '@ceppro/ceph';
import {
  IMAGE_TYPE,
  PLANNING_ENDPOINTS,
  successEnvelopeSchema,
  type AutoAlignResponse,
  type SuperimpositionResponse,
} from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../auth/auth-harness';
import { createImageHarness, plainImage, type ImageHarness } from '../images/image-harness';
import { facePhoto, noFacePhoto, photoPointOf, placeProfile, type FacePhotoOptions } from './face-photo';
import { FILM_300, FILM_300_SIZE } from '../fixtures/film-300';

/**
 * The planning endpoints through HTTP on a real database: superimposition of a patient's films and
 * the facial photo auto-alignment, with ownership, validation and the stable error codes.
 */

/**
 * CL-Detection 2023 labels of ISBI film 001 (968 x 1200 px frame of the dataset copy, `manifest38.json`),
 * the 38 model outputs in order, soft tissue from glabella to the cervical point included.
 * CC BY-NC 4.0: Zhang H., Wang C.-W. et al., arXiv:2409.15834 (2024); Wang et al., MedIA 31 (2016).
 */
const FILM_001: ReadonlyArray<readonly [number, number]> = [
  [417.5, 498],
  [736.5, 514.5],
  [659, 636],
  [311.5, 619],
  [671, 819.5],
  [686.5, 1014.5],
  [666.5, 1100],
  [633, 1139.5],
  [656.5, 1122],
  [347, 902.5],
  [728.5, 932.5],
  [725, 932],
  [793.5, 878.5],
  [784.5, 1002.5],
  [757, 810],
  [715.5, 1118],
  [467, 769],
  [693.5, 776],
  [335, 671.5],
  [638, 1091],
  [670, 830.5],
  [660.5, 1017.5],
  [794, 796],
  [469, 706],
  [368, 592.5],
  [831.5, 764],
  [249, 720],
  [465.5, 611],
  [181.5, 694],
  [779, 859],
  [768.5, 1014],
  [692.5, 1152],
  [633, 1178],
  [799.5, 446],
  [750, 573],
  [480, 1154.5],
  [587.5, 888.5],
  [604, 924],
];
const SIZE = FILM_300_SIZE;
/** 5 px/mm: the dataset films are the 0.1 mm/px originals halved. */
const RULER = { version: 1, p1: { x: 100, y: 100 }, p2: { x: 150, y: 100 }, length_mm: 10, ppm: 5 };
const PX_PER_MM = 5;

let t: ImageHarness;
let tokenA: string;
let tokenB: string;

const inferResult = (points: ReadonlyArray<readonly [number, number]>) => ({
  version: 1,
  model: { id: 'test-model', version: '1' },
  landmarks: points.map(([x, y], cname) => ({ cname, name: MODEL_OUTPUT_NAMES_V1[cname] ?? '', x, y, confidence: 0.9 })),
});

function landmarkMap(points: ReadonlyArray<readonly [number, number]>): LandmarkMap<Vec2> {
  const out: LandmarkMap<Vec2> = {};
  points.forEach(([x, y], i) => {
    const id = landmarkIdFromName(MODEL_OUTPUT_NAMES_V1[i] ?? '');
    if (id) out[id] = imagePoint(x, y);
  });
  return out;
}

async function patient(token: string, name: string): Promise<number> {
  const data = await t.ok<{ create_patient: { id: number } }>(
    token,
    'mutation($i: CreatePatientInput!) { create_patient(input: $i) { id } }',
    { i: { first_name: name, birth_info: '2008-05-06', gender: true } },
  );
  return data.create_patient.id;
}

async function chart(token: string, patientRef: number): Promise<{ chartRef: number; chartId: string }> {
  const data = await t.ok<{ create_chart: { id: number; chart_id: string } }>(
    token,
    'mutation($p: Int!) { create_chart(patient_id: $p) { id chart_id } }',
    { p: patientRef },
  );
  return { chartRef: data.create_chart.id, chartId: data.create_chart.chart_id };
}

/** Uploads an image of the chart and makes it live, as landmark detection would. */
async function upload(token: string, chartId: string, bytes: Buffer, type: '00700' | '00710', shootDate = '2024-03-04'): Promise<void> {
  await t.liveImage(token, chartId, bytes, { type, shootDate });
}

/** A chart with a cephalogram shot on `shootDate` and these model landmarks (model v1 order), calibrated at 5 px/mm. */
async function filmChart(token: string, patientRef: number, points: ReadonlyArray<readonly [number, number]> | null, shootDate: string) {
  const c = await chart(token, patientRef);
  await upload(token, c.chartId, await plainImage(SIZE.width, SIZE.height), IMAGE_TYPE.cephalogram, shootDate);
  if (points)
    await t.ok(token, 'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }', {
      c: c.chartRef,
      i: { infer_result: inferResult(points), img_size: SIZE, ruler_info: RULER },
    });
  return c;
}

async function post(token: string | null, url: string, body: unknown): Promise<Reply> {
  return t.h.postJson(url, body, token === null ? {} : { token });
}

async function superimpose(token: string, body: unknown): Promise<SuperimpositionResponse> {
  const reply = await post(token, PLANNING_ENDPOINTS.superimposition.path, body);
  expect(reply.status, reply.raw).toBe(200);
  return successEnvelopeSchema(PLANNING_ENDPOINTS.superimposition.response).parse(reply.body).data;
}

async function autoAlign(token: string, chartId: string): Promise<AutoAlignResponse> {
  const reply = await post(token, PLANNING_ENDPOINTS.autoAlign.path, { chart_id: chartId });
  expect(reply.status, reply.raw).toBe(200);
  return successEnvelopeSchema(PLANNING_ENDPOINTS.autoAlign.response).parse(reply.body).data;
}

/** Film 300 moved rigidly: rotated 7° about (480, 600), shifted (35, -22). */
const t7 = (7 * Math.PI) / 180;
const RIGID: Affine2 = { a: Math.cos(t7), b: Math.sin(t7), c: -Math.sin(t7), d: Math.cos(t7), tx: 0, ty: 0 };
const pivot = applyAffine(RIGID, { x: 480, y: 600 });
const MOVE: Affine2 = { ...RIGID, tx: 480 - pivot.x + 35, ty: 600 - pivot.y - 22 };
const FILM_300_MOVED = FILM_300.map(([x, y]) => {
  const p = applyAffine(MOVE, { x, y });
  return [p.x, p.y] as const;
});

beforeAll(async () => {
  t = await createImageHarness();
  tokenA = await t.signIn('plana');
  tokenB = await t.signIn('planb');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /ai_api/superimposition', () => {
  let older: { chartId: string };
  let newer: { chartId: string };
  let otherPatient: { chartId: string };
  let noLandmarks: { chartId: string };

  beforeAll(async () => {
    const p = await patient(tokenA, 'Lee Growth');
    older = await filmChart(tokenA, p, FILM_300, '2021-02-03');
    newer = await filmChart(tokenA, p, FILM_300_MOVED, '2023-04-05');
    noLandmarks = await filmChart(tokenA, p, null, '2024-01-01');
    otherPatient = await filmChart(tokenA, await patient(tokenA, 'Other Person'), FILM_300, '2022-01-01');
  }, 60_000);

  it.each(['sn-at-s', 'best-fit', 'maxilla', 'mandible'] as const)(
    '%s: a rigidly moved copy of the film shows no movement (< 0.1 mm)',
    async (method) => {
      // Newest first in the request: the answer is still oldest first.
      const r = await superimpose(tokenA, { chart_ids: [newer.chartId, older.chartId], method });
      expect(r.method).toBe(method);
      expect(r.unit).toBe('mm');
      expect(r.frame_chart_id).toBe(older.chartId);
      expect(r.films.map((f) => [f.chart_id, f.colour, f.shoot_date])).toEqual([
        [older.chartId, 'white', '2021-02-03'],
        [newer.chartId, 'red', '2023-04-05'],
      ]);
      expect(r.films[0]?.image).toEqual(SIZE);
      expect(r.movements.length).toBe(19);
      for (const m of r.movements) {
        expect(m.from_chart_id).toBe(older.chartId);
        expect(m.to_chart_id).toBe(newer.chartId);
        expect(m.distance, m.id).toBeLessThan(0.1);
      }
      // The newer film's landmarks land on the older film's, in the older film's pixels.
      const olderById = new Map(r.films[0]?.landmarks.map((l) => [l.id, l]));
      for (const l of r.films[1]?.landmarks ?? []) {
        const o = olderById.get(l.id);
        expect(Math.hypot(l.x - (o?.x ?? NaN), l.y - (o?.y ?? NaN)), l.id).toBeLessThan(0.5);
      }
    },
  );

  it("registers on the method's landmarks", async () => {
    const on = async (method: string) =>
      (await superimpose(tokenA, { chart_ids: [older.chartId, newer.chartId], method })).films[1]?.registered_on;
    expect(await on('sn-at-s')).toEqual(['S', 'N']);
    // Film 300 has the ISBI 19 only: of the cranial-base set, S, N, Or and Po.
    expect(await on('best-fit')).toEqual(['S', 'N', 'Or', 'Po']);
    expect(await on('maxilla')).toEqual(['ANS', 'PNS']);
    expect(await on('mandible')).toEqual(['Pog', 'Gn', 'Me']);
  });

  it("answers in the frame film's pixels when frame_chart_id is the newer film", async () => {
    const r = await superimpose(tokenA, { chart_ids: [older.chartId, newer.chartId], method: 'best-fit', frame_chart_id: newer.chartId });
    expect(r.frame_chart_id).toBe(newer.chartId);
    const [first, second] = r.films;
    // The frame film maps onto itself.
    expect(second?.transform.a).toBeCloseTo(1, 6);
    expect(second?.transform.b).toBeCloseTo(0, 6);
    expect(second?.transform.tx).toBeCloseTo(0, 3);
    expect(second?.transform.ty).toBeCloseTo(0, 3);
    // The older film's transform is the known move; its landmarks land on the newer film's.
    for (const k of ['a', 'b', 'c', 'd'] as const) expect(first?.transform[k]).toBeCloseTo(MOVE[k], 6);
    expect(first?.transform.tx).toBeCloseTo(MOVE.tx, 2);
    expect(first?.transform.ty).toBeCloseTo(MOVE.ty, 2);
    const s = first?.landmarks.find((l) => l.id === 'S');
    expect(s?.x).toBeCloseTo(FILM_300_MOVED[0]?.[0] ?? NaN, 2);
    expect(s?.y).toBeCloseTo(FILM_300_MOVED[0]?.[1] ?? NaN, 2);
  });

  it("refuses fewer than 2 films with the spec's message, more than 4, and a frame outside the selection", async () => {
    const one = await post(tokenA, PLANNING_ENDPOINTS.superimposition.path, { chart_ids: [older.chartId], method: 'sn-at-s' });
    expect([one.status, one.body.code, one.body.message]).toEqual([400, 'SUPERIMPOSITION_TOO_FEW', 'Select at least 2 X-ray images.']);
    const same = await post(tokenA, PLANNING_ENDPOINTS.superimposition.path, {
      chart_ids: [older.chartId, older.chartId],
      method: 'sn-at-s',
    });
    expect([same.status, same.body.code]).toEqual([400, 'SUPERIMPOSITION_TOO_FEW']);
    const ids = [older, newer, noLandmarks, otherPatient].map((c) => c.chartId);
    const five = await post(tokenA, PLANNING_ENDPOINTS.superimposition.path, {
      chart_ids: [...ids, crypto.randomUUID()],
      method: 'sn-at-s',
    });
    expect([five.status, five.body.code]).toEqual([400, 'SUPERIMPOSITION_TOO_MANY']);
    const frame = await post(tokenA, PLANNING_ENDPOINTS.superimposition.path, {
      chart_ids: [older.chartId, newer.chartId],
      method: 'sn-at-s',
      frame_chart_id: otherPatient.chartId,
    });
    expect([frame.status, frame.body.code, frame.body.field]).toEqual([400, 'VALIDATION_FAILED', 'frame_chart_id']);
  });

  it('refuses films of different patients and films without landmarks', async () => {
    const mixed = await post(tokenA, PLANNING_ENDPOINTS.superimposition.path, {
      chart_ids: [older.chartId, otherPatient.chartId],
      method: 'best-fit',
    });
    expect([mixed.status, mixed.body.code]).toEqual([400, 'SUPERIMPOSITION_PATIENT_MISMATCH']);
    const bare = await post(tokenA, PLANNING_ENDPOINTS.superimposition.path, {
      chart_ids: [older.chartId, noLandmarks.chartId],
      method: 'best-fit',
    });
    expect([bare.status, bare.body.code]).toEqual([409, 'SUPERIMPOSITION_NO_LANDMARKS']);
  });

  it("treats another user's charts as not found, and unknown ones alike", async () => {
    const theirs = await post(tokenB, PLANNING_ENDPOINTS.superimposition.path, {
      chart_ids: [older.chartId, newer.chartId],
      method: 'sn-at-s',
    });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'NOT_FOUND']);
    const unknown = await post(tokenA, PLANNING_ENDPOINTS.superimposition.path, {
      chart_ids: [older.chartId, crypto.randomUUID()],
      method: 'sn-at-s',
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it.each([
    [{ chart_ids: 'abc', method: 'sn-at-s' }, 'chart_ids'],
    [{ chart_ids: ['not-a-uuid', 'x'], method: 'sn-at-s' }, 'chart_ids.0'],
    [{ chart_ids: [crypto.randomUUID(), crypto.randomUUID()], method: 'rotate' }, 'method'],
    [{ chart_ids: [crypto.randomUUID(), crypto.randomUUID()] }, 'method'],
  ])('refuses the body %j with VALIDATION_FAILED on %s', async (body, field) => {
    const r = await post(tokenA, PLANNING_ENDPOINTS.superimposition.path, body);
    expect([r.status, r.body.code, r.body.field]).toEqual([400, 'VALIDATION_FAILED', field]);
  });

  it('needs a bearer token', async () => {
    const r = await post(null, PLANNING_ENDPOINTS.superimposition.path, { chart_ids: [older.chartId, newer.chartId], method: 'sn-at-s' });
    expect([r.status, r.body.code]).toEqual([401, 'J001']);
  });
});

describe('POST /ai/ceppro/ceph-autoalign', () => {
  let noPhoto: { chartId: string };
  let noise: { chartId: string };
  let flat: { chartId: string };
  let oval: { chartId: string };
  let bare: { chartId: string };
  let isbiOnly: { chartId: string };

  beforeAll(async () => {
    const p = await patient(tokenA, 'Park Profile');
    noPhoto = await filmChart(tokenA, p, FILM_001, '2024-01-01');
    noise = await filmChart(tokenA, p, FILM_001, '2024-01-02');
    await upload(tokenA, noise.chartId, await noFacePhoto('noise'), IMAGE_TYPE.lateralFace);
    flat = await filmChart(tokenA, p, FILM_001, '2024-01-03');
    await upload(tokenA, flat.chartId, await noFacePhoto('flat'), IMAGE_TYPE.lateralFace);
    oval = await filmChart(tokenA, p, FILM_001, '2024-01-05');
    await upload(tokenA, oval.chartId, await noFacePhoto('oval'), IMAGE_TYPE.lateralFace);
    bare = await filmChart(tokenA, p, null, '2024-01-04');
    await upload(tokenA, bare.chartId, await noFacePhoto('flat'), IMAGE_TYPE.lateralFace);
    // The ISBI 19 have four soft-tissue points (Sn, Ls, Li, soft-tissue pogonion): no nose tip.
    isbiOnly = await filmChart(tokenA, p, FILM_300, '2024-01-06');
    await upload(tokenA, isbiOnly.chartId, await noFacePhoto('oval'), IMAGE_TYPE.lateralFace);
  }, 60_000);

  it('answers no_facial_image for a chart without a photo', async () => {
    expect(await autoAlign(tokenA, noPhoto.chartId)).toEqual({ status: 'no_facial_image', message: 'no facial image' });
  });

  it.each([
    ['uniform noise', () => noise],
    ['one flat colour', () => flat],
    ['a skin-coloured oval (a region, no profile)', () => oval],
  ])('answers not_recognized for a photo of %s', async (_name, c) => {
    expect(await autoAlign(tokenA, c().chartId)).toEqual({
      status: 'not_recognized',
      message: 'facial image not recognized (adjust manually)',
    });
  });

  it('refuses a chart whose film has no landmarks yet, or no soft-tissue profile from nose to chin', async () => {
    const r = await post(tokenA, PLANNING_ENDPOINTS.autoAlign.path, { chart_id: bare.chartId });
    expect([r.status, r.body.code]).toEqual([409, 'AUTOALIGN_NO_LANDMARKS']);
    const few = await post(tokenA, PLANNING_ENDPOINTS.autoAlign.path, { chart_id: isbiOnly.chartId });
    expect([few.status, few.body.code, few.body.message]).toEqual([
      409,
      'AUTOALIGN_NO_LANDMARKS',
      'The X-ray image needs at least 5 soft-tissue landmarks, pronasale and soft-tissue pogonion among them.',
    ]);
  });

  it("treats another user's chart as not found, and an unknown one alike", async () => {
    const theirs = await post(tokenB, PLANNING_ENDPOINTS.autoAlign.path, { chart_id: noise.chartId });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'NOT_FOUND']);
    const unknown = await post(tokenA, PLANNING_ENDPOINTS.autoAlign.path, { chart_id: crypto.randomUUID() });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses bad bodies with stable codes', async () => {
    const notUuid = await post(tokenA, PLANNING_ENDPOINTS.autoAlign.path, { chart_id: 'chart-1' });
    expect([notUuid.status, notUuid.body.code, notUuid.body.field]).toEqual([400, 'VALIDATION_FAILED', 'chart_id']);
    const missing = await post(tokenA, PLANNING_ENDPOINTS.autoAlign.path, {});
    expect([missing.status, missing.body.code, missing.body.field]).toEqual([400, 'VALIDATION_FAILED', 'chart_id']);
    const array = await post(tokenA, PLANNING_ENDPOINTS.autoAlign.path, [noise.chartId]);
    expect([array.status, array.body.code]).toEqual([400, 'BAD_REQUEST']);
    const anonymous = await post(null, PLANNING_ENDPOINTS.autoAlign.path, { chart_id: noise.chartId });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'J001']);
  });

  describe("recovers a known placement of a photo made from the film's own profile", () => {
    it.each([
      { scale: 0.6, degrees: 12, at: { x: 380, y: 420 }, width: 800, height: 900, mirror: false },
      { scale: 1.8, degrees: -15, at: { x: 1000, y: 1150 }, width: 1800, height: 2200, mirror: true },
      { scale: 0.5, degrees: -10, at: { x: 330, y: 400 }, width: 640, height: 800, mirror: false },
      { scale: 1.2, degrees: 15, at: { x: 650, y: 700 }, width: 1200, height: 1400, mirror: true },
    ])(
      'scale $scale, $degrees°, mirrored $mirror: within 2 mm at every soft-tissue landmark',
      async ({ scale, degrees, at, width, height, mirror }) => {
        const landmarks = landmarkMap(FILM_001);
        const c = await filmChart(tokenA, await patient(tokenA, 'Photo Fit'), FILM_001, '2024-05-06');
        const options: FacePhotoOptions = { transform: placeProfile(landmarks, scale, degrees, at), width, height, mirror };
        await upload(tokenA, c.chartId, await facePhoto(landmarks, 1, options), IMAGE_TYPE.lateralFace);

        const r = await autoAlign(tokenA, c.chartId);
        if (r.status !== 'aligned') throw new Error(`not aligned: ${JSON.stringify(r)}`);
        expect(r.mirrored).toBe(mirror);
        expect(r.photo).toMatchObject({ width, height });
        expect(r.transform.a).toBeCloseTo(r.transform.d, 8);
        expect(r.transform.c).toBeCloseTo(-r.transform.b, 8);
        expect(r.residual_mm).not.toBeNull();
        expect(r.residual_mm ?? Infinity).toBeLessThan(1);
        const ids = r.points.map((p) => p.id);
        expect(ids).toEqual(expect.arrayContaining(['stN', 'Prn', 'Sn', 'Ls', 'Li', 'stPog', 'stMe']));
        for (const p of r.points) {
          const truth = landmarks[p.id as keyof typeof landmarks] as Vec2;
          // Where the generator put this landmark on the photo, in the (mirrored when so) photo px the transform takes.
          const onPhoto = photoPointOf(truth, options);
          const input = mirror ? { x: width - onPhoto.x, y: onPhoto.y } : onPhoto;
          const back = applyAffine(r.transform, input);
          expect(Math.hypot(back.x - truth.x, back.y - truth.y) / PX_PER_MM, `${p.id} via the transform`).toBeLessThan(2);
          // The reported photo point is the profile point there (photo px, unmirrored).
          expect(Math.hypot(p.photo.x - onPhoto.x, p.photo.y - onPhoto.y) / scale / PX_PER_MM, `${p.id} on the photo`).toBeLessThan(2);
          expect(p.film).toEqual({ x: truth.x, y: truth.y });
        }
      },
    );
  });
});
