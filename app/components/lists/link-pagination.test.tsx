// @vitest-environment happy-dom
/**
 * Numbered pagination made of links (app/components/lists/link-pagination.tsx): every page and
 * every edge control is a link to its own `?page=n` URL (so it works without JavaScript), except
 * the controls that lead nowhere — First/Previous on the first page, Next/Last on the last — which
 * are disabled buttons, never disabled links; one page renders no pagination; following a link
 * navigates to that page's URL.
 */
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '~/test/render';
import { LinkPagination } from './link-pagination';

/** A list page at `/tenants` that shows its URL and the pagination for `page` of `pageCount`. */
function renderPager(page: number, pageCount: number) {
  function ListPage() {
    const location = useLocation();
    return (
      <>
        <p data-testid="url">{location.pathname + location.search}</p>
        <LinkPagination page={page} pageCount={pageCount} hrefFor={(n) => `/tenants?q=ada&page=${n}`} testId="pager" />
      </>
    );
  }
  return renderRoute([{ path: '/tenants', Component: ListPage }], { initialEntries: ['/tenants?q=ada'] });
}

describe('LinkPagination', () => {
  it('on the first page, links Next and Last and disables First and Previous as buttons', () => {
    renderPager(1, 5);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    for (const name of ['First page', 'Previous page']) {
      const control = within(nav).getByRole('button', { name });
      expect(control.tagName).toBe('BUTTON');
      expect((control as HTMLButtonElement).disabled).toBe(true);
      expect(within(nav).queryByRole('link', { name })).toBeNull();
    }
    expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/tenants?q=ada&page=2');
    expect(within(nav).getByRole('link', { name: 'Last page' }).getAttribute('href')).toBe('/tenants?q=ada&page=5');
    expect(within(nav).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/tenants?q=ada&page=2');
  });

  it('on the last page, links First and Previous and disables Next and Last', () => {
    renderPager(5, 5);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('link', { name: 'First page' }).getAttribute('href')).toBe('/tenants?q=ada&page=1');
    expect(within(nav).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/tenants?q=ada&page=4');
    for (const name of ['Next page', 'Last page']) {
      expect((within(nav).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
      expect(within(nav).queryByRole('link', { name })).toBeNull();
    }
  });

  it('navigates to the page a link names', async () => {
    const { user } = renderPager(2, 5);
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('/tenants?q=ada&page=3')).toBeTruthy();
  });

  it('renders nothing for a single page', () => {
    renderPager(1, 1);
    expect(screen.getByTestId('url').textContent).toBe('/tenants?q=ada');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByTestId('pager')).toBeNull();
  });
});
