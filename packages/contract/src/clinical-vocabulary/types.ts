import type { EN } from './en';
import type { EN_SENTENCES } from './sentences/en';

/** Languages the clinical vocabulary covers (the interface languages). */
export const CLINICAL_LANGUAGES = ['ko', 'en', 'ja', 'zh', 'vi'] as const;
export type ClinicalLanguage = (typeof CLINICAL_LANGUAGES)[number];

type English = typeof EN;

/**
 * The shape every language must fill: exactly the English keys, each a string. A language file typed
 * `ClinicalVocabulary` does not compile with a missing or an unknown key.
 */
export type ClinicalVocabulary = { readonly [S in keyof English]: { readonly [K in keyof English[S]]: string } };

export type VocabularySection = keyof English;
/** Registry landmark id covered by the vocabulary (the same set as `LANDMARK_IDS`, checked by a test). */
export type VocabularyLandmarkId = keyof English['landmarks'];
/** Stable measurement id of the ceph catalogue. */
export type MeasurementId = keyof English['measurements'];
/** Built-in analysis id. */
export type AnalysisId = keyof English['analyses'];
/** Key of a clinical direction phrase ("prognathic mandible"). */
export type WordKey = keyof English['words'];
/** Key of a deviation / classification phrase. */
export type InterpretationKey = keyof English['interpretation'];
/** Key of a norm label. */
export type NormLabelKey = keyof English['norms'];
export type OutlineId = keyof English['outlines'];
export type ProfilogramSegmentId = keyof English['profilogram'];
export type VtoPointKey = keyof English['vto'];
/** The sections of whole clinical sentences (landmark definitions, measurement and norm notes). */
export type SentenceSection = keyof typeof EN_SENTENCES;
/** What every language's sentence file fills: exactly the English keys of those sections. */
export type ClinicalSentences = Pick<ClinicalVocabulary, SentenceSection>;
/** Measurement id that has a caveat note in the ceph catalogue. */
export type MeasurementNoteId = keyof English['measurementNotes'];
/** Measurement id whose norm has a remark in the ceph catalogue. */
export type NormNoteId = keyof English['normNotes'];

/** Values substituted into `{{name}}` placeholders. */
export type VocabularyParams = Readonly<Record<string, string | number>>;
