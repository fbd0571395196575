import { describe, expect, it } from 'vitest';
import en from '~/i18n/locales/en/pages.json';
import it_ from '~/i18n/locales/it/pages.json';
import { AMENITY_KEYS } from '~/lib/amenities';
import { AMENITY_GROUPS } from './amenity-groups';
import { MARKETING_SERVICES } from './services';

describe('marketing content', () => {
  it('shows every listing amenity exactly once on /amenities, with a description in both languages', () => {
    const shown = AMENITY_GROUPS.flatMap((group) => group.items.filter((item) => item.kind === 'amenity').map((item) => item.key));
    expect([...shown].sort()).toEqual([...AMENITY_KEYS].sort());
    for (const group of AMENITY_GROUPS) {
      for (const item of group.items) {
        expect(en.amenities.descriptions, item.key).toHaveProperty(item.key);
        expect(it_.amenities.descriptions, item.key).toHaveProperty(item.key);
      }
    }
  });

  it('describes the six services of spec §1 with distinct anchors', () => {
    expect(MARKETING_SERVICES).toHaveLength(6);
    expect(new Set(MARKETING_SERVICES.map((service) => service.anchor)).size).toBe(6);
    for (const { key } of MARKETING_SERVICES) {
      expect(en.services[key].points.length, key).toBeGreaterThan(0);
      expect(it_.services[key].points.length, key).toBe(en.services[key].points.length);
    }
  });

  it('dates both legal pages November 1, 2026 and gives them the same sections in both languages', () => {
    expect(en.legal.lastUpdated).toBe('Last updated: November 1, 2026');
    expect(it_.legal.lastUpdated).toContain('1° novembre 2026');
    for (const doc of ['privacy', 'terms'] as const) {
      expect(Object.keys(it_[doc].sections)).toEqual(Object.keys(en[doc].sections));
    }
  });

  it('names the four cookie consent categories in the privacy policy', () => {
    const terms = en.privacy.sections.cookies.items.map((item) => item.term);
    expect(terms).toEqual(['Necessary', 'Analytics', 'Marketing', 'Preferences']);
  });
});
