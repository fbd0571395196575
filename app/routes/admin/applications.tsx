/**
 * /admin/applications (decision 010; spec §6 and DESIGN §4: every /admin page is
 * admin only). Every rental application: filters by status and property and a search by
 * reference, name or e-mail (`?status=&property=&q=&page=`, 25 a page), the panel of one
 * application (`?id=`; an unknown or malformed id answers 404), and the staff transitions
 * posted as `intent` with `applicationId` and an optional `note`:
 *
 * - `review`  submitted → under_review;
 * - `approve` under_review → approved (creates a pending lease, marks the unit leased);
 * - `reject`  submitted | under_review → rejected.
 *
 * Answers: data `{ ok: true }` (a toast), or a 303 back to the panel with `done=` for a plain
 * browser post; 409 when the application changed meanwhile or the unit is taken, 422 for a note
 * that is too long, 404 for an unknown id, 400 for an unknown intent. Property managers review
 * the applications of their own properties on /dashboard instead.
 */
import { useTranslation } from '~/lib/i18n';
import { ApplicationReview } from '~/features/applications/components/application-review';
import { STAFF_INTENTS, type ApplicationActionResult, type ApplicationIntent } from '~/features/applications/applications.types';
import { handleApplicationAction, loadReviewPage } from '~/features/applications/review.page.server';
import { SignedInPageHeader } from '~/components/page-header';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/applications';
import { requestOrigin } from '~/server/audit.server';

const BASE_PATH = '/admin/applications';
const STAFF_ONLY = Object.keys(STAFF_INTENTS) as ApplicationIntent[];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  const review = await loadReviewPage({
    db: context.db,
    actor,
    url: new URL(request.url),
    lang,
    origin: requestOrigin(request, context.clientIp),
  });
  return {
    review,
    i18n: translations(lang, ['account', 'admin', 'applications']),
    meta: pageMeta(lang, 'applications.admin.meta.title', 'applications.admin.meta.description'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleApplicationAction({ request, context, actor, allowed: STAFF_ONLY });
}

export const meta = loaderMeta;

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader title={t('applications.admin.title')} subtitle={t('applications.admin.subtitle')} />
      <ApplicationReview
        basePath={BASE_PATH}
        review={loaderData.review}
        result={actionData as ApplicationActionResult | undefined}
        emptyBody={t('applications.list.emptyBodyAdmin')}
      />
    </>
  );
}
