import type { SettingsDictionary } from './en-settings.ts';

/** Japanese texts of the Settings section (`/setting`). */
export const jaSettings: SettingsDictionary = {
  loading: '設定を読み込み中…',
  loadFailed: '設定を読み込めませんでした。',
  retry: '再試行',
  calibration: 'キャリブレーション',
  ppm: '既定 PPM',
  ppmHint: 'ルーラーが描かれていないフィルムの計測に使う1ミリあたりのピクセル数です。空欄の場合、そのフィルムは未キャリブレーションのままで、長さはpxで表示されます。フィルムに描いたルーラーが常に優先されます。',
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
    autoZoom: 'ビューアを開いたときに自動で拡大',
    autoMeasurement: 'プロフィログラムで自動計測',
  },
  tissue: '組織の輪郭',
  hardTissue: '硬組織',
  softTissue: '軟組織',
  color: '色',
  size: 'サイズ',
  sizeHint: '色と線のサイズ（0〜100）。',
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
};
