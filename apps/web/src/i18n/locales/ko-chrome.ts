import type { ChromeDictionary } from './en-chrome.ts';

/** 공통 화면 요소의 한국어 문구: 운영자 공지와 약관 페이지. */
export const koChrome: ChromeDictionary = {
  notices: {
    region: '공지',
    dismiss: '이 공지 닫기',
  },
  legal: {
    loading: '문서를 불러오는 중…',
    loadFailed: '문서를 불러오지 못했습니다.',
    retry: '다시 시도',
    template:
      '견본: 이 서비스의 운영자가 아직 자체 문서를 게시하지 않았습니다. 아래 내용은 Ceppro와 함께 제공되는 견본이며, 이용자에게 적용되는 약관이 아닙니다.',
    otherLanguage: '이 문서는 사용 중인 언어로 제공되지 않아 {{language}}(으)로 표시합니다.',
  },
};
