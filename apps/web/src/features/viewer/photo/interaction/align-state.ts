import { fitManualAlignment } from '../../lib/photo-alignment.ts';
import { displayedPhotoTransform } from '../../lib/photo-display.ts';
import { filmToPhoto } from '../../lib/photo-alignment.ts';
import { clickToolState } from '../../interaction/click-tool-state.ts';
import { idleState } from '../../interaction/idle-state.ts';
import type { InteractionState } from '../../interaction/types.ts';
import { MANUAL_POINT_COUNT, usePhotoStore } from '../../store/photo-store.ts';

export const PHOTO_ALIGN_TOOL_ID = 'photo-align';

/**
 * Manual three-point alignment (a viewer tool): three clicks on the photo (shown in place of the
 * film), then the same three features on the film; the similarity that maps the photo points onto
 * the film points becomes the alignment. A drag still pans; Escape abandons it.
 */
export function photoAlignState(): InteractionState {
  return clickToolState({
    id: PHOTO_ALIGN_TOOL_ID,
    onClick(point, ctx, self) {
      const store = usePhotoStore.getState();
      const film = ctx.viewer().imageSize;
      if (store.manual === null || store.photo === null || film === null) return idleState;
      if (store.manual.photo.length < MANUAL_POINT_COUNT) {
        const shown = displayedPhotoTransform(store, film);
        const onPhoto = shown === null ? null : filmToPhoto(shown, point);
        if (onPhoto !== null) store.addManualPoint('photo', onPhoto);
        return self;
      }
      const done = store.addManualPoint('film', point);
      if (done === null || done.film.length < MANUAL_POINT_COUNT) return self;
      const fit = fitManualAlignment(done.photo, done.film, store.photo.size.width);
      if (fit === null) {
        usePhotoStore.setState({ manual: null, photoView: false, message: 'manualFailed' });
        return idleState;
      }
      usePhotoStore.setState({
        alignment: { method: 'manual', chartDataId: store.photo.chartDataId, transform: fit.transform, residualPx: fit.residualPx },
        lastPoints: done,
        manual: null,
        photoView: false,
        overlay: true,
        message: null,
      });
      return idleState;
    },
    onCancel() {
      usePhotoStore.getState().cancelManual();
    },
    onExit() {
      if (usePhotoStore.getState().manual !== null) usePhotoStore.getState().cancelManual();
    },
  });
}
