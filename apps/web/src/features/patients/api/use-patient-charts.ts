import { patientChartsQuery } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { patientKeys } from './query-keys.ts';
import { request } from './request.ts';

/** A patient's live charts, newest first (the patient history grid). */
export function usePatientCharts(patientId: number) {
  return useQuery({
    queryKey: patientKeys.charts(patientId),
    queryFn: async () => (await request(patientChartsQuery, { patientId })).charts,
    retry: false,
  });
}
