import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import WebSocket from 'ws';
import { crossUserMatrix, victimDeletesAndDrawing, type GraphProbe } from './probe/cross-user';
import { restSucceeded, type ProbeClient, type ProbeResponse, type ProbeTally } from './probe/probe-client';
import { createVictim, snapshot, type VictimData } from './probe/setup';

/**
 * The probe's "clinics" group (issue 25 item 8, docs/clinics.md): the cross-user matrix across clinics
 * and roles. Clinic A (owner, doctor, assistant, and a doctor who is removed mid-probe) and clinic B
 * (owner, doctor) are made through /api/clinic with the mailed invitations; A's doctor registers a
 * patient with a film, detection and a record. Then, through REST, GraphQL, file URLs and the socket:
 * - clinic B's owner and doctor, the personal outsider, and the removed member's still-open old
 *   session name every id of A's patient (the whole cross-user matrix); any answer carrying its data,
 *   any accepted call, or any change A's doctor sees afterwards is a leak;
 * - a revoked invitation and another clinic's invitation token are refused; the removed member cannot
 *   switch back into the clinic;
 * - a doctor and an assistant try to escalate (make themselves or another owner, invite an owner,
 *   remove the owner, cancel the clinic's membership, read the clinic's trail, change its AI profile);
 *   B's owner tries the same on A's members;
 * - the assistant's clinical writes, exports and report PDF on A's patient are refused (its reads are
 *   its right);
 * - a detection started by A's doctor sends nothing of the chart to B's owner's or the outsider's socket.
 */
export interface ClinicsProbeDeps {
  /** Signs a seeded account in; a new token each time (a login ends the account's other sessions). */
  login(email: string): Promise<ProbeClient>;
  /** Seven seeded accounts: A's owner, doctor, assistant and leaver, B's owner and doctor, an outsider. */
  emails: readonly string[];
  film: Buffer;
  outboxDir: string;
  tally: ProbeTally;
}

interface Member {
  client: ProbeClient;
  email: string;
}

