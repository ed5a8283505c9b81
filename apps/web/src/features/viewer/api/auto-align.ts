import { PLANNING_ENDPOINTS, type AutoAlignResponse } from '@ceppro/contract';
import { ApiError, api } from '../../../lib/api/index.ts';

/** `POST /ai/ceppro/ceph-autoalign`: the chart's facial photo fitted to the film's soft-tissue landmarks. */
export async function requestAutoAlign(chartId: string): Promise<AutoAlignResponse> {
  const { autoAlign } = PLANNING_ENDPOINTS;
  const answer = await api.post<unknown>(autoAlign.path, {}, { auth: true, idempotent: true, json: { chart_id: chartId } });
  const parsed = autoAlign.response.safeParse(answer);
  if (!parsed.success) throw new ApiError('BAD_RESPONSE', 'The server answered something unexpected.', 200, false);
  return parsed.data;
}
