import { AUDIT_ENDPOINTS } from '@ceppro/contract';
import { api } from '../../../../lib/api/index.ts';

/**
 * `POST /api/audit/print`: tells the server that this chart's report goes to the printer, for the
 * audit trail (docs/audit.md). The print itself happens in the browser, so this is its only trace.
 * Best effort: a failed record never blocks the print (the server logs its own failures).
 */
export async function recordPrint(chartId: string): Promise<void> {
  try {
    await api.call(AUDIT_ENDPOINTS.print, { chart_id: chartId });
  } catch {
    // The print goes ahead; the trail misses this one print.
  }
}
