/** English texts of the viewer's Profilogram and Measure tabs and their printed sections. */
export const enProfilogram = {
  tab: 'Profilogram',
  title: 'Profilogram',
  noRecord: 'This chart has no landmarks yet.',
  loading: 'Loading the profilogram…',
  measureButton: 'Measure',
  measureHint:
    'No profilogram has been measured for this film yet. Measure it now, or turn on “Measure ' +
    'automatically on the profilogram” in Settings.',
  autoPending: 'The profilogram is measured as soon as the landmarks it needs are placed.',
  missing: 'Not computable: missing {{ids}}.',
  saveError: 'The profilogram could not be saved. Change an option to try again.',
  standardLine: 'Standard line',
  lines: {
    SN: 'SN plane',
    FH: 'Frankfort horizontal',
    'SN-7': 'SN − 7°',
  },
  point: 'Point',
  points: {
    S: 'Sella',
    N: 'Nasion',
  },
  scale: 'Scale (%)',
  rotate: 'Rotate (°)',
  reset: 'Back to defaults',
  chartLabel: 'Profilogram of the patient over the norm template',
  patient: 'Patient',
  norm: 'Norm (Björk polygon)',
  axes: 'dx: along the standard line, + anterior; dy: across it, + superior. True size: scale and rotation change only the drawing.',
  uncalibrated: 'The film is not calibrated: values are in px and the template is scaled to the patient’s S–N length.',
  landmark: 'Point',
  dx: 'dx ({{unit}})',
  dy: 'dy ({{unit}})',
  normRange: 'Norm ±1 SD ({{unit}})',
  outside: 'outside',
  source: 'Norm template: {{source}}.',
  printOptions: '{{line}}, registered at {{point}}, scale {{scale}}%, rotation {{rotate}}°',
  measure: {
    tab: 'Measure',
    title: 'Measurements',
    distance: 'Distance',
    angle: 'Angle',
    hintDistance: 'Click point {{n}} of {{of}} on the film.',
    hintAngle: 'Click point {{n}} of {{of}} on the film (the second point is the vertex).',
    cancel: 'Cancel',
    empty: 'No measurements yet. Choose Distance or Angle, then click on the film.',
    name: 'Name',
    delete: 'Delete',
    uncalibrated: 'The film is not calibrated: distances are in px. Calibrate it in the Analysis tab for mm.',
    saveError: 'The measurements could not be saved; the stored list was reloaded.',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ProfilogramDictionary = Widen<typeof enProfilogram>;
