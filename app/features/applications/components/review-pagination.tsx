/**
 * The review list's pagination, made of links (`?page=n`, the filters kept), so it works without
 * JavaScript and each page has its own URL.
 */
import { Center, Pagination } from '@mantine/core';
import { pageControlProps } from '~/components/lists/link-pagination';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';

type Props = { page: number; pageCount: number; hrefFor: (page: number) => string };

export function ReviewPagination({ page, pageCount, hrefFor }: Props) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <Center component="nav" aria-label={t('applications.pagination.label')} data-testid="applications-pagination">
      <Pagination
        total={pageCount}
        value={page}
        siblings={1}
        withEdges
        getItemProps={(target) => ({
          component: Link,
          to: hrefFor(target),
          preventScrollReset: true,
          'aria-label': t('applications.pagination.page', { page: target }),
        })}
        getControlProps={(control) =>
          pageControlProps(control, {
            page,
            pageCount,
            hrefFor,
            label: t(`applications.pagination.${control}`),
            link: { preventScrollReset: true },
          })
        }
      />
    </Center>
  );
}
