/**
 * Staff's decision on one invoice (decision 029): approve or reject with a reason
 * while it is submitted; record the payout (method, reference) once approved. Plain forms posting
 * `intent` and `invoiceId` to the page's action (a 303 back without JavaScript, a toast with it).
 */
import { Alert, Group, NativeSelect, Stack, TextInput, type GroupProps } from '@mantine/core';
import { IconCash, IconCheck, IconX } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import type { FormProps } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { SubmitButton } from '~/components/icon-button';
import { PAYOUT_METHODS, PAYOUT_REFERENCE_MAX } from '../invoices.schemas';
import { REASON_MAX } from '../work-orders.schemas';
import type { CommandResult, InvoiceSummary, StaffIntent } from '../work-orders.types';
import { useActionResult } from '~/components/forms/use-action-result';
import { IntentForm } from './command-form';
import { WORK_ORDERS_TOAST } from './work-orders-toast';

type Result = CommandResult<StaffIntent> | undefined;
type Props = { invoice: Pick<InvoiceSummary, 'id' | 'status' | 'number'>; result: Result; action?: string };
type InvoiceIntent = 'approve-invoice' | 'reject-invoice' | 'pay-invoice';

/** `useActionResult` for the command `intent` on the invoice `invoiceId` (its forms post it as `invoiceId`). */
function useInvoiceCommand(result: Result, intent: InvoiceIntent, invoiceId: number) {
  return useActionResult(result, { intent, key: String(invoiceId), keyField: 'invoiceId', toast: WORK_ORDERS_TOAST });
}

/**
 * The form of one command on an invoice: it posts `intent` and the hidden `invoiceId` to the
 * page's `action`; its fields (`children`), if any, sit in a row (`wrap`) before the submit button
 * (`submit`: its colour and icon). The button says `workOrders.review.<verb>`, is tested as
 * `invoice-<verb>` and, when `named`, is labelled with the invoice's number
 * (`workOrders.review.<verb>Named`). A fresh form after each success (`command.formKey`).
 */
function InvoiceCommand({
  intent,
  command,
  invoice,
  named,
  submit,
  wrap,
  children,
  ...formProps
}: {
  intent: InvoiceIntent;
  command: ReturnType<typeof useInvoiceCommand>;
  invoice: Props['invoice'];
  named?: boolean;
  submit: Pick<ComponentProps<typeof SubmitButton>, 'color' | 'icon'>;
  wrap?: GroupProps['wrap'];
  children?: ReactNode;
} & Pick<FormProps, 'action' | 'noValidate' | 'style'>) {
  const { t } = useTranslation();
  const verb = intent.replace('-invoice', '');
  const button = (
    <SubmitButton
      {...submit}
      loading={command.busy}
      aria-label={named ? t(`workOrders.review.${verb}Named`, { number: invoice.number }) : undefined}
      testId={`invoice-${verb}`}
    >
      {t(`workOrders.review.${verb}`)}
    </SubmitButton>
  );
  return (
    <IntentForm intent={intent} formRef={command.formRef} key={command.formKey} {...formProps}>
      <input type="hidden" name="invoiceId" value={invoice.id} />
      {children ? (
        <Group align="flex-end" gap="xs" wrap={wrap}>
          {children}
          {button}
        </Group>
      ) : (
        button
      )}
    </IntentForm>
  );
}

export function InvoiceReview({ invoice, result, action }: Props) {
  const { t } = useTranslation();
  const approve = useInvoiceCommand(result, 'approve-invoice', invoice.id);
  const reject = useInvoiceCommand(result, 'reject-invoice', invoice.id);
  const pay = useInvoiceCommand(result, 'pay-invoice', invoice.id);
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
          <InvoiceCommand
            intent="approve-invoice"
            command={approve}
            invoice={invoice}
            named
            action={action}
            submit={{ color: 'teal.9', icon: IconCheck }}
          />
          <InvoiceCommand
            intent="reject-invoice"
            command={reject}
            invoice={invoice}
            action={action}
            noValidate
            style={{ flex: '1 1 320px' }}
            wrap="nowrap"
            submit={{ color: 'red.9', icon: IconX }}
          >
            <TextInput
              name="reason"
              label={t('workOrders.review.rejectReason')}
              required
              maxLength={REASON_MAX}
              defaultValue={reject.values.reason}
              error={reject.errors.reason}
              style={{ flex: 1 }}
            />
          </InvoiceCommand>
        </Group>
      ) : (
        <InvoiceCommand
          intent="pay-invoice"
          command={pay}
          invoice={invoice}
          named
          action={action}
          noValidate
          wrap="wrap"
          submit={{ icon: IconCash }}
        >
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
        </InvoiceCommand>
      )}
    </Stack>
  );
}
