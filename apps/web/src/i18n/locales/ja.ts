import type { Dictionary } from './en.ts';
import { jaAccount } from './ja-account.ts';
import { jaExports } from './ja-exports.ts';
import { jaProfilogram } from './ja-profilogram.ts';
import { jaGrowth } from './ja-growth.ts';
import { jaAuth } from './ja-auth.ts';
import { jaViewerPolish } from './ja-viewer-polish.ts';
import { jaSuperimposition } from './ja-superimposition.ts';
import { jaVto } from './ja-vto.ts';
import { jaConsultation } from './ja-consultation.ts';
import { jaDrawing } from './ja-drawing.ts';
import { jaMembership } from './ja-membership.ts';
import { jaAudit } from './ja-audit.ts';
import { jaAdmin } from './ja-admin.ts';
import { jaDicom } from './ja-dicom.ts';
import { jaPacs } from './ja-pacs.ts';
import { jaChrome } from './ja-chrome.ts';
import { jaClinic } from './ja-clinic.ts';
import { jaSto } from './ja-sto.ts';

export const ja: Dictionary = {
  ...jaAccount,
  exports: jaExports,
  auth: jaAuth,
  profilogram: jaProfilogram,
  growth: jaGrowth,
  viewerPolish: jaViewerPolish,
  superimposition: jaSuperimposition,
  vto: jaVto,
  consultation: jaConsultation,
  drawing: jaDrawing,
  membership: jaMembership,
  audit: jaAudit,
  admin: jaAdmin,
  dicom: jaDicom,
  pacs: jaPacs,
  chrome: jaChrome,
  clinic: jaClinic,
  sto: jaSto,
  language: { self: '日本語', label: '言語' },
  common: {
    close: '閉じる',
    confirm: '確認',
    cancel: 'キャンセル',
    back: '戻る',
    loading: '読み込み中…',
  },
  header: {
    home: 'Ceppro ホーム',
    manual: 'マニュアルをダウンロード',
    settings: '設定',
    userMenu: 'アカウントメニュー',
    signOut: 'ログアウト',
  },
  footer: {
    legal: '規約',
    terms: '利用規約',
    privacy: 'プライバシーポリシー',
    version: 'Ver {{version}} ({{date}})',
    company: '© {{year}} {{company}} 無断転載を禁じます。',
    device: {
      item: '品目名',
      itemValue: '医用画像解析ソフトウェア',
      model: '型式',
      product: '製品名',
      udi: 'UDIコード',
      class: 'クラス{{class}}医療機器',
    },
  },
  cookie: {
    label: 'Cookie について',
    message:
      'Ceppro はログイン状態と設定を保持するために Cookie を使用します。引き続きご利用いただくと、Cookie の使用に同意したものとみなされます。',
    accept: '同意する',
  },
  toast: {
    region: '通知',
    clearAll: 'すべてクリア',
    dismiss: '閉じる',
    kind: { success: '成功', warning: '警告', error: 'エラー' },
  },
  popup: { doNotOpenToday: '今日は表示しない' },
  gate: {
    offline: '現在オフラインです。インターネット接続を確認してください。',
    notChromeTitle: 'Chrome をご利用ください',
    notChrome: 'Ceppro は Google Chrome ブラウザでのみご利用いただけます。Chrome でこのページを開いてください。',
    mobileTitle: 'パソコンでご利用ください',
    mobile: 'Ceppro ビューアはパソコンが必要です。モバイル端末ではご利用いただけません。',
    tooSmallTitle: 'ウィンドウが小さすぎます',
    tooSmall: 'Ceppro を使用するには、ブラウザのウィンドウを {{width}} × {{height}} ピクセル以上にしてください。',
  },
  placeholder: { badge: '準備中' },
  screens: {
    viewer: { title: 'ビューア', body: 'チャート {{id}} のセファロビューアがここに表示されます。' },
    account: {
      nav: 'アカウントメニュー',
      setting: {
        title: '設定',
        body: 'ビューアを開くときの設定です：ルーラーのないフィルムのキャリブレーション、表示するレイヤー、組織の輪郭。',
      },
      drawingPad: { title: '描画パッド', body: 'ビューアーで新しく描くときのペンの初期設定です。' },
      membership: { title: 'メンバーシップ', body: 'ご契約のプラン、次回の請求、請求履歴です。' },
      clinic: { title: 'クリニック', body: 'あなたのクリニック：メンバーと役割、招待、クリニックの情報です。' },
      myInfo: { title: 'マイ情報', body: '登録時に入力した情報です。メールアドレスと携帯電話番号はそれぞれの変更ページで変更できます。' },
      resetEmail: {
        title: 'メールアドレスの変更',
        body: '新しいアドレスに送信したメールのリンクを開くと、ログイン用メールアドレスが変更されます。',
      },
      resetPassword: { title: 'パスワードの変更', body: '現在のパスワードを入力し、新しいパスワードを2回入力してください。' },
      resetMobile: { title: '携帯電話番号の変更', body: '新しい番号に認証コードを送信して確認します。' },
    },
  },
  demo: {
    toast: {
      title: 'トーストのデモ',
      intro: '各ボタンで異なる種類の通知を表示します。',
      showSuccess: '成功トースト',
      showWarning: '警告トースト',
      showError: 'エラートースト',
      successTitle: '成功',
      successText: '成功メッセージのサンプルです。',
      warningTitle: '警告',
      warningText: '警告メッセージのサンプルです。',
      errorTitle: 'エラー',
      errorText: 'エラーメッセージのサンプルです。',
    },
    confirm: {
      title: 'ポップアップのデモ',
      intro: 'サブスクリプション解約時の確認ポップアップを開きます。',
      open: 'サブスクリプションを解約',
      popupTitle: 'サブスクリプションの解約',
      popupText: '請求日以降、サブスクリプション料金 50,000 ウォンが請求されます（1 製品を除く）。本当に解約しますか？',
      popupConfirm: '解約する',
      popupCancel: '継続する',
      doneTitle: 'デモ',
      doneText: '何も解約されていません。この画面はデモです。',
      eventOpen: 'イベントポップアップ',
      eventTitle: 'お知らせ',
      eventText: 'イベントポップアップのサンプルです。「今日は表示しない」にチェックすると明日まで表示されません。',
      eventHiddenTitle: 'イベントポップアップ非表示',
      eventHiddenText: '今日は表示しない設定になっています。',
      loading: 'ローディング表示（2 秒）',
    },
  },
  errors: {
    notFound: {
      code: '404',
      title: 'ページが見つかりません',
      body: 'お探しのページは存在しないか、移動した可能性があります。',
      home: 'ホームへ',
    },
    serverError: {
      code: '500',
      title: 'このページは動作していません',
      body: '問題が発生しました。しばらくしてからもう一度お試しください。',
      reload: '再読み込み',
      home: 'ホームへ',
    },
  },
};
