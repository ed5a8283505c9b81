import sharp from 'sharp';

/** A re-imaged film and the map from its pixels back to the original film's (for scoring it against the original's landmarks). */
export interface Look {
  look: string;
  bytes: Buffer;
  /** Look px -> original film px. */
  toOriginal(x: number, y: number): [number, number];
}

const round = (v: number) => Math.floor(v + 0.5);

/**
 * A film as other machines and clinics would have made it: a small children's-unit film (about
 * 650 x 1000 px), a tight crop with strong contrast, a wide field with padding, an edge-enhanced
 * film. Real positives for the refusal thresholds besides the ISBI device, and (with their point
 * maps) the films the confidence model learns from: the model was trained on the originals, so its
 * errors there are optimistic; on these looks it errs the way it does on films it has not seen.
 */
export async function otherDeviceLooks(bytes: Buffer): Promise<Look[]> {
  const img = sharp(bytes);
  const { width = 1, height = 1 } = await img.metadata();
  const tight = { left: round(width * 0.12), top: round(height * 0.1), width: round(width * 0.8), height: round(height * 0.78) };
  const pad = round(width * 0.18);
  const narrow = { left: round(width * 0.15), top: 0, width: round(width * 0.8), height };
  const k = 1000 / height;
  return [
    {
      look: 'small-unit',
      bytes: await sharp(bytes).extract(narrow).resize({ height: 1000 }).gamma(2.2, 1.8).blur(1.2).jpeg({ quality: 60 }).toBuffer(),
      toOriginal: (x, y) => [(x + 0.5) / k - 0.5 + narrow.left, (y + 0.5) / k - 0.5],
    },
    {
      look: 'tight-crop',
      bytes: await sharp(bytes).extract(tight).linear(1.4, -40).jpeg({ quality: 85 }).toBuffer(),
      toOriginal: (x, y) => [x + tight.left, y + tight.top],
    },
    {
      look: 'wide-padded',
      bytes: await sharp(bytes)
        .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0 } })
        .jpeg({ quality: 85 })
        .toBuffer(),
      toOriginal: (x, y) => [x - pad, y - pad],
    },
    {
      look: 'edge-enhanced',
      bytes: await sharp(bytes).sharpen({ sigma: 3, m1: 2, m2: 4 }).gamma(1.2).jpeg({ quality: 80 }).toBuffer(),
      toOriginal: (x, y) => [x, y],
    },
  ];
}
