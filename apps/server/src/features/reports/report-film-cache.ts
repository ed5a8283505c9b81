import { createHash } from 'node:crypto';
import type { FilmTracing } from './report-film-tracing';

/*
 * The film's tracing kept per film and landmark set (issue 28): the print layout asks for the report
 * model and Download for the PDF, usually a moment apart, and each would otherwise trace the film again in
 * the PDF pool's thread (0.35-3 s here). A tracing depends only on the stored file, the size the
 * landmarks were placed on and the landmarks, so those are the key; an edit of any landmark (or a new
 * film) is a new key. Bounded: the least recently used entry goes first. A request that arrives while
 * the same tracing is under way waits for it rather than starting another.
 */

/** How many tracings the report service keeps (each a few KB of contour points). */
export const FILM_TRACING_CACHE_SIZE = 64;

/** What a tracing is made from: the film row's identity and the landmarks it runs through. */
export interface FilmTracingKey {
  /** The film's chart-data id and its stored file's hash (a replaced file is another film). */
  readonly imageId: number;
  readonly fileHash: string | null;
  readonly space: { width: number; height: number } | null;
  readonly positions: Readonly<Record<string, { x: number; y: number }>>;
}

/** The key as text: the film's id and file hash, then a SHA-256 of the space and the landmarks in id order. */
export function filmTracingKey(key: FilmTracingKey): string {
  const landmarks = Object.keys(key.positions)
    .sort()
    .map((id) => [id, key.positions[id]?.x, key.positions[id]?.y]);
  const digest = createHash('sha256')
    .update(JSON.stringify([key.space, landmarks]))
    .digest('hex');
  return `${key.imageId}:${key.fileHash ?? '-'}:${digest}`;
}

export interface FilmTracingCache {
  /** The tracing under `key`, from the cache or from `trace` (an undefined answer, a film that cannot be traced, is not kept). */
  get(key: string, trace: () => Promise<FilmTracing | undefined>): Promise<FilmTracing | undefined>;
}

export function createFilmTracingCache(limit = FILM_TRACING_CACHE_SIZE): FilmTracingCache {
  const entries = new Map<string, Promise<FilmTracing | undefined>>();
  return {
    get(key, trace) {
      const hit = entries.get(key);
      if (hit !== undefined) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const pending = trace().then((tracing) => {
        if (tracing === undefined) entries.delete(key);
        return tracing;
      });
      entries.set(key, pending);
      while (entries.size > limit) entries.delete(entries.keys().next().value as string);
      return pending;
    },
  };
}
