/** English texts of the viewer's Superimposition tab and its printed section. */
export const enSuperimposition = {
  tab: 'Superimposition',
  intro:
    'Superimpose 2 to 4 cephalograms of this patient. Tracings are drawn over this film in white, ' +
    'red, blue and green, from the oldest shoot date.',
  films: 'Films',
  thisFilm: 'This film',
  noDate: 'No shoot date',
  noLandmarks: 'No landmarks yet',
  selectAtLeast2: 'Select at least 2 X-ray images.',
  atMost4: 'At most 4 X-ray images can be superimposed.',
  noOtherFilms: 'This patient has no other cephalogram. Add a film on the patient screen to compare.',
  filmsFailed: "The patient's films could not be loaded.",
  method: 'Method',
  methods: {
    'sn-at-s': 'SN registered at S',
    'best-fit': 'Best fit on the anterior cranial base',
    maxilla: 'Regional: maxilla (ANS–PNS)',
    mandible: 'Regional: mandible (symphysis)',
  },
  blending: 'Blend the other films',
  opacity: 'Opacity',
  legend: 'Legend',
  computing: 'Superimposing…',
  failed: 'The superimposition could not be computed. Please try again.',
  noLandmarksError: 'A chosen film has no landmarks yet. Open it and let the AI detect them first.',
  mismatchError: 'The chosen films do not belong to the same patient.',
  notFoundError: 'A chosen film no longer exists.',
  retry: 'Try again',
  saveFailed: 'The superimposition settings could not be saved.',
  tracingOff: 'The tracing display is off: turn on “Tracing line” to see the superimposed tracings.',
  residual: 'Registered on {{landmarks}}, residual {{value}} {{unit}}',
  movements: 'Landmark movement',
  movementHint: 'Between consecutive films, in the patient frame: dx + anterior, dy + superior.',
  pair: '{{from}} → {{to}}',
  landmark: 'Landmark',
  dx: 'dx',
  dy: 'dy',
  distance: 'Distance',
  sortBy: 'Sort by {{column}}',
  uncalibrated: 'Not every film is calibrated, so movements are in px. Calibrate each film (ruler or default PPM) to get mm.',
  printTitle: 'Superimposition',
  printMethod: 'Method: {{method}}',
  printComputed: 'Computed on {{date}}',
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type SuperimpositionDictionary = Widen<typeof enSuperimposition>;
