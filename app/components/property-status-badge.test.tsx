// @vitest-environment happy-dom
/**
 * A property's status badge (property-status-badge.tsx): the translated label of each status
 * (spec §4) in English and Italian, each status drawn with its own colour class.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/test/render';
import { StatusBadge } from './property-status-badge';

describe('StatusBadge', () => {
  it('says each status in the page language, each with its own colour', () => {
    const classes = new Set<string>();
    for (const [status, en, it] of [
      ['available', 'Available', 'Disponibile'],
      ['leased', 'Leased', 'Affittato'],
      ['maintenance', 'Under Maintenance', 'In manutenzione'],
    ] as const) {
      const english = renderWithProviders(<StatusBadge status={status} />, { lang: 'en' });
      const badge = screen.getByTestId('status-badge');
      expect(badge.textContent).toBe(en);
      classes.add(badge.className);
      english.unmount();
      const italian = renderWithProviders(<StatusBadge status={status} />, { lang: 'it' });
      expect(screen.getByTestId('status-badge').textContent).toBe(it);
      italian.unmount();
    }
    expect(classes.size).toBe(3);
  });
});
