// @vitest-environment happy-dom
/**
 * The page links under listing results (listing-pagination.tsx, decision 024): every page shown
 * and Previous/Next are links to their own URL (they work without JavaScript); the current page
 * is marked `aria-current="page"`; Previous on the first page and Next on the last are disabled
 * buttons; a long run of pages is cut to the first, the last and the current page's neighbours;
 * following a link navigates to that page.
 */
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '~/test/render';
import ListingPagination from './listing-pagination';

/** /properties showing its URL and the page links for `page` of `pageCount`. */
function renderPager(page: number, pageCount: number) {
  function ResultsPage() {
    const location = useLocation();
    return (
      <>
        <p data-testid="url">{location.pathname + location.search}</p>
        <ListingPagination page={page} pageCount={pageCount} hrefFor={(n) => `/properties?location=TX&page=${n}`} />
      </>
    );
  }
  return renderRoute([{ path: '/properties', Component: ResultsPage }], { initialEntries: ['/properties?location=TX'] });
}

/** The page numbers and gaps as shown, in order: e.g. ['1', '…', '39', '40', '41', '…', '84']. */
function shownItems(nav: HTMLElement): string[] {
  return [...nav.children].filter((element) => !element.matches('[aria-label$="page"]')).map((element) => element.textContent ?? '');
}

describe('ListingPagination', () => {
  it('on the first page: Previous is a disabled button, Next and the pages are links', () => {
    renderPager(1, 5);
    const nav = screen.getByRole('navigation', { name: 'Result pages' });
    const previous = within(nav).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(within(nav).queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/properties?location=TX&page=2');
    expect(within(nav).getByRole('link', { name: '5' }).getAttribute('href')).toBe('/properties?location=TX&page=5');
    expect(within(nav).getByRole('link', { name: '1' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '2' }).getAttribute('aria-current')).toBeNull();
    expect(shownItems(nav)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('deep in a long run: the first and last page, the neighbours, gaps between, both controls linked', () => {
    renderPager(40, 84);
    const nav = screen.getByRole('navigation', { name: 'Result pages' });
    expect(shownItems(nav)).toEqual(['1', '…', '39', '40', '41', '…', '84']);
    expect(within(nav).getByRole('link', { name: '40' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/properties?location=TX&page=39');
    expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/properties?location=TX&page=41');
  });

  it('on the last page: Next is a disabled button', () => {
    renderPager(84, 84);
    const nav = screen.getByRole('navigation', { name: 'Result pages' });
    expect((within(nav).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(nav).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/properties?location=TX&page=83');
  });

  it('navigates to the page a link names', async () => {
    const { user } = renderPager(2, 5);
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('/properties?location=TX&page=3')).toBeTruthy();
  });
});
