import { DICOM_CONTENT_TYPE, IMAGE_UPLOAD } from '@ceppro/contract';

/**
 * Patient image drop zones accept jpg/png image files (docs/spec-points.md §5) and DICOM files. For jpg/png
 * the browser's type and the name's extension must both say so; a DICOM file is recognised by its
 * content before this check (dicom-file.ts), so a file that only claims to be DICOM is refused here.
 * The server checks the bytes again. Returns a message key under `patients.drop`, or null when the
 * file is acceptable.
 */
export type ImageFileProblem = 'notImage' | 'tooLarge' | 'empty';

const PICTURE_TYPES = IMAGE_UPLOAD.contentTypes.filter((type) => type !== DICOM_CONTENT_TYPE);
const PICTURE_EXTENSIONS = IMAGE_UPLOAD.extensions.filter((extension) => extension !== 'dcm');

export function imageFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): ImageFileProblem | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (PICTURE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extensionOk = (PICTURE_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk || !extensionOk) return 'notImage';
  if (file.size === 0) return 'empty';
  if (file.size > IMAGE_UPLOAD.maxBytes) return 'tooLarge';
  return null;
}

/** What the file input offers in the system dialog. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.dcm,image/jpeg,image/png,application/dicom';
