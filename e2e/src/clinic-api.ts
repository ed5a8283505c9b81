import { createActivatedUser, encodePassword, type TestUser } from './accounts.ts';
import { expectTruthy } from './expect-value.ts';
import { linkIn, newestMail, outboxMark } from './outbox.ts';

/*
 * A clinic made through the API, for browser tests about what a clinic shares (membership, the audit
 * trail) rather than its screens (clinics.test.ts drives those): the owner creates it, invites each
 * member by e-mail, each accepts with the mailed token, and everyone switches into it.
 */

/** A fresh access token of `user` (a login: it ends their other sessions, as any login does). */
export async function apiToken(baseUrl: string, user: TestUser): Promise<string> {
  const res = await fetch(`${baseUrl}/public/login`, {
    method: 'POST',
    headers: { 'x-forwarded-for': user.ip, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: user.email, password: encodePassword(user.password) }),
  });
  const json = (await res.json()) as { data?: { token: string } };
  expectTruthy(json.data, `login ${user.email} -> ${res.status}`);
  return json.data.token;
}

/** One JSON call as `token`; its answer's data (a failure fails the test). */
export async function apiCall<T = unknown>(
  baseUrl: string,
  user: TestUser,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'x-forwarded-for': user.ip,
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { success: boolean; data?: T; code?: string };
  expectTruthy(json.success, `${method} ${path} -> ${res.status} ${json.code ?? ''}`);
  return json.data as T;
}

/** Activates the owner and the members, makes the clinic, and puts everyone in it. */
export async function clinicThroughApi(
  baseUrl: string,
  name: string,
  owner: TestUser,
  members: Array<{ user: TestUser; role: 'doctor' | 'assistant' | 'owner' }>,
): Promise<{ clinicUuid: string }> {
  await createActivatedUser(baseUrl, owner);
  const ownerToken = await apiToken(baseUrl, owner);
  const created = await apiCall<{ clinic: { uuid: string } }>(baseUrl, owner, ownerToken, 'POST', '/api/clinic', { name });
  const clinicUuid = created.clinic.uuid;
  await apiCall(baseUrl, owner, ownerToken, 'PUT', '/api/clinic/space', { clinic_uuid: clinicUuid });
  for (const { user, role } of members) {
    await createActivatedUser(baseUrl, user);
    const seen = outboxMark();
    await apiCall(baseUrl, owner, ownerToken, 'POST', '/api/clinic/invitations', { email: user.email, role });
    const token = new URL(linkIn(await newestMail(user.email, seen))).searchParams.get('token');
    const memberToken = await apiToken(baseUrl, user);
    await apiCall(baseUrl, user, memberToken, 'POST', '/api/clinic/invitations/accept', { token });
    await apiCall(baseUrl, user, memberToken, 'PUT', '/api/clinic/space', { clinic_uuid: clinicUuid });
  }
  return { clinicUuid };
}
