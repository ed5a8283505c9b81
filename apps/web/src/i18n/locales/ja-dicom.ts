import type { DicomDictionary } from './en-dicom.ts';

/** 日本語: DICOM 画像（ドロップ領域、患者情報の提案、拒否メッセージ、キャリブレーション表示）。 */
export const jaDicom: DicomDictionary = {
  drop: {
    types: 'JPG、PNG または DICOM',
    tag: 'DICOM ファイル',
    size: '{{columns}} × {{rows}} px',
    spacing: 'ピクセル間隔 {{row}} × {{column}} mm',
    imagerSpacing: '検出器ピクセル間隔 {{row}} × {{column}} mm',
    noSpacing: 'ファイルにピクセル間隔がありません',
    noPreview: 'この圧縮形式はプレビューできません。画像はアップロード後に表示されます。',
    reading: '画像を読み込み中…',
  },
  errors: {
    title: 'DICOM ファイルを受け付けられません',
    DICOM_UNREADABLE: 'この DICOM ファイルを読み込めません。破損しているか、対応していないピクセル形式です。',
    DICOM_UNSUPPORTED_SYNTAX:
      'この DICOM ファイルの転送構文 {{syntax}} には対応していません。非圧縮または JPEG（ベースライン／ロスレス）で書き出してください。',
    DICOM_NO_PIXEL_DATA: 'この DICOM ファイルには画像が含まれていません。',
    DICOM_MULTI_FRAME: 'この DICOM ファイルには複数のフレームがあります。セファロ画像を 1 枚の画像として書き出してください。',
    DICOM_NOT_IMAGE: 'この DICOM ファイルは X 線画像ではありません（レポートなど別の種類のオブジェクトの可能性があります）。',
  },
  prefill: {
    title: 'DICOM ファイルから読み取った情報',
    intro: '空欄をこの情報で埋めますか？ 入力済みの内容はそのまま残ります。',
    name: '氏名',
    birth: '生年月日',
    gender: '性別',
    studyDate: '撮影日',
    male: '男性',
    female: '女性',
    kept: '入力済みの {{value}} を保持',
    use: '入力する',
    dismiss: '無視',
  },
  calibration: {
    badge: 'DICOM · {{ppm}} px/mm',
    pixelSpacing: 'Pixel Spacing {{row}} × {{column}} mm',
    imagerSpacing: 'Imager Pixel Spacing {{row}} × {{column}} mm（患者面で換算）',
    magnification: '拡大率 {{factor}} で除算',
    report: 'DICOM ピクセル間隔、{{ppm}} px/mm',
  },
};
