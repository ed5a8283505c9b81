import {
  ACCESS_OPERATIONS,
  ACTOR_ROLES,
  AI_ADAPTATION_ENDPOINT,
  AUDIT_ENDPOINTS,
  CLINIC_ENDPOINTS,
  EXPORT_ENDPOINTS,
  FILE_ENDPOINTS,
  IMAGE_TYPE,
  MEMBERSHIP_ENDPOINTS,
  REPORT_ENDPOINTS,
  reportModelPath,
  roleMay,
  type AccessOperation,
  type ActorRole,
} from '@ceppro/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRecords, clinicMembers, clinics, users } from '../../src/db/schema/index';
import { createAdaptationHarness, idOfOutput, type AdaptationHarness } from '../ai-adaptation/ai-adaptation-harness';

/*
 * The access policy as a matrix (Step 16, docs/clinics.md), generated from the one table
 * (`ACCESS_POLICY`): every role (a clinic's owner, doctor, assistant, and someone in their personal
 * space) x every operation, through the real HTTP and GraphQL paths, on data of the actor's own space
 * (allowed exactly when the table says so, else 403 ROLE_FORBIDDEN), of another clinic and of another
 * space (never: NOT_FOUND or an empty answer, as for another user's data). Detection runs as a job in
 * this process with a stand-in model (ai-adaptation-harness.ts). On PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */

type Outcome = 'ok' | 'not_found' | 'forbidden' | `code:${string}`;

/** A patient with a chart, a live cephalogram and an analysis record (a detection made them). */
interface Target {
  patientRef: number;
  chartRef: number;
  /** The chart's `chart_id` (the REST endpoints' name for it) and its uuid (the viewer's). */
  chartId: string;
  uuid: string;
  recordId: number;
}

/** A space holding patient data: who works in it (their token makes fresh patients there) and its main target. */
interface Space {
  token: string;
  main: Target;
}

interface Operation {
  /** False: the operation names no patient data (it acts on the caller's own space), so only `own` is run. */
  targeted: boolean;
  /** A target the call consumes (a delete): made fresh in the target's space before each call. */
  fresh?: 'patient' | 'chart';
  run(token: string, target: Target): Promise<Outcome>;
}

/**
 * Operations with no path of their own yet (none since membership became per clinic). Listed so a new
 * operation in the table fails until it has a path.
 */
const PER_PERSON = [] as const satisfies readonly AccessOperation[];
const perPerson = (operation: AccessOperation): boolean => (PER_PERSON as readonly AccessOperation[]).includes(operation);

let a: AdaptationHarness;
const db = () => a.t.h.services.database.db;
const tokens = {} as Record<'owner' | 'doctor' | 'assistant' | 'leaver' | 'solo' | 'bOwner', string>;
const spaces = {} as Record<'A' | 'B' | 'P', Space>;
let clinicA = { id: 0, uuid: '' };

/** Any REST call as `token`, from the address the harness signs in from. */
async function rest(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const response = await a.t.h.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': '198.51.100.1',
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  let json: { code?: string; data?: unknown } = {};
  try {
    json = JSON.parse(response.body) as typeof json;
  } catch {
    // A file (PDF, CSV): the status says it all.
  }
  return { status: response.statusCode, code: json.code, data: json.data, raw: response.body };
}

function outcomeOf(status: number, code: string | undefined): Outcome {
  if (status === 200) return 'ok';
  if (code === 'NOT_FOUND') return 'not_found';
  if (code === 'ROLE_FORBIDDEN') return 'forbidden';
  return `code:${code ?? status}`;
}

