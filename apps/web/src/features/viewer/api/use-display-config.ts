import { viewerDisplayConfigQuery, type ViewerDisplayConfig } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { viewerKeys } from './query-keys.ts';

/** The user's display settings (which layers a viewer opens with); null when never saved. */
export function useDisplayConfig(enabled: boolean) {
  return useQuery({
    queryKey: viewerKeys.displayConfig(),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<ViewerDisplayConfig | null> =>
      (await runOperation(viewerDisplayConfigQuery, {}, { signal })).user_config,
    retry: false,
  });
}
