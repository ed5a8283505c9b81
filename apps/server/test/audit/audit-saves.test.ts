import { LANDMARK_IDS, imagePoint, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import { AUDIT_MAX_MOVES, auditLandmarkChangesSchema, toModifiedResult } from '@ceppro/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema/index';
import { createGraphHarness, type GraphHarness } from '../graphql/graph-harness';
import { ManualClock } from '../support/manual-clock';

/**
 * Saves of an analysis record are recorded as what they changed (GraphQL on a real database): a
 * landmark save lists the landmarks that moved, from where to where in image px and by how much
 * (mm on a calibrated film, px otherwise); a save of another document is not a landmark save; a
 * save that changes nothing is no event at all.
 */
const clock = new ManualClock(Date.parse('2026-04-01T09:00:00Z'));
let g: GraphHarness;
let token: string;
const a = { patient: 0, chart: 0, chartId: '', film: 0, record: 0, revision: 0 };
/** The record's document revisions as the last answer gave them (a save names them; a read would be audited). */
type Revisions = { documents: Record<string, string | null>; drawing: Record<string, string> };
let revisions: Revisions = { documents: {}, drawing: {} };

const INFER = {
  version: 1,
  model: { id: 'ceph-landmarks', version: 'v1' },
  landmarks: [
    { cname: 0, name: 'Sella', x: 800, y: 1000, confidence: 0.9 },
    { cname: 1, name: 'Nasion', x: 1400, y: 950, confidence: 0.9 },
  ],
};
const UPDATE = `mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int, $d: JSON) {
  update_analysis_record(id: $id, input: $i, base_revision: $b, base_documents: $d) { id revision document_revisions } }`;

/** Saves from the revisions last answered: the record's for the landmarks, each document's own for the rest. */
async function save(input: Record<string, unknown>): Promise<void> {
  const d = Object.fromEntries(
    Object.keys(input)
      .filter((name) => name !== 'modified_result')
      .map((name) => [name, revisions.documents[name] ?? null]),
  );
  const data = await g.ok<{ update_analysis_record: { revision: number; document_revisions: Revisions } }>(token, UPDATE, {
    id: a.record,
    i: input,
    b: a.revision,
    d,
  });
  a.revision = data.update_analysis_record.revision;
  revisions = data.update_analysis_record.document_revisions;
}

const landmarks = (edited: LandmarkMap<ImagePoint>) => ({ modified_result: toModifiedResult(edited, a.film) });

/** The trail rows written since `count` rows, as the owner's actions and details. */
async function rowsSince(count: number) {
  const rows = await g.h.services.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
  return rows.slice(count);
}

async function rowCount(): Promise<number> {
  return (await g.h.services.database.db.select({ id: auditEvents.id }).from(auditEvents)).length;
}

beforeAll(async () => {
  g = await createGraphHarness({}, { clock });
  token = await g.signIn('auditsave');
  const p = await g.ok<{ create_patient: { id: number } }>(
    token,
    'mutation { create_patient(input: { first_name: "Save Patient", birth_info: "1990-01-01", gender: true }) { id } }',
  );
  a.patient = p.create_patient.id;
  const c = await g.ok<{ create_chart: { id: number; chart_id: string } }>(
    token,
    'mutation($p: Int!) { create_chart(patient_id: $p) { id chart_id } }',
    {
      p: a.patient,
    },
  );
  Object.assign(a, { chart: c.create_chart.id, chartId: c.create_chart.chart_id });
  a.film = await g.addImage(a.chart);
});

afterAll(async () => {
  await g?.close();
});

describe('what a save of an analysis record records', () => {
  it('a new record with the model result: the landmarks placed, from nowhere, no distance', async () => {
    const before = await rowCount();
    const created = await g.ok<{ create_analysis_record: { id: number; revision: number; document_revisions: Revisions } }>(
      token,
      'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id revision document_revisions } }',
      { c: a.chart, i: { infer_result: INFER } },
    );
    a.record = created.create_analysis_record.id;
    a.revision = created.create_analysis_record.revision;
    revisions = created.create_analysis_record.document_revisions;
    const [row] = await rowsSince(before);
    expect(row).toMatchObject({ action: 'landmarks.update', targetType: 'analysis_record', outcome: 'success' });
    expect(row?.detail).toMatchObject({ patientId: a.patient, chartId: a.chartId, documents: ['infer_result'] });
    const changes = auditLandmarkChangesSchema.parse(row?.detail?.['landmarks']);
    expect(changes).toEqual({
      unit: 'px',
      calibration: 'none',
      total: 2,
      moved: [
        { id: 'S', from: null, to: [800, 1000], by: null },
        { id: 'N', from: null, to: [1400, 950], by: null },
      ],
    });
  });

  it('a landmark moved on an uncalibrated film: from where to where, by how many px', async () => {
    const before = await rowCount();
    await save(landmarks({ S: imagePoint(806, 1008) }));
    const rows = await rowsSince(before);
    expect(rows.map((r) => r.action)).toEqual(['landmarks.update']);
    expect(rows[0]?.detail?.['landmarks']).toEqual({
      unit: 'px',
      calibration: 'none',
      total: 1,
      moved: [{ id: 'S', from: [800, 1000], to: [806, 1008], by: 10 }],
    });
  });

  it('the same landmarks saved again (a new revision, nothing moved): nothing recorded', async () => {
    const before = await rowCount();
    await save(landmarks({ S: imagePoint(806, 1008) }));
    expect(await rowsSince(before)).toEqual([]);
  });

  it('a settings document (ruler, VTO/STO, profilogram) is not a landmark save, and sent unchanged is nothing', async () => {
    const before = await rowCount();
    // 20 px over 2 mm: 10 px per mm.
    const ruler = { version: 1, p1: { x: 0, y: 0 }, p2: { x: 20, y: 0 }, length_mm: 2, ppm: 10 };
    await save({ ruler_info: ruler });
    await save({ vto_sto_config: { version: 1, data: { preset: null } } });
    await save({ vto_sto_config: { version: 1, data: { preset: null } } });
    await save({ profilogram_result: { version: 1 }, ruler_info: ruler });
    const rows = await rowsSince(before);
    expect(rows.map((r) => [r.action, r.detail?.['documents']])).toEqual([
      ['chart.analysis_update', ['ruler_info']],
      ['chart.analysis_update', ['vto_sto_config']],
      ['chart.analysis_update', ['profilogram_result']],
    ]);
    expect(rows.some((r) => r.action === 'landmarks.update')).toBe(false);
  });

  it('a move on the calibrated film is measured in mm; reset to the model point is a move back', async () => {
    const before = await rowCount();
    await save(landmarks({ S: imagePoint(806, 1008), N: imagePoint(1400, 970) }));
    await save(landmarks({ N: imagePoint(1400, 970) }));
    const rows = await rowsSince(before);
    expect(rows.map((r) => r.detail?.['landmarks'])).toEqual([
      { unit: 'mm', calibration: 'ruler', total: 1, moved: [{ id: 'N', from: [1400, 950], to: [1400, 970], by: 2 }] },
      { unit: 'mm', calibration: 'ruler', total: 1, moved: [{ id: 'S', from: [806, 1008], to: [800, 1000], by: 1 }] },
    ]);
  });

  it('lists at most 38 moves, the largest first, and says how many moved', async () => {
    const placed = Object.fromEntries(LANDMARK_IDS.map((id, i) => [id, imagePoint(100 + i * 10, 100 + i)])) as Record<
      LandmarkId,
      ImagePoint
    >;
    await save(landmarks(placed));
    const before = await rowCount();
    const moved = Object.fromEntries(LANDMARK_IDS.map((id, i) => [id, imagePoint(100 + i * 10 + i, 100 + i)])) as Record<
      LandmarkId,
      ImagePoint
    >;
    await save(landmarks(moved));
    const [row] = await rowsSince(before);
    const changes = auditLandmarkChangesSchema.parse(row?.detail?.['landmarks']);
    // The first landmark did not move (i = 0): every other one did, by i px = i / 10 mm.
    expect(changes.total).toBe(LANDMARK_IDS.length - 1);
    expect(changes.moved).toHaveLength(AUDIT_MAX_MOVES);
    expect(changes.moved[0]).toMatchObject({ id: LANDMARK_IDS[LANDMARK_IDS.length - 1], by: (LANDMARK_IDS.length - 1) / 10 });
    expect(changes.moved.map((m) => m.by)).toEqual([...changes.moved.map((m) => m.by)].sort((x, y) => (y ?? 0) - (x ?? 0)));
    expect(JSON.stringify(row?.detail).length).toBeLessThan(4000);
  });

  it('drawings: a changed merge is drawing.update, the same patch again is nothing', async () => {
    const merge =
      'mutation($id: Int!, $p: JSON!, $b: JSON) { merge_drawing_result(id: $id, patch: $p, base: $b) { id document_revisions } }';
    const before = await rowCount();
    for (let i = 0; i < 2; i++) {
      const data = await g.ok<{ merge_drawing_result: { document_revisions: Revisions } }>(token, merge, {
        id: a.record,
        p: { version: 1, coords: [[1, 2]] },
        b: { coords: revisions.drawing['coords'] ?? null },
      });
      revisions = data.merge_drawing_result.document_revisions;
    }
    const rows = await rowsSince(before);
    expect(rows.map((r) => [r.action, r.detail?.['documents']])).toEqual([['drawing.update', ['drawing_result']]]);
  });

  it('a refused save is still recorded, under what it asked to change', async () => {
    const other = await g.signIn('auditsaveb');
    const before = await rowCount();
    const reply = await g.gql(other, UPDATE, { id: a.record, i: { ruler_info: null }, d: { ruler_info: null } });
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const reply2 = await g.gql(other, UPDATE, { id: a.record, i: landmarks({ S: imagePoint(1, 1) }), b: a.revision });
    expect(reply2.body.errors?.[0]?.extensions?.code).toBeDefined();
    const rows = await rowsSince(before);
    expect(rows.map((r) => [r.action, r.outcome])).toEqual([
      ['chart.analysis_update', 'denied'],
      ['landmarks.update', 'denied'],
    ]);
    const [stored] = await g.h.services.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.id, rows[0]?.id ?? 0));
    expect(stored?.detail).not.toHaveProperty('landmarks');
  });
});
