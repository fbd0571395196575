/**
 * The lease part of /tenant-portal (decision 022): leases to sign, the current lease with
 * its documents, balance and next due date, Pay now, autopay, payment history with PDF receipts,
 * and the statement. Every form is a plain POST (works without JavaScript); the card fields are
 * never echoed back.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  type TableProps,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFileTypePdf, IconSignature } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link, useNavigation } from 'react-router';
import { TestModeNotice } from '~/components/test-mode-notice';
import type { ReactNode } from 'react';
import type { Language } from '~/lib/constants';
import { formatCents, formatDateTime, formatIsoDate } from '~/lib/format';
import { lateFeeRuleText } from '~/lib/late-fee-summary';
import { centsToDollarsText } from '~/lib/money';
import { useActionResult } from '~/components/forms/use-action-result';
import type { PortalActionResult } from '../portal.page.server';
import type { TenantPortalData } from '../portal.server';

type Props = { portal: TenantPortalData; lang: Language; action: PortalActionResult | undefined; payKey: string; testMode: boolean };

export function LeasePortal({ portal, lang, action, payKey, testMode }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : '';
  const { current, balance } = portal;
  // The notice and the refusal show on the page (no toast); a rate-limit refusal shows the spec's toast.
  const { failed } = useActionResult(action, { toast: false, keepValues: true });
  const errorsFor = (intent: string): Record<string, string> => (failed?.intent === intent ? failed.errors : {});
  // The portal's forms repeat no field: every echoed value is one string.
  const valuesFor = (intent: string) => (failed?.intent === intent ? ((failed.values ?? {}) as Record<string, string>) : {});
  const notice = action?.ok ? action.message : undefined;
  return (
    <Stack gap="lg">
      {current && <TestModeNotice testMode={testMode} />}
      {notice && (
        <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} role="status" data-testid="portal-notice">
          {notice}
        </Alert>
      )}
      {failed?.errors.form && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="portal-error">
          {failed.errors.form}
        </Alert>
      )}
      {portal.toSign.map((lease) => (
        <Alert
          key={lease.id}
          color="blue"
          icon={<IconSignature size={18} aria-hidden />}
          title={t('tenantPortal.toSign.title')}
          data-testid="lease-to-sign"
        >
          <Stack gap="xs">
            <Text size="sm">
              {lease.renewalOfId
                ? t('tenantPortal.toSign.renewal', {
                    unit: lease.unitLabel,
                    start: formatIsoDate(lease.startDate, lang),
                    end: formatIsoDate(lease.endDate, lang),
                    rent: formatCents(lease.monthlyRentCents, lang),
                  })
                : t('tenantPortal.toSign.body', {
                    unit: lease.unitLabel,
                    start: formatIsoDate(lease.startDate, lang),
                    end: formatIsoDate(lease.endDate, lang),
                    signBy: lease.signBy ? formatDateTime(lease.signBy, lang) : '',
                  })}
            </Text>
            <Group>
              <Button component={Link} to={`/tenant-portal/leases/${lease.id}`} size="sm">
                {t('tenantPortal.toSign.action')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
      <Card withBorder padding="lg" component="section" aria-labelledby="lease-title" data-testid="current-lease">
        <Title order={2} size="h3" id="lease-title" mb="sm">
          {t('tenantPortal.lease.title')}
        </Title>
        {!current ? (
          <Text c="dimmed">{t('tenantPortal.lease.none')}</Text>
        ) : (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <Fact
                label={t('tenantPortal.lease.unit')}
                value={current.unitLabel}
                sub={`${current.address}, ${current.city}, ${current.state}`}
              />
              <Fact
                label={t('tenantPortal.lease.dates')}
                value={`${formatIsoDate(current.startDate, lang)} – ${formatIsoDate(current.endDate, lang)}`}
              />
              <Fact label={t('tenantPortal.lease.rent')} value={formatCents(current.monthlyRentCents, lang)} />
              <Fact label={t('tenantPortal.lease.status')} value={t(`tenantPortal.status.${current.status}`)} />
            </SimpleGrid>
            <Group gap="md">
              <Text size="sm" fw={600}>
                {t('tenantPortal.lease.documents')}:
              </Text>
              <Anchor href={`/tenant-portal/leases/${current.id}/pdf`} size="sm" data-testid="lease-pdf-link">
                <IconFileTypePdf size={16} aria-hidden />{' '}
                {portal.hasSignedDocument ? t('tenantPortal.lease.signedPdf') : t('tenantPortal.lease.leasePdf')}
              </Anchor>
              <Anchor component={Link} to={`/tenant-portal/leases/${current.id}`} size="sm">
                {t('tenantPortal.lease.leasePage')}
              </Anchor>
            </Group>
          </Stack>
        )}
      </Card>
      {current && balance && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder padding="lg" component="section" aria-labelledby="balance-title" id="pay">
            <Title order={2} size="h3" id="balance-title">
              {t('tenantPortal.balance.title')}
            </Title>
            <Text size="xl" fw={700} mt="xs" data-testid="tenant-balance" data-cents={balance.balanceCents}>
              {formatCents(Math.abs(balance.balanceCents), lang)}
            </Text>
            <Text size="sm" c="dimmed">
              {balance.balanceCents > 0
                ? t('tenantPortal.balance.due')
                : balance.balanceCents < 0
                  ? t('tenantPortal.balance.credit')
                  : t('tenantPortal.balance.settled')}
              {balance.overdueCents > 0 && ` · ${t('tenantPortal.balance.overdue', { amount: formatCents(balance.overdueCents, lang) })}`}
            </Text>
            {balance.processingCents > 0 && (
              <Text size="sm" c="blue.8" data-testid="balance-processing">
                {t('tenantPortal.balance.processing', { amount: formatCents(balance.processingCents, lang) })}
              </Text>
            )}
            {balance.nextDueDate && (
              <Text size="sm" data-testid="next-due">
                {t('tenantPortal.balance.nextDue', { date: formatIsoDate(balance.nextDueDate, lang) })}
              </Text>
            )}
            {portal.nextRent && (
              <Text size="sm" data-testid="next-rent">
                {t(portal.nextRent.autopay ? 'tenantPortal.balance.nextRentAutopay' : 'tenantPortal.balance.nextRent', {
                  amount: formatCents(portal.nextRent.amountCents, lang),
                  date: formatIsoDate(portal.nextRent.date, lang),
                })}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('tenantPortal.balance.dueDay', { day: portal.rentDueDay })}
            </Text>
            {balance.balanceCents > 0 ? (
              <Form method="post" data-testid="pay-form">
                <Stack gap="sm" mt="md">
                  <Title order={3} size="h4">
                    {t('tenantPortal.pay.title')}
                  </Title>
                  <input type="hidden" name="intent" value="pay" />
                  <input type="hidden" name="leaseId" value={current.id} />
                  <input type="hidden" name="key" value={failed?.intent === 'pay' && failed.nextKey ? failed.nextKey : payKey} />
                  <TextInput
                    name="amount"
                    label={t('tenantPortal.pay.amount')}
                    description={t('tenantPortal.pay.amountHint')}
                    inputMode="decimal"
                    defaultValue={valuesFor('pay').amount || centsToDollarsText(balance.balanceCents)}
                    required
                    error={errorsFor('pay').amount}
                    leftSection="$"
                  />
                  <Text size="xs" c="dimmed">
                    {t(testMode ? 'tenantPortal.pay.hostedTest' : 'tenantPortal.pay.hosted')}
                  </Text>
                  <Button type="submit" loading={busy === 'pay'}>
                    {t('tenantPortal.pay.submitAny')}
                  </Button>
                </Stack>
              </Form>
            ) : (
              <Text size="sm" mt="md">
                {t('tenantPortal.pay.nothingDue')}
              </Text>
            )}
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="autopay-title" id="autopay" data-testid="autopay">
            <Title order={2} size="h3" id="autopay-title" mb="xs">
              {t('tenantPortal.autopay.title')}
            </Title>
            {portal.autopay ? (
              <Stack gap="sm">
                <Group gap="xs">
                  <Badge color="teal.9" autoContrast>
                    ON
                  </Badge>
                  <Text size="sm" data-testid="autopay-on">
                    {t('tenantPortal.autopay.on', {
                      card: `${portal.autopay.cardBrand ?? ''} •••• ${portal.autopay.cardLast4 ?? ''}`,
                      day: portal.autopay.dayOfMonth,
                    })}
                  </Text>
                </Group>
                {portal.autopay.lastFailure && (
                  <Alert color="orange" data-testid="autopay-failed">
                    {t('tenantPortal.autopay.failed', { reason: t(`tenantPortal.declines.${portal.autopay.lastFailure.split('|')[0]}`) })}{' '}
                    {portal.autopay.retryAt && t('tenantPortal.autopay.retry', { date: formatIsoDate(portal.autopay.retryAt, lang) })}
                  </Alert>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="autopay-off" />
                  <input type="hidden" name="leaseId" value={current.id} />
                  <Button type="submit" variant="default" loading={busy === 'autopay-off'}>
                    {t('tenantPortal.autopay.cancel')}
                  </Button>
                </Form>
              </Stack>
            ) : (
              <Form method="post" data-testid="autopay-form">
                <Stack gap="sm">
                  <Text size="sm">{t('tenantPortal.autopay.off')}</Text>
                  <input type="hidden" name="intent" value="autopay-on" />
                  <input type="hidden" name="leaseId" value={current.id} />
                  <NumberInput
                    name="day"
                    label={t('tenantPortal.autopay.day')}
                    description={t('tenantPortal.autopay.dayHint')}
                    min={1}
                    max={28}
                    allowDecimal={false}
                    defaultValue={Number(valuesFor('autopay-on').day || portal.rentDueDay)}
                    required
                    error={errorsFor('autopay-on').day}
                  />
                  <Text size="xs" c="dimmed">
                    {t(testMode ? 'tenantPortal.pay.hostedTest' : 'tenantPortal.autopay.hosted')}
                  </Text>
                  <Button type="submit" loading={busy === 'autopay-on'}>
                    {t('tenantPortal.autopay.enable')}
                  </Button>
                </Stack>
              </Form>
            )}
          </Card>
        </SimpleGrid>
      )}
      {current && (
        <TableSection
          texts="tenantPortal.payments"
          titleId="payments-title"
          id="payments"
          isEmpty={portal.payments.length === 0}
          minWidth={560}
          striped
          data-testid="payment-history"
          columns={['date', 'receipt', 'method', 'status', { key: 'amount', align: 'right' }]}
        >
          {portal.payments.map((p) => (
            <Table.Tr key={p.id} data-testid="payment-row" data-status={p.status}>
              <Table.Td>{formatIsoDate(p.date.slice(0, 10), lang)}</Table.Td>
              <Table.Td>
                {p.status === 'failed' || p.status === 'processing' ? (
                  p.receipt
                ) : (
                  <Anchor
                    href={`/tenant-portal/payments/${p.id}/receipt`}
                    aria-label={`${t('tenantPortal.payments.receipt')} ${p.receipt} (PDF)`}
                  >
                    {p.receipt}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                {t(`tenantPortal.payments.methods.${p.method}`)}
                {p.cardLast4 ? ` •••• ${p.cardLast4}` : p.reference ? ` ${p.reference}` : ''}
              </Table.Td>
              <Table.Td>
                {t(`tenantPortal.payments.statuses.${p.status}`)}
                {p.refundedCents > 0 &&
                  p.status !== 'refunded' &&
                  ` · ${t('tenantPortal.payments.refunded', { amount: formatCents(p.refundedCents, lang) })}`}
              </Table.Td>
              <Table.Td ta="right">{formatCents(p.amountCents, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </TableSection>
      )}
      {current && (
        <TableSection
          texts="tenantPortal.ledger"
          titleId="statement-title"
          isEmpty={portal.ledger.length === 0}
          minWidth={520}
          data-testid="statement"
          columns={['date', 'item', { key: 'amount', align: 'right' }, { key: 'balance', align: 'right' }]}
          footer={
            portal.statementYears.length > 0 && (
              <Group gap="md" mt="sm" data-testid="statement-pdfs">
                {portal.statementYears.map((year) => (
                  <Anchor key={year} href={`/tenant-portal/leases/${current.id}/statement/${year}`} size="sm">
                    <IconFileTypePdf size={16} aria-hidden /> {t('tenantPortal.ledger.yearPdf', { year })}
                  </Anchor>
                ))}
              </Group>
            )
          }
        >
          {[...portal.ledger].reverse().map((entry) => (
            <Table.Tr key={entry.key}>
              <Table.Td>{formatIsoDate(entry.date, lang)}</Table.Td>
              <Table.Td>
                {t(`tenantPortal.ledger.kinds.${entry.kind}`)}
                {entry.period && /^\d{4}-\d{2}$/.test(entry.period) ? ` ${entry.period}` : ''}
                {/* A late fee posted by the rent job says "Late fee" (in English) where its rule says more. */}
                {entry.kind !== 'payment' && !entry.lateFeeRule && entry.description ? ` · ${entry.description}` : ''}
                {entry.dueDate && entry.dueDate !== entry.date
                  ? ` · ${t('tenantPortal.ledger.dueOn', { date: formatIsoDate(entry.dueDate, lang) })}`
                  : ''}
                {entry.lateFeeRule
                  ? ` · ${t('tenantPortal.ledger.lateFeeRule', { rule: lateFeeRuleText(t, entry.lateFeeRule, lang) })}`
                  : ''}
                {entry.status === 'processing' ? ` · ${t('tenantPortal.payments.statuses.processing')}` : ''}
              </Table.Td>
              <Table.Td ta="right">{formatCents(entry.amountCents, lang)}</Table.Td>
              <Table.Td ta="right">{formatCents(entry.balanceCents, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </TableSection>
      )}
    </Stack>
  );
}

