import type { UserAnalysisManage } from '@ceppro/ceph';
import { updateUserAnalysisManageMutation } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { savePayload } from '../../lib/custom-groups.ts';
import { analysisKeys } from '../../api/analysis-query-keys.ts';

/** Saves the analysis groups to the user config (`update_user_config({ user_analysis_manage })`). */
export function useSaveAnalysisManage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (manage: UserAnalysisManage) =>
      (await runOperation(updateUserAnalysisManageMutation, savePayload(manage))).update_user_config,
    onSuccess: (config) => client.setQueryData(analysisKeys.userConfig, config),
  });
}
