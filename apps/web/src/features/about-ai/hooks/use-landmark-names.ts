import { useLanguage } from '../../../i18n/use-language.ts';
import { shownLandmark, type CardLandmark, type ShownLandmark } from '../lib/card-landmarks.ts';

/** Card landmarks with the viewer's names in the interface language (lib/card-landmarks.ts). */
export function useLandmarkNames(): (landmark: CardLandmark) => ShownLandmark {
  const [lang] = useLanguage();
  return (landmark) => shownLandmark(landmark, lang);
}
