// Clinical vocabulary in every interface language: landmark, measurement, analysis and outline names,
// interpretation phrases, norm labels, and the catalogue's sentences (landmark definitions, measurement
// and norm notes, VTO ratio sources). @ceppro/ceph stays language-neutral; web and server both read
// their words from here. Lookups fall back to English (then to the id) for an unknown language or key,
// which the completeness test makes impossible for the catalogue's own ids.
import { EN } from './en';
import { JA } from './ja';
import { KO } from './ko';
import { VI } from './vi';
import { ZH } from './zh';
import { MEASUREMENT_DIRECTIONS } from './directions';
import {
  CLINICAL_LANGUAGES,
  type ClinicalLanguage,
  type ClinicalVocabulary,
  type InterpretationKey,
  type NormLabelKey,
  type VocabularyParams,
  type VocabularySection,
} from './types';

export * from './types';
export { MEASUREMENT_DIRECTIONS } from './directions';

/** Every language's vocabulary, keyed by language code. */
export const CLINICAL_VOCABULARIES: Readonly<Record<ClinicalLanguage, ClinicalVocabulary>> = { en: EN, ko: KO, ja: JA, zh: ZH, vi: VI };

/** True when `value` is one of the vocabulary's languages. */
export function isClinicalLanguage(value: unknown): value is ClinicalLanguage {
  return typeof value === 'string' && (CLINICAL_LANGUAGES as readonly string[]).includes(value);
}

/** "ko-KR" → "ko"; anything unknown → "en". */
export function clinicalLanguage(tag: string | null | undefined): ClinicalLanguage {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isClinicalLanguage(primary) ? primary : 'en';
}

/** The raw entry of a section, or `undefined` when the language or key has none (no fallback). */
export function vocabularyEntry(section: VocabularySection, key: string, lang: string): string | undefined {
  const vocabulary = CLINICAL_VOCABULARIES[clinicalLanguage(lang)] as unknown as Record<VocabularySection, Record<string, string>>;
  const text = Object.prototype.hasOwnProperty.call(vocabulary[section], key) ? vocabulary[section][key] : undefined;
  return text === undefined || text === '' ? undefined : text;
}

function lookup(section: VocabularySection, key: string, lang: string): string | undefined {
  return vocabularyEntry(section, key, lang) ?? vocabularyEntry(section, key, 'en');
}

/** Replace `{{name}}` placeholders; a placeholder without a value is left as written. */
export function fillPlaceholders(text: string, params: VocabularyParams = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** The `{{name}}` placeholders of a text, sorted and unique. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string))].sort();
}

/** Full landmark name ("Sella", "셀라"); the id itself for an id outside the catalogue. */
export function landmarkName(id: string, lang: string): string {
  return lookup('landmarks', id, lang) ?? id;
}

/** Measurement name ("SNA", "Facial angle", "안면각"); the id itself for an id outside the catalogue. */
export function measurementName(id: string, lang: string): string {
  return lookup('measurements', id, lang) ?? id;
}

/** Built-in analysis name; `fallback` (a user group's own name, say) or the id for anything else. */
export function analysisName(id: string, lang: string, fallback?: string): string {
  return lookup('analyses', id, lang) ?? fallback ?? id;
}

/** A deviation / classification phrase with its placeholders filled. */
export function interpretationText(key: InterpretationKey, lang: string, params?: VocabularyParams): string {
  return fillPlaceholders(lookup('interpretation', key, lang) ?? key, params);
}

/**
 * The clinical words for a measurement read above (`increased`) or below (`decreased`) its norm,
 * e.g. SNA increased → "prognathic (protrusive) maxilla"; `null` for an id outside the catalogue.
 */
export function measurementWords(id: string, direction: 'increased' | 'decreased', lang: string): string | null {
  const keys = (MEASUREMENT_DIRECTIONS as Readonly<Record<string, readonly [string, string]>>)[id];
  if (keys === undefined) return null;
  return lookup('words', direction === 'increased' ? keys[0] : keys[1], lang) ?? null;
}

/** A norm label with its placeholders filled (`normLabel('meanSd', 'ko', { mean: 82, sd: 2 })`). */
export function normLabel(key: NormLabelKey, lang: string, params?: VocabularyParams): string {
  return fillPlaceholders(lookup('norms', key, lang) ?? key, params);
}

/** Tracing outline name by outline id (`TRACING_OUTLINES`); the id for an unknown outline. */
export function outlineName(id: string, lang: string): string {
  return lookup('outlines', id, lang) ?? id;
}

/** Profilogram segment name by segment id; the id for an unknown segment. */
export function profilogramSegmentName(id: string, lang: string): string {
  return lookup('profilogram', id, lang) ?? id;
}

/** VTO/STO movement point label by key; the key for an unknown point. */
export function vtoPointLabel(key: string, lang: string): string {
  return lookup('vto', key, lang) ?? key;
}

/**
 * What a landmark is, as one sentence ("Centre of the pituitary fossa (sella turcica), judged visually.",
 * "터키안(뇌하수체와)의 중심, 육안으로 판정."); `null` for an id outside the catalogue.
 */
export function landmarkDefinition(id: string, lang: string): string | null {
  return lookup('landmarkDefinitions', id, lang) ?? null;
}

/**
 * A measurement's caveat (a proxy point, a plane variant, a size-dependent norm), as the ceph catalogue's
 * `note`; `null` when the measurement has none or the id is outside the catalogue.
 */
export function measurementNote(id: string, lang: string): string | null {
  return lookup('measurementNotes', id, lang) ?? null;
}

/** The remark on a measurement's norm (another source's value, an age drift); `null` when it has none. */
export function normNote(id: string, lang: string): string | null {
  return lookup('normNotes', id, lang) ?? null;
}

/** Where a VTO soft-tissue ratio range comes from, by ratio group id (`SOFT_TISSUE_RATIO_GROUPS`); `null` for an unknown group. */
export function vtoRatioSource(groupId: string, lang: string): string | null {
  return lookup('vtoRatioSources', groupId, lang) ?? null;
}

/**
 * The name of a landmark definition a clinic can choose ("Machine porion", "기계적 포리온"), by landmark
 * and choice id (packages/ceph `LANDMARK_DEFINITION_CHOICES`); the choice id itself for an unknown one
 * (a stored choice retired since).
 */
export function definitionChoiceLabel(landmark: string, choice: string, lang: string): string {
  return lookup('definitionLabels', `${landmark}.${choice}`, lang) ?? choice;
}

/** What a landmark definition places, one sentence; `null` for an unknown landmark or choice. */
export function definitionChoiceDescription(landmark: string, choice: string, lang: string): string | null {
  return lookup('definitionDescriptions', `${landmark}.${choice}`, lang) ?? null;
}
