/**
 * The application review as /admin/applications and a property manager's /dashboard show it:
 * the open application's panel first (it needs the width for its facts side by side), then the
 * filters, the count and the list with its pagination. `basePath` is the page the links and forms
 * stay on.
 */
import { Stack, Text } from '@mantine/core';
import { SuccessAlert } from '~/components/status-alerts';
import { useTranslation } from '~/lib/i18n';
import type { ApplicationActionResult, ReviewPageData } from '../applications.types';
import { hasReviewFilters, reviewHref } from '../review-filters';
import { ApplicationDetailPanel } from './application-detail';
import { ApplicationFilters } from './application-filters';
import { ApplicationTable } from './application-table';
import { ReviewPagination } from './review-pagination';

type Props = {
  basePath: string;
  review: ReviewPageData;
  result: ApplicationActionResult | undefined;
  /** What an empty, unfiltered list says. */
  emptyBody: string;
};

export function ApplicationReview({ basePath, review, result, emptyBody }: Props) {
  const { t } = useTranslation();
  const { filters, list, properties, selected, done } = review;
  return (
    <Stack gap="md" data-testid="application-review">
      {done && done !== 'withdraw' && <SuccessAlert data-testid="applications-done">{t(`applications.done.${done}`)}</SuccessAlert>}
      {selected && <ApplicationDetailPanel application={selected} result={result} closeHref={reviewHref(basePath, filters)} />}
      <ApplicationFilters basePath={basePath} filters={filters} properties={properties} />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="applications-count" data-count={list.total}>
        {t('applications.list.count', { count: list.total })}
      </Text>
      <ApplicationTable
        items={list.items}
        selectedId={selected?.id ?? null}
        filtered={hasReviewFilters(filters)}
        emptyBody={emptyBody}
        openHref={(id) => reviewHref(basePath, filters, { id })}
      />
      <ReviewPagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => reviewHref(basePath, filters, { page, id: selected?.id })}
      />
    </Stack>
  );
}
