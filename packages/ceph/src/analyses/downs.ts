import { APOG, BOP, FACIAL, FH, L1_AXIS, MP, acute, angle, linear, measurement as m, norm, sd, signedAngle, signedBySide, vec, vertexAngle } from './build.ts';
import type { AnalysisDefinition, MeasurementDefinition } from './types.ts';

const SRC = 'Downs 1948 (20 subjects aged 12–17); means/ranges [S11], SDs as quoted by software [S8][S9]';
const FH_BACK = vec('Or', 'Po');

/** Downs analysis (reference §3.2). Occlusal plane = Downs bisected plane mid(U6,L6) → mid(U1,L1). */
export const DOWNS_MEASUREMENTS: readonly MeasurementDefinition[] = [
  m('FACIAL_ANGLE', 'Facial angle', 'deg', angle(FH_BACK, FACIAL), norm(87.8, 3.6, SRC, 'two-sources', { range: [82, 95] }), 'prominent chin (Class III tendency)', 'retrusive chin'),
  m('CONVEXITY_ANGLE', 'Angle of convexity', 'deg', signedBySide(linear([[-1, vertexAngle('N', 'A', 'Pog')]], 180), 'A', FACIAL), norm(0, 5.1, SRC, 'two-sources', { range: [-8.5, 10] }), 'convex profile (Class II tendency)', 'concave profile (Class III tendency)'),
  m('AB_PLANE', 'A–B plane angle', 'deg', signedBySide(acute(vec('A', 'B'), FACIAL), 'B', FACIAL, 'A'), norm(-4.6, 3.7, SRC, 'two-sources', { range: [-9, 0] }), 'Class III tendency', 'Class II tendency', 'Negative when B lies behind A relative to the facial line.'),
  m('DOWNS_MPA', 'Mandibular plane angle (Downs)', 'deg', angle(FH, MP), norm(21.9, 3.2, SRC, 'one-source', { range: [17, 28] }), 'vertical pattern', 'horizontal pattern', 'Go→Me used for Downs\' lower-border tangent.'),
  m('Y_AXIS_FH', 'Y-axis (growth axis)', 'deg', angle(FH, vec('S', 'Gn')), norm(59.4, 3.8, SRC, 'two-sources', { range: [53, 66] }), 'vertical / clockwise growth', 'horizontal / counter-clockwise growth'),
  m('OCC_CANT', 'Cant of occlusal plane', 'deg', linear([[-1, signedAngle(FH, BOP)]]), norm(9.3, 3.8, SRC, 'two-sources', { range: [1.5, 14] }), 'steep occlusal plane (Class II tendency)', 'flat occlusal plane'),
  m('DOWNS_INTERINCISAL', 'Interincisal angle (Downs)', 'deg', angle(vec('U1', 'U1A'), vec('L1', 'L1A')), norm(135.4, 5.8, SRC, 'unchecked', { range: [130, 150.5] }), 'retroclined incisors', 'proclined incisors'),
  m('L1_OP', 'L1 to occlusal plane', 'deg', linear([[1, angle(vec('L1', 'L1A'), BOP)]], -90), norm(14.5, 3.5, SRC, 'two-sources', { range: [3.5, 20] }), 'proclined lower incisor', 'retroclined lower incisor'),
  m('L1_MP_DEV', 'L1 to mandibular plane (IMPA − 90)', 'deg', linear([[1, angle(L1_AXIS, vec('Me', 'Go'))]], -90), norm(1.4, 3.8, SRC, 'unchecked', { range: [-8.5, 7] }), 'proclined lower incisor', 'retroclined lower incisor'),
  m('U1_APOG_MM', 'U1 to A–Pog', 'mm', sd('U1', APOG), norm(2.7, 1.8, SRC, 'unchecked', { range: [-1, 5] }), 'protrusive upper incisor', 'retrusive upper incisor', 'Incisal tip used.'),
];

/** Downs analysis. */
export const DOWNS: AnalysisDefinition = { id: 'downs', name: 'Downs', source: SRC, measurementIds: DOWNS_MEASUREMENTS.map((d) => d.id) };
