import type { ImagePoint, LandmarkId, LandmarkMap } from '@ceppro/ceph';
import { useEffect, useState } from 'react';
import type { Size } from '../../lib/coordinates.ts';
import { composePrintFilm } from '../lib/print-film.ts';
import { usePrintedDrawings } from '../../drawing/lib/print-drawings.ts';

export type PrintFilm = { status: 'idle' | 'drawing' | 'error'; url: null } | { status: 'ready'; url: string };

/**
 * The film with its landmarks and tracing as a PNG object URL for the print layout, redrawn when
 * the positions change (a committed move, not every pointer move: previews are not positions).
 */
export function usePrintFilm(imageUrl: string | null, imageSize: Size | null, positions: LandmarkMap<ImagePoint>, edited: ReadonlySet<LandmarkId>): PrintFilm {
  const [film, setFilm] = useState<PrintFilm>({ status: 'idle', url: null });
  // The film's drawings are drawn on it too (drawing/lib/print-drawings.ts): redraw when they change.
  const drawings = usePrintedDrawings();
  useEffect(() => {
    if (imageUrl === null || imageSize === null) return undefined;
    let live = true;
    let made: string | null = null;
    setFilm({ status: 'drawing', url: null });
    composePrintFilm(imageUrl, imageSize, positions, edited).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        if (live) setFilm({ status: 'ready', url: made });
        else URL.revokeObjectURL(made);
      },
      () => {
        if (live) setFilm({ status: 'error', url: null });
      },
    );
    return () => {
      live = false;
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [imageUrl, imageSize, positions, edited, drawings]);
  return imageUrl === null || imageSize === null ? { status: 'idle', url: null } : film;
}
