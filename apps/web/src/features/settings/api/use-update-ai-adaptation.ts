import { AI_ADAPTATION_ENDPOINT, type AiAdaptationUpdate } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { aiAdaptationKeys } from './use-ai-adaptation.ts';

/**
 * Changes the clinic adaptation switch and / or the landmark definitions of new detections (`PUT`);
 * the answer replaces the cached profile.
 */
export function useUpdateAiAdaptation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: AiAdaptationUpdate) => api.call(AI_ADAPTATION_ENDPOINT.update, update),
    onSuccess: (profile) => client.setQueryData(aiAdaptationKeys.profile, profile),
  });
}
