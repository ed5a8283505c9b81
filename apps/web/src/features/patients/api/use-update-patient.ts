import { updatePatientMutation, type UpdatePatientInput } from '@ceppro/contract';
import { useMutation } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';

/**
 * Saves a patient's name, birthday and gender. The caller refreshes the cache itself: docs/spec-points.md §4
 * delays the follow-up after this save by one second.
 */
export function useUpdatePatient() {
  return useMutation({
    mutationFn: async (args: { id: number; input: UpdatePatientInput }) => (await runOperation(updatePatientMutation, args)).update_patient,
  });
}
