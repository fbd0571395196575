/**
 * The vendor portal overview's work card (decision 029): the vendor's work orders by
 * state (new, accepted, scheduled, in progress, completed), each a link to the list filtered by
 * it, and the invoices waiting for a decision or a payout. Follows changes live.
 */
import { Anchor, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconClipboardList, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { VENDOR_OVERVIEW_STATUSES } from '../work-order-lists.schemas';
import { useLiveWorkOrders } from './use-live-work-orders';

type Props = { counts: Record<(typeof VENDOR_OVERVIEW_STATUSES)[number], number>; invoices: { submitted: number; approved: number } };

export function VendorWorkOverview({ counts, invoices }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  useLiveWorkOrders();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="vendor-work-title" data-testid="vendor-work-overview">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="xs">
          <IconClipboardList size={20} aria-hidden />
          <Title order={2} size="h4" id="vendor-work-title">
            {t('workOrders.overview.title')}
          </Title>
        </Group>
        <Anchor component={Link} to="/vendor-portal/work-orders" size="sm" fw={600} data-testid="vendor-work-orders-link">
          {t('workOrders.overview.all')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        {VENDOR_OVERVIEW_STATUSES.map((status) => (
          <Anchor
            key={status}
            component={Link}
            to={`/vendor-portal/work-orders?status=${status}`}
            underline="never"
            data-testid={`vendor-count-${status}`}
            data-count={counts[status]}
          >
            <Paper withBorder p="sm" radius="md">
              <Text size="xl" fw={700} c="var(--mantine-color-text)">
                {formatNumber(counts[status], lang)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`workOrders.status.${status}`)}
              </Text>
            </Paper>
          </Anchor>
        ))}
      </SimpleGrid>
      <Group gap="xs" mt="md">
        <IconFileInvoice size={18} aria-hidden />
        <Anchor component={Link} to="/vendor-portal/invoices" size="sm" data-testid="vendor-invoices-link">
          {t('workOrders.overview.invoices', { submitted: invoices.submitted, approved: invoices.approved })}
        </Anchor>
      </Group>
    </Paper>
  );
}
