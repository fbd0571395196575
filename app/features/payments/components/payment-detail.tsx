/**
 * One payment (decision 020 and 022): what it is and where it stands, who paid, for which
 * lease or application and unit, the provider's reference and the card (brand, last 4) or the
 * check/transfer reference, the charges it covers, its refunds, and the refund form (full or
 * partial; a plain POST form that works without JavaScript, with the page view's idempotency key).
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { BackLink } from '~/components/back-link';
import { Fact } from '~/components/fact';
import { SuccessAlert } from '~/components/status-alerts';
import type { ReactNode } from 'react';
import { ScrollTable, translatedColumns, type ListColumnKey } from '~/components/lists/list-table';
import { SectionCard } from '~/components/section-card';
import { useTranslation } from '~/lib/i18n';
import { Form, useNavigation } from 'react-router';
import { formatCents, formatDateTime, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { REFUND_REASON_MAX } from '../payments.schemas';
import type { PaymentDetail, RefundActionResult } from '../payments.types';
import { PaymentStatusBadge } from './payment-badges';

/** One fact of the summary: a label in capitals over a value that may hold blocks and break anywhere. */
function PaymentFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Fact label={label} caps block wrap="anywhere">
      {children}
    </Fact>
  );
}

type TablePart = 'allocations' | 'refunds' | 'disputes';

/**
 * A titled block (an `h2`) holding one of the payment's tables, or a dimmed line when there is
 * nothing to list. Its texts are `payments.detail.<part>.title|empty|caption` and, per column,
 * `payments.detail.<part>.<column key>`.
 */
function DetailTable({
  part,
  isEmpty,
  columns,
  children,
}: {
  part: TablePart;
  isEmpty: boolean;
  columns: ListColumnKey[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t(`payments.detail.${part}.title`)}
      </Title>
      {isEmpty ? (
        <Text c="dimmed" size="sm">
          {t(`payments.detail.${part}.empty`)}
        </Text>
      ) : (
        <ScrollTable
          minWidth={560}
          verticalSpacing="xs"
          data-testid={`payment-${part}`}
          caption={t(`payments.detail.${part}.caption`)}
          columns={translatedColumns(t, `payments.detail.${part}`, columns)}
        >
          {children}
        </ScrollTable>
      )}
    </Stack>
  );
}

type Props = {
  basePath: string;
  detail: PaymentDetail;
  refundKey: string;
  done: 'refunded' | null;
  result: RefundActionResult | undefined;
};

