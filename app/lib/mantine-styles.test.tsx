/**
 * Which pages block their first paint on the whole Mantine stylesheet (decision 036).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MANTINE_STYLESHEETS, MantineStylesheets, paintsWithPublicStyles } from './mantine-styles';

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
    // (Under Vitest the asset URLs are not built: the links are counted.)
    expect(blocking.match(/<link rel="stylesheet"/g)).toHaveLength(2);
    expect(deferred.match(/<link rel="stylesheet"/g)).toHaveLength(2);
    expect(blocking).not.toContain('<noscript>');
    expect(deferred.startsWith('<noscript>') && deferred.endsWith('</noscript>')).toBe(true);
  });
});
