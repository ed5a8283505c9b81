import { IMAGE_UPLOAD } from '@ceppro/contract';

/**
 * Patient image drop zones accept jpg/png image files only (spec point 5). The browser's type and
 * the name's extension must both say so; the server checks the bytes again.
 * Returns a message key under `patients.drop`, or null when the file is acceptable.
 */
export type ImageFileProblem = 'notImage' | 'tooLarge' | 'empty';

export function imageFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): ImageFileProblem | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (IMAGE_UPLOAD.contentTypes as readonly string[]).includes(file.type.toLowerCase());
  const extensionOk = (IMAGE_UPLOAD.extensions as readonly string[]).includes(extension);
  if (!typeOk || !extensionOk) return 'notImage';
  if (file.size === 0) return 'empty';
  if (file.size > IMAGE_UPLOAD.maxBytes) return 'tooLarge';
  return null;
}

/** What the file input offers in the system dialog. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
