// Public surface of @ceppro/ceph: the pure cephalometric domain (no Node, DOM, clock or randomness).

export * from './geometry/units.ts';
export * from './geometry/vec.ts';
export * from './geometry/angles.ts';
export * from './geometry/lines.ts';
export * from './geometry/affine.ts';
export * from './geometry/patient-frame.ts';
export * from './geometry/view.ts';
export * from './geometry/arrow-head.ts';
export * from './geometry/path-bounds.ts';

export * from './landmarks/types.ts';
export * from './landmarks/catalogue-hard.ts';
export * from './landmarks/catalogue-dental-soft.ts';
export * from './landmarks/dataset-names.ts';
export * from './landmarks/model-output.ts';
export * from './landmarks/registry.ts';
export * from './landmarks/line-types.ts';
export * from './landmarks/tracing.ts';
export * from './landmarks/tracing-paths.ts';
export * from './landmarks/derived.ts';
export * from './landmarks/placed.ts';
export * from './landmarks/constructed.ts';
export * from './landmarks/sourcing.ts';
export * from './landmarks/tooth-templates.ts';
export * from './landmarks/molar-templates.ts';
export * from './contours/live-wire.ts';
export * from './contours/contours.ts';
export * from './contours/ramus-points.ts';
export * from './contours/film-reduce.ts';

export * from './calibration/calibration.ts';
export * from './measure/free-measurement.ts';

export * from './analyses/types.ts';
/** Construction builders and reference lines (`construct.vertexAngle('S', 'N', 'A')`, `construct.FH`, ...). */
export * as construct from './analyses/build.ts';
export * from './analyses/catalogue.ts';
export * from './analyses/evaluate.ts';
export { STEINER, STEINER_MEASUREMENTS } from './analyses/steiner.ts';
export { DOWNS, DOWNS_MEASUREMENTS } from './analyses/downs.ts';
export { TWEED, TWEED_MEASUREMENTS } from './analyses/tweed.ts';
export { MCNAMARA, MCNAMARA_MEASUREMENTS } from './analyses/mcnamara.ts';
export { RICKETTS, RICKETTS_MEASUREMENTS } from './analyses/ricketts.ts';
export { BJORK_JARABAK, BJORK_JARABAK_MEASUREMENTS } from './analyses/bjork-jarabak.ts';
export { WITS, WITS_MEASUREMENTS } from './analyses/wits.ts';
export { LEGAN_BURSTONE, LEGAN_BURSTONE_MEASUREMENTS, HOLDAWAY, HOLDAWAY_MEASUREMENTS } from './analyses/soft-tissue.ts';
export { GENERAL, GENERAL_MEASUREMENTS } from './analyses/general.ts';

export * from './interpretation/normal.ts';
export * from './norms/norm-sets.ts';
export * from './norms/select-norm-set.ts';
export * from './interpretation/deviation.ts';
export * from './interpretation/classification.ts';

export * from './custom/custom-analysis.ts';
export * from './profilogram/profilogram.ts';
export * from './profilogram/bjork-template.ts';
export * from './profilogram/profilogram-comparison.ts';
export * from './superimposition/similarity-fit.ts';
export * from './superimposition/superimpose.ts';
export * from './superimposition/plane-rotation.ts';
export * from './vto/linear-solve.ts';
export * from './vto/thin-plate-spline.ts';
export * from './vto/morph-mesh.ts';
export * from './vto/movement.ts';
export * from './vto/simulate.ts';
export * from './vto/soft-tissue-ratios.ts';
export * from './vto/autorotation.ts';
export * from './vto/prediction.ts';
export * from './vto/surgical-ratios.ts';
export * from './vto/surgical-setup.ts';
export * from './vto/plan.ts';
export * from './isbi/isbi-classes.ts';
export * from './adaptation/skull-frame.ts';
export * from './adaptation/clinic-adaptation.ts';
export * from './definitions/index.ts';
export * from './display/film-adjustments.ts';
export * from './growth/michigan-standards.ts';
export * from './growth/forecast.ts';
