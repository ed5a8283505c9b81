import { IMAGE_TYPE } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_FIELDS, createGraphHarness, type GraphHarness } from './graph-harness';

/** Charts, chart data, analysis records, user config and the user row, through POST /graphql. */
let g: GraphHarness;
let token: string;
let patientId: number;

interface Chart {
  id: number;
  uuid: string;
  chart_id: string;
  patient: { id: number };
  chart_data: Array<{ id: number; image_type_cd: string; shoot_date: string | null; path: string; deletedAt: string | null }>;
  analysis_record_id: number | null;
}
interface RecordRow {
  id: number;
  chart_id: number;
  infer_result: unknown;
  modified_result: unknown;
  drawing_result: unknown;
  img_size: unknown;
}

const INFER = {
  version: 1,
  model: { id: 'ceph-landmarks', version: 'v1' },
  landmarks: [{ cname: 1, name: 'Sella', x: 100.5, y: 200, confidence: 0.9 }],
};
const modifiedOn = (imageId: number) => ({
  version: 2,
  image: { chart_data_id: imageId },
  landmarks: [{ cname: 1, name: 'Sella', x: 102, y: 201 }],
});
const RECORD_FIELDS =
  'id chart_id infer_result modified_result profilogram_result ruler_info superimposition_data ' +
  'vto_sto_config drawing_result img_size createdAt updatedAt';

async function newChart(): Promise<Chart> {
  return (
    await g.ok<{ create_chart: Chart }>(token, `mutation($p: Int!) { create_chart(patient_id: $p) { ${CHART_FIELDS} } }`, { p: patientId })
  ).create_chart;
}

beforeAll(async () => {
  g = await createGraphHarness();
  token = await g.signIn('chart');
  patientId = (
    await g.ok<{ create_patient: { id: number } }>(
      token,
      `mutation { create_patient(input: { first_name: "Park", birth_info: "1985-05-05", gender: false }) { id } }`,
    )
  ).create_patient.id;
});
afterAll(async () => {
  await g.close();
});

