/*
 * Saves of an analysis record's documents as the viewer sends them, for tests that only need a
 * document stored: each names the revision it starts from, read just before (the server refuses a
 * save that names none with REVISION_REQUIRED). Works with any harness built on the graph harness.
 */

import type { GraphHarness } from '../graphql/graph-harness';

type Graph = Pick<GraphHarness, 'ok'>;

interface Revisions {
  documents: Record<string, string | null>;
  drawing: Record<string, string>;
}

const READ = 'query($id: Int!) { analysis_records(filter: { id: $id }) { items { revision document_revisions } } }';
const UPDATE =
  'mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int, $d: JSON) { ' +
  'update_analysis_record(id: $id, input: $i, base_revision: $b, base_documents: $d) { id } }';
const MERGE = 'mutation($id: Int!, $p: JSON!, $b: JSON) { merge_drawing_result(id: $id, patch: $p, base: $b) { id } }';
/** The fields whose precondition is the record's `revision` rather than a document revision. */
const LANDMARK_FIELDS = new Set(['modified_result', 'infer_result']);

async function current(g: Graph, token: string, recordId: number): Promise<{ revision: number; revisions: Revisions }> {
  const data = await g.ok<{ analysis_records: { items: Array<{ revision: number; document_revisions: Revisions }> } }>(token, READ, {
    id: recordId,
  });
  const item = data.analysis_records.items[0];
  if (!item) throw new Error(`analysis record ${recordId} is not readable`);
  return { revision: item.revision, revisions: item.document_revisions };
}

/** `update_analysis_record` of `input` from the current revisions (landmarks: the record's; documents: each its own). */
export async function saveRecordDocuments(g: Graph, token: string, recordId: number, input: Record<string, unknown>): Promise<void> {
  const { revision, revisions } = await current(g, token, recordId);
  const names = Object.keys(input);
  const d = Object.fromEntries(names.filter((name) => !LANDMARK_FIELDS.has(name)).map((name) => [name, revisions.documents[name] ?? null]));
  await g.ok(token, UPDATE, { id: recordId, i: input, b: names.some((name) => LANDMARK_FIELDS.has(name)) ? revision : null, d });
}

/** `merge_drawing_result` of `patch` naming the current revision of each key it sets (`version` is everyone's). */
export async function mergeDrawingResult(g: Graph, token: string, recordId: number, patch: Record<string, unknown>): Promise<void> {
  const { revisions } = await current(g, token, recordId);
  const keys = Object.keys(patch).filter((key) => key !== 'version');
  await g.ok(token, MERGE, { id: recordId, p: patch, b: Object.fromEntries(keys.map((key) => [key, revisions.drawing[key] ?? null])) });
}
