import { useTranslation } from 'react-i18next';

const LEVELS = [
  ['ok', 'analysis.legendOk'],
  ['mild', 'analysis.legendMild'],
  ['severe', 'analysis.legendSevere'],
  ['unrated', 'analysis.legendUnrated'],
  ['incomplete', 'analysis.legendIncomplete'],
] as const;

/** The colour key of the table: each colour with its words, so colour is never the only signal. */
export function AnalysisLegend() {
  const { t } = useTranslation();
  return (
    <figure className="analysis-legend" aria-labelledby="analysis-legend-title">
      <figcaption id="analysis-legend-title" className="analysis-legend__title">
        {t('analysis.legendTitle')}
      </figcaption>
      <ul className="analysis-legend__list">
        {LEVELS.map(([level, key]) => (
          <li key={level} className="analysis-legend__item" data-level={level}>
            <span className={`analysis-legend__swatch analysis-row--${level}`} aria-hidden="true" />
            {t(key)}
          </li>
        ))}
      </ul>
      <p className="analysis-legend__note">{t('analysis.normNote')}</p>
    </figure>
  );
}
