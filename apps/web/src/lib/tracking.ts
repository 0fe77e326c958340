import { useEffect } from 'react';
import { call } from './api/endpoint.ts';
import { homeEndpoints } from './api/home-endpoints.ts';
import { useConfig } from './config.tsx';

const KEY = 'forecourt.tracking';
const SENT = 'forecourt.impressions';

/**
 * Tracking parameters of the landing URL (utm_* and the brand's others, `productConfig.tracking.parameters`),
 * kept for the session (spec 3 §9). Values already saved are kept when a later page has none.
 */
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

function sentImpressions(): string[] {
  try {
    const list = JSON.parse(window.sessionStorage.getItem(SENT) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * POST /api/insights/impression (spec 2 §7 postImpression, ADR 162): the session's tracking values for a
 * proposal, once per proposal and only when there are any. A failure is not the customer's problem: it is
 * dropped (the next page of the same proposal does not try again either, so a broken call never repeats).
 */
export async function sendImpressionOnce(proposalCode: string): Promise<void> {
  const values = savedTracking();
  if (Object.keys(values).length === 0) return;
  const sent = sentImpressions();
  if (sent.includes(proposalCode)) return;
  window.sessionStorage.setItem(SENT, JSON.stringify([...sent, proposalCode].slice(-50)));
  await call(homeEndpoints.postImpression, {
    body: { type: 'proposal', values, tags: { proposalCode } },
  }).catch(() => undefined);
}

/** Saves the landing URL's tracking values, whatever page the visitor lands on (the shell calls it once). */
export function useLandingTracking() {
  const { productConfig } = useConfig();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the landing URL only, once per page load.
  useEffect(() => {
    saveTracking(new URLSearchParams(window.location.search), productConfig.tracking.parameters);
  }, []);
}
