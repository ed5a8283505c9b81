import { LANDMARKS, MEASUREMENTS } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import {
  CLINICAL_LANGUAGES,
  CLINICAL_VOCABULARIES,
  landmarkDefinition,
  measurementNote,
  normNote,
  vtoRatioSource,
  type SentenceSection,
} from '../src/clinical-vocabulary/index';

type Sentences = Record<SentenceSection, Record<string, string>>;
const SECTIONS: readonly SentenceSection[] = ['landmarkDefinitions', 'measurementNotes', 'normNotes', 'vtoRatioSources'];
const EN = CLINICAL_VOCABULARIES.en as unknown as Sentences;

/** Numbers with their sign (82, −1, +0.5, 1.2) and construction notation (mid(U6,L6), Go→Me): content no translation may change. */
const numbers = (text: string): string[] => (text.match(/[−+]?\d+(?:\.\d+)?/g) ?? []).sort();
const notation = (text: string): string[] => (text.match(/mid\([^)]*\)|\w+→\w+/g) ?? []).sort();

describe('clinical vocabulary: landmark definitions, measurement and norm notes', () => {
  for (const lang of CLINICAL_LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: every sentence keeps the English numbers, signs and construction notation`, () => {
      const vocabulary = CLINICAL_VOCABULARIES[lang] as unknown as Sentences;
      const changed: string[] = [];
      for (const section of SECTIONS) {
        for (const [key, english] of Object.entries(EN[section])) {
          const text = vocabulary[section][key] ?? '';
          // every English number is there (a translation may add one: 제1대구치, "first molar")
          const own = numbers(text);
          const kept = numbers(english).every((n) => own.includes(n) && own.splice(own.indexOf(n), 1).length === 1);
          if (!kept) changed.push(`${section}.${key} numbers: "${text}"`);
          if (notation(text).join() !== notation(english).join()) changed.push(`${section}.${key} notation: "${text}"`);
        }
      }
      expect(changed).toEqual([]);
    });

    it(`${lang}: a definition for every catalogue landmark, translated`, () => {
      for (const lm of LANDMARKS) {
        const text = landmarkDefinition(lm.id, lang);
        expect(text, lm.id).toBeTruthy();
        expect(text, lm.id).not.toBe(lm.definition);
      }
    });
  }

  it('reads a landmark definition in each language', () => {
    expect(landmarkDefinition('S', 'en')).toBe('Centre of the pituitary fossa (sella turcica), judged visually.');
    expect(landmarkDefinition('S', 'ko')).toBe('터키안(뇌하수체와)의 중심, 육안으로 판정.');
    expect(landmarkDefinition('N', 'ja')).toBe('正中における前頭鼻骨縫合の最前点。');
    expect(landmarkDefinition('ANS', 'zh')).toBe('前鼻棘的尖端。');
    expect(landmarkDefinition('Go', 'vi')).toBe('Điểm sau dưới nhất của góc hàm dưới.');
  });

  it('reads a measurement note only where the catalogue has one', () => {
    expect(measurementNote('U1_NA_MM', 'ko')).toBe('가장 순측의 치관점 대신 절단연을 사용 (값이 최대 약 1–2 mm 달라짐).');
    expect(measurementNote('WITS', 'ja')).toBe('機能的咬合平面 mid(U6,L6) → mid(UPM,LPM)。小臼歯の点が必要。計測誤差 ≈ 1.2 mm。');
    expect(measurementNote('ANB', 'en')).toBe('SNA − SNB, keeps its sign.');
    for (const m of MEASUREMENTS) expect(measurementNote(m.id, 'en'), m.id).toBe(m.note ?? null);
    expect(measurementNote('SNA', 'ko')).toBeNull();
  });

  it('reads a norm remark only where the catalogue has one', () => {
    expect(normNote('SNB', 'zh')).toBe('另一文献为 79 ± 3');
    expect(normNote('FACIAL_DEPTH', 'ko')).toBe('9세 이후 3년마다 +1°');
    for (const m of MEASUREMENTS) expect(normNote(m.id, 'en'), m.id).toBe(m.norm?.note ?? null);
    expect(normNote('ANB', 'vi')).toBeNull();
  });

  it('reads where a VTO soft-tissue ratio comes from', () => {
    expect(vtoRatioSource('softA', 'ko')).toBe('Holdaway [S21]: A점의 연조직은 두께를 유지');
    expect(vtoRatioSource('chin', 'ja')).toBe('[S26] 軟組織オトガイは下顎の移動量に対して ≈ 1:1（女性）、≈ 1.1:1（男性）');
    expect(vtoRatioSource('noseTip', 'en')).toBe('[S26] nasal tip ≈ 0.17 of Le Fort I advancement');
    expect(vtoRatioSource('nowhere', 'vi')).toBeNull();
  });

  it('falls back to English for an unknown language and gives null for an unknown id', () => {
    expect(landmarkDefinition('N', 'fr')).toBe('Most anterior point of the frontonasal suture in the midline.');
    expect(landmarkDefinition('N', 'ko-KR')).toBe('정중선상 전두비골 봉합의 최전방점.');
    expect(landmarkDefinition('Zz', 'ko')).toBeNull();
    expect(landmarkDefinition('constructor', 'ja')).toBeNull();
    expect(measurementNote('NOPE', 'zh')).toBeNull();
    expect(normNote('toString', 'en')).toBeNull();
  });
});