describe('charts', () => {
  it('creates a chart with a unique chart_id and lists it with its images and record id', async () => {
    const chart = await newChart();
    expect(chart).toMatchObject({ patient: { id: patientId }, chart_data: [], analysis_record_id: null });
    expect(chart.chart_id).toMatch(/^[0-9a-f-]{36}$/);
    await g.addImage(chart.id, IMAGE_TYPE.cephalogram, '2024-03-04');
    await g.addImage(chart.id, IMAGE_TYPE.lateralFace, null);
    const record = (
      await g.ok<{ create_analysis_record: RecordRow }>(
        token,
        `mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }`,
        { c: chart.id, i: { infer_result: INFER } },
      )
    ).create_analysis_record;

    const byUuid = await g.ok<{ charts: Chart[] }>(token, `query($f: ChartFilter) { charts(filter: $f) { ${CHART_FIELDS} } }`, {
      f: { uuid: chart.uuid },
    });
    expect(byUuid.charts).toHaveLength(1);
    expect(byUuid.charts[0]?.analysis_record_id).toBe(record.id);
    expect(byUuid.charts[0]?.chart_data.map((d) => [d.image_type_cd, d.shoot_date, d.path])).toEqual([
      [IMAGE_TYPE.cephalogram, '2024-03-04', `charts/${chart.id}/00700.jpg`],
      [IMAGE_TYPE.lateralFace, null, `charts/${chart.id}/00710.jpg`],
    ]);
  });

  it("sorts a patient's charts by creation, newest first by default", async () => {
    const a = await newChart();
    const b = await newChart();
    const desc = await g.ok<{ charts: Chart[] }>(token, `query($f: ChartFilter) { charts(filter: $f) { id } }`, {
      f: { patient_id: patientId },
    });
    const ids = desc.charts.map((c) => c.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const asc = await g.ok<{ charts: Chart[] }>(token, `query($f: ChartFilter, $s: ChartSort) { charts(filter: $f, sort: $s) { id } }`, {
      f: { patient_id: patientId },
      s: { order: 'asc' },
    });
    expect(asc.charts.map((c) => c.id)).toEqual([...ids].reverse());
  });

  it("moves a chart to another of the caller's patients and soft-deletes it", async () => {
    const chart = await newChart();
    const other = (
      await g.ok<{ create_patient: { id: number } }>(
        token,
        `mutation { create_patient(input: { first_name: "Moved", birth_info: "1970-01-01", gender: true }) { id } }`,
      )
    ).create_patient.id;
    const moved = await g.ok<{ update_chart: Chart }>(
      token,
      `mutation($id: Int!, $i: UpdateChartInput!) { update_chart(id: $id, input: $i) { ${CHART_FIELDS} } }`,
      { id: chart.id, i: { patient_id: other } },
    );
    expect(moved.update_chart.patient.id).toBe(other);

    expect(
      (await g.ok<{ delete_chart: boolean }>(token, `mutation($id: Int!) { delete_chart(id: $id) }`, { id: chart.id })).delete_chart,
    ).toBe(true);
    const gone = await g.ok<{ charts: Chart[] }>(token, `query($f: ChartFilter) { charts(filter: $f) { id } }`, {
      f: { uuid: chart.uuid },
    });
    expect(gone.charts).toEqual([]);
    const row = await g.h.services.database.db.query.charts.findFirst({ where: (t, { eq }) => eq(t.id, chart.id) });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const again = await g.gql(token, `mutation($id: Int!) { delete_chart(id: $id) }`, { id: chart.id });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('creates no chart for a patient that does not exist', async () => {
    const before = await g.h.count('charts');
    const reply = await g.gql(token, `mutation { create_chart(patient_id: 999999) { id } }`);
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await g.h.count('charts')).toBe(before);
  });
});

describe('chart data', () => {
  it('filters by image type and deletedAt, and updates the shoot date', async () => {
    const chart = await newChart();
    const ceph = await g.addImage(chart.id, IMAGE_TYPE.cephalogram);
    const face = await g.addImage(chart.id, IMAGE_TYPE.lateralFace);
    const q =
      `query($c: Int!, $t: [String!], $d: Boolean) { chart_data(chart_id: $c, ` +
      `image_type_cd: $t, deleted: $d) { id image_type_cd shoot_date deletedAt ` +
      `} }`;
    const onlyCeph = await g.ok<{ chart_data: Chart['chart_data'] }>(token, q, { c: chart.id, t: [IMAGE_TYPE.cephalogram] });
    expect(onlyCeph.chart_data.map((d) => d.id)).toEqual([ceph]);

    await g.h.services.database.db.execute(`update chart_data set deleted_at = now() where id = ${face}`);
    const live = await g.ok<{ chart_data: Chart['chart_data'] }>(token, q, { c: chart.id });
    expect(live.chart_data.map((d) => d.id)).toEqual([ceph]);
    const deleted = await g.ok<{ chart_data: Chart['chart_data'] }>(token, q, { c: chart.id, d: true });
    expect(deleted.chart_data.map((d) => d.id)).toEqual([face]);
    expect(deleted.chart_data[0]?.deletedAt).not.toBeNull();

    const updated = await g.ok<{ update_chart_data: { shoot_date: string } }>(
      token,
      `mutation($id: Int!, $i: UpdateChartDataInput!) { update_chart_data(id: $id, input: $i) { shoot_date } }`,
      { id: ceph, i: { shoot_date: '2023-12-31' } },
    );
    expect(updated.update_chart_data.shoot_date).toBe('2023-12-31');
    const bad = await g.gql(
      token,
      `mutation($id: Int!, $i: UpdateChartDataInput!) { update_chart_data(id: $id, input: $i) { shoot_date } }`,
      { id: ceph, i: { shoot_date: '2023-13-01' } },
    );
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });
});

describe('analysis records', () => {
  it('keeps infer_result untouched when modified_result is updated', async () => {
    const chart = await newChart();
    const created = (
      await g.ok<{ create_analysis_record: RecordRow }>(
        token,
        `mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { ${RECORD_FIELDS} } }`,
        {
          c: chart.id,
          i: { infer_result: INFER, img_size: { width: 2000, height: 2400 } },
        },
      )
    ).create_analysis_record;
    expect(created).toMatchObject({
      chart_id: chart.id,
      infer_result: INFER,
      modified_result: null,
      img_size: { width: 2000, height: 2400 },
    });

    const imageId = await g.addImage(chart.id);
    const MODIFIED = { ...modifiedOn(imageId), image: { chart_data_id: imageId, sha256: null } };
    const updated = (
      await g.ok<{ update_analysis_record: RecordRow }>(
        token,
        `mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int, $d: JSON) { update_analysis_record(id: ` +
          `$id, input: $i, base_revision: $b, base_documents: $d) { ${RECORD_FIELDS} } }`,
        {
          id: created.id,
          i: { modified_result: modifiedOn(imageId), drawing_result: { version: 1, coords: [[1, 2]], superimpositionCoords: [] } },
          b: 1,
          d: { drawing_result: null },
        },
      )
    ).update_analysis_record;
    expect(updated.infer_result).toEqual(INFER);
    expect(updated.modified_result).toEqual(MODIFIED);
    const stored = await g.h.services.database.db.query.analysisRecords.findFirst({ where: (t, { eq }) => eq(t.id, created.id) });
    expect(stored?.inferResult).toEqual(INFER);

    const list = await g.ok<{ analysis_records: { items: RecordRow[]; total: number } }>(
      token,
      `query($f: AnalysisRecordFilter) { analysis_records(filter: $f) { items { ${RECORD_FIELDS} } total } }`,
      { f: { chart_id: chart.id } },
    );
    expect(list.analysis_records.total).toBe(1);
    expect(list.analysis_records.items[0]?.modified_result).toEqual(MODIFIED);
    const drawing = await g.ok<{ drawing_result: unknown }>(token, `query($c: Int!) { drawing_result(chart_id: $c) }`, { c: chart.id });
    expect(drawing.drawing_result).toEqual({ version: 1, coords: [[1, 2]], superimpositionCoords: [] });
  });

  it.each([
    ['a document without a version', { drawing_result: { coords: [] } }],
    [
      'a landmark without coordinates',
      { modified_result: { version: 2, image: { chart_data_id: 1 }, landmarks: [{ cname: 1, name: 'S' }] } },
    ],
    ['landmarks without their image (version 1 is read, no longer written)', { modified_result: { version: 1, landmarks: [] } }],
    ['a model result without its model', { infer_result: { version: 1, landmarks: [] } }],
    ['an unknown field', { password: 'x' }],
  ])('refuses %s with VALIDATION_FAILED and changes nothing', async (_label, input) => {
    const chart = await newChart();
    const record = (
      await g.ok<{ create_analysis_record: RecordRow }>(
        token,
        `mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }`,
        { c: chart.id, i: { infer_result: INFER } },
      )
    ).create_analysis_record;
    const reply = await g.gql(
      token,
      `mutation($id: Int!, $i: AnalysisRecordInput!) { update_analysis_record(id: $id, input: $i) { id } }`,
      { id: record.id, i: input },
    );
    expect(reply.body.errors?.[0]?.extensions?.code, reply.raw).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
    const stored = await g.h.services.database.db.query.analysisRecords.findFirst({ where: (t, { eq }) => eq(t.id, record.id) });
    expect(stored).toMatchObject({ inferResult: INFER, modifiedResult: null, drawingResult: null });
  });

  it('refuses a second live record for one chart with CONFLICT', async () => {
    const chart = await newChart();
    const create = `mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }`;
    await g.ok(token, create, { c: chart.id, i: { infer_result: INFER } });
    const second = await g.gql(token, create, { c: chart.id, i: { infer_result: INFER } });
    expect(second.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});

describe('merge_drawing_result', () => {
  const MERGE_FROM =
    'mutation($id: Int!, $p: JSON!, $b: JSON) { merge_drawing_result(id: $id, patch: $p, base: $b) { id drawing_result } }';
  /**
   * A merge as the viewer sends it: naming the revision of each key it sets, read just before (a
   * key absent: null). Anything not a plain object is sent with an empty base (it is refused first).
   */
  async function baseFor(id: number, p: unknown): Promise<Record<string, string | null>> {
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return {};
    const read = await g.ok<{ analysis_records: { items: Array<{ document_revisions: { drawing: Record<string, string> } }> } }>(
      token,
      `query($id: Int!) { analysis_records(filter: { id: $id }) { items { document_revisions } } }`,
      { id },
    );
    const drawing = read.analysis_records.items[0]?.document_revisions.drawing ?? {};
    return Object.fromEntries(Object.keys(p).map((key) => [key, drawing[key] ?? null]));
  }
  const merge = async (as: string, id: number, p: unknown) => g.gql(as, MERGE_FROM, { id, p, b: await baseFor(id, p) });
  const mergeOk = async <T>(id: number, p: unknown) => g.ok<T>(token, MERGE_FROM, { id, p, b: await baseFor(id, p) });
  const newRecord = async () => {
    const chart = await newChart();
    return (
      await g.ok<{ create_analysis_record: { id: number } }>(
        token,
        `mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }`,
        { c: chart.id, i: { infer_result: INFER } },
      )
    ).create_analysis_record.id;
  };

  it('sets only the given keys, so the drawing pad and the measuring tools never undo each other, even at the same moment', async () => {
    const id = await newRecord();
    const shapes = { version: 1, coords: [{ id: 'a', tool: 'line' }], superimpositionCoords: [] };
    const measurements = { measurements: { version: 1, items: [{ id: 'm1' }] } };
    // Both features save at once, each with only its own keys: neither overwrites the other.
    const [shapesBase, measurementsBase] = [await baseFor(id, shapes), await baseFor(id, measurements)];
    await Promise.all([
      g.ok(token, MERGE_FROM, { id, p: shapes, b: shapesBase }),
      g.ok(token, MERGE_FROM, { id, p: measurements, b: measurementsBase }),
    ]);
    const both = await g.ok<{ analysis_records: { items: RecordRow[] } }>(
      token,
      `query($id: Int!) { analysis_records(filter: { id: $id }) { items { drawing_result } } }`,
      { id },
    );
    expect(both.analysis_records.items[0]?.drawing_result).toEqual({ ...shapes, ...measurements });
    const next = await mergeOk<{ merge_drawing_result: RecordRow }>(id, { coords: [] });
    expect(next.merge_drawing_result.drawing_result).toEqual({ ...shapes, coords: [], ...measurements });
  });

  it("does not refuse a merge naming `version` because another key's merge started the document (version 1) since its read", async () => {
    const id = await newRecord();
    const shapes = { version: 1, coords: [{ id: 'a', tool: 'line' }], superimpositionCoords: [] };
    const measurements = { measurements: { version: 1, items: [{ id: 'm1' }] } };
    // Both read before either saves (as at the same moment), then the measuring tools land first.
    const [shapesBase, measurementsBase] = [await baseFor(id, shapes), await baseFor(id, measurements)];
    expect(shapesBase['version']).toBeNull();
    await g.ok(token, MERGE_FROM, { id, p: measurements, b: measurementsBase });
    const merged = await g.ok<{ merge_drawing_result: RecordRow }>(token, MERGE_FROM, { id, p: shapes, b: shapesBase });
    expect(merged.merge_drawing_result.drawing_result).toEqual({ ...shapes, ...measurements });
  });

  it("starts a missing document at version 1 and refuses bad patches, a result over the size limit and another user's record", async () => {
    const id = await newRecord();
    const first = await mergeOk<{ merge_drawing_result: RecordRow }>(id, { measurements: { version: 1, items: [] } });
    expect(first.merge_drawing_result.drawing_result).toEqual({ version: 1, measurements: { version: 1, items: [] } });
    for (const p of [{}, { version: 0 }, { version: 'x' }, [1, 2], 'text']) {
      const reply = await merge(token, id, p);
      expect(reply.body.errors?.[0]?.extensions?.code, JSON.stringify(p)).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
    }
    // Each patch is under the limit; together they would not be: the last one is refused whole.
    const big = 'x'.repeat(100 * 1024);
    await mergeOk(id, { a: big });
    await mergeOk(id, { b: big });
    const over = await merge(token, id, { c: big });
    expect(over.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const stored = await g.h.services.database.db.query.analysisRecords.findFirst({ where: (t, { eq }) => eq(t.id, id) });
    expect(Object.keys(stored?.drawingResult ?? {}).sort()).toEqual(['a', 'b', 'measurements', 'version']);

    const other = await g.signIn('mergeother');
    const foreign = await g.gql(other, MERGE_FROM, { id, p: { coords: [] }, b: { coords: null } });
    expect(foreign.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('user config and user', () => {
  it('creates the config on first update, then updates only the given fields', async () => {
    const t = await g.signIn('cfg');
    const first = await g.ok<{ update_user_config: Record<string, unknown> }>(
      t,
      `mutation($i: UserConfigInput!) { update_user_config(input: $i) { default_ppm landmark_NY drawing_config hard_tissue_color } }`,
      {
        i: { default_ppm: 10.5, drawing_config: { version: 1, tool: 'pen', size: 3 } },
      },
    );
    expect(first.update_user_config).toMatchObject({ default_ppm: 10.5, drawing_config: { version: 1, tool: 'pen', size: 3 } });
    const second = await g.ok<{ update_user_config: Record<string, unknown> }>(
      t,
      `mutation { update_user_config(input: { hard_tissue_color: "#ff0000", landmark_NY: ` +
        `false }) { default_ppm landmark_NY hard_tissue_color } }`,
    );
    expect(second.update_user_config).toEqual({ default_ppm: 10.5, landmark_NY: false, hard_tissue_color: '#ff0000' });
    const read = await g.ok<{ user_config: Record<string, unknown> }>(t, `{ user_config { default_ppm landmark_NY hard_tissue_color } }`);
    expect(read.user_config).toEqual(second.update_user_config);
    const bad = await g.gql(t, `mutation { update_user_config(input: { drawing_config: { tool: "pen" } }) { default_ppm } }`);
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });

  it('returns the caller only and saves the tutorial flag', async () => {
    const users = await g.ok<{
      users: Array<{ uuid: string; first_name: string; user_permission: { version: number; tutorial: boolean } }>;
    }>(token, `{ users { uuid first_name user_permission { version tutorial } } }`);
    expect(users.users).toHaveLength(1);
    expect(users.users[0]?.user_permission).toEqual({ version: 1, tutorial: true });
    const updated = await g.ok<{ update_user: { user_permission: { tutorial: boolean } } }>(
      token,
      `mutation { update_user(user_permission: { version: 1, tutorial: false }) { user_permission { tutorial } } }`,
    );
    expect(updated.update_user.user_permission.tutorial).toBe(false);
    const wrongVersion = await g.gql(token, `mutation { update_user(user_permission: { version: 7, tutorial: true }) { uuid } }`);
    expect(wrongVersion.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const again = await g.ok<{ users: Array<{ user_permission: { tutorial: boolean } }> }>(
      token,
      `{ users { user_permission { tutorial } } }`,
    );
    expect(again.users[0]?.user_permission.tutorial).toBe(false);
  });
});
