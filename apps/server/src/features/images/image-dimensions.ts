import { IMAGE_TYPE, IMAGE_UPLOAD, type ImageTypeCd } from '@ceppro/contract';
import { AppError } from '../../errors/app-error';

/**
 * The side and pixel-count limits of an upload, for any image type (IMAGE_DIMENSIONS). Its own
 * module so the DICOM render worker checks a film's header against them before decoding a pixel.
 */
export function checkDimensions(width: number, height: number, imageType: ImageTypeCd): void {
  if (
    Math.min(width, height) < IMAGE_UPLOAD.minSide ||
    Math.max(width, height) > IMAGE_UPLOAD.maxSide ||
    width * height > IMAGE_UPLOAD.maxPixels
  ) {
    throw new AppError(
      'IMAGE_DIMENSIONS',
      `The image is ${width} x ${height} px; each side must be ${IMAGE_UPLOAD.minSide}-${IMAGE_UPLOAD.maxSide} px.`,
    );
  }
  const ceph = IMAGE_UPLOAD.cephalogram;
  if (imageType === IMAGE_TYPE.cephalogram && (Math.min(width, height) < ceph.minSide || Math.max(width, height) > ceph.maxSide)) {
    throw new AppError(
      'IMAGE_DIMENSIONS',
      `The cephalogram is ${width} x ${height} px; each side must be ${ceph.minSide}-${ceph.maxSide} px.`,
    );
  }
}
