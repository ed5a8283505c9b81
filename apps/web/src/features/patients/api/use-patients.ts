import { patientsQuery, type PatientsVariables } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { patientKeys } from './query-keys.ts';
import { runOperation } from '../../../lib/api/graph-operation.ts';

/**
 * One page of the caller's patients (page size 10), filtered by name and sorted. A new page, sort
 * or search shows the table's loading state rather than the previous rows (no stale results under
 * a new search). The HTTP client already retries network failures, so a failed query is not
 * retried again here; the table offers Retry.
 */
export function usePatients(variables: PatientsVariables) {
  return useQuery({
    queryKey: patientKeys.list(variables),
    queryFn: async ({ signal }) => (await runOperation(patientsQuery, variables, { signal })).patients,
    retry: false,
  });
}
