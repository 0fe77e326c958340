import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../test-render.tsx';
import { missingBrowserFeatures } from './detect-support.ts';
import { UnsupportedBrowser } from './unsupported-browser.tsx';

describe('unsupported-browser screen (spec 1 §2.6)', () => {
  it('recommends two browsers', () => {
    renderShell(<UnsupportedBrowser />);
    expect(screen.getByRole('heading', { name: 'Your browser is not supported' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('detects missing modern APIs', () => {
    const old = { ...window, fetch: undefined, structuredClone: undefined } as unknown as typeof window;
    expect(missingBrowserFeatures(old)).toEqual(expect.arrayContaining(['fetch', 'structuredClone']));
  });

  it('a brand can reword it', () => {
    renderShell(<UnsupportedBrowser />, { config: { texts: { 'unsupported.browser2': 'Microsoft Edge' } } });
    expect(screen.getByText('Microsoft Edge')).toBeVisible();
  });
});
