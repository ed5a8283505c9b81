import { AI_ADAPTATION_ENDPOINT, type AiAdaptationUpdate } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { aiAdaptationKeys, parseAiAdaptation } from './use-ai-adaptation.ts';

/** Turns the clinic adaptation of new detections on or off (`PUT`); the answer replaces the cached profile. */
export function useSwitchAiAdaptation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (update: AiAdaptationUpdate) =>
      parseAiAdaptation(
        await api.put<unknown>(AI_ADAPTATION_ENDPOINT.path, AI_ADAPTATION_ENDPOINT.update.body.parse(update), { auth: true }),
      ),
    onSuccess: (profile) => client.setQueryData(aiAdaptationKeys.profile, profile),
  });
}
