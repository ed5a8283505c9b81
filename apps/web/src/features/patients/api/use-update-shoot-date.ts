import { FILE_ENDPOINTS, IMAGE_TYPE } from '@ceppro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { patientKeys } from './query-keys.ts';

export interface ShootDateChange {
  /** The chart's chart_id (uuid of the upload flow). */
  chartId: string;
  /** yyyy-mm-dd, or null to clear it (the list then shows ----). */
  shootDate: string | null;
}

/**
 * Corrects the shoot date of a chart's cephalogram without uploading it again
 * (`/api/update-shoot-date`), then refetches everything patient-related. Setting a value twice
 * gives the same result, so a lost answer may be retried.
 */
export function useUpdateShootDate() {
  const client = useQueryClient();
  const { updateShootDate } = FILE_ENDPOINTS;
  return useMutation({
    mutationFn: ({ chartId, shootDate }: ShootDateChange) =>
      api.call(updateShootDate, { chart_id: chartId, image_type_cd: [IMAGE_TYPE.cephalogram], shoot_date: shootDate }),
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
