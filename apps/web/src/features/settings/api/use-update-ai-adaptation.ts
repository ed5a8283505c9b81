import { AI_ADAPTATION_ENDPOINT, type AiAdaptationUpdate } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { aiAdaptationKeys, parseAiAdaptation } from './use-ai-adaptation.ts';

/**
 * Changes the clinic adaptation switch and / or the landmark definitions of new detections (`PUT`);
 * the answer replaces the cached profile.
 */
export function useUpdateAiAdaptation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (update: AiAdaptationUpdate) =>
      parseAiAdaptation(
        await api.put<unknown>(AI_ADAPTATION_ENDPOINT.path, AI_ADAPTATION_ENDPOINT.update.body.parse(update), { auth: true }),
      ),
    onSuccess: (profile) => client.setQueryData(aiAdaptationKeys.profile, profile),
  });
}
