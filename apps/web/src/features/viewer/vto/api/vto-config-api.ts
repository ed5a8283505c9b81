import { readVtoStoConfig, saveVtoStoConfigMutation, vtoStoConfigQuery, type VtoStoConfig } from '@ceppro/contract';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { columnDocument, noteRevisions } from '../../documents/document-revisions.ts';
import { saveDocument, saveDocumentOnUnload } from '../../documents/save-document.ts';

/** The chart's record id and its parsed VTO/STO document (null: none stored, or a shape this version does not read). */
export async function fetchVtoConfig(
  chartId: number,
  signal?: AbortSignal,
): Promise<{ recordId: number; config: VtoStoConfig | null } | null> {
  const data = await runOperation(vtoStoConfigQuery, { chartId }, { signal });
  const item = data.analysis_records.items[0];
  if (item) noteRevisions(columnDocument(item.id, 'vto_sto_config'), item.document_revisions);
  return item === undefined ? null : { recordId: item.id, config: readVtoStoConfig(item.vto_sto_config) };
}

/**
 * Stores the document (only `vto_sto_config` is written; landmarks and their revision are untouched),
 * from the revision last read or saved here: refused (CONFLICT) when someone saved it since, and then
 * `reload` shows theirs.
 */
export async function saveVtoConfig(recordId: number, config: VtoStoConfig, reload: () => unknown): Promise<void> {
  await saveDocument({
    document: columnDocument(recordId, 'vto_sto_config'),
    send: (base) => runOperation(saveVtoStoConfigMutation, { id: recordId, input: { vto_sto_config: config }, ...base }),
    revisions: (data) => data.update_analysis_record.document_revisions,
    reload,
  });
}

/** The same while the page closes: a best-effort `keepalive` request from the same base revision. */
export function saveVtoConfigOnUnload(recordId: number, config: VtoStoConfig): void {
  saveDocumentOnUnload(columnDocument(recordId, 'vto_sto_config'), saveVtoStoConfigMutation.document, {
    id: recordId,
    input: { vto_sto_config: config },
  });
}
