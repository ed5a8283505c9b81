import { getLandmark, landmarkIdFromName, type LandmarkId } from '@ceppro/ceph';
import { landmarkName } from '@ceppro/contract';

/** A landmark as the model card names it (its output list, its per-landmark errors). */
export interface CardLandmark {
  name: string;
  short_name: string;
}

/** A card landmark as the page shows it: the viewer's short and full name, or the card's English. */
export interface ShownLandmark {
  id: LandmarkId | null;
  short: string;
  name: string;
  /** 'en' when the card's own (English) name is shown: a landmark the app's catalogue does not know. */
  lang?: 'en';
}

/**
 * The registry landmark a card entry names: by its full name (the dataset's, "Subspinale (A point)"),
 * else by its short name, matched as every dataset name is (`landmarkIdFromName`).
 */
export function cardLandmarkId(landmark: CardLandmark): LandmarkId | null {
  return landmarkIdFromName(landmark.name) ?? landmarkIdFromName(landmark.short_name);
}

/**
 * The names the viewer shows for a card landmark, in `lang`: the registry's short name and the
 * clinical vocabulary's full name (viewer/hooks/use-clinical-names.ts reads the same), so the page
 * and the viewer's landmark list agree. An unknown landmark keeps the card's English.
 */
export function shownLandmark(landmark: CardLandmark, lang: string): ShownLandmark {
  const id = cardLandmarkId(landmark);
  if (id === null) return { id, short: landmark.short_name, name: landmark.name, lang: 'en' };
  return { id, short: getLandmark(id).shortName, name: landmarkName(id, lang) };
}
