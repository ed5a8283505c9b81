import { updateUserMutation } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientKeys } from './query-keys.ts';
import { request } from './request.ts';

/** Stores the tutorial flag in the user's permission document ("Do not open anymore" saves false). */
export function useUpdateTutorial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (tutorial: boolean) => (await request(updateUserMutation, { user_permission: { version: 1, tutorial } })).update_user,
    onSuccess: (user) => client.setQueryData(patientKeys.currentUser, user),
  });
}
