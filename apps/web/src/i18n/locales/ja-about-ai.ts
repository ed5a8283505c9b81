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
    hint: 'モデルの出力順です。名称はビューアのランドマーク一覧と同じです。',
  },
  /** The model card's own texts (keys and English in en-about-ai.ts). */
  card: {
    disclaimer: 'AIランドマークは医療スタッフのための参考情報であり、診断ではありません。',
    training: 'ISBI 2015 の学習用フィルム 150 枚（装置 1 機種）に、他の装置や医院の画像を模したデータ拡張を加えて学習しました。',
    trainingEnvironment: '学習環境：Python {{python}}、PyTorch {{torch}}。',
    trainedOn: 'ISBI 2015 学習用フィルム 150 枚',
    sets: {
      'isbi2015-test1': {
        label: 'ISBI 2015 Test1（フィルム 151〜300 番）',
        device: 'Soredex CRANEX（台湾）：学習用フィルムを撮影した装置',
        reference: 'アノテーション 1 件（ISBI 2015 チャレンジ）',
        note: '原画像 0.1 mm/px、保存時 0.2 mm/px',
      },
      hamedan: {
        label: 'ハマダーン大学（フィルム 150 枚）',
        device: '別の装置（機種の記載なし）、イラン・ハマダーン',
        reference: '矯正歯科医 2 名の平均',
        note: 'ピクセル間隔は不明：0.144 mm/px（データセットの作成者が自らの結果で用いている推定値）',
      },
      'hamedan-machine-porion': {
        label: 'ハマダーン大学（フィルム 150 枚）、設定：ポリオン = 機械的ポリオン（イヤーロッド）',
        device: '別の装置（機種の記載なし）、イラン・ハマダーン',
        reference: '矯正歯科医 2 名の平均（機械的ポリオンで付点）',
        note: 'ピクセル間隔は不明：0.144 mm/px。医院が設定で選ぶ定義を、先にすべてのフィルムに適用',
      },
    },
  },
};
