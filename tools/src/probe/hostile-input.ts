import { graphHasData, restSucceeded, type ProbeClient } from './probe-client';

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

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
