import { FH, L1_AXIS, MP, angle, measurement as m, mostProtrusive, norm, vec } from './build.ts';
import type { AnalysisDefinition, MeasurementDefinition } from './types.ts';

const SRC = 'Tweed 1946/1954 via [S12][S14]; WebCeph [S8]';

/**
 * Tweed diagnostic triangle (reference §3.3). With these vector choices FMA + IMPA + FMIA = 180° exactly.
 */
export const TWEED_MEASUREMENTS: readonly MeasurementDefinition[] = [
  m(
    'FMA',
    'FMA (Frankfort–mandibular plane angle)',
    'deg',
    angle(FH, MP),
    norm(25, 5, SRC, 'two-sources', { range: [20, 30] }),
    'high angle (vertical, open-bite tendency)',
    'low angle (horizontal, deep-bite tendency)',
  ),
  m(
    'IMPA',
    'IMPA (incisor–mandibular plane angle)',
    'deg',
    angle(L1_AXIS, vec('Me', 'Go')),
    norm(90, 5, SRC, 'two-sources', { range: [85, 95] }),
    'proclined lower incisor',
    'retroclined lower incisor',
  ),
  m(
    'FMIA',
    'FMIA (Frankfort–mandibular incisor angle)',
    'deg',
    angle(vec('Or', 'Po'), vec('L1', 'L1A')),
    norm(65, null, SRC, 'two-sources', { range: [65, 70] }),
    'retroclined lower incisor',
    'proclined lower incisor',
  ),
  m(
    'Z_ANGLE',
    'Merrifield Z-angle',
    'deg',
    angle(vec('Or', 'Po'), vec(mostProtrusive('stPog', 'Ls', 'Li'), 'stPog')),
    norm(80, 5, 'Merrifield (adult) ◦; WebCeph range 71–89 [S8]', 'unchecked', { range: [71, 89] }),
    'straight / retrusive lip profile',
    'protrusive lips',
  ),
];

/** Tweed analysis. */
export const TWEED: AnalysisDefinition = { id: 'tweed', name: 'Tweed', source: SRC, measurementIds: TWEED_MEASUREMENTS.map((d) => d.id) };
