import { FH, H_LINE, acute, along, alongPerpendicular, angle, distance, linear, measurement as m, norm, ratio, sd, signedBySide, vec, vertexAngle } from './build.ts';
import type { AnalysisDefinition, MeasurementDefinition } from './types.ts';

const LB = 'Legan & Burstone 1980 ◦ (nasolabial ✔✔); horizontal reference = FH';
const HD = 'Holdaway 1983 [S21] ◦ unless marked';
const PROFILE = vec('Sn', 'stPog');

/** Legan–Burstone soft-tissue analysis subset (reference §3.8). Horizontal = along FH, vertical = ⟂ FH (superior +). */
export const LEGAN_BURSTONE_MEASUREMENTS: readonly MeasurementDefinition[] = [
  m('LB_FACIAL_CONVEXITY', 'Facial convexity angle (G′–Sn–Pog′)', 'deg', signedBySide(linear([[-1, vertexAngle('stG', 'Sn', 'stPog')]], 180), 'Sn', vec('stG', 'stPog')), norm(12, 4, LB, 'unchecked'), 'convex profile', 'straight / concave profile'),
  m('LB_MAX_PROGNATHISM', 'Maxillary prognathism (G′–Sn horizontal)', 'mm', along('stG', 'Sn', FH), norm(6, 3, LB, 'unchecked'), 'maxillary prognathism', 'maxillary retrognathism'),
  m('LB_MAND_PROGNATHISM', 'Mandibular prognathism (G′–Pog′ horizontal)', 'mm', along('stG', 'stPog', FH), norm(0, 4, LB, 'unchecked'), 'mandibular prognathism', 'mandibular retrognathism'),
  m('LB_VERTICAL_RATIO', 'Vertical height ratio (G′–Sn : Sn–Me′)', 'ratio', ratio(alongPerpendicular('Sn', 'stG', FH), alongPerpendicular('stMe', 'Sn', FH)), norm(1, null, LB, 'unchecked'), 'long midface relative to lower face', 'long lower face relative to midface'),
  m('LB_LOWER_FACE_THROAT', 'Lower face–throat angle (Sn–Gn′–C)', 'deg', vertexAngle('Sn', 'stGn', 'C'), norm(100, 7, LB, 'unchecked'), 'obtuse (retrusive chin / short neck line)', 'acute'),
  m('LB_HEIGHT_DEPTH', 'Lower vertical height–depth ratio (Sn–Gn′ / C–Gn′)', 'ratio', ratio(distance('Sn', 'stGn'), distance('C', 'stGn')), norm(1.2, null, LB, 'unchecked'), 'increased', 'decreased'),
  m('LB_UPPER_LIP', 'Upper lip protrusion (Ls to Sn–Pog′)', 'mm', sd('Ls', PROFILE), norm(3, 1, LB, 'unchecked'), 'protrusive upper lip', 'retrusive upper lip'),
  m('LB_LOWER_LIP', 'Lower lip protrusion (Li to Sn–Pog′)', 'mm', sd('Li', PROFILE), norm(2, 1, LB, 'unchecked'), 'protrusive lower lip', 'retrusive lower lip'),
  m('LB_MENTOLABIAL_SULCUS', 'Mentolabial sulcus depth', 'mm', linear([[-1, sd('stB', vec('Li', 'stPog'))]]), norm(4, 2, LB, 'unchecked'), 'deep sulcus', 'shallow sulcus'),
  m('LB_LIP_CHIN_RATIO', 'Vertical lip–chin ratio (Sn–Stms / Stmi–Me′)', 'ratio', ratio(distance('Sn', 'Stms'), distance('Stmi', 'stMe')), norm(0.5, null, LB, 'unchecked'), 'long upper lip', 'short upper lip'),
  m('LB_INCISOR_EXPOSURE', 'Maxillary incisor exposure (Stms → U1, vertical)', 'mm', alongPerpendicular('U1', 'Stms', FH), norm(2, 2, LB, 'unchecked'), 'increased incisor show', 'reduced incisor show'),
  m('LB_INTERLABIAL_GAP', 'Interlabial gap (Stms → Stmi, vertical)', 'mm', alongPerpendicular('Stmi', 'Stms', FH), norm(2, 2, LB, 'unchecked'), 'lip incompetence', 'lip strain / redundancy'),
];

