/**
 * The application summary (spec §4): lease months, monthly rent, security deposit, application
 * fee, the total due now and the total due at lease signing, each with why. Amounts are cents,
 * shown in the visitor's currency format.
 */
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { FeeQuote } from '../fees';
import { formatCents } from '~/lib/format';
import classes from './booking.module.css';

type Props = { quote: FeeQuote; moveIn: string; moveOut: string };

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
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {t('booking.summary.leaseMonths')}
              <Text size="xs" c="dimmed">
                {t('booking.summary.dates', { from: formatIsoDate(moveIn, lang), to: formatIsoDate(moveOut, lang) })}
              </Text>
            </Table.Th>
            <Table.Td className={classes.amount} data-testid="fee-lease-months">
              {t('booking.summary.months', { count: quote.leaseMonths })}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {t('booking.summary.monthlyRent')}
            </Table.Th>
            <Table.Td className={classes.amount} data-testid="fee-monthly-rent">
              {money(quote.monthlyRentCents)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {t('booking.summary.deposit')}
              {when(quote.depositPaidNow)}
            </Table.Th>
            <Table.Td className={classes.amount} data-testid="fee-deposit">
              {money(quote.depositCents)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {t('booking.summary.applicationFee')}
              {when(byCard)}
            </Table.Th>
            <Table.Td className={classes.amount} data-testid="fee-application">
              {money(quote.applicationFeeCents)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr className={classes.totalRow}>
            <Table.Th scope="row">
              {t('booking.summary.dueNow')}
              <Text size="xs" c="dimmed" fw={400}>
                {t(dueNowWhy)}
              </Text>
            </Table.Th>
            <Table.Td className={classes.amount} data-testid="fee-due-now">
              {money(quote.dueNowCents)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr className={classes.totalRow}>
            <Table.Th scope="row">
              {t('booking.summary.dueAtSigning')}
              <Text size="xs" c="dimmed" fw={400}>
                {t(dueLaterWhy)}
              </Text>
            </Table.Th>
            <Table.Td className={classes.amount} data-testid="fee-due-signing">
              {money(quote.dueAtSigningCents)}
            </Table.Td>
          </Table.Tr>
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
