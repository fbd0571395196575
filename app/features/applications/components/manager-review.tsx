/**
 * A property manager's review of the applications for the properties they manage, as a panel of
 * /dashboard (DESIGN §4 "Who works where"): the same list, filters and panel as
 * /admin/applications, scoped by the service.
 */
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { ApplicationActionResult, ReviewPageData } from '../applications.types';
import { ApplicationReview } from './application-review';

/** A property manager's review of the applications for the properties they manage. */
export function ManagerReview({ review, result }: { review: ReviewPageData; result: ApplicationActionResult | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="manager-review-title" data-testid="manager-review">
      <Title order={2} size="h4" id="manager-review-title">
        {t('applications.manager.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('applications.manager.intro')}
      </Text>
      <ApplicationReview basePath="/dashboard" review={review} result={result} emptyBody={t('applications.list.emptyBodyManager')} />
    </Paper>
  );
}
