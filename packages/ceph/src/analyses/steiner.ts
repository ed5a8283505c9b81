import { FOP, L1_AXIS, U1_AXIS, angle, acute, linear, measurement as m, mid, norm, sd, vec, vertexAngle } from './build.ts';
import type { AnalysisDefinition, MeasurementDefinition } from './types.ts';

const SRC = "Steiner 1953/1959 ideals via [S10]; ± are software conventions [S8][S9], not Steiner's";
const TIP = 'Incisal tip used as a proxy for the most labial crown point (changes the value by up to ~1–2 mm).';

const SNA = vertexAngle('S', 'N', 'A');
const SNB = vertexAngle('S', 'N', 'B');
/** S-line: Pog′ to the columella S-curve midpoint, approximated by mid(Sn, Prn); directed superior → inferior. */
const S_LINE = vec(mid('Sn', 'Prn'), 'stPog');

/** Steiner analysis measurements (reference §3.1) plus the usual adjuncts U1–SN and Y-axis to SN. */
export const STEINER_MEASUREMENTS: readonly MeasurementDefinition[] = [
  m(
    'SNA',
    'SNA',
    'deg',
    SNA,
    norm(82, 2, SRC, 'two-sources', { note: 'some sources ±3' }),
    'prognathic (protrusive) maxilla',
    'retrognathic maxilla',
  ),
  m(
    'SNB',
    'SNB',
    'deg',
    SNB,
    norm(80, 2, SRC, 'two-sources', { note: 'one source 79 ± 3' }),
    'prognathic mandible',
    'retrognathic mandible',
  ),
  m(
    'ANB',
    'ANB',
    'deg',
    linear([
      [1, SNA],
      [-1, SNB],
    ]),
    norm(2, 2, SRC, 'two-sources'),
    'Class II skeletal tendency',
    'Class III skeletal tendency',
    'SNA − SNB, keeps its sign.',
  ),
  m(
    'SND',
    'SND',
    'deg',
    vertexAngle('S', 'N', 'D'),
    norm(76.5, null, 'Steiner 1959 via [S14]', 'one-source', { range: [76, 77] }),
    'prognathic symphysis',
    'retrognathic symphysis',
  ),
  m(
    'U1_NA_DEG',
    'U1–NA angle',
    'deg',
    acute(U1_AXIS, vec('N', 'A')),
    norm(22, null, SRC, 'two-sources'),
    'proclined upper incisor',
    'retroclined upper incisor',
  ),
  m(
    'U1_NA_MM',
    'U1–NA distance',
    'mm',
    sd('U1', vec('N', 'A')),
    norm(4, null, SRC, 'two-sources'),
    'protrusive upper incisor',
    'retrusive upper incisor',
    TIP,
  ),
  m(
    'L1_NB_DEG',
    'L1–NB angle',
    'deg',
    acute(L1_AXIS, vec('N', 'B')),
    norm(25, null, SRC, 'two-sources', { note: 'one source 25 ± 7' }),
    'proclined lower incisor',
    'retroclined lower incisor',
  ),
  m(
    'L1_NB_MM',
    'L1–NB distance',
    'mm',
    sd('L1', vec('N', 'B')),
    norm(4, null, SRC, 'two-sources', { note: 'one source 3 ± 2' }),
    'protrusive lower incisor',
    'retrusive lower incisor',
    TIP,
  ),
  m(
    'POG_NB_MM',
    'Pog–NB',
    'mm',
    sd('Pog', vec('N', 'B')),
    null,
    'prominent chin',
    'flat chin',
    'No fixed norm; Holdaway ratio: L1–NB ≈ Pog–NB.',
  ),
  m(
    'INTERINCISAL',
    'Interincisal angle',
    'deg',
    angle(vec('U1', 'U1A'), vec('L1', 'L1A')),
    norm(130, 6, SRC, 'two-sources', { note: '130–131' }),
    'retroclined incisors (Class II div 2 pattern)',
    'proclined incisors (bimaxillary protrusion)',
  ),
  m(
    'OCC_SN',
    'Occlusal plane to SN',
    'deg',
    angle(vec('S', 'N'), FOP),
    norm(14, null, SRC, 'two-sources', { note: '14.5 in one source' }),
    'steep occlusal plane',
    'flat occlusal plane',
    'Functional occlusal plane mid(U6,L6) → mid(UPM,LPM).',
  ),
  m(
    'GOGN_SN',
    'GoGn–SN (mandibular plane)',
    'deg',
    angle(vec('S', 'N'), vec('Go', 'Gn')),
    norm(32, 5, SRC, 'two-sources'),
    'vertical / hyperdivergent',
    'horizontal / hypodivergent',
  ),
  m(
    'S_LINE_LS',
    'Upper lip to S-line',
    'mm',
    sd('Ls', S_LINE),
    norm(0, null, 'Steiner via [S10]', 'one-source'),
    'protrusive upper lip',
    'retrusive upper lip',
    'S-line anterior point approximated by mid(Sn, Prn).',
  ),
  m(
    'S_LINE_LI',
    'Lower lip to S-line',
    'mm',
    sd('Li', S_LINE),
    norm(0, null, 'Steiner via [S10]', 'one-source'),
    'protrusive lower lip',
    'retrusive lower lip',
    'S-line anterior point approximated by mid(Sn, Prn).',
  ),
  m(
    'U1_SN',
    'U1–SN',
    'deg',
    angle(vec('N', 'S'), U1_AXIS),
    norm(103, 6, '[S9] 103 ± 6; [S8] 102; [S15] 104 ± 5', 'two-sources'),
    'proclined upper incisor',
    'retroclined upper incisor',
  ),
  m(
    'Y_AXIS_SN',
    'Y-axis to SN (N–S–Gn)',
    'deg',
    angle(vec('S', 'N'), vec('S', 'Gn')),
    norm(67, 5, '[S15] 67 ± 5; [S11] 66', 'two-sources'),
    'vertical / clockwise growth',
    'horizontal / counter-clockwise growth',
  ),
];

/** Steiner analysis. */
export const STEINER: AnalysisDefinition = {
  id: 'steiner',
  name: 'Steiner',
  source: SRC,
  measurementIds: STEINER_MEASUREMENTS.map((d) => d.id),
};
