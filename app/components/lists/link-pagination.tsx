/**
 * Pagination made of links (`?page=n`, other query values kept), so it works without JavaScript
 * and each page has its own URL.
 */
import { Center, Pagination } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';

type Props = { page: number; pageCount: number; hrefFor: (page: number) => string; testId?: string };

export function LinkPagination({ page, pageCount, hrefFor, testId }: Props) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <Center component="nav" aria-label={t('admin.pagination.label')} data-testid={testId}>
      <Pagination
        total={pageCount}
        value={page}
        siblings={1}
        withEdges
        getItemProps={(target) => ({ component: Link, to: hrefFor(target), 'aria-label': t('admin.pagination.page', { page: target }) })}
        getControlProps={(control) => {
          const target = { first: 1, previous: Math.max(page - 1, 1), next: Math.min(page + 1, pageCount), last: pageCount }[control];
          return { component: Link, to: hrefFor(target), 'aria-label': t(`admin.pagination.${control}`) };
        }}
      />
    </Center>
  );
}
