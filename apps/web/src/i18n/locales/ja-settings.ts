import type { SettingsDictionary } from './en-settings.ts';

/** Japanese texts of the Settings section (`/setting`). */
export const jaSettings: SettingsDictionary = {
  loading: '設定を読み込み中…',
  loadFailed: '設定を読み込めませんでした。',
  retry: '再試行',
  calibration: 'キャリブレーション',
  ppm: '既定 PPM',
  ppmHint:
    'ルーラーが描かれていないフィルムの計測に使う1ミリあたりのピクセル数です。空欄の場合、そのフィルムは未キャリブレーションのままで、長さはpxで表示されます。フィルムに描いたルーラーが常に優先されます。',
  ppmPlaceholder: '例: 10',
  ppmUnit: 'px/mm',
  display: 'ビューア表示',
  displayHint: 'ビューアを開いたときにチャートに表示するレイヤーです。ビューアでいつでも切り替えられます。',
  layers: {
    xray: 'X線',
    landmark: 'ランドマーク',
    tracing: 'トレーシングライン',
    plane: '基準平面',
  },
  behaviour: {
    autoZoom: 'ランドマーク一覧で選択したランドマークを自動で拡大表示',
    autoMeasurement: 'プロフィログラムで自動計測',
  },
  planes: {
    title: '基準平面',
    hint: 'ビューアで「基準平面」がオンのときに描画する平面です。',
    sn: 'SN（セラ–ナジオン）',
    fh: 'FH（フランクフルト平面）',
    palatal: 'PP（口蓋平面）',
    occlusal: 'OP（咬合平面）',
    mandibular: 'MP（下顎下縁平面）',
    facial: 'N-Pog（顔面平面）',
    eLine: 'Eライン（エステティックライン）',
  },
  tissue: '組織の輪郭',
  hardTissue: '硬組織',
  softTissue: '軟組織',
  color: '色',
  size: 'サイズ',
  sizeHint: '各組織のランドマークマーカーとトレース線の色とサイズ（0〜100、標準3）。硬組織には歯を含みます。',
  notSet: '未設定',
  errors: {
    ppmFormat: '小数点以下2桁までの数値を入力してください（例: 10、10.25）。',
    ppmRange: '0より大きく1000以下の数値を入力してください。',
    sizeRange: '0から100までのサイズを入力してください。',
    color: '色を選択してください。',
  },
  save: '保存',
  saving: '保存中…',
  saveFailed: '設定を保存できませんでした。もう一度お試しください。',
  savedTitle: '設定を保存しました',
  savedText: '今後、ビューアはこの設定で開きます。',
  definitions: {
    title: 'ランドマークの定義',
    intro:
      '学派によって定義が異なるランドマークについて、AIの点が従う定義を選びます。選んだ点は検出したランドマークとフィルムから計算します。',
    loading: 'ランドマークの定義を読み込み中…',
    loadFailed: 'ランドマークの定義を読み込めませんでした。',
    note: 'これから検出するフィルムに適用されます。分析済みのフィルムの点は変わりません。選んだ構造がフィルムに写っていない場合はAIの点のままです。修正から学習した内容は定義ごとに保持されます。',
    saveFailed: '定義を保存できませんでした。もう一度お試しください。',
  },
  adaptation: {
    title: 'あなたのフィルムに合わせたAI',
    loading: 'AIがあなたのフィルムから学習した内容を読み込み中…',
    loadFailed: 'AIがあなたのフィルムから学習した内容を読み込めませんでした。',
    learned: '修正したフィルム{{count}}枚から学習',
    learnedOne: '修正したフィルム1枚から学習',
    notYet:
      'まだ何も学習していません。AIが配置したランドマークを修正して保存すると、AIは貴院での配置の仕方' +
      '（例: 機械的ポリオン）を学習し、新しいフィルムにも同じように配置します。',
    noShifts: '修正内容にまだ一貫したずれは見られません。平均すると、AIはすでにあなたと同じ位置にランドマークを配置しています。',
    switch: '学習した内容を新しいフィルムに適用する',
    onHint:
      '新しいフィルムには、下のずれの分だけ移動したAIの位置が表示されます。ビューアの「AIの位置に戻す」はこの調整後の位置に戻します。',
    offHint: 'オフ: 新しいフィルムにはモデル本来の位置が表示されます。修正内容の学習は続きます。',
    table: {
      landmark: 'ランドマーク',
      shift: 'ずれ',
      films: 'フィルム数',
    },
    shift: {
      anterior: '前方 {{mm}} mm',
      posterior: '後方 {{mm}} mm',
      superior: '上方 {{mm}} mm',
      inferior: '下方 {{mm}} mm',
      join: '{{first}}、{{second}}',
      none: '0.1 mm未満',
    },
    nominal: 'ミリ値は平均的なS-N長 {{mm}} mm を仮定しています。キャリブレーション済みのフィルムがまだありません。',
    calibrated: 'ミリ値はキャリブレーション済みフィルムのS-N長（{{mm}} mm）に基づいています。',
    reset: 'リセット',
    resetTitle: 'AIが学習した内容をリセットしますか？',
    resetText:
      'AIは修正されたフィルムをすべて忘れ、新しいフィルムを修正するまでモデルどおりにランドマークを配置します。' +
      '分析済みのフィルムのランドマークはそのまま残ります。',
    resetConfirm: 'リセット',
    resetCancel: 'キャンセル',
    saveFailed: '変更を保存できませんでした。もう一度お試しください。',
  },
};
