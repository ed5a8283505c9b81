import type { ModelCardEvaluation } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useCardTexts } from '../hooks/use-card-texts.ts';
import { useLandmarkNames } from '../hooks/use-landmark-names.ts';
import { formatMm, formatPercent, formatSignedMm, formatSpacing } from '../lib/format.ts';
import { TableHead } from './table-head.tsx';

/** One evaluation set's error per landmark, folded away below its summary line. */
export function LandmarkErrors({ evaluation: e, open }: { evaluation: ModelCardEvaluation; open: boolean }) {
  const { t } = useTranslation();
  const { label } = useCardTexts().set(e);
  const shown = useLandmarkNames();
  return (
    <details className="about-ai__details" open={open} data-testid={`about-ai-landmarks-${e.dataset}`}>
      <summary className="about-ai__summary">
        <span className="about-ai__label" lang={label.lang}>
          {label.text}
        </span>
        <span className="about-ai__sub">{t('aboutAi.perLandmark.count', { n: e.per_landmark.length })}</span>
        {e.spacing.estimate && (
          <span className="about-ai__estimate">
            {t('aboutAi.summary.estimated')} {formatSpacing(e.spacing.mm)}
          </span>
        )}
      </summary>
      <div className="about-ai__scroll">
        <table className="about-ai__table about-ai__table--landmarks">
          <TableHead
            first={t('aboutAi.perLandmark.landmark')}
            figures={[
              t('aboutAi.perLandmark.mre'),
              t('aboutAi.perLandmark.sdr2'),
              t('aboutAi.perLandmark.dx'),
              t('aboutAi.perLandmark.dy'),
            ]}
          />
          <tbody>
            {e.per_landmark.map((l) => {
              const landmark = shown(l);
              return (
                <tr key={l.name} data-id={landmark.id ?? undefined}>
                  <th scope="row">
                    <abbr className="about-ai__short" title={landmark.name}>
                      {landmark.short}
                    </abbr>
                    <span lang={landmark.lang}>{landmark.name}</span>
                  </th>
                  <td className="about-ai__num">{formatMm(l.mre_mm)}</td>
                  <td className="about-ai__num">{formatPercent(l.sdr2)}</td>
                  <td className="about-ai__num">{formatSignedMm(l.dx_mm)}</td>
                  <td className="about-ai__num">{formatSignedMm(l.dy_mm)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}
