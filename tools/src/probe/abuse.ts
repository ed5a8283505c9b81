import type { ProbeClient, ProbeResponse } from './probe-client';
import type { VictimData } from './setup';

/** Group 3: expensive GraphQL documents and 30 parallel detections from A. Returns [sent, notes]. */
export async function abuse(a: ProbeClient, v: VictimData): Promise<{ sent: number; notes: string[] }> {
  const notes: string[] = [];
  const refusedGraph = (res: ProbeResponse) =>
    (res.json as { errors?: unknown[] } | undefined)?.errors?.length ? 'refused' : `answered ${res.status}`;
  const repeated = await a.graphql('5000 repeated fields', `{ users { ${'uuid '.repeat(5000)} } }`);
  notes.push(`repeat5000=${refusedGraph(repeated)}`);
  const depth = await a.graphql('depth 50', `{ ${'charts { patient { '.repeat(25)} id ${'} '.repeat(50)}}`);
  notes.push(`depth50=${refusedGraph(depth)}`);
  const aliases = await a.graphql('1000 aliases', `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: users { uuid }`).join(' ')} }`);
  notes.push(`aliases1000=${refusedGraph(aliases)}`);
  // Step 15's stored-data answer: 15 aliases of the record list, each with every stored document
  // (1.9 GB built before answers were bounded). Refused whole, before anything is read.
  const documents = 'infer_result modified_result profilogram_result ruler_info superimposition_data vto_sto_config drawing_result';
  const stored = await a.graphql(
    '15 aliased record lists with every document',
    `{ ${Array.from({ length: 15 }, (_, i) => `r${i}: analysis_records { items { id ${documents} } total }`).join(' ')} }`,
  );
  const storedCode = (stored.json as { errors?: { extensions?: { code?: string } }[] } | undefined)?.errors?.[0]?.extensions?.code;
  notes.push(`stored15=${refusedGraph(stored)}${storedCode ? `:${storedCode}` : ''}:${stored.status}`);
  const batch = await a.request(
    '100-document batch',
    'POST',
    '/graphql',
    JSON.stringify(Array.from({ length: 100 }, () => ({ query: '{ users { uuid } }' }))),
  );
  notes.push(`batch100=${batch.status}`);
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, i) => a.post(`parallel detection ${i}`, '/ai/ceppro/ceph-landmark', { chart_id: v.chartId })),
  );
  const codes = new Map<string, number>();
  for (const res of results) {
    const body = res.json as { success?: boolean; code?: string } | undefined;
    const key = body?.success === true ? 'ok' : (body?.code ?? String(res.status));
    codes.set(key, (codes.get(key) ?? 0) + 1);
  }
  notes.push(`detect30=${[...codes].map(([k, n]) => `${k}:${n}`).join(',')}`);
  return { sent: 5 + results.length, notes };
}
