import { MODEL_OUTPUT_IDS_V1, MODEL_OUTPUT_NAMES_V1, type LandmarkId, type LandmarkMap, type Vec2 } from '@ceppro/ceph';
import { aiAdaptationSchema, IMAGE_TYPE, type AiAdaptation, type InferResult, type StoredLandmark } from '@ceppro/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { aiAdaptationFilms, analysisRecords, chartData, users } from '../../src/db/schema/index';
import type { LandmarkModel } from '../../src/features/landmarks/landmark.service';
import type { Detection } from '../../src/inference/index';
import { createImageHarness, plainImage, type ImageHarness, type TestChart } from '../images/image-harness';
import { defineInProcess } from '../support/define-in-process.ts';

/*
 * Clinic adaptation through the seams people use: landmark saves through the graph, detections
 * through POST /ai/ceppro/ceph-landmark (a job, in this process), the profile through
 * /api/ai/adaptation. The detector is a stand-in that answers the same film every time (the 19 ISBI
 * 2015 annotations of film 151 and 19 more points): what is under test is what the server does with
 * a detection, and fixed model points make "moved by the learned shift" exact.
 */

// ISBI 2015 film 151 (968 x 1200 px, 0.2 mm/px), in the model's output order (the ISBI order).
const ISBI_151: ReadonlyArray<readonly [number, number]> = [
  [425.5, 513.0],
  [711.5, 526.5],
  [654.0, 649.0],
  [314.5, 594.0],
  [684.5, 785.5],
  [648.0, 951.5],
  [634.0, 1017.5],
  [616.0, 1035.5],
  [628.5, 1030.0],
  [348.5, 858.5],
  [682.5, 876.5],
  [688.5, 879.0],
  [763.0, 845.5],
  [728.5, 936.5],
  [736.0, 784.0],
  [686.5, 1036.5],
  [480.0, 723.0],
  [685.5, 758.0],
  [333.5, 666.5],
];

/** The stand-in detector's points, one per model output (the 19 beyond ISBI's set near the others). */
export const MODEL_POINTS: readonly Vec2[] = MODEL_OUTPUT_NAMES_V1.map((_, i) => {
  const [x, y] = ISBI_151[i % 19]!;
  return i < 19 ? { x, y } : { x: x + 11 + i, y: y - 9 };
});

/** The stand-in detector. Without the confidence evidence: that is calibration's business, the job never reads it. */
export const fakeModel: LandmarkModel = {
  define: defineInProcess,
  detect: async () =>
    ({
      status: 'ok',
      landmarks: MODEL_POINTS.map((p, index) => ({
        index,
        name: MODEL_OUTPUT_NAMES_V1[index]!,
        shortName: MODEL_OUTPUT_NAMES_V1[index]!,
        x: p.x,
        y: p.y,
        confidence: 0.9,
      })),
      imageSize: { width: 968, height: 1200 },
      facing: 'right',
      model: { id: 'fake-model', version: '0' },
      reviewThreshold: null,
      quality: { meanConfidence: 0.9, shapeResidual: 0.1 },
      timingsMs: {},
    }) as Detection,
};

/** A stored model landmark's registry id, as the evaluation maps model outputs (by output index). */
export const idOfOutput = (cname: number): LandmarkId => MODEL_OUTPUT_IDS_V1[cname]!;

/** Stored model landmarks keyed by registry id: `raw` (the model's own point) and `shown` (x, y). */
export function pointsOf(infer: InferResult): { raw: LandmarkMap<Vec2>; shown: LandmarkMap<Vec2> } {
  const raw: LandmarkMap<Vec2> = {};
  const shown: LandmarkMap<Vec2> = {};
  for (const l of infer.landmarks) {
    raw[idOfOutput(l.cname)] = l.raw ?? { x: l.x, y: l.y };
    shown[idOfOutput(l.cname)] = { x: l.x, y: l.y };
  }
  return { raw, shown };
}

/** The model answer moved on the image by (dx, dy): another patient's film, positioned elsewhere. */
export function shiftedFilm(infer: InferResult, dx: number, dy: number): InferResult {
  return { ...infer, landmarks: infer.landmarks.map((l) => ({ ...l, x: l.x + dx, y: l.y + dy })) };
}

/** The viewer's `modified_result` for these landmarks on this film (contract version 2). */
function modifiedOf(filmId: number, edited: LandmarkMap<Vec2>) {
  const landmarks: StoredLandmark[] = Object.entries(edited).map(([id, p]) => ({
    cname: MODEL_OUTPUT_IDS_V1.indexOf(id as LandmarkId),
    name: id,
    x: p.x,
    y: p.y,
  }));
  return { version: 2, image: { chart_data_id: filmId }, landmarks };
}

