import { readFile } from 'node:fs/promises';
import { isDicomBytes, type DicomCalibration } from '@ceppro/contract';
import { AppError } from '../errors/app-error.ts';
import { renderDicomPngInThread } from '../features/images/dicom/dicom-film.ts';
import { userPath } from './dataset-manifest.ts';

/** A film file as the command-line tools read it: the image the model sees, and a DICOM's own spacing. */
export interface FilmFile {
  /** The image bytes (for a DICOM, the grey PNG the product derives from it on upload). */
  bytes: Buffer;
  /** The DICOM's pixel spacing when it gives a usable one; null for other images. */
  dicom: DicomCalibration | null;
  /** What the file was: `dicom` or `image`. */
  kind: 'dicom' | 'image';
}

/** Why a film file cannot be used: the message for the terminal (exit 2). */
export class FilmFileError extends Error {}

/**
 * Reads a film for `npm run detect` / `npm run report` the way an upload is read: a DICOM (by its
 * `DICM` magic) goes through the same header checks and display rendering as the product's upload
 * check (dicom-film.ts), on this thread, and keeps its pixel spacing; anything else is passed on.
 */
export async function readFilmFile(path: string): Promise<FilmFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(userPath(path));
  } catch (err) {
    throw new FilmFileError(`Cannot read ${path}: ${(err as Error).message}`);
  }
  if (!isDicomBytes(bytes)) return { bytes, dicom: null, kind: 'image' };
  try {
    const { png, film } = await renderDicomPngInThread(bytes, { imageType: '00700' });
    return { bytes: png, dicom: film.calibration, kind: 'dicom' };
  } catch (err) {
    if (err instanceof AppError) throw new FilmFileError(`${err.code}: ${err.message}`);
    throw err;
  }
}
