import {
  applyProfile,
  buildProfile,
  DEFAULT_DEFINITION_PROFILE,
  learnFromFilm,
  type LandmarkId,
  type LandmarkMap,
  type Vec2,
} from '@ceppro/ceph';
import type { InferResult } from '@ceppro/contract';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiAdaptationFilms, aiAdaptationProfiles, auditEvents } from '../../src/db/schema/index';
import { applyDefinitions } from '../../src/inference/definitions/index';
import { decodeGrey } from '../../src/inference/image-input';
import { adaptationHarnessForFile, idOfOutput, MODEL_POINTS, type AdaptationHarness } from './ai-adaptation-harness';

/*
 * Landmark definitions (issue Step 14 item 2) on the owner's adaptation row: PUT /api/ai/adaptation
 * `{ definitions }`, detections that apply them (machine porion found on a film with a drawn ear-rod
 * ring, every choice not found on a plain film), and adaptation learning on top of the defined point.
 * The stand-in detector answers the same points on every film (ai-adaptation-harness.ts). The tests
 * share accounts and run in order.
 */

let a: AdaptationHarness;
adaptationHarnessForFile((harness) => (a = harness));

const PO = MODEL_POINTS[3]!;
/** The clinic's convention on top of machine porion: 4 px back, 3 px down. */
const PO_OFFSET = { x: -4, y: 3 };

/**
 * The stand-in's film size with a bright ear-rod ring (radius 28 px, 3 px wide) 18 px below the
 * detected porion, on a flat grey: its top (about 12 px above the model's porion) is the machine
 * porion. PNG, so the server decodes exactly these pixels.
 */
async function ringFilm(): Promise<Buffer> {
  const [w, h, cx, cy, r] = [968, 1200, PO.x, PO.y + 18, 28];
  const px = new Uint8Array(w * h).fill(90);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = Math.abs(Math.hypot(x + 0.5 - cx, y + 0.5 - cy) - r);
      if (d < 2.1) px[y * w + x] = Math.round(90 + 110 * Math.min(1, 2.1 - d));
    }
  }
  return sharp(Buffer.from(px), { raw: { width: w, height: h, channels: 1 } })
    .png()
    .toBuffer();
}

function pointOf(infer: InferResult, id: LandmarkId) {
  const l = infer.landmarks.find((m) => idOfOutput(m.cname) === id);
  if (!l) throw new Error(`no ${id}`);
  return l;
}

const byId = (points: readonly Vec2[]): LandmarkMap<Vec2> => Object.fromEntries(points.map((p, i) => [idOfOutput(i), p]));
const add = (p: Vec2, d: Vec2): Vec2 => ({ x: p.x + d.x, y: p.y + d.y });
const MACHINE = { ...DEFAULT_DEFINITION_PROFILE, Po: 'machine' } as const;

