/**
 * The page links under a page of listing results: real links (they work without JavaScript and
 * can be shared), the current page, its neighbours, first / previous / next / last. Loaded by
 * listing-results.tsx as a chunk of its own.
 */
import { Pagination } from '@mantine/core';
import { Link } from 'react-router';
import { pageControlProps } from '~/components/lists/link-pagination';
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
        getControlProps={(control) =>
          pageControlProps(control, { page, pageCount, hrefFor, label: t(`listings.properties.${control}Page`) })
        }
      />
    </nav>
  );
}
