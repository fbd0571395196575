/**
 * /admin/audit (admin only; decision 023): the append-only audit log, newest first, with
 * filters in the URL (`?actor=&action=&table=&from=&to=&cursor=`, keyset pages of 50) and the
 * CSV export of the filtered set. Bad filters answer 400 with a message per field.
 */
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/components/page-header';
import { AuditLogPage } from '~/features/audit/components/audit-log-page';
import { loadAuditPage } from '~/features/audit/audit.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/audit';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const meta = requestPageMeta(request, 'audit.meta.title', 'audit.meta.description');
  return loadAuditPage({ request, context, meta });
}

export const meta = loaderMeta;

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <AuditLogPage page={loaderData.page} basePath="/admin/audit" csvPath="/admin/audit.csv" />
    </>
  );
}
