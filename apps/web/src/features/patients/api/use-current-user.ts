import { usersQuery } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { patientKeys } from './query-keys.ts';
import { runOperation } from '../../../lib/api/graph-operation.ts';

/** The signed-in user's row from the graph service (its tutorial flag decides the tutorial popup). */
export function useCurrentUser() {
  return useQuery({
    queryKey: patientKeys.currentUser,
    queryFn: async ({ signal }) => (await runOperation(usersQuery, {}, { signal })).users[0] ?? null,
    retry: false,
    staleTime: 60_000,
  });
}
