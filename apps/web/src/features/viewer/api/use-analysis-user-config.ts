import { analysisUserConfigQuery, type AnalysisUserConfig } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { analysisKeys } from './analysis-query-keys.ts';

/** The user's `default_ppm` and `user_analysis_manage`; null when the user never saved a setting. */
export function useAnalysisUserConfig() {
  return useQuery({
    queryKey: analysisKeys.userConfig,
    queryFn: async ({ signal }): Promise<AnalysisUserConfig | null> =>
      (await runOperation(analysisUserConfigQuery, {}, { signal })).user_config,
    // Filled by the viewer's first paint; a settings save invalidates it (userConfigKeys.all).
    staleTime: 60_000,
    retry: false,
  });
}
