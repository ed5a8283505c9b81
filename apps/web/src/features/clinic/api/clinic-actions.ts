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

const options = { passThrough: CLINIC_PASS_THROUGH };

function send(action: ClinicAction): Promise<MyClinic> {
  switch (action.kind) {
    case 'create':
      return api.call(E.create, action.details, options);
    case 'invite':
      return api.call(E.invite, { email: action.email, role: action.role }, options);
    case 'revoke':
      return api.call(E.revokeInvitation, undefined, { ...options, params: { id: action.invitationId } });
    case 'accept':
      return api.call(E.accept, { token: action.token }, options);
    case 'changeRole':
      return api.call(E.changeRole, { role: action.role }, { ...options, params: { uuid: action.memberUuid } });
    case 'remove':
      return api.call(E.removeMember, undefined, { ...options, params: { uuid: action.memberUuid } });
    case 'leave':
      return api.call(E.leave, undefined, options);
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
    mutationFn: send,
    onSuccess: (clinic) => storeMyClinic(client, clinic),
    onError: () => client.invalidateQueries({ queryKey: workSpaceKeys.all }),
  });
}
