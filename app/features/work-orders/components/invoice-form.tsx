/**
 * The new-invoice form (`/vendor-portal/invoices/new`, decision 029): the work order
 * (one of the vendor's in progress or completed), the invoice number, lines added and removed as
 * needed (kind labour or materials, description, quantity with up to two decimals, unit price in
 * dollars), tax, notes and an optional PDF. The subtotal and total shown while typing are
 * computed with the server's own rules (`readInvoiceForm` + `validateInvoice`); the server
 * computes them again and refuses a negative or fractional-cent line with a message under it.
 * Without JavaScript the form posts three line rows.
 */
import { ActionIcon, Alert, Button, FileInput, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconFileTypePdf, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, useNavigation } from 'react-router';
import { formatCents } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import {
  INVOICE_LINE_KINDS,
  INVOICE_NOTES_MAX,
  INVOICE_NUMBER_MAX,
  LINE_DESCRIPTION_MAX,
  readInvoiceForm,
  validateInvoice,
} from '../invoices.schemas';
import type { InvoiceableWorkOrder, InvoiceFormResult, InvoiceFormValues } from '../work-orders.types';

type Row = InvoiceFormValues['lines'][number] & { key: number };

let nextKey = 1;
const blankRow = (kind = 'labour'): Row => ({ key: nextKey++, kind, description: '', quantity: '1', unitPrice: '' });

/** A line's text fields after its kind, in order: the field, its label, its width, and what else its input takes. */
const LINE_TEXT_FIELDS = [
  { field: 'description', label: 'workOrders.invoice.description', flex: '3 1 220px', input: { maxLength: LINE_DESCRIPTION_MAX } },
  { field: 'quantity', label: 'workOrders.invoice.quantity', flex: '1 1 90px', input: { inputMode: 'decimal' } },
  { field: 'unitPrice', label: 'workOrders.invoice.unitPriceUsd', flex: '1 1 120px', input: { inputMode: 'decimal' } },
] as const;

type Props = {
  workOrders: InvoiceableWorkOrder[];
  selected: string;
  maxLines: number;
  maxPdfMb: number;
  result: InvoiceFormResult | undefined;
};

/** The form's fields as the server reads them, for the totals shown while typing. */
function fieldsOf(rows: Row[], tax: string): Record<string, string> {
  const fields: Record<string, string> = { workOrderId: '1', number: 'x', tax };
  rows.forEach((row, index) => {
    fields[`lines.${index}.kind`] = row.kind;
    fields[`lines.${index}.description`] = row.description || '-';
    fields[`lines.${index}.quantity`] = row.quantity;
    fields[`lines.${index}.unitPrice`] = row.unitPrice;
  });
  return fields;
}

export function InvoiceForm(props: Props) {
  // A new answer from the server starts the form again from its echoed values.
  return <InvoiceFormBody key={props.result ? JSON.stringify(props.result.values) : 'new'} {...props} />;
}

