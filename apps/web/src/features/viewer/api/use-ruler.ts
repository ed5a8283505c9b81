import { analysisRulerQuery, updateRulerInfoMutation, type RulerInfo } from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { analysisKeys } from './analysis-query-keys.ts';
import { parseRulerInfo } from '../lib/calibration-source.ts';

/** The ruler stored on the chart's analysis record (`ruler_info`), null when there is none or it is unreadable. */
export function useRuler(recordId: number | null) {
  return useQuery({
    queryKey: analysisKeys.ruler(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async (): Promise<RulerInfo | null> => {
      const data = await runOperation(analysisRulerQuery, { id: recordId ?? -1 });
      return parseRulerInfo(data.analysis_records.items[0]?.ruler_info ?? null);
    },
    retry: false,
  });
}

/** Stores (or with null removes) the ruler: `update_analysis_record(id, { ruler_info })`. */
export function useSaveRuler(recordId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ruler: RulerInfo | null) => {
      if (recordId === null) throw new Error('No analysis record to store the ruler in');
      const data = await runOperation(updateRulerInfoMutation, { id: recordId, ruler });
      return parseRulerInfo(data.update_analysis_record.ruler_info);
    },
    onSuccess: (ruler) => client.setQueryData(analysisKeys.ruler(recordId ?? -1), ruler),
  });
}
