import { drawingSetsPatch, readDrawingResult, type DocumentRevisions, type ReadDrawings } from '@ceppro/contract';
import type { DrawingSets } from '../store/drawing-store.ts';

/** The record as read just before a save: its revision and its whole `drawing_result`. */
export interface DrawingRecordSnapshot {
  readonly revision: number;
  readonly drawingResult: unknown;
  /** The revisions of its documents and `drawing_result` keys (absent: an older server). */
  readonly revisions?: DocumentRevisions | null;
}

export interface DrawingSaveApi {
  read(recordId: number): Promise<DrawingRecordSnapshot | null>;
  /** Sets these top-level keys of `drawing_result` in one atomic write, keeping the others. */
  write(recordId: number, patch: Record<string, unknown>): Promise<void>;
}

export type SaveOutcome = 'saved' | 'gone' | 'not-writable';

/** A save refused because another person saved the pad's shapes since they were loaded here. */
export type SaveProblem = Exclude<SaveOutcome, 'saved'> | 'failed' | 'stale';

/**
 * Stores the drawing pad's sets into the record's shared `drawing_result`: the server sets only the
 * pad's keys (`version`, `coords`, `superimpositionCoords`) in one write, so the other features' keys
 * (the measuring tools' `measurements`) stay as they are even when both save at once. The record is
 * read first only to find out whether it is still there and of a version this code may write.
 */
export async function saveDrawingSets(api: DrawingSaveApi, recordId: number, sets: DrawingSets): Promise<SaveOutcome> {
  const fresh = await api.read(recordId);
  if (fresh === null) return 'gone';
  if (!readDrawingResult(fresh.drawingResult).writable) return 'not-writable';
  await api.write(recordId, drawingSetsPatch({ coords: [...sets.coords], superimpositionCoords: [...sets.superimpositionCoords] }));
  return 'saved';
}

/** The sets of a stored document, for the store. */
export function setsOf(read: ReadDrawings): DrawingSets {
  return { coords: read.coords, superimpositionCoords: read.superimpositionCoords };
}
