import { reportModelPath } from '@ceppro/contract';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILM_300_SIZE, film300InferResult } from '../fixtures/film-300';
import { createImageHarness, plainImage, type ImageHarness, type TestChart } from '../images/image-harness';

/*
 * "Reading a chart once per request is enough" (issue 25 item 1): a spy on the database client records
 * every statement one request sends. The chart's row is loaded once to serve the viewer's chart and
 * record (one GraphQL document, as the viewer's first paint asks them), the report model and the report
 * PDF: one read of `charts` in the caller's space (the access policy's scope). Every other statement
 * naming `charts` must be one of the known kinds: the scope join of another table's read (the record),
 * the patient's chart list (the report's chart number), or the audit trail's ownership look-up (it
 * attributes the event to the chart's real owner, whoever asked; docs/clinics.md "Not wired yet").
 * On PGlite (the spy wraps its client and its transactions) and PostgreSQL (the pool and the clients it lends).
 */

const isPool = (client: PGlite | pg.Pool): client is pg.Pool => !('transaction' in client);

/** Records the SQL of every statement, inside transactions too, while `recording` is on. */
function spyOnStatements(client: PGlite | pg.Pool) {
  const seen: string[] = [];
  let recording = false;
  const note = (query: string) => {
    if (recording) seen.push(query);
  };
  const wrap = <T extends Pick<PGlite, 'query'> | Transaction>(target: T): T => {
    const query = target.query.bind(target) as PGlite['query'];
    (target as { query: PGlite['query'] }).query = ((
      text: string,
      ...rest: Parameters<PGlite['query']> extends [string, ...infer R] ? R : never
    ) => {
      note(text);
      return query(text, ...rest);
    }) as PGlite['query'];
    return target;
  };
  if (isPool(client)) {
    // PostgreSQL (node-postgres): every statement runs on a client the pool lends (pool.query borrows
    // one through connect(callback), a transaction through connect()); each lent client is wrapped once.
    const text = (config: unknown) => (typeof config === 'string' ? config : String((config as { text?: unknown }).text ?? ''));
    const lent = new WeakSet<object>();
    const wrapOnce = (lentClient: pg.PoolClient | undefined) => {
      if (lentClient === undefined || lent.has(lentClient)) return;
      lent.add(lentClient);
      const query = lentClient.query.bind(lentClient) as (...args: unknown[]) => unknown;
      (lentClient as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
        note(text(config));
        return query(config, ...rest);
      };
    };
    type Callback = (err: Error | undefined, lentClient: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
    const connect = client.connect.bind(client) as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
    (client as { connect: unknown }).connect = (callback?: Callback) => {
      if (typeof callback === 'function') {
        return connect((err, lentClient, done) => {
          wrapOnce(lentClient);
          callback(err, lentClient, done);
        });
      }
      return connect()?.then((lentClient) => {
        wrapOnce(lentClient);
        return lentClient;
      });
    };
  } else {
    wrap(client);
    const transaction = client.transaction.bind(client);
    client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) => transaction((tx) => fn(wrap(tx)))) as PGlite['transaction'];
  }
  return {
    async during<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
      seen.length = 0;
      recording = true;
      try {
        return { result: await run(), statements: [...seen] };
      } finally {
        recording = false;
      }
    },
  };
}

const reads = (statements: string[]) => statements.filter((s) => /^\s*(with|select)\b/i.test(s) && /\b(from|join)\s+"charts"/i.test(s));
/** The access policy's scope on a read: personal (`user_id = $n and clinic_id is null`) or a clinic's (`clinic_id = $n`). */
const SCOPED = /"patients"\."user_id" = \$\d+ and "patients"\."clinic_id" is null|"patients"\."clinic_id" = \$\d+/;
/** The chart's row loaded to serve the request: selected from `charts`, in the caller's space. */
const chartLoads = (statements: string[]) => reads(statements).filter((s) => /\bfrom\s+"charts"/i.test(s) && SCOPED.test(s));
/** Other statements naming `charts`, each of a known kind (see above); whatever is left is unexplained. */
const unexplained = (statements: string[]) =>
  reads(statements).filter(
    (s) =>
      !chartLoads([s]).length &&
      !/^\s*select[\s\S]*\bfrom\s+"analysis_records"\s+inner join\s+"charts"/i.test(s) &&
      !/^select "id" from "charts" where \("charts"\."patient_ref" = \$1/.test(s) &&
      !/^select "patients"\."user_id", "patients"\."clinic_id", "patients"\."id", "charts"\."chart_id" from "charts"/.test(s) &&
      // Not the request's: the draft sweeper, a background job that may run meanwhile.
      !/^select "id" from "charts" where "charts"\."draft_expires_at" < \$1 for update skip locked/.test(s),
  );

function expectOneLoad(statements: string[]): void {
  const trace = statements.join('\n---\n');
  expect(chartLoads(statements), trace).toHaveLength(1);
  expect(unexplained(statements), trace).toEqual([]);
}

let t: ImageHarness;
let token: string;
let chart: TestChart;
let spy: ReturnType<typeof spyOnStatements>;

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('reads');
  chart = await t.chart(token, { name: 'Once Only' });
  const size = FILM_300_SIZE;
  await t.liveImage(token, chart.chartId, await plainImage(size.width, size.height));
  await t.createRecord(token, chart.chartRef, { infer_result: film300InferResult(), img_size: size });
  const client = (t.h.services.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  spy = spyOnStatements(client);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('a chart is read once per request', () => {
  it("reads it once for the viewer's chart and record in one GraphQL document", async () => {
    const query = `query($u: String!, $c: Int!) {
      charts(filter: { uuid: $u }) { id uuid chart_id patient { id first_name } chart_data { id image_type_cd } analysis_record_id }
      analysis_records(filter: { chart_id: $c }) { items { id chart_id infer_result modified_result img_size revision } }
    }`;
    const { result, statements } = await spy.during(() => t.ok(token, query, { u: chart.uuid, c: chart.chartRef }));
    expect(JSON.stringify(result)).toContain(chart.uuid);
    expectOneLoad(statements);
  });

  it('reads it once for the report model', async () => {
    const { result, statements } = await spy.during(() =>
      t.h.app.inject({ method: 'GET', url: `${reportModelPath(chart.chartId)}?lang=en`, headers: { authorization: `Bearer ${token}` } }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expectOneLoad(statements);
  });

  it('reads it once for the report PDF', async () => {
    const { result, statements } = await spy.during(() =>
      t.h.app.inject({
        method: 'POST',
        url: '/api/report/pdf',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ chart_id: chart.chartId, lang: 'en' }),
      }),
    );
    expect(result.statusCode, result.body.slice(0, 300)).toBe(200);
    expectOneLoad(statements);
  });
});
