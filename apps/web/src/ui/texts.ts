/** Texts of the UI kit (src/ui). */
export const uiTexts: Record<string, string> = {
  'ui.modal.close': 'Close',
  'ui.select.noMatches': 'Sorry, no matches found',
};
