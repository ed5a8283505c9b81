/**
 * The public surface of features/images beyond its services (image.service.ts, discard.service.ts): reading a
 * stored film back with its checksum checked, its DICOM calibration, the DICOM header checks (the PACS
 * import refuses a non-film before the browser gets it), the image rows' repository type and the keys
 * of an upload's derived objects. Everything else in this folder is internal (eslint.config.js,
 * server-boundaries block).
 */
export { dicomCalibrationOfRow } from './dicom/dicom-info';
export { readDicomFilm } from './dicom/dicom-film';
export { derivedKeysOf } from './image-check';
export type { ImageRepository } from './image.repository';
export { readCheckedImage, type CheckedBytes } from './stored-image';
export type { ImagesSurface } from './images.feature';
