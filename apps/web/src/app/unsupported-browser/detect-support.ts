/**
 * Modern APIs the app relies on. A browser missing any of them gets the unsupported-browser screen instead
 * of a half-working app. (Browsers without ES modules never run the bundle: public/unsupported.js covers them.)
 */
export function missingBrowserFeatures(win: Window & typeof globalThis = window): string[] {
  const checks: Record<string, () => boolean> = {
    fetch: () => typeof win.fetch === 'function',
    abortController: () => typeof win.AbortController === 'function',
    sessionStorage: () => {
      try {
        return typeof win.sessionStorage?.getItem === 'function';
      } catch {
        return false;
      }
    },
    intersectionObserver: () => typeof win.IntersectionObserver === 'function',
    'Array.prototype.at': () => typeof Array.prototype.at === 'function',
    'Object.hasOwn': () => typeof Object.hasOwn === 'function',
    structuredClone: () => typeof win.structuredClone === 'function',
    'CSS custom properties': () => typeof win.CSS?.supports === 'function' && win.CSS.supports('--a', '0'),
  };
  return Object.entries(checks)
    .filter(([, check]) => !check())
    .map(([name]) => name);
}
