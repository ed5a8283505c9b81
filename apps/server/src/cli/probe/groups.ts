import { graphHasData, restSucceeded, type ProbeClient, type ProbeResponse } from './probe-client';
import type { VictimData } from './setup';

/** Any answer to the attacker that carries the victim's patient name or birth date is a leak. */
function watch(b: ProbeClient, v: VictimData, label: string, res: ProbeResponse, leaked: boolean): void {
  if (res.text.includes(v.name) || res.text.includes(v.birth)) b.leak(`${label}: the answer carries A's patient data`);
  else if (leaked) b.leak(`${label}: accepted (${res.status}) ${res.text.slice(0, 120)}`);
}

/** Group 1: B names A's ids on every REST and GraphQL path. Returns the number of requests sent. */
export async function crossUserMatrix(b: ProbeClient, v: VictimData): Promise<number> {
  const graph: Array<[string, string, string, Record<string, unknown>]> = [
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
    ['delete_patient', 'delete_patient', 'mutation($id: Int!) { delete_patient(id: $id) }', { id: v.patientId }],
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
    ['delete_chart', 'delete_chart', 'mutation($id: Int!) { delete_chart(id: $id) }', { id: v.chartRowId }],
    [
      'create_analysis_record',
      'create_analysis_record',
      'mutation($c: Int!) { create_analysis_record(chart_id: $c, input: { ruler_info: null }) { id } }',
      { c: v.chartRowId },
    ],
    [
      'update_analysis_record',
      'update_analysis_record',
      'mutation($id: Int!) { update_analysis_record(id: $id, input: { ruler_info: null, modified_result: null }) { id } }',
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
  graph.push([
    'merge_drawing_result',
    'merge_drawing_result',
    'mutation($id: Int!) { merge_drawing_result(id: $id, patch: { coords: [] }) { id drawing_result } }',
    { id: v.recordId },
  ]);
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

const NUL = 'x\u0000y';

function nested(levels: number): string {
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

/** A PNG whose IHDR chunk has a wrong CRC (1000 x 1000, 8-bit grey, no image data beyond a stub). */
function badCrcPng(): Uint8Array<ArrayBuffer> {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(1000, 8);
  ihdr.writeUInt32BE(1000, 12);
  ihdr.set([8, 0, 0, 0, 0], 16);
  ihdr.writeUInt32BE(0xdeadbeef, 21);
  const idat = Buffer.from([0, 0, 0, 4, 0x49, 0x44, 0x41, 0x54, 1, 2, 3, 4, 0, 0, 0, 0]);
  const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  return new Uint8Array(Buffer.concat([sig, ihdr, idat, iend, Buffer.alloc(4096)]));
}

function fakeJwt(payload: Record<string, unknown>): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.${Buffer.from('not-a-signature').toString('base64url')}`;
}

/** Group 2: hostile input from B against B's own data and the public paths. Returns [sent, notes]. */
export async function hostileInputs(b: ProbeClient, anonymous: ProbeClient): Promise<{ sent: number; notes: string[] }> {
  const notes: string[] = [];
  let sent = 0;
  const createQ = 'mutation($i: CreatePatientInput!) { create_patient(input: $i) { id } }';
  const base = { first_name: 'Probe B', birth_info: '1990-01-01', gender: false };
  const own = await b.mustGraphql<{ create_patient: { id: number } }>('B own patient', createQ, { i: base });
  const ownChart = await b.mustGraphql<{ create_chart: { id: number; chart_id: string } }>(
    'B own chart',
    'mutation($p: Int!) { create_chart(patient_id: $p) { id chart_id } }',
    { p: own.create_patient.id },
  );
  sent += 2;
  for (const field of ['first_name', 'birth_info', 'mobile_nb', 'race_cd']) {
    await b.graphql(`NUL create_patient.${field}`, createQ, { i: { ...base, [field]: NUL } });
    await b.graphql(
      `NUL update_patient.${field}`,
      'mutation($id: Int!, $i: UpdatePatientInput!) { update_patient(id: $id, input: $i) { id } }',
      { id: own.create_patient.id, i: { [field]: NUL } },
    );
    sent += 2;
  }
  for (const field of ['hard_tissue_color', 'soft_tissue_color']) {
    await b.graphql(`NUL update_user_config.${field}`, 'mutation($i: UserConfigInput!) { update_user_config(input: $i) { default_ppm } }', {
      i: { [field]: NUL },
    });
    sent += 1;
  }
  await b.graphql(
    'NUL user_analysis_manage',
    'mutation($m: JSON!) { update_user_config(input: { user_analysis_manage: $m }) { default_ppm } }',
    { m: { version: 1, groups: [{ name: NUL, measurements: [NUL] }] } },
  );
  await b.graphql(
    'NUL update_chart_data.shoot_date',
    'mutation { update_chart_data(id: 1, input: { shoot_date: "2001\\u0000-01-01" }) { id } }',
  );
  await b.post('NUL upload.original_name', '/minio/upload', {
    chart_id: ownChart.create_chart.chart_id,
    image_type_cd: '00700',
    original_name: NUL,
    content_type: 'image/jpeg',
    size: 1000,
  });
  await anonymous.request('NUL login email', 'POST', '/public/login', new URLSearchParams({ email: `a${NUL}@b.c`, password: NUL }));
  await anonymous.post('NUL check-email-exist', '/public/check-email-exist', { email: `a${NUL}@b.c` });
  sent += 5;

  const deep = nested(10_000);
  await b.request('10k-deep JSON /graphql', 'POST', '/graphql', `{"query":"{ users { uuid } }","variables":{"x":${deep}}}`);
  await b.request('10k-deep JSON /minio/upload', 'POST', '/minio/upload', `{"chart_id":${deep}}`);
  await anonymous.request('10k-deep JSON /public/check-email-exist', 'POST', '/public/check-email-exist', deep);
  await b.request(
    '10k-deep JSON variable in JSON scalar',
    'POST',
    '/graphql',
    `{"query":"mutation($m: JSON!) { update_user_config(input: { user_analysis_manage: ` +
      `$m }) { default_ppm } }","variables":{"m":${nested(900)}}}`,
  );
  sent += 4;

  const twoMb = JSON.stringify({ query: '{ users { uuid } }', variables: { pad: 'a'.repeat(2 * 1024 * 1024) } });
  await b.request('2 MB /graphql', 'POST', '/graphql', twoMb);
  await b.request('2 MB /minio/download', 'POST', '/minio/download', twoMb);
  await anonymous.request(
    '2 MB /public/login form',
    'POST',
    '/public/login',
    new URLSearchParams({ email: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
  );
  sent += 3;

  const doc = {
    version: 1,
    groups: Array.from({ length: 3000 }, (_, i) => ({ name: `group ${i} ${'p'.repeat(60)}`, measurements: ['SNA', 'SNB', 'ANB'] })),
  };
  const stored = await b.graphql(
    '300 KB user_analysis_manage',
    'mutation($m: JSON!) { update_user_config(input: { user_analysis_manage: $m }) { default_ppm } }',
    { m: doc },
  );
  notes.push(
    `300KB_doc=${JSON.stringify(doc).length >> 10}KB->${stored.status}` +
      (graphHasData(stored, 'update_user_config') ? ' stored' : ' refused'),
  );
  const record = await b.graphql(
    '300 KB profilogram_result',
    'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }',
    { c: ownChart.create_chart.id, i: { profilogram_result: doc } },
  );
  notes.push(`300KB_record->${graphHasData(record, 'create_analysis_record') ? 'stored' : 'refused'}`);
  sent += 2;

  const png = badCrcPng();
  const upload = await b.post('bad-CRC PNG upload', '/minio/upload', {
    chart_id: ownChart.create_chart.chart_id,
    image_type_cd: '00700',
    content_type: 'image/png',
    size: png.length,
  });
  sent += 1;
  const presigned = (upload.json as { data?: { presignedUrl?: string; upload_id?: string } } | undefined)?.data;
  if (presigned?.presignedUrl && presigned.upload_id) {
    await b.request('bad-CRC PNG PUT', 'PUT', presigned.presignedUrl, png, { 'content-type': 'image/png' });
    const check = await b.post('bad-CRC PNG chart_data_request', '/minio/chart_data_request', { upload_id: presigned.upload_id });
    notes.push(
      `bad_crc_png=${restSucceeded(check) ? 'accepted' : `refused ${(check.json as { code?: string } | undefined)?.code ?? check.status}`}`,
    );
    sent += 2;
  }

  const usersQ = JSON.stringify({ query: '{ users { uuid } }' });
  const lower = await b.request('lowercase bearer', 'POST', '/graphql', usersQ, { authorization: `bearer ${b.token}` });
  notes.push(`lowercase_bearer=${graphHasData(lower, 'users') ? 'accepted' : `refused ${lower.status}`}`);
  sent += 1;
  const now = Math.floor(Date.now() / 1000);
  const badTokens = [
    'Bearer garbage',
    'Bearer ',
    'Bearer a.b.c',
    `Bearer ${fakeJwt({ sub: 1, exp: now - 3600, iat: now - 7200 })}`,
    `Bearer ${fakeJwt({ sub: 1, exp: now + 3600 })}`,
    `Bearer ${b.token.split('.').slice(0, 2).join('.')}.`,
    `Bearer ${b.token}x`,
    `Basic ${Buffer.from('a:b').toString('base64')}`,
    `Bearer ${'A'.repeat(8000)}`,
    `Bearer ${base64url({ alg: 'none' })}.${base64url({ sub: 1 })}.`,
  ];
  let acceptedBad = 0;
  for (const authorization of badTokens) {
    const g = await anonymous.request(`bad token graphql ${authorization.slice(0, 20)}`, 'POST', '/graphql', usersQ, { authorization });
    const r = await anonymous.request(
      `bad token download ${authorization.slice(0, 20)}`,
      'POST',
      '/minio/download',
      JSON.stringify({ chart_id: ownChart.create_chart.chart_id }),
      { authorization },
    );
    if (graphHasData(g, 'users') || restSucceeded(r)) acceptedBad += 1;
    sent += 2;
  }
  if (acceptedBad > 0) b.leak(`${acceptedBad} garbage/expired token(s) accepted`);
  notes.push(`bad_tokens_accepted=${acceptedBad}/${badTokens.length}`);
  return { sent, notes };
}

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
  return { sent: 4 + results.length, notes };
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
