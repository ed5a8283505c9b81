import type { UploadDictionary } from './en-upload.ts';

export const koUpload: UploadDictionary = {
  title: '이미지 처리 중',
  step: {
    prepare: '차트를 준비하는 중…',
    upload: '이미지 업로드 중… {{percent}}%',
    thumbnail: '썸네일 저장 {{saved}}/{{expected}}',
    detect: 'AI 랜드마크 검출 중…',
    done: '완료',
  },
};
