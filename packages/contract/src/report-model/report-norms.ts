import type { AgeBand, NormSetSelection, NormSourceKey, Population } from '@ceppro/ceph';
import { fillLabel, type ReportLang } from '../report-labels';

/**
 * The words for norm sets (packages/ceph `norm-sets.ts`) in the five languages, shared by the viewer's
 * analysis table (hover, the norm-set line) and the report (the norm's footnote), so screen and paper
 * agree. Citations stay in their original form (authors, title, where read): see
 * packages/ceph/src/norms/SOURCES.md for the full entries.
 */

/** Short citation of each source key, as printed in footnotes and shown on hover. */
export const NORM_SOURCE_CITATIONS: Readonly<Record<NormSourceKey, string>> = {
  N1:
    'Sichuan Han adults (60 M, 60 F, 18+ y), angles measured after Downs, means only; ' +
    'Chinese journal abstract (jxxfw.com periodical 9f30f1ff…)',
  N2: 'Quintessence orthodontic dictionary (歯科矯正学事典), entry "SNA": Japanese normal occlusion 82.08 ± 2.66°',
  N3: 'Ricketts norms at 9 years with their yearly change (Ricketts 1981 as quoted by WebCeph and Ricketts teaching notes)',
  N4:
    'Riolo et al. 1974, An atlas of craniofacial growth (University of Michigan): boys’ or girls’ mean ± SD ' +
    'at the band’s middle year (7, 10, 13, 16 y); table kmiddleton/Riolo_CF_Growth_Data',
  N5:
    'Japanese children, McNamara analysis at 8, 10 and 12 years, sexes pooled (n = 47): Ikegami and Koyama, ' +
    '58th Japanese Orthodontic Society meeting 1999, table at yasunaga.co.jp/ODIAPDI.html',
};

interface NormWords {
  readonly populations: Readonly<Record<Population, string>>;
  readonly bands: Readonly<Record<AgeBand, string>>;
  readonly female: string;
  readonly male: string;
  /** "{{population}}, {{band}}{{sex}}" */
  readonly set: string;
  /** The footnote/hover of a norm from a set. */
  readonly source: string;
  /** A measurement without a value in the chosen set. */
  readonly noNorm: string;
  readonly reasons: Readonly<Record<Exclude<NormSetSelection['reason'], 'ok'>, string>>;
  /** The viewer's norm-set menu and Settings' default-population field. */
  readonly ui: {
    readonly label: string;
    readonly automatic: string;
    readonly inUse: string;
    readonly defaultLabel: string;
    /** Shown when the chart's set is not the Caucasian adult one: the profilogram's template stays Björk's adult polygon. */
    readonly profilogram: string;
  };
}

