import type { ViewerPolishDictionary } from './en-viewer-polish.ts';

export const zhViewerPolish: ViewerPolishDictionary = {
  resetAllTitle: '将所有标志点重置为 AI 位置？',
  resetAllText: '您移动或放置的所有标志点都将回到 AI 位置。此操作仍可撤销。',
  resetAllConfirm: '全部重置',
  resetAllCancel: '取消',
};