async function restOutcome(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<Outcome> {
  const reply = await rest(token, method, url, body);
  return outcomeOf(reply.status, reply.code);
}

/** A graph call's outcome: an error's code, else `found(data)` tells a real answer from "nothing" (another space's id). */
async function graph(token: string, query: string, variables: Record<string, unknown>, found: (data: never) => boolean): Promise<Outcome> {
  const reply = await a.t.gql(token, query, variables);
  const code = reply.body.errors?.[0]?.extensions?.code;
  if (code !== undefined) return outcomeOf(0, code);
  if (reply.status !== 200) return `code:${reply.status}`;
  return found(reply.body.data as never) ? 'ok' : 'not_found';
}

const revisionOf = async (recordId: number) =>
  (await db().select({ revision: analysisRecords.revision }).from(analysisRecords).where(eq(analysisRecords.id, recordId)))[0]?.revision ??
  1;

/** A stored JSON value's revision as the server computes it (md5 of its jsonb text; null: absent). */
const storedRevisionOf = async (recordId: number, value: ReturnType<typeof sql>) =>
  (
    await db()
      .select({ revision: sql<string | null>`md5((${value})::text)` })
      .from(analysisRecords)
      .where(eq(analysisRecords.id, recordId))
  )[0]?.revision ?? null;

/** A save from the current revisions (the record's for the landmarks, each document's own), so only the policy can refuse it. */
const saveRecord =
  (input: Record<string, unknown>): Operation['run'] =>
  async (token, t) =>
    graph(
      token,
      'mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int, $d: JSON) { ' +
        'update_analysis_record(id: $id, input: $i, base_revision: $b, base_documents: $d) { id } }',
      {
        id: t.recordId,
        i: input,
        b: await revisionOf(t.recordId),
        d: Object.fromEntries(
          await Promise.all(
            Object.keys(input)
              .filter((name) => name !== 'modified_result')
              .map(async (name) => [name, await storedRevisionOf(t.recordId, sql`${sql.identifier(name)}`)] as const),
          ),
        ),
      },
      (d: { update_analysis_record: unknown }) => d.update_analysis_record !== null,
    );

const upload =
  (type: string): Operation['run'] =>
  (token, t) =>
    restOutcome(token, 'POST', FILE_ENDPOINTS.upload.path, {
      chart_id: t.chartId,
      image_type_cd: type,
      content_type: 'image/png',
      size: 1000,
    });

/** Every operation of the table, by the path a user takes to it. */
const OPERATIONS: Record<Exclude<AccessOperation, (typeof PER_PERSON)[number]>, Operation> = {
  'patient.read': {
    targeted: true,
    run: (token, t) =>
      graph(token, 'query($id: Int!) { patient(id: $id) { id } }', { id: t.patientRef }, (d: { patient: unknown }) => d.patient !== null),
  },
  'patient.create': {
    targeted: false,
    run: (token) =>
      graph(
        token,
        'mutation { create_patient(input: { first_name: "Matrix New", birth_info: "2001-02-03", gender: false }) { id } }',
        {},
        (d: { create_patient: unknown }) => d.create_patient !== null,
      ),
  },
  'patient.update': {
    targeted: true,
    run: (token, t) =>
      graph(
        token,
        'mutation($id: Int!) { update_patient(id: $id, input: { mobile_nb: "01012345678" }) { id } }',
        { id: t.patientRef },
        (d: { update_patient: unknown }) => d.update_patient !== null,
      ),
  },
  'patient.delete': {
    targeted: true,
    fresh: 'patient',
    run: (token, t) => graph(token, 'mutation($id: Int!) { delete_patient(id: $id) }', { id: t.patientRef }, () => true),
  },
  'chart.read': {
    targeted: true,
    run: (token, t) =>
      graph(
        token,
        'query($u: String!) { charts(filter: { uuid: $u }) { id } }',
        { u: t.uuid },
        (d: { charts: unknown[] }) => d.charts.length > 0,
      ),
  },
  'chart.create': {
    targeted: true,
    run: (token, t) =>
      graph(
        token,
        'mutation($p: Int!) { create_chart(patient_id: $p) { id } }',
        { p: t.patientRef },
        (d: { create_chart: unknown }) => d.create_chart !== null,
      ),
  },
  'chart.delete': {
    targeted: true,
    fresh: 'chart',
    run: (token, t) => graph(token, 'mutation($id: Int!) { delete_chart(id: $id) }', { id: t.chartRef }, () => true),
  },
  // Adding a film the chart does not have yet (a facial photo) is an upload...
  'film.upload': { targeted: true, run: upload(IMAGE_TYPE.lateralFace) },
  'film.read': { targeted: true, run: (token, t) => restOutcome(token, 'POST', FILE_ENDPOINTS.download.path, { chart_id: t.chartId }) },
  // ...replacing the committed cephalogram ("change image") removes one.
  'film.delete': { targeted: true, run: upload(IMAGE_TYPE.cephalogram) },
  'landmarks.detect': {
    targeted: true,
    run: (token, t) => restOutcome(token, 'POST', FILE_ENDPOINTS.cephLandmark.path, { chart_id: t.chartId }),
  },
  'analysis.read': {
    targeted: true,
    run: (token, t) =>
      graph(
        token,
        'query($c: Int!) { analysis_records(filter: { chart_id: $c }) { items { id } } }',
        { c: t.chartRef },
        (d: { analysis_records: { items: unknown[] } }) => d.analysis_records.items.length > 0,
      ),
  },
  'landmarks.edit': { targeted: true, run: saveRecord({ modified_result: null }) },
  'analysis.edit': {
    targeted: true,
    run: saveRecord({ ruler_info: { version: 2, p1: { x: 10, y: 10 }, p2: { x: 10, y: 60 }, length_mm: 10 } }),
  },
  'planning.edit': { targeted: true, run: saveRecord({ vto_sto_config: { version: 1 } }) },
  'drawing.edit': {
    targeted: true,
    run: async (token, t) =>
      graph(
        token,
        'mutation($id: Int!, $b: JSON) { merge_drawing_result(id: $id, patch: { measurements: [] }, base: $b) { id } }',
        {
          id: t.recordId,
          b: { measurements: await storedRevisionOf(t.recordId, sql`${analysisRecords.drawingResult} -> 'measurements'`) },
        },
        (d: { merge_drawing_result: unknown }) => d.merge_drawing_result !== null,
      ),
  },
  'report.read': { targeted: true, run: (token, t) => restOutcome(token, 'GET', reportModelPath(t.chartId)) },
  'report.pdf': { targeted: true, run: (token, t) => restOutcome(token, 'POST', REPORT_ENDPOINTS.pdf.path, { chart_id: t.chartId }) },
  export: {
    targeted: true,
    run: (token, t) => restOutcome(token, 'POST', EXPORT_ENDPOINTS.chart.path, { chart_id: t.chartId, format: 'csv', analyses: 'all' }),
  },
  'audit.read': { targeted: false, run: (token) => restOutcome(token, 'GET', AUDIT_ENDPOINTS.list.path) },
  'audit.read_clinic': { targeted: false, run: (token) => restOutcome(token, 'GET', `${AUDIT_ENDPOINTS.list.path}?scope=clinic`) },
  'ai_profile.manage': { targeted: false, run: (token) => restOutcome(token, 'PUT', AI_ADAPTATION_ENDPOINT.path, { enabled: true }) },
  'members.manage': {
    targeted: false,
    run: (token) => restOutcome(token, 'POST', CLINIC_ENDPOINTS.invite.path, { email: `invitee${Date.now()}@matrix.test`, role: 'doctor' }),
  },
  // The subscription of the caller's space (the clinic's in a clinic): cancelling it is managing it.
  'membership.manage': { targeted: false, run: (token) => restOutcome(token, 'POST', MEMBERSHIP_ENDPOINTS.cancel.path) },
};

/** Who plays each role: the clinic roles work in clinic A, `personal` is someone in no clinic. */
const ACTOR_OF: Record<ActorRole, keyof typeof tokens> = { owner: 'owner', doctor: 'doctor', assistant: 'assistant', personal: 'solo' };
/** Each role's own space, and the spaces that are not theirs. */
const OWN: Record<ActorRole, keyof typeof spaces> = { owner: 'A', doctor: 'A', assistant: 'A', personal: 'P' };
const OTHERS: Record<ActorRole, Array<keyof typeof spaces>> = {
  owner: ['B', 'P'],
  doctor: ['B', 'P'],
  assistant: ['B', 'P'],
  personal: ['A', 'B'],
};

/** A patient and chart with a film and a record, made in the space `token` works in (detection does it). */
async function target(token: string): Promise<Target> {
  const detected = await a.detect(token);
  return {
    patientRef: detected.chart.patientRef,
    chartRef: detected.chart.chartRef,
    chartId: detected.chart.chartId,
    uuid: detected.chart.uuid,
    recordId: detected.recordId,
  };
}

/** What a consuming operation acts on: a fresh patient (or chart) in the space of `space`. */
async function freshTarget(space: Space, kind: 'patient' | 'chart'): Promise<Target> {
  const chart = await a.t.chart(space.token, { name: 'Matrix Fresh' });
  return kind === 'patient' ? { ...space.main, patientRef: chart.patientRef } : { ...space.main, chartRef: chart.chartRef };
}

async function switchTo(token: string, clinicUuid: string | null): Promise<void> {
  const reply = await rest(token, 'PUT', CLINIC_ENDPOINTS.switchSpace.path, { clinic_uuid: clinicUuid });
  expect(reply.status, reply.raw).toBe(200);
}

/** The ids on the first page of the list (newest first), optionally narrowed by a name search. */
async function patientIdsListed(token: string, name?: string): Promise<number[]> {
  const data = await a.t.ok<{ patients: { items: Array<{ id: number }> } }>(
    token,
    'query($f: PatientFilter) { patients(filter: $f) { items { id } } }',
    { f: name === undefined ? null : { name_contains: name } },
  );
  return data.patients.items.map((p) => p.id);
}

beforeAll(async () => {
  a = await createAdaptationHarness();
  for (const who of Object.keys({ owner: 0, doctor: 0, assistant: 0, leaver: 0, solo: 0, bOwner: 0 }) as Array<keyof typeof tokens>) {
    tokens[who] = await a.account(`mx${who.toLowerCase()}`);
  }
  // Clinic A (owner; a doctor, an assistant, and a doctor who will be removed) and clinic B (bOwner).
  const created = await rest(tokens.owner, 'POST', CLINIC_ENDPOINTS.create.path, { name: 'Clinic A' });
  expect(created.status, created.raw).toBe(200);
  const [rowA] = await db().select({ id: clinics.id, uuid: clinics.uuid }).from(clinics).where(eq(clinics.name, 'Clinic A'));
  clinicA = rowA!;
  const createdB = await rest(tokens.bOwner, 'POST', CLINIC_ENDPOINTS.create.path, { name: 'Clinic B' });
  expect(createdB.status, createdB.raw).toBe(200);
  const [rowB] = await db().select({ uuid: clinics.uuid }).from(clinics).where(eq(clinics.name, 'Clinic B'));
  // Members join as an accepted invitation would make them (the invitation flow is clinic-flows.test.ts').
  for (const [who, role] of [
    ['doctor', 'doctor'],
    ['assistant', 'assistant'],
    ['leaver', 'doctor'],
  ] as const) {
    await db()
      .insert(clinicMembers)
      .values({ clinicId: clinicA.id, userId: a.userId(tokens[who]), role });
  }
  // The owner keeps a personal patient from before the clinic: it must never show in the clinic.
  spaces.P = { token: tokens.solo, main: await target(tokens.solo) };
  for (const who of ['owner', 'doctor', 'assistant', 'leaver'] as const) await switchTo(tokens[who], clinicA.uuid);
  await switchTo(tokens.bOwner, rowB!.uuid);
  spaces.A = { token: tokens.owner, main: await target(tokens.owner) };
  spaces.B = { token: tokens.bOwner, main: await target(tokens.bOwner) };
}, 120_000);

afterAll(async () => {
  await a?.close();
});

describe('the access policy as a matrix: role x operation x space', () => {
  it('has a path for every operation of the table, except those still per person', () => {
    expect([...Object.keys(OPERATIONS), ...PER_PERSON].sort()).toEqual([...ACCESS_OPERATIONS].sort());
  });

  for (const role of ACTOR_ROLES) {
    for (const operation of ACCESS_OPERATIONS) {
      if (perPerson(operation)) continue;
      const op = OPERATIONS[operation as keyof typeof OPERATIONS];
      const allowed = roleMay(role, operation);
      it(`${role} ${allowed ? 'may' : 'may not'} ${operation} in their own space, and never in another`, async () => {
        const token = tokens[ACTOR_OF[role]];
        const own = spaces[OWN[role]];
        const mine = await op.run(token, op.fresh ? await freshTarget(own, op.fresh) : own.main);
        // Refused by role: 403. A personal space has no clinic to manage (404, as for someone in no clinic).
        const refusals: Outcome[] = role === 'personal' ? ['forbidden', 'not_found'] : ['forbidden'];
        if (allowed) expect(mine, `${role} ${operation} on their own`).toBe('ok');
        else expect(refusals, `${role} ${operation} on their own: ${mine}`).toContain(mine);
        if (!op.targeted) return;
        for (const other of OTHERS[role]) {
          const theirs = spaces[other];
          const answer = await op.run(token, op.fresh ? await freshTarget(theirs, op.fresh) : theirs.main);
          // Another space's data is never found; a role refusal first says nothing about it either.
          expect(allowed ? ['not_found'] : ['forbidden', 'not_found'], `${role} ${operation} on ${other}: ${answer}`).toContain(answer);
        }
      });
    }
  }
});

describe('clinic spaces through the real paths', () => {
  it('puts a patient created by any member into the clinic, named as created by them', async () => {
    const made = await a.t.ok<{ create_patient: { id: number; created_by: { first_name: string } | null } }>(
      tokens.assistant,
      'mutation { create_patient(input: { first_name: "Made By Assistant", birth_info: "2002-03-04", gender: true }) ' +
        '{ id created_by { first_name } } }',
    );
    const [assistant] = await db()
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, a.userId(tokens.assistant)));
    expect(made.create_patient.created_by?.first_name).toBe(assistant!.firstName);
    const listed = await a.t.ok<{ patients: { items: Array<{ id: number; created_by: { first_name: string } | null }> } }>(
      tokens.doctor,
      'query { patients(filter: { name_contains: "Made By Assistant" }) { items { id created_by { first_name } } } }',
    );
    expect(listed.patients.items).toEqual([{ id: made.create_patient.id, created_by: { first_name: assistant!.firstName } }]);
    expect(await patientIdsListed(tokens.bOwner)).not.toContain(made.create_patient.id);
    expect(await patientIdsListed(tokens.solo)).not.toContain(made.create_patient.id);
  });

  it("numbers a clinic's patients in one sequence, whoever creates them", async () => {
    const numbers = [];
    for (const who of ['owner', 'doctor', 'assistant'] as const) {
      const made = await a.t.ok<{ create_patient: { patient_id: string } }>(
        tokens[who],
        'mutation { create_patient(input: { first_name: "Numbered", birth_info: "2000-01-01", gender: true }) { patient_id } }',
      );
      numbers.push(Number(made.create_patient.patient_id));
    }
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
  });

  it('changes what the list returns when the member switches space, at once', async () => {
    const create = async (token: string, name: string) =>
      (
        await a.t.ok<{ create_patient: { id: number } }>(
          token,
          'mutation($n: String!) { create_patient(input: { first_name: $n, birth_info: "1999-09-09", gender: true }) { id } }',
          { n: name },
        )
      ).create_patient.id;
    const clinics = await create(tokens.owner, 'Switch Clinic');
    expect(await patientIdsListed(tokens.doctor, 'Switch')).toEqual([clinics]);
    await switchTo(tokens.doctor, null);
    expect(await patientIdsListed(tokens.doctor, 'Switch')).toEqual([]);
    const mine = await create(tokens.doctor, 'Switch Personal');
    expect(await patientIdsListed(tokens.doctor, 'Switch')).toEqual([mine]);
    expect(await patientIdsListed(tokens.doctor)).not.toContain(clinics);
    await switchTo(tokens.doctor, clinicA.uuid);
    expect(await patientIdsListed(tokens.doctor, 'Switch')).toEqual([clinics]);
    expect(await patientIdsListed(tokens.owner, 'Switch')).toEqual([clinics]);
  });

  it("refuses a clinic patient's film URL and report to outsiders, and shows the clinic's owner the attempt", async () => {
    const { chartId } = spaces.A.main;
    for (const outsider of [tokens.bOwner, tokens.solo]) {
      expect(await restOutcome(outsider, 'POST', FILE_ENDPOINTS.download.path, { chart_id: chartId })).toBe('not_found');
      expect(await restOutcome(outsider, 'GET', reportModelPath(chartId))).toBe('not_found');
      expect(await restOutcome(outsider, 'POST', REPORT_ENDPOINTS.pdf.path, { chart_id: chartId })).toBe('not_found');
    }
    // A member is issued the signed URL; its fetch is recorded under the clinic.
    const download = await rest(tokens.assistant, 'POST', FILE_ENDPOINTS.download.path, { chart_id: chartId });
    const [film] = download.data as Array<{ presignedPath: string }>;
    const url = new URL(film!.presignedPath, 'http://ceppro.test');
    const fetched = await a.t.h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(fetched.statusCode).toBe(200);

    const trail = await rest(tokens.owner, 'GET', `${AUDIT_ENDPOINTS.list.path}?scope=clinic&limit=100`);
    expect(trail.status, trail.raw).toBe(200);
    const items = (
      trail.data as { items: Array<{ action: string; outcome: string; actor_user_id: number | null; actor_name?: string | null }> }
    ).items;
    const bOwnerId = a.userId(tokens.bOwner);
    expect(items.some((e) => e.action === 'image.view' && e.outcome === 'denied' && e.actor_user_id === bOwnerId)).toBe(true);
    expect(items.some((e) => e.action === 'image.view' && e.outcome === 'success' && e.actor_user_id === a.userId(tokens.assistant))).toBe(
      true,
    );
    expect(items.some((e) => e.action === 'image.fetch' && e.outcome === 'success')).toBe(true);
    expect(items.filter((e) => e.actor_user_id === a.userId(tokens.assistant)).every((e) => typeof e.actor_name === 'string')).toBe(true);
    // The outsider's own trail tells them nothing: what they sent, failed, no patient.
    const theirs = await rest(tokens.bOwner, 'GET', `${AUDIT_ENDPOINTS.list.path}?action=image.view&limit=100`);
    const refused = (theirs.data as { items: Array<{ outcome: string; patient: unknown; detail: Record<string, unknown> | null }> }).items;
    expect(refused.length).toBeGreaterThan(0);
    for (const e of refused.filter((x) => x.outcome !== 'success')) {
      expect(e).toMatchObject({ outcome: 'failed', patient: null });
      expect(e.detail?.['patientId']).toBeUndefined();
    }
    // A doctor sees their own actions, not the clinic's; the clinic view is the owner's.
    expect(await restOutcome(tokens.doctor, 'GET', `${AUDIT_ENDPOINTS.list.path}?scope=clinic`)).toBe('forbidden');
    const doctors = await rest(tokens.doctor, 'GET', `${AUDIT_ENDPOINTS.list.path}?limit=100`);
    const doctorId = a.userId(tokens.doctor);
    expect((doctors.data as { items: Array<{ actor_user_id: number | null }> }).items.every((e) => e.actor_user_id === doctorId)).toBe(
      true,
    );
  });

  it('shows a removed member nothing of the clinic; their work stays with it, under their name', async () => {
    const made = await a.t.ok<{ create_patient: { id: number } }>(
      tokens.leaver,
      'mutation { create_patient(input: { first_name: "Leaver Made", birth_info: "2003-04-05", gender: false }) { id } }',
    );
    const [leaver] = await db()
      .select({ uuid: users.uuid, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, a.userId(tokens.leaver)));
    const removed = await rest(tokens.owner, 'DELETE', CLINIC_ENDPOINTS.removeMember.path.replace(':uuid', leaver!.uuid));
    expect(removed.status, removed.raw).toBe(200);

    const listed = await patientIdsListed(tokens.leaver);
    expect(listed).not.toContain(made.create_patient.id);
    expect(listed).not.toContain(spaces.A.main.patientRef);
    for (const operation of ['patient.read', 'chart.read', 'film.read', 'report.read', 'landmarks.edit', 'export'] as const) {
      expect(await OPERATIONS[operation].run(tokens.leaver, spaces.A.main), operation).toBe('not_found');
    }
    // A switch back into the clinic is refused like any clinic they are not in.
    expect((await rest(tokens.leaver, 'PUT', CLINIC_ENDPOINTS.switchSpace.path, { clinic_uuid: clinicA.uuid })).code).toBe('NOT_FOUND');
    const kept = await a.t.ok<{ patient: { created_by: { first_name: string } | null } | null }>(
      tokens.owner,
      'query($id: Int!) { patient(id: $id) { created_by { first_name } } }',
      { id: made.create_patient.id },
    );
    expect(kept.patient?.created_by?.first_name).toBe(leaver!.firstName);
  });

  it("applies the clinic's AI profile, learned from a doctor's corrections, to another member's detection", async () => {
    const base = (await a.detect(tokens.doctor)).inferResult;
    const po = base.landmarks.find((l) => idOfOutput(l.cname) === 'Po')!;
    for (let i = 0; i < 3; i++) {
      const infer = { ...base, landmarks: base.landmarks.map((l) => ({ ...l, x: l.x + 13 * i, y: l.y - 7 * i })) };
      const moved = infer.landmarks.find((l) => l.cname === po.cname)!;
      await a.film(tokens.doctor, infer, { edited: { Po: { x: moved.x - 10, y: moved.y + 6 } } });
    }
    const profile = await a.profile(tokens.assistant);
    expect(profile.films).toBe(3);
    expect(profile.landmarks.map((l) => l.id)).toContain('Po');
    // The assistant may read it, not change it.
    expect((await a.api(tokens.assistant, 'DELETE')).status).toBe(403);

    const adapted = (await a.detect(tokens.assistant)).inferResult;
    expect(adapted.adaptation).toMatchObject({ films: 3 });
    const shown = adapted.landmarks.find((l) => l.cname === po.cname)!;
    expect(shown.raw).toEqual({ x: po.x, y: po.y });
    expect(shown.x).toBeLessThan(po.x);
    expect(shown.y).toBeGreaterThan(po.y);
    // Nobody outside the clinic: the personal user's and clinic B's detections are the model's own.
    expect((await a.detect(tokens.solo)).inferResult.adaptation).toBeUndefined();
    expect((await a.detect(tokens.bOwner)).inferResult.adaptation).toBeUndefined();
    expect((await a.profile(tokens.solo)).films).toBe(0);
  });
});
