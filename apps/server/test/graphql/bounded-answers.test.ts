import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRecords, charts } from '../../src/db/schema/index';
import { bigDocument, insertBigRecords } from '../support/big-documents';
import { createGraphHarness, type GraphHarness } from './graph-harness';

/**
 * Answers are bounded (Step 15, "Bounded answers"). The probe stored 100 records whose five
 * documents held 250 KB each and asked, in one document within every document limit, for 15
 * aliases of `analysis_records` with all documents: the server built 1.9 GB, /healthz stalled for
 * 56 s, and the answer was INTERNAL. Now lists page (at most 100 records), documents come one
 * record at a time, and an answer's documents are counted from their stored sizes (4 MB) before
 * they are read; anything over is RESPONSE_TOO_LARGE (HTTP 422) and nothing is built.
 */
const ALL_DOCUMENTS = 'infer_result modified_result profilogram_result ruler_info superimposition_data vto_sto_config drawing_result';

let g: GraphHarness;
let token: string;
/** Records with five ~270 KB documents each (~1.6 MB a record as stored jsonb text, which has spaces). */
let big: number[] = [];
/** Their charts (integer ids). */
let bigCharts: number[] = [];
/** Records with no documents, enough to fill more than one page. */
let small: number[] = [];

beforeAll(async () => {
  // As deployed (NODE_ENV=production): no introspection, no field suggestions.
  g = await createGraphHarness({ NODE_ENV: 'production' });
  token = await g.signIn('bounded');
  const patient = (
    await g.ok<{ create_patient: { id: number } }>(
      token,
      `mutation { create_patient(input: { first_name: "Bound", birth_info: "1980-01-01", gender: true }) { id } }`,
    )
  ).create_patient.id;
  const db = g.h.services.database.db;
  const chartRows = await db
    .insert(charts)
    .values(Array.from({ length: 105 }, (_, i) => ({ chartId: `bounded-${i}-${Date.now()}`, patientRef: patient })))
    .returning({ id: charts.id });
  const [bigRows, smallRows] = [chartRows.slice(0, 4), chartRows.slice(4)];
  bigCharts = bigRows.map((c) => c.id);
  big = await insertBigRecords(db, bigCharts, 270);
  small = (
    await db
      .insert(analysisRecords)
      .values(smallRows.map((c) => ({ chartRef: c.id })))
      .returning({ id: analysisRecords.id })
  ).map((r) => r.id);
}, 60_000);
afterAll(async () => {
  await g.close();
});

const aliases = (n: number, piece: (i: number) => string) => Array.from({ length: n }, (_, i) => `a${i}: ${piece(i)}`).join(' ');

describe('the probe: 15 aliases of the record list with every document', () => {
  it('is refused with RESPONSE_TOO_LARGE (HTTP 422) at once, while /healthz and small queries answer', async () => {
    const query = `{ ${aliases(15, () => `analysis_records { items { id ${ALL_DOCUMENTS} } total }`)} }`;
    const started = performance.now();
    const [reply, health] = await Promise.all([g.gql(token, query), g.h.app.inject({ method: 'GET', url: '/healthz' })]);
    const took = performance.now() - started;
    expect(reply.status, reply.raw).toBe(422);
    expect(reply.body.data ?? null).toBeNull();
    expect(reply.body.errors).toEqual([
      { message: expect.stringMatching(/one record at a time/), path: [expect.any(String)], extensions: { code: 'RESPONSE_TOO_LARGE' } },
    ]);
    expect(reply.raw.length).toBeLessThan(1_000);
    expect(took).toBeLessThan(5_000);
    expect(health.statusCode, health.body).toBe(200);
    expect((await g.ok<{ users: unknown[] }>(token, '{ users { uuid } }')).users).toHaveLength(1);
  });

  it('by id instead: the documents are counted from their stored sizes and refused before they are read', async () => {
    const query = `{ ${aliases(15, (i) => `analysis_records(filter: { id: ${big[i % big.length]} }) { items { ${ALL_DOCUMENTS} } }`)} }`;
    const heapBefore = process.memoryUsage().heapUsed;
    const [reply, health] = await Promise.all([g.gql(token, query), g.h.app.inject({ method: 'GET', url: '/healthz' })]);
    expect(reply.status, reply.raw).toBe(422);
    expect(reply.body.errors).toEqual([
      {
        message: expect.stringMatching(/more than 4 MB of documents/),
        path: [expect.any(String)],
        extensions: { code: 'RESPONSE_TOO_LARGE' },
      },
    ]);
    expect(reply.body.data ?? null).toBeNull();
    // Two records' documents at most were read (the budget), not fifteen.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
    expect(health.statusCode).toBe(200);
  });
});

