import { dist } from '@ceppro/ceph';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveRuler } from '../../api/use-ruler.ts';
import { makeRulerInfo, rulerProblem } from '../../lib/calibration-source.ts';
import { useRulerStore } from '../store/ruler-store.ts';

/**
 * Asks for the known length once both ruler points are on the film, then stores the ruler in the
 * chart's analysis record. The draft is cleared only after the save succeeded, so a failed save
 * keeps the points for another try.
 */
export function RulerForm({ recordId }: { recordId: number }) {
  const { t } = useTranslation();
  const { p1, p2, cancel } = useRulerStore();
  const save = useSaveRuler(recordId);
  const [length, setLength] = useState('');
  const [touched, setTouched] = useState(false);
  if (p1 === null || p2 === null) return null;

  const lengthMm = Number(length.replace(',', '.'));
  const problem = rulerProblem(p1, p2, length.trim() === '' ? Number.NaN : lengthMm);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem !== null) return;
    save.mutate(makeRulerInfo(p1, p2, lengthMm), { onSuccess: () => cancel() });
  };

  return (
    <form className="ruler-form" onSubmit={submit} noValidate>
      <p className="ruler-form__hint">{t('analysis.calibration.rulerDistance', { px: dist(p1, p2).toFixed(1) })}</p>
      <label className="ruler-form__field">
        <span>{t('analysis.calibration.lengthLabel')}</span>
        <input
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          value={length}
          onChange={(e) => setLength(e.target.value)}
          data-testid="ruler-length"
          aria-invalid={touched && problem !== null}
          autoFocus
        />
      </label>
      {touched && problem !== null && (
        <p className="ruler-form__error" role="alert">
          {t(problem === 'same-point' ? 'analysis.calibration.samePoint' : 'analysis.calibration.badLength')}
        </p>
      )}
      {save.isError && (
        <p className="ruler-form__error" role="alert">
          {t('analysis.calibration.saveError')}
        </p>
      )}
      <div className="ruler-form__actions">
        <button
          type="submit"
          className="dark-button dark-button--muted analysis-button analysis-button--primary"
          data-testid="ruler-apply"
          disabled={save.isPending}
        >
          {save.isPending ? t('analysis.calibration.saving') : t('analysis.calibration.apply')}
        </button>
        <button type="button" className="dark-button dark-button--muted analysis-button" onClick={cancel} disabled={save.isPending}>
          {t('analysis.calibration.cancel')}
        </button>
      </div>
    </form>
  );
}
