import { BOP, FOP, along, linear, measurement as m, norm, vertexAngle } from './build.ts';
import type { AnalysisDefinition, MeasurementDefinition } from './types.ts';

const SRC = 'Jacobson 1975 [S17]; SDs [S9]';
const WITS_NORM = norm(0, 1.8, SRC, 'two-sources', {
  bySex: { female: { mean: 0, sd: 1.8, range: null }, male: { mean: -1, sd: 1.9, range: null } },
  note: 'females 0 ± 1.8, males −1 ± 1.9; main statistic = female',
});

/** Wits appraisal and the Eastman (Mills) ANB correction (reference §3.7). */
export const WITS_MEASUREMENTS: readonly MeasurementDefinition[] = [
  m(
    'WITS',
    'Wits appraisal (functional occlusal plane)',
    'mm',
    along('B', 'A', FOP),
    WITS_NORM,
    'Class II skeletal tendency',
    'Class III skeletal tendency',
    'Functional occlusal plane mid(U6,L6) → mid(UPM,LPM); needs premolar points. Method error ≈ 1.2 mm.',
  ),
  m(
    'WITS_BOP',
    'Wits appraisal (bisected occlusal plane)',
    'mm',
    along('B', 'A', BOP),
    WITS_NORM,
    'Class II skeletal tendency',
    'Class III skeletal tendency',
    'Variant on the Downs bisected plane mid(U6,L6) → mid(U1,L1); differs from the functional-plane Wits in deep or open bites.',
  ),
  m(
    'ANB_EASTMAN',
    'ANB with Eastman correction',
    'deg',
    linear(
      [
        [0.5, vertexAngle('S', 'N', 'A')],
        [-1, vertexAngle('S', 'N', 'B')],
      ],
      40.5,
    ),
    norm(2, 2, 'ANB norm (§3.1) applied to ANB − 0.5·(SNA − 81) [S9][S19]', 'two-sources'),
    'Class II skeletal tendency',
    'Class III skeletal tendency',
    'Mills restricts the correction to SN–palatal plane ≈ 8 ± 3°.',
  ),
];

/** Wits analysis (with ANB and SNA for context). */
export const WITS: AnalysisDefinition = {
  id: 'wits',
  name: 'Wits appraisal',
  source: SRC,
  measurementIds: ['WITS', 'WITS_BOP', 'ANB', 'SNA', 'ANB_EASTMAN'],
};
