import { graphHasData, restSucceeded, type ProbeClient, type ProbeResponse } from './probe-client';
import type { VictimData } from './setup';

/** Any answer to the attacker that carries the victim's patient name or birth date is a leak. */
function watch(b: ProbeClient, v: VictimData, label: string, res: ProbeResponse, leaked: boolean): void {
  if (res.text.includes(v.name) || res.text.includes(v.birth)) b.leak(`${label}: the answer carries A's patient data`);
  else if (leaked) b.leak(`${label}: accepted (${res.status}) ${res.text.slice(0, 120)}`);
}

/** A GraphQL probe: its label, the field that answers, the document and its variables. */
export type GraphProbe = [label: string, field: string, query: string, variables: Record<string, unknown>];

/** Deleting A's patient and chart, drawing on A's record: refused to another space and to an assistant of A's clinic alike. */
export function victimDeletesAndDrawing(v: VictimData): GraphProbe[] {
  return [
    ['delete_patient', 'delete_patient', 'mutation($id: Int!) { delete_patient(id: $id) }', { id: v.patientId }],
    ['delete_chart', 'delete_chart', 'mutation($id: Int!) { delete_chart(id: $id) }', { id: v.chartRowId }],
    [
      'merge_drawing_result',
      'merge_drawing_result',
      'mutation($id: Int!) { merge_drawing_result(id: $id, patch: { coords: [] }, base: { coords: null }) { id drawing_result } }',
      { id: v.recordId },
    ],
  ];
}

/** Group 1: B names A's ids on every REST and GraphQL path. Returns the number of requests sent. */
export async function crossUserMatrix(b: ProbeClient, v: VictimData): Promise<number> {
  const graph: GraphProbe[] = [
    ['patient', 'patient', 'query($id: Int!) { patient(id: $id) { id first_name birth_info charts { chart_id } } }', { id: v.patientId }],
    ['patients list', 'patients', '{ patients { items { id first_name birth_info } pagination { total } } }', {}],
    [
      'patients search',
      'patients',
      'query($n: String) { patients(filter: { name_contains: $n }) { items { id first_name } } }',
      { n: v.name },
    ],
    [
      'charts by patient',
      'charts',
      'query($p: Int!) { charts(filter: { patient_id: $p }) { id chart_id patient { first_name } } }',
      { p: v.patientId },
    ],
    [
      'charts by uuid',
      'charts',
      'query($u: String!) { charts(filter: { uuid: $u }) { id chart_id patient { first_name } analysis_record_id } }',
      { u: v.chartUuid },
    ],
    [
      'charts by chart_id',
      'charts',
      'query($c: String!) { charts(filter: { chart_id: $c }) { id uuid patient { id } } }',
      { c: v.chartId },
    ],
    ['chart_data', 'chart_data', 'query($c: Int!) { chart_data(chart_id: $c) { id image_type_cd shoot_date } }', { c: v.chartRowId }],
    ['chart_data deleted', 'chart_data', 'query($c: Int!) { chart_data(chart_id: $c, deleted: true) { id } }', { c: v.chartRowId }],
    [
      'analysis_records by id',
      'analysis_records',
      'query($id: Int!) { analysis_records(filter: { id: $id }) { items { id infer_result ruler_info } } }',
      { id: v.recordId },
    ],
    [
      'analysis_records by chart',
      'analysis_records',
      'query($c: Int!) { analysis_records(filter: { chart_id: $c }) { items { id modified_result } } }',
      { c: v.chartRowId },
    ],
    ['drawing_result', 'drawing_result', 'query($c: Int!) { drawing_result(chart_id: $c) }', { c: v.chartRowId }],
    [
      'update_patient',
      'update_patient',
      'mutation($id: Int!) { update_patient(id: $id, input: { first_name: "Pwned" }) { id first_name } }',
      { id: v.patientId },
    ],
    [
      'create_chart on A patient',
      'create_chart',
      'mutation($p: Int!) { create_chart(patient_id: $p) { id chart_id } }',
      { p: v.patientId },
    ],
    [
      'update_chart',
      'update_chart',
      'mutation($id: Int!, $p: Int!) { update_chart(id: $id, input: { patient_id: $p }) { id } }',
      { id: v.chartRowId, p: v.patientId },
    ],
    [
      'create_analysis_record',
      'create_analysis_record',
      'mutation($c: Int!) { create_analysis_record(chart_id: $c, input: { ruler_info: null }) { id } }',
      { c: v.chartRowId },
    ],
    [
      'update_analysis_record',
      'update_analysis_record',
      // With the revisions a save must name (else REVISION_REQUIRED, before the ownership check this probes).
      'mutation($id: Int!) { update_analysis_record(id: $id, input: { ruler_info: null, modified_result: null }, base_revision: 0, ' +
        'base_documents: { ruler_info: null }) { id } }',
      { id: v.recordId },
    ],
  ];
  if (v.chartDataId !== null) {
    graph.push([
      'update_chart_data',
      'update_chart_data',
      'mutation($id: Int!) { update_chart_data(id: $id, input: { shoot_date: "2001-01-01" }) { id } }',
      { id: v.chartDataId },
    ]);
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
