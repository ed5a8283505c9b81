/**
 * npm run detect -- <image or DICOM file> [--model <manifest.json>]
 * Prints the detection as JSON. Exit 0 with landmarks, 1 when the image is refused as not a
 * cephalogram, 2 when the file cannot be used as an image or the arguments are wrong. A DICOM is
 * read as an upload is (film-file.ts): the landmarks are in its pixels, and its pixel spacing is
 * printed as `dicom` (mm per pixel) when the file gives a usable one.
 */
import { parseArgs } from 'node:util';
import { ImageInputError, LandmarkDetector, defaultModelManifestPath } from '../inference/index.ts';
import { userPath } from './dataset-manifest.ts';
import { FilmFileError, readFilmFile, type FilmFile } from './film-file.ts';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { model: { type: 'string' } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('usage: npm run detect -- <image or DICOM file> [--model <manifest.json>]');
    return 2;
  }
  let film: FilmFile;
  try {
    film = await readFilmFile(positionals[0]!);
  } catch (err) {
    if (!(err instanceof FilmFileError)) throw err;
    console.error(err.message);
    return 2;
  }
  const detector = await LandmarkDetector.load(values.model ? userPath(values.model) : defaultModelManifestPath());
  try {
    const result = await detector.detect(film.bytes);
    console.log(JSON.stringify(film.kind === 'dicom' ? { ...result, dicom: film.dicom } : result, null, 2));
    return result.status === 'ok' ? 0 : 1;
  } catch (err) {
    if (err instanceof ImageInputError) {
      console.log(JSON.stringify({ status: 'error', code: err.code, message: err.message }, null, 2));
      return 2;
    }
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
