/**
 * Which pages block their first paint on the whole Mantine stylesheet (decision 036).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MANTINE_STYLESHEETS, MantineStylesheets, paintsWithPublicStyles } from './mantine-styles';

// Under Vitest the stylesheets are not built: their URLs are given here.
vi.mock('@mantine/core/styles.layer.css?url', () => ({ default: '/assets/styles.layer-core.css' }));
vi.mock('@mantine/notifications/styles.layer.css?url', () => ({ default: '/assets/styles.layer-notifications.css' }));

describe('paintsWithPublicStyles', () => {
  it('is true for the public pages of an anonymous visitor only', () => {
    for (const path of ['/', '/about', '/properties', '/property/12', '/apartments', '/privacy']) {
      expect(paintsWithPublicStyles(path, false), path).toBe(true);
      expect(paintsWithPublicStyles(path, true), `${path} signed in`).toBe(false);
    }
    for (const path of ['/auth', '/booking/3', '/dashboard', '/admin/properties', '/tenant-portal', '/vendor-signup', '/nope']) {
      expect(paintsWithPublicStyles(path, false), path).toBe(false);
    }
  });
});

describe('MantineStylesheets', () => {
  it('links the whole stylesheets in the head, or only for visitors without JavaScript', () => {
    expect(MANTINE_STYLESHEETS).toHaveLength(2);
    const blocking = renderToStaticMarkup(<MantineStylesheets deferred={false} />);
    const deferred = renderToStaticMarkup(<MantineStylesheets deferred />);
    expect(MANTINE_STYLESHEETS).toEqual(['/assets/styles.layer-core.css', '/assets/styles.layer-notifications.css']);
    for (const href of MANTINE_STYLESHEETS) {
      expect(blocking).toContain(`<link rel="stylesheet" href="${href}"/>`);
      expect(deferred).toContain(`<link rel="stylesheet" href="${href}"/>`);
    }
    expect(blocking).not.toContain('<noscript>');
    expect(deferred.startsWith('<noscript>') && deferred.endsWith('</noscript>')).toBe(true);
  });
});