/** Holdaway soft-tissue subset (reference §3.8). The vertical line for nose prominence is ⟂ FH through Ls. */
export const HOLDAWAY_MEASUREMENTS: readonly MeasurementDefinition[] = [
  m('HOLDAWAY_SOFT_FACIAL', 'Soft-tissue facial angle', 'deg', angle(vec('Or', 'Po'), vec('stN', 'stPog')), norm(91, 7, '[S21] 91 ± 7', 'one-source'), 'prominent soft chin', 'retrusive soft chin'),
  m('H_ANGLE', 'H-angle', 'deg', acute(H_LINE, vec('stN', 'stPog')), norm(10, null, HD, 'unchecked', { range: [7, 15] }), 'convex / protrusive upper lip', 'flat upper lip'),
  m('NOSE_PROMINENCE', 'Nose prominence', 'mm', along('Ls', 'Prn', FH), norm(19, null, HD, 'unchecked', { range: [14, 24] }), 'prominent nose', 'small nose'),
  m('SUPERIOR_SULCUS', 'Superior sulcus depth', 'mm', along('stA', 'Ls', FH), norm(3, null, HD, 'unchecked', { range: [1, 4] }), 'deep sulcus', 'flat sulcus'),
  m('SN_TO_H_LINE', 'Subnasale to H-line', 'mm', linear([[-1, sd('Sn', H_LINE)]]), norm(5, null, HD, 'unchecked', { range: [3, 7] }), 'protrusive upper lip', 'retrusive upper lip'),
  m('UPPER_LIP_STRAIN', 'Upper-lip thickness at the vermilion (U1 → Ls horizontal)', 'mm', along('U1', 'Ls', FH), norm(14, null, HD, 'unchecked', { range: [13, 15] }), 'thick lip', 'thin / strained lip', 'Incisal tip used as a proxy for the labial surface; compare with the basic lip thickness.'),
  m('LOWER_LIP_H_LINE', 'Lower lip to H-line', 'mm', sd('Li', H_LINE), norm(0, null, HD, 'unchecked', { range: [-1, 2] }), 'protrusive lower lip', 'retrusive lower lip'),
  m('SOFT_CHIN_THICKNESS', 'Soft-tissue chin thickness (Pog → Pog′ horizontal)', 'mm', along('Pog', 'stPog', FH), norm(11, null, HD, 'unchecked', { range: [10, 12] }), 'thick soft chin', 'thin soft chin'),
  m('SOFT_TISSUE_A', 'Soft tissue at point A (A → A′ horizontal)', 'mm', along('A', 'stA', FH), norm(15, null, '[S21] 14–16 (adolescents)', 'one-source', { range: [14, 16] }), 'thick', 'thin'),
];

/** Legan–Burstone analysis (subset; nasolabial angle shared with McNamara). */
export const LEGAN_BURSTONE: AnalysisDefinition = {
  id: 'legan-burstone',
  name: 'Legan–Burstone (soft tissue)',
  source: LB,
  measurementIds: [...LEGAN_BURSTONE_MEASUREMENTS.map((d) => d.id).slice(0, 6), 'NASOLABIAL', ...LEGAN_BURSTONE_MEASUREMENTS.map((d) => d.id).slice(6)],
};

/** Holdaway analysis (subset). */
export const HOLDAWAY: AnalysisDefinition = { id: 'holdaway', name: 'Holdaway (soft tissue)', source: HD, measurementIds: HOLDAWAY_MEASUREMENTS.map((d) => d.id) };
