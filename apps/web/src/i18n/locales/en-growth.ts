/** English texts of the viewer's Growth tab (growth forecast for children, issue 28). */
export const enGrowth = {
  tab: 'Growth',
  title: 'Growth forecast',
  noRecord: 'This chart has no landmarks yet.',
  loading: 'Loading the growth forecast…',
  years: 'Years ahead',
  show: 'Show on the film',
  age: 'Age at the shoot date',
  ageValue: '{{age}} years',
  sex: 'Sex',
  male: 'Boy',
  female: 'Girl',
  unknown: 'Unknown',
  target: 'Forecast for',
  meanNote: 'A mean forecast: it shows how the average child of this age and sex grows, not this child. Dashed on the film.',
  point: 'Point',
  dimension: 'Grows with',
  move: 'Move (mm)',
  sd: 'SD (mm)',
  sdNote:
    'SD: how much that distance varies among children of the forecast age in the standards (1 SD, the circle on the film). ' +
    'How much one child’s yearly growth varies is not published there, so this is not a prediction interval.',
  notForecast: 'Not forecast (no published increment): soft tissue, Ar, Co, Po, Or, Pt and Ptm.',
  method: 'Method and sources',
  methodName:
    'Mean yearly increments of the Michigan growth standards (ages 6–16, by sex), added to today’s tracing with the cranial ' +
    'base registered on S–N at S, as in Johnston’s forecast grid. Each distance grows along its own line.',
  population: 'Reference sample: children of the University School Growth Study, Ann Arbor, USA.',
  refused: {
    invalidYears: 'Choose 1 to 6 years.',
    ageUnknown: 'The forecast does not apply: the patient’s age is unknown. Enter the birth date in the patient’s record.',
    adult: 'The forecast does not apply: at {{age}} years the patient has finished growing (18 years and over).',
    under6: 'The forecast does not apply: the growth standards start at 6 years.',
    beyondStandards: 'The growth standards end at 16 years: from {{age}} years at most {{max}} years ahead can be forecast.',
    sexRequired: 'The forecast does not apply: the standards are by sex and the patient’s sex is unknown.',
    uncalibrated: 'The film is not calibrated and the growth increments are in mm: calibrate the film first (Analysis tab).',
    missingPoints: 'Not computable: missing {{ids}}.',
  },
};
