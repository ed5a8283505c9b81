import type { ChromeDictionary } from './en-chrome.ts';

/** 共通部分の日本語テキスト: 運営者のお知らせと規約ページ。 */
export const jaChrome: ChromeDictionary = {
  notices: {
    region: 'お知らせ',
    dismiss: 'このお知らせを閉じる',
  },
  legal: {
    loading: '文書を読み込んでいます…',
    loadFailed: '文書を読み込めませんでした。',
    retry: '再試行',
    template:
      'ひな形: このサービスの運営者はまだ独自の文書を公開していません。以下は Ceppro に同梱されたひな形であり、あなたに適用される規約ではありません。',
    otherLanguage: 'この文書はお使いの言語では提供されていないため、{{language}}で表示しています。',
  },
};
