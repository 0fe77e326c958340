import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { Button } from './button.tsx';

describe('Button', () => {
  it('renders every variant and layout as a class, defaulting to primary/default and type=button', () => {
    renderUi(<Button>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveClass('button', 'primary', 'default');
    expect(button).toHaveAttribute('type', 'button');
    for (const variant of ['primary', 'secondary', 'tertiary', 'ghost', 'icon', 'sso'] as const) {
      for (const layout of ['default', 'fixed', 'small'] as const) {
        renderUi(
          <Button variant={variant} layout={layout}>
            {`${variant}-${layout}`}
          </Button>,
        );
        expect(screen.getByRole('button', { name: `${variant}-${layout}` })).toHaveClass(variant, layout);
      }
    }
  });

  it('calls onClick when clicked', async () => {
    const onClick = vi.fn();
    renderUi(<Button onClick={onClick}>Save</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled, busy and shows a spinner while loading, and ignores clicks', async () => {
    const onClick = vi.fn();
    renderUi(
      <Button loading onClick={onClick}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.spinner')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is disabled without a spinner when disabled', async () => {
    const onClick = vi.fn();
    renderUi(
      <Button disabled onClick={onClick}>
        Next
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button.querySelector('.spinner')).toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('submits a form when type=submit', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderUi(
      <form onSubmit={onSubmit}>
        <Button type="submit">Send</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('renders a router link styled as a button when given `to`', () => {
    renderUi(
      <Button to="/retrieve" variant="secondary" layout="fixed">
        Retrieve a quote
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Retrieve a quote' });
    expect(link).toHaveAttribute('href', '/retrieve');
    expect(link).toHaveClass('button', 'secondary', 'fixed');
  });

  it('marks a disabled link aria-disabled and swallows its click', async () => {
    const onClick = vi.fn();
    renderUi(
      <Button to="/next" disabled onClick={onClick}>
        Continue
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Continue' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(link);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('an icon button carries its accessible name from aria-label', () => {
    renderUi(<Button variant="icon" aria-label="Open menu" icon={<svg aria-hidden="true" />} />);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveClass('icon');
  });
});
