import {
  ANALYSES,
  DEFINABLE_LANDMARKS,
  DEFINITION_TEXTS_EN,
  LANDMARK_DEFINITION_CHOICES,
  LANDMARK_IDS,
  LANDMARKS,
  MEASUREMENTS,
  PROFILOGRAM_SEGMENTS,
  SOFT_TISSUE_RATIO_GROUPS,
  TRACING_OUTLINES,
  VTO_MOVEMENT_POINTS,
  severityOf,
} from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import {
  CLINICAL_LANGUAGES,
  CLINICAL_VOCABULARIES,
  MEASUREMENT_DIRECTIONS,
  analysisName,
  clinicalLanguage,
  fillPlaceholders,
  interpretationText,
  landmarkName,
  measurementName,
  measurementWords,
  normLabel,
  outlineName,
  placeholdersOf,
  profilogramSegmentName,
  vocabularyEntry,
  vtoPointLabel,
  type ClinicalVocabulary,
  type VocabularySection,
} from '../src/clinical-vocabulary/index';

type Sections = Record<VocabularySection, Record<string, string>>;
const EN = CLINICAL_VOCABULARIES.en as unknown as Sections;
const SECTIONS = Object.keys(EN) as VocabularySection[];
const OTHER_LANGUAGES = CLINICAL_LANGUAGES.filter((l) => l !== 'en');

/** `Po.machine`, ...: every landmark definition a clinic can choose. */
const DEFINITION_CHOICE_KEYS = DEFINABLE_LANDMARKS.flatMap((id) =>
  (LANDMARK_DEFINITION_CHOICES[id].choices as ReadonlyArray<{ id: string }>).map((c) => `${id}.${c.id}`),
);

/** Every key the ceph catalogue needs, by section: the enumeration the vocabulary must cover. */
const CATALOGUE_KEYS: Partial<Record<VocabularySection, string[]>> = {
  landmarks: [...LANDMARK_IDS],
  measurements: MEASUREMENTS.map((m) => m.id),
  analyses: ANALYSES.map((a) => a.id),
  outlines: TRACING_OUTLINES.map((o) => o.id),
  profilogram: PROFILOGRAM_SEGMENTS.map((s) => s.id),
  vto: VTO_MOVEMENT_POINTS.map((p) => p.key),
  landmarkDefinitions: [...LANDMARK_IDS],
  measurementNotes: MEASUREMENTS.filter((m) => m.note !== undefined).map((m) => m.id),
  normNotes: MEASUREMENTS.filter((m) => m.norm?.note !== undefined).map((m) => m.id),
  vtoRatioSources: SOFT_TISSUE_RATIO_GROUPS.map((g) => g.id),
  definitionLabels: DEFINITION_CHOICE_KEYS,
  definitionDescriptions: DEFINITION_CHOICE_KEYS,
};

/**
 * Entries allowed to read exactly as in English: standard abbreviations and authors' names. Anything
 * else identical to English is an untranslated copy.
 */
const SAME_AS_ENGLISH: Partial<Record<VocabularySection, readonly string[]>> = {
  measurements: ['SNA', 'SNB', 'ANB', 'SND', 'POG_NB_MM', 'U1_SN', 'U6_PTV'],
  analyses: ['steiner', 'downs', 'tweed', 'mcnamara', 'bjork-jarabak'],
  interpretation: ['withWords'],
  norms: ['meanSd', 'range'],
  vto: ['ANS', 'PNS'],
};