export function PaymentDetailView({ basePath, detail, refundKey, done, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const none = t('payments.detail.none');
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const failed = result && !result.ok ? result : null;
  // A refund field's name, the value sent again after a refusal (else `fallback`) and its error.
  const refundField = (name: 'amount' | 'reason', fallback: string) => ({
    name,
    defaultValue: failed?.values?.[name] ?? fallback,
    error: failed?.errors[name],
  });
  return (
    <Stack gap="lg" data-testid="payment-detail" data-status={detail.status}>
      <BackLink to={basePath}>{t('payments.detail.back')}</BackLink>
      {(done === 'refunded' || result?.ok) && (
        <SuccessAlert role="status" data-testid="payment-refunded">
          {result?.ok ? t('payments.refund.doneAmount', { amount: money(result.amountCents) }) : t('payments.refund.done')}
        </SuccessAlert>
      )}
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Title order={2} size="h3">
            {t('payments.detail.summary')}
          </Title>
          <PaymentStatusBadge status={detail.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <PaymentFact label={t('payments.detail.amount')}>
            <Text fw={700} size="lg" span>
              {money(detail.amountCents)}
            </Text>
          </PaymentFact>
          <PaymentFact label={t('payments.detail.refunded')}>{money(detail.refundedCents)}</PaymentFact>
          <PaymentFact label={t('payments.detail.refundable')}>{money(detail.refundableCents)}</PaymentFact>
          <PaymentFact label={t('payments.detail.kind')}>{t(`payments.kind.${detail.kind}`)}</PaymentFact>
          <PaymentFact label={t('payments.detail.method')}>{t(`payments.method.${detail.method}`)}</PaymentFact>
          <PaymentFact label={t('payments.detail.created')}>
            <time dateTime={detail.createdAt}>{formatDateTime(detail.createdAt, lang)}</time>
          </PaymentFact>
          <PaymentFact label={t('payments.detail.settled')}>
            {detail.settledAt ? (
              <time dateTime={detail.settledAt}>{formatDateTime(detail.settledAt, lang)}</time>
            ) : (
              t('payments.detail.notSettled')
            )}
          </PaymentFact>
          <PaymentFact label={t('payments.detail.payer')}>
            {detail.payerName ?? t('payments.list.unknownPayer')}
            {detail.payerEmail && (
              <Text size="xs" c="dimmed">
                {detail.payerEmail}
              </Text>
            )}
          </PaymentFact>
          <PaymentFact label={t('payments.detail.building')}>{detail.buildingName ?? t('payments.list.noBuilding')}</PaymentFact>
          <PaymentFact label={t('payments.detail.where')}>
            {detail.unit && <div>{t('payments.detail.unit', { title: detail.unit.title, unit: detail.unit.unitNumber })}</div>}
            {detail.lease && (
              <div>
                {t('payments.detail.lease', {
                  id: detail.lease.id,
                  status: detail.lease.status,
                  start: formatIsoDate(detail.lease.startDate, lang),
                  end: formatIsoDate(detail.lease.endDate, lang),
                })}
              </div>
            )}
            {detail.application && (
              <div>{t('payments.detail.application', { reference: detail.application.reference, status: detail.application.status })}</div>
            )}
            {!detail.lease && !detail.application && t('payments.detail.nothingLinked')}
          </PaymentFact>
          <PaymentFact label={t('payments.detail.provider')}>{detail.provider}</PaymentFact>
          <PaymentFact label={t('payments.detail.providerRef')}>
            <Text span ff="monospace" size="sm">
              {detail.providerRef ?? none}
            </Text>
          </PaymentFact>
          {detail.cardLast4 && (
            <PaymentFact label={t('payments.detail.card')}>
              {t('payments.detail.cardValue', { brand: detail.cardBrand ?? '', last4: detail.cardLast4 })}
            </PaymentFact>
          )}
          {detail.reference && <PaymentFact label={t('payments.detail.reference')}>{detail.reference}</PaymentFact>}
          {detail.recordedByName && <PaymentFact label={t('payments.detail.recordedBy')}>{detail.recordedByName}</PaymentFact>}
          {detail.failureReason && <PaymentFact label={t('payments.detail.failure')}>{detail.failureReason}</PaymentFact>}
        </SimpleGrid>
      </Paper>

      <DetailTable
        part="allocations"
        isEmpty={detail.allocations.length === 0}
        columns={['charge', 'period', 'due', { key: 'chargeAmount', align: 'right' }, { key: 'allocated', align: 'right' }]}
      >
        {detail.allocations.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.description ?? t(`payments.detail.chargeKind.${row.kind}`)}</Table.Td>
            <Table.Td>{row.period.startsWith('manual:') ? none : row.period}</Table.Td>
            <Table.Td>{formatIsoDate(row.dueDate, lang)}</Table.Td>
            <Table.Td ta="right">{money(row.chargeCents)}</Table.Td>
            <Table.Td ta="right">{money(row.amountCents)}</Table.Td>
          </Table.Tr>
        ))}
      </DetailTable>

      <DetailTable
        part="refunds"
        isEmpty={detail.refunds.length === 0}
        columns={['date', { key: 'amount', align: 'right' }, 'reason', 'by', 'providerRef']}
      >
        {detail.refunds.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, lang)}</time>
            </Table.Td>
            <Table.Td ta="right">{money(row.amountCents)}</Table.Td>
            <Table.Td>{row.reason ?? none}</Table.Td>
            <Table.Td>{row.createdByName ?? none}</Table.Td>
            <Table.Td ff="monospace">{row.providerRef ?? none}</Table.Td>
          </Table.Tr>
        ))}
      </DetailTable>

      <DetailTable
        part="disputes"
        isEmpty={detail.disputes.length === 0}
        columns={['opened', 'status', 'reason', { key: 'amount', align: 'right' }, 'closed', 'providerRef']}
      >
        {detail.disputes.map((row) => (
          <Table.Tr key={row.id} data-testid="dispute-row" data-status={row.status}>
            <Table.Td>
              <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, lang)}</time>
            </Table.Td>
            <Table.Td>{t(`payments.detail.disputes.statuses.${row.status}`, { defaultValue: row.status.replaceAll('_', ' ') })}</Table.Td>
            <Table.Td>{t(`payments.detail.disputes.reasons.${row.reason}`, { defaultValue: row.reason.replaceAll('_', ' ') })}</Table.Td>
            <Table.Td ta="right">{money(row.amountCents)}</Table.Td>
            <Table.Td>{row.closedAt ? <time dateTime={row.closedAt}>{formatDateTime(row.closedAt, lang)}</time> : none}</Table.Td>
            <Table.Td ff="monospace">{row.providerRef}</Table.Td>
          </Table.Tr>
        ))}
      </DetailTable>

      <SectionCard titleId="refund-title" title={t('payments.refund.title')} titleMb="xs" p="md" radius="md">
        {detail.canRefund ? (
          <Form method="post" data-testid="refund-form">
            <Stack gap="sm" maw={480}>
              <Text size="sm" c="dimmed">
                {t('payments.refund.body')}
              </Text>
              {failed?.errors.form && (
                <Alert color="red" role="alert" data-testid="refund-error">
                  {failed.errors.form}
                </Alert>
              )}
              <input type="hidden" name="intent" value="refund" />
              <input type="hidden" name="idempotencyKey" value={refundKey} />
              <TextInput
                {...refundField('amount', (detail.refundableCents / 100).toFixed(2))}
                key={`${refundKey}:amount`}
                label={t('payments.refund.amount')}
                description={t('payments.refund.amountHint', { limit: money(detail.refundableCents) })}
                inputMode="decimal"
                autoComplete="off"
                required
                maxLength={20}
              />
              <Textarea
                {...refundField('reason', '')}
                key={`${refundKey}:reason`}
                label={t('payments.refund.reason')}
                description={t('payments.refund.reasonHint')}
                maxLength={REFUND_REASON_MAX}
                autosize
                minRows={2}
              />
              <Group>
                <Button type="submit" color="red" loading={busy} leftSection={<IconReceiptRefund size={16} aria-hidden />}>
                  {t('payments.refund.submit')}
                </Button>
              </Group>
            </Stack>
          </Form>
        ) : (
          <Text size="sm" c="dimmed" data-testid="refund-unavailable">
            {t('payments.refund.unavailable')}
          </Text>
        )}
      </SectionCard>
    </Stack>
  );
}
