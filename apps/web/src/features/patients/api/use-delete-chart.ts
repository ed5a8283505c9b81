import { deleteChartMutation } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientKeys } from './query-keys.ts';
import { runOperation } from '../../../lib/api/graph-operation.ts';

/** Soft-deletes one chart (deletedAt = now), then refetches everything patient-related. */
export function useDeleteChart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await runOperation(deleteChartMutation, { id })).delete_chart,
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
