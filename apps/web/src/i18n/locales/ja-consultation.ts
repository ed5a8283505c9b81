import type { enConsultation } from './en-consultation.ts';

export const jaConsultation: typeof enConsultation = {
  open: 'カウンセリング',
  openTitle: '患者さんに計画を見せる：治療前後、全画面、患者さんの言語で',
  label: 'カウンセリング',
  close: '閉じる',
  closeTitle: 'ビューアーに戻る（Esc）',
  language: '患者さんの言語',
  view: '写真の表示',
  sideBySide: '左右に並べる',
  slider: 'スライダー',
  divider: '治療前後の境界線',
  print: '印刷',
  pdf: 'PDFをダウンロード',
  pdfBusy: 'PDFを準備中…',
  pdfFailed: 'PDFを作成できませんでした。',
  fullscreen: '全画面',
  loading: '読み込み中…',
  failed: 'カウンセリング画面を読み込めませんでした。',
  photoFailed: '顔写真を読み込めませんでした。',
};
