import { applyAffine } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';
import { setTool } from '../../interaction/registry.ts';
import { PHOTO_ALIGN_TOOL_ID } from '../interaction/align-state.ts';
import { nudgeTransform, type Nudge } from '../../lib/photo-alignment.ts';
import { runAutoAlign } from '../../lib/run-auto-align.ts';
import { MANUAL_POINT_COUNT, currentAlignment, usePhotoStore } from '../../store/photo-store.ts';
import './photo.css';

/** Suggested features for the three clicks: soft-tissue nasion, pronasale, soft-tissue pogonion. */
const PICK_KEYS = ['vto.align.pick.stN', 'vto.align.pick.Prn', 'vto.align.pick.stPog'] as const;
const MOVE_PX = 4;
const TURN_DEG = 0.5;
const ZOOM = 1.01;

/**
 * Aligning the facial photo to the film: the server's auto-align, a manual three-point alignment
 * (three features on the photo, then the same on the film), and fine nudging (move, rotate, scale
 * about the photo's centre).
 */
export function AlignmentControls({ chartId }: { chartId: string | null }) {
  const { t } = useTranslation();
  const photo = usePhotoStore((s) => s.photo);
  const alignment = usePhotoStore((s) => currentAlignment(s));
  const manual = usePhotoStore((s) => s.manual);
  const aligning = usePhotoStore((s) => s.aligning);
  const message = usePhotoStore((s) => s.message);

  const startManual = () => {
    usePhotoStore.getState().startManual();
    setTool(PHOTO_ALIGN_TOOL_ID);
  };
  const cancelManual = () => {
    usePhotoStore.getState().cancelManual();
    setTool('idle');
  };
  const nudge = (n: Nudge) => {
    if (alignment === null || photo === null) return;
    const pivot = applyAffine(alignment.transform, { x: photo.size.width / 2, y: photo.size.height / 2 });
    usePhotoStore.getState().setAlignment({ ...alignment, transform: nudgeTransform(alignment.transform, n, pivot), residualPx: null });
  };

  const step =
    manual === null
      ? null
      : manual.photo.length < MANUAL_POINT_COUNT
        ? { on: 'photo' as const, n: manual.photo.length }
        : { on: 'film' as const, n: manual.film.length };
  const messageText = {
    notRecognized: t('vto.align.notRecognized'),
    noFacialImage: t('vto.align.noFacialImage'),
    failed: t('vto.align.failed'),
    manualFailed: t('vto.align.manualFailed'),
  };

  return (
    <section className="vto-section" aria-labelledby="vto-align-title" data-testid="vto-alignment">
      <h3 id="vto-align-title" className="vto-section__title">
        {t('vto.align.title')}
      </h3>
      <p className="vto-note" data-testid="vto-align-status">
        {alignment === null
          ? photo === null
            ? t('vto.align.noPhoto')
            : t('vto.align.notAligned')
          : alignment.method === 'auto'
            ? t('vto.align.alignedAuto', { residual: alignment.residualPx === null ? '—' : alignment.residualPx.toFixed(1) })
            : t('vto.align.alignedManual', { residual: alignment.residualPx === null ? '—' : alignment.residualPx.toFixed(1) })}
      </p>
      {message && (
        <p className="vto-message" role="alert" data-testid="vto-align-message" data-message={message}>
          {messageText[message]}
        </p>
      )}
      <div className="vto-row">
        <button
          type="button"
          className="dark-button dark-button--muted analysis-button"
          disabled={chartId === null || aligning || manual !== null}
          data-testid="vto-auto-align"
          onClick={() => chartId && void runAutoAlign(chartId)}
        >
          {aligning ? t('vto.align.aligning') : t('vto.align.auto')}
        </button>
        {manual === null ? (
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button"
            disabled={photo === null}
            data-testid="vto-manual-align"
            onClick={startManual}
          >
            {t('vto.align.manual')}
          </button>
        ) : (
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button"
            data-testid="vto-manual-cancel"
            onClick={cancelManual}
          >
            {t('vto.align.cancel')}
          </button>
        )}
      </div>
      {step && (
        <p className="vto-prompt" role="status" data-testid="vto-align-prompt" data-on={step.on} data-n={step.n}>
          {t(step.on === 'photo' ? 'vto.align.clickPhoto' : 'vto.align.clickFilm', {
            n: step.n + 1,
            total: MANUAL_POINT_COUNT,
            feature: t(PICK_KEYS[step.n] ?? PICK_KEYS[0]),
          })}
        </p>
      )}
      {alignment !== null && manual === null && (
        <div className="vto-nudge" role="group" aria-label={t('vto.align.nudge')}>
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button analysis-button--small"
            aria-label={t('vto.align.left')}
            onClick={() => nudge({ dx: -MOVE_PX })}
          >
            ←
          </button>
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button analysis-button--small"
            aria-label={t('vto.align.right')}
            onClick={() => nudge({ dx: MOVE_PX })}
          >
            →
          </button>
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button analysis-button--small"
            aria-label={t('vto.align.up')}
            onClick={() => nudge({ dy: -MOVE_PX })}
          >
            ↑
          </button>
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button analysis-button--small"
            aria-label={t('vto.align.down')}
            onClick={() => nudge({ dy: MOVE_PX })}
          >
            ↓
          </button>
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button analysis-button--small"
            aria-label={t('vto.align.rotateLeft')}
            onClick={() => nudge({ rotateDeg: -TURN_DEG })}
          >
            ⟲
          </button>
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button analysis-button--small"
            aria-label={t('vto.align.rotateRight')}
            onClick={() => nudge({ rotateDeg: TURN_DEG })}
          >
            ⟳
          </button>
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button analysis-button--small"
            aria-label={t('vto.align.smaller')}
            onClick={() => nudge({ scale: 1 / ZOOM })}
          >
            −
          </button>
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button analysis-button--small"
            aria-label={t('vto.align.larger')}
            onClick={() => nudge({ scale: ZOOM })}
          >
            +
          </button>
        </div>
      )}
    </section>
  );
}
