import { EXPORT_ENDPOINTS, type BatchExportRequest } from '@ceppro/contract';
import { api, cookieTokenStore } from '../../../lib/api/index.ts';
import { RealtimeSocket } from '../../../lib/realtime/realtime-socket.ts';

/**
 * `POST /api/exports/batch`: every measurement of the user's (or the given patients') charts. The
 * answer streams; the promise settles when the whole file has arrived. Progress comes over the
 * socket under `export_id`.
 */
export function fetchBatchExport(request: BatchExportRequest): Promise<Blob> {
  return api.call(EXPORT_ENDPOINTS.batch, request);
}

/**
 * Listens for one batch export's `export.progress` events on the real-time socket. Resolves to the
 * function that stops listening; when the socket cannot be opened the export still runs, only
 * without a percentage (null).
 */
export async function watchExportProgress(
  exportId: string,
  onProgress: (done: number, total: number) => void,
): Promise<(() => void) | null> {
  const token = cookieTokenStore.token();
  if (token === null) return null;
  try {
    const socket = await RealtimeSocket.connect(token);
    const off = socket.on('export.progress', (event) => {
      if (event.exportId === exportId) onProgress(event.done, event.total);
    });
    return () => {
      off();
      socket.close();
    };
  } catch {
    return null;
  }
}
