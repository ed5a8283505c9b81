import type { ViewerPolishDictionary } from './en-viewer-polish.ts';

export const jaViewerPolish: ViewerPolishDictionary = {
  resetAllTitle: 'すべてのランドマークをAIの位置に戻しますか？',
  resetAllText: '移動または配置したすべてのランドマークがAIの位置に戻ります。この操作は元に戻せます。',
  resetAllConfirm: 'すべて戻す',
  resetAllCancel: 'キャンセル',
};
