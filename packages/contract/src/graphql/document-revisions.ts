import { z } from 'zod';

/**
 * The revisions of an analysis record's documents other than the landmarks (which have the record's
 * `revision`): a save names the revision its edits started from (`base_documents`, or `base` of
 * `merge_drawing_result`) and is refused with CONFLICT when another user saved that document since.
 * A revision is opaque (hex); null: the document is absent. `drawing`: per top-level key of
 * `drawing_result`, which features share and merge key by key.
 */
export const documentRevisionsSchema = z.object({
  documents: z.record(z.string(), z.string().nullable()),
  drawing: z.record(z.string(), z.string()),
});
export type DocumentRevisions = z.infer<typeof documentRevisionsSchema>;

/** The documents a save names the revision of. */
export type RevisedDocumentName = 'profilogram_result' | 'ruler_info' | 'superimposition_data' | 'vto_sto_config' | 'img_size';

/** An answer's revisions: absent from an older server's answer (then a save names no base). */
export const documentRevisionsField = documentRevisionsSchema.nullish();
