import { IMAGE_TYPE } from '@ceppro/contract';
import { and, asc, count, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { patientScope, type Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { newestLiveImage } from '../../db/live-image';
import { analysisRecords, charts, patients } from '../../db/schema/index';

export type AnalysisRecordRow = typeof analysisRecords.$inferSelect;
export type AnalysisRecordValues = Partial<
  Omit<typeof analysisRecords.$inferInsert, 'id' | 'chartRef' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'revision'>
>;

/**
 * The record's large JSON documents: graph name -> row property. Lists never read them; they are
 * read for one page's records only after their stored sizes were counted (`documentSizes`).
 * `img_size` is two numbers and stays with the small fields.
 */
export const RECORD_DOCUMENTS = {
  infer_result: 'inferResult',
  modified_result: 'modifiedResult',
  profilogram_result: 'profilogramResult',
  ruler_info: 'rulerInfo',
  superimposition_data: 'superimpositionData',
  vto_sto_config: 'vtoStoConfig',
  drawing_result: 'drawingResult',
} as const satisfies Record<string, keyof AnalysisRecordValues>;
export type RecordDocument = keyof typeof RECORD_DOCUMENTS;

/** Per record id, the stored size of each asked document (bytes as JSON text; 0 when null). */
export type DocumentSizes = Map<number, Partial<Record<RecordDocument, number>>>;

const column = (name: RecordDocument) => analysisRecords[RECORD_DOCUMENTS[name]];

/**
 * The documents a save may name the revision of (`update_analysis_record(base_documents)`): every
 * one but the landmarks (`modified_result`, `infer_result`), which move the record's `revision`.
 */
export const REVISED_DOCUMENTS = {
  profilogram_result: 'profilogramResult',
  ruler_info: 'rulerInfo',
  superimposition_data: 'superimpositionData',
  vto_sto_config: 'vtoStoConfig',
  drawing_result: 'drawingResult',
  img_size: 'imgSize',
} as const satisfies Record<string, keyof AnalysisRecordValues>;
export type RevisedDocument = keyof typeof REVISED_DOCUMENTS;

/**
 * A stored JSON value's revision: the md5 of its text as jsonb writes it (canonical: key order and
 * spacing are the database's), null when absent. It changes with every write that changes the value,
 * whoever writes it (a save, a merge, a detection), with no counter to keep; a write that stores the
 * same value again keeps it, which is no conflict for anyone.
 */
const revisionOf = (value: SQL | AnyColumn) => sql<string | null>`md5((${value})::text)`;

/** Base revisions a write names: it applies only while each value's revision is still the named one (null: absent). */
export type BaseRevisions = Record<string, string | null>;

/** The revisions of the stored documents and of each top-level key of `drawing_result` (merged key by key). */
export interface DocumentRevisions {
  documents: Record<RevisedDocument, string | null>;
  drawing: Record<string, string>;
}

/** `chartUuid`: the chart's uuid (the viewer's URL), so the viewer reads chart and record in one request. */
type RecordFilter = { id?: number | undefined; chartRef?: number | undefined; chartUuid?: string | undefined };
export interface RecordPage {
  rows: AnalysisRecordRow[];
  total: number;
}

/** What a list reads of each record. */
const SMALL_COLUMNS = {
  id: analysisRecords.id,
  chartRef: analysisRecords.chartRef,
  imgSize: analysisRecords.imgSize,
  revision: analysisRecords.revision,
  createdAt: analysisRecords.createdAt,
  updatedAt: analysisRecords.updatedAt,
  updatedBy: analysisRecords.updatedBy,
  deletedAt: analysisRecords.deletedAt,
};
/** A listed row's documents: null whatever is stored, until read with `documents`. */
const NO_DOCUMENTS = Object.fromEntries(Object.values(RECORD_DOCUMENTS).map((key) => [key, null])) as Record<
  (typeof RECORD_DOCUMENTS)[RecordDocument],
  null
>;

/** Records belong to a space through chart and patient (the access policy's `patientScope`); every read and write checks that path. */
export function createAnalysisRecordRepository(db: AppDatabase) {
  const ownedBy = (actor: Actor): SQL[] => [
    patientScope(actor),
    isNull(patients.deletedAt),
    isNull(charts.deletedAt),
    isNull(analysisRecords.deletedAt),
  ];

  const owned = (actor: Actor, filter: RecordFilter): SQL | undefined => {
    const conditions = ownedBy(actor);
    if (filter.id !== undefined) conditions.push(eq(analysisRecords.id, filter.id));
    if (filter.chartRef !== undefined) conditions.push(eq(analysisRecords.chartRef, filter.chartRef));
    if (filter.chartUuid !== undefined) conditions.push(eq(charts.uuid, filter.chartUuid));
    return and(...conditions);
  };

  return {
    /**
     * One page of the caller's records by id, small fields only (every document reads as null),
     * with the count of all that match. A chart has one live record.
     */
    async page(actor: Actor, filter: RecordFilter, page: { offset: number; limit: number }): Promise<RecordPage> {
      const where = owned(actor, filter);
      const [rows, totals] = await Promise.all([
        db
          .select(SMALL_COLUMNS)
          .from(analysisRecords)
          .innerJoin(charts, eq(charts.id, analysisRecords.chartRef))
          .innerJoin(patients, eq(patients.id, charts.patientRef))
          .where(where)
          .orderBy(asc(analysisRecords.id))
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ n: count() })
          .from(analysisRecords)
          .innerJoin(charts, eq(charts.id, analysisRecords.chartRef))
          .innerJoin(patients, eq(patients.id, charts.patientRef))
          .where(where),
      ]);
      return { rows: rows.map((row) => ({ ...row, ...NO_DOCUMENTS })), total: totals[0]?.n ?? 0 };
    },

    /**
     * The stored size of each asked document of these live records, as JSON text (what the answer
     * will carry, give or take jsonb's spaces), counted by the database without the documents
     * coming here. Records gone meanwhile are absent.
     */
    async documentSizes(ids: readonly number[], documents: readonly RecordDocument[]): Promise<DocumentSizes> {
      const sizes: DocumentSizes = new Map();
      if (ids.length === 0 || documents.length === 0) return sizes;
      const pairs = documents.map((name) => sql`${name}::text, coalesce(octet_length(${column(name)}::text), 0)`);
      const rows = await db
        .select({
          id: analysisRecords.id,
          sizes: sql<Partial<Record<RecordDocument, number>>>`json_build_object(${sql.join(pairs, sql`, `)})`,
        })
        .from(analysisRecords)
        .where(and(inArray(analysisRecords.id, [...ids]), isNull(analysisRecords.deletedAt)));
      for (const row of rows) sizes.set(row.id, row.sizes);
      return sizes;
    },

    /** The asked documents of these live records (callers counted their size first), by record id. */
    async documents(ids: readonly number[], documents: readonly RecordDocument[]): Promise<Map<number, Partial<AnalysisRecordRow>>> {
      const found = new Map<number, Partial<AnalysisRecordRow>>();
      if (ids.length === 0 || documents.length === 0) return found;
      const columns = Object.fromEntries(documents.map((name) => [RECORD_DOCUMENTS[name], column(name)]));
      const rows = await db
        .select({ id: analysisRecords.id, ...columns })
        .from(analysisRecords)
        .where(and(inArray(analysisRecords.id, [...ids]), isNull(analysisRecords.deletedAt)));
      for (const { id, ...values } of rows) found.set(id as number, values as Partial<AnalysisRecordRow>);
      return found;
    },

    /** One record of the caller's space, documents included. */
    async findOwned(actor: Actor, id: number): Promise<AnalysisRecordRow | undefined> {
      const [row] = await db
        .select({ record: analysisRecords })
        .from(analysisRecords)
        .innerJoin(charts, eq(charts.id, analysisRecords.chartRef))
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(owned(actor, { id }))
        .limit(1);
      return row?.record;
    },

    async insert(chartRef: number, values: AnalysisRecordValues): Promise<AnalysisRecordRow> {
      const [row] = await db
        .insert(analysisRecords)
        .values({ ...values, chartRef })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /**
     * Writes only the columns in `values`: a column left out keeps its stored value. `revision`:
     * `expected` writes only if the record is still at that revision; `bump` moves it on.
     */
    async update(
      id: number,
      values: AnalysisRecordValues,
      revision: { expected?: number | undefined; bump: boolean; documents?: Partial<Record<RevisedDocument, string | null>> | undefined },
    ): Promise<AnalysisRecordRow | undefined> {
      const conditions = [eq(analysisRecords.id, id), isNull(analysisRecords.deletedAt)];
      if (revision.expected !== undefined) conditions.push(eq(analysisRecords.revision, revision.expected));
      for (const [name, base] of Object.entries(revision.documents ?? {}) as Array<[RevisedDocument, string | null]>) {
        conditions.push(sql`${revisionOf(analysisRecords[REVISED_DOCUMENTS[name]])} is not distinct from ${base}`);
      }
      const [row] = await db
        .update(analysisRecords)
        .set({ ...values, updatedAt: new Date(), ...(revision.bump && { revision: sql`${analysisRecords.revision} + 1` }) })
        .where(and(...conditions))
        .returning();
      return row;
    },

    /**
     * `drawing_result = coalesce(drawing_result, {version: 1}) || patch` in one UPDATE (jsonb `||`
     * replaces the patch's top-level keys and keeps the others), only while the result stays within
     * `maxBytes` as text: 'too-large' when it would not, 'stale' when a key named in `base` has
     * another revision than named (another user saved it since), undefined when the record is gone.
     */
    async mergeDrawingResult(
      id: number,
      patch: Record<string, unknown>,
      maxBytes: number,
      updatedBy: number,
      base: BaseRevisions = {},
    ): Promise<AnalysisRecordRow | 'too-large' | 'stale' | undefined> {
      const merged = sql`(coalesce(${analysisRecords.drawingResult}, '{"version":1}'::jsonb) || ${JSON.stringify(patch)}::jsonb)`;
      const live = and(eq(analysisRecords.id, id), isNull(analysisRecords.deletedAt));
      const current = Object.entries(base).map(
        ([key, revision]) => sql`${revisionOf(sql`${analysisRecords.drawingResult} -> ${key}`)} is not distinct from ${revision}`,
      );
      const [row] = await db
        .update(analysisRecords)
        .set({ drawingResult: sql`${merged}`, updatedAt: new Date(), updatedBy })
        .where(and(live, sql`octet_length(${merged}::text) <= ${maxBytes}`, ...current))
        .returning();
      if (row) return row;
      const [exists] = await db
        .select({
          id: analysisRecords.id,
          current: current.length > 0 ? sql<boolean>`(${sql.join(current, sql` and `)})` : sql<boolean>`true`,
        })
        .from(analysisRecords)
        .where(live);
      if (!exists) return undefined;
      return exists.current ? 'too-large' : 'stale';
    },

    /** The revisions of a live record's documents (the caller checked it is theirs); undefined when gone. */
    async documentRevisions(id: number): Promise<DocumentRevisions | undefined> {
      const pairs = Object.entries(REVISED_DOCUMENTS).map(([name, key]) => sql`${name}::text, ${revisionOf(analysisRecords[key])}`);
      const stored = analysisRecords.drawingResult;
      const drawing = sql`case when jsonb_typeof(${stored}) = 'object' then ${stored} else '{}'::jsonb end`;
      const [row] = await db
        .select({
          documents: sql<DocumentRevisions['documents']>`json_build_object(${sql.join(pairs, sql`, `)})`,
          drawing: sql<
            Record<string, string>
          >`(select coalesce(jsonb_object_agg(key, md5(value::text)), '{}'::jsonb) from jsonb_each(${drawing}))`,
        })
        .from(analysisRecords)
        .where(and(eq(analysisRecords.id, id), isNull(analysisRecords.deletedAt)));
      return row;
    },

    /** The chart's live (committed, not deleted) cephalogram: the image landmarks are placed on. */
    liveCephalogram: (chartRef: number): Promise<{ id: number; sha256: string | null } | undefined> =>
      newestLiveImage(db, chartRef, IMAGE_TYPE.cephalogram),
  };
}

export type AnalysisRecordRepository = ReturnType<typeof createAnalysisRecordRepository>;
