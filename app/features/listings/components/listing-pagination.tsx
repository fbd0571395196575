/**
 * The page links under a page of listing results: real links (they work without JavaScript and
 * can be shared), the current page, its neighbours and the first and last page (Mantine's
 * `usePagination` range), previous / next. Loaded by listing-results.tsx as a chunk of its own.
 *
 * Plain elements and a CSS module with Mantine's look rather than Mantine's `Pagination`: a full
 * results page renders it on every request, and Mantine's costs ≈ 1 ms of server rendering there
 * (decision 024, "the SSR ratio of a narrow search").
 */
import { usePagination } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import classes from './listings.module.css';

type Props = { page: number; pageCount: number; hrefFor: (page: number) => string };

export default function ListingPagination({ page, pageCount, hrefFor }: Props) {
  const { t } = useTranslation();
  const { range } = usePagination({ total: pageCount, page, siblings: 1, boundaries: 1 });
  const edge = (target: number, label: string, icon: ReactNode, enabled: boolean) =>
    enabled ? (
      <Link to={hrefFor(target)} className={classes.pageControl} aria-label={label}>
        {icon}
      </Link>
    ) : (
      // A control that leads nowhere is a disabled button, never a disabled link (as in LinkPagination).
      <button type="button" className={classes.pageControl} aria-label={label} disabled data-disabled>
        {icon}
      </button>
    );
  return (
    <nav aria-label={t('listings.properties.pagination')} className={classes.pagination}>
      {edge(page - 1, t('listings.properties.previousPage'), <IconChevronLeft size={18} aria-hidden />, page > 1)}
      {range.map((item, index) =>
        item === 'dots' ? (
          <span key={`dots-${index}`} className={classes.pageDots} aria-hidden>
            …
          </span>
        ) : item === page ? (
          <Link key={item} to={hrefFor(item)} className={classes.pageControl} aria-label={String(item)} aria-current="page" data-active>
            {item}
          </Link>
        ) : (
          <Link key={item} to={hrefFor(item)} className={classes.pageControl} aria-label={String(item)}>
            {item}
          </Link>
        ),
      )}
      {edge(page + 1, t('listings.properties.nextPage'), <IconChevronRight size={18} aria-hidden />, page < pageCount)}
    </nav>
  );
}
