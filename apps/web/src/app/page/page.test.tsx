import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../test-render.tsx';
import { Page } from './page.tsx';

describe('Page shell (spec 1 §2.3)', () => {
  it('renders back link, upper header, header, subheader, content and page footer', () => {
    renderShell(
      <Page
        back={{ to: '/car-insurance', label: 'Back to your quote' }}
        upperHeader="Step 2 of 5"
        header="About you"
        subheader="We use this to price your cover."
        footer={<p>Page note</p>}
      >
        <p>Content</p>
      </Page>,
    );
    expect(screen.getByRole('link', { name: 'Back to your quote' })).toHaveAttribute(
      'href',
      '/car-insurance',
    );
    expect(screen.getByText('Step 2 of 5')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
    expect(screen.getByText('We use this to price your cover.')).toBeVisible();
    expect(screen.getByText('Content')).toBeVisible();
    expect(screen.getByText('Page note')).toBeVisible();
  });

  it('shows only what it is given; the back link text defaults to Back', () => {
    renderShell(<Page back={{ to: '/' }}>x</Page>);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Help with this page' })).toBeNull();
  });

  it('opens its help link in an overlay frame and closes it', async () => {
    renderShell(<Page header="Your car" help={{ url: '/content/questions/vehicle.html' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Help with this page' }));
    const frame = screen.getByTitle('Help');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/content/questions/vehicle.html');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTitle('Help')).toBeNull();
  });
});
