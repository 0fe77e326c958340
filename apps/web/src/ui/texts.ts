/** Texts of the UI kit (src/ui). Every visible string of a widget is keyed here with its English default. */
export const uiTexts: Record<string, string> = {
  'ui.modal.close': 'Close',
  'ui.select.noMatches': 'Sorry, no matches found',
  'ui.spinner.loading': 'Loading',
  'ui.snackbar.dismiss': 'Dismiss',
};
