/**
 * One work order for staff (`/admin/assignments/:id`, `/dashboard/assignments/:id`;
 * decision 029): state, vendor and contact, the job and place, the history, its invoices with
 * approve / reject / pay, and — while it is open — reassign to another vendor (only vendors that
 * may get new work are offered; the server checks again and explains a refusal) or cancel, each
 * with a reason. Follows changes live.
 */
import { Anchor, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconBan } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import type { SubmitButton } from '~/components/icon-button';
import { Link } from 'react-router';
import type { AssignmentDetail as Detail, AssignmentsBase, CommandResult, StaffIntent, VendorChoice } from '../work-orders.types';
import { WorkOrderStatusBadges } from './badges';
import { CommandCard, ReasonField, StackedIntentForm, useCommandResult } from './command-form';
import { InvoiceCard } from './invoice-card';
import { InvoiceReview } from './invoice-review';
import { useLiveWorkOrders } from './use-live-work-orders';
import { DoneNotice, FactsAndHistory, WorkOrderInvoices } from './work-order-detail-parts';

type Props = {
  basePath: AssignmentsBase;
  detail: Detail;
  vendors: VendorChoice[];
  result: CommandResult<StaffIntent> | undefined;
  done: StaffIntent | null;
};

/**
 * A command on an open work order (`reassign`, `cancel`): its card, then a form whose fields
 * (`children`) come before the required reason and the submit button (`submit`: its look); the
 * title and the button's text are the intent's `workOrders.staff.*` texts.
 */
function StaffCommand({
  intent,
  command,
  submit,
  children,
}: {
  intent: 'reassign' | 'cancel';
  command: ReturnType<typeof useCommandResult<StaffIntent>>;
  submit: Omit<ComponentProps<typeof SubmitButton>, 'loading' | 'testId' | 'children'>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <CommandCard
      title={t(`workOrders.staff.${intent}Title`)}
      titleId={`${intent}-title`}
      testId={`${intent}-form`}
      error={command.errors.form}
    >
      <StackedIntentForm
        intent={intent}
        formRef={command.formRef}
        key={command.formKey}
        noValidate
        submit={{ ...submit, loading: command.busy, testId: `${intent}-submit`, children: t(`workOrders.staff.${intent}`) }}
      >
        {children}
        <ReasonField label={t('workOrders.staff.reason')} value={command.values.reason} error={command.errors.reason} />
      </StackedIntentForm>
    </CommandCard>
  );
}

function Reassign({ vendors, result }: { vendors: VendorChoice[]; result: Props['result'] }) {
  const { t } = useTranslation();
  const reassign = useCommandResult(result, 'reassign');
  const eligible = vendors.filter((vendor) => vendor.eligible);
  return (
    <StaffCommand intent="reassign" command={reassign} submit={{ icon: IconArrowsExchange }}>
      <NativeSelect
        name="vendorId"
        label={t('workOrders.staff.newVendor')}
        description={t('workOrders.staff.newVendorHint')}
        required
        defaultValue={reassign.values.vendorId ?? ''}
        data={[
          { value: '', label: t('workOrders.staff.chooseVendor') },
          ...eligible.map((vendor) => ({ value: String(vendor.id), label: vendor.companyName })),
        ]}
        error={reassign.errors.vendorId}
      />
    </StaffCommand>
  );
}

function Cancel({ result }: { result: Props['result'] }) {
  const cancel = useCommandResult(result, 'cancel');
  return <StaffCommand intent="cancel" command={cancel} submit={{ color: 'red.9', icon: IconBan }} />;
}

export function AssignmentDetail({ basePath, detail, vendors, result, done }: Props) {
  const { t } = useTranslation();
  useLiveWorkOrders();
  const requestBase = basePath === '/admin/assignments' ? '/admin/maintenance' : '/dashboard/maintenance';
  return (
    <Stack gap="lg" data-testid="assignment-detail" data-status={detail.status}>
      <WorkOrderStatusBadges status={detail.status} overdue={detail.overdue} size="lg" gap="xs" />
      <DoneNotice done={done} testId="assignment-done" />
      <Paper withBorder p="md" component="section" aria-labelledby="vendor-title">
        <Title order={2} size="h4" id="vendor-title" mb="xs">
          {t('workOrders.staff.vendor')}
        </Title>
        <Text size="sm" fw={600} data-testid="assignment-vendor">
          {detail.vendor.companyName}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {[detail.vendor.contactName, detail.vendor.email, detail.vendor.phone].filter(Boolean).join(' · ')}
        </Text>
        {detail.requestId && (
          <Anchor component={Link} to={`${requestBase}/${detail.requestId}`} size="sm" mt="xs" display="inline-block">
            {t('workOrders.staff.openRequest', { id: detail.requestId })}
          </Anchor>
        )}
      </Paper>
      {detail.open && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Reassign vendors={vendors} result={result} />
          <Cancel result={result} />
        </SimpleGrid>
      )}
      <WorkOrderInvoices titleId="assignment-invoices-title" invoices={detail.invoices}>
        {(invoice) => (
          <InvoiceCard
            key={invoice.id}
            invoice={invoice}
            pdfHref={`${basePath}/invoices/${invoice.id}/pdf`}
            workOrderHref={null}
            showVendor
          >
            <InvoiceReview invoice={invoice} result={result} />
          </InvoiceCard>
        )}
      </WorkOrderInvoices>
      <FactsAndHistory detail={detail} />
    </Stack>
  );
}
