import { DEFAULT_FILM_ADJUSTMENTS } from '@ceppro/ceph';
import { IMAGE_TYPE, filmDisplayPatch, normChoicePatch } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphHarness, type GraphHarness } from '../graphql/graph-harness';

/*
 * Issue 29 item 1 / issue 25 item 4: every document of the analysis record is saved from the revision
 * its viewer last saw, checked by the database in the write itself (compare-and-set). Here one user
 * has the chart open in two tabs (one session): both read a document, the first tab's save lands, the
 * second tab's save from the same revision is refused with CONFLICT and the stored state is the
 * first's; read again, the second tab saves from the newer revision. For each document kind: the
 * record's columns (`base_documents`), the keys of the shared `drawing_result` (`merge_drawing_result(base)`),
 * and the landmarks (the record's `revision`, `base_revision`). Runs on PGlite, and on PostgreSQL 15
 * when DATABASE_URL is set (as in CI).
 */

let g: GraphHarness;
let token: string;
let recordId: number;
let filmId: number;

interface Revisions {
  documents: Record<string, string | null>;
  drawing: Record<string, string>;
}
interface Record_ extends Record<string, unknown> {
  revision: number;
  document_revisions: Revisions;
}

const READ =
  'query($id: Int!) { analysis_records(filter: { id: $id }) { items { revision profilogram_result ruler_info superimposition_data ' +
  'vto_sto_config drawing_result img_size modified_result document_revisions } } }';
const UPDATE =
  'mutation($id: Int!, $i: AnalysisRecordInput!, $b: JSON) { update_analysis_record(id: $id, input: $i, base_documents: $b) { id } }';
const MERGE = 'mutation($id: Int!, $p: JSON!, $b: JSON) { merge_drawing_result(id: $id, patch: $p, base: $b) { id } }';
const LANDMARKS =
  'mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int) { update_analysis_record(id: $id, input: $i, base_revision: $b) { id } }';

async function read(): Promise<Record_> {
  const data = await g.ok<{ analysis_records: { items: Record_[] } }>(token, READ, { id: recordId });
  return data.analysis_records.items[0]!;
}

/** A document kind: how a tab saves value `n` from the revision it read, and where the stored value is. */
interface Kind {
  name: string;
  save(n: number, seen: Record_): Promise<Awaited<ReturnType<GraphHarness['gql']>>>;
  /** The same save naming no revision at all (the argument left out). */
  bare(n: number): Promise<Awaited<ReturnType<GraphHarness['gql']>>>;
  stored(record: Record_): unknown;
  value(n: number): unknown;
}

const column = (name: string, value: (n: number) => unknown): Kind => ({
  name,
  save: (n, seen) =>
    g.gql(token, UPDATE, { id: recordId, i: { [name]: value(n) }, b: { [name]: seen.document_revisions.documents[name] ?? null } }),
  bare: (n) => g.gql(token, UPDATE, { id: recordId, i: { [name]: value(n) } }),
  stored: (record) => record[name],
  value,
});

const drawingKey = (key: string, patch: (n: number) => Record<string, unknown>): Kind => ({
  name: `drawing_result.${key}`,
  // The base names every key the patch sets but `version` (the pad sets `coords` and `superimpositionCoords`).
  save: (n, seen) => {
    const keys = Object.keys(patch(n)).filter((name) => name !== 'version');
    const b = Object.fromEntries(keys.map((name) => [name, seen.document_revisions.drawing[name] ?? null]));
    return g.gql(token, MERGE, { id: recordId, p: patch(n), b });
  },
  bare: (n) => g.gql(token, MERGE, { id: recordId, p: patch(n) }),
  stored: (record) => (record.drawing_result as Record<string, unknown> | null)?.[key],
  value: (n) => patch(n)[key],
});

const landmarks = (n: number) => ({
  version: 2,
  image: { chart_data_id: filmId, sha256: null },
  landmarks: [{ cname: 0, name: 'Sella', x: 10 + n, y: 20 }],
});

const KINDS: Kind[] = [
  column('vto_sto_config', (n) => ({ version: 1, moves: [{ landmark: 'Pog', dx: n, dy: 0 }] })),
  column('superimposition_data', (n) => ({ version: 2, chart_ids: [`c${n}`], method: 'sn-at-s', blending: false, opacity: 0.5 })),
  column('profilogram_result', (n) => ({ version: 1, template: `t${n}` })),
  column('ruler_info', (n) => ({ version: 2, p1: { x: 0, y: 0 }, p2: { x: 10 + n, y: 0 }, length_mm: 1 })),
  column('img_size', (n) => ({ width: 1000 + n, height: 800 })),
  drawingKey('coords', (n) => ({ version: 1, coords: [[{ type: 'line', n }]], superimpositionCoords: [] })),
  drawingKey('measurements', (n) => ({ measurements: { version: 1, items: [{ id: `m${n}` }] } })),
  drawingKey('film', (n) => filmDisplayPatch({ ...DEFAULT_FILM_ADJUSTMENTS, invert: n % 2 === 1 })),
  drawingKey('norms', (n) => normChoicePatch(n % 2 === 1 ? 'korean' : 'japanese')),
  {
    name: 'modified_result (landmarks)',
    save: (n, seen) => g.gql(token, LANDMARKS, { id: recordId, i: { modified_result: landmarks(n) }, b: seen.revision }),
    bare: (n) => g.gql(token, LANDMARKS, { id: recordId, i: { modified_result: landmarks(n) } }),
    stored: (record) => (record.modified_result as { landmarks?: unknown } | null)?.landmarks,
    value: (n) => landmarks(n).landmarks,
  },
];

