import { REPORT_ENDPOINTS } from '@ceppro/contract';
import { LIST_QUERY, listVariables } from '../bench-api-list';
import { percentile } from '../landmark-metrics';
import { LoadClient, type LoadAnswer } from './load-client';
import type { ProbeClient } from './probe-client';
import type { VictimData } from './setup';

/** What one flood did and what another user saw meanwhile. */
export interface FloodFigures {
  /** The flood's answers by outcome: `200`, `RATE_LIMITED`, `AI_BUSY`, ... (an error envelope's code, else the status). */
  codes: Map<string, number>;
  /** The flood's answers, in the order sent. */
  answers: LoadAnswer[];
  /** The other user's patient-list requests, one after another while the flood lasted (ms each). */
  otherListMs: number[];
  /** GET /healthz, one after another while the flood lasted (ms each). */
  healthzMs: number[];
  /** The other user's and /healthz's answers (their status: a 5xx or no answer there is a finding too). */
  measured: LoadAnswer[];
  /** From the first request sent to the last answer. */
  wallMs: number;
}

/** The answer's outcome as counted: the error code of a REST or GraphQL refusal, else the HTTP status. */
export function outcomeOf(res: { status: number; json: unknown }): string {
  const body = res.json as { code?: string; errors?: Array<{ extensions?: { code?: string } }> } | undefined;
  return body?.code ?? body?.errors?.[0]?.extensions?.code ?? String(res.status);
}

/**
 * Sends every request of `flood` at once and, until all are answered, `other`'s patient list and
 * `health`'s GET /healthz each in a loop of its own (one request after another), timing each answer.
 * Give the flood's client as many warmed connections as it sends requests, and the other two their
 * own: then every request reaches the server at once and nothing queues inside this process.
 */
export async function floodWhileMeasuring(
  flood: Array<() => Promise<LoadAnswer>>,
  other: LoadClient,
  health: LoadClient,
): Promise<FloodFigures> {
  let running = true;
  const otherListMs: number[] = [];
  const healthzMs: number[] = [];
  const measured: LoadAnswer[] = [];
  const loop = async (into: number[], call: () => Promise<LoadAnswer>) => {
    while (running) {
      const answer = await call();
      into.push(answer.ms);
      measured.push(answer);
    }
  };
  const started = performance.now();
  const sent = Promise.all(flood.map((send) => send()));
  const measuring = [
    loop(otherListMs, () => other.graphql(LIST_QUERY, { page: 0 })),
    loop(healthzMs, () => health.send('GET', '/healthz')),
  ];
  const answers = await sent;
  const wallMs = performance.now() - started;
  running = false;
  await Promise.all(measuring);
  const codes = new Map<string, number>();
  for (const res of answers) codes.set(outcomeOf(res), (codes.get(outcomeOf(res)) ?? 0) + 1);
  return { codes, answers, otherListMs, healthzMs, measured, wallMs };
}

export const formatCodes = (codes: Map<string, number>): string => [...codes].map(([code, n]) => `${code}:${n}`).join(',');

/** `p50/max` of a list of latencies in whole ms (`none` when empty). */
export const p50max = (values: number[]): string =>
  values.length === 0 ? 'none' : `${Math.round(percentile(values, 50))}/${Math.round(Math.max(...values))}`;

/**
 * Fair share (Step 15): A floods, 500 patient lists at once, then 30 report PDFs of A's chart at
 * once, each on connections opened beforehand, while B lists patients and /healthz is asked, one
 * request after another on connections of their own. Every request is counted on A's or B's tally
 * (5xx or no answer: a server error). Notes: the floods' answers by code (`flood500=200:32,RATE_LIMITED:468`),
 * their duration, and B's and /healthz's latencies as `p50/max` in ms (`flood_other_list_ms=12/240`).
 */
export async function floods(a: ProbeClient, b: ProbeClient, v: VictimData): Promise<{ sent: number; notes: string[] }> {
  const flooder = new LoadClient(a.base, a.token, 500);
  const other = new LoadClient(b.base, b.token, 1);
  const health = new LoadClient(b.base, '', 1);
  try {
    await Promise.all([flooder.warm(), other.warm(), health.warm()]);
    const lists = await floodWhileMeasuring(
      Array.from({ length: 500 }, (_, i) => () => flooder.graphql(LIST_QUERY, { ...listVariables(i, 0, 1) })),
      other,
      health,
    );
    // Refused before their bodies were read, the lists' connections were closed (http/error-handler.ts).
    await flooder.warm();
    const pdfs = await floodWhileMeasuring(
      Array.from({ length: 30 }, () => () => flooder.post(REPORT_ENDPOINTS.pdf.path, { chart_id: v.chartId })),
      other,
      health,
    );
    for (const [label, figures] of [
      ['flood list', lists],
      ['flood report PDF', pdfs],
    ] as const) {
      for (const res of figures.answers) a.counted(label, res.status, res.text);
      for (const res of figures.measured) b.counted(`measured during a ${label}`, res.status, res.text);
    }
    const notes = [
      `flood500=${formatCodes(lists.codes)}`,
      `flood_ms=${Math.round(lists.wallMs)}`,
      `flood_other_list_ms=${p50max(lists.otherListMs)}`,
      `flood_healthz_ms=${p50max(lists.healthzMs)}`,
      `pdf30=${formatCodes(pdfs.codes)}`,
      `pdf30_ms=${Math.round(pdfs.wallMs)}`,
      `pdf30_other_list_ms=${p50max(pdfs.otherListMs)}`,
      `pdf30_healthz_ms=${p50max(pdfs.healthzMs)}`,
    ];
    return { sent: 530 + lists.measured.length + pdfs.measured.length, notes };
  } finally {
    flooder.close();
    other.close();
    health.close();
  }
}
