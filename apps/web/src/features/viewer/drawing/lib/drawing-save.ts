import { mergeDrawingResult, readDrawingResult, type ReadDrawings } from '@ceppro/contract';
import type { DrawingSets } from '../store/drawing-store.ts';

/** The record as read just before a save: its revision and its whole `drawing_result`. */
export interface DrawingRecordSnapshot {
  readonly revision: number;
  readonly drawingResult: unknown;
}

export interface DrawingSaveApi {
  read(recordId: number): Promise<DrawingRecordSnapshot | null>;
  /** Writes `drawing_result` from revision `base`; rejects with CONFLICT when the record moved on. */
  write(recordId: number, document: Record<string, unknown>, base: number): Promise<void>;
}

export type SaveOutcome = 'saved' | 'conflict' | 'gone' | 'not-writable';

const isConflict = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'CONFLICT';

/**
 * Stores the drawing pad's sets into the record's shared `drawing_result` (read-modify-write: the
 * other features' keys, such as `measurements`, are written back as they were just read). A write
 * names the revision it read; a landmark save in between answers CONFLICT and the save is tried
 * again from a fresh read, `attempts` times in all. Other failures reject.
 */
export async function saveDrawingSets(api: DrawingSaveApi, recordId: number, sets: DrawingSets, attempts = 3): Promise<SaveOutcome> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const fresh = await api.read(recordId);
    if (fresh === null) return 'gone';
    if (!readDrawingResult(fresh.drawingResult).writable) return 'not-writable';
    const document = mergeDrawingResult(fresh.drawingResult, { coords: [...sets.coords], superimpositionCoords: [...sets.superimpositionCoords] });
    try {
      await api.write(recordId, document, fresh.revision);
      return 'saved';
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
  return 'conflict';
}

/** The sets of a stored document, for the store. */
export function setsOf(read: ReadDrawings): DrawingSets {
  return { coords: read.coords, superimpositionCoords: read.superimpositionCoords };
}