describe('landmark definitions', () => {
  let tokenA: string;
  let tokenB: string;
  let film: Buffer;
  /** The machine porion the server's algorithm finds on the ring film, from the stand-in's points. */
  let machinePo: Vec2;

  beforeAll(async () => {
    film = await ringFilm();
    const found = applyDefinitions(await decodeGrey(film), byId(MODEL_POINTS), MACHINE);
    expect(found.applied.find((x) => x.id === 'Po')).toEqual({ id: 'Po', choice: 'machine', found: true });
    machinePo = found.points.Po!;
    // The top of the drawn ring, not the model's point.
    expect(Math.hypot(machinePo.x - PO.x, machinePo.y - (PO.y + 18 - 30))).toBeLessThan(3);
  });

  it('PUT { definitions } stores the choice, answers every definition, and refuses an unknown one', async () => {
    tokenA = await a.account('defsa');
    tokenB = await a.account('defsb');
    expect((await a.profile(tokenA)).definitions).toEqual(DEFAULT_DEFINITION_PROFILE);

    const put = await a.api(tokenA, 'PUT', { definitions: { Po: 'machine' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body['data']).toMatchObject({ enabled: true, definitions: MACHINE, films: 0 });
    expect((await a.profile(tokenA)).definitions).toEqual(MACHINE);
    const [row] = await a.t.h.services.database.db
      .select({ definitions: aiAdaptationProfiles.definitions })
      .from(aiAdaptationProfiles)
      .where(eq(aiAdaptationProfiles.ownerUserId, a.userId(tokenA)));
    expect(row?.definitions).toEqual({ version: 1, ...MACHINE });

    for (const body of [
      { definitions: { Po: 'ear' } },
      { definitions: { Xx: 'machine' } },
      { definitions: {} },
      { definitions: 'machine' },
    ]) {
      const bad = await a.api(tokenA, 'PUT', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    expect((await a.profile(tokenA)).definitions).toEqual(MACHINE);
    // Never across accounts.
    expect((await a.profile(tokenB)).definitions).toEqual(DEFAULT_DEFINITION_PROFILE);

    const trail = await a.t.h.services.database.db
      .select({ action: auditEvents.action, outcome: auditEvents.outcome, detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, a.userId(tokenA)), eq(auditEvents.action, 'landmarks.definitions')))
      .orderBy(asc(auditEvents.id));
    expect(trail[0]).toEqual({ action: 'landmarks.definitions', outcome: 'success', detail: { definitions: { Po: 'machine' } } });
  });

  it('a detection with machine porion stores the ring top with the model point in raw, and says what was applied', async () => {
    const detected = await a.detect(tokenA, { image: film });
    const po = pointOf(detected.inferResult, 'Po');
    expect(po).toMatchObject({
      x: machinePo.x,
      y: machinePo.y,
      raw: PO,
      definition: 'machine',
      defined: { x: machinePo.x, y: machinePo.y },
    });
    expect(detected.inferResult.definitions).toEqual({
      profile: MACHINE,
      applied: [
        { id: 'Po', choice: 'machine', found: true },
        { id: 'Go', choice: 'anatomical', found: true },
        { id: 'Me', choice: 'isbi', found: true },
      ],
    });
    // Nothing learned yet: no adaptation; every other landmark as the model put it.
    expect(detected.inferResult.adaptation).toBeUndefined();
    for (const l of detected.inferResult.landmarks.filter((m) => idOfOutput(m.cname) !== 'Po')) {
      expect(l).toEqual({ cname: l.cname, name: l.name, confidence: l.confidence, ...MODEL_POINTS[l.cname] });
    }
    expect(detected.boxs.find((b) => b.cname === po.cname)?.bbox).toEqual(machinePo);

    // B (default definitions) on the same film: the model's answer as is.
    const other = await a.detect(tokenB, { image: film });
    expect(other.inferResult.definitions).toBeUndefined();
    expect(other.inferResult.landmarks.map((l) => ({ x: l.x, y: l.y }))).toEqual(MODEL_POINTS);
  });

  it('adaptation learns the correction relative to the defined point and adds it on top of machine porion', async () => {
    const detected = await a.detect(tokenA, { image: film });
    const saved = await a.filmOf(detected.recordId);
    const edited = { Po: add(machinePo, PO_OFFSET) };
    await a.save(tokenA, saved, edited);

    // The lesson as the domain computes it from the defined point (not from the model's raw one).
    const base = { ...byId(MODEL_POINTS), Po: machinePo };
    const outcome = learnFromFilm(base, base, edited);
    if (outcome.status !== 'learned') throw new Error(outcome.reason);
    const profile = buildProfile([outcome.correction]);
    const answer = await a.profile(tokenA);
    expect(answer.landmarks.map((l) => [l.id, l.films])).toEqual([['Po', 1]]);
    // 5 px ≈ 1.2 mm (nominal S-N), halved by one film's shrinkage; measured from the raw point it would be ≈ 10 px, over 1 mm.
    expect(answer.landmarks[0]!.length_mm).toBeLessThan(1);
    const [row] = await a.t.h.services.database.db
      .select({ correction: aiAdaptationFilms.correction })
      .from(aiAdaptationFilms)
      .where(eq(aiAdaptationFilms.ownerUserId, a.userId(tokenA)));
    expect(row?.correction).toMatchObject({ version: 1, definitions: { Po: 'machine' } });

    const next = await a.detect(tokenA, { image: film });
    const expected = applyProfile(profile, base).Po!.point;
    const po = pointOf(next.inferResult, 'Po');
    expect(po.x).toBeCloseTo(expected.x, 6);
    expect(po.y).toBeCloseTo(expected.y, 6);
    expect(po).toMatchObject({ raw: PO, definition: 'machine', defined: { x: machinePo.x, y: machinePo.y } });
    expect(next.inferResult.adaptation).toEqual({ films: 1, landmarks: 1 });
  });

  it('changing a definition keeps the learned films; a lesson counts only under the definition it was measured from', async () => {
    const back = await a.api(tokenA, 'PUT', { definitions: { Po: 'anatomical' } });
    expect(back.body['data']).toMatchObject({ definitions: DEFAULT_DEFINITION_PROFILE, films: 0, landmarks: [] });
    expect(await a.filmRows(tokenA)).toBe(1);
    const anatomical = await a.detect(tokenA, { image: film });
    expect(anatomical.inferResult.definitions).toBeUndefined();
    expect(pointOf(anatomical.inferResult, 'Po')).not.toHaveProperty('raw');

    const again = await a.api(tokenA, 'PUT', { definitions: { Po: 'machine' } });
    expect(again.body['data']).toMatchObject({ definitions: MACHINE, films: 1 });
    expect((again.body['data'] as { landmarks: Array<{ id: string }> }).landmarks.map((l) => l.id)).toEqual(['Po']);
  });

  it('a choice the film does not show keeps the model point, gets no learned shift, and is recorded as not found', async () => {
    await a.api(tokenA, 'PUT', { definitions: { Go: 'constructed', Me: 'lowest' } });
    const plain = await a.detect(tokenA);
    expect(plain.inferResult.definitions).toEqual({
      profile: { Po: 'machine', Go: 'constructed', Me: 'lowest' },
      applied: [
        { id: 'Po', choice: 'machine', found: false, reason: 'not-on-film' },
        { id: 'Go', choice: 'constructed', found: false, reason: 'not-on-film' },
        { id: 'Me', choice: 'lowest', found: false, reason: 'not-on-film' },
      ],
    });
    // The Po shift was learned from machine porion: not added to the anatomical point.
    expect(plain.inferResult.landmarks.map((l) => ({ x: l.x, y: l.y }))).toEqual(MODEL_POINTS);
    expect(plain.inferResult.landmarks.some((l) => l.raw || l.definition || l.defined)).toBe(false);
    expect(plain.inferResult.adaptation).toEqual({ films: 1, landmarks: 0 });
  });
});
