import { composeAffine, invertAffine, type Affine2, type ViewTransform } from '@ceppro/ceph';
import type { Size } from './coordinates.ts';
import { fitView } from './coordinates.ts';
import { currentAlignment, type PhotoState } from '../store/photo-store.ts';
import { fittedPhotoTransform } from './photo-alignment.ts';

/** Photo px -> film px as the photo is drawn now: its alignment, else fitted into the film's frame. */
export function displayedPhotoTransform(state: Pick<PhotoState, 'photo' | 'alignment'>, film: Size): Affine2 | null {
  if (state.photo === null) return null;
  return currentAlignment(state)?.transform ?? fittedPhotoTransform(state.photo.size, film);
}

const asAffine = (v: ViewTransform): Affine2 => ({ a: v.scale, b: 0, c: 0, d: v.scale, tx: v.translateX, ty: v.translateY });

/**
 * Extra transform (film px -> film px) for an overlay that must NOT follow the film's zoom and pan:
 * undoes the current view and applies the fitted one, so the overlay stays where the fitted film is.
 */
export function detachedFromView(view: ViewTransform, film: Size, viewport: Size): Affine2 {
  const inv = invertAffine(asAffine(view));
  if (inv === null) return { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
  return composeAffine(inv, asAffine(fitView(film, viewport)));
}
