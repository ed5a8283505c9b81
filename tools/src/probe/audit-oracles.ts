import type { ProbeClient, ProbeResponse } from './probe-client';
import type { VictimData } from './setup';

/**
 * Group "audit oracles" (docs/audit.md): the trail must not become a way to tell ids apart, must
 * record what it says it records, and must hold a flood of refusals to a per-minute allowance.
 * - B asks for A's ids and for ids that do not exist, pair by pair: B's answers, and B's own activity
 *   log rows for them (under every filter B can set), must be identical apart from the id sent;
 * - A's activity log holds each of B's requests for A's ids as `denied`, with the patient it hit;
 * - B floods 500 refused requests: B's and A's trails hold at most REFUSALS_PER_MINUTE rows of them,
 *   and (when `countWaitMs` allows waiting for the minute to end) one counted row each;
 * - A's read of its patient list is recorded with A's patient among those returned.
 * Each finding is counted through `leak()`. B's refusals share one per-minute allowance: run this
 * group before others spend B's (or give it a client that has made no refused request this minute);
 * pairs whose rows were counted instead of listed are noted, not judged.
 */
const NOWHERE_ID = 2_000_000_000;
const NOWHERE_UUID = '00000000-0000-4000-8000-000000000000';
/** The trail's per-actor allowance of listed refusals a minute (features/audit/audit-refusals.ts). */
const REFUSALS_PER_MINUTE = 20;
const FLOOD = 500;
const FLOOD_BATCH = 50;

interface AuditRow {
  id: string;
  at: string;
  action: string;
  outcome: string;
  by_me: boolean;
  target_type: string;
  target_id: string | null;
  patient: unknown;
  detail: Record<string, unknown> | null;
}

interface Pair {
  name: string;
  action: string;
  /** Sends the request for `id`; the id as the trail shows it sent. */
  send: (client: ProbeClient, id: 'theirs' | 'nowhere') => Promise<{ res: ProbeResponse; sent: string }>;
}