export async function clinicsProbe(deps: ClinicsProbeDeps): Promise<{ sent: number; notes: string[] }> {
  const [aOwnerE, aDoctorE, aAssistantE, aLeaverE, bOwnerE, bDoctorE, outsiderE] = deps.emails;
  if (!outsiderE || !aOwnerE || !aDoctorE || !aAssistantE || !aLeaverE || !bOwnerE || !bDoctorE)
    throw new Error('clinics probe: seven accounts needed');
  const who = async (email: string): Promise<Member> => ({ client: await deps.login(email), email });
  const [aOwner, aDoctor, aAssistant, aLeaver, bOwner, bDoctor, outsider] = await Promise.all(
    [aOwnerE, aDoctorE, aAssistantE, aLeaverE, bOwnerE, bDoctorE, outsiderE].map(who),
  );
  const before = deps.tally.attempts;
  const clinicA = await makeClinic(deps, aOwner!, 'Probe Clinic A', [
    [aDoctor!, 'doctor'],
    [aAssistant!, 'assistant'],
    [aLeaver!, 'doctor'],
  ]);
  const clinicB = await makeClinic(deps, bOwner!, 'Probe Clinic B', [[bDoctor!, 'doctor']]);
  const victim = await createVictim(aDoctor!.client, `ProbeClinicA-${Date.now().toString(36)}`, deps.film);
  const notes: string[] = [`detection=${victim.detection}`];
  // First, as it runs a detection again (which moves the record): then the record stays as it is.
  notes.push(`sockets_clean=${await socketIsolation(aDoctor!.client, [bOwner!.client, outsider!.client], victim)}`);
  const start = await snapshot(aDoctor!.client, victim);

  // The leaver's session from before the removal stays open: it must see nothing of the clinic after.
  const leaverOld = aLeaver!.client;
  await aOwner!.client.request(
    'setup remove leaver',
    'DELETE',
    `/api/clinic/members/${clinicA.members.get(aLeaver!.email.toLowerCase()) ?? ''}`,
  );
  const back = await leaverOld.request(
    'removed member switches back',
    'PUT',
    '/api/clinic/space',
    JSON.stringify({ clinic_uuid: clinicA.uuid }),
  );
  if (restSucceeded(back)) leaverOld.leak('a removed member switched back into the clinic');

  // Controls: the clinic shares the patient with its owner, and every attacker's session is live, so a
  // refusal below is the access policy's, not a dead token's.
  const shared = await aOwner!.client.graphql('owner reads the patient', 'query($id: Int!) { patient(id: $id) { first_name } }', {
    id: victim.patientId,
  });
  if (!shared.text.includes(victim.name))
    throw new Error(`clinics probe: A's owner cannot read A's patient (${shared.text.slice(0, 160)})`);
  for (const attacker of [bOwner!, bDoctor!, outsider!, { client: leaverOld, email: aLeaverE }]) {
    const live = await attacker.client.request('attacker session is live', 'GET', '/api/clinic');
    if (!restSucceeded(live)) throw new Error(`clinics probe: ${attacker.email}'s session is not live (${live.status})`);
  }
  for (const [label, attacker] of [
    ["clinic B's owner", bOwner!.client],
    ["clinic B's doctor", bDoctor!.client],
    ['the outsider', outsider!.client],
    ["the removed member's old session", leaverOld],
  ] as const) {
    await crossUserMatrix(attacker, victim);
    const listed = await attacker.graphql(`${label} lists patients`, '{ patients { items { id first_name } pagination { total } } }');
    if (listed.text.includes(victim.name)) attacker.leak(`${label}: the patient list shows clinic A's patient`);
  }

  await invitationAttacks(deps, aOwner!, outsider!, clinicB.uuid);
  await escalation(aDoctor!, aAssistant!, bOwner!, aOwner!, clinicA.members);
  await assistantLimits(aAssistant!.client, victim);

  const end = await snapshot(aDoctor!.client, victim);
  if (end !== start) aDoctor!.client.leak("clinic A's patient changed during the clinics probe");
  notes.push(`a_unchanged=${end === start}`);
  return { sent: deps.tally.attempts - before, notes };
}

/** Creates the clinic, invites each member by e-mail, accepts with the mailed token, switches everyone in. */
async function makeClinic(deps: ClinicsProbeDeps, owner: Member, name: string, members: Array<[Member, 'doctor' | 'assistant']>) {
  const created = await owner.client.must(`setup clinic ${name}`, '/api/clinic', { name });
  const uuid = String((created.clinic as { uuid: string }).uuid);
  await mustPut(owner.client, '/api/clinic/space', { clinic_uuid: uuid });
  const ids = new Map<string, string>();
  for (const [member, role] of members) {
    await owner.client.must(`setup invite ${role}`, '/api/clinic/invitations', { email: member.email, role });
    const token = await mailedToken(deps.outboxDir, member.email);
    const joined = await member.client.must('setup accept', '/api/clinic/invitations/accept', { token });
    await mustPut(member.client, '/api/clinic/space', { clinic_uuid: uuid });
    for (const m of (joined.clinic as { members: Array<{ user_uuid: string; email: string }> }).members)
      ids.set(m.email.toLowerCase(), m.user_uuid);
  }
  return { uuid, members: ids };
}

async function mustPut(client: ProbeClient, path: string, body: unknown): Promise<void> {
  const res = await client.request(`setup PUT ${path}`, 'PUT', path, JSON.stringify(body));
  if (!restSucceeded(res)) throw new Error(`setup PUT ${path}: ${res.status} ${res.text.slice(0, 200)}`);
}

/** The token of the newest invitation mail to `email` in the server's outbox (quoted-printable decoded). */
async function mailedToken(outboxDir: string, email: string): Promise<string> {
  const files = (await readdir(outboxDir)).filter((f) => f.endsWith('.eml')).sort();
  for (const file of files.reverse()) {
    const raw = await readFile(join(outboxDir, file), 'utf8');
    const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!text.toLowerCase().includes(email.toLowerCase()) || !/invites you/i.test(text)) continue;
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (token) return decodeURIComponent(token);
  }
  throw new Error(`no invitation mail to ${email}`);
}

