// @vitest-environment happy-dom
/**
 * The shared alerts and state badge (app/components/status-alerts.tsx, state-badge.tsx): a
 * refused form shows the rate-limit message instead of its failure, the failure titled when not
 * rate-limited, and nothing otherwise; a state badge carries its state for tests and monitors.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/test/render';
import { StateBadge } from './state-badge';
import { FormRefusal } from './status-alerts';

describe('FormRefusal', () => {
  it('shows the rate-limit message, announced, instead of the failure', () => {
    renderWithProviders(
      <FormRefusal rateLimitMessage="Try again in a minute." failure="Wrong password." title="Sign in failed" testIdPrefix="sign-in" />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Try again in a minute.');
    expect(screen.getByTestId('sign-in-rate-limited')).toBeTruthy();
    expect(screen.queryByTestId('sign-in-error')).toBeNull();
  });

  it('shows the failure under its title when not rate-limited, and nothing without one', () => {
    const { unmount } = renderWithProviders(
      <FormRefusal rateLimitMessage={null} failure="Wrong password." title="Sign in failed" testIdPrefix="sign-in" />,
    );
    const alert = screen.getByTestId('sign-in-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Sign in failed');
    expect(alert.textContent).toContain('Wrong password.');
    unmount();
    renderWithProviders(<FormRefusal rateLimitMessage={null} failure={null} title="Sign in failed" testIdPrefix="sign-in" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('StateBadge', () => {
  it('shows the translated state and carries its code', () => {
    renderWithProviders(<StateBadge color="teal.9" label="Active" status="active" testId="lease-status" />);
    const badge = screen.getByTestId('lease-status');
    expect(badge.textContent).toBe('Active');
    expect(badge.getAttribute('data-status')).toBe('active');
  });
});
