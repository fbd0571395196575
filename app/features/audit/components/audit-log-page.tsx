/**
 * /admin/audit's page (decision 023): the filters (a plain GET form: every filtered list has
 * its own URL and works without JavaScript), the CSV export of what is filtered, the entries
 * (when, actor, action, table, origin, details) and keyset pagination. While a new page loads
 * the list is marked busy with an overlay; an empty list says whether nothing matches or
 * nothing exists yet. On a narrow screen the filters wrap and the table scrolls sideways.
 */
import { Box, Code, LoadingOverlay, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { useNavigation } from 'react-router';
import { KeysetPager } from '~/components/keyset-pager';
import { FilterForm, optionsWithAll } from '~/components/lists/filter-form';
import { DateRangeFilter, DatesFilterFooter, FilterErrorsAlert, ListExportBar } from '~/components/lists/list-toolbar';
import { DateTimeCell, ListTable } from '~/components/lists/list-table';
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
      <FilterErrorsAlert errors={page.errors} testId="audit-filter-errors" />
      <ListExportBar
        summary={loading ? t('audit.list.loading') : t('audit.list.pageSize', { count: page.entries.length })}
        exportHref={hasErrors ? null : auditHref(csvPath, page.filters)}
        exportLabel={t('audit.list.exportCsv')}
        exportHint={t('audit.list.exportHint')}
        exportTestId="audit-export"
      />
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
  const actions = optionsWithAll(t('audit.filters.all'), page.actions, (value) => ({
    value,
    label: t(`account.audit.${value}`, { defaultValue: value }),
  }));
  return (
    <FilterForm
      list="audit"
      action={basePath}
      formKey={JSON.stringify(filters)}
      applyTestId="audit-filter-apply"
      showClear={hasAuditFilters(filters)}
      errors={errors}
      align="start"
      footer={<DatesFilterFooter cursorError={errors.cursor} hint={t('audit.filters.datesHint')} />}
    >
      <AuditTextFilter page={page} name="actor" type="search" maxLength={254} flex="2 1 220px" />
      <NativeSelect
        name="action"
        label={t('audit.filters.action')}
        defaultValue={filters.action ?? ''}
        data={actions}
        error={errors.action}
        style={{ flex: '2 1 200px', minWidth: 0 }}
        data-testid="audit-filter-action"
      />
      <AuditTextFilter page={page} name="table" maxLength={64} flex="1 1 160px" />
      <DateRangeFilter
        labels={{ from: t('audit.filters.from'), to: t('audit.filters.to') }}
        from={filters.from}
        to={filters.to}
        errors={errors}
        testIdPrefix="audit-filter"
      />
    </FilterForm>
  );
}

type TextFilterProps = { page: AuditPageData; name: 'actor' | 'table'; type?: 'search'; maxLength: number; flex: string };

/** A free-text filter (`name`): its label and placeholder under `audit.filters`, the applied value and its error. */
function AuditTextFilter({ page, name, type, maxLength, flex }: TextFilterProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      name={name}
      type={type}
      label={t(`audit.filters.${name}`)}
      placeholder={t(`audit.filters.${name}Placeholder`)}
      defaultValue={page.filters[name] ?? ''}
      error={page.errors[name]}
      maxLength={maxLength}
      style={{ flex, minWidth: 0 }}
      data-testid={`audit-filter-${name}`}
    />
  );
}

function actorLabel(entry: AuditEntry, t: ReturnType<typeof useTranslation>['t']): string {
  if (entry.actorEmail) return entry.actorEmail;
  return entry.userId ? t('audit.list.deletedUser', { id: entry.userId }) : t('audit.list.system');
}

function AuditTable({ page, basePath }: { page: AuditPageData; basePath: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <ListTable
        texts="audit.list"
        columns={['date', 'actor', 'action', 'table', 'origin', 'details']}
        icon={IconShieldCheck}
        filtered={hasAuditFilters(page.filters)}
        isEmpty={page.entries.length === 0 && page.firstPage}
        minWidth={860}
        testIdPrefix="audit"
      >
        {page.entries.map((entry) => (
          <Table.Tr key={entry.id} data-testid="audit-row" data-action={entry.action} data-table={entry.tableName}>
            <DateTimeCell iso={entry.createdAt} />
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