export async function auditOracles(
  a: ProbeClient,
  b: ProbeClient,
  v: VictimData,
  options: { countWaitMs?: number } = {},
): Promise<{ sent: number; notes: string[] }> {
  const notes: string[] = [];
  let sent = 0;
  const graph = (client: ProbeClient, label: string, query: string, variables: Record<string, unknown>) => {
    sent += 1;
    return client.graphql(label, query, variables);
  };
  const trail = async (client: ProbeClient, label: string, query: string): Promise<AuditRow[]> => {
    sent += 1;
    const res = await client.request(label, 'GET', `/api/audit/events?${query}`);
    return (res.json as { data?: { items?: AuditRow[] } } | undefined)?.data?.items ?? [];
  };

  const pairs: Pair[] = [
    {
      name: 'patient',
      action: 'patient.view',
      send: async (c, which) => {
        const id = which === 'theirs' ? v.patientId : NOWHERE_ID;
        return {
          res: await graph(c, `oracle patient ${which}`, 'query($id: Int!) { patient(id: $id) { id first_name } }', { id }),
          sent: String(id),
        };
      },
    },
    {
      name: 'chart',
      action: 'chart.view',
      send: async (c, which) => {
        const uuid = which === 'theirs' ? v.chartUuid : NOWHERE_UUID;
        return {
          res: await graph(c, `oracle chart ${which}`, 'query($u: String!) { charts(filter: { uuid: $u }) { id } }', { u: uuid }),
          sent: uuid,
        };
      },
    },
    {
      name: 'images',
      action: 'image.list',
      send: async (c, which) => {
        const id = which === 'theirs' ? v.chartRowId : NOWHERE_ID;
        return {
          res: await graph(c, `oracle chart_data ${which}`, 'query($c: Int!) { chart_data(chart_id: $c) { id } }', { c: id }),
          sent: String(id),
        };
      },
    },
    {
      name: 'record',
      action: 'landmarks.view',
      send: async (c, which) => {
        const id = which === 'theirs' ? v.recordId : NOWHERE_ID;
        const query = 'query($r: Int) { analysis_records(filter: { id: $r }) { items { id } total } }';
        return { res: await graph(c, `oracle record ${which}`, query, { r: id }), sent: String(id) };
      },
    },
    {
      name: 'film',
      action: 'image.view',
      send: async (c, which) => {
        sent += 1;
        const chartId = which === 'theirs' ? v.chartId : NOWHERE_UUID;
        return { res: await c.post(`oracle download ${which}`, '/minio/download', { chart_id: chartId }), sent: chartId };
      },
    },
  ];

  // 1. Pair by pair: the answers to "A's id" and "no such id" must be the same, apart from the id.
  const started = new Date(Date.now() - 1000).toISOString();
  const sentIds: Array<{ pair: Pair; theirs: string; nowhere: string }> = [];
  let answersDiffer = 0;
  for (const pair of pairs) {
    const theirs = await pair.send(b, 'theirs');
    const nowhere = await pair.send(b, 'nowhere');
    sentIds.push({ pair, theirs: theirs.sent, nowhere: nowhere.sent });
    const answer = (r: { res: ProbeResponse; sent: string }) => `${r.res.status} ${r.res.text.split(r.sent).join('<id>')}`;
    if (answer(theirs) !== answer(nowhere)) {
      answersDiffer += 1;
      b.leak(`audit oracle: B's answer for A's ${pair.name} differs from a nonexistent one (${answer(theirs).slice(0, 80)})`);
    }
  }
  notes.push(`answers_differ=${answersDiffer}`);

  // 2. B's own activity log: each pair's two rows read the same (what was sent, failed), under every filter.
  const bRows = await trail(b, 'oracle B trail', `from=${encodeURIComponent(started)}&limit=100`);
  let compared = 0;
  let counted = 0;
  for (const { pair, theirs, nowhere } of sentIds) {
    const row = (id: string) => bRows.find((r) => r.action === pair.action && r.target_id === id);
    const [mine, none] = [row(theirs), row(nowhere)];
    if (!mine || !none) {
      counted += 1;
      continue;
    }
    compared += 1;
    if (JSON.stringify(shape(mine)) !== JSON.stringify(shape(none)))
      b.leak(`audit oracle: B's trail tells A's ${pair.name} from a nonexistent one`);
  }
  // What A's ids resolved to (A's patient, the chart's chart_id when a uuid was sent) is A's to see, not B's.
  const pairRows = bRows.filter((r) => sentIds.some(({ theirs }) => r.target_id === theirs));
  const resolvedShown = pairRows.some(
    (r) =>
      r.patient !== null ||
      (r.detail !== null && ('patientId' in r.detail || 'chartId' in r.detail)) ||
      JSON.stringify(r).includes(v.name) ||
      (r.target_id !== v.chartId && JSON.stringify(r).includes(v.chartId)),
  );
  if (resolvedShown) b.leak("audit oracle: B's trail shows what A's ids resolved to");
  if ((await trail(b, 'oracle B denied', `from=${encodeURIComponent(started)}&outcome=denied`)).length > 0) {
    b.leak("audit oracle: B's trail has denied rows (it must read its refusals as failed)");
  }
  const byTheirs = await trail(b, 'oracle B patient filter', `from=${encodeURIComponent(started)}&patient_id=${v.patientId}`);
  const byNowhere = await trail(b, 'oracle B nowhere filter', `from=${encodeURIComponent(started)}&patient_id=${NOWHERE_ID}`);
  if (JSON.stringify(byTheirs.map(shape)) !== JSON.stringify(byNowhere.map(shape))) {
    b.leak("audit oracle: B's patient filter tells A's patient from a nonexistent one");
  }
  notes.push(`trail_pairs_compared=${compared} trail_pairs_counted=${counted}`);

  // 3. A's trail: each of B's requests for A's ids that B's trail lists is there as denied, with A's patient.
  const aDenied = await trail(a, 'oracle A denied', `from=${encodeURIComponent(started)}&outcome=denied&limit=100`);
  let aMissing = 0;
  for (const { pair, theirs } of sentIds) {
    if (!bRows.some((r) => r.action === pair.action && r.target_id === theirs)) continue;
    const requested = (r: AuditRow) => (r.detail?.['requested'] as { id?: unknown } | undefined)?.id;
    const hit = aDenied.find((r) => r.action === pair.action && requested(r) === theirs && !r.by_me);
    if (!hit || hit.detail?.['patientId'] !== v.patientId) {
      aMissing += 1;
      a.leak(`audit oracle: A's trail lacks B's refused ${pair.action} (or the patient it hit)`);
    }
  }
  notes.push(`a_denied=${aDenied.length} a_missing=${aMissing}`);

  // 4. A flood of refusals: listed up to the allowance, the rest counted.
  const floodStart = new Date(Date.now() - 1000).toISOString();
  // Answers by status: a request budget may turn some away (429) before they are refusals of the trail.
  const statuses = new Map<number, number>();
  for (let i = 0; i < FLOOD; i += FLOOD_BATCH) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(FLOOD_BATCH, FLOOD - i) }, () =>
        graph(b, 'oracle flood', 'query($id: Int!) { patient(id: $id) { id } }', { id: v.patientId }),
      ),
    );
    for (const res of answers) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  notes.push(`flood_answers=${[...statuses].map(([status, n]) => `${status}:${n}`).join(',')}`);
  const since = `from=${encodeURIComponent(floodStart)}&action=patient.view&limit=100`;
  const bFlood = (await trail(b, 'oracle B flood rows', since)).length;
  const aFlood = (await trail(a, 'oracle A flood rows', `${since}&outcome=denied`)).length;
  if (bFlood > REFUSALS_PER_MINUTE) b.leak(`audit oracle: ${bFlood} flood rows in B's trail (at most ${REFUSALS_PER_MINUTE} a minute)`);
  if (aFlood > REFUSALS_PER_MINUTE) a.leak(`audit oracle: ${aFlood} flood rows in A's trail (at most ${REFUSALS_PER_MINUTE} a minute)`);
  notes.push(`flood=${FLOOD} b_rows=${bFlood} a_rows=${aFlood}`);

  // The counted rows are written when the minute of the first listed refusal is over.
  const deadline = Date.now() + (options.countWaitMs ?? 0);
  let summary: AuditRow | undefined;
  for (;;) {
    summary = (await trail(b, 'oracle B counted row', `from=${encodeURIComponent(floodStart)}&action=access.refused_more`))[0];
    if (summary || Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  if (summary) {
    const count = Number(summary.detail?.['count'] ?? 0);
    if (summary.outcome !== 'failed' || summary.by_me !== true) b.leak("audit oracle: B's counted row is not its own failed count");
    notes.push(`b_counted=${count}`);
  } else {
    notes.push(options.countWaitMs ? 'b_counted=missing' : 'b_counted=not-waited');
    if (options.countWaitMs) b.leak("audit oracle: no counted row in B's trail after the minute");
  }

  // 5. A's own read of its patient list is recorded, with A's patient among those it returned.
  await graph(a, 'oracle A patient list', '{ patients(page: 0) { items { id } } }', {});
  const listed = await trail(a, 'oracle A list rows', `action=patient.list&patient_id=${v.patientId}&limit=5`);
  const recorded = listed.some(
    (r) => Array.isArray(r.detail?.['patientIds']) && (r.detail['patientIds'] as unknown[]).includes(v.patientId),
  );
  if (!recorded) a.leak("audit oracle: A's patient-list read is not recorded with A's patient");
  notes.push(`a_list_recorded=${recorded}`);
  return { sent, notes };
}

/** A row as it must read the same for two refusals: all but its id, time and the id sent. */
function shape({ id: _id, at: _at, target_id: _target, detail, ...rest }: AuditRow) {
  const requested = (detail?.['requested'] ?? {}) as Record<string, unknown>;
  return { ...rest, detail: detail && { ...detail, requested: { ...requested, id: '*' } } };
}
