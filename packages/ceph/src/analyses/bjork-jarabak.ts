import { MP, SN, angle, distance, linear, measurement as m, norm, ratio, vertexAngle } from './build.ts';
import type { AnalysisDefinition, MeasurementDefinition } from './types.ts';

const SRC = 'Björk / Jarabak textbook values ◦; Björk sum mean [S8]; Jarabak ratio bands [S18][S15]';
const SADDLE = vertexAngle('N', 'S', 'Ar');
const ARTICULAR = vertexAngle('S', 'Ar', 'Go');
const GONIAL = vertexAngle('Ar', 'Go', 'Me');

/**
 * Björk / Jarabak (reference §3.6). Identity: saddle + articular + gonial = 360° + SN–GoMe.
 */
export const BJORK_JARABAK_MEASUREMENTS: readonly MeasurementDefinition[] = [
  m(
    'SADDLE_ANGLE',
    'Saddle angle (N–S–Ar)',
    'deg',
    SADDLE,
    norm(123, 5, SRC, 'unchecked'),
    'retropositioned mandible (clockwise)',
    'forward-positioned mandible',
  ),
  m(
    'ARTICULAR_ANGLE',
    'Articular angle (S–Ar–Go)',
    'deg',
    ARTICULAR,
    norm(143, 6, SRC, 'unchecked'),
    'retrognathic tendency',
    'prognathic tendency',
  ),
  m('GONIAL_ANGLE', 'Gonial angle (Ar–Go–Me)', 'deg', GONIAL, norm(130, 7, SRC, 'unchecked'), 'vertical growth', 'horizontal growth'),
  m(
    'BJORK_SUM',
    'Björk sum (polygon sum)',
    'deg',
    linear([
      [1, SADDLE],
      [1, ARTICULAR],
      [1, GONIAL],
    ]),
    norm(396, 6, SRC, 'one-source'),
    'clockwise / vertical growth',
    'counter-clockwise / horizontal growth',
  ),
  m(
    'SN_GOME',
    'SN to mandibular plane (Go–Me)',
    'deg',
    angle(SN, MP),
    norm(36, 6, 'Derived from the Björk sum identity (396 − 360 ± 6)', 'one-source'),
    'vertical / hyperdivergent',
    'horizontal / hypodivergent',
  ),
  m(
    'UPPER_GONIAL',
    'Upper gonial angle (Ar–Go–N)',
    'deg',
    vertexAngle('Ar', 'Go', 'N'),
    norm(53.5, null, SRC, 'unchecked', { range: [52, 55] }),
    'increased',
    'decreased',
  ),
  m(
    'LOWER_GONIAL',
    'Lower gonial angle (N–Go–Me)',
    'deg',
    vertexAngle('N', 'Go', 'Me'),
    norm(72.5, null, SRC, 'unchecked', { range: [70, 75] }),
    'vertical growth',
    'horizontal growth',
  ),
  m('ANT_CRANIAL_BASE', 'Anterior cranial base (S–N)', 'mm', distance('S', 'N'), norm(71, 3, SRC, 'unchecked'), 'long', 'short'),
  m('POST_CRANIAL_BASE', 'Posterior cranial base (S–Ar)', 'mm', distance('S', 'Ar'), norm(32, 3, SRC, 'unchecked'), 'long', 'short'),
  m('RAMUS_HEIGHT', 'Ramus height (Ar–Go)', 'mm', distance('Ar', 'Go'), norm(44, 5, SRC, 'unchecked'), 'long ramus', 'short ramus'),
  m(
    'MANDIBULAR_BODY',
    'Mandibular body (Go–Me)',
    'mm',
    distance('Go', 'Me'),
    norm(71, 5, SRC, 'unchecked'),
    'long mandibular body',
    'short mandibular body',
  ),
  m(
    'JARABAK_RATIO',
    'Facial height ratio (S–Go / N–Me)',
    '%',
    ratio(distance('S', 'Go'), distance('N', 'Me'), 100),
    norm(63.5, null, SRC, 'two-sources', { range: [62, 65], note: 'one source 65 ± 5' }),
    'counter-clockwise (horizontal)',
    'clockwise (vertical)',
  ),
];

/** Björk / Jarabak analysis. */
export const BJORK_JARABAK: AnalysisDefinition = {
  id: 'bjork-jarabak',
  name: 'Björk / Jarabak',
  source: SRC,
  measurementIds: BJORK_JARABAK_MEASUREMENTS.map((d) => d.id),
};
