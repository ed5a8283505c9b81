import { saveModifiedLandmarksMutation, type ModifiedResult } from '@ceppro/contract';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { cookieTokenStore } from '../../../lib/api/index.ts';

/** Stores the user's landmarks of an analysis record from revision `base`; returns the new revision. */
export async function saveModifiedLandmarks(recordId: number, modified: ModifiedResult, base: number): Promise<number> {
  const data = await runOperation(saveModifiedLandmarksMutation, { id: recordId, input: { modified_result: modified }, base });
  return data.update_analysis_record.revision;
}

/**
 * The same save while the page is being closed: a `keepalive` fetch is the one request a browser
 * lets outlive the page. It bypasses the app client's refresh and retries (there is no page left to
 * run them), so it is a best effort; every other save goes through `saveModifiedLandmarks`.
 */
export function saveModifiedLandmarksOnUnload(recordId: number, modified: ModifiedResult, base: number): void {
  const token = cookieTokenStore.token();
  if (token === null) return;
  void fetch('/graphql', {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: saveModifiedLandmarksMutation.document,
      variables: { id: recordId, input: { modified_result: modified }, base },
    }),
  }).catch(() => undefined);
}
