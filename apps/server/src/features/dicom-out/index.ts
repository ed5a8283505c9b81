/**
 * The public surface of features/dicom-out beyond its service: the wiring. Everything else in this
 * folder is internal (eslint.config.js, server-boundaries block).
 */
export { registerDicomOutFeature } from './dicom-out.feature';
