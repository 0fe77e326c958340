import { themeToCss } from '@forecourt/contracts/theme-css';
import type { WebConfig } from '../lib/config.tsx';

/**
 * The server inlines the brand's theme and title into index.html; the Vite dev server does not, so in
 * development the app adds them itself from the fetched config. Compiled out of production builds.
 */
export function applyDevTheme(config: WebConfig, doc: Document = document): void {
  if (!import.meta.env.DEV || doc.getElementById('forecourt-theme')) return;
  const style = doc.createElement('style');
  style.id = 'forecourt-theme';
  style.textContent = themeToCss(config.theme);
  doc.head.append(style);
  doc.title = `${config.name} car insurance`;
}
