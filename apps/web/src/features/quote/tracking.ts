const KEY = 'forecourt.tracking';

/** Tracking parameters of the landing URL, kept for the session (spec 3 §9). */
export function saveTracking(search: URLSearchParams, parameters: string[]) {
  const found = Object.fromEntries(
    parameters.flatMap((p) => (search.get(p) ? [[p, String(search.get(p))]] : [])),
  );
  if (Object.keys(found).length > 0) window.sessionStorage.setItem(KEY, JSON.stringify(found));
}

export function savedTracking(): Record<string, string> {
  try {
    return JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}
