/**
 * A tenant's page (decision 020): who they are, each of their leases (unit, dates, rent,
 * deposit, signers, balance and the ledger with its running balance, then the staff commands),
 * the payments on those leases, their applications and their message threads. Every section has
 * an empty state; tables scroll sideways on a phone.
 */
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollTable, translatedColumns, type ListColumnKey } from '~/components/lists/list-table';
import { SectionCard } from '~/components/section-card';
import { BackLink } from '~/components/back-link';
import { Fact } from '~/components/fact';
import { SuccessAlert } from '~/components/status-alerts';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import type { ComponentProps, ReactNode } from 'react';
import { formatCents, formatDateTime, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { staffPath, useStaffArea } from '~/lib/staff-area';
import type { TenantActionResult, TenantDetail, TenantIntent, TenantLease, TenantsBase } from '../tenants.types';
import { LeaseStatusBadge } from './lease-status-badge';
import { TenantActionForms } from './tenant-action-forms';

type Props = { base: TenantsBase; detail: TenantDetail; result: TenantActionResult | undefined; done: TenantIntent | null; today: string };

function Empty({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

// The columns of the page's tables, headed `tenants.detail.<key>`; amounts align right.
const LEDGER_COLUMNS: ListColumnKey[] = ['date', 'entry', { key: 'amount', align: 'right' }, { key: 'runningBalance', align: 'right' }];

const PAYMENT_COLUMNS: ListColumnKey[] = ['date', 'method', 'reference', 'status', { key: 'amount', align: 'right' }];

/** One of the page's tables: a `ScrollTable` (560 px, compact rows) with `columns`' translated headers. */
function DetailTable({
  columns,
  ...tableProps
}: Omit<ComponentProps<typeof ScrollTable>, 'columns' | 'minWidth'> & { columns: readonly ListColumnKey[]; 'data-testid': string }) {
  const { t } = useTranslation();
  return <ScrollTable minWidth={560} verticalSpacing="xs" columns={translatedColumns(t, 'tenants.detail', columns)} {...tableProps} />;
}

/** The card of the page's `part` (`tenants.detail.<part>`, its heading `<part>-title`), or its empty text (`<part>Empty`). */
function DetailSection({
  part,
  isEmpty,
  children,
}: {
  part: 'payments' | 'applications' | 'messages';
  isEmpty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard
      titleId={`${part}-title`}
      title={t(`tenants.detail.${part}`)}
      isEmpty={isEmpty}
      emptyText={t(`tenants.detail.${part}Empty`)}
    >
      {children}
    </SectionCard>
  );
}

/** A list without bullets or indent (`<ul>` of `<li>`). */
function PlainList({ children }: { children: ReactNode }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

function LeasePanel({ lease, result, today }: { lease: TenantLease; result: TenantActionResult | undefined; today: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const area = useStaffArea();
  // The lease's figures, by their `tenants.detail.*` label; the move-out date once there is one.
  const facts: [string, ReactNode][] = [
    ['rent', formatCents(lease.monthlyRentCents, lang)],
    ['deposit', formatCents(lease.depositCents, lang)],
    [
      'balance',
      <span data-testid="lease-balance" data-cents={lease.balanceCents}>
        {formatCents(lease.balanceCents, lang)}
      </span>,
    ],
    ['overdue', formatCents(lease.overdueCents, lang)],
    ['moveOut', lease.moveOutDate ? formatIsoDate(lease.moveOutDate, lang) : null],
    ['signers', lease.signers.map((s) => `${s.name} (${t(`tenants.role.${s.role}`)})`).join(', ')],
  ];
  return (
    <Paper
      withBorder
      p="lg"
      component="section"
      id={`lease-${lease.id}`}
      aria-labelledby={`lease-${lease.id}-title`}
      data-testid="tenant-lease"
      data-lease={lease.id}
    >
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h3" id={`lease-${lease.id}-title`}>
            {t('tenants.detail.leaseTitle', { id: lease.id, unit: lease.unitLabel })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('tenants.detail.leaseDates', { start: formatIsoDate(lease.startDate, lang), end: formatIsoDate(lease.endDate, lang) })}
          </Text>
          <Anchor component={Link} to={staffPath(area, `leases/${lease.id}`)} size="sm" w="fit-content" data-testid="tenant-lease-open">
            {t('tenants.detail.openLease', { id: lease.id })}
          </Anchor>
        </Stack>
        <LeaseStatusBadge status={lease.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mb="md">
        {facts
          .filter(([, value]) => value !== null)
          .map(([key, value]) => (
            <Fact key={key} label={t(`tenants.detail.${key}`)} fw={500}>
              {value}
            </Fact>
          ))}
      </SimpleGrid>
      {lease.depositDeductions && lease.depositDeductions.length > 0 && (
        <Stack gap={2} mb="md">
          <Text size="sm" fw={600}>
            {t('tenants.detail.deductions')}
          </Text>
          {lease.depositDeductions.map((d, i) => (
            <Text size="sm" key={i}>
              {d.description}: {formatCents(d.amountCents, lang)}
            </Text>
          ))}
        </Stack>
      )}
      <Title order={3} size="h4" mb="xs">
        {t('tenants.detail.ledger')}
      </Title>
      {lease.ledger.length === 0 ? (
        <Empty>{t('tenants.detail.ledgerEmpty')}</Empty>
      ) : (
        <DetailTable mb="md" data-testid="lease-ledger" columns={LEDGER_COLUMNS}>
          {lease.ledger.map((entry) => (
            <Table.Tr key={entry.key} data-testid="ledger-entry" data-kind={entry.kind}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDate(entry.date, lang)}</Table.Td>
              <Table.Td>
                <Text size="sm">{t(`tenants.entryKind.${entry.kind}`, { defaultValue: entry.kind })}</Text>
                {entry.description && (
                  <Text size="xs" c="dimmed">
                    {entry.kind === 'payment'
                      ? t(`tenants.method.${entry.description}`, { defaultValue: entry.description })
                      : entry.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatCents(entry.amountCents, lang)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatCents(entry.balanceCents, lang)}
              </Table.Td>
            </Table.Tr>
          ))}
        </DetailTable>
      )}
      <TenantActionForms lease={lease} result={result} today={today} />
    </Paper>
  );
}

export function TenantPage({ base, detail, result, done, today }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Stack gap="lg" data-testid="tenant-page">
      <BackLink to={base}>{t('tenants.detail.back')}</BackLink>
      <Stack gap={4}>
        <Title order={1}>{detail.name}</Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[detail.email, detail.phone].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      {done && <SuccessAlert data-testid="tenants-done">{t(`tenants.done.${done}`)}</SuccessAlert>}
      {detail.leases.map((lease) => (
        <LeasePanel key={lease.id} lease={lease} result={result} today={today} />
      ))}
      <DetailSection part="payments" isEmpty={detail.payments.length === 0}>
        <DetailTable data-testid="tenant-payments" columns={PAYMENT_COLUMNS}>
          {detail.payments.map((p) => (
            <Table.Tr key={p.id} data-testid="tenant-payment">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.createdAt, lang)}</Table.Td>
              <Table.Td>{t(`tenants.method.${p.method}`, { defaultValue: p.method })}</Table.Td>
              <Table.Td>{p.reference ?? '—'}</Table.Td>
              <Table.Td>{t(`tenants.paymentStatus.${p.status}`, { defaultValue: p.status })}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatCents(p.amountCents, lang)}
                {p.refundedCents > 0 && ` (−${formatCents(p.refundedCents, lang)})`}
              </Table.Td>
            </Table.Tr>
          ))}
        </DetailTable>
      </DetailSection>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DetailSection part="applications" isEmpty={detail.applications.length === 0}>
          <PlainList>
            {detail.applications.map((a) => (
              <li key={a.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" ff="monospace" fw={600}>
                    {a.reference}
                  </Text>
                  <Badge variant="outline" color="gray">
                    {t(`tenants.applicationStatus.${a.status}`, { defaultValue: a.status })}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {a.unitLabel} · {formatIsoDate(a.moveIn, lang)} – {formatIsoDate(a.moveOut, lang)}
                </Text>
              </li>
            ))}
          </PlainList>
        </DetailSection>
        <DetailSection part="messages" isEmpty={detail.threads.length === 0}>
          <PlainList>
            {detail.threads.map((thread) => (
              <li key={thread.id}>
                <Text size="sm" fw={600}>
                  {thread.subject ?? t('tenants.detail.noSubject')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('tenants.detail.threadMeta', { count: thread.messages, date: formatDateTime(thread.lastMessageAt, lang) })}
                </Text>
                {thread.lastBody && (
                  <Text size="sm" lineClamp={2}>
                    {thread.lastBody}
                  </Text>
                )}
              </li>
            ))}
          </PlainList>
        </DetailSection>
      </SimpleGrid>
    </Stack>
  );
}