/** A revoked invitation, and one to someone else, must not let the outsider in. */
async function invitationAttacks(deps: ClinicsProbeDeps, aOwner: Member, outsider: Member, otherClinic: string): Promise<void> {
  const invited = await aOwner.client.must('setup invite outsider', '/api/clinic/invitations', { email: outsider.email, role: 'doctor' });
  const token = await mailedToken(deps.outboxDir, outsider.email);
  const pending = (invited.clinic as { invitations?: Array<{ id: string; email: string }> }).invitations ?? [];
  const id = pending.find((i) => i.email.toLowerCase() === outsider.email.toLowerCase())?.id;
  await aOwner.client.request('setup revoke invitation', 'DELETE', `/api/clinic/invitations/${id ?? ''}`);
  const accepted = await outsider.client.post('outsider accepts a revoked invitation', '/api/clinic/invitations/accept', { token });
  if (restSucceeded(accepted)) outsider.client.leak('a revoked invitation was accepted');
  for (const forged of ['0'.repeat(43), token.slice(0, -2) + 'AA']) {
    const res = await outsider.client.post('outsider accepts a forged token', '/api/clinic/invitations/accept', { token: forged });
    if (restSucceeded(res)) outsider.client.leak('a forged invitation token was accepted');
  }
  const switched = await outsider.client.request(
    'outsider switches into clinic B',
    'PUT',
    '/api/clinic/space',
    JSON.stringify({ clinic_uuid: otherClinic }),
  );
  if (restSucceeded(switched)) outsider.client.leak('an outsider switched into a clinic');
}

/** Non-owners and another clinic's owner try every owner-only call of clinic A: all refused. */
async function escalation(
  doctor: Member,
  assistant: Member,
  otherOwner: Member,
  owner: Member,
  members: Map<string, string>,
): Promise<void> {
  const uuid = (m: Member) => members.get(m.email.toLowerCase()) ?? '';
  for (const [label, m, peer] of [
    ['doctor', doctor, assistant],
    ['assistant', assistant, doctor],
    ["clinic B's owner", otherOwner, doctor],
  ] as const) {
    const inClinicA = m !== otherOwner;
    const calls: Array<[string, string, string, unknown]> = [
      ['makes a member of A owner', 'PUT', `/api/clinic/members/${uuid(peer)}/role`, { role: 'owner' }],
      ["demotes A's owner", 'PUT', `/api/clinic/members/${uuid(owner)}/role`, { role: 'assistant' }],
      ["removes A's owner", 'DELETE', `/api/clinic/members/${uuid(owner)}`, undefined],
      ['removes a member of A', 'DELETE', `/api/clinic/members/${uuid(peer)}`, undefined],
    ];
    // Inside clinic A only: these act on the caller's own clinic (B's owner may do them in B).
    if (inClinicA)
      calls.push(
        ['makes themselves owner', 'PUT', `/api/clinic/members/${uuid(m)}/role`, { role: 'owner' }],
        ['invites an owner', 'POST', '/api/clinic/invitations', { email: `probe-owner-${Date.now()}@probe.test`, role: 'owner' }],
        ["cancels the clinic's membership", 'POST', '/api/membership/cancel', undefined],
        ["reads the clinic's trail", 'GET', '/api/audit/events?scope=clinic', undefined],
        ["changes the clinic's AI profile", 'PUT', '/api/ai/adaptation', { enabled: false }],
      );
    for (const [what, method, path, body] of calls) {
      const res = await m.client.request(`${label} ${what}`, method, path, body === undefined ? undefined : JSON.stringify(body));
      if (restSucceeded(res)) m.client.leak(`${label} ${what}: accepted (${res.status})`);
    }
  }
  const still = await owner.client.request('owner reads the clinic', 'GET', '/api/clinic');
  const clinic = (still.json as { data?: { clinic?: { my_role?: string; members?: unknown[] } } } | undefined)?.data?.clinic;
  if (clinic?.my_role !== 'owner') owner.client.leak(`clinic A's owner lost the role (${String(clinic?.my_role)})`);
}

