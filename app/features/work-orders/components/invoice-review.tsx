/**
 * Staff's decision on one invoice (decision 029): approve or reject with a reason
 * while it is submitted; record the payout (method, reference) once approved. Plain forms posting
 * `intent` and `invoiceId` to the page's action (a 303 back without JavaScript, a toast with it).
 */
import { Alert, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { IconCash, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { PAYOUT_METHODS, PAYOUT_REFERENCE_MAX } from '../invoices.schemas';
import { REASON_MAX } from '../work-orders.schemas';
import type { CommandResult, InvoiceSummary, StaffIntent } from '../work-orders.types';
import { useActionResult } from '~/components/forms/use-action-result';
import { IntentForm } from './command-form';
import { WORK_ORDERS_TOAST } from './work-orders-toast';

type Props = { invoice: Pick<InvoiceSummary, 'id' | 'status' | 'number'>; result: CommandResult<StaffIntent> | undefined; action?: string };

export function InvoiceReview({ invoice, result, action }: Props) {
  const { t } = useTranslation();
  const key = String(invoice.id);
  const approve = useActionResult(result, { intent: 'approve-invoice', key, keyField: 'invoiceId', toast: WORK_ORDERS_TOAST });
  const reject = useActionResult(result, { intent: 'reject-invoice', key, keyField: 'invoiceId', toast: WORK_ORDERS_TOAST });
  const pay = useActionResult(result, { intent: 'pay-invoice', key, keyField: 'invoiceId', toast: WORK_ORDERS_TOAST });
  const formError = approve.errors.form ?? reject.errors.form ?? pay.errors.form;
  if (invoice.status !== 'submitted' && invoice.status !== 'approved') return null;
  return (
    <Stack gap="xs" mt="sm" data-testid="invoice-review">
      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      {invoice.status === 'submitted' ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <IntentForm intent="approve-invoice" action={action} formRef={approve.formRef} key={`a${approve.formKey}`}>
            <input type="hidden" name="invoiceId" value={invoice.id} />
            <Button
              type="submit"
              color="teal.9"
              loading={approve.busy}
              leftSection={<IconCheck size={16} aria-hidden />}
              aria-label={t('workOrders.review.approveNamed', { number: invoice.number })}
              data-testid="invoice-approve"
            >
              {t('workOrders.review.approve')}
            </Button>
          </IntentForm>
          <IntentForm
            intent="reject-invoice"
            action={action}
            formRef={reject.formRef}
            key={`r${reject.formKey}`}
            noValidate
            style={{ flex: '1 1 320px' }}
          >
            <input type="hidden" name="invoiceId" value={invoice.id} />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                name="reason"
                label={t('workOrders.review.rejectReason')}
                required
                maxLength={REASON_MAX}
                defaultValue={reject.values.reason}
                error={reject.errors.reason}
                style={{ flex: 1 }}
              />
              <Button
                type="submit"
                color="red.9"
                loading={reject.busy}
                leftSection={<IconX size={16} aria-hidden />}
                data-testid="invoice-reject"
              >
                {t('workOrders.review.reject')}
              </Button>
            </Group>
          </IntentForm>
        </Group>
      ) : (
        <IntentForm intent="pay-invoice" action={action} formRef={pay.formRef} key={`p${pay.formKey}`} noValidate>
          <input type="hidden" name="invoiceId" value={invoice.id} />
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NativeSelect
              name="method"
              label={t('workOrders.review.method')}
              defaultValue={pay.values.method ?? 'bank_transfer'}
              data={PAYOUT_METHODS.map((method) => ({ value: method, label: t(`workOrders.payoutMethod.${method}`) }))}
              error={pay.errors.method}
            />
            <TextInput
              name="reference"
              label={t('workOrders.review.reference')}
              maxLength={PAYOUT_REFERENCE_MAX}
              defaultValue={pay.values.reference}
              error={pay.errors.reference}
              style={{ flex: '1 1 180px' }}
            />
            <Button
              type="submit"
              loading={pay.busy}
              leftSection={<IconCash size={16} aria-hidden />}
              aria-label={t('workOrders.review.payNamed', { number: invoice.number })}
              data-testid="invoice-pay"
            >
              {t('workOrders.review.pay')}
            </Button>
          </Group>
        </IntentForm>
      )}
    </Stack>
  );
}
