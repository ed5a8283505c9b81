import { graphHasData, restSucceeded, type ProbeClient, type ProbeResponse } from './probe-client';
import type { VictimData } from './setup';

/** Any answer to the attacker that carries the victim's patient name or birth date is a leak. */
function watch(b: ProbeClient, v: VictimData, label: string, res: ProbeResponse, leaked: boolean): void {
  if (res.text.includes(v.name) || res.text.includes(v.birth)) b.leak(`${label}: the answer carries A's patient data`);
  else if (leaked) b.leak(`${label}: accepted (${res.status}) ${res.text.slice(0, 120)}`);
}

/** A GraphQL probe: its label, the field that answers, the document and its variables. */
export type GraphProbe = [label: string, field: string, query: string, variables: Record<string, unknown>];

/**
 * A probe of one root field with one variable `$v` of `type` bound to `value`: `args` names `$v`, `selection` is what
 * the field returns (none for a scalar). The label defaults to the field.
 */
function oneVar(
  op: 'query' | 'mutation',
  field: string,
  [type, args, value]: [string, string, unknown],
  selection = '',
  label = field,
): GraphProbe {
  const returns = selection === '' ? '' : ` { ${selection} }`;
  return [label, field, `${op}($v: ${type}) { ${field}(${args})${returns} }`, { v: value }];
}

/** A list query filtered by one of A's keys: `root(filter: { key: $v })`. */
function byFilter(root: string, key: string, type: string, value: unknown, selection: string): GraphProbe {
  return oneVar('query', root, [type, `filter: { ${key}: $v }`, value], selection, `${root} by ${key}`);
}

/** Deleting A's patient and chart, drawing on A's record: refused to another space and to an assistant of A's clinic alike. */
export function victimDeletesAndDrawing(v: VictimData): GraphProbe[] {
  return [
    oneVar('mutation', 'delete_patient', ['Int!', 'id: $v', v.patientId]),
    oneVar('mutation', 'delete_chart', ['Int!', 'id: $v', v.chartRowId]),
    oneVar(
      'mutation',
      'merge_drawing_result',
      ['Int!', 'id: $v, patch: { coords: [] }, base: { coords: null }', v.recordId],
      'id drawing_result',
    ),
  ];
}

