import { readVtoStoConfig, saveVtoStoConfigMutation, vtoStoConfigQuery, type VtoStoConfig } from '@ceppro/contract';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { cookieTokenStore } from '../../../../lib/api/index.ts';
import { baseArg, baseOf, noteRevision } from '../../lib/document-revisions.ts';

/** The chart's record id and its parsed VTO/STO document (null: none stored, or a shape this version does not read). */
export async function fetchVtoConfig(chartId: number): Promise<{ recordId: number; config: VtoStoConfig | null } | null> {
  const data = await runOperation(vtoStoConfigQuery, { chartId });
  const item = data.analysis_records.items[0];
  if (item) noteRevision(item.id, 'vto_sto_config', item.document_revisions);
  return item === undefined ? null : { recordId: item.id, config: readVtoStoConfig(item.vto_sto_config) };
}

/**
 * Stores the document (only `vto_sto_config` is written; landmarks and their revision are untouched),
 * from the revision last read or saved here: CONFLICT when another person saved it since.
 */
export async function saveVtoConfig(recordId: number, config: VtoStoConfig): Promise<void> {
  const base = baseOf(recordId, 'vto_sto_config');
  const data = await runOperation(saveVtoStoConfigMutation, { id: recordId, input: { vto_sto_config: config }, ...baseArg(base) });
  noteRevision(recordId, 'vto_sto_config', data.update_analysis_record.document_revisions);
}

/** The same while the page closes: a best-effort `keepalive` request (see saveModifiedLandmarksOnUnload). */
export function saveVtoConfigOnUnload(recordId: number, config: VtoStoConfig): void {
  const token = cookieTokenStore.token();
  if (token === null) return;
  void fetch('/graphql', {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: saveVtoStoConfigMutation.document,
      variables: { id: recordId, input: { vto_sto_config: config }, ...baseArg(baseOf(recordId, 'vto_sto_config')) },
    }),
  }).catch(() => undefined);
}
