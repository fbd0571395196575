/**
 * A property manager's review of the applications for the properties they manage, as a panel of
 * /dashboard (DESIGN §4 "Who works where"): the same list, filters and panel as
 * /admin/applications, scoped by the service.
 */
import { useTranslation } from '~/lib/i18n';
import type { ApplicationActionResult, ReviewPageData } from '../applications.types';
import { ApplicationReview } from './application-review';
import { PanelCard } from '~/components/panel-card';

/** A property manager's review of the applications for the properties they manage. */
export function ManagerReview({ review, result }: { review: ReviewPageData; result: ApplicationActionResult | undefined }) {
  const { t } = useTranslation();
  return (
    <PanelCard id="manager-review" title={t('applications.manager.title')} description={t('applications.manager.intro')}>
      <ApplicationReview basePath="/dashboard" review={review} result={result} emptyBody={t('applications.list.emptyBodyManager')} />
    </PanelCard>
  );
}
