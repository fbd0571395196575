/**
 * The application summary (spec §4): lease months, monthly rent, security deposit, application
 * fee, the total due now and the total due at lease signing, each with why. Amounts are cents,
 * shown in the visitor's currency format.
 */
import { Badge, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { FeeQuote } from '../fees';
import { formatCents } from '~/lib/format';
import classes from './booking.module.css';

type Props = { quote: FeeQuote; moveIn: string; moveOut: string };

/**
 * One row of an amounts table (the fee summary, the receipt): what (a row header; a total in
 * bold, with `why` in small text under it) and the amount, right-aligned.
 */
export function AmountRow({
  label,
  why,
  total = false,
  testId,
  children,
}: {
  label: ReactNode;
  why?: string;
  total?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Table.Tr className={total ? classes.totalRow : undefined}>
      <Table.Th scope="row" fw={total ? undefined : 400}>
        {label}
        {why !== undefined && (
          <Text size="xs" c="dimmed" fw={400}>
            {why}
          </Text>
        )}
      </Table.Th>
      <Table.Td className={classes.amount} data-testid={testId}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

export function FeeSummary({ quote, moveIn, moveOut }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const byCard = quote.paymentMethod === 'card';
  const when = (now: boolean) => (
    <Badge size="xs" variant="filled" autoContrast color={now ? 'teal.9' : 'gray.7'} ml={6} style={{ verticalAlign: 'middle' }}>
      {t(now ? 'booking.summary.now' : 'booking.summary.atSigning')}
    </Badge>
  );
  const dueNowWhy = !byCard
    ? 'booking.summary.dueNowWhy.atSigning'
    : quote.depositPaidNow
      ? 'booking.summary.dueNowWhy.feeAndDeposit'
      : 'booking.summary.dueNowWhy.fee';
  const dueLaterWhy = !byCard
    ? 'booking.summary.dueAtSigningWhy.all'
    : quote.depositPaidNow
      ? 'booking.summary.dueAtSigningWhy.rent'
      : 'booking.summary.dueAtSigningWhy.rentAndDeposit';
  return (
    <Stack gap="xs" component="section" aria-labelledby="fee-summary-title" data-testid="fee-summary">
      <Text fw={700} id="fee-summary-title">
        {t('booking.summary.title')}
      </Text>
      <Table withRowBorders verticalSpacing={6} horizontalSpacing={0} fz="sm">
        <Table.Tbody>
          <AmountRow
            label={
              <>
                {t('booking.summary.leaseMonths')}
                <Text size="xs" c="dimmed">
                  {t('booking.summary.dates', { from: formatIsoDate(moveIn, lang), to: formatIsoDate(moveOut, lang) })}
                </Text>
              </>
            }
            testId="fee-lease-months"
          >
            {t('booking.summary.months', { count: quote.leaseMonths })}
          </AmountRow>
          <AmountRow label={t('booking.summary.monthlyRent')} testId="fee-monthly-rent">
            {money(quote.monthlyRentCents)}
          </AmountRow>
          <AmountRow
            label={
              <>
                {t('booking.summary.deposit')}
                {when(quote.depositPaidNow)}
              </>
            }
            testId="fee-deposit"
          >
            {money(quote.depositCents)}
          </AmountRow>
          <AmountRow
            label={
              <>
                {t('booking.summary.applicationFee')}
                {when(byCard)}
              </>
            }
            testId="fee-application"
          >
            {money(quote.applicationFeeCents)}
          </AmountRow>
          <AmountRow label={t('booking.summary.dueNow')} why={t(dueNowWhy)} total testId="fee-due-now">
            {money(quote.dueNowCents)}
          </AmountRow>
          <AmountRow label={t('booking.summary.dueAtSigning')} why={t(dueLaterWhy)} total testId="fee-due-signing">
            {money(quote.dueAtSigningCents)}
          </AmountRow>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t('booking.summary.leaseRent', {
          months: quote.leaseMonths,
          rent: money(quote.monthlyRentCents),
          total: money(quote.leaseRentCents),
        })}
      </Text>
    </Stack>
  );
}
