/**
 * npm run detect -- <image file> [--model <manifest.json>]
 * Prints the detection as JSON. Exit 0 with landmarks, 1 when the image is refused as not a
 * cephalogram, 2 when the file cannot be used as an image or the arguments are wrong.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ImageInputError, LandmarkDetector, defaultModelManifestPath } from '../inference/index.ts';
import { userPath } from './dataset-manifest.ts';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { model: { type: 'string' } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('usage: npm run detect -- <image file> [--model <manifest.json>]');
    return 2;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(userPath(positionals[0]!));
  } catch (err) {
    console.error(`Cannot read ${positionals[0]}: ${(err as Error).message}`);
    return 2;
  }
  const detector = await LandmarkDetector.load(values.model ? userPath(values.model) : defaultModelManifestPath());
  try {
    const result = await detector.detect(bytes);
    console.log(JSON.stringify(result, null, 2));
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
