import { MODEL_CARD_DEFAULT_TRAINING, MODEL_CARD_SETS, REPORT_DISCLAIMER } from '@ceppro/contract';

/** English texts of the "About the AI" page (`/about-ai`). The figures come from the model card; its own texts are translated below. */
export const enAboutAi = {
  title: 'About the AI',
  intro:
    'Which landmark model Ceppro uses, what it was trained on and how accurate it measured. Every ' +
    'figure comes from the model card published with the model.',
  loading: 'Loading the model card…',
  unavailable: 'The model card of the model in use is not available yet.',
  loadFailed: 'The model card could not be loaded.',
  retry: 'Try again',
  disclaimerTitle: 'A reference for medical staff, not a diagnosis',
  model: {
    heading: 'Model',
    id: 'Model',
    version: 'Version',
    trainedOn: 'Trained on',
    generated: 'Card written',
    training: 'Training',
  },
  summary: {
    heading: 'Measured accuracy',
    hint:
      'Mean radial error (MRE) is the average distance between the AI’s landmark and the reference; SD ' +
      'is its spread. SDR is the share of landmarks within 2, 2.5, 3 and 4 mm. Millimetres marked ' +
      '“estimated spacing” rest on an estimated pixel size.',
    dataset: 'Dataset and device',
    films: 'Films',
    mre: 'MRE',
    sd: 'SD',
    sdr: 'SDR {{mm}} mm',
    annotators: 'Two annotators',
    review: '“For review” flag',
    reference: 'Compared with:',
    refused: '{{n}} refused',
    pctSn: '{{percent}} of S-N',
    estimated: 'estimated spacing',
    measured: 'measured spacing',
    interAnnotator: 'Between them: {{mm}}',
    modelVsMean: 'AI vs their mean: {{mm}}',
    reviewThreshold: 'Confidence below {{percent}}',
    reviewRecall: 'Catches {{percent}} of errors over 2 mm',
    reviewFlagged: 'Flags {{percent}} of landmarks',
    reviewAuroc: 'AUROC {{value}}',
    reviewGross: 'Errors over 4 mm',
    grossRecall: 'The flag catches {{percent}}',
    grossLeastConfident: '{{percent}} are among the 10% least confident landmarks',
    adaptation: 'Clinic adaptation',
    adaptationWithout: 'Without: {{mm}}, {{percent}} within 2 mm',
    adaptationAfter: 'After {{n}} corrected films: {{mm}}, {{percent}} within 2 mm',
    adaptationHint:
      'Clinic adaptation: the AI learns from the films a clinic corrects where that clinic places ' +
      'landmarks, and places them the same way on its next films. Simulated on each set: the first ' +
      'films are corrected to the reference and the films after them are measured, averaged over ' +
      '{{draws}} random orders of the films.',
    none: '—',
  },
  perLandmark: {
    heading: 'Error per landmark',
    hint:
      'MRE and the share within 2 mm for each landmark. Mean dx and dy are the AI’s average signed ' +
      'offset from the reference (x to the right, y down): a large mean points to a different landmark ' +
      'definition rather than scatter.',
    count: '{{n}} landmarks',
    landmark: 'Landmark',
    mre: 'MRE',
    sdr2: 'Within 2 mm',
    dx: 'Mean dx (mm)',
    dy: 'Mean dy (mm)',
  },
  landmarks: {
    heading: 'Landmarks the AI places ({{n}})',
    hint: 'In the model’s output order, named as in the viewer’s landmark list.',
  },
  /**
   * The card's own texts, as tools/src/model-card.ts writes them (packages/contract `MODEL_CARD_SETS` by set key,
   * the default training text and its environment sentence, REPORT_DISCLAIMER). The other languages
   * translate exactly these; a card whose English differs (a new set, a changed note) shows its own
   * English instead of a translation of other words (features/about-ai/lib/card-texts.ts).
   */
  card: {
    disclaimer: REPORT_DISCLAIMER,
    training: MODEL_CARD_DEFAULT_TRAINING,
    trainingEnvironment: 'Trained with Python {{python}}, PyTorch {{torch}}.',
    trainedOn: 'isbi2015 train (150 films)',
    sets: MODEL_CARD_SETS,
  },
};

export type AboutAiDictionary = typeof enAboutAi;