describe('one record at a time', () => {
  it("answers a single record's documents, by id or by chart, and the drawing pad's drawing_result", async () => {
    const byId = await g.ok<{ analysis_records: { items: Array<Record<string, unknown>>; total: number } }>(
      token,
      `query($id: Int!) { analysis_records(filter: { id: $id }) { items { id ${ALL_DOCUMENTS} } total } }`,
      { id: big[1] },
    );
    const doc = bigDocument(270, 1);
    expect(byId.analysis_records.total).toBe(1);
    expect(byId.analysis_records.items[0]).toEqual({
      id: big[1],
      infer_result: doc,
      modified_result: doc,
      profilogram_result: doc,
      ruler_info: null,
      superimposition_data: doc,
      vto_sto_config: null,
      drawing_result: doc,
    });
    const byChart = await g.ok<{ analysis_records: { items: Array<{ id: number; infer_result: unknown }> } }>(
      token,
      `query($c: Int!) { analysis_records(filter: { chart_id: $c }) { items { id infer_result } } }`,
      { c: bigCharts[2] },
    );
    expect(byChart.analysis_records.items).toEqual([{ id: big[2], infer_result: bigDocument(270, 2) }]);
    const drawing = await g.ok<{ drawing_result: unknown }>(token, `query($c: Int!) { drawing_result(chart_id: $c) }`, { c: bigCharts[3] });
    expect(drawing.drawing_result).toEqual(bigDocument(270, 3));
  });

  it('lets two records of documents through in one answer and refuses a third', async () => {
    const fields = 'infer_result modified_result profilogram_result superimposition_data drawing_result';
    const two = await g.gql(token, `{ ${aliases(2, (i) => `analysis_records(filter: { id: ${big[i]} }) { items { ${fields} } }`)} }`);
    expect(two.status, two.raw.slice(0, 300)).toBe(200);
    expect(two.body.errors).toBeUndefined();
    expect(two.body.data?.['a1']).toEqual({ items: [expect.objectContaining({ drawing_result: bigDocument(270, 1) })] });
    const three = await g.gql(token, `{ ${aliases(3, (i) => `analysis_records(filter: { id: ${big[i]} }) { items { ${fields} } }`)} }`);
    expect(three.status).toBe(422);
    expect(three.body.errors?.map((e) => e.extensions?.code)).toEqual(['RESPONSE_TOO_LARGE']);
    // Aliases inside one record count too: the same documents three times over are three records' worth.
    const repeated = await g.gql(
      token,
      `query($id: Int!) { analysis_records(filter: { id: $id }) { ${aliases(3, () => `items { ${fields} }`)} } }`,
      { id: big[0] },
    );
    expect(repeated.status).toBe(422);
  });

  it('refuses documents for a list that is not one record, whatever their size', async () => {
    const reply = await g.gql(token, `{ analysis_records { items { id ruler_info } } }`);
    expect(reply.status).toBe(422);
    expect(reply.body.errors?.map((e) => e.extensions?.code)).toEqual(['RESPONSE_TOO_LARGE']);
    const nullId = await g.gql(token, `query($id: Int) { analysis_records(filter: { id: $id }) { items { ruler_info } } }`, { id: null });
    expect(nullId.body.errors?.map((e) => e.extensions?.code)).toEqual(['RESPONSE_TOO_LARGE']);
  });

  it('charges a write its answer before writing: a refused answer leaves no write behind', async () => {
    const ruler = { version: 2, p1: { x: 0, y: 0 }, p2: { x: 10, y: 0 }, length_mm: 1 };
    // Each write names the revision of ruler_info it starts from (null: absent, as on these records).
    const writeFrom = (base: string | null) => (i: number) =>
      `update_analysis_record(id: ${small[i]}, input: { ruler_info: $r }, base_documents: { ruler_info: ${JSON.stringify(base)} }) ` +
      `{ id ${ALL_DOCUMENTS} }`;
    const write = writeFrom(null);
    const reply = await g.gql(token, `mutation($r: JSON) { ${aliases(3, write)} }`, { r: ruler });
    // Each answer may carry 7 documents of up to 256 KB: two fit in 4 MB, the third is refused unwritten.
    expect(reply.status).toBe(422);
    expect(reply.body.errors?.map((e) => e.extensions?.code)).toEqual(['RESPONSE_TOO_LARGE']);
    const stored = await g.ok<{ analysis_records: { items: Array<{ id: number; ruler_info: unknown }> } }>(
      token,
      `query($id: Int!) { analysis_records(filter: { id: $id }) { items { id ruler_info } } }`,
      { id: small[2] },
    );
    expect(stored.analysis_records.items).toEqual([{ id: small[2], ruler_info: null }]);
    // One write answering with its documents is fine (small[0] was written above: from its revision now).
    const read = await g.ok<{ analysis_records: { items: Array<{ document_revisions: { documents: Record<string, string | null> } }> } }>(
      token,
      `query($id: Int!) { analysis_records(filter: { id: $id }) { items { document_revisions } } }`,
      { id: small[0] },
    );
    const base = read.analysis_records.items[0]?.document_revisions.documents['ruler_info'] ?? null;
    const one = await g.ok<{ a0: { ruler_info: unknown } }>(token, `mutation($r: JSON) { ${aliases(1, writeFrom(base))} }`, { r: ruler });
    expect(one.a0.ruler_info).toEqual(ruler);
  });
});

