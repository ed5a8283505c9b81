import type { ModelCardEvaluation } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { formatMm, formatPercent, formatScore, formatShare } from '../lib/format.ts';

/** Whether an evaluation has any of the facts below (then it gets a second row). */
export function hasEvaluationFacts(e: ModelCardEvaluation): boolean {
  return e.annotators !== undefined || e.review !== undefined || (e.adaptation?.length ?? 0) > 0;
}

/**
 * The second row of an evaluation: the two annotators, the "for review" flag (errors over 2 mm, and
 * gross ones over 4 mm) and the simulated clinic adaptation, each as short facts on one line.
 */
export function EvaluationFacts({ evaluation: e }: { evaluation: ModelCardEvaluation }) {
  const { t } = useTranslation();
  const gross = e.review?.gross;
  return (
    <>
      {e.annotators && (
        <p className="about-ai__fact-line" data-testid="about-ai-annotators">
          <strong>{t('aboutAi.summary.annotators')}</strong>
          <span className="about-ai__fact-items">
            <span>{t('aboutAi.summary.interAnnotator', { mm: formatMm(e.annotators.inter_annotator_mre_mm) })}</span>
            <span>{t('aboutAi.summary.modelVsMean', { mm: formatMm(e.annotators.model_vs_mean_mre_mm) })}</span>
          </span>
        </p>
      )}
      {e.review && (
        <p className="about-ai__fact-line" data-testid="about-ai-review">
          <strong>{t('aboutAi.summary.review')}</strong>
          <span className="about-ai__fact-items">
            <span>{t('aboutAi.summary.reviewThreshold', { percent: formatShare(e.review.threshold) })}</span>
            <span>{t('aboutAi.summary.reviewRecall', { percent: formatShare(e.review.recall) })}</span>
            <span>{t('aboutAi.summary.reviewFlagged', { percent: formatShare(e.review.flagged_share) })}</span>
            <span>{t('aboutAi.summary.reviewAuroc', { value: formatScore(e.review.auroc) })}</span>
          </span>
        </p>
      )}
      {gross && (
        <p className="about-ai__fact-line" data-testid="about-ai-review-gross">
          <strong>{t('aboutAi.summary.reviewGross')}</strong>
          <span className="about-ai__fact-items">
            <span>{t('aboutAi.summary.grossRecall', { percent: formatShare(gross.recall) })}</span>
            <span>{t('aboutAi.summary.grossLeastConfident', { percent: formatShare(gross.recall_least_confident_10pct) })}</span>
          </span>
        </p>
      )}
      {e.adaptation?.length ? (
        <p className="about-ai__fact-line" data-testid="about-ai-adaptation">
          <strong>{t('aboutAi.summary.adaptation')}</strong>
          <span className="about-ai__fact-items">
            <span>
              {t('aboutAi.summary.adaptationWithout', {
                mm: formatMm(e.adaptation[0]!.raw_mre_mm),
                percent: formatPercent(e.adaptation[0]!.raw_sdr2),
              })}
            </span>
            {e.adaptation.map((a) => (
              <span key={a.films}>
                {t('aboutAi.summary.adaptationAfter', { n: a.films, mm: formatMm(a.mre_mm), percent: formatPercent(a.sdr2) })}
              </span>
            ))}
          </span>
        </p>
      ) : null}
    </>
  );
}
