import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Component tests render journey pages directly, without the route loaders that add their texts.
await import('../src/lib/i18n/journey-texts.ts');
