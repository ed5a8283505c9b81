import type { ModelCardEvaluation } from '@ceppro/contract';
import { enAboutAi, type AboutAiDictionary } from '../../../i18n/locales/en-about-ai.ts';

/**
 * The model card's own texts (set labels, devices, references, spacing notes, training, disclaimer)
 * in the interface language. The app translates the English that model-card.ts writes, by set key
 * (`aboutAi.card` in the dictionaries); a text is translated only while the card still says exactly
 * that English, so a new set or a changed note (its figures included) shows the card's own English,
 * marked `lang="en"`, never a translation of other words.
 */

type CardDictionary = AboutAiDictionary['card'];
type SetTexts = CardDictionary['sets'][keyof CardDictionary['sets']];

/** One text as shown: translated (the page's language) or the card's English (`lang: 'en'`). */
export interface CardText {
  text: string;
  lang?: 'en';
}

export interface SetCardTexts {
  label: CardText;
  device: CardText;
  reference: CardText;
  note: CardText;
}

/** The interface language's translations of the card texts (from `aboutAi.card`). */
export interface CardTranslations {
  disclaimer: string;
  training: string;
  /** What the model was trained on (the card's `trained_on`). */
  trainedOn: string;
  /** The sentence on the training environment, in the interface language. */
  environment(python: string, torch: string): string;
  sets: Partial<Record<string, SetTexts>>;
}

/** The sentence model-card.ts appends to the training text when the model's manifest names its environment. */
const ENVIRONMENT = / Trained with Python ([^\s,]+), PyTorch (\S+?)\.$/;

const SOURCE: CardDictionary = enAboutAi.card;

function translated(cardText: string, source: string | undefined, translation: string | undefined): CardText {
  return source !== undefined && translation !== undefined && cardText === source ? { text: translation } : { text: cardText, lang: 'en' };
}

/** Own-key lookup: a set key such as `constructor` must not find Object's prototype. */
function setOf(sets: Partial<Record<string, SetTexts>>, key: string): SetTexts | undefined {
  return Object.hasOwn(sets, key) ? sets[key] : undefined;
}

/** The card's disclaimer in the interface language, or as the card gives it. */
export function disclaimerText(disclaimer: string, tr: CardTranslations): CardText {
  return translated(disclaimer, SOURCE.disclaimer, tr.disclaimer);
}

/** What the model was trained on, translated while the card says exactly the English the app knows. */
export function trainedOnText(trainedOn: string, tr: CardTranslations): CardText {
  return translated(trainedOn, SOURCE.trainedOn, tr.trainedOn);
}

/** The model's training text; the environment sentence carries its versions into the translation. */
export function trainingText(training: string, tr: CardTranslations): CardText {
  const environment = ENVIRONMENT.exec(training);
  const body = environment ? training.slice(0, environment.index) : training;
  if (body !== SOURCE.training) return { text: training, lang: 'en' };
  return { text: environment ? `${tr.training} ${tr.environment(environment[1]!, environment[2]!)}` : tr.training };
}

/** An evaluation set's label, device, reference and spacing note, each translated or as the card gives it. */
export function setTexts(e: ModelCardEvaluation, tr: CardTranslations): SetCardTexts {
  const source = setOf(SOURCE.sets, e.dataset);
  const translation = setOf(tr.sets, e.dataset);
  return {
    label: translated(e.label, source?.label, translation?.label),
    device: translated(e.device, source?.device, translation?.device),
    reference: translated(e.reference, source?.reference, translation?.reference),
    note: translated(e.spacing.note, source?.note, translation?.note),
  };
}
