import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { RECORD_DOCUMENTS, REVISED_DOCUMENTS, type AnalysisRecordValues, type RecordDocument } from './analysis-record.repository';

/*
 * The preconditions of a save (issue 29 item 1: every save carries one the server checks): the revisions
 * a save names as its base, parsed and required per value written, and the answers when they fail.
 */

/** The answer to a save whose base moved on (another tab or user saved since): nothing is written. */
export const staleRecord = () => new AppError('CONFLICT', 'The analysis record changed since these edits started; reload it.');

/** `base_documents` as parsed: per revised document, the revision the caller started from (null: it was absent). */
export type BaseDocuments = Partial<Record<keyof typeof REVISED_DOCUMENTS, string | null>>;

/** A revision as `documentRevisions` gives it (an md5 in hex), or null: the value was absent. */
const revisionSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/, 'must be a revision read from document_revisions')
  .nullable();
export const baseDocumentsSchema = z
  .object(Object.fromEntries(Object.keys(REVISED_DOCUMENTS).map((name) => [name, revisionSchema.optional()])))
  .strict() as z.ZodType<BaseDocuments>;
export const drawingBaseSchema = z
  .record(z.string().min(1).max(64), revisionSchema)
  .refine((base) => Object.keys(base).length <= 16, 'too many keys');

/**
 * A save that names no revision for a document it writes is refused before anything is read or
 * written (issue 29 item 1: every save carries a precondition the server checks). `field`: the
 * argument that should have named it.
 */
export const revisionRequired = (what: string, field: string) =>
  new AppError('REVISION_REQUIRED', `A save of ${what} must name the revision it started from (${field}); read document_revisions.`, {
    field,
  });

/**
 * The precondition of each value an update writes: the landmarks (and the model's result) by the
 * record's `revision`; every other document by its own revision in `base_documents` (null: it was
 * absent); `img_size`, which moves the record's revision, by either.
 */
export function assertPreconditions(
  values: AnalysisRecordValues,
  baseRevision: number | undefined,
  documents: BaseDocuments | undefined,
): void {
  for (const [field, column] of Object.entries(RECORD_DOCUMENTS) as Array<[RecordDocument, (typeof RECORD_DOCUMENTS)[RecordDocument]]>) {
    if (values[column] === undefined) continue;
    if (field === 'modified_result' || field === 'infer_result') {
      if (baseRevision === undefined) throw revisionRequired(field, 'base_revision');
    } else if (documents?.[field] === undefined) throw revisionRequired(field, `base_documents.${field}`);
  }
  if (values.imgSize !== undefined && baseRevision === undefined && documents?.img_size === undefined) {
    throw revisionRequired('img_size', 'base_documents.img_size');
  }
}

/** Parses a base argument, or refuses it as VALIDATION_FAILED naming `field`. */
export function parseBase<T>(schema: z.ZodType<T>, value: unknown, field: string): T | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION_FAILED', `${[field, ...(issue?.path ?? [])].join('.')} ${issue?.message ?? 'is invalid'}`, { field });
  }
  return parsed.data;
}
