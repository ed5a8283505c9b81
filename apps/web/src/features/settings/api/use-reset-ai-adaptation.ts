import { AI_ADAPTATION_ENDPOINT } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { aiAdaptationKeys } from './use-ai-adaptation.ts';

/** Forgets every learned film (`DELETE`, "Reset"); the answer (nothing learned) replaces the cached profile. */
export function useResetAiAdaptation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(AI_ADAPTATION_ENDPOINT.reset),
    onSuccess: (profile) => client.setQueryData(aiAdaptationKeys.profile, profile),
  });
}
