import type { ModelCard, ModelCardEvaluation } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useCardTexts } from '../hooks/use-card-texts.ts';
import { formatMm, formatPercent, formatPx, formatSpacing, sdrRadii } from '../lib/format.ts';
import { EvaluationFacts, hasEvaluationFacts } from './evaluation-facts.tsx';
import { TableHead } from './table-head.tsx';

/** The card's radii across all sets, so every row has the same SDR columns. */
function radiiOf(card: ModelCard): string[] {
  return sdrRadii(Object.fromEntries(card.evaluations.flatMap((e) => Object.keys(e.overall.sdr).map((r) => [r, 0]))));
}

/** One row per evaluation set: how far the AI's landmarks are from the reference, overall. */
export function AccuracyTable({ card }: { card: ModelCard }) {
  const { t } = useTranslation();
  const texts = useCardTexts();
  const radii = radiiOf(card);
  const draws = card.evaluations.find((e) => e.adaptation?.length)?.adaptation?.[0]?.draws;
  return (
    <section className="about-ai__section">
      <h2 className="about-ai__heading">{t('aboutAi.summary.heading')}</h2>
      <p className="about-ai__hint">{t('aboutAi.summary.hint')}</p>
      <div className="about-ai__scroll">
        <table className="about-ai__table about-ai__table--summary" data-testid="about-ai-summary">
          <TableHead
            first={t('aboutAi.summary.dataset')}
            figures={[
              t('aboutAi.summary.films'),
              t('aboutAi.summary.mre'),
              t('aboutAi.summary.sd'),
              ...radii.map((r) => t('aboutAi.summary.sdr', { mm: r })),
            ]}
          />
          {card.evaluations.map((e) => (
            <SummaryRows key={e.dataset} evaluation={e} radii={radii} />
          ))}
        </table>
      </div>
      <ul className="about-ai__notes">
        {card.evaluations.map((e) => {
          const { label, note } = texts.set(e);
          return (
            <li key={e.dataset} data-testid={`about-ai-note-${e.dataset}`}>
              <strong lang={label.lang}>{label.text}</strong>: {formatSpacing(e.spacing.mm)},{' '}
              {e.spacing.estimate ? t('aboutAi.summary.estimated') : t('aboutAi.summary.measured')} —{' '}
              <span lang={note.lang}>{note.text}</span>
            </li>
          );
        })}
      </ul>
      {draws !== undefined && (
        <p className="about-ai__hint about-ai__hint--after" data-testid="about-ai-adaptation-hint">
          {t('aboutAi.summary.adaptationHint', { draws })}
        </p>
      )}
    </section>
  );
}

/**
 * One evaluation: its figures on the first row; the annotator comparison, the review flag and the
 * clinic adaptation, when the card has them, on a second row across the table (they are sentences,
 * not columns of numbers).
 */
function SummaryRows({ evaluation: e, radii }: { evaluation: ModelCardEvaluation; radii: string[] }) {
  const { t } = useTranslation();
  const { label, device, reference, note } = useCardTexts().set(e);
  const { overall } = e;
  const extra = hasEvaluationFacts(e);
  return (
    <tbody className="about-ai__group" data-testid={`about-ai-row-${e.dataset}`}>
      <tr>
        <th scope="row" rowSpan={extra ? 2 : 1} className="about-ai__dataset">
          <span className="about-ai__label" lang={label.lang}>
            {label.text}
          </span>
          <span className="about-ai__sub" lang={device.lang}>
            {device.text}
          </span>
          <span className="about-ai__sub">
            {t('aboutAi.summary.reference')} <span lang={reference.lang}>{reference.text}</span>
          </span>
        </th>
        <td className="about-ai__num">
          {e.n_images}
          <span className="about-ai__sub">{t('aboutAi.summary.refused', { n: e.refused })}</span>
        </td>
        <td className="about-ai__num">
          <strong data-testid={`about-ai-mre-${e.dataset}`}>{formatMm(overall.mre_mm)}</strong>
          {e.spacing.estimate && (
            <span className="about-ai__estimate" title={note.text} data-testid="about-ai-estimate">
              {t('aboutAi.summary.estimated')}
            </span>
          )}
          <span className="about-ai__sub">{formatPx(overall.mre_px)}</span>
          <span className="about-ai__sub">{t('aboutAi.summary.pctSn', { percent: formatPercent(overall.mre_pct_sn) })}</span>
        </td>
        <td className="about-ai__num">{formatMm(overall.sd_mm)}</td>
        {radii.map((r) => {
          const value = overall.sdr[r];
          return (
            <td key={r} className="about-ai__num">
              {value === undefined ? t('aboutAi.summary.none') : formatPercent(value)}
            </td>
          );
        })}
      </tr>
      {extra && (
        <tr className="about-ai__extra">
          <td colSpan={3 + radii.length}>
            <EvaluationFacts evaluation={e} />
          </td>
        </tr>
      )}
    </tbody>
  );
}