describe('the record list pages', () => {
  it('at the server maximum of 100, with the total of all', async () => {
    type Page = { analysis_records: { items: Array<{ id: number; img_size: unknown; revision: number }>; total: number } };
    const first = await g.ok<Page>(token, `{ analysis_records { items { id img_size revision } total } }`);
    const all = [...big, ...small].sort((a, b) => a - b);
    expect(first.analysis_records.total).toBe(all.length);
    expect(first.analysis_records.items.map((r) => r.id)).toEqual(all.slice(0, 100));
    const second = await g.ok<Page>(token, `{ analysis_records(page: 1) { items { id } total } }`);
    expect(second.analysis_records.items.map((r) => r.id)).toEqual(all.slice(100));
    const sized = await g.ok<Page>(token, `{ analysis_records(page: 2, page_size: 7) { items { id } } }`);
    expect(sized.analysis_records.items.map((r) => r.id)).toEqual(all.slice(14, 21));
  });

  it('refuses a page size over the maximum or a negative page', async () => {
    for (const args of ['page_size: 101', 'page_size: 0', 'page: -1']) {
      const reply = await g.gql(token, `{ analysis_records(${args}) { items { id } } }`);
      expect(
        reply.body.errors?.map((e) => e.extensions?.code),
        args,
      ).toEqual(['VALIDATION_FAILED']);
    }
  });
});

describe('the chart list pages', () => {
  it('at the server maximum of 200, a page at a time, in the order asked', async () => {
    type Charts = { charts: Array<{ id: number }> };
    const all = (await g.ok<Charts>(token, `{ charts(sort: { order: asc }) { id } }`)).charts.map((c) => c.id);
    expect(all).toHaveLength(105);
    const page = await g.ok<Charts>(token, `{ charts(sort: { order: asc }, page: 2, page_size: 50) { id } }`);
    expect(page.charts.map((c) => c.id)).toEqual(all.slice(100));
    for (const args of ['page_size: 201', 'page_size: 0', 'page: -1']) {
      const reply = await g.gql(token, `{ charts(${args}) { id } }`);
      expect(
        reply.body.errors?.map((e) => e.extensions?.code),
        args,
      ).toEqual(['VALIDATION_FAILED']);
    }
  });
});

describe('field suggestions', () => {
  const typos: Array<[string, string, Record<string, unknown> | undefined]> = [
    ['an unknown field', '{ users { uuidd } }', undefined],
    ['an unknown argument', '{ analysis_records(filtre: {}) { total } }', undefined],
    [
      'an unknown enum value in a variable',
      'query($s: PatientSort) { patients(sort: $s) { pagination { total } } }',
      { s: { field: 'patient_idd' } },
    ],
  ];

  it.each(typos)('are left out in production for %s', async (_label, query, variables) => {
    const reply = await g.gql(token, query, variables);
    expect(reply.body.errors?.[0]?.message.length, reply.raw).toBeGreaterThan(0);
    expect(reply.raw).not.toMatch(/Did you mean|"uuid"|"filter"|"patient_id"/);
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  describe('in development (npm run dev)', () => {
    let dev: GraphHarness;
    let devToken: string;
    beforeAll(async () => {
      dev = await createGraphHarness({ NODE_ENV: 'development' });
      devToken = await dev.signIn('boundeddev');
    });
    afterAll(async () => {
      await dev.close();
    });

    it.each(typos)('are given for %s', async (_label, query, variables) => {
      const reply = await dev.gql(devToken, query, variables);
      expect(reply.body.errors?.[0]?.message).toMatch(/Did you mean "(uuid|filter|patient_id)"|Did you mean the enum value "patient_id"/);
      expect(reply.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    });
  });
});
