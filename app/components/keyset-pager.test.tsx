// @vitest-environment happy-dom
/**
 * The keyset pager of long lists (app/components/keyset-pager.tsx; spec §9 performance at 50,000
 * rows): a link back to the first page only when not on it, a link to the next page only when
 * there is one, nothing at all for a list of one page, and following a link goes to that URL.
 */
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '~/test/render';
import { KeysetPager } from './keyset-pager';

function renderPager(firstHref: string | null, nextHref: string | null) {
  function ListPage() {
    const location = useLocation();
    return (
      <>
        <p data-testid="url">{location.pathname + location.search}</p>
        <KeysetPager
          label="Payments pages"
          firstHref={firstHref}
          firstLabel="First page"
          nextHref={nextHref}
          nextLabel="Next page"
          testId="payments-pager"
        />
      </>
    );
  }
  return renderRoute([{ path: '/payments', Component: ListPage }], { initialEntries: ['/payments?after=abc'] });
}

describe('KeysetPager', () => {
  it('on a middle page links both the first page and the next one', async () => {
    const { user } = renderPager('/payments', '/payments?after=xyz');
    const nav = screen.getByRole('navigation', { name: 'Payments pages' });
    expect(within(nav).getByRole('link', { name: 'First page' }).getAttribute('href')).toBe('/payments');
    expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/payments?after=xyz');
    await user.click(within(nav).getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('/payments?after=xyz')).toBeTruthy();
  });

  it('on the first page offers only the next page', () => {
    renderPager(null, '/payments?after=xyz');
    const nav = screen.getByRole('navigation', { name: 'Payments pages' });
    expect(within(nav).queryByRole('link', { name: 'First page' })).toBeNull();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Next page']);
  });

  it('on the last page offers only the way back to the first', () => {
    renderPager('/payments', null);
    expect(screen.queryByTestId('payments-pager-next')).toBeNull();
    expect(screen.getByTestId('payments-pager-first').getAttribute('href')).toBe('/payments');
  });

  it('renders nothing when the list has a single page', () => {
    renderPager(null, null);
    expect(screen.getByTestId('url').textContent).toBe('/payments?after=abc');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
