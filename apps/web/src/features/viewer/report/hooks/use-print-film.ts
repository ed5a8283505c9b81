import type { ReportModel } from '@ceppro/contract';
import { useEffect, useState } from 'react';
import { composePrintFilm } from '../lib/print-film.ts';

export type PrintFilm = { status: 'idle' | 'drawing' | 'error'; url: null } | { status: 'ready'; url: string };

/** The film with the report model's landmarks, tracing and drawings as a PNG object URL for the print layout, redrawn for each model. */
export function usePrintFilm(imageUrl: string | null, model: ReportModel | null): PrintFilm {
  const [film, setFilm] = useState<PrintFilm>({ status: 'idle', url: null });
  useEffect(() => {
    if (imageUrl === null || model === null) return undefined;
    let live = true;
    let made: string | null = null;
    setFilm({ status: 'drawing', url: null });
    composePrintFilm(imageUrl, model).then(
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
  }, [imageUrl, model]);
  return imageUrl === null || model === null ? { status: 'idle', url: null } : film;
}
