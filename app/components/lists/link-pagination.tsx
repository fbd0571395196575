/**
 * Pagination made of links (`?page=n`, other query values kept), so it works without JavaScript
 * and each page has its own URL.
 */
import { Center, Pagination } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';

type Props = { page: number; pageCount: number; hrefFor: (page: number) => string; testId?: string };

type Control = 'first' | 'previous' | 'next' | 'last';

/**
 * The props of one of Mantine Pagination's controls as a link to its page, or, on the first or
 * last page where it is disabled, as a disabled button (a link cannot be disabled: `disabled` on
 * an `<a>` is invalid HTML). `link` adds props to the link (e.g. `preventScrollReset`).
 */
export function pageControlProps(
  control: Control,
  {
    page,
    pageCount,
    hrefFor,
    label,
    link,
  }: { page: number; pageCount: number; hrefFor: (page: number) => string; label: string; link?: object },
) {
  const atEdge = control === 'first' || control === 'previous' ? page <= 1 : page >= pageCount;
  if (atEdge) return { component: 'button', type: 'button', 'aria-label': label };
  const target = { first: 1, previous: page - 1, next: page + 1, last: pageCount }[control];
  return { component: Link, to: hrefFor(target), 'aria-label': label, ...link };
}

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
        getControlProps={(control) => pageControlProps(control, { page, pageCount, hrefFor, label: t(`admin.pagination.${control}`) })}
      />
    </Center>
  );
}
