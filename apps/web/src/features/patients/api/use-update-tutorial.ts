import { updateUserMutation } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientKeys } from './query-keys.ts';
import { runOperation } from '../../../lib/api/graph-operation.ts';

/** Stores the tutorial flag in the user's permission document ("Do not open anymore" saves false). */
export function useUpdateTutorial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (tutorial: boolean) =>
      (await runOperation(updateUserMutation, { user_permission: { version: 1, tutorial } })).update_user,
    onSuccess: (user) => client.setQueryData(patientKeys.currentUser, user),
  });
}
