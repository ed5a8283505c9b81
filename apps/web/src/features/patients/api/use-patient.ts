import { patientQuery } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { patientKeys } from './query-keys.ts';
import { runOperation } from '../../../lib/api/graph-operation.ts';

/** One patient by integer id; `null` data when it does not exist (or is not the caller's). */
export function usePatient(id: number) {
  return useQuery({
    queryKey: patientKeys.detail(id),
    queryFn: async ({ signal }) => (await runOperation(patientQuery, { id }, { signal })).patient,
    retry: false,
  });
}
