import { useTranslation } from 'react-i18next';
import { currentAlignment, usePhotoStore } from '../../store/photo-store.ts';
import './photo.css';

/**
 * Floating photo controls (top-right of the stage): show the facial photo instead of the film, and
 * once it is aligned, blend it over the film with an opacity slider, following the film's zoom and
 * pan or staying fitted (stored as the VTO/STO document's `affectSvgTransform`).
 */
export function PhotoControls() {
  const { t } = useTranslation();
  const photoView = usePhotoStore((s) => s.photoView);
  const overlay = usePhotoStore((s) => s.overlay);
  const opacity = usePhotoStore((s) => s.opacity);
  const followView = usePhotoStore((s) => s.followView);
  const manual = usePhotoStore((s) => s.manual !== null);
  const aligned = usePhotoStore((s) => currentAlignment(s) !== null);
  const set = usePhotoStore((s) => s.set);
  return (
    <div className="viewer-float photo-controls" data-testid="photo-controls">
      <button
        type="button"
        className="dark-button photo-controls__toggle"
        aria-pressed={photoView}
        disabled={manual}
        data-testid="photo-view-toggle"
        onClick={() => set({ photoView: !photoView })}
      >
        {photoView ? t('vto.photo.showFilm') : t('vto.photo.showPhoto')}
      </button>
      {aligned ? (
        <>
          <label className="photo-controls__row">
            <input
              type="checkbox"
              checked={overlay}
              data-testid="photo-overlay-toggle"
              onChange={(e) => set({ overlay: e.target.checked })}
            />
            {t('vto.photo.overlay')}
          </label>
          <label className="photo-controls__row">
            <span>{t('vto.photo.opacity')}</span>
            <input
              type="range"
              min={0}
              max={100}
              step={1}
              value={Math.round(opacity * 100)}
              disabled={!overlay}
              data-testid="photo-opacity"
              onChange={(e) => set({ opacity: Number(e.target.value) / 100 })}
            />
            <span className="photo-controls__value">{Math.round(opacity * 100)}%</span>
          </label>
          <label className="photo-controls__row">
            <input
              type="checkbox"
              checked={followView}
              data-testid="photo-follow-view"
              onChange={(e) => set({ followView: e.target.checked })}
            />
            {t('vto.photo.follow')}
          </label>
        </>
      ) : (
        <p className="photo-controls__hint">{t('vto.photo.notAligned')}</p>
      )}
    </div>
  );
}
