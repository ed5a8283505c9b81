import {
  analysisName,
  definitionChoiceDescription,
  definitionChoiceLabel,
  interpretationText,
  landmarkDefinition,
  landmarkName,
  measurementName,
  measurementNote,
  measurementWords,
  normNote,
  vtoPointLabel,
  type ClinicalLanguage,
  type InterpretationKey,
} from '@ceppro/contract';
import type { AnalysisDefinition } from '@ceppro/ceph';
import { useMemo } from 'react';
import { useLanguage } from '../../../i18n/use-language.ts';

/** Clinical names in the interface language (landmarks, measurements, analyses, direction words). */
export interface ClinicalNames {
  readonly lang: ClinicalLanguage;
  /** Full landmark name by registry id ("셀라"); short names (S, N, ANS) are not translated. */
  landmark(id: string): string;
  /** Measurement name by measurement id. */
  measurement(id: string): string;
  /** A built-in analysis by its id; a user's group keeps its own name. */
  analysis(analysis: Pick<AnalysisDefinition, 'id' | 'name'>): string;
  /** Clinical words for a measurement read above / below its norm; `fallback` (the catalogue's words) for an id outside it. */
  words(measurementId: string, direction: 'increased' | 'decreased', fallback: string | null): string | null;
  /** VTO/STO movement-table point label by key. */
  vtoPoint(key: string): string;
  /** A deviation word ("mildly increased", "within norm", "no norm"): the same words the PDF prints. */
  reading(key: InterpretationKey): string;
  /** What a landmark is, one sentence; `null` for an id outside the catalogue. */
  definition(id: string): string | null;
  /** A landmark definition a clinic can choose, by landmark and choice ("Machine porion"). */
  definitionChoice(id: string, choice: string): string;
  /** What that definition places, one sentence; `null` for an unknown choice. */
  definitionChoiceText(id: string, choice: string): string | null;
  /** A measurement's caveat (proxy point, plane variant); `fallback` for an id outside the catalogue, else null. */
  note(measurementId: string, fallback?: string): string | null;
  /** The remark on a measurement's norm (another source, an age drift), or null. */
  normNote(measurementId: string): string | null;
}

/** Clinical vocabulary lookups bound to a language (`@ceppro/contract` clinical vocabulary). */
export function clinicalNames(lang: ClinicalLanguage): ClinicalNames {
  return {
    lang,
    landmark: (id) => landmarkName(id, lang),
    measurement: (id) => measurementName(id, lang),
    analysis: (a) => analysisName(a.id, lang, a.name),
    words: (id, direction, fallback) => measurementWords(id, direction, lang) ?? fallback,
    vtoPoint: (key) => vtoPointLabel(key, lang),
    reading: (key) => interpretationText(key, lang),
    definition: (id) => landmarkDefinition(id, lang),
    definitionChoice: (id, choice) => definitionChoiceLabel(id, choice, lang),
    definitionChoiceText: (id, choice) => definitionChoiceDescription(id, choice, lang),
    note: (id, fallback) => measurementNote(id, lang) ?? fallback ?? null,
    normNote: (id) => normNote(id, lang),
  };
}

/** `clinicalNames` for the current interface language; re-renders when the language changes. */
export function useClinicalNames(): ClinicalNames {
  const [lang] = useLanguage();
  return useMemo(() => clinicalNames(lang), [lang]);
}
