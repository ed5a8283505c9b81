/** English texts of small viewer confirmations (Step 9 polish): "Reset all to AI". */
export const enViewerPolish = {
  resetAllTitle: 'Reset all landmarks to AI?',
  resetAllText: 'Every landmark you moved or placed goes back to the AI position. You can still undo this.',
  resetAllConfirm: 'Reset all',
  resetAllCancel: 'Cancel',
};

export type ViewerPolishDictionary = { [K in keyof typeof enViewerPolish]: string };
