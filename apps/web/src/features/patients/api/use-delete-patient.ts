import { deletePatientMutation } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientKeys } from './query-keys.ts';
import { runOperation } from '../../../lib/api/graph-operation.ts';

/** Soft-deletes a patient and its charts, then refetches everything patient-related. */
export function useDeletePatient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await runOperation(deletePatientMutation, { id })).delete_patient,
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
