import { SETTINGS_DEFAULTS, settingsQuery, updateSettingsMutation, type SettingsInput, type SettingsUserConfig } from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { userConfigKeys } from '../../../lib/api/user-config-keys.ts';

/** The caller's settings; the column defaults when the user never saved one. */
export function useSettings() {
  return useQuery({
    queryKey: userConfigKeys.settings,
    queryFn: async ({ signal }): Promise<SettingsUserConfig> =>
      (await runOperation(settingsQuery, {}, { signal })).user_config ?? SETTINGS_DEFAULTS,
    retry: false,
  });
}

/**
 * Saves changed settings, then marks every cached slice of the user config stale, so the viewer's
 * display layers and the analysis panel's default PPM are read again by the next viewer.
 */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SettingsInput) => (await runOperation(updateSettingsMutation, { input })).update_user_config,
    onSuccess: async (config) => {
      client.setQueryData(userConfigKeys.settings, config);
      await client.invalidateQueries({ queryKey: userConfigKeys.all, predicate: (q) => q.queryKey[1] !== userConfigKeys.settings[1] });
    },
  });
}
