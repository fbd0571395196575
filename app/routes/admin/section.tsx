/**
 * /admin/:section (spec §2 admin sections not built yet): the section's title, what it will do
 * and "coming soon". Admin only; any name outside `ADMIN_SECTIONS` is an HTTP 404 (after the
 * guard, so the list of sections is not revealed to others).
 */
import { Button, EmptyState } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { data, Link } from 'react-router';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { isAdminSection, SECTION_ICONS } from '~/features/admin/sections';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/section';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const { section } = params;
  if (!isAdminSection(section)) throw data(null, { status: 404 });
  const lang = requestLanguage(request);
  return {
    section,
    i18n: translations(lang, ['account', 'admin']),
    meta: pageMeta(lang, `admin.sections.${section}.title`, `admin.sections.${section}.description`),
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminSection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { section } = loaderData;
  const SectionIcon = SECTION_ICONS[section];
  return (
    <>
      <SignedInPageHeader title={t(`admin.sections.${section}.title`)} subtitle={t(`admin.sections.${section}.description`)} />
      <EmptyState
        icon={<SectionIcon size={30} aria-hidden />}
        variant="light"
        py="xl"
        data-testid="admin-coming-soon"
        data-section={section}
      >
        <EmptyState.Title order={2}>{t('admin.section.comingSoonTitle')}</EmptyState.Title>
        <EmptyState.Description>{t('admin.section.comingSoonBody')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/admin" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {t('admin.section.backToOverview')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </>
  );
}
