import { CLINIC_ENDPOINTS, roleMay, type AccessOperation, type ActorRole, type MyClinic } from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../lib/api/index.ts';
import { readSession } from '../stores/session.ts';
import { useSessionVersion } from '../stores/session-store.ts';

/**
 * The space the signed-in person works in (docs/clinics.md): their personal patients, or their clinic's
 * with a role. Server cache of `GET /api/clinic`, shared by the header's switcher, the clinic settings and
 * every screen that hides what the role may not do (contract `ACCESS_POLICY`). Keyed by the signed-in
 * email, so another account signing in on this browser never reads the previous one's clinic.
 */
export const workSpaceKeys = {
  all: ['clinic'] as const,
  mine: (email: string) => ['clinic', email] as const,
};

/**
 * A clinic call's failures the screens explain themselves: `NOT_FOUND` (no clinic, or no longer a
 * member) must not raise the interceptor's "page not found" alert.
 */
export const CLINIC_PASS_THROUGH = ['NOT_FOUND'] as const;

/**
 * Quiet: the header reads it on every screen, and the header is no place for an alert (a replaced
 * session or an outage is told by the screen's own calls and the session watch); the clinic settings
 * say themselves when it cannot be read.
 */
export async function fetchMyClinic(signal?: AbortSignal): Promise<MyClinic> {
  return api.call(CLINIC_ENDPOINTS.get, undefined, { quiet: true, signal });
}

function useSignedInEmail(): string | null {
  useSessionVersion((s) => s.version);
  return readSession()?.email ?? null;
}

/** My clinic and the space I work in; disabled while signed out. Re-read when the window gets focus (a removal elsewhere). */
export function useWorkSpace() {
  const email = useSignedInEmail();
  return useQuery({
    queryKey: workSpaceKeys.mine(email ?? ''),
    queryFn: ({ signal }) => fetchMyClinic(signal),
    enabled: email !== null,
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** What the caller acts as: `personal`, or their role in the clinic they work in now. */
export function actorRoleOf(clinic: MyClinic): ActorRole {
  return clinic.space === 'clinic' && clinic.clinic !== null ? clinic.clinic.my_role : 'personal';
}

/**
 * Whether the role may perform `operation` (contract `ACCESS_POLICY`). Until the space is known, or
 * when it cannot be read, controls stay as they were before clinics (the personal space): the server
 * checks every call itself, so showing a control too early costs a refusal, never data.
 */
export function useMay(operation: AccessOperation): boolean {
  const { data } = useWorkSpace();
  return roleMay(data ? actorRoleOf(data) : 'personal', operation);
}

/** The caller's role where they work now, or null until known. */
export function useActorRole(): ActorRole | null {
  const { data } = useWorkSpace();
  return data ? actorRoleOf(data) : null;
}

/** Puts a clinic call's answer (`MyClinic`: every clinic endpoint answers it) into the cache. */
export function storeMyClinic(client: QueryClient, clinic: MyClinic): void {
  const email = readSession()?.email;
  if (email !== undefined) client.setQueryData(workSpaceKeys.mine(email), clinic);
}

/**
 * Switches to the clinic (its uuid) or back to the personal space (null). The answer replaces the
 * cached clinic; the header's space watch (components/header/space-switcher.tsx) then drops every other
 * cached answer, so each screen reads its space's patients afresh.
 */
export function useSwitchSpace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clinicUuid: string | null) =>
      api.call(CLINIC_ENDPOINTS.switchSpace, { clinic_uuid: clinicUuid }, { passThrough: CLINIC_PASS_THROUGH }),
    onSuccess: (clinic) => storeMyClinic(client, clinic),
  });
}

/** A short name of where the caller works, for comparing before and after: `personal` or `clinic:<uuid>`. */
export function spaceIdOf(clinic: MyClinic): string {
  return clinic.space === 'clinic' && clinic.clinic !== null ? `clinic:${clinic.clinic.uuid}` : 'personal';
}
