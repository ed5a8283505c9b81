import type { AboutAiDictionary } from './en-about-ai.ts';

/** Japanese texts of the "About the AI" page (`/about-ai`). */
export const jaAboutAi: AboutAiDictionary = {
  title: 'AIについて',
  intro:
    'Ceppro が使用するランドマークモデル、その学習データ、測定された精度です。すべての数値はモデルと一緒に公開されたモデルカードから読み込まれます。',
  loading: 'モデルカードを読み込み中…',
  unavailable: '使用中のモデルのモデルカードはまだありません。',
  loadFailed: 'モデルカードを読み込めませんでした。',
  retry: '再試行',
  disclaimerTitle: '医療従事者のための参考情報であり、診断ではありません',
  model: {
    heading: 'モデル',
    id: 'モデル',
    version: 'バージョン',
    trainedOn: '学習データ',
    generated: 'カード作成日',
    training: '学習',
  },
  summary: {
    heading: '測定された精度',
    hint: '平均半径誤差（MRE）は AI のランドマークと基準位置との平均距離、SD はそのばらつきです。SDR は 2、2.5、3、4 mm 以内に入ったランドマークの割合です。「推定ピクセル間隔」と表示された mm の値は推定したピクセルサイズに基づきます。',
    dataset: 'データセットと装置',
    films: 'フィルム数',
    mre: 'MRE',
    sd: 'SD',
    sdr: 'SDR {{mm}} mm',
    annotators: '2名の評価者',
    review: '「要確認」表示',
    reference: '比較対象：',
    refused: '{{n}}枚を拒否',
    pctSn: 'S-N の {{percent}}',
    estimated: '推定ピクセル間隔',
    measured: '実測ピクセル間隔',
    interAnnotator: '評価者間：{{mm}}',
    modelVsMean: 'AI と2名の平均：{{mm}}',
    reviewThreshold: '信頼度 {{percent}} 未満',
    reviewRecall: '2 mm 超の誤差の {{percent}} を検出',
    reviewFlagged: 'ランドマークの {{percent}} を表示',
    reviewAuroc: 'AUROC {{value}}',
    reviewGross: '4 mm 超の誤差',
    grossRecall: '表示で {{percent}} を検出',
    grossLeastConfident: '{{percent}} が信頼度の最も低い 10% のランドマークに含まれる',
    adaptation: '医院への適応',
    adaptationWithout: '適応なし：{{mm}}、2 mm 以内 {{percent}}',
    adaptationAfter: '修正フィルム {{n}} 枚の後：{{mm}}、2 mm 以内 {{percent}}',
    adaptationHint:
      '医院への適応：AI は医院が修正したフィルムから、その医院でのランドマークの配置の仕方を学習し、' +
      '次のフィルムにも同じように配置します。各データセットでシミュレーションしています。最初のフィルムを' +
      '基準位置に修正し、その後のフィルムで測定し、フィルムの順序を {{draws}} 通り無作為に変えて平均しました。',
    none: '—',
  },
  perLandmark: {
    heading: 'ランドマークごとの誤差',
    hint: 'ランドマークごとの MRE と 2 mm 以内の割合です。平均 dx・dy は基準位置に対する AI の平均符号付きずれです（x は右、y は下）。平均が大きい場合は、ばらつきよりもランドマーク定義の違いを示します。',
    count: 'ランドマーク {{n}} 個',
    landmark: 'ランドマーク',
    mre: 'MRE',
    sdr2: '2 mm 以内',
    dx: '平均 dx (mm)',
    dy: '平均 dy (mm)',
  },
  landmarks: {
    heading: 'AI が配置するランドマーク（{{n}} 個）',
    hint: 'モデルの出力順です。名称はモデルカードの表記（英語）のままです。',
  },
};
