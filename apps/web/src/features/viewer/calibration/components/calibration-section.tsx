import { useTranslation } from 'react-i18next';
import { setTool, useActiveTool } from '../../interaction/registry.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { useRuler, useSaveRuler } from '../../api/use-ruler.ts';
import type { useFilmCalibration } from '../../hooks/use-film-calibration.ts';
import { RULER_TOOL_ID } from '../interaction/ruler-state.ts';
import { useRulerStore } from '../store/ruler-store.ts';
import { CalibrationStatus } from './calibration-status.tsx';
import { RulerForm } from './ruler-form.tsx';

/**
 * Calibration in the analysis panel: the status chip, the ruler tool (two clicks on the film's
 * scale, then the known length) and removing a stored ruler (back to the default PPM).
 */
export function CalibrationSection({ calibration }: { calibration: ReturnType<typeof useFilmCalibration> }) {
  const { t } = useTranslation();
  const recordId = useLandmarkStore((s) => s.recordId);
  const phase = useRulerStore((s) => s.phase);
  const hasFirst = useRulerStore((s) => s.p1 !== null);
  const active = useActiveTool() === RULER_TOOL_ID;
  const stored = useRuler(recordId).data ?? null;
  const remove = useSaveRuler(recordId);

  const startRuler = () => {
    useRulerStore.getState().start();
    setTool(RULER_TOOL_ID);
  };
  const cancelRuler = () => {
    useRulerStore.getState().cancel();
    setTool('idle');
  };

  return (
    <section className="calibration-section" aria-label={t('analysis.calibration.title')}>
      <div className="calibration-section__row">
        <CalibrationStatus calibration={calibration} />
        {recordId !== null && phase === 'idle' && (
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button"
            data-testid="ruler-tool"
            aria-pressed={active}
            onClick={startRuler}
          >
            {t('analysis.calibration.rulerTool')}
          </button>
        )}
        {recordId !== null && phase === 'idle' && stored !== null && (
          <button
            type="button"
            className="dark-button dark-button--muted analysis-button"
            onClick={() => remove.mutate(null)}
            disabled={remove.isPending}
          >
            {t('analysis.calibration.remove')}
          </button>
        )}
      </div>
      {recordId === null && <p className="analysis-panel__note">{t('analysis.calibration.noRecord')}</p>}
      {phase === 'placing' && (
        <div className="calibration-section__row">
          <p className="ruler-form__hint" role="status">
            {t(hasFirst ? 'analysis.calibration.rulerSecond' : 'analysis.calibration.rulerFirst')}
          </p>
          <button type="button" className="dark-button dark-button--muted analysis-button" onClick={cancelRuler}>
            {t('analysis.calibration.cancel')}
          </button>
        </div>
      )}
      {phase === 'length' && recordId !== null && <RulerForm recordId={recordId} />}
      {remove.isError && (
        <p className="ruler-form__error" role="alert">
          {t('analysis.calibration.saveError')}
        </p>
      )}
    </section>
  );
}
