import type { Dictionary } from './en.ts';

/** Japanese texts of the viewer's Growth tab. */
export const jaGrowth: Dictionary['growth'] = {
  tab: '成長',
  title: '成長予測',
  noRecord: 'このチャートにはまだ計測点がありません。',
  loading: '成長予測を読み込み中…',
  years: '予測年数',
  show: 'フィルム上に表示',
  age: '撮影日の年齢',
  ageValue: '{{age}}歳',
  sex: '性別',
  male: '男児',
  female: '女児',
  unknown: '不明',
  target: '予測時点',
  meanNote: '平均的な予測です。この子ではなく、同じ年齢・性別の平均的な子の成長を示します。フィルム上に破線で表示します。',
  point: '計測点',
  dimension: '基準距離',
  move: '移動 (mm)',
  sd: '標準偏差 (mm)',
  sdNote:
    '標準偏差：基準資料で予測年齢の子どもの間でその距離がどれだけ異なるか (1 SD、フィルム上の円)。' +
    '一人の子の年間成長量のばらつきはその資料に公表されていないため、予測区間ではありません。',
  notForecast: '予測しないもの (公表された増加量なし)：軟組織、Ar、Co、Po、Or、Pt、Ptm。',
  method: '方法と出典',
  methodName:
    'ミシガン成長基準 (6–16歳、性別) の平均年間増加量を現在のトレースに加えます。頭蓋底は S で S–N に重ね合わせます ' +
    '(Johnston の予測グリッドと同じ方法)。各距離はそれぞれの直線に沿って伸びます。',
  population: '基準標本：米国アナーバーの University School Growth Study の子ども。',
  refused: {
    invalidYears: '1〜6年を選んでください。',
    ageUnknown: '予測は適用されません：患者の年齢が不明です。患者情報に生年月日を入力してください。',
    adult: '予測は適用されません：{{age}}歳で成長は終わっています (18歳以上)。',
    under6: '予測は適用されません：成長基準は6歳からです。',
    beyondStandards: '成長基準は16歳までです：{{age}}歳からは最大{{max}}年先まで予測できます。',
    sexRequired: '予測は適用されません：基準は性別ごとですが、患者の性別が不明です。',
    uncalibrated: 'フィルムが較正されておらず、成長増加量は mm 単位です：先にフィルムを較正してください (分析タブ)。',
    missingPoints: '計算できません：{{ids}} がありません。',
  },
};
