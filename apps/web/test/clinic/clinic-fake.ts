import type { Clinic, MyClinic, Patient } from '@ceppro/contract';
import { vi } from 'vitest';
import { page, patient } from '../patients/fake-server.ts';

/**
 * A fake API for the clinic screens: `/api/clinic*` REST (success envelope or a refusal), GraphQL by
 * operation name, and the account's profile. Records every call. Bodies are the server's shapes.
 */
export type Reply = { status: number; body: unknown };
export interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Handler = (call: Call) => Reply | undefined;

export const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
export const refuse = (status: number, code: string): Reply => ({ status, body: { success: false, code, message: code } });

export const ME = 'kim@example.com';
export const CLINIC_UUID = '5d9c2f1e-7a3b-4c5d-8e9f-0a1b2c3d4e5f';
export const OWNER_UUID = '11111111-1111-4111-8111-111111111111';
export const DOCTOR_UUID = '22222222-2222-4222-8222-222222222222';
export const ASSISTANT_UUID = '33333333-3333-4333-8333-333333333333';
export const INVITATION_ID = '44444444-4444-4444-8444-444444444444';

export function clinic(overrides: Partial<Clinic> = {}): Clinic {
  return {
    uuid: CLINIC_UUID,
    name: 'Smile Dental',
    tax_number: '1234567890',
    tax_email: 'tax@smile.test',
    phone_number: '02-123-4567',
    address1: 'Gangnam-daero 1',
    address2: 'Suite 2',
    zip_code: '06000',
    created_at: '2026-03-01T09:00:00.000Z',
    my_role: 'owner',
    seats: 3,
    members: [
      { user_uuid: OWNER_UUID, name: 'Minji', email: ME, role: 'owner', joined_at: '2026-03-01T09:00:00.000Z' },
      { user_uuid: DOCTOR_UUID, name: 'Dr Park', email: 'park@smile.test', role: 'doctor', joined_at: '2026-03-02T09:00:00.000Z' },
      { user_uuid: ASSISTANT_UUID, name: 'Lee', email: 'lee@smile.test', role: 'assistant', joined_at: '2026-03-03T09:00:00.000Z' },
    ],
    invitations: [
      {
        id: INVITATION_ID,
        email: 'new@smile.test',
        role: 'doctor',
        invited_by: 'Minji',
        created_at: '2026-03-04T09:00:00.000Z',
        expires_at: '2026-03-11T09:00:00.000Z',
        expired: false,
      },
    ],
    ...overrides,
  };
}

export const mine = (space: MyClinic['space'], c: Clinic | null): MyClinic => ({ space, clinic: c });

export const PROFILE = {
  id: 1,
  uuid: OWNER_UUID,
  email: ME,
  first_name: 'Minji',
  user_permission: { version: 1, tutorial: false },
  user_type: '00000',
  mobile_number: null,
  company_name: 'Smile Dental',
  tax_number: '1234567890',
  tax_email: 'tax@smile.test',
  phone_number: '02-123-4567',
  fax_number: null,
  address1: 'Gangnam-daero 1',
  address2: 'Suite 2',
  zip_code: '06000',
  birth: null,
  gender: null,
  expires_at: null,
  password_change_due_at: '2030-01-01T00:00:00.000Z',
};

/** The patient list's row of the patients' fake (`patient`), without charts unless given. */
export function patientRow(id: number, overrides: Partial<Patient> = {}): Patient {
  return patient(id, { charts: [], ...overrides });
}

export const patientPage = (items: Patient[]) => page(items);

export interface ClinicFake {
  calls: Call[];
  graph: string[];
  /** The clinic REST answer for a call (first match wins; `GET /api/clinic` falls back to `state`). */
  rest: (handler: Handler) => void;
  /** Sets what GET /api/clinic answers from now on. */
  state: (clinic: MyClinic) => void;
  /** GraphQL `data` for an operation (a function of the call count). */
  onGraph: (operation: string, data: (n: number) => unknown) => void;
}

export function clinicFake(initial: MyClinic): ClinicFake {
  let current = initial;
  const handlers: Handler[] = [];
  const graphs = new Map<string, (n: number) => unknown>();
  const fake: ClinicFake = {
    calls: [],
    graph: [],
    rest: (handler) => handlers.push(handler),
    state: (next) => {
      current = next;
    },
    onGraph: (operation, data) => graphs.set(operation, data),
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    if (path === '/graphql') {
      const { query } = body as { query: string };
      const operation = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '';
      fake.graph.push(operation);
      const data = graphs.get(operation);
      const n = fake.graph.filter((o) => o === operation).length;
      return json(
        data ? { data: data(n) } : { data: null, errors: [{ message: `no fake for ${operation}`, extensions: { code: 'INTERNAL' } }] },
      );
    }
    const call = { method, path, body };
    fake.calls.push(call);
    for (const handler of handlers) {
      const reply = handler(call);
      if (reply) return json(reply.body, reply.status);
    }
    if (path === '/api/clinic' && method === 'GET') return json(ok(current).body);
    if (path === '/api/user-info') return json(ok(PROFILE).body);
    if (path === '/public/notices') return json(ok({ notices: [] }).body);
    return json({ success: false, code: 'NOT_FOUND', message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  window.fetch = fetch;
  return fake;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
