import { BOP, MP, PP, SN, along, alongPerpendicular, angle, distance, measurement as m, norm, ratio } from './build.ts';
import type { AnalysisDefinition, MeasurementDefinition } from './types.ts';

/** Other frequently requested values (reference §3.9). Overjet/overbite use the Downs bisected occlusal plane. */
export const GENERAL_MEASUREMENTS: readonly MeasurementDefinition[] = [
  m(
    'LAFH_RATIO',
    'Lower anterior face height ratio (ANS–Me / N–Me)',
    '%',
    ratio(distance('ANS', 'Me'), distance('N', 'Me'), 100),
    norm(55, 3, '[S9][S15]', 'two-sources', { note: 'alexcorvi 54 ± 3.5 with palatal-plane projections' }),
    'long lower face',
    'short lower face',
  ),
  m(
    'MMPA',
    'Maxillary–mandibular planes angle',
    'deg',
    angle(PP, MP),
    norm(27, 5, 'Eastman [S9]; WebCeph 26 ± 4 [S8]', 'two-sources'),
    'vertical / hyperdivergent',
    'horizontal / hypodivergent',
  ),
  m(
    'SN_PP',
    'SN to palatal plane',
    'deg',
    angle(SN, PP),
    norm(8, 3, '[S9]', 'one-source'),
    'clockwise-tipped palate',
    'counter-clockwise-tipped palate',
  ),
  m(
    'OVERJET',
    'Overjet (along the occlusal plane)',
    'mm',
    along('L1', 'U1', BOP),
    norm(2.5, null, 'textbook ◦', 'unchecked', { range: [2, 3] }),
    'increased overjet',
    'reduced / reverse overjet',
  ),
  m(
    'OVERBITE',
    'Overbite (⟂ occlusal plane)',
    'mm',
    alongPerpendicular('U1', 'L1', BOP),
    norm(2.5, null, 'textbook ◦', 'unchecked', { range: [2, 3] }),
    'deep bite',
    'reduced overbite / open bite',
  ),
];

/** General values not tied to one named analysis. */
export const GENERAL: AnalysisDefinition = {
  id: 'general',
  name: 'General',
  source: 'reference §3.9',
  measurementIds: GENERAL_MEASUREMENTS.map((d) => d.id),
};