describe('clinical vocabulary: completeness against the ceph catalogue', () => {
  it('English covers exactly the catalogue ids of every section', () => {
    for (const [section, ids] of Object.entries(CATALOGUE_KEYS) as [VocabularySection, string[]][]) {
      expect(Object.keys(EN[section]).sort(), section).toEqual([...ids].sort());
    }
  });

  it('English repeats the catalogue words exactly (generated from it, and kept in step)', () => {
    for (const lm of LANDMARKS) expect(EN.landmarks[lm.id], lm.id).toBe(lm.fullName);
    for (const m of MEASUREMENTS) expect(EN.measurements[m.id], m.id).toBe(m.name);
    for (const a of ANALYSES) expect(EN.analyses[a.id], a.id).toBe(a.name);
    for (const o of TRACING_OUTLINES) expect(EN.outlines[o.id], o.id).toBe(o.name);
    for (const s of PROFILOGRAM_SEGMENTS) expect(EN.profilogram[s.id], s.id).toBe(s.name);
    for (const p of VTO_MOVEMENT_POINTS) expect(EN.vto[p.key], p.key).toBe(p.label);
    for (const lm of LANDMARKS) expect(EN.landmarkDefinitions[lm.id], lm.id).toBe(lm.definition);
    for (const m of MEASUREMENTS) expect(EN.measurementNotes[m.id], m.id).toBe(m.note);
    for (const m of MEASUREMENTS) expect(EN.normNotes[m.id], m.id).toBe(m.norm?.note);
    for (const g of SOFT_TISSUE_RATIO_GROUPS) expect(EN.vtoRatioSources[g.id], g.id).toBe(g.source);
    for (const key of DEFINITION_CHOICE_KEYS) {
      expect(EN.definitionLabels[key], key).toBe(DEFINITION_TEXTS_EN[`definitions.${key}.label`]);
      expect(EN.definitionDescriptions[key], key).toBe(DEFINITION_TEXTS_EN[`definitions.${key}.description`]);
    }
  });

  it('every measurement maps to word keys that read its catalogue increased / decreased words', () => {
    expect(Object.keys(MEASUREMENT_DIRECTIONS).sort()).toEqual(MEASUREMENTS.map((m) => m.id).sort());
    for (const m of MEASUREMENTS) {
      expect(measurementWords(m.id, 'increased', 'en'), m.id).toBe(m.increased);
      expect(measurementWords(m.id, 'decreased', 'en'), m.id).toBe(m.decreased);
    }
    const used = new Set(Object.values(MEASUREMENT_DIRECTIONS).flat());
    expect(Object.keys(EN.words).filter((k) => !used.has(k as never))).toEqual([]);
  });

  for (const lang of CLINICAL_LANGUAGES) {
    it(`${lang}: every section has exactly the English keys, none missing, none empty`, () => {
      const vocabulary = CLINICAL_VOCABULARIES[lang] as unknown as Sections;
      expect(Object.keys(vocabulary).sort()).toEqual([...SECTIONS].sort());
      const missing: string[] = [];
      const extra: string[] = [];
      for (const section of SECTIONS) {
        for (const key of Object.keys(EN[section])) {
          const text = vocabulary[section][key];
          if (typeof text !== 'string' || text.trim() === '') missing.push(`${section}.${key}`);
        }
        for (const key of Object.keys(vocabulary[section])) if (!(key in EN[section])) extra.push(`${section}.${key}`);
      }
      expect(missing, `missing or empty in ${lang}`).toEqual([]);
      expect(extra, `unknown keys in ${lang}`).toEqual([]);
    });

    it(`${lang}: placeholders match English`, () => {
      const vocabulary = CLINICAL_VOCABULARIES[lang] as unknown as Sections;
      const mismatches: string[] = [];
      for (const section of SECTIONS) {
        for (const [key, english] of Object.entries(EN[section])) {
          const text = vocabulary[section][key] ?? '';
          if (placeholdersOf(text).join() !== placeholdersOf(english).join()) mismatches.push(`${section}.${key}: "${text}"`);
          if (/\{\{(?!\s*\w+\s*\}\})|(?<!\{\{\s*\w+\s*)\}\}/.test(text)) mismatches.push(`${section}.${key}: malformed "${text}"`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  for (const lang of OTHER_LANGUAGES) {
    it(`${lang}: nothing is an English copy except abbreviations and authors' names`, () => {
      const vocabulary = CLINICAL_VOCABULARIES[lang] as unknown as Sections;
      const copies: string[] = [];
      for (const section of SECTIONS) {
        const allowed = SAME_AS_ENGLISH[section] ?? [];
        for (const [key, english] of Object.entries(EN[section])) {
          if (vocabulary[section][key] === english && !allowed.includes(key)) copies.push(`${section}.${key}`);
        }
      }
      expect(copies).toEqual([]);
    });
  }

  it('a missing or unknown id is a type error in a language file', () => {
    // @ts-expect-error a language without the landmark S does not compile
    const missing: ClinicalVocabulary['landmarks'] = { ...CLINICAL_VOCABULARIES.ko.landmarks, S: undefined };
    // @ts-expect-error an id outside the catalogue does not compile
    const unknown: ClinicalVocabulary['vto'] = { ...CLINICAL_VOCABULARIES.ko.vto, Nowhere: 'x' };
    expect(missing.N).toBe(CLINICAL_VOCABULARIES.ko.landmarks.N);
    expect(unknown.ANS).toBe('ANS');
  });
});

describe('clinical vocabulary: lookups', () => {
  it.each([
    ['S', 'en', 'Sella'],
    ['S', 'ko', '셀라'],
    ['N', 'ja', 'ナジオン'],
    ['Go', 'zh', '下颌角点'],
    ['Go', 'ko', '하악각점 (고니온)'],
    ['U1', 'ja', '上顎中切歯切縁'],
    ['N', 'vi', 'Điểm Nasion'],
  ] as const)('names the landmark %s in %s: %s', (id, lang, name) => {
    expect(landmarkName(id, lang)).toBe(name);
  });

  it.each([
    ['SNA', 'ko', 'SNA'],
    ['FACIAL_ANGLE', 'ko', '안면각'],
    ['FACIAL_ANGLE', 'ja', '顔面角'],
    ['NASOLABIAL', 'zh', '鼻唇角'],
  ] as const)('names the measurement %s in %s: %s (abbreviations stay as written)', (id, lang, name) => {
    expect(measurementName(id, lang)).toBe(name);
  });

  it('names analyses; an abbreviation keeps its letters in every language', () => {
    expect(measurementName('FMA', 'vi')).toContain('FMA');
    expect(analysisName('ricketts', 'ja')).toBe('Ricketts (側貌項目)');
    expect(analysisName('my-group', 'ko', 'My group')).toBe('My group');
  });

  it.each([
    ['SNA', 'increased', 'ko', '상악 전돌'],
    ['SNB', 'decreased', 'ja', '下顎後退'],
    ['OVERBITE', 'increased', 'zh', '深覆殆'],
    ['NOT_A_MEASUREMENT', 'increased', 'ko', null],
  ] as const)('reads the words of %s %s in %s: %s', (id, direction, lang, words) => {
    expect(measurementWords(id, direction, lang)).toBe(words);
  });

  it('fills placeholders of interpretation phrases and norm labels', () => {
    expect(interpretationText('missingLandmarks', 'ko', { landmarks: 'S, N' })).toBe('누락된 계측점: S, N');
    expect(interpretationText('skeletalClass', 'ja', { class: 'II' })).toBe('骨格性II級');
    expect(interpretationText('withWords', 'en', { deviation: 'mildly increased', words: 'prognathic mandible' })).toBe(
      'mildly increased (prognathic mandible)',
    );
    expect(normLabel('meanSd', 'vi', { mean: 82, sd: 2 })).toBe('82 ± 2');
    expect(normLabel('female', 'zh')).toBe('女性正常值');
    expect(fillPlaceholders('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
  });

  it('has a deviation phrase for every severity band of ceph', () => {
    const keyFor = (z: number) => {
      const s = severityOf(z);
      return s === 'within'
        ? 'within'
        : (`${s === 'mild' ? 'mildly' : s === 'moderate' ? 'moderately' : 'severely'}${z > 0 ? 'Increased' : 'Decreased'}` as const);
    };
    for (const z of [0, 1.5, -1.5, 2.5, -2.5, 4, -4]) {
      for (const lang of CLINICAL_LANGUAGES) expect(interpretationText(keyFor(z), lang)).not.toBe(keyFor(z));
    }
    expect(interpretationText(keyFor(-2.5), 'ko')).toBe('중등도 감소');
  });

  it('names outlines, profilogram segments and VTO points', () => {
    expect(outlineName('mandible', 'ko')).toBe('하악');
    expect(profilogramSegmentName('midface', 'ja')).toBe('中顔面');
    expect(vtoPointLabel('BPoint', 'zh')).toBe('B点');
    expect(vtoPointLabel('ANS', 'vi')).toBe('ANS');
  });

  it('falls back to English for an unknown language and to the id for an unknown key, never silently in raw entries', () => {
    expect(clinicalLanguage('ko-KR')).toBe('ko');
    expect(clinicalLanguage('fr')).toBe('en');
    expect(clinicalLanguage(undefined)).toBe('en');
    expect(landmarkName('S', 'fr')).toBe('Sella');
    expect(landmarkName('Zz', 'ko')).toBe('Zz');
    expect(measurementName('NOPE', 'ja')).toBe('NOPE');
    expect(vocabularyEntry('landmarks', 'Zz', 'ko')).toBeUndefined();
    expect(vocabularyEntry('landmarks', 'toString', 'ko')).toBeUndefined();
    expect(landmarkName('constructor', 'ko')).toBe('constructor');
  });
});
