import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The files of a worker share one window and one module graph (isolate: false, ADR 373): a file starts from the
// window a fresh one would have, and nothing a test stubs or fakes outlives it. This runs before each file.
const undoStubsAndFakeTimers = () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
};
undoStubsAndFakeTimers();
sessionStorage.clear();
localStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar is emptied the way a page would.
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
window.history.replaceState(null, '', '/');
document.title = '';
document.body.innerHTML = '';
for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
// user-event's fake clipboard (put on navigator by userEvent.setup()) and tests' own stand-ins, and the tag
// manager's data layer a bind pushes to.
if (Object.hasOwn(navigator, 'clipboard')) Reflect.deleteProperty(navigator, 'clipboard');
Reflect.deleteProperty(window, 'dataLayer');
// The shell's error modal state is the app's own module state: a file starts with none showing.
const { clearGlobalError } = await import('../src/app/errors/global-errors.ts');
clearGlobalError();
// Registered first, so run last (after hooks run in reverse): after React's trees are unmounted.
afterEach(undoStubsAndFakeTimers);
afterEach(() => cleanup());

// findBy*/waitFor wait up to 5 s rather than 1 s: the suite runs two files at once on two cores (ADR 280),
// and a page that renders late under load is not a defect; one that never renders still fails.
configure({ asyncUtilTimeout: 5_000 });

// Component tests render journey pages directly, without the route loaders that add their texts.
await import('../src/lib/i18n/journey-texts.ts');

// A mocked API answer that its contract forbids fails the test (lib/api/endpoint.ts checks every answer).
// The contract schemas load here, once per file, rather than inside a test's waiting time.
const { contractViolations } = await import('../src/lib/api/endpoint.ts');
const { endpoints } = await import('../src/lib/api/endpoints.ts');
const { partnerEndpoints } = await import('../src/lib/api/partner-endpoints.ts');
await Promise.all([...Object.values(endpoints), ...Object.values(partnerEndpoints)].map((e) => e.schemas()));
afterEach(() => {
  const found = contractViolations.splice(0);
  if (found.length) throw new Error(`Mocked API answers break the contracts:\n${found.join('\n')}`);
});
