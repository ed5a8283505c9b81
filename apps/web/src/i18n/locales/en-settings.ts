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
  displayHint: 'The layers a chart shows when the viewer opens. You can still switch them in the viewer.',
  layers: {
    xray: 'X-ray',
    landmark: 'Landmark',
    tracing: 'Tracing line',
    plane: 'Ref. plane',
  },
  behaviour: {
    autoZoom: 'Zoom in on a landmark when you select it in the landmark list',
    autoMeasurement: 'Measure automatically on the profilogram',
  },
  planes: {
    title: 'Reference planes',
    hint: 'The planes drawn when Ref. plane is on in the viewer.',
    sn: 'SN (sella–nasion)',
    fh: 'FH (Frankfort horizontal)',
    palatal: 'PP (palatal plane)',
    occlusal: 'OP (occlusal plane)',
    mandibular: 'MP (mandibular plane)',
    facial: 'N-Pog (facial plane)',
    eLine: 'E-line (esthetic line)',
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
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type SettingsDictionary = Widen<typeof enSettings>;
