import { PLANNING_ENDPOINTS, type AutoAlignResponse } from '@ceppro/contract';
import { api } from '../../../lib/api/index.ts';

/** `POST /ai/ceppro/ceph-autoalign`: the chart's facial photo fitted to the film's soft-tissue landmarks. */
export function requestAutoAlign(chartId: string): Promise<AutoAlignResponse> {
  return api.call(PLANNING_ENDPOINTS.autoAlign, { chart_id: chartId });
}
