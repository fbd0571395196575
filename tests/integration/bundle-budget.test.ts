/**
 * The first-load budget's pages (scripts/bundle-budget.mjs, decision 036) name routes that exist:
 * a route renamed without updating PAGES made the budget step crash instead of measuring. Route
 * ids are the route module's path under app/ without its extension (app/routes.ts registers
 * these public routes without an explicit id).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without type declarations
import { PAGES } from '../../scripts/bundle-budget.mjs';

const root = path.resolve(import.meta.dirname, '../..');

describe('the first-load budget pages', () => {
  it('measure the home page, the listings and a listing, each a route module that exists', () => {
    const pages = PAGES as { url: string; routeId: string; gated: boolean }[];
    expect(pages.map((page) => page.url)).toEqual(['/', '/properties', '/property/:id']);
    for (const page of pages) {
      expect(fs.existsSync(path.join(root, 'app', `${page.routeId}.tsx`)), `${page.url}: app/${page.routeId}.tsx`).toBe(true);
      expect(fs.readFileSync(path.join(root, 'app/routes.ts'), 'utf8')).toContain(`'${page.routeId}.tsx'`);
    }
  });
});