const WORDS: Readonly<Record<ReportLang, NormWords>> = {
  en: {
    populations: { caucasian: 'Caucasian', korean: 'Korean', japanese: 'Japanese', chinese: 'Chinese' },
    bands: { '6-8': '6–8 years', '9-11': '9–11 years', '12-14': '12–14 years', '15-17': '15–17 years', adult: 'adult' },
    female: 'women',
    male: 'men',
    set: '{{population}}, {{band}}{{sex}}',
    source: 'Norm: {{set}}. Source: {{citation}}',
    noNorm: 'No published norm for this population ({{set}}).',
    reasons: {
      'no-published-set': 'No published norm set for {{set}}: no norms are shown.',
      'under-6': 'No published norm set under 6 years: no norms are shown.',
      'sex-required': 'The {{set}} norms are published by sex: enter the patient’s sex to compare.',
    },
    ui: {
      label: 'Norms',
      automatic: 'Automatic ({{population}})',
      inUse: 'Compared with: {{set}}',
      defaultLabel: 'Default norm population',
      profilogram: 'The profilogram keeps the Björk adult polygon: no polygon is published for this population or age.',
    },
  },
  ko: {
    populations: { caucasian: '백인', korean: '한국인', japanese: '일본인', chinese: '중국인' },
    bands: { '6-8': '6–8세', '9-11': '9–11세', '12-14': '12–14세', '15-17': '15–17세', adult: '성인' },
    female: '여성',
    male: '남성',
    set: '{{population}}, {{band}}{{sex}}',
    source: '표준치: {{set}}. 출처: {{citation}}',
    noNorm: '이 인구집단에 대해 발표된 표준치가 없습니다 ({{set}}).',
    reasons: {
      'no-published-set': '{{set}}에 대해 발표된 표준치 세트가 없어 표준치를 표시하지 않습니다.',
      'under-6': '6세 미만에 대해 발표된 표준치 세트가 없어 표준치를 표시하지 않습니다.',
      'sex-required': '{{set}} 표준치는 성별로 발표되었습니다. 비교하려면 환자의 성별을 입력하세요.',
    },
    ui: {
      label: '표준치',
      automatic: '자동 ({{population}})',
      inUse: '비교 기준: {{set}}',
      defaultLabel: '기본 표준치 인구집단',
      profilogram: '프로필로그램은 Björk 성인 다각형을 유지합니다. 이 인구집단이나 연령에 대해 발표된 다각형이 없습니다.',
    },
  },
  ja: {
    populations: { caucasian: '白人', korean: '韓国人', japanese: '日本人', chinese: '中国人' },
    bands: { '6-8': '6–8歳', '9-11': '9–11歳', '12-14': '12–14歳', '15-17': '15–17歳', adult: '成人' },
    female: '女性',
    male: '男性',
    set: '{{population}}、{{band}}{{sex}}',
    source: '標準値: {{set}}。出典: {{citation}}',
    noNorm: 'この集団の公表された標準値はありません（{{set}}）。',
    reasons: {
      'no-published-set': '{{set}}の公表された標準値セットがないため、標準値は表示しません。',
      'under-6': '6歳未満の公表された標準値セットがないため、標準値は表示しません。',
      'sex-required': '{{set}}の標準値は性別ごとに公表されています。比較するには患者の性別を入力してください。',
    },
    ui: {
      label: '標準値',
      automatic: '自動（{{population}}）',
      inUse: '比較対象: {{set}}',
      defaultLabel: '既定の標準値集団',
      profilogram: 'プロフィログラムはBjörkの成人多角形のままです。この集団・年齢の多角形は公表されていません。',
    },
  },
  zh: {
    populations: { caucasian: '白种人', korean: '韩国人', japanese: '日本人', chinese: '中国人' },
    bands: { '6-8': '6–8岁', '9-11': '9–11岁', '12-14': '12–14岁', '15-17': '15–17岁', adult: '成人' },
    female: '女性',
    male: '男性',
    set: '{{population}}，{{band}}{{sex}}',
    source: '正常值：{{set}}。来源：{{citation}}',
    noNorm: '该人群没有已发表的正常值（{{set}}）。',
    reasons: {
      'no-published-set': '{{set}}没有已发表的正常值组，因此不显示正常值。',
      'under-6': '6岁以下没有已发表的正常值组，因此不显示正常值。',
      'sex-required': '{{set}}的正常值按性别发表：请填写患者性别以进行比较。',
    },
    ui: {
      label: '正常值',
      automatic: '自动（{{population}}）',
      inUse: '比较对象：{{set}}',
      defaultLabel: '默认正常值人群',
      profilogram: '轮廓图仍使用Björk成人多边形：该人群或年龄没有已发表的多边形。',
    },
  },
  vi: {
    populations: { caucasian: 'Người da trắng', korean: 'Người Hàn Quốc', japanese: 'Người Nhật Bản', chinese: 'Người Trung Quốc' },
    bands: { '6-8': '6–8 tuổi', '9-11': '9–11 tuổi', '12-14': '12–14 tuổi', '15-17': '15–17 tuổi', adult: 'người trưởng thành' },
    female: 'nữ',
    male: 'nam',
    set: '{{population}}, {{band}}{{sex}}',
    source: 'Giá trị chuẩn: {{set}}. Nguồn: {{citation}}',
    noNorm: 'Không có giá trị chuẩn đã công bố cho nhóm dân số này ({{set}}).',
    reasons: {
      'no-published-set': 'Không có bộ giá trị chuẩn đã công bố cho {{set}}: không hiển thị giá trị chuẩn.',
      'under-6': 'Không có bộ giá trị chuẩn đã công bố cho trẻ dưới 6 tuổi: không hiển thị giá trị chuẩn.',
      'sex-required': 'Giá trị chuẩn {{set}} được công bố theo giới: hãy nhập giới tính của bệnh nhân để so sánh.',
    },
    ui: {
      label: 'Giá trị chuẩn',
      automatic: 'Tự động ({{population}})',
      inUse: 'So sánh với: {{set}}',
      defaultLabel: 'Nhóm dân số chuẩn mặc định',
      profilogram:
        'Biểu đồ profilogram vẫn dùng đa giác Björk của người trưởng thành: chưa có đa giác công bố cho nhóm dân số hay độ tuổi này.',
    },
  },
};

/** The population's name in `lang`. */
export function populationName(population: Population, lang: ReportLang): string {
  return WORDS[lang].populations[population];
}

/** "Chinese, adult, men": the chosen set (or, without one, the population and band asked for). */
export function normSetLabel(selection: NormSetSelection, lang: ReportLang): string {
  const w = WORDS[lang];
  const sex = selection.set === null || selection.set.sex === 'any' ? '' : `, ${w[selection.set.sex]}`;
  const band = selection.ageBand === null ? '' : w.bands[selection.ageBand];
  return fillLabel(w.set, { population: w.populations[selection.population], band, sex }).replace(/[,，、]\s*$/, '');
}

/** Why no set applies, or null when one does. */
export function normSetProblem(selection: NormSetSelection, lang: ReportLang): string | null {
  if (selection.reason === 'ok') return null;
  return fillLabel(WORDS[lang].reasons[selection.reason], { set: normSetLabel(selection, lang) });
}

/**
 * The remark on one measurement's norm under `selection`: null for the baseline (Caucasian adult, whose
 * notes are the catalogue's own); the set and the source for a published cell; "no published norm" else.
 * `normSource` is the norm's `source` as `applyNormSet` writes it (`<set id> [N1]`), or null. A catalogue
 * norm kept by a Caucasian child set (no source key) keeps the catalogue's own remark: null.
 */
export function normSourceNote(selection: NormSetSelection, normSource: string | null, lang: ReportLang): string | null {
  if (selection.set?.baseline === true) return null;
  const set = normSetLabel(selection, lang);
  if (normSource === null) return fillLabel(WORDS[lang].noNorm, { set });
  const key = /\[(N\d+)\]$/.exec(normSource)?.[1] as NormSourceKey | undefined;
  if (key === undefined) return null;
  return fillLabel(WORDS[lang].source, { set, citation: `${NORM_SOURCE_CITATIONS[key]} [${key}]` });
}

/** The viewer's and Settings' words for the norm-set choice in `lang`. */
export function normChoiceWords(lang: ReportLang): NormWords['ui'] {
  return WORDS[lang].ui;
}
