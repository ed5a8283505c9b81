import { drawingConfigQuery, readDrawingConfig, type DrawingConfig } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { userConfigKeys } from '../../../../lib/api/user-config-keys.ts';

/** The drawing pad's defaults from the user config (spec defaults when never saved or unreadable). */
export function useDrawingConfig() {
  return useQuery({
    queryKey: [...userConfigKeys.all, 'drawing'] as const,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<DrawingConfig> =>
      readDrawingConfig((await runOperation(drawingConfigQuery, {}, { signal })).user_config?.drawing_config ?? null),
    retry: false,
  });
}
