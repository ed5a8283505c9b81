/** English texts of the Settings section (`/setting`). */
export const enSettings = {
  loading: 'Loading your settings…',
  loadFailed: 'Your settings could not be loaded.',
  retry: 'Try again',
  calibration: 'Calibration',
  ppm: 'Default PPM',
  ppmHint:
    'Pixels per millimetre used to measure films that have no ruler drawn on them. Leave empty to ' +
    'keep such films uncalibrated: lengths are then shown in px. A ruler drawn on a film always ' +
    'takes precedence.',
  ppmPlaceholder: 'e.g. 10',
  ppmUnit: 'px/mm',
  display: 'Viewer display',
  displayHint: 'How a chart opens in the viewer. You can still switch these in the viewer.',
  behaviour: {
    xray: 'Show the X-ray when a chart opens',
    autoZoom: 'Zoom in on a landmark when you select it in the landmark list',
    autoMeasurement: 'Measure automatically on the profilogram',
  },
  planes: {
    title: 'Reference planes',
    show: 'Show reference planes when a chart opens',
    hint: 'The planes drawn when Ref. plane is on in the viewer.',
    sn: 'SN (sella–nasion)',
    fh: 'FH (Frankfort horizontal)',
    palatal: 'PP (palatal plane)',
    occlusal: 'OP (occlusal plane)',
    mandibular: 'MP (mandibular plane)',
    facial: 'N-Pog (facial plane)',
    eLine: 'E-line (esthetic line)',
  },
  landmarks: {
    title: 'Landmarks',
    show: 'Show landmarks when a chart opens',
    hint: 'Untick a landmark to leave it off the film. A landmark you select in the viewer’s list always shows.',
    all: 'Show all',
    none: 'Hide all',
  },
  guideline: {
    title: 'Guide line',
    show: 'Show guide lines (tracing) when a chart opens',
    hint:
      'The tracing lines drawn through the landmarks: skull base, jaws, teeth and the soft-tissue profile. ' +
      'Their colour and width follow the tissue outline below.',
  },
  standard: {
    title: 'Standard analysis method',
    none: 'Not set (the first standard analysis)',
    own: 'Your default group ({{count}} measurements)',
    group: '{{name}} (your group)',
    hint: 'The analysis the viewer’s Analysis tab opens with. “Default analysis” in the viewer’s group editor is the same setting.',
    unreadable: 'Your analysis groups were saved by another version of Ceppro: change the default analysis in the viewer.',
  },
  tissue: 'Tissue outline',
  hardTissue: 'Hard tissue',
  softTissue: 'Soft tissue',
  color: 'Colour',
  size: 'Size',
  sizeHint:
    'Colour and size (0 to 100; standard 3) of the landmark markers and tracing lines of each tissue. Hard tissue includes the teeth.',
  notSet: 'Not set',
  errors: {
    ppmFormat: 'Enter a number with at most two decimals, e.g. 10 or 10.25.',
    ppmRange: 'Enter a number greater than 0 and at most 1000.',
    sizeRange: 'Enter a size from 0 to 100.',
    color: 'Choose a colour.',
  },
  save: 'Save',
  saving: 'Saving…',
  saveFailed: 'Your settings could not be saved. Please try again.',
  savedTitle: 'Settings saved',
  savedText: 'The viewer opens with these settings from now on.',
  definitions: {
    title: 'Landmark definitions',
    intro:
      'Where schools differ, choose the definition the AI’s points follow. ' +
      'The chosen point is computed from the detected landmarks and the film.',
    loading: 'Loading your landmark definitions…',
    loadFailed: 'Your landmark definitions could not be loaded.',
    note:
      'Applies to films detected from now on; films already analysed keep their points. ' +
      'Where a film does not show the chosen structure, the AI’s own point stays. ' +
      'What the AI learned from your corrections is kept for each definition.',
    saveFailed: 'The definition could not be saved. Please try again.',
  },
  adaptation: {
    title: 'AI adapted to your films',
    loading: 'Loading what the AI learned from your films…',
    loadFailed: 'What the AI learned from your films could not be loaded.',
    learned: 'Learned from {{count}} corrected films',
    learnedOne: 'Learned from 1 corrected film',
    notYet:
      'Nothing learned yet. When you correct landmarks the AI placed and save them, the AI learns ' +
      'where your clinic puts them (machine porion, for example) and places them the same way on new films.',
    noShifts: 'Your corrections show no consistent shift yet: on average the AI already places these landmarks where you do.',
    switch: 'Apply what it learned to new films',
    onHint: 'New films get the AI’s points moved by the shifts below. Reset to AI in the viewer restores these adapted points.',
    offHint: 'Off: new films get the model’s own points. Your corrections are still learned.',
    table: {
      landmark: 'Landmark',
      shift: 'Shift',
      films: 'Films',
    },
    shift: {
      anterior: '{{mm}} mm anterior',
      posterior: '{{mm}} mm posterior',
      superior: '{{mm}} mm superior',
      inferior: '{{mm}} mm inferior',
      join: '{{first}}, {{second}}',
      none: 'under 0.1 mm',
    },
    nominal: 'Millimetres assume an average S-N length of {{mm}} mm: none of your films is calibrated yet.',
    calibrated: 'Millimetres use the S-N length of your calibrated films ({{mm}} mm).',
    reset: 'Reset',
    resetTitle: 'Reset what the AI learned?',
    resetText:
      'The AI forgets every corrected film and places landmarks as the model does until you correct ' +
      'new films. Films already analysed keep their landmarks.',
    resetConfirm: 'Reset',
    resetCancel: 'Cancel',
    saveFailed: 'The change could not be saved. Please try again.',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type SettingsDictionary = Widen<typeof enSettings>;
