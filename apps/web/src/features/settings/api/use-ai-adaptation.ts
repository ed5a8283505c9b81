import { AI_ADAPTATION_ENDPOINT, type AiAdaptation } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api/index.ts';

/** Server cache key of the caller's clinic adaptation profile (the switch and Reset write the same entry). */
export const aiAdaptationKeys = { profile: ['ai-adaptation'] as const };

/** Every `/api/ai/adaptation` answer is the profile afterwards: checked against the contract here. */
export function parseAiAdaptation(answer: unknown): AiAdaptation {
  const parsed = AI_ADAPTATION_ENDPOINT.get.response.safeParse(answer);
  if (!parsed.success) throw new ApiError('BAD_RESPONSE', 'The server answered something unexpected.', 200, false);
  return parsed.data;
}

/** What the AI learned from the caller's corrected films (`GET /api/ai/adaptation`). */
export function useAiAdaptation() {
  return useQuery({
    queryKey: aiAdaptationKeys.profile,
    queryFn: async (): Promise<AiAdaptation> => parseAiAdaptation(await api.get<unknown>(AI_ADAPTATION_ENDPOINT.path, { auth: true })),
    retry: false,
  });
}