export interface AdaptationHarness {
  t: ImageHarness;
  /** A new signed-in account. */
  account(prefix: string): Promise<string>;
  /**
   * Uploads a film to a new chart (or reruns on `chart`) and runs the detection job on it: the REST
   * answer and the stored record.
   */
  detect(
    token: string,
    options?: { image?: Buffer; chart?: TestChart },
  ): Promise<{ boxs: Array<{ cname: number; bbox: Vec2 }>; recordId: number; inferResult: InferResult; chart: TestChart }>;
  /** A detected record as a film to save landmarks on: its live cephalogram and current revision. */
  filmOf(recordId: number): Promise<{ recordId: number; filmId: number; revision: number }>;
  /** The stand-in detector (default) or the shipped ONNX model. */
  useModel(which: 'fake' | 'real'): void;
  /**
   * A chart with a live cephalogram and a record holding `infer` (the model's answer on that film),
   * optionally with a ruler and with the user's landmarks saved at once (create_analysis_record).
   */
  film(
    token: string,
    infer: InferResult,
    options?: { rulerInfo?: unknown; edited?: LandmarkMap<Vec2> },
  ): Promise<{ recordId: number; filmId: number; revision: number }>;
  /** A landmark save (the viewer's update_analysis_record); returns the record's new revision. */
  save(token: string, film: { recordId: number; filmId: number; revision: number }, edited: LandmarkMap<Vec2> | null): Promise<number>;
  api(token: string, method: 'GET' | 'PUT' | 'DELETE', payload?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** GET /api/ai/adaptation, checked against the contract. */
  profile(token: string): Promise<AiAdaptation>;
  /** Stored film rows of the account whose token this is. */
  filmRows(token: string): Promise<number>;
  userId(token: string): number;
  close(): Promise<void>;
}

/**
 * One harness for a whole test file (its tests share accounts and run in order): opened before the first
 * test, closed after the last. `use` receives it for the file's own `let a`, which the tests read.
 */
export function adaptationHarnessForFile(use: (harness: AdaptationHarness) => void): void {
  let harness: AdaptationHarness | undefined;
  beforeAll(async () => {
    harness = await createAdaptationHarness();
    use(harness);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });
}

export async function createAdaptationHarness(): Promise<AdaptationHarness> {
  const t = await createImageHarness();
  const services = t.h.services as { inference: () => LandmarkModel };
  const real = services.inference.bind(t.h.services);
  services.inference = () => fakeModel;
  const db = () => t.h.services.database.db;
  const userIds = new Map<string, number>();

  const api: AdaptationHarness['api'] = async (token, method, payload) => {
    const response = await t.h.app.inject({
      method,
      url: '/api/ai/adaptation',
      headers: {
        authorization: `Bearer ${token}`,
        // The address the harness signs in from (a session is bound to its approved addresses).
        'x-forwarded-for': '198.51.100.1',
        ...(payload !== undefined && { 'content-type': 'application/json' }),
      },
      ...(payload !== undefined && { payload: JSON.stringify(payload) }),
    });
    return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
  };

  const recordOf = async (id: number) => {
    const row = await db().query.analysisRecords.findFirst({ where: eq(analysisRecords.id, id) });
    if (!row) throw new Error(`no record ${id}`);
    return row;
  };

  return {
    t,
    async account(prefix) {
      const token = await t.signIn(prefix);
      // The graph does not expose user ids; the account just made is the newest (tests run one at a time).
      const [newest] = await db().select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
      userIds.set(token, newest!.id);
      return token;
    },

    async detect(token, options = {}) {
      const chart = options.chart ?? (await t.chart(token, { draft: true }));
      if (!options.chart) {
        const upload = await t.uploadImage(token, chart.chartId, options.image ?? (await plainImage(968, 1200)));
        expect(upload.status, upload.raw).toBe(200);
      }
      const ai = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: chart.chartId });
      expect(ai.status, ai.raw).toBe(200);
      const data = ai.body.data as { output: { boxs: Array<{ cname: number; bbox: Vec2 }> }; analysis_record_id: number };
      const row = await recordOf(data.analysis_record_id);
      return { boxs: data.output.boxs, recordId: data.analysis_record_id, inferResult: row.inferResult as unknown as InferResult, chart };
    },

    async filmOf(recordId) {
      const row = await recordOf(recordId);
      const [film] = await db()
        .select({ id: chartData.id })
        .from(chartData)
        .where(
          and(
            eq(chartData.chartRef, row.chartRef),
            eq(chartData.imageTypeCd, IMAGE_TYPE.cephalogram),
            isNull(chartData.deletedAt),
            isNull(chartData.pendingExpiresAt),
          ),
        );
      if (!film) throw new Error('no live film');
      return { recordId, filmId: film.id, revision: row.revision };
    },

    useModel(which) {
      services.inference = which === 'fake' ? () => fakeModel : real;
    },

    async film(token, infer, options = {}) {
      const chart = await t.chart(token);
      const filmId = await t.addImage(chart.chartRef);
      const input = {
        infer_result: infer,
        img_size: { width: 968, height: 1200 },
        ...(options.rulerInfo !== undefined && { ruler_info: options.rulerInfo }),
        ...(options.edited && { modified_result: modifiedOf(filmId, options.edited) }),
      };
      const created = await t.ok<{ create_analysis_record: { id: number; revision: number } }>(
        token,
        `mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id revision } }`,
        { c: chart.chartRef, i: input },
      );
      return { recordId: created.create_analysis_record.id, filmId, revision: created.create_analysis_record.revision };
    },

    async save(token, film, edited) {
      const modified = edited === null ? null : modifiedOf(film.filmId, edited);
      const updated = await t.ok<{ update_analysis_record: { revision: number } }>(
        token,
        `mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int) { ` +
          `update_analysis_record(id: $id, input: $i, base_revision: $b) { revision } }`,
        { id: film.recordId, i: { modified_result: modified }, b: film.revision },
      );
      film.revision = updated.update_analysis_record.revision;
      return film.revision;
    },

    api,

    async profile(token) {
      const reply = await api(token, 'GET');
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return aiAdaptationSchema.parse(reply.body['data']);
    },

    async filmRows(token) {
      const owner = userIds.get(token);
      if (owner === undefined) throw new Error('account() was not used for this token');
      const rows = await db().select({ id: aiAdaptationFilms.id }).from(aiAdaptationFilms).where(eq(aiAdaptationFilms.ownerUserId, owner));
      return rows.length;
    },

    userId(token) {
      const id = userIds.get(token);
      if (id === undefined) throw new Error('account() was not used for this token');
      return id;
    },

    close: () => t.close(),
  };
}
