import { APOG, FH, MP, along, angle, distance, linear, measurement as m, norm, sd, vec, vertexAngle } from './build.ts';
import type { AnalysisDefinition, MeasurementDefinition } from './types.ts';

const SRC = 'McNamara 1984 [S13] via [S14][S15]; linear norms include ≈8% magnification';
const SIZE = 'Size-dependent norm: compare with the McNamara size table (Co–A → Co–Gn, ANS–Me), not a single mean.';

/** McNamara analysis (reference §3.4). N⊥ and A-vertical distances are projections on the FH direction. */
export const MCNAMARA_MEASUREMENTS: readonly MeasurementDefinition[] = [
  m(
    'A_NPERP',
    'A to N-perpendicular',
    'mm',
    along('N', 'A', FH),
    norm(1, null, SRC, 'two-sources', { note: '0 in the mixed dentition, +1 adult' }),
    'maxillary protrusion',
    'maxillary retrusion',
  ),
  m(
    'POG_NPERP',
    'Pog to N-perpendicular',
    'mm',
    along('N', 'Pog', FH),
    norm(-2, null, SRC, 'one-source', { range: [-4, 0], note: 'adult female −4..0; adult male −2..+2; mixed dentition −8..−6' }),
    'prominent chin',
    'retrusive chin',
  ),
  m('CO_A', 'Effective midface length (Co–A)', 'mm', distance('Co', 'A'), null, 'long midface', 'short midface', SIZE),
  m('CO_GN', 'Effective mandibular length (Co–Gn)', 'mm', distance('Co', 'Gn'), null, 'long mandible', 'short mandible', SIZE),
  m(
    'MAXMAND_DIFF',
    'Maxillo-mandibular differential',
    'mm',
    linear([
      [1, distance('Co', 'Gn')],
      [-1, distance('Co', 'A')],
    ]),
    null,
    'mandibular excess / maxillary deficiency',
    'mandibular deficiency / maxillary excess',
    'Bands: small face 20–23, medium 25–27, large 30–33 mm.',
  ),
  m('LAFH', 'Lower anterior face height (ANS–Me)', 'mm', distance('ANS', 'Me'), null, 'long lower face', 'short lower face', SIZE),
  m(
    'MCN_MPA',
    'Mandibular plane angle (McNamara)',
    'deg',
    angle(FH, MP),
    norm(22, 4, SRC, 'two-sources', { note: '≈25 in the mixed dentition' }),
    'vertical / hyperdivergent',
    'horizontal / hypodivergent',
  ),
  m(
    'MCN_FACIAL_AXIS',
    'Facial axis angle (Ba–N to Ptm–Gn)',
    'deg',
    angle(vec('N', 'Ba'), vec('Ptm', 'Gn')),
    norm(90, null, SRC, 'one-source'),
    'horizontal growth pattern',
    'vertical growth pattern (chin down and back)',
  ),
  m(
    'U1_AVERT',
    'U1 to A-vertical',
    'mm',
    along('A', 'U1', FH),
    norm(5, null, SRC, 'two-sources', { range: [4, 6] }),
    'protrusive upper incisor',
    'retrusive upper incisor',
    'Incisal tip used as a proxy for the labial surface.',
  ),
  m(
    'L1_APOG_MCN',
    'L1 to A–Pog (McNamara)',
    'mm',
    sd('L1', APOG),
    norm(2, null, SRC, 'two-sources', { range: [1, 3] }),
    'protrusive lower incisor',
    'retrusive lower incisor',
    'Incisal tip used as a proxy for the labial surface.',
  ),
  m(
    'NASOLABIAL',
    'Nasolabial angle',
    'deg',
    vertexAngle('Cm', 'Sn', 'Ls'),
    norm(102, 8, 'McNamara Ann Arbor [S13][S15]; Legan–Burstone', 'two-sources', { note: '110 (Scheideman)' }),
    'obtuse (retrusive lip)',
    'acute (protrusive lip)',
  ),
];

/** McNamara analysis (SNA listed for context). Airway measurements need airway outlines and are not included. */
export const MCNAMARA: AnalysisDefinition = {
  id: 'mcnamara',
  name: 'McNamara',
  source: SRC,
  measurementIds: ['A_NPERP', 'SNA', ...MCNAMARA_MEASUREMENTS.map((d) => d.id).filter((id) => id !== 'A_NPERP')],
};
