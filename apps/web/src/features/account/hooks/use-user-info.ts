import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@ceppro/contract';
import { fetchUserInfo } from '../api/account-api.ts';

const KEY = ['user-info'] as const;

/** Server cache of the signed-in user's profile (my info and the reset pages read it). */
export function useUserInfo() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchUserInfo(signal), retry: false, staleTime: 30_000 });
}

export function useSetUserInfo(): (profile: UserProfile) => void {
  const client = useQueryClient();
  return (profile) => client.setQueryData(KEY, profile);
}
