import { patientChartsQuery } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { patientKeys } from './query-keys.ts';
import { runOperation } from '../../../lib/api/graph-operation.ts';

/** A patient's live charts, newest first (the patient history grid). */
export function usePatientCharts(patientId: number) {
  return useQuery({
    queryKey: patientKeys.charts(patientId),
    queryFn: async ({ signal }) => (await runOperation(patientChartsQuery, { patientId }, { signal })).charts,
    retry: false,
  });
}
