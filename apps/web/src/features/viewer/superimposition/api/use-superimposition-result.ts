import { PLANNING_ENDPOINTS, type SuperimpositionMethodId, type SuperimpositionResponse } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api/index.ts';
import { flushLandmarkEdits } from '../../hooks/use-landmark-autosave.ts';
import { superimpositionKeys } from './query-keys.ts';

export interface SuperimpositionAsk {
  readonly chartIds: readonly string[];
  readonly method: SuperimpositionMethodId;
  /** The current chart: the answer is in its film's pixels. */
  readonly frameChartId: string;
}

/**
 * The superimposition computed on the server from the stored landmarks (`POST /ai_api/superimposition`);
 * asked only for 2 to 4 films, after this film's unsaved landmark edits are saved. Codes the tab explains itself (no
 * landmarks, another patient, a chart
 * gone) come back as ApiError instead of the global alert.
 */
export function useSuperimpositionResult(ask: SuperimpositionAsk | null) {
  const ids = ask ? [...ask.chartIds].sort() : [];
  return useQuery({
    queryKey: superimpositionKeys.result(ids, ask?.method ?? '', ask?.frameChartId ?? ''),
    enabled: ask !== null && ids.length >= 2 && ids.length <= 4,
    retry: false,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<SuperimpositionResponse> => {
      if (ask === null) throw new Error('no superimposition asked'); // not enabled then
      // The server reads the stored landmarks: this film's unsaved edits are saved first.
      await flushLandmarkEdits();
      return api.call(
        PLANNING_ENDPOINTS.superimposition,
        { chart_ids: ids, method: ask.method, frame_chart_id: ask.frameChartId },
        { passThrough: ['NOT_FOUND'], signal },
      );
    },
  });
}
