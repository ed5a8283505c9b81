import type { ModelCardEvaluation } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import fixture from '../../../server/test/fixtures/model-card.json';
import { setTexts, trainedOnText, trainingText, type CardTranslations } from '../../src/features/about-ai/lib/card-texts.ts';
import { dictionaries } from '../../src/i18n/index.ts';

const ko = dictionaries.ko.aboutAi.card;
const tr: CardTranslations = {
  disclaimer: ko.disclaimer,
  training: ko.training,
  trainedOn: ko.trainedOn,
  environment: (python, torch) => `[${python}|${torch}]`,
  sets: ko.sets,
};
const TRAINING = 'The 150 ISBI 2015 training films (one device), with augmentations that imitate other machines and clinics.';

describe('trainedOnText', () => {
  it("translates the training set the release writes; another one stays the card's English", () => {
    expect(trainedOnText('isbi2015 train (150 films)', tr)).toEqual({ text: 'ISBI 2015 학습용 필름 150장' });
    expect(trainedOnText('aariz train (700 films)', tr)).toEqual({ text: 'aariz train (700 films)', lang: 'en' });
  });
});

describe('trainingText', () => {
  it.each([
    ['the default text', TRAINING, { text: ko.training }],
    [
      'with its environment',
      `${TRAINING} Trained with Python 3.12.1, PyTorch 2.4.0+cu121.`,
      { text: `${ko.training} [3.12.1|2.4.0+cu121]` },
    ],
    ['a text given to model-card --training', 'Fine-tuned on 40 films.', { text: 'Fine-tuned on 40 films.', lang: 'en' }],
    [
      'another text with an environment',
      'Fine-tuned on 40 films. Trained with Python 3.11.2, PyTorch 1.13.0a0.',
      { text: 'Fine-tuned on 40 films. Trained with Python 3.11.2, PyTorch 1.13.0a0.', lang: 'en' },
    ],
  ])('%s', (_, training, expected) => {
    expect(trainingText(training, tr)).toEqual(expected);
  });
});

describe('setTexts', () => {
  const e = (fixture as { evaluations: ModelCardEvaluation[] }).evaluations[0]!;
  it('looks up only the sets it has, by own key', () => {
    const constructor = setTexts({ ...e, dataset: 'constructor' }, tr);
    expect(constructor.label).toEqual({ text: e.label, lang: 'en' });
    expect(constructor.note).toEqual({ text: e.spacing.note, lang: 'en' });
  });
});
