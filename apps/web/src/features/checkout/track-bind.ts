declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/**
 * The bind tracking event (spec 3 §2 "Checkout success"): one `bind` event carrying the policy id on the page's
 * data layer (tag managers read it), once per policy in this tab.
 */
export function trackBind(policyId: string) {
  const key = `tracked-bind:${policyId}`;
  if (window.sessionStorage.getItem(key)) return;
  window.sessionStorage.setItem(key, '1');
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: 'bind', policyId });
}
