import type { UploadDictionary } from './en-upload.ts';

export const jaUpload: UploadDictionary = {
  title: '画像を処理中',
  step: {
    prepare: 'チャートを準備しています…',
    upload: '画像をアップロード中… {{percent}}%',
    thumbnail: 'サムネイルを保存 {{saved}}/{{expected}}',
    detect: 'AIランドマーク検出中…',
    done: '完了',
  },
};
