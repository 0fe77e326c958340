import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
