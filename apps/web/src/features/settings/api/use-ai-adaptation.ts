import { AI_ADAPTATION_ENDPOINT, type AiAdaptation } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** Server cache key of the caller's clinic adaptation profile (the switch and Reset write the same entry). */
export const aiAdaptationKeys = { profile: ['ai-adaptation'] as const };

/** What the AI learned from the caller's corrected films (`GET /api/ai/adaptation`). */
export function useAiAdaptation() {
  return useQuery({
    queryKey: aiAdaptationKeys.profile,
    queryFn: ({ signal }): Promise<AiAdaptation> => api.call(AI_ADAPTATION_ENDPOINT.get, undefined, { signal }),
    retry: false,
  });
}
