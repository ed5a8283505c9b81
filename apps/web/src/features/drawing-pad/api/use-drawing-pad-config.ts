import { drawingConfigQuery, readDrawingConfig, saveDrawingConfigMutation, type DrawingConfig } from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { userConfigKeys } from '../../../lib/api/user-config-keys.ts';

/** The same cache entry the viewer's drawing pad reads its defaults from. */
const drawingKey = [...userConfigKeys.all, 'drawing'] as const;

/** The user's drawing pad defaults (spec defaults when never saved). */
export function useDrawingPadConfig() {
  return useQuery({
    queryKey: drawingKey,
    queryFn: async ({ signal }): Promise<DrawingConfig> =>
      readDrawingConfig((await runOperation(drawingConfigQuery, {}, { signal })).user_config?.drawing_config ?? null),
    retry: false,
  });
}

/** Saves `drawing_config` (the server writes only the fields given); the viewer reads it next. */
export function useSaveDrawingPadConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (config: DrawingConfig) =>
      readDrawingConfig(
        (await runOperation(saveDrawingConfigMutation, { input: { drawing_config: config } })).update_user_config.drawing_config,
      ),
    onSuccess: (config) => client.setQueryData(drawingKey, config),
  });
}
