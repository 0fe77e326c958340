/** Texts of the shell (src/app): navigation, footer, cookie banner, global errors. */
export const appTexts: Record<string, string> = {
  'app.loading': 'Loading…',
  'app.placeholder.header': 'Coming soon',
  'app.placeholder.body': 'This page is part of a later release.',
};
