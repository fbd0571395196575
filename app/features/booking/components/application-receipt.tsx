/**
 * The receipt on /payment-success (spec §2): the reference, the home, the stay, what was paid
 * (card brand and last 4 only) and what is due at signing, and what happens next.
 */
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Timeline,
  Title,
  Tooltip,
  ActionIcon,
} from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy, IconFileCheck, IconMail, IconSignature, IconUserSearch } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { cardBrandName } from '~/lib/card-brands';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { ApplicationReceipt as Receipt } from '../booking.server';
import { formatCents } from '~/lib/format';
import { AmountRow } from './fee-summary';
import classes from './booking.module.css';
import { ROUND_ICON } from '~/lib/theme';
import { SectionCard } from '~/components/section-card';

export function ApplicationReceipt({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const card = receipt.payments.find((entry) => entry.cardLast4);
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon style={ROUND_ICON} size={48} color="teal" variant="light">
          <IconCircleCheck size={30} aria-hidden />
        </ThemeIcon>
        <Stack gap={4}>
          <Title order={1}>{t('booking.success.title')}</Title>
          <Text c="dimmed">{t('booking.success.subtitle', { title: receipt.propertyTitle })}</Text>
        </Stack>
      </Group>

      <Paper withBorder p="lg">
        <Group justify="space-between" align="center">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('booking.success.reference')}
            </Text>
            <Text fz={28} fw={700} className={classes.reference} data-testid="success-reference">
              {receipt.reference}
            </Text>
          </Stack>
          <CopyButton value={receipt.reference}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('booking.success.copied') : t('booking.success.copy')} withArrow>
                <ActionIcon variant="light" size="lg" onClick={copy} aria-label={t('booking.success.copy')}>
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" mt="xs">
          {t('booking.success.keepReference')}
        </Text>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard titleId="receipt-stay" title={t('booking.success.stayTitle')} titleSize="h4">
          <Stack gap={4}>
            <Text fw={600}>
              <Anchor component={Link} to={`/property/${receipt.propertyId}`} c="inherit" inherit underline="hover">
                {receipt.propertyTitle}
              </Anchor>
            </Text>
            <Text size="sm" c="dimmed">
              {receipt.propertyCity}, {receipt.propertyState}
            </Text>
            <Text size="sm">
              {t('booking.summary.dates', { from: formatIsoDate(receipt.moveIn, lang), to: formatIsoDate(receipt.moveOut, lang) })} ·{' '}
              {t('booking.summary.months', { count: receipt.leaseMonths })}
            </Text>
            <Text size="sm">
              {t('booking.review.adults', { count: receipt.adults })}
              {receipt.children > 0 ? `, ${t('booking.review.children', { count: receipt.children })}` : ''}
            </Text>
          </Stack>
        </SectionCard>

        <SectionCard titleId="receipt-payment" title={t('booking.success.paymentTitle')} titleSize="h4">
          <Table fz="sm" verticalSpacing={4} horizontalSpacing={0} data-testid="success-payments">
            <Table.Tbody>
              {receipt.payments.map((entry, index) => (
                <AmountRow key={`${entry.kind}-${index}`} label={t(`booking.success.kind.${entry.kind}`)}>
                  {money(entry.amountCents)}
                </AmountRow>
              ))}
              <AmountRow label={t('booking.success.paidNow')} total testId="success-paid">
                {money(receipt.paidCents)}
              </AmountRow>
              <AmountRow label={t('booking.summary.dueAtSigning')} testId="success-due-signing">
                {money(receipt.dueAtSigningCents)}
              </AmountRow>
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" mt="xs">
            {card
              ? t('booking.success.paidWith', { brand: cardBrandName(card.cardBrand, t('booking.success.card')), last4: card.cardLast4 })
              : t('booking.success.payAtSigning')}
          </Text>
        </SectionCard>
      </SimpleGrid>

      <SectionCard titleId="receipt-next" title={t('booking.success.nextTitle')} titleSize="h4" titleMb="md">
        <Timeline active={0} bulletSize={28} lineWidth={2}>
          <Timeline.Item bullet={<IconMail size={14} aria-hidden />} title={t('booking.success.next.mail.title')}>
            <Text size="sm" c="dimmed">
              {t('booking.success.next.mail.body', { email: receipt.email })}
            </Text>
          </Timeline.Item>
          <Timeline.Item bullet={<IconUserSearch size={14} aria-hidden />} title={t('booking.success.next.review.title')}>
            <Text size="sm" c="dimmed">
              {t('booking.success.next.review.body')}
            </Text>
          </Timeline.Item>
          <Timeline.Item bullet={<IconFileCheck size={14} aria-hidden />} title={t('booking.success.next.decision.title')}>
            <Text size="sm" c="dimmed">
              {t('booking.success.next.decision.body')}
            </Text>
          </Timeline.Item>
          <Timeline.Item bullet={<IconSignature size={14} aria-hidden />} title={t('booking.success.next.signing.title')}>
            <Text size="sm" c="dimmed">
              {t('booking.success.next.signing.body', { amount: money(receipt.dueAtSigningCents) })}
            </Text>
          </Timeline.Item>
        </Timeline>
      </SectionCard>

      <Alert color="gray" variant="light">
        {t('booking.success.questions')}
      </Alert>
      <Group>
        <Button component={Link} to="/properties">
          {t('booking.success.browse')}
        </Button>
        <Button component={Link} to="/contact" variant="default">
          {t('booking.success.contact')}
        </Button>
      </Group>
    </Stack>
  );
}
