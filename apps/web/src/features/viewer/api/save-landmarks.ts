import { GRAPHQL_ENDPOINTS, saveModifiedLandmarksMutation, type ModifiedResult } from '@ceppro/contract';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { api } from '../../../lib/api/index.ts';

/** Stores the user's landmarks of an analysis record from revision `base`; returns the new revision. */
export async function saveModifiedLandmarks(recordId: number, modified: ModifiedResult, base: number): Promise<number> {
  const data = await runOperation(saveModifiedLandmarksMutation, { id: recordId, input: { modified_result: modified }, base });
  return data.update_analysis_record.revision;
}

/**
 * The same save while the page is being closed: a `keepalive` request is the one a browser lets
 * outlive the page. It is sent in the background (no refresh, retries or alerts: there is no page left
 * to run them), so it is a best effort; every other save goes through `saveModifiedLandmarks`.
 */
export function saveModifiedLandmarksOnUnload(recordId: number, modified: ModifiedResult, base: number): void {
  const input = { query: saveModifiedLandmarksMutation.document, variables: { id: recordId, input: { modified_result: modified }, base } };
  api.call(GRAPHQL_ENDPOINTS.mutation, input, { background: true, keepalive: true }).catch(() => undefined);
}
