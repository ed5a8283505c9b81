import type { ModelCardEvaluation } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import {
  disclaimerText,
  setTexts,
  trainedOnText,
  trainingText,
  type CardText,
  type CardTranslations,
  type SetCardTexts,
} from '../lib/card-texts.ts';

/** The model card's own texts in the interface language (lib/card-texts.ts says when they stay English). */
export function useCardTexts(): {
  disclaimer(text: string): CardText;
  training(text: string): CardText;
  trainedOn(text: string): CardText;
  set(evaluation: ModelCardEvaluation): SetCardTexts;
} {
  const { t } = useTranslation();
  const tr: CardTranslations = {
    disclaimer: t('aboutAi.card.disclaimer'),
    training: t('aboutAi.card.training'),
    trainedOn: t('aboutAi.card.trainedOn'),
    environment: (python, torch) => t('aboutAi.card.trainingEnvironment', { python, torch }),
    sets: t('aboutAi.card.sets', { returnObjects: true }),
  };
  return {
    disclaimer: (text) => disclaimerText(text, tr),
    training: (text) => trainingText(text, tr),
    trainedOn: (text) => trainedOnText(text, tr),
    set: (evaluation) => setTexts(evaluation, tr),
  };
}
