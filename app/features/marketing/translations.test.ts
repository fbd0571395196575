/**
 * The server's shared translators (decision 034): merging a page's
 * translation bundles must not change the objects the loaders return — the root's `translation`
 * is serialized into every page, and used to grow by every namespace any page had added.
 */
import { describe, expect, it } from 'vitest';
import { translations } from '~/i18n/resources.server';
import { pagesTranslations } from './translations.server';
import { addRouteTranslations, createI18n } from '~/lib/i18n';

describe('route translation bundles', () => {
  it('leaves the root bundle and the page bundles as the loaders built them', () => {
    const root = translations('en', ['common', 'chat']);
    const rootKeys = Object.keys(root);
    const about = pagesTranslations('en', ['about', 'figures']);
    const home = pagesTranslations('en', ['home', 'figures']);
    const aboutPages = Object.keys((about as { pages: object }).pages);
    const homePages = Object.keys((home as { pages: object }).pages);
    const listings = translations('en', ['listings', 'map']);

    const instance = createI18n('en', root);
    addRouteTranslations(instance, [undefined, about, listings]);
    addRouteTranslations(instance, [home]);

    // The instance has everything it was given…
    expect(instance.t('pages.about.title')).not.toBe('pages.about.title');
    expect(instance.exists('pages.home.heroTitle')).toBe(true);
    expect(instance.exists('listings.card')).toBe(true);
    expect(instance.t('common.nav.home')).toBe('Home');
    // …and the loaders' objects are unchanged.
    expect(Object.keys(root)).toEqual(rootKeys);
    expect(Object.keys((about as { pages: object }).pages)).toEqual(aboutPages);
    expect(Object.keys((home as { pages: object }).pages)).toEqual(homePages);
    // The same root object gives the same (cached) server instance, still without page text in it.
    expect(createI18n('en', root)).toBe(instance);
    expect(JSON.stringify(root)).not.toContain('"pages"');
  });
});
