import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminConfig, renderShell } from '../test-render.tsx';
import { Footer } from './footer.tsx';
import { Navigation } from './navigation.tsx';

describe('navigation (spec 1 §2.1)', () => {
  it('shows the brand logo linking home, help and sign-in for visitors', () => {
    renderShell(<Navigation />);
    expect(screen.getByRole('link', { name: 'Forecourt home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('img', { name: 'Forecourt' })).toHaveAttribute(
      'src',
      '/brands/forecourt/logo.svg',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('help opens the chat panel', async () => {
    renderShell(<Navigation />);
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByTestId('chat-panel')).toHaveTextContent('Call us on 0330 123 4567');
  });

  it('gives admins a help button that does nothing', async () => {
    renderShell(<Navigation />, { config: adminConfig() });
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('chat-panel')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('shows the user menu slot when signed in', () => {
    renderShell(<Navigation />, { slots: { signedIn: true, userMenu: <button type="button">JD</button> } });
    expect(screen.getByRole('button', { name: 'JD' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('hides account navigation on the retrieve page', () => {
    renderShell(<Navigation />, { path: '/retrieve', slots: { signedIn: true, userMenu: <span>JD</span> } });
    expect(screen.queryByText('JD')).toBeNull();
    renderShell(<Navigation />, { path: '/retrieve/details' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});

describe('footer (spec 1 §2.3)', () => {
  it("has the review-provider link, the brand's links and 'powered by'", () => {
    renderShell(<Footer />);
    expect(screen.getByRole('link', { name: /Read our reviews on Trustpilot/ })).toHaveAttribute(
      'href',
      'https://uk.trustpilot.com/',
    );
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/documents/static/privacy-policy.html',
    );
    expect(screen.getByText('Powered by Forecourt Insurance Platform')).toBeVisible();
  });
});
