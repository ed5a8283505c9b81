import { IMAGE_TYPE } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphHarness, type GraphHarness } from '../graphql/graph-harness';

/*
 * The ruler (`ruler_info`) is stored as the user's choices only (issue 29 item 1): its two points and
 * the known length. The pixels per mm are derived from them where shown and printed, so a save never
 * stores them, whether an old client sends a version-1 document with its ppm or a current one carries
 * it; the stored document is the current version. A save from a revision someone saved since is
 * refused with CONFLICT. Runs on PGlite, and on PostgreSQL 15 when DATABASE_URL is set (as in CI).
 */

let g: GraphHarness;
let token: string;
let recordId: number;

const READ = 'query($id: Int!) { analysis_records(filter: { id: $id }) { items { ruler_info document_revisions } } }';
const UPDATE =
  'mutation($id: Int!, $i: AnalysisRecordInput!, $b: JSON) { ' +
  'update_analysis_record(id: $id, input: $i, base_documents: $b) { ruler_info } }';

interface Stored {
  ruler_info: unknown;
  document_revisions: { documents: Record<string, string | null> };
}

async function read(): Promise<Stored> {
  return (await g.ok<{ analysis_records: { items: Stored[] } }>(token, READ, { id: recordId })).analysis_records.items[0]!;
}

/** Saves `ruler` from the revision of `seen` (default: read now). */
async function save(ruler: unknown, seen?: Stored) {
  const base = (seen ?? (await read())).document_revisions.documents.ruler_info ?? null;
  return g.gql(token, UPDATE, { id: recordId, i: { ruler_info: ruler }, b: { ruler_info: base } });
}

const POINTS = { p1: { x: 100, y: 100 }, p2: { x: 100, y: 300 } };

beforeAll(async () => {
  g = await createGraphHarness();
  token = await g.signIn('rulerdoc');
  const patient = await g.ok<{ create_patient: { id: number } }>(
    token,
    'mutation { create_patient(input: { first_name: "Ruler", birth_info: "1990-01-01", gender: true }) { id } }',
  );
  const chart = await g.ok<{ create_chart: { id: number } }>(token, 'mutation($p: Int!) { create_chart(patient_id: $p) { id } }', {
    p: patient.create_patient.id,
  });
  await g.addImage(chart.create_chart.id, IMAGE_TYPE.cephalogram);
  const record = await g.ok<{ create_analysis_record: { id: number } }>(
    token,
    'mutation($c: Int!) { create_analysis_record(chart_id: $c, input: { img_size: { width: 1000, height: 800 } }) { id } }',
    { c: chart.create_chart.id },
  );
  recordId = record.create_analysis_record.id;
});
afterAll(async () => {
  await g.close();
});

describe('ruler_info stores the choices only', () => {
  it('a version-1 document from an older client is stored as version 2 without its ppm', async () => {
    const reply = await save({ version: 1, ...POINTS, length_mm: 20, ppm: 10 });
    expect(reply.body.errors, reply.raw).toBeUndefined();
    expect((await read()).ruler_info).toEqual({ version: 2, ...POINTS, length_mm: 20 });
  });

  it('a ppm sent with a current document is not stored either', async () => {
    const reply = await save({ version: 2, ...POINTS, length_mm: 25, ppm: 8 });
    expect(reply.body.errors, reply.raw).toBeUndefined();
    expect((await read()).ruler_info).toEqual({ version: 2, ...POINTS, length_mm: 25 });
  });

  it('a document that is not a ruler is refused and nothing is written', async () => {
    const before = await read();
    for (const broken of [
      { version: 2, ppm: 10 },
      { version: 3, ...POINTS, length_mm: 20 },
      { version: 2, ...POINTS, length_mm: -1 },
    ]) {
      const reply = await save(broken, before);
      expect(reply.body.errors?.[0]?.extensions?.code, reply.raw).toBe('VALIDATION_FAILED');
    }
    expect(await read()).toEqual(before);
  });

  it('null removes the ruler', async () => {
    const reply = await save(null);
    expect(reply.body.errors, reply.raw).toBeUndefined();
    expect((await read()).ruler_info).toBeNull();
  });

  it('the second of two saves from one revision is refused with CONFLICT, the first kept', async () => {
    const seen = await read();
    const first = await save({ version: 2, ...POINTS, length_mm: 30 }, seen);
    expect(first.body.errors, first.raw).toBeUndefined();
    const second = await save({ version: 2, ...POINTS, length_mm: 40 }, seen);
    expect(second.body.errors?.[0]?.extensions?.code, second.raw).toBe('CONFLICT');
    expect((await read()).ruler_info).toEqual({ version: 2, ...POINTS, length_mm: 30 });
  });
});
