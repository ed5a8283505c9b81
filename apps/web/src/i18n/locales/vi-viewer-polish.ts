import type { ViewerPolishDictionary } from './en-viewer-polish.ts';

export const viViewerPolish: ViewerPolishDictionary = {
  resetAllTitle: 'Đặt lại tất cả điểm mốc về vị trí AI?',
  resetAllText: 'Mọi điểm mốc bạn đã di chuyển hoặc đặt sẽ trở về vị trí AI. Bạn vẫn có thể hoàn tác.',
  resetAllConfirm: 'Đặt lại tất cả',
  resetAllCancel: 'Hủy',
};
