import { LICENSE_UPLOAD } from '@ceppro/contract';
import { authError } from '../../http/parse-body';

export type LicenseContentType = (typeof LICENSE_UPLOAD.contentTypes)[number];

const SIGNATURES: Array<{ type: LicenseContentType; ext: 'png' | 'jpg' | 'pdf'; magic: number[] }> = [
  { type: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { type: 'application/pdf', ext: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

/**
 * docs/spec-points.md §5: png, jpg and pdf only. The bytes decide (a renamed .exe is refused); the file name's
 * extension must be one of the allowed ones and agree with the content.
 */
export function checkLicenseFile(filename: string, bytes: Buffer): { contentType: LicenseContentType; ext: string } {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  const allowed: readonly string[] = LICENSE_UPLOAD.extensions;
  const found = SIGNATURES.find((s) => s.magic.every((byte, i) => bytes[i] === byte));
  const normalized = extension === 'jpeg' ? 'jpg' : extension;
  if (!found || !allowed.includes(extension) || normalized !== found.ext) throw authError('VALIDATION_FAILED', 'auth.license.type', 'file');
  return { contentType: found.type, ext: found.ext };
}
