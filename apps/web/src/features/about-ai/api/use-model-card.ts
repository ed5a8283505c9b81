import { MODEL_CARD_ENDPOINT, type ModelCard } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** Server cache key of the served model's card. */
export const modelCardKeys = { card: ['model-card'] as const };

/**
 * The model card of the served landmark model (`GET /api/model/card`), checked against the
 * contract. MODEL_CARD_UNAVAILABLE is the page's to explain, so the interceptor passes it through
 * instead of showing its 404 alert. The card only changes with a model release.
 */
export function useModelCard() {
  return useQuery({
    queryKey: modelCardKeys.card,
    queryFn: ({ signal }): Promise<ModelCard> =>
      api.call(MODEL_CARD_ENDPOINT, undefined, { passThrough: ['MODEL_CARD_UNAVAILABLE'], signal }),
    retry: false,
    staleTime: 10 * 60_000,
  });
}
