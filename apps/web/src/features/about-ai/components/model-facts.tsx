import type { ModelCard } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useCardTexts } from '../hooks/use-card-texts.ts';

/** Which model this is, what it learnt from and when its card was written. */
export function ModelFacts({ card }: { card: ModelCard }) {
  const { t } = useTranslation();
  const { model } = card;
  const texts = useCardTexts();
  const training = texts.training(model.training);
  const trainedOn = texts.trainedOn(model.trained_on);
  return (
    <section className="about-ai__section">
      <h2 className="about-ai__heading">{t('aboutAi.model.heading')}</h2>
      <dl className="about-ai__facts">
        <div className="about-ai__fact">
          <dt>{t('aboutAi.model.id')}</dt>
          <dd data-testid="about-ai-model-id">{model.id}</dd>
        </div>
        <div className="about-ai__fact">
          <dt>{t('aboutAi.model.version')}</dt>
          <dd data-testid="about-ai-model-version">{model.version}</dd>
        </div>
        <div className="about-ai__fact">
          <dt>{t('aboutAi.model.trainedOn')}</dt>
          <dd lang={trainedOn.lang} data-testid="about-ai-trained-on">
            {trainedOn.text}
          </dd>
        </div>
        <div className="about-ai__fact">
          <dt>{t('aboutAi.model.generated')}</dt>
          <dd>{card.generated_at.slice(0, 10)}</dd>
        </div>
      </dl>
      <h3 className="about-ai__subheading">{t('aboutAi.model.training')}</h3>
      <p className="about-ai__text" lang={training.lang} data-testid="about-ai-training">
        {training.text}
      </p>
    </section>
  );
}
