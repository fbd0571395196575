/**
 * The page links under a page of listing results: real links (they work without JavaScript and
 * can be shared), the current page, its neighbours, first / previous / next / last. Loaded by
 * listing-results.tsx as a chunk of its own.
 */
import { Pagination } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/i18n';

type Props = { page: number; pageCount: number; hrefFor: (page: number) => string };

export default function ListingPagination({ page, pageCount, hrefFor }: Props) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('listings.properties.pagination')}>
      <Pagination
        total={pageCount}
        value={page}
        siblings={1}
        getItemProps={(item) => ({ component: Link, to: hrefFor(item), 'aria-label': String(item) })}
        getControlProps={(control) => {
          const label = t(`listings.properties.${control}Page`);
          if (control === 'first') return { component: Link, to: hrefFor(1), 'aria-label': label };
          if (control === 'last') return { component: Link, to: hrefFor(pageCount), 'aria-label': label };
          if (control === 'next') return { component: Link, to: hrefFor(Math.min(page + 1, pageCount)), 'aria-label': label };
          return { component: Link, to: hrefFor(Math.max(page - 1, 1)), 'aria-label': label };
        }}
      />
    </nav>
  );
}
