import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { Card } from './card.tsx';
import { PageWidth } from './page-width.tsx';
import { PromoBanner } from './promo-banner.tsx';
import { SidebarLayout } from './sidebar-layout.tsx';
import { StickyHeader } from './sticky-header.tsx';

const css = readFileSync(`${import.meta.dirname}/layout.module.css`, 'utf8');

describe('layout pieces', () => {
  it('StickyHeader is a sticky container at the top', () => {
    renderUi(<StickyHeader>Your quote</StickyHeader>);
    expect(screen.getByText('Your quote')).toHaveClass('stickyHeader');
    expect(css).toMatch(/\.stickyHeader \{\s*position: sticky;\s*top: 0;/);
  });

  it('SidebarLayout puts the sidebar in a labelled aside sticky at top 4rem', () => {
    renderUi(
      <SidebarLayout sidebar={<p>£42.10 a month</p>} sidebarLabel="Price summary">
        <p>Questions</p>
      </SidebarLayout>,
    );
    const aside = screen.getByRole('complementary', { name: 'Price summary' });
    expect(aside).toHaveTextContent('£42.10 a month');
    expect(aside).toHaveStyle({ top: '4rem' });
    expect(css).toMatch(/\.sidebar \{\s*position: sticky;/);
  });

  it('PromoBanner shows its image, heading, text and action', () => {
    renderUi(
      <PromoBanner
        title="First month free"
        image={{ src: '/promo.jpg', alt: 'A car on a road' }}
        action={<a href="/x">See terms</a>}
      >
        For new customers.
      </PromoBanner>,
    );
    expect(screen.getByRole('img', { name: 'A car on a road' })).toHaveAttribute('src', '/promo.jpg');
    expect(screen.getByRole('img', { name: 'A car on a road' })).not.toHaveClass('contain');
    expect(screen.getByRole('heading', { name: 'First month free' })).toBeInTheDocument();
    expect(screen.getByText('For new customers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See terms' })).toBeInTheDocument();
  });

  it('Card shows a heading at the level asked, content and footer', () => {
    renderUi(
      <Card title="Your car" level={3} footer={<button type="button">Change</button>}>
        Ford Focus
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Your car' })).toBeInTheDocument();
    expect(screen.getByText('Ford Focus')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it('PageWidth is narrow (420/552/584 by breakpoint) or wide (944/992)', () => {
    renderUi(
      <>
        <PageWidth>narrow</PageWidth>
        <PageWidth wide>wide</PageWidth>
      </>,
    );
    expect(screen.getByText('narrow')).toHaveClass('page', 'narrow');
    expect(screen.getByText('wide')).toHaveClass('page', 'wide');
    const rule = (min: number, cls: string, width: number) =>
      new RegExp(`min-width: ${min}px\\) \\{[^@]*\\.${cls} \\{\\s*max-width: calc\\(${width}px \\+ 2rem\\)`);
    expect(css).toMatch(rule(480, 'narrow', 420));
    expect(css).toMatch(rule(768, 'narrow', 552));
    expect(css).toMatch(rule(1024, 'narrow', 584));
    expect(css).toMatch(rule(1024, 'wide', 944));
    expect(css).toMatch(rule(1200, 'wide', 992));
  });
});
