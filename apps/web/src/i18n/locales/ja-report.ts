import { REPORT_SHARED_LABELS } from '@ceppro/contract';
import type { ReportDictionary } from './en-report.ts';

/** 日本語: ビューアーのレポートタブ、印刷レポート、ビューアーのロックボタン。 */
export const jaReport: ReportDictionary = {
  ...REPORT_SHARED_LABELS.ja,
  tab: 'レポート',
  intro: 'このフィルムのレポートを印刷、またはPDFでダウンロードします：患者情報、ランドマークとトレースを表示したフィルム、分析表。',
  print: '印刷',
  preparing: '印刷を準備しています…',
  downloadPdf: 'PDFをダウンロード',
  downloading: 'PDFを作成しています…',
  downloadFailed: 'PDFを作成できませんでした。もう一度お試しください。',
  saving: '編集内容を保存しています…',
  printFailed: '印刷用のレポートを準備できませんでした。もう一度お試しください。',
  saveFailed: '編集内容を保存できなかったため、古いデータでレポートを作成しませんでした。接続を確認して、もう一度お試しください。',
  noImage: 'このカルテにはレポートするセファロ画像がありません。',
  noAnalysis: 'このカルテにはまだレポートするランドマークがありません。',
  unsavedNote: 'レポートは印刷もPDFも、サーバーに保存された記録から作成されます。未保存の編集は先に保存されます。',
  filmFailed: '印刷用のフィルムを描画できませんでした。',
  filmAlt: '{{name}}さんのランドマークとトレースを表示したセファロ画像',
  footer: 'Ceppro · {{date}}',
  lock: 'ロック',
  lockTitle: '画面をロック（アカウントのパスワードで解除）',
};