/** Group 1: B names A's ids on every REST and GraphQL path. Returns the number of requests sent. */
export async function crossUserMatrix(b: ProbeClient, v: VictimData): Promise<number> {
  const graph: GraphProbe[] = [
    oneVar('query', 'patient', ['Int!', 'id: $v', v.patientId], 'id first_name birth_info charts { chart_id }'),
    ['patients list', 'patients', '{ patients { items { id first_name birth_info } pagination { total } } }', {}],
    byFilter('patients', 'name_contains', 'String', v.name, 'items { id first_name }'),
    byFilter('charts', 'patient_id', 'Int!', v.patientId, 'id chart_id patient { first_name }'),
    byFilter('charts', 'uuid', 'String!', v.chartUuid, 'id chart_id patient { first_name } analysis_record_id'),
    byFilter('charts', 'chart_id', 'String!', v.chartId, 'id uuid patient { id }'),
    oneVar('query', 'chart_data', ['Int!', 'chart_id: $v', v.chartRowId], 'id image_type_cd shoot_date'),
    oneVar('query', 'chart_data', ['Int!', 'chart_id: $v, deleted: true', v.chartRowId], 'id', 'chart_data deleted'),
    byFilter('analysis_records', 'id', 'Int!', v.recordId, 'items { id infer_result ruler_info }'),
    byFilter('analysis_records', 'chart_id', 'Int!', v.chartRowId, 'items { id modified_result }'),
    oneVar('query', 'drawing_result', ['Int!', 'chart_id: $v', v.chartRowId]),
    oneVar('mutation', 'update_patient', ['Int!', 'id: $v, input: { first_name: "Pwned" }', v.patientId], 'id first_name'),
    oneVar('mutation', 'create_chart', ['Int!', 'patient_id: $v', v.patientId], 'id chart_id', 'create_chart on A patient'),
    [
      'update_chart',
      'update_chart',
      'mutation($id: Int!, $p: Int!) { update_chart(id: $id, input: { patient_id: $p }) { id } }',
      { id: v.chartRowId, p: v.patientId },
    ],
    oneVar('mutation', 'create_analysis_record', ['Int!', 'chart_id: $v, input: { ruler_info: null }', v.chartRowId], 'id'),
    // With the revisions a save must name (else REVISION_REQUIRED, before the ownership check this probes).
    oneVar(
      'mutation',
      'update_analysis_record',
      [
        'Int!',
        'id: $v, input: { ruler_info: null, modified_result: null }, base_revision: 0, base_documents: { ruler_info: null }',
        v.recordId,
      ],
      'id',
    ),
  ];
  if (v.chartDataId !== null) {
    graph.push(oneVar('mutation', 'update_chart_data', ['Int!', 'id: $v, input: { shoot_date: "2001-01-01" }', v.chartDataId], 'id'));
  }
  graph.push(...victimDeletesAndDrawing(v));
  let sent = 0;
  for (const [label, field, query, variables] of graph) {
    const res = await b.graphql(`B graphql ${label}`, query, variables);
    watch(b, v, `B graphql ${label}`, res, graphHasData(res, field));
    sent += 1;
  }
  const rest: Array<[string, unknown]> = [
    ['/minio/download', { chart_id: v.chartId }],
    ['/minio/download', { chart_id: v.chartId, image_type_cd: '00700', thumbnail_only_check: true }],
    ['/minio/upload', { chart_id: v.chartId, image_type_cd: '00700', content_type: 'image/jpeg', size: 1000 }],
    ['/api/update-shoot-date', { chart_id: v.chartId, image_type_cd: ['00700'], shoot_date: '2001-01-01' }],
    ['/api/report/pdf', { chart_id: v.chartId }],
    ['/api/report/pdf', { chart_id: v.chartId, analysis_id: 'steiner' }],
    ['/ai/ceppro/ceph-landmark', { chart_id: v.chartId }],
    ['/api/discard-upload', { chart_id: v.chartId }],
    // Step 9 and 10 paths: planning, exports.
    ['/ai/ceppro/ceph-autoalign', { chart_id: v.chartId }],
    ['/ai_api/superimposition', { chart_ids: [v.chartId, v.chartId], method: 'sn-at-s' }],
    ['/api/exports/chart', { chart_id: v.chartId, format: 'csv' }],
    ['/api/exports/chart-landmarks', { chart_id: v.chartId }],
  ];
  for (const [path, body] of rest) {
    const res = await b.post(`B ${path}`, path, body);
    watch(b, v, `B ${path}`, res, restSucceeded(res));
    sent += 1;
  }
  // A batch export naming A's patient: the id is ignored (B's own, empty, export), so a leak is only A's data in it.
  const batch = await b.post('B /api/exports/batch', '/api/exports/batch', { format: 'csv', patient_ids: [v.patientId] });
  watch(b, v, 'B /api/exports/batch', batch, false);
  sent += 1;
  // chart_data_request takes an upload id: B tries A's real (already accepted) one and ids of its own making.
  const uploadIds = [...(v.uploadId === null ? [] : [v.uploadId]), '00000000-0000-4000-8000-000000000000', crypto.randomUUID()];
  for (const uploadId of uploadIds) {
    const res = await b.post('B /minio/chart_data_request', '/minio/chart_data_request', { upload_id: uploadId });
    watch(b, v, 'B /minio/chart_data_request', res, restSucceeded(res));
    sent += 1;
  }
  // A's upload URL was spent when the film was accepted: re-PUTting other bytes to it must be refused
  // (Step 8 item 1), with B's token and with none. The caller's snapshot compares the film's hash too.
  if (v.uploadUrl !== null) {
    const garbage = new Uint8Array(Buffer.from('not the film that was analysed'));
    for (const [label, client] of [
      ['B re-PUT A upload URL', b],
      ['anonymous re-PUT A upload URL', b.withToken('')],
    ] as const) {
      const res = await client.request(label, 'PUT', v.uploadUrl, garbage, { 'content-type': 'image/jpeg' });
      if (res.status >= 200 && res.status < 300) b.leak(`${label}: accepted (${res.status}), an analysed film could be replaced`);
      sent += 1;
    }
  }
  return sent;
}
