import type { ViewerPolishDictionary } from './en-viewer-polish.ts';

export const koViewerPolish: ViewerPolishDictionary = {
  resetAllTitle: '모든 랜드마크를 AI 위치로 되돌릴까요?',
  resetAllText: '이동하거나 배치한 모든 랜드마크가 AI 위치로 돌아갑니다. 실행 취소로 되돌릴 수 있습니다.',
  resetAllConfirm: '모두 되돌리기',
  resetAllCancel: '취소',
};