function InvoiceFormBody({ workOrders, selected, maxLines, maxPdfMb, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigation = useNavigation();
  const values = result?.values;
  const errors = result?.errors ?? {};
  const [rows, setRows] = useState<Row[]>(() =>
    values && values.lines.length > 0
      ? values.lines.map((line) => ({ ...line, key: nextKey++ }))
      : [blankRow('labour'), blankRow('materials'), blankRow('materials')],
  );
  const [tax, setTax] = useState(values?.tax ?? '');
  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const filled = rows.filter((row) => row.description.trim() || row.unitPrice.trim());
  const read = readInvoiceForm(fieldsOf(filled, tax));
  const checked = Object.keys(read.errors).length === 0 && filled.length > 0 ? validateInvoice(read.input) : null;
  const totals = checked?.ok ? checked.invoice : null;
  const busy = navigation.state === 'submitting';
  const lineError = (index: number) => errors[`lines.${index}.amount`];
  return (
    <Form method="post" encType="multipart/form-data" noValidate data-testid="invoice-form">
      <Stack gap="md">
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        {Object.keys(errors).length > 0 && (
          <Alert color="red" role="alert" data-testid="invoice-form-error">
            {t('workOrders.invoice.fixErrors')}
          </Alert>
        )}
        <Paper withBorder p="md">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NativeSelect
              name="workOrderId"
              label={t('workOrders.invoice.workOrder')}
              required
              defaultValue={values?.workOrderId ?? selected}
              data={[
                { value: '', label: t('workOrders.invoice.chooseWorkOrder') },
                ...workOrders.map((order) => ({
                  value: String(order.id),
                  label: `#${order.id} · ${order.title} (${t(`workOrders.status.${order.status}`)})`,
                })),
              ]}
              error={errors.workOrderId}
              style={{ flex: '3 1 280px' }}
            />
            <TextInput
              name="number"
              label={t('workOrders.invoice.numberLabel')}
              required
              maxLength={INVOICE_NUMBER_MAX}
              defaultValue={values?.number}
              error={errors.number}
              style={{ flex: '1 1 160px' }}
            />
          </Group>
        </Paper>
        <Paper withBorder p="md" component="fieldset" style={{ border: undefined }}>
          <Title order={2} size="h5" mb="sm" component="legend">
            {t('workOrders.invoice.lines')}
          </Title>
          {errors.lines && (
            <Text c="var(--mantine-color-error)" size="sm" role="alert" mb="xs">
              {errors.lines}
            </Text>
          )}
          <Stack gap="sm">
            {rows.map((row, index) => (
              <div key={row.key} data-testid="invoice-line">
                <Group align="flex-start" gap="xs" wrap="wrap">
                  <NativeSelect
                    name={`lines.${index}.kind`}
                    label={t('workOrders.invoice.kind')}
                    value={row.kind}
                    onChange={(event) => update(row.key, { kind: event.currentTarget.value })}
                    data={INVOICE_LINE_KINDS.map((kind) => ({ value: kind, label: t(`workOrders.lineKind.${kind}`) }))}
                    error={errors[`lines.${index}.kind`]}
                    style={{ flex: '1 1 120px' }}
                  />
                  {LINE_TEXT_FIELDS.map(({ field, label, flex, input }) => (
                    <TextInput
                      key={field}
                      name={`lines.${index}.${field}`}
                      label={t(label)}
                      {...input}
                      value={row[field]}
                      onChange={(event) => update(row.key, { [field]: event.currentTarget.value })}
                      error={errors[`lines.${index}.${field}`]}
                      style={{ flex }}
                    />
                  ))}
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    mt={28}
                    size="lg"
                    aria-label={t('workOrders.invoice.removeLine', { n: index + 1 })}
                    disabled={rows.length <= 1}
                    onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
                {lineError(index) && (
                  <Text c="var(--mantine-color-error)" size="sm" role="alert" data-testid="invoice-line-error">
                    {lineError(index)}
                  </Text>
                )}
              </div>
            ))}
            <Group>
              <Button
                type="button"
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={rows.length >= maxLines}
                onClick={() => setRows((current) => [...current, blankRow('materials')])}
                data-testid="invoice-add-line"
              >
                {t('workOrders.invoice.addLine')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              name="tax"
              label={t('workOrders.invoice.taxUsd')}
              inputMode="decimal"
              value={tax}
              onChange={(event) => setTax(event.currentTarget.value)}
              error={errors.tax}
              style={{ flex: '1 1 140px' }}
            />
            <FileInput
              name="pdf"
              label={t('workOrders.invoice.pdf')}
              description={t('workOrders.invoice.pdfHint', { max: maxPdfMb })}
              placeholder={t('workOrders.invoice.choosePdf')}
              accept="application/pdf,.pdf"
              clearable
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              error={errors.pdf}
              style={{ flex: '2 1 240px' }}
              fileInputProps={{ 'data-testid': 'invoice-pdf-input' } as React.InputHTMLAttributes<HTMLInputElement>}
            />
          </Group>
          <Textarea
            name="notes"
            label={t('workOrders.invoice.notes')}
            maxLength={INVOICE_NOTES_MAX}
            autosize
            minRows={2}
            mt="sm"
            defaultValue={values?.notes}
            error={errors.notes}
          />
          <Stack
            gap={0}
            mt="md"
            align="flex-end"
            aria-live="polite"
            data-testid="invoice-form-totals"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            <Text size="sm">{t('workOrders.invoice.subtotalIs', { amount: totals ? formatCents(totals.subtotalCents, lang) : '—' })}</Text>
            <Text size="sm">{t('workOrders.invoice.taxIs', { amount: totals ? formatCents(totals.taxCents, lang) : '—' })}</Text>
            <Text fw={700} data-testid="invoice-form-total">
              {t('workOrders.invoice.totalIs', { amount: totals ? formatCents(totals.totalCents, lang) : '—' })}
            </Text>
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" loading={busy} data-testid="invoice-submit">
            {t('workOrders.invoice.submit')}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
