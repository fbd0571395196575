/**
 * /admin-debug (spec §2: admin only; the source's "hidden secret admin path"): facts about this
 * server for support: database engine and version (from a query), Node.js version, uptime,
 * memory, mail delivery and row counts. Never secrets, environment values or connection strings.
 */
import { Anchor, DataList, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { loadServerFacts } from '~/features/admin/admin.server';
import { StaffFrame } from '~/components/staff/staff-frame';
import { SignedInPageHeader } from '~/components/page-header';
import { formatBytes, formatDateTime, formatDuration } from '~/lib/format';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { formatNumber } from '~/lib/format';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/admin-debug';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  return {
    facts: await loadServerFacts({ db: context.db, actor, mailerKind: context.mailer.kind }),
    i18n: translations(lang, ['account', 'admin']),
    meta: pageMeta(lang, 'admin.debug.meta.title', 'admin.debug.meta.description'),
  };
}

export const meta = loaderMeta;

function FactCard({ title, testId, children, footer }: { title: string; testId: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <DataList labelWidth={150}>{children}</DataList>
      {footer}
    </Paper>
  );
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

export default function AdminDebug({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { facts } = loaderData;
  const n = (value: number) => formatNumber(value, lang);
  return (
    // In the staff frame's box, below the floating side-menu toggle like every admin page.
    <StaffFrame nav>
      <SignedInPageHeader title={t('admin.debug.title')} subtitle={t('admin.debug.subtitle')} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <FactCard title={t('admin.debug.database.title')} testId="debug-database">
          <Fact
            label={t('admin.debug.database.kind')}
            value={t(`admin.debug.database.kinds.${facts.database.kind}`)}
            testId="debug-database-kind"
          />
          <Fact label={t('admin.debug.database.version')} value={facts.database.version} />
          <Fact
            label={t('admin.debug.database.size')}
            value={facts.database.sizeBytes === null ? t('admin.debug.database.unknown') : formatBytes(facts.database.sizeBytes, lang)}
          />
          <Fact
            label={t('admin.debug.database.latency')}
            value={t('admin.debug.database.latencyValue', { ms: facts.database.latencyMs })}
          />
        </FactCard>
        <FactCard title={t('admin.debug.runtime.title')} testId="debug-runtime">
          <Fact label={t('admin.debug.runtime.node')} value={facts.node.version} testId="debug-node-version" />
          <Fact label={t('admin.debug.runtime.platform')} value={facts.node.platform} />
          <Fact label={t('admin.debug.runtime.uptime')} value={formatDuration(facts.node.uptimeS)} />
          <Fact label={t('admin.debug.runtime.memory')} value={formatBytes(facts.node.memoryRssBytes, lang)} />
        </FactCard>
        <FactCard
          title={t('admin.debug.mail.title')}
          testId="debug-mail"
          footer={
            <Anchor component={Link} to="/admin/mailbox" size="sm" fw={600} display="inline-block" mt="sm">
              {t('admin.debug.mail.open')}
            </Anchor>
          }
        >
          <Fact label={t('admin.debug.mail.kind')} value={t(`admin.debug.mail.kinds.${facts.mailer}`)} testId="debug-mailer" />
        </FactCard>
        <FactCard title={t('admin.debug.counts.title')} testId="debug-counts">
          <Fact label={t('admin.debug.counts.users')} value={n(facts.counts.users)} testId="debug-count-users" />
          <Fact label={t('admin.debug.counts.activeSessions')} value={n(facts.counts.activeSessions)} />
          <Fact label={t('admin.debug.counts.properties')} value={n(facts.counts.properties)} />
          <Fact label={t('admin.debug.counts.auditEntries')} value={n(facts.counts.auditEntries)} />
          <Fact label={t('admin.debug.counts.mailMessages')} value={n(facts.counts.mailMessages)} />
        </FactCard>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="md">
        {t('admin.debug.generatedAt', { when: formatDateTime(facts.generatedAt, lang) })}
      </Text>
    </StaffFrame>
  );
}