beforeAll(async () => {
  g = await createGraphHarness();
  token = await g.signIn('revtabs');
  const patient = await g.ok<{ create_patient: { id: number } }>(
    token,
    'mutation { create_patient(input: { first_name: "Tabs", birth_info: "1990-01-01", gender: true }) { id } }',
  );
  const chart = await g.ok<{ create_chart: { id: number } }>(token, 'mutation($p: Int!) { create_chart(patient_id: $p) { id } }', {
    p: patient.create_patient.id,
  });
  filmId = await g.addImage(chart.create_chart.id, IMAGE_TYPE.cephalogram);
  const record = await g.ok<{ create_analysis_record: { id: number } }>(
    token,
    'mutation($c: Int!) { create_analysis_record(chart_id: $c, input: { img_size: { width: 100, height: 100 } }) { id } }',
    { c: chart.create_chart.id },
  );
  recordId = record.create_analysis_record.id;
});
afterAll(async () => {
  await g.close();
});

describe('every document of the analysis record: two tabs of one user', () => {
  it.each(KINDS.map((kind) => [kind.name, kind] as const))('%s: the second of two saves from one revision is refused', async (_, kind) => {
    // Both tabs read the record at the same moment.
    const tabA = await read();
    const tabB = await read();
    expect(tabB.document_revisions).toEqual(tabA.document_revisions);
    const first = await kind.save(1, tabA);
    expect(first.body.errors, first.raw).toBeUndefined();
    const second = await kind.save(2, tabB);
    expect(second.body.errors?.[0]?.extensions?.code, second.raw).toBe('CONFLICT');
    // The stored state is the first tab's.
    const after = await read();
    expect(kind.stored(after)).toEqual(kind.value(1));
    // The refused tab reloads (what the viewer does after the message) and saves from the newer revision.
    const again = await kind.save(3, after);
    expect(again.body.errors, again.raw).toBeUndefined();
    expect(kind.stored(await read())).toEqual(kind.value(3));
  });

  it("a save of one document never refuses another's: each tab saving a different document from one read lands", async () => {
    const seen = await read();
    for (const [n, kind] of KINDS.filter((k) => !k.name.startsWith('modified_result')).entries()) {
      const reply = await kind.save(10 + n, seen);
      expect(reply.body.errors, `${kind.name}: ${reply.raw}`).toBeUndefined();
    }
    const stored = await read();
    for (const [n, kind] of KINDS.filter((k) => !k.name.startsWith('modified_result')).entries()) {
      expect(kind.stored(stored), kind.name).toEqual(kind.value(10 + n));
    }
  });
});

describe('a save that names no revision is refused and changes nothing', () => {
  /** Refused unapplied: REVISION_REQUIRED with its HTTP status, every stored value and revision as before. */
  async function expectRefused(reply: Awaited<ReturnType<GraphHarness['gql']>>, before: Record_): Promise<void> {
    expect(reply.body.errors?.[0]?.extensions?.code, reply.raw).toBe('REVISION_REQUIRED');
    expect(reply.status, reply.raw).toBe(428);
    expect(await read()).toEqual(before);
  }

  it.each(KINDS.map((kind) => [kind.name, kind] as const))('%s', async (_, kind) => {
    const before = await read();
    await expectRefused(await kind.bare(20), before);
  });

  it("naming another document's revision, or another key's, is no precondition for this one", async () => {
    const before = await read();
    const { documents, drawing } = before.document_revisions;
    const vto = { version: 1, moves: [{ landmark: 'Pog', dx: 21, dy: 0 }] };
    await expectRefused(
      await g.gql(token, UPDATE, { id: recordId, i: { vto_sto_config: vto }, b: { ruler_info: documents.ruler_info } }),
      before,
    );
    // Two documents in one save: each needs its own revision.
    const both = { vto_sto_config: vto, ruler_info: { version: 2, p1: { x: 0, y: 0 }, p2: { x: 21, y: 0 }, length_mm: 1 } };
    await expectRefused(await g.gql(token, UPDATE, { id: recordId, i: both, b: { vto_sto_config: documents.vto_sto_config } }), before);
    // The record's landmark revision does not stand for a document's.
    await expectRefused(await g.gql(token, LANDMARKS, { id: recordId, i: { vto_sto_config: vto }, b: before.revision }), before);
    // A drawing merge of two keys naming one.
    const patch = { measurements: { version: 1, items: [] }, norms: { version: 1, population: 'korean' } };
    await expectRefused(await g.gql(token, MERGE, { id: recordId, p: patch, b: { measurements: drawing.measurements ?? null } }), before);
  });
});