/** The assistant reads the clinic's patient (its right) but changes, deletes and exports nothing. */
async function assistantLimits(assistant: ProbeClient, v: VictimData): Promise<void> {
  const graph: GraphProbe[] = [
    ...victimDeletesAndDrawing(v),
    [
      'landmark edit',
      'update_analysis_record',
      'mutation($id: Int!) { update_analysis_record(id: $id, input: { modified_result: null }, base_revision: 0) { id } }',
      { id: v.recordId },
    ],
  ];
  for (const [label, field, query, variables] of graph) {
    const res = await assistant.graphql(`assistant ${label}`, query, variables);
    if (graphAccepted(res, field)) assistant.leak(`assistant ${label}: accepted`);
  }
  for (const [path, body] of [
    ['/api/report/pdf', { chart_id: v.chartId }],
    ['/api/exports/chart', { chart_id: v.chartId, format: 'csv' }],
    ['/api/exports/chart-landmarks', { chart_id: v.chartId }],
    ['/api/exports/batch', { format: 'csv', patient_ids: [v.patientId] }],
  ] as const) {
    const res = await assistant.post(`assistant ${path}`, path, body);
    if (restSucceeded(res)) assistant.leak(`assistant ${path}: accepted (${res.status})`);
  }
}

function graphAccepted(res: ProbeResponse, field: string): boolean {
  const data = (res.json as { data?: Record<string, unknown> | null } | undefined)?.data;
  return data !== undefined && data !== null && data[field] !== undefined && data[field] !== null;
}

/**
 * Sockets of people outside the clinic stay open while A's doctor runs a detection on the clinic's
 * chart: none of them may hear of it (the job's events name the chart). True when none did.
 */
async function socketIsolation(doctor: ProbeClient, others: ProbeClient[], v: VictimData): Promise<boolean> {
  const heard: string[][] = [];
  const sockets = await Promise.all(
    others.map(async (c) => {
      const messages: string[] = [];
      heard.push(messages);
      const ws = new WebSocket(`${c.base.replace(/^http/, 'ws')}/ws`);
      ws.on('message', (data: WebSocket.RawData) => messages.push(Buffer.isBuffer(data) ? data.toString('utf8') : String(data)));
      await new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.once('open', () => {
          ws.send(JSON.stringify({ type: 'jwt', token: c.token }));
          resolve();
        });
      });
      return ws;
    }),
  );
  // The doctor's own socket hears the job: when it has, the others have had every chance to.
  const own = new WebSocket(`${doctor.base.replace(/^http/, 'ws')}/ws`);
  const done = new Promise<void>((resolve) => {
    own.on('message', (data: WebSocket.RawData) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      if (/job\.(completed|failed)/.test(text)) resolve();
    });
  });
  await new Promise<void>((resolve, reject) => {
    own.once('error', reject);
    own.once('open', () => {
      own.send(JSON.stringify({ type: 'jwt', token: doctor.token }));
      resolve();
    });
  });
  await doctor.post('doctor detects again', '/ai/ceppro/ceph-landmark', { chart_id: v.chartId });
  await Promise.race([done, new Promise((r) => setTimeout(r, 5_000))]);
  // Events of other members' work may come a moment after the doctor's own: a last short wait.
  await new Promise((r) => setTimeout(r, 300));
  for (const ws of [...sockets, own]) ws.close();
  let clean = true;
  heard.forEach((messages, i) => {
    const leaked = messages.filter((m) => m.includes(v.chartUuid) || m.includes(v.chartId) || m.includes(v.name));
    if (leaked.length > 0) {
      clean = false;
      others[i]!.leak(`socket ${i}: heard clinic A's job (${leaked[0]!.slice(0, 120)})`);
    }
  });
  return clean;
}
