/**
 * /admin/system (spec §2 admin only; decision 019): the settings — booking fees, rent
 * rules, company and contact details with office hours, error monitoring — each validated,
 * audited and in force at once on every instance; a test e-mail; facts about this server.
 * Loader and action: `features/ops/system.page.server.ts`.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/components/page-header';
import { SystemFactsCard } from '~/features/ops/components/system-facts';
import { SystemSettings } from '~/features/ops/components/system-settings';
import { TestMailCard } from '~/features/ops/components/test-mail-card';
import { handleSystemAction, loadSystemPage, type SystemActionResult } from '~/features/ops/system.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { withRole } from '~/server/http/role-page.server';
import type { Route } from './+types/system';

export const loader = withRole('admin', loadSystemPage);

export const action = withRole('admin', handleSystemAction);

export const meta = loaderMeta;

export default function AdminSystem({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData as SystemActionResult | undefined;
  return (
    <>
      <SignedInPageHeader title={t('ops.system.title')} subtitle={t('ops.system.subtitle')} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <SystemFactsCard facts={loaderData.facts} />
          <TestMailCard
            email={loaderData.adminEmail}
            mailer={loaderData.facts.mailer}
            result={result}
            sentPlain={loaderData.done === 'test-mail'}
          />
        </SimpleGrid>
        <SystemSettings settings={loaderData.settings} result={result} done={loaderData.done === 'test-mail' ? null : loaderData.done} />
      </Stack>
    </>
  );
}
