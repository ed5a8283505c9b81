import { APOG, E_LINE, FACIAL, FH, L1_AXIS, MP, acute, along, angle, linear, measurement as m, norm, sd, vec, vertexAngle } from './build.ts';
import type { AnalysisDefinition, MeasurementDefinition } from './types.ts';

const SRC = 'Ricketts (norms at ~9 years) via [S8][S14][S15][S16]';

/** Ricketts lateral subset (reference §3.5). Age drifts are in the notes, not applied. */
export const RICKETTS_MEASUREMENTS: readonly MeasurementDefinition[] = [
  m('FACIAL_AXIS', 'Facial axis (Ba–N to Pt–Gn)', 'deg', angle(vec('N', 'Ba'), vec('Pt', 'Gn')), norm(90, 3, SRC, 'one-source'), 'horizontal grower', 'vertical grower', 'Anatomical Gn used in place of Ricketts\' constructed gnathion.'),
  m('FACIAL_DEPTH', 'Facial depth', 'deg', angle(vec('Or', 'Po'), FACIAL), norm(87, 3, SRC, 'two-sources', { note: '+1° per 3 years after 9' }), 'prominent chin', 'retrusive chin'),
  m('RICKETTS_MPA', 'Mandibular plane angle (Ricketts)', 'deg', angle(FH, MP), norm(26, 4, SRC, 'one-source', { note: '−1° per 3 years after 9' }), 'vertical / hyperdivergent', 'horizontal / hypodivergent'),
  m('LOWER_FACE_HEIGHT', 'Lower face height (ANS–Xi–Pm)', 'deg', vertexAngle('ANS', 'Xi', 'Pm'), norm(45, 4, '[S8][S15] 45 ± 4; [S16] 47 ± 4', 'two-sources'), 'long lower face / open-bite tendency', 'short lower face / deep-bite tendency'),
  m('MANDIBULAR_ARC', 'Mandibular arc', 'deg', linear([[-1, vertexAngle('DC', 'Xi', 'Pm')]], 180), norm(26, 4, SRC, 'unchecked', { note: '+0.5° per year' }), 'square / closed mandible', 'open mandible'),
  m('CONVEXITY_MM', 'Convexity (A to facial plane)', 'mm', sd('A', FACIAL), norm(2, 2, SRC, 'two-sources', { note: '−0.2 mm per year' }), 'convex profile (Class II tendency)', 'concave profile (Class III tendency)'),
  m('L1_APOG_MM', 'L1 to A–Pog', 'mm', sd('L1', APOG), norm(1, 2, SRC, 'two-sources'), 'protrusive lower incisor', 'retrusive lower incisor'),
  m('L1_APOG_DEG', 'L1 inclination to A–Pog', 'deg', acute(L1_AXIS, APOG), norm(22, 4, SRC, 'one-source'), 'proclined lower incisor', 'retroclined lower incisor'),
  m('U6_PTV', 'U6 to PTV', 'mm', along('Pt', 'U6', FH), null, 'mesially positioned upper molar', 'distally positioned upper molar', 'Norm = age (years) + 3 mm. The model\'s U6 is the mesial contact point, not the distal surface.'),
  m('RICKETTS_INTERINCISAL', 'Interincisal angle (Ricketts)', 'deg', angle(vec('U1', 'U1A'), vec('L1', 'L1A')), norm(130, 10, '[S16]', 'one-source'), 'retroclined incisors', 'proclined incisors'),
  m('LOWER_LIP_E', 'Lower lip to E-line', 'mm', sd('Li', E_LINE), norm(-2, 2, SRC, 'two-sources', { note: 'at ~8.5 years; more negative with age' }), 'protrusive lower lip', 'retrusive lower lip'),
  m('UPPER_LIP_E', 'Upper lip to E-line', 'mm', sd('Ls', E_LINE), norm(-4, null, '[S15] (adult)', 'one-source'), 'protrusive upper lip', 'retrusive upper lip'),
];

/** Ricketts analysis (lateral subset). */
export const RICKETTS: AnalysisDefinition = { id: 'ricketts', name: 'Ricketts (lateral subset)', source: SRC, measurementIds: RICKETTS_MEASUREMENTS.map((d) => d.id) };
