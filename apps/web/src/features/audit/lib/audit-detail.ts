import {
  AUDIT_RECORD_DOCUMENTS,
  auditLandmarkChangesSchema,
  auditRefusalSummarySchema,
  type AuditEventView,
  type AuditRecordDocument,
} from '@ceppro/contract';

/** One line of an event's detail: a dictionary key (under `audit.detail`) and its values, already formatted. */
export interface DetailLine {
  key:
    | 'movedMm'
    | 'movedPx'
    | 'placed'
    | 'removed'
    | 'more'
    | 'documents'
    | 'alsoSaved'
    | 'refusedMore'
    | ListedKey
    | 'searched'
    | 'fetchedOriginal'
    | 'fetchedThumbnail'
    | 'fetchedDisplay'
    | 'films';
  values: { id?: string; from?: string; to?: string; distance?: string; n?: string; list?: string; page?: string };
}

type ListedKey = 'listedPatients' | 'listedCharts' | 'listedImages' | 'listedRecords';

/** A list read's line: how many it returned (`detail.total`). */
const LISTED: Record<string, ListedKey> = {
  'patient.list': 'listedPatients',
  'chart.list': 'listedCharts',
  'image.list': 'listedImages',
  'landmarks.list': 'listedRecords',
};

const FETCHED = { original: 'fetchedOriginal', thumbnail: 'fetchedThumbnail', display: 'fetchedDisplay' } as const;

/** What an event's detail says, as lines to translate: landmark moves, the documents saved, a refusal count. */
export interface EventDetail {
  lines: DetailLine[];
  /** How many landmarks moved in all (the lines list at most 38 of them); null: not a landmark save. */
  moved: number | null;
}

/**
 * The detail of an event in the user's language: for a landmark save each landmark that moved, from
 * where to where (image px of the original upload) and by how much (mm on a calibrated film, px
 * otherwise); for another save the documents it changed; for a collapsed flood of refusals their count.
 * A detail that does not read as expected shows nothing (the CSV keeps it whole).
 */
export function eventDetail(
  event: Pick<AuditEventView, 'action' | 'detail'>,
  language: string,
  documentName: (document: AuditRecordDocument) => string,
): EventDetail {
  // No grouping: "1003" beside the comma between x and y reads as one number, "1,003" would not.
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false });
  const point = (p: readonly [number, number]) => `${number.format(p[0])}, ${number.format(p[1])}`;
  const lines: DetailLine[] = [];
  let moved: number | null = null;
  const changes = auditLandmarkChangesSchema.safeParse(event.detail?.['landmarks']);
  if (event.action === 'landmarks.update' && changes.success) {
    const { unit, total } = changes.data;
    moved = total;
    for (const m of changes.data.moved) {
      if (m.from && m.to) {
        const distance = m.by === null ? '' : number.format(m.by);
        lines.push({ key: unit === 'mm' ? 'movedMm' : 'movedPx', values: { id: m.id, from: point(m.from), to: point(m.to), distance } });
      } else if (m.to) lines.push({ key: 'placed', values: { id: m.id, to: point(m.to) } });
      else if (m.from) lines.push({ key: 'removed', values: { id: m.id, from: point(m.from) } });
    }
    if (total > changes.data.moved.length) lines.push({ key: 'more', values: { n: number.format(total - changes.data.moved.length) } });
  }
  // The other documents a save changed (a landmark save lists the landmark documents as its moves).
  const documents = savedDocuments(event.detail?.['documents']).filter((d) => moved === null || !LANDMARK_DOCUMENTS.includes(d));
  if (documents.length > 0) {
    const list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(documents.map(documentName));
    lines.push({ key: moved === null ? 'documents' : 'alsoSaved', values: { list } });
  }
  const refusals = auditRefusalSummarySchema.safeParse(event.detail);
  if (event.action === 'access.refused_more' && refusals.success) {
    lines.push({ key: 'refusedMore', values: { n: number.format(refusals.data.count) } });
  }
  lines.push(...readLines(event, number));
  return { lines, moved };
}

/** A read's lines: how many a list returned (and that it was a name search), which file was fetched, how many films. */
function readLines(event: Pick<AuditEventView, 'action' | 'detail'>, number: Intl.NumberFormat): DetailLine[] {
  const detail = event.detail ?? {};
  const lines: DetailLine[] = [];
  const listed = LISTED[event.action];
  const total = detail['total'];
  if (listed && typeof total === 'number') {
    const page = detail['page'];
    lines.push({ key: listed, values: { n: number.format(total), ...(typeof page === 'number' && { page: number.format(page + 1) }) } });
  }
  if (detail['search'] === true) lines.push({ key: 'searched', values: {} });
  const file = detail['file'];
  if (event.action === 'image.fetch' && (file === 'original' || file === 'thumbnail' || file === 'display')) {
    lines.push({ key: FETCHED[file], values: {} });
  }
  const films = detail['films'];
  if (event.action === 'chart.superimpose' && typeof films === 'number') lines.push({ key: 'films', values: { n: number.format(films) } });
  return lines;
}

const LANDMARK_DOCUMENTS: readonly AuditRecordDocument[] = ['infer_result', 'modified_result'];

function savedDocuments(value: unknown): AuditRecordDocument[] {
  if (!Array.isArray(value)) return [];
  return AUDIT_RECORD_DOCUMENTS.filter((d) => value.includes(d));
}
