import { CLINIC_ENDPOINTS as E, type ClinicRole, type CreateClinicRequest, type MyClinic } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLINIC_PASS_THROUGH, storeMyClinic, workSpaceKeys } from '../../../hooks/use-work-space.ts';
import { api } from '../../../lib/api/index.ts';

/** One change to the caller's clinic (docs/clinics.md, "The API"); each answers the clinic as it is afterwards. */
export type ClinicAction =
  | { kind: 'create'; details: CreateClinicRequest }
  | { kind: 'invite'; email: string; role: ClinicRole }
  | { kind: 'revoke'; invitationId: string }
  | { kind: 'accept'; token: string }
  | { kind: 'changeRole'; memberUuid: string; role: ClinicRole }
  | { kind: 'remove'; memberUuid: string }
  | { kind: 'leave' };

const options = { auth: true, passThrough: CLINIC_PASS_THROUGH } as const;

function send(action: ClinicAction): Promise<unknown> {
  switch (action.kind) {
    case 'create':
      return api.post(E.create.path, undefined, { ...options, json: action.details });
    case 'invite':
      return api.post(E.invite.path, undefined, { ...options, json: { email: action.email, role: action.role } });
    case 'revoke':
      return api.delete(E.revokeInvitation.to(action.invitationId), options);
    case 'accept':
      return api.post(E.accept.path, undefined, { ...options, json: { token: action.token } });
    case 'changeRole':
      return api.put(E.changeRole.to(action.memberUuid), { role: action.role }, options);
    case 'remove':
      return api.delete(E.removeMember.to(action.memberUuid), options);
    case 'leave':
      return api.post(E.leave.path, undefined, { ...options, json: {} });
  }
}

/**
 * Runs one clinic action; its answer replaces the cached clinic (the header reads the same cache). A
 * refusal that means the screen is out of date (NOT_FOUND: a member already removed, an invitation
 * gone) reads the clinic again.
 */
export function useClinicAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: ClinicAction): Promise<MyClinic> => E.get.response.parse(await send(action)),
    onSuccess: (clinic) => storeMyClinic(client, clinic),
    onError: () => client.invalidateQueries({ queryKey: workSpaceKeys.all }),
  });
}