/** A table column: its key under the section's texts, or the key with its alignment (amounts). */
type SectionColumn = string | { key: string; align: 'right' };

/**
 * A card of the lease part holding one table (payments, statement): a `<section>` labelled by
 * its `<texts>.title` heading (`titleId`), then the dimmed `<texts>.empty` line when `isEmpty`,
 * else the table, scrolling sideways below `minWidth` (px), headed by `columns` (`<texts>.<key>`)
 * and holding the caller's rows. Other props (`striped`, `data-testid`) go to Mantine's `Table`.
 */
function TableSection({
  texts,
  titleId,
  id,
  isEmpty,
  minWidth,
  columns,
  footer,
  children,
  ...tableProps
}: Omit<TableProps, 'children'> & {
  texts: 'tenantPortal.payments' | 'tenantPortal.ledger';
  titleId: string;
  id?: string;
  isEmpty: boolean;
  minWidth: number;
  columns: SectionColumn[];
  /** Shown under the table (or the empty line): links such as the year-end statements. */
  footer?: ReactNode;
  'data-testid': string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} id={id}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {t(`${texts}.title`)}
      </Title>
      {isEmpty ? (
        <Text c="dimmed">{t(`${texts}.empty`)}</Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table {...tableProps}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => {
                  const { key, align } = typeof column === 'string' ? { key: column, align: undefined } : column;
                  return (
                    <Table.Th key={key} ta={align}>
                      {t(`${texts}.${key}`)}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {footer}
    </Card>
  );
}

function Fact({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
      {sub && (
        <Text size="xs" c="dimmed">
          {sub}
        </Text>
      )}
    </div>
  );
}
