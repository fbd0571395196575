/**
 * One invoice: number, status, work order, vendor, lines (kind, description, quantity, unit
 * price, amount), subtotal, tax and total in cents, the decision (reason of a rejection), the
 * payout, and a download link to its PDF when there is one (an attachment from a guarded route,
 * never shown inline). `children` holds the staff's review forms.
 */
import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { formatCents, formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { ColumnHeaders } from '~/components/lists/list-table';
import { formatQuantity } from '../invoices.schemas';
import type { InvoiceDetail, InvoiceSummary } from '../work-orders.types';
import { InvoiceStatusBadge } from './badges';

type Props = {
  invoice: InvoiceSummary | InvoiceDetail;
  /** Where the PDF is downloaded (the viewer's own guarded route). */
  pdfHref: string;
  /** The work order's page for this viewer, or null to leave the link out. */
  workOrderHref: string | null;
  showVendor?: boolean;
  children?: ReactNode;
};

export function InvoiceCard({ invoice, pdfHref, workOrderHref, showVendor = false, children }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const lines = 'lines' in invoice ? invoice.lines : null;
  const payout = 'payout' in invoice ? invoice.payout : null;
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-labelledby={`invoice-${invoice.id}-title`}
      data-testid="invoice-card"
      data-invoice={invoice.id}
      data-status={invoice.status}
      id={`invoice-${invoice.id}`}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Title order={3} size="h5" id={`invoice-${invoice.id}-title`}>
          {t('workOrders.invoice.number', { number: invoice.number })}
        </Title>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {workOrderHref ? (
          <Anchor href={workOrderHref} size="sm" underline="always">
            {t('workOrders.invoice.forWorkOrder', { id: invoice.workOrderId, title: invoice.workOrderTitle })}
          </Anchor>
        ) : (
          t('workOrders.invoice.forWorkOrder', { id: invoice.workOrderId, title: invoice.workOrderTitle })
        )}
        {showVendor ? ` · ${invoice.vendorName}` : ''}
        {invoice.buildingName ? ` · ${invoice.buildingName}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {t('workOrders.invoice.submittedAt', { date: formatDateTime(invoice.submittedAt, lang) })}
      </Text>
      {lines && lines.length > 0 && (
        <Table.ScrollContainer minWidth={520} mt="sm">
          <Table verticalSpacing={4} fz="sm" data-testid="invoice-lines">
            <ColumnHeaders
              columns={[
                { label: t('workOrders.invoice.kind') },
                { label: t('workOrders.invoice.description') },
                { label: t('workOrders.invoice.quantity'), align: 'right' },
                { label: t('workOrders.invoice.unitPrice'), align: 'right' },
                { label: t('workOrders.invoice.amount'), align: 'right' },
              ]}
            />
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.position}>
                  <Table.Td>{t(`workOrders.lineKind.${line.kind}`)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.description}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(line.quantityHundredths)}</Table.Td>
                  <Table.Td ta="right">{money(line.unitCents)}</Table.Td>
                  <Table.Td ta="right">{money(line.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap={0} mt="xs" align="flex-end" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Text size="sm">{t('workOrders.invoice.subtotalIs', { amount: money(invoice.subtotalCents) })}</Text>
        <Text size="sm">{t('workOrders.invoice.taxIs', { amount: money(invoice.taxCents) })}</Text>
        <Text size="sm" fw={700} data-testid="invoice-total" data-cents={invoice.totalCents}>
          {t('workOrders.invoice.totalIs', { amount: money(invoice.totalCents) })}
        </Text>
      </Stack>
      {'notes' in invoice && invoice.notes && (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
          {invoice.notes}
        </Text>
      )}
      {invoice.rejectionReason && invoice.status === 'rejected' && (
        <Text size="sm" c="var(--mantine-color-error)" mt="xs" data-testid="invoice-rejection">
          {t('workOrders.invoice.rejectedBecause', { reason: invoice.rejectionReason })}
        </Text>
      )}
      {payout && (
        <Text size="sm" mt="xs" data-testid="invoice-payout">
          {t('workOrders.invoice.paidWith', {
            amount: money(payout.amountCents),
            method: t(`workOrders.payoutMethod.${payout.method}`),
            date: formatDateTime(payout.paidAt, lang),
          })}
          {payout.reference ? ` · ${t('workOrders.invoice.reference', { reference: payout.reference })}` : ''}
        </Text>
      )}
      {invoice.hasPdf && (
        <Anchor
          href={pdfHref}
          download
          size="sm"
          mt="xs"
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4 }}
          data-testid="invoice-pdf"
        >
          <IconFileTypePdf size={16} aria-hidden />
          {t('workOrders.invoice.downloadPdf')}
        </Anchor>
      )}
      {children}
    </Paper>
  );
}
