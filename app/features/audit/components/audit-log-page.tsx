/**
 * /admin/audit's page (decision 023): the filters (a plain GET form: every filtered list has
 * its own URL and works without JavaScript), the CSV export of what is filtered, the entries
 * (when, actor, action, table, origin, details) and keyset pagination. While a new page loads
 * the list is marked busy with an overlay; an empty list says whether nothing matches or
 * nothing exists yet. On a narrow screen the filters wrap and the table scrolls sideways.
 */
import { Alert, Anchor, Box, Button, Code, Group, LoadingOverlay, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFilter, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link, useNavigation } from 'react-router';
import { KeysetPager } from '~/components/keyset-pager';
import { ListTable } from '~/components/lists/list-table';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { auditHref, hasAuditFilters, type AuditEntry, type AuditPageData } from '../audit-log.schemas';

type Props = { page: AuditPageData; basePath: string; csvPath: string };

export function AuditLogPage({ page, basePath, csvPath }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === basePath;
  const hasErrors = Object.keys(page.errors).length > 0;
  return (
    <Stack gap="md" data-testid="audit-page">
      <AuditFilterForm basePath={basePath} page={page} />
      {hasErrors && (
        <Alert color="red" role="alert" data-testid="audit-filter-errors">
          {Object.values(page.errors).join(' ')}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {loading ? t('audit.list.loading') : t('audit.list.pageSize', { count: page.entries.length })}
        </Text>
        {!hasErrors && (
          <Button
            component="a"
            href={auditHref(csvPath, page.filters)}
            download
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            title={t('audit.list.exportHint')}
            data-testid="audit-export"
          >
            {t('audit.list.exportCsv')}
          </Button>
        )}
      </Group>
      <Box pos="relative" aria-busy={loading} data-testid="audit-list" data-loading={loading || undefined}>
        <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': t('audit.list.loading') }} />
        <AuditTable page={page} basePath={basePath} />
      </Box>
    </Stack>
  );
}

function AuditFilterForm({ basePath, page }: { basePath: string; page: AuditPageData }) {
  const { t } = useTranslation();
  const { filters, errors } = page;
  const key = JSON.stringify(filters);
  const actions = [
    { value: '', label: t('audit.filters.all') },
    ...page.actions.map((value) => ({ value, label: t(`account.audit.${value}`, { defaultValue: value }) })),
  ];
  return (
    <Form
      method="get"
      action={basePath}
      role="search"
      aria-label={t('audit.filters.label')}
      preventScrollReset
      data-testid="audit-filters"
      key={key}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          name="actor"
          type="search"
          label={t('audit.filters.actor')}
          placeholder={t('audit.filters.actorPlaceholder')}
          defaultValue={filters.actor ?? ''}
          error={errors.actor}
          maxLength={254}
          style={{ flex: '2 1 220px', minWidth: 0 }}
          data-testid="audit-filter-actor"
        />
        <NativeSelect
          name="action"
          label={t('audit.filters.action')}
          defaultValue={filters.action ?? ''}
          data={actions}
          error={errors.action}
          style={{ flex: '2 1 200px', minWidth: 0 }}
          data-testid="audit-filter-action"
        />
        <TextInput
          name="table"
          label={t('audit.filters.table')}
          placeholder={t('audit.filters.tablePlaceholder')}
          defaultValue={filters.table ?? ''}
          error={errors.table}
          maxLength={64}
          style={{ flex: '1 1 160px', minWidth: 0 }}
          data-testid="audit-filter-table"
        />
        <TextInput
          type="date"
          name="from"
          label={t('audit.filters.from')}
          defaultValue={filters.from ?? ''}
          error={errors.from}
          style={{ flex: '1 1 150px' }}
          data-testid="audit-filter-from"
        />
        <TextInput
          type="date"
          name="to"
          label={t('audit.filters.to')}
          defaultValue={filters.to ?? ''}
          error={errors.to}
          style={{ flex: '1 1 150px' }}
          data-testid="audit-filter-to"
        />
        <Button type="submit" variant="default" mt={25} leftSection={<IconFilter size={16} aria-hidden />} data-testid="audit-filter-apply">
          {t('audit.filters.apply')}
        </Button>
        {(hasAuditFilters(filters) || Object.keys(errors).length > 0) && (
          <Anchor component={Link} to={basePath} preventScrollReset size="sm" mt={33} data-testid="audit-filter-clear">
            {t('audit.filters.clear')}
          </Anchor>
        )}
      </Group>
      {errors.cursor && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {errors.cursor}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {t('audit.filters.datesHint')}
      </Text>
    </Form>
  );
}

function actorLabel(entry: AuditEntry, t: ReturnType<typeof useTranslation>['t']): string {
  if (entry.actorEmail) return entry.actorEmail;
  return entry.userId ? t('audit.list.deletedUser', { id: entry.userId }) : t('audit.list.system');
}

function AuditTable({ page, basePath }: { page: AuditPageData; basePath: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const filtered = hasAuditFilters(page.filters);
  return (
    <Stack gap="sm">
      <ListTable
        isEmpty={page.entries.length === 0 && page.firstPage}
        empty={{
          icon: <IconShieldCheck size={30} aria-hidden />,
          title: t(filtered ? 'audit.list.noMatchTitle' : 'audit.list.emptyTitle'),
          body: t(filtered ? 'audit.list.noMatchBody' : 'audit.list.emptyBody'),
          testId: 'audit-empty',
        }}
        minWidth={860}
        caption={t('audit.list.caption')}
        columns={(['date', 'actor', 'action', 'table', 'origin', 'details'] as const).map((column) => ({
          label: t(`audit.list.${column}`),
        }))}
        testId="audit-table"
      >
        {page.entries.map((entry) => (
          <Table.Tr key={entry.id} data-testid="audit-row" data-action={entry.action} data-table={entry.tableName}>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, lang)}</time>
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="audit-row-actor">
                {actorLabel(entry, t)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t(`account.audit.${entry.action}`, { defaultValue: entry.action })}</Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {entry.action}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {entry.tableName}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {entry.ipAddress ?? ''}
              </Text>
              {entry.userAgent && (
                <Text size="xs" c="dimmed" lineClamp={1} title={entry.userAgent} maw={220}>
                  {entry.userAgent}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {Object.keys(entry.details).length > 0 && (
                <Code
                  block
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 360, fontSize: 'var(--mantine-font-size-xs)' }}
                >
                  {JSON.stringify(entry.details)}
                </Code>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <KeysetPager
        label={t('audit.list.pagination')}
        firstHref={page.firstPage ? null : auditHref(basePath, page.filters)}
        firstLabel={t('audit.list.first')}
        nextHref={page.nextCursor ? auditHref(basePath, page.filters, page.nextCursor) : null}
        nextLabel={t('audit.list.next')}
        testId="audit-pagination"
      />
    </Stack>
  );
}
