import { getLandmark } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';
import { useClinicalNames } from '../hooks/use-clinical-names.ts';
import { setTool } from '../interaction/registry.ts';
import { guidedTarget, useLandmarkStore } from '../store/landmark-store.ts';

/** The banner of guided placement: which landmark to click now, how many are left, skip and stop. */
export function GuidedPrompt() {
  const { t } = useTranslation();
  const target = useLandmarkStore(guidedTarget);
  const left = useLandmarkStore((s) => s.guided.length);
  const names = useClinicalNames();
  if (target === null) return null;
  const landmark = getLandmark(target);
  const stop = () => {
    useLandmarkStore.getState().cancelGuidedPlacement();
    setTool('idle');
  };
  const skip = () => {
    useLandmarkStore.getState().skipGuided();
    if (useLandmarkStore.getState().guided.length === 0) setTool('idle');
  };
  return (
    <div className="guided-prompt" role="status" data-testid="guided-prompt" data-target={target}>
      <span className="guided-prompt__short">{landmark.shortName}</span>
      <span className="guided-prompt__text">{t('viewer.guidedPrompt', { name: names.landmark(target) })}</span>
      <span className="guided-prompt__left">{t('viewer.guidedProgress', { left })}</span>
      <button type="button" className="dark-button guided-prompt__button" onClick={skip}>
        {t('viewer.guidedSkip')}
      </button>
      <button type="button" className="dark-button guided-prompt__button" onClick={stop}>
        {t('viewer.guidedStop')}
      </button>
    </div>
  );
}
