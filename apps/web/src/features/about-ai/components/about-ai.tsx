import type { ModelCard } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormMessage } from '../../../components/form/field.tsx';
import { ArrowLeftIcon, WarningIcon } from '../../../components/icons.tsx';
import { unhandledCode } from '../../../lib/api/index.ts';
import { backTarget } from '../../../lib/back-history.ts';
import { useHistoryStore } from '../../../stores/history-store.ts';
import { useModelCard } from '../api/use-model-card.ts';
import { useCardTexts } from '../hooks/use-card-texts.ts';
import { AccuracyTable } from './accuracy-table.tsx';
import { LandmarkErrors } from './landmark-errors.tsx';
import { ModelFacts } from './model-facts.tsx';
import { ModelLandmarks } from './model-landmarks.tsx';
import './about-ai.css';

/**
 * "About the AI" (`/about-ai`, reached from the viewer): the served model's card. Every figure is
 * the card's own (written from the evaluation metrics by the release script). The card's free texts
 * are English; the app shows its translations of them, and a text it has none of keeps the card's
 * English with `lang="en"` (hooks/use-card-texts.ts).
 */
export function AboutAi() {
  const { t } = useTranslation();
  const card = useModelCard();
  return (
    <div className="page about-ai" data-testid="about-ai">
      <BackLink />
      <header className="about-ai__head">
        <h1 className="about-ai__title">{t('aboutAi.title')}</h1>
        <p className="about-ai__intro">{t('aboutAi.intro')}</p>
      </header>
      {card.isPending && (
        <p className="about-ai__status" role="status" data-testid="about-ai-loading">
          {t('aboutAi.loading')}
        </p>
      )}
      {card.isError && (
        <FormMessage kind="error" testId="about-ai-error">
          {unhandledCode(card.error) === 'MODEL_CARD_UNAVAILABLE' ? t('aboutAi.unavailable') : t('aboutAi.loadFailed')}{' '}
          <button type="button" className="button button--secondary" onClick={() => void card.refetch()}>
            {t('aboutAi.retry')}
          </button>
        </FormMessage>
      )}
      {card.data && <CardView card={card.data} />}
    </div>
  );
}

function CardView({ card }: { card: ModelCard }) {
  const { t } = useTranslation();
  const disclaimer = useCardTexts().disclaimer(card.disclaimer);
  return (
    <>
      <section className="about-ai__disclaimer" role="note" aria-label={t('aboutAi.disclaimerTitle')} data-testid="about-ai-disclaimer">
        <WarningIcon className="about-ai__disclaimer-icon" />
        <div>
          <p className="about-ai__disclaimer-title">{t('aboutAi.disclaimerTitle')}</p>
          <p className="about-ai__disclaimer-text" lang={disclaimer.lang} data-testid="about-ai-disclaimer-text">
            {disclaimer.text}
          </p>
        </div>
      </section>
      <ModelFacts card={card} />
      <AccuracyTable card={card} />
      <section className="about-ai__section">
        <h2 className="about-ai__heading">{t('aboutAi.perLandmark.heading')}</h2>
        <p className="about-ai__hint">{t('aboutAi.perLandmark.hint')}</p>
        {card.evaluations.map((evaluation, i) => (
          <LandmarkErrors key={evaluation.dataset} evaluation={evaluation} open={i === 0} />
        ))}
      </section>
      <ModelLandmarks landmarks={card.model.landmarks} />
    </>
  );
}

/** Back to where the user came from (the viewer, normally), by the header's back-button rules. */
function BackLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visited = useHistoryStore((s) => s.visited);
  return (
    <button
      type="button"
      className="about-ai__back"
      onClick={() => void navigate(backTarget(visited, pathname))}
      data-testid="about-ai-back"
    >
      <ArrowLeftIcon width={16} height={16} />
      {t('common.back')}
    </button>
  );
}
